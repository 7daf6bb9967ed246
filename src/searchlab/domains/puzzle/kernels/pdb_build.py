"""Compiled breadth-first search that fills one additive pattern database, ranked.

A pattern is k tiles; an abstract state is where those k tiles stand plus where the
blank stands, and only moves of pattern tiles count (moves of the other tiles are
free), so the tables of disjoint patterns can be added and stay admissible (Korf &
Felner 2002). The blank's free moves are handled by flood fill: a state is a placement
of the tiles and one connected region of the free cells (the blank anywhere in it), so
the search is a plain layered BFS. The stored value for a placement is the depth at
which any of its regions was first reached (the minimum over blank positions).

The index is ranked: the tiles' cells, in tile order, as a k-permutation of the n cells
(n = width², 4 or 5 wide) in lexicographic order, so a table has n!/(n-k)! bytes
(518,918,400 for 8 tiles of the 15-puzzle, where 16**8 sparse entries would be 4.3 G).
Tile i's digit is its cell less the earlier tiles on lower cells; its weight is the
product of the radices after it (``weights``). A move of tile i from p to q changes
the rank by ``rank_step``: only tiles on the cells strictly between p and q matter,
none for a horizontal move, width - 1 cells for a vertical one.

The frontier is a queue of (cells packed ``bits`` apiece, one cell of the region), not
a scan of the table: layers near the start and the end are tiny, and no item has to
be unranked. A placement's regions are numbered by their lowest cell (fewer than eight
on a 4×4 or 5×5 board for the patterns built here), one bit each in ``seen``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.jit import inline, njit

UNSEEN = 255
GROUP = 0
WEIGHT = 1
CELL = 2
"""The rows of a view (``rank_step``): per tile its pattern and weight, per cell its
cell in the table's frame."""
DE_BRUIJN = 0x077CB531
LOWEST = np.array(
    [0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
     31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9],
    dtype=np.int64,
)
"""A single bit's position, read by de Bruijn's multiplication (boards up to 32 cells)."""


@inline
def flood(start: int, free: int, width: int, full: int) -> int:
    """The cells reachable from the cells in ``start`` through ``free`` cells (bit masks)
    on a board ``width`` wide (``full``: every cell)."""
    not_left = full
    not_right = full
    for row in range(width):
        not_left &= ~(1 << (row * width))
        not_right &= ~(1 << (row * width + width - 1))
    region = start
    while True:
        grown = region | (
            (
                ((region << 1) & not_left)
                | ((region >> 1) & not_right)
                | ((region << width) & full)
                | (region >> width)
            )
            & free
        )
        if grown == region:
            return region
        region = grown


@inline
def region_number(region: int, free: int, width: int, full: int) -> int:
    """Which of the free cells' connected regions ``region`` is, counting from the one
    with the lowest cell: the regions met below its lowest cell, one flood each."""
    below = free & ~region & ((region & -region) - 1)
    number = 0
    while below:
        below &= ~flood(below & -below, free, width, full)
        number += 1
    return number


@inline
def rank_step(
    owner: npt.NDArray[np.int64],
    view: npt.NDArray[np.int64],
    same: int,
    tile: int,
    source: int,
    target: int,
) -> int:
    """The change in the rank of ``tile``'s pattern when it moves from cell ``source`` to
    the empty cell ``target``, read through ``view`` (rows GROUP, WEIGHT and CELL: per
    tile its pattern, -1 for none, and its weight, earlier tiles weighing more; per board
    cell its cell in the table's frame, an involution). Its digit moves by the distance
    less the earlier tiles of its pattern passed over, and each later one passed over
    gains or loses one: only the cells strictly between count (none for a horizontal
    move), and of those only the ones in ``same``, the cells (in the table's frame) of
    the tiles of ``tile``'s pattern. The tile on a board cell is ``owner[cell]``."""
    p = view[CELL, source]
    q = view[CELL, target]
    weight = view[WEIGHT, tile]
    change = weight * (q - p)
    passed = same & ((1 << max(p, q)) - (1 << (min(p, q) + 1)))
    step = 1 if q > p else -1
    while passed:
        low = passed & -passed
        passed ^= low
        other = owner[view[CELL, LOWEST[((low * DE_BRUIJN) & 0xFFFFFFFF) >> 27]]]
        if view[WEIGHT, other] > weight:
            change -= step * weight
        else:
            change += step * view[WEIGHT, other]
    return int(change)


@inline
def rank_of(cells: npt.NDArray[np.int64], weights: npt.NDArray[np.int64], k: int) -> int:
    """The rank of a placement (cells in tile order) from scratch."""
    rank = 0
    for i in range(k):
        digit = cells[i]
        for j in range(i):
            if cells[j] < cells[i]:
                digit -= 1
        rank += digit * weights[i]
    return rank


@inline
def _pack(cells: npt.NDArray[np.int64], k: int, bits: int) -> int:
    packed = 0
    for i in range(k):
        packed |= cells[i] << (bits * i)
    return packed


GEOMETRY = "Tuple((int64[::1], int64[::1], uint8[::1], int64))"
"""The pattern and its board, one argument of ``expand``: the tiles' weights, each
cell's neighbours (a mask), ``region_numbers`` (4 wide; else empty), the width."""

