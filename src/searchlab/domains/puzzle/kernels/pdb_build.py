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

A layer is a scan of the table in rank order, not a queue: a byte a placement holds the
bits of its regions in the layer (``current``) and another those of the next
(``following``); a placement's regions are numbered by their lowest cell (at most eight
on a 4×4 or 5×5 board for the patterns built here), one bit each, and ``seen`` keeps
every region reached. Four bytes a placement with the table (a queue of two layers
peaked near five for 8 tiles), and the scan reads them in order: ranks rise, so a
placement is unranked from the one before it (mostly the last tile's digit), and the
children of the last tiles' moves fall near it; a child's ``seen`` (and, when new,
``following``) is the only access out of order. The layers at the start and the end are
tiny: a layer's scan is bounded by the lowest and the highest rank the one before
reached.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.domains.puzzle.kernels.layout import CELL, WEIGHT
from searchlab.jit import inline, njit

UNSEEN = 255
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


GEOMETRY = "Tuple((int64[::1], uint8[::1], uint16[::1], int64))"
"""The pattern and its board, one argument of ``expand_layer``: the tiles' weights,
the regions' numbers and their cells (``region_numbers``: 4 wide; else empty), the width."""

Geometry = tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8], npt.NDArray[np.uint16], int]


@inline
def nth_cell(free: int, nth: int) -> int:
    """The ``nth`` (from 0) cell of the mask ``free``, counting from the lowest."""
    for _ in range(nth):
        free &= free - 1
    return int(LOWEST[(((free & -free) * DE_BRUIJN) & 0xFFFFFFFF) >> 27])


