"""Compiled IDA* for the 4×4 and 5×5 sliding-tile puzzles, with an explicit stack.

One kernel serves both boards: its body (``_compiled``) is compiled twice, with the
width a constant (``KERNELS``), so the 4×4 board's rows and columns stay shifts and
masks; ``search`` picks by the board's length.

The heuristic is kept up to date move by move instead of being recomputed:
Manhattan distance changes by ±1 for the one tile that moves; linear conflicts are
recounted only in the two rows (vertical move) or two columns (horizontal move) the
tile leaves and enters; a pattern-database rank changes by ``pdb_build.rank_step``
(one add for a horizontal move, three cells looked at for a vertical one). The inverse of
the previous move is never generated. Moves are numbered as the blank moves:
0 up, 1 down, 2 left, 3 right, and tried in the order the caller gives.

With databases, ``slots`` holds two views of the board (``pdb_build``'s rows GROUP,
WEIGHT and CELL): view 0 says for each tile which table it is read from and its weight
in that table's rank (the blank's group is -1), each cell standing for itself. Under
``REFLECTED_DB`` the board is also read reflected about the diagonal through the
blank's goal (Felner, Korf and Hanan 2004), view 1: a tile's square is mirrored and it
counts, in the reflected board, as the tile whose goal is the mirror of its own (the
same tables read a second time, from group ``len(partition)`` on). Both sums are
admissible, so their maximum is. As in Korf's solver, a child's reflected sum is read
only when its regular sum does not already prune it: most children are pruned, and the
threshold a pruned child offers (its regular f) is a lower bound, which keeps the
search admissible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.domains.puzzle.kernels.layout import (
    CELL,
    GROUP,
    LIMIT_REACHED,
    LINEAR_CONFLICT,
    MAX_DEPTH,
    NOT_FOUND,
    PATTERN_DB,
    REFLECTED_DB,
    WEIGHT,
    Heuristic,
)
from searchlab.domains.puzzle.kernels.pdb_build import rank_step
from searchlab.jit import inline, njit


@inline
def _width(n: int) -> int:
    """The side of a square board of ``n`` cells."""
    width = 1
    while width * width < n:
        width += 1
    return width


@inline
def _distance(a: int, b: int, width: int) -> int:
    return abs(a // width - b // width) + abs(a % width - b % width)


@njit("int64(int64[:], int64[:], int64, boolean)")
def line_conflict(
    board: npt.NDArray[np.int64], goal_cell: npt.NDArray[np.int64], line: int, is_row: bool
) -> int:
    """Twice the fewest tiles to take out of a row (or column) so that the tiles left
    there that belong there are in goal order: the linear-conflict extra moves."""
    width = _width(board.shape[0])
    targets = np.empty(width, dtype=np.int64)
    count = 0
    for j in range(width):
        cell = line * width + j if is_row else j * width + line
        tile = board[cell]
        if tile == 0:
            continue
        g = goal_cell[tile]
        if is_row and g // width == line:
            targets[count] = g % width
            count += 1
        elif not is_row and g % width == line:
            targets[count] = g // width
            count += 1
    # count tiles outside a longest increasing run: at most 5 tiles, so try every subset
    best = 0
    for subset in range(1 << count):
        last = -1
        size = 0
        ok = True
        for j in range(count):
            if (subset >> j) & 1:
                if targets[j] < last:
                    ok = False
                    break
                last = targets[j]
                size += 1
        if ok and size > best:
            best = size
    return 2 * (count - best)


HEURISTIC = "Tuple((int64[::1], int64, uint8[::1], int64[:, :, ::1], int64[::1]))"
"""The heuristic, one argument of the kernel's functions: the goal square of each tile,
the mode, and for databases the tables end to end, the slots and the tables' offsets
(contiguous arrays: numba then indexes the slots' views without strides)."""


@inline
def _change(heuristic: Heuristic, index: npt.NDArray[np.int64], g: int, step: int) -> int:
    """The change in table ``g``'s value when its rank moves by ``step``."""
    tables, offset = heuristic[2], heuristic[4]
    return int(tables[offset[g] + index[g] + step]) - int(tables[offset[g] + index[g]])


@inline
def _ranks(
    board: npt.NDArray[np.int64], view: npt.NDArray[np.int64], index: npt.NDArray[np.int64]
) -> None:
    """Fill ``index`` with the ranks of the tables ``view`` reads, from scratch: a
    tile's digit is its cell (in the view) less the earlier tiles of its pattern on
    lower cells."""
    group, weight, cell_map = view[GROUP], view[WEIGHT], view[CELL]
    n = board.shape[0]
    for cell in range(n):
        if board[cell] != 0:
            index[group[board[cell]]] = 0
    for cell in range(n):
        tile = board[cell]
        if tile == 0:
            continue
        digit = cell_map[cell]
        for other_cell in range(n):
            other = board[other_cell]
            if (
                other != 0
                and group[other] == group[tile]
                and weight[other] > weight[tile]
                and cell_map[other_cell] < cell_map[cell]
            ):
                digit -= 1
        index[group[tile]] += digit * weight[tile]


@njit(f"int64(int64[::1], {HEURISTIC}, int64[::1], int64)")
def evaluate(
    board: npt.NDArray[np.int64], heuristic: Heuristic, index: npt.NDArray[np.int64], mirrored: int
) -> int:
    """The heuristic of ``board`` from scratch (for databases: the regular sum, or the
    reflected one if ``mirrored``, filling that sum's entries of ``index``)."""
    goal_cell, mode, tables, slots, offset = heuristic
    h = 0
    if mode >= PATTERN_DB:  # PATTERN_DB or REFLECTED_DB
        _ranks(board, slots[mirrored], index)
        first = offset.shape[0] // 2 if mirrored else 0
        count = offset.shape[0] // 2 if mode == REFLECTED_DB else offset.shape[0]
        for g in range(first, first + count):
            h += tables[offset[g] + index[g]]
        return h
    n = board.shape[0]
    width = _width(n)
    for cell in range(n):
        tile = board[cell]
        if tile != 0:
            h += _distance(cell, goal_cell[tile], width)
    if mode == LINEAR_CONFLICT:
        for line in range(width):
            h += line_conflict(board, goal_cell, line, True)
            h += line_conflict(board, goal_cell, line, False)
    return h


SEARCH = (
    f"int64(int64[::1], {HEURISTIC}, int64[::1], UniTuple(int64, 2), UniTuple(int64, 2),"
    " int64[::1], int64[::1])"
)

Root = tuple[int, int]
"""Where an iteration's root stands: the moves made to reach it (g), and the last of
them (its inverse is not tried; -1: none)."""
Bounds = tuple[int, int]
"""How far an iteration goes: the threshold on f = g + h, and the nodes it may expand
(0: no limit)."""


def _compiled(width: int) -> Callable[..., int]:
    """One iteration of IDA*, compiled for boards ``width`` wide (``KERNELS``)."""

    @njit(SEARCH)
    def kernel(
        board: npt.NDArray[np.int64],
        heuristic: Heuristic,
        order: npt.NDArray[np.int64],
        root: Root,
        bounds: Bounds,
        moves: npt.NDArray[np.int64],
        counters: npt.NDArray[np.int64],
    ) -> int:
        """One iteration of IDA*: depth-first below ``board``, reached as ``root`` says,
        through the nodes whose f = g + h is within ``bounds``' threshold, trying the
        blank's moves in ``order``. ``board`` itself is expanded without a test (its
        parent tested it).

        Returns the number of moves from ``board`` to the goal (written to ``moves``),
        NOT_FOUND, or LIMIT_REACHED once ``counters[1]`` passes ``bounds``' node limit.
        ``counters`` accumulates [generated, expanded, -, next threshold]: the smallest f
        over the threshold met (1 << 30 if none). ``board`` is left as it was.
        ``width`` is a constant of the code (numba freezes a closure's variables, and its
        cache keys each version by them), so on 4×4 boards the moves' tests and the rows
        and columns fold to shifts and masks.
        """
        g, last_move = root
        threshold, max_expanded = bounds
        goal_cell, mode, _, slots, offset = heuristic
        databases = mode >= PATTERN_DB  # PATTERN_DB or REFLECTED_DB
        reflected = mode == REFLECTED_DB
        index = np.zeros(max(offset.shape[0], 1), dtype=np.int64)
        h0 = evaluate(board, heuristic, index, 0)
        h0_mirror = 0
        if reflected:
            h0_mirror = evaluate(board, heuristic, index, 1)
        n = width * width
        blank = 0
        for cell in range(n):
            if board[cell] == 0:
                blank = cell
        taken = np.zeros(MAX_DEPTH, dtype=np.int64)
        next_dir = np.zeros(MAX_DEPTH, dtype=np.int64)
        blanks = np.zeros(MAX_DEPTH, dtype=np.int64)
        hs = np.zeros(MAX_DEPTH, dtype=np.int64)  # h, or the regular database sum
        hs_mirror = np.zeros(MAX_DEPTH, dtype=np.int64)  # the reflected sum
        steps = np.zeros(MAX_DEPTH, dtype=np.int64)  # each move's change of rank
        mirror_steps = np.zeros(MAX_DEPTH, dtype=np.int64)  # ... on the reflected board
        regular_view, mirror_view = slots[0], slots[1]
        group, mirror_group = regular_view[GROUP], mirror_view[GROUP]
        mirror = mirror_view[CELL]
        same = np.zeros(max(offset.shape[0], 1), dtype=np.int64)  # each table's tiles' cells
        if databases:
            for cell in range(n):
                if board[cell] != 0:
                    same[group[board[cell]]] |= 1 << cell
                    if reflected:
                        same[mirror_group[board[cell]]] |= 1 << mirror[cell]
        step = 0
        mirror_step = 0
        row_lc = np.zeros(width, dtype=np.int64)
        col_lc = np.zeros(width, dtype=np.int64)
        if mode == LINEAR_CONFLICT:
            for line in range(width):
                row_lc[line] = line_conflict(board, goal_cell, line, True)
                col_lc[line] = line_conflict(board, goal_cell, line, False)
        generated = counters[0]
        expanded = counters[1] + 1
        next_threshold = 1 << 30
        ra = 0
        rb = 0
        ca = 0
        cb = 0
        h_mirror = 0
        depth = 0
        next_dir[0] = 0
        blanks[0] = blank
        hs[0] = h0
        hs_mirror[0] = h0_mirror
        found = NOT_FOUND
        while depth >= 0:
            b = blanks[depth]
            if next_dir[depth] == 4:
                if depth == 0:
                    break
                # undo the move that led here: the tile at the previous blank square
                # slides back to where the blank is now
                previous = blanks[depth - 1]
                tile = board[previous]
                board[b] = tile
                board[previous] = 0
                if databases:
                    index[group[tile]] -= steps[depth - 1]
                    same[group[tile]] ^= (1 << b) | (1 << previous)
                    if reflected:
                        index[mirror_group[tile]] -= mirror_steps[depth - 1]
                        same[mirror_group[tile]] ^= (1 << mirror[b]) | (1 << mirror[previous])
                elif mode == LINEAR_CONFLICT:
                    if taken[depth - 1] < 2:
                        row_lc[b // width] = line_conflict(board, goal_cell, b // width, True)
                        line = previous // width
                        row_lc[line] = line_conflict(board, goal_cell, line, True)
                    else:
                        col_lc[b % width] = line_conflict(board, goal_cell, b % width, False)
                        line = previous % width
                        col_lc[line] = line_conflict(board, goal_cell, line, False)
                depth -= 1
                continue
            direction = order[next_dir[depth]]
            next_dir[depth] += 1
            before = taken[depth - 1] if depth > 0 else last_move
            if before >= 0 and (before ^ 1) == direction:
                continue  # the inverse of the move just made
            if direction == 0:
                if b < width:
                    continue
                nb = b - width
            elif direction == 1:
                if b >= n - width:
                    continue
                nb = b + width
            elif direction == 2:
                if b % width == 0:
                    continue
                nb = b - 1
            else:
                if b % width == width - 1:
                    continue
                nb = b + 1
            generated += 1
            tile = board[nb]
            h = hs[depth]
            if databases:
                step = rank_step(board, regular_view, same[group[tile]], tile, nb, b)
                h += _change(heuristic, index, group[tile], step)
                if reflected:
                    h_mirror = 0  # read only if the regular sum does not prune (Korf's way)
                    if g + depth + 1 + h <= threshold:
                        mirror_step = rank_step(
                            board, mirror_view, same[mirror_group[tile]], tile, nb, b
                        )
                        mirror_change = _change(heuristic, index, mirror_group[tile], mirror_step)
                        h_mirror = hs_mirror[depth] + mirror_change
            else:
                target = goal_cell[tile]
                h += _distance(b, target, width) - _distance(nb, target, width)
                if mode == LINEAR_CONFLICT:
                    board[b] = tile
                    board[nb] = 0
                    if direction < 2:
                        h -= row_lc[b // width] + row_lc[nb // width]
                        ra = line_conflict(board, goal_cell, b // width, True)
                        rb = line_conflict(board, goal_cell, nb // width, True)
                        h += ra + rb
                    else:
                        h -= col_lc[b % width] + col_lc[nb % width]
                        ca = line_conflict(board, goal_cell, b % width, False)
                        cb = line_conflict(board, goal_cell, nb % width, False)
                        h += ca + cb
                    board[nb] = tile
                    board[b] = 0
            f = g + depth + 1 + max(h, h_mirror)
            if f > threshold:
                if f < next_threshold:
                    next_threshold = f
                continue
            # make the move
            board[b] = tile
            board[nb] = 0
            if databases:
                index[group[tile]] += step
                steps[depth] = step
                same[group[tile]] ^= (1 << b) | (1 << nb)
                if reflected:
                    index[mirror_group[tile]] += mirror_step
                    mirror_steps[depth] = mirror_step
                    same[mirror_group[tile]] ^= (1 << mirror[b]) | (1 << mirror[nb])
            elif mode == LINEAR_CONFLICT:
                if direction < 2:
                    row_lc[b // width] = ra
                    row_lc[nb // width] = rb
                else:
                    col_lc[b % width] = ca
                    col_lc[nb % width] = cb
            taken[depth] = direction
            depth += 1
            blanks[depth] = nb
            hs[depth] = h
            hs_mirror[depth] = h_mirror
            next_dir[depth] = 0
            if h == 0:
                for d in range(depth):
                    moves[d] = taken[d]
                found = depth
                break
            expanded += 1
            if max_expanded > 0 and expanded > max_expanded:
                found = LIMIT_REACHED
                break
            if depth >= MAX_DEPTH - 1 - g:
                next_dir[depth] = 4
        # put the board back as it was given
        for d in range(depth, 0, -1):
            board[blanks[d]] = board[blanks[d - 1]]
            board[blanks[d - 1]] = 0
        counters[0] = generated
        counters[1] = expanded
        counters[3] = next_threshold
        return found

    return kernel


KERNELS = {16: _compiled(4), 25: _compiled(5)}
"""``search`` compiled for each board the kernel takes, by its number of cells."""


def search(board: npt.NDArray[np.int64], *arguments: Any) -> int:
    """One iteration of IDA* (``_compiled``'s kernel, whose arguments follow the
    board) on a 4×4 or a 5×5 board (16 or 25 cells)."""
    return int(KERNELS[board.shape[0]](board, *arguments))


def ida_star(
    board: npt.NDArray[np.int64],
    heuristic: Heuristic,
    order: npt.NDArray[np.int64],
    *,
    max_expanded: int,
    moves: npt.NDArray[np.int64],
    counters: npt.NDArray[np.int64],
    iteration: Callable[[int, int], None] | None = None,
) -> int:
    """Solve ``board`` (16 or 25 cells, 0 the blank) by iterations of the compiled ``search``
    with growing thresholds (a loop of a few dozen rounds: Python's cost is nil),
    trying the blank's moves in ``order``.

    Returns the number of moves (written to ``moves``), NOT_FOUND, or LIMIT_REACHED
    when more than ``max_expanded`` nodes were expanded (0: no limit). ``counters``
    (4 long) receives [generated, expanded, iterations, -]. ``board`` is left as it was.
    ``iteration(threshold, generated)`` hears after each iteration.
    """
    index = np.zeros(max(heuristic[4].shape[0], 1), dtype=np.int64)
    threshold = int(evaluate(board, heuristic, index, 0))
    counters[:] = 0
    if threshold == 0:
        return 0
    if heuristic[1] == REFLECTED_DB:
        threshold = max(threshold, int(evaluate(board, heuristic, index, 1)))
    while True:
        counters[2] += 1
        found = int(
            search(board, heuristic, order, (0, -1), (threshold, max_expanded), moves, counters)
        )
        if iteration is not None:
            iteration(threshold, int(counters[0]))
        if found != NOT_FOUND:
            return found
        if counters[3] >= 1 << 30:
            return NOT_FOUND
        threshold = int(counters[3])