Geometry = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.uint8], int]


@njit(f"void({GEOMETRY}, int64, uint8[::1], uint8[::1], uint64[::1], uint64[::1], int64[::1])")
def expand(
    geometry: Geometry,
    depth: int,
    dist: npt.NDArray[np.uint8],
    seen: npt.NDArray[np.uint8],
    items: npt.NDArray[np.uint64],
    following: npt.NDArray[np.uint64],
    out: npt.NDArray[np.int64],
) -> None:
    """Expand the items of one layer (``depth``) from ``out[0]`` on, writing the new
    ones (depth + 1) to ``following`` from ``out[1]`` on until it has no room for a
    whole item's children; ``out`` is left at [items read, items written, placements
    given their first value here]. Without ``region_numbers`` (5 wide) the regions are
    flooded."""
    weights, neighbours, numbers, width = geometry
    k = weights.shape[0]
    n = width * width
    full = (1 << n) - 1
    bits = 4 if n <= 16 else 5
    field = (1 << bits) - 1
    cells = np.zeros(k, dtype=np.int64)
    owner = np.full(n, -1, dtype=np.int64)
    view = np.zeros((3, n), dtype=np.int64)  # one pattern, the board as it stands
    view[WEIGHT, :k] = weights
    view[CELL] = np.arange(n)
    read = out[0]
    written = out[1]
    valued = 0
    room = following.shape[0] - 4 * k
    while read < items.shape[0] and written <= room:
        item = np.int64(items[read])
        read += 1
        occupied = 0
        for i in range(k):
            cells[i] = (item >> (bits * i)) & field
            occupied |= 1 << cells[i]
            owner[cells[i]] = i
        free = full & ~occupied
        region = flood(1 << ((item >> (bits * k)) & field), free, width, full)
        rank = rank_of(cells, weights, k)
        for i in range(k):
            p = cells[i]
            targets = neighbours[p] & region
            while targets:  # one pass per child: a loop over directions mispredicts
                low = targets & -targets
                targets ^= low
                q = LOWEST[((low * DE_BRUIJN) & 0xFFFFFFFF) >> 27]
                child = rank + rank_step(owner, view, occupied, i, p, q)
                child_free = free ^ (1 << p) ^ (1 << q)
                if numbers.shape[0]:
                    bit = 1 << int(numbers[(child_free << bits) | p])
                else:
                    child_region = flood(1 << p, child_free, width, full)
                    bit = 1 << region_number(child_region, child_free, width, full)
                marks = np.int64(seen[child])
                if marks & bit:
                    continue
                seen[child] = np.uint8(marks | bit)
                if marks == 0:
                    dist[child] = depth + 1
                    valued += 1
                cells[i] = q
                following[written] = _pack(cells, k, bits) | (p << (bits * k))
                written += 1
                cells[i] = p
        for i in range(k):
            owner[cells[i]] = -1
    out[0] = read
    out[1] = written
    out[2] = valued


@njit("int64[:](int64[:], int64[:], int64, int64)")
def seed_goal(
    goal_cells: npt.NDArray[np.int64], weights: npt.NDArray[np.int64], blank_cell: int, width: int
) -> npt.NDArray[np.int64]:
    """The goal placement's rank, the bit of the blank's region (depth 0), and the first
    layer's one item (the goal's cells packed, and the blank's cell)."""
    k = goal_cells.shape[0]
    n = width * width
    full = (1 << n) - 1
    bits = 4 if n <= 16 else 5
    occupied = 0
    for i in range(k):
        occupied |= 1 << goal_cells[i]
    free = full & ~occupied
    region = flood(1 << blank_cell, free, width, full)
    seed = np.zeros(3, dtype=np.int64)
    seed[0] = rank_of(goal_cells, weights, k)
    seed[1] = 1 << region_number(region, free, width, full)
    seed[2] = _pack(goal_cells, k, bits) | (blank_cell << (bits * k))
    return seed


@njit("void(uint8[:])")
def region_numbers(numbers: npt.NDArray[np.uint8]) -> None:
    """Fill ``numbers[free << 4 | cell]``: which region of the free cells ``free`` (a
    4×4 mask) holds ``cell``, for every mask (1 MB): a lookup in place of two floods
    for each child the build generates."""
    for free in range(1 << 16):
        for cell in range(16):
            if (free >> cell) & 1:
                region = flood(1 << cell, free, 4, 0xFFFF)
                numbers[(free << 4) | cell] = region_number(region, free, 4, 0xFFFF)


def weights_for(k: int, cells: int) -> npt.NDArray[np.int64]:
    """Each tile's weight in the rank: the product of the radices (cells, cells - 1,
    …) of the tiles after it."""
    weights = np.ones(k, dtype=np.int64)
    for i in range(k - 2, -1, -1):
        weights[i] = weights[i + 1] * (cells - i - 1)
    return weights


def neighbours_for(width: int) -> npt.NDArray[np.int64]:
    """Each cell's orthogonal neighbours as a bit mask."""
    masks = np.zeros(width * width, dtype=np.int64)
    for cell in range(width * width):
        row, col = divmod(cell, width)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < width and 0 <= c < width:
                masks[cell] |= 1 << (r * width + c)
    return masks