@njit(
    f"int64({GEOMETRY}, int64, int64, int64, uint8[::1], uint8[::1], uint8[::1], uint64[::1],"
    " uint8[::1], int64[::1])"
)
def expand_layer(
    geometry: Geometry,
    depth: int,
    start: int,
    stop: int,
    dist: npt.NDArray[np.uint8],
    seen: npt.NDArray[np.uint8],
    current: npt.NDArray[np.uint8],
    words: npt.NDArray[np.uint64],
    following: npt.NDArray[np.uint8],
    bounds: npt.NDArray[np.int64],
) -> int:
    """Expand the states of layer ``depth`` whose placements rank in [start, stop)
    (``start`` a multiple of 8): ``current[rank]`` holds the bits of their regions
    (``words``, the same bytes eight at a time, lets the scan skip empty stretches) and
    is cleared as it is read. A placement met here for the first time gets its value in
    ``dist``. Children new to ``seen`` get their region's bit there and in ``following``
    (the next layer), whose written ranks widen ``bounds`` ([lowest, past the highest]).
    Returns how many placements got their value. Without ``region_numbers`` (5 wide)
    the regions are flooded."""
    weights, numbers, regions, width = geometry
    k = weights.shape[0]
    n = width * width
    full = (1 << n) - 1
    bits = 4 if n <= 16 else 5
    cells = np.zeros(k, dtype=np.int64)
    base = np.zeros(k + 1, dtype=np.int64)  # the rank of tiles 0..i-1 where they stand
    taken = np.zeros(k + 1, dtype=np.int64)  # the cells of tiles 0..i-1
    owner = np.full(n, -1, dtype=np.int64)
    view = np.zeros((3, n), dtype=np.int64)  # one pattern, the board as it stands
    view[WEIGHT, :k] = weights
    view[CELL] = np.arange(n)
    steps = np.array([1, -1, width, -width], dtype=np.int64)  # a tile's move: q - p
    sides = np.full(4, full, dtype=np.int64)  # the cells a tile may move from that way
    for row in range(width):
        sides[0] &= ~(1 << (row * width + width - 1))
        sides[1] &= ~(1 << (row * width))
    fresh = np.zeros(8 * k, dtype=np.int64)  # a state's new children and their bits
    known = 0  # how many leading tiles of ``cells`` stand as the last rank placed them
    valued = 0
    low = bounds[0]
    high = bounds[1]
    word = start >> 3
    while word << 3 < stop:
        if words[word] == 0:  # most of a layer's table is not in it
            word += 1
            continue
        for rank in range(word << 3, (word << 3) + 8):
            marks = np.int64(current[rank])
            if marks == 0:
                continue
            current[rank] = 0
            if dist[rank] == UNSEEN:
                dist[rank] = depth
                valued += 1
            # unrank incrementally: ranks rise, so tiles 0..level-1 stay where they were
            # while the rank stays in the block they fix (weights[level - 1] ranks)
            level = known
            while level > 0 and rank >= base[level] + weights[level - 1]:
                level -= 1
            for i in range(level, known):
                owner[cells[i]] = -1
            rest = rank - base[level]
            for i in range(level, k):
                digit = rest // weights[i]
                rest -= digit * weights[i]
                cell = nth_cell(full & ~taken[i], digit)
                cells[i] = cell
                owner[cell] = i
                taken[i + 1] = taken[i] | (1 << cell)
                base[i + 1] = base[i] + digit * weights[i]
            known = k
            occupied = int(taken[k])
            free = full & ~occupied
            while marks:  # each region of this layer, by its number
                number = LOWEST[(((marks & -marks) * DE_BRUIJN) & 0xFFFFFFFF) >> 27]
                marks &= marks - 1
                if regions.shape[0]:
                    region = int(regions[(free << 3) | number])
                else:
                    rest_free = free
                    for _ in range(number):  # the regions below it, lowest cell first
                        rest_free &= ~flood(rest_free & -rest_free, free, width, full)
                    region = flood(rest_free & -rest_free, free, width, full)
                found = 0
                for way in range(4):  # the tiles next to the region, one side at a time
                    step = steps[way]
                    if step > 0:
                        movers = (region >> step) & occupied & sides[way]
                    else:
                        movers = (region << -step) & occupied & sides[way]
                    while movers:
                        mover = movers & -movers
                        movers ^= mover
                        p = LOWEST[((mover * DE_BRUIJN) & 0xFFFFFFFF) >> 27]
                        q = p + step
                        tile = owner[p]
                        if way < 2:  # across: no cell between, only its own digit moves
                            child = rank + step * weights[tile]
                        else:
                            child = rank + rank_step(owner, view, occupied, tile, p, q)
                        child_free = free ^ mover ^ (1 << q)
                        if numbers.shape[0]:
                            bit = 1 << int(numbers[(child_free << bits) | p])
                        else:
                            child_region = flood(mover, child_free, width, full)
                            bit = 1 << region_number(child_region, child_free, width, full)
                        # no branch on whether the child is new (about one in six is,
                        # past any prediction): it is written down either way, and only
                        # the new ones counted
                        was = np.int64(seen[child])
                        seen[child] = np.uint8(was | bit)
                        fresh[found] = child
                        fresh[found + 1] = bit & ~was
                        found += 2 * ((bit & ~was) != 0)
                for j in range(0, found, 2):
                    child = fresh[j]
                    following[child] = np.uint8(np.int64(following[child]) | fresh[j + 1])
                    low = min(low, child)
                    high = max(high, child + 1)
        word += 1
    bounds[0] = low
    bounds[1] = high
    return valued


@njit("int64[:](int64[:], int64[:], int64, int64)")
def seed_goal(
    goal_cells: npt.NDArray[np.int64], weights: npt.NDArray[np.int64], blank_cell: int, width: int
) -> npt.NDArray[np.int64]:
    """The goal placement's rank and the bit of the blank's region: the first layer."""
    k = goal_cells.shape[0]
    n = width * width
    full = (1 << n) - 1
    occupied = 0
    for i in range(k):
        occupied |= 1 << goal_cells[i]
    free = full & ~occupied
    region = flood(1 << blank_cell, free, width, full)
    seed = np.zeros(2, dtype=np.int64)
    seed[0] = rank_of(goal_cells, weights, k)
    seed[1] = 1 << region_number(region, free, width, full)
    return seed


@njit("void(uint8[:], uint16[:])")
def region_numbers(numbers: npt.NDArray[np.uint8], regions: npt.NDArray[np.uint16]) -> None:
    """Fill ``numbers[free << 4 | cell]``: which region of the free cells ``free`` (a
    4×4 mask) holds ``cell``, for every mask (1 MB), and ``regions[free << 3 | number]``:
    that region's cells (1 MB): lookups in place of the floods for each child the build
    generates and each state it expands."""
    for free in range(1 << 16):
        for cell in range(16):
            if (free >> cell) & 1:
                region = flood(1 << cell, free, 4, 0xFFFF)
                number = region_number(region, free, 4, 0xFFFF)
                numbers[(free << 4) | cell] = number
                regions[(free << 3) | number] = region

