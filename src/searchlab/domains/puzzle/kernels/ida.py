"""Compiled IDA* for the 4×4 sliding-tile puzzle, with an explicit stack.

The heuristic is kept up to date move by move instead of being recomputed:
Manhattan distance changes by ±1 for the one tile that moves; linear conflicts are
recounted only in the two rows (vertical move) or two columns (horizontal move) the
tile leaves and enters; a pattern-database index changes by one add. The inverse of
the previous move is never generated. Moves are numbered as the blank moves:
0 up, 1 down, 2 left, 3 right, and tried in the order the caller gives.

With databases, ``slots`` says for each tile which table it is read from and where in
its index (rows GROUP and SHIFT). Under ``REFLECTED_DB`` the board is also read
reflected about the diagonal through the blank's goal (Felner, Korf and Hanan 2004):
a tile's square is mirrored (row MIRROR) and it counts, in the reflected board, as the
tile whose goal is the mirror of its own (rows MIRROR_GROUP and MIRROR_SHIFT, into the
tables of the mirrored patterns). Both sums are admissible, so their maximum is.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.jit import njit

MANHATTAN = 0
LINEAR_CONFLICT = 1
PATTERN_DB = 2
REFLECTED_DB = 3

GROUP = 0
SHIFT = 1
MIRROR_GROUP = 2
MIRROR_SHIFT = 3
MIRROR = 4
SLOT_ROWS = 5

MAX_DEPTH = 128  # no 15-puzzle needs more than 80 moves
NOT_FOUND = -1
LIMIT_REACHED = -2


@njit("int64(int64, int64)")
def _distance(a: int, b: int) -> int:
    return abs((a >> 2) - (b >> 2)) + abs((a & 3) - (b & 3))


@njit("int64(int64[:], int64[:], int64, boolean)")
def line_conflict(
    board: npt.NDArray[np.int64], goal_cell: npt.NDArray[np.int64], line: int, is_row: bool
) -> int:
    """Twice the fewest tiles to take out of a row (or column) so that the tiles left
    there that belong there are in goal order: the linear-conflict extra moves."""
    targets = np.empty(4, dtype=np.int64)
    count = 0
    for j in range(4):
        cell = line * 4 + j if is_row else j * 4 + line
        tile = board[cell]
        if tile == 0:
            continue
        g = goal_cell[tile]
        if is_row and (g >> 2) == line:
            targets[count] = g & 3
            count += 1
        elif not is_row and (g & 3) == line:
            targets[count] = g >> 2
            count += 1
    # count tiles outside a longest increasing run: at most 4 tiles, so try every subset
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


@njit("int64(uint8[:], int64[:, :], int64[:], int64[:], int64, int64, int64, int64)")
def _table_step(
    tables: npt.NDArray[np.uint8],
    slots: npt.NDArray[np.int64],
    offset: npt.NDArray[np.int64],
    index: npt.NDArray[np.int64],
    tile: int,
    source: int,
    target: int,
    mirrored: int,
) -> int:
    """The change in a database sum when ``tile`` slides from ``source`` to
    ``target`` (read reflected if ``mirrored``); ``index`` is not changed."""
    if mirrored:
        g = slots[MIRROR_GROUP, tile]
        step = slots[MIRROR, target] - slots[MIRROR, source]
        moved = index[g] + (step << slots[MIRROR_SHIFT, tile])
    else:
        g = slots[GROUP, tile]
        moved = index[g] + ((target - source) << slots[SHIFT, tile])
    return int(tables[offset[g] + moved]) - int(tables[offset[g] + index[g]])


@njit("void(int64[:, :], int64[:], int64, int64, int64, int64)")
def _move_index(
    slots: npt.NDArray[np.int64],
    index: npt.NDArray[np.int64],
    tile: int,
    source: int,
    target: int,
    mirrored: int,
) -> None:
    """Update the index of ``tile``'s table (or its mirror's) for a slide."""
    if mirrored:
        index[slots[MIRROR_GROUP, tile]] += (
            slots[MIRROR, target] - slots[MIRROR, source]
        ) << slots[MIRROR_SHIFT, tile]
    else:
        index[slots[GROUP, tile]] += (target - source) << slots[SHIFT, tile]


@njit("int64(int64[:], int64[:], int64, uint8[:], int64[:, :], int64[:], int64[:], int64)")
def evaluate(
    board: npt.NDArray[np.int64],
    goal_cell: npt.NDArray[np.int64],
    mode: int,
    tables: npt.NDArray[np.uint8],
    slots: npt.NDArray[np.int64],
    offset: npt.NDArray[np.int64],
    index: npt.NDArray[np.int64],
    mirrored: int,
) -> int:
    """The heuristic of ``board`` from scratch (for databases: the regular sum, or the
    reflected one if ``mirrored``, filling that sum's entries of ``index``)."""
    h = 0
    if mode >= PATTERN_DB:  # PATTERN_DB or REFLECTED_DB
        for cell in range(16):
            tile = board[cell]
            if tile != 0:
                if mirrored:
                    index[slots[MIRROR_GROUP, tile]] = 0
                else:
                    index[slots[GROUP, tile]] = 0
        for cell in range(16):
            tile = board[cell]
            if tile != 0:
                if mirrored:
                    mirrored_cell = slots[MIRROR, cell]
                    index[slots[MIRROR_GROUP, tile]] += mirrored_cell << slots[MIRROR_SHIFT, tile]
                else:
                    index[slots[GROUP, tile]] += cell << slots[SHIFT, tile]
        first = offset.shape[0] // 2 if mirrored else 0
        count = offset.shape[0] // 2 if mode == REFLECTED_DB else offset.shape[0]
        for g in range(first, first + count):
            h += tables[offset[g] + index[g]]
        return h
    for cell in range(16):
        tile = board[cell]
        if tile != 0:
            h += _distance(cell, goal_cell[tile])
    if mode == LINEAR_CONFLICT:
        for line in range(4):
            h += line_conflict(board, goal_cell, line, True)
            h += line_conflict(board, goal_cell, line, False)
    return h


@njit(
    "int64(int64[:], int64[:], int64, uint8[:], int64[:, :], int64[:], int64[:], int64, int64,"
    " int64, int64, int64[:], int64[:])"
)
def search(
    board: npt.NDArray[np.int64],
    goal_cell: npt.NDArray[np.int64],
    mode: int,
    tables: npt.NDArray[np.uint8],
    slots: npt.NDArray[np.int64],
    offset: npt.NDArray[np.int64],
    order: npt.NDArray[np.int64],
    g: int,
    last_move: int,
    threshold: int,
    max_expanded: int,
    moves: npt.NDArray[np.int64],
    counters: npt.NDArray[np.int64],
) -> int:
    """One iteration of IDA*: depth-first below ``board``, reached in ``g`` moves
    (the last one ``last_move``, whose inverse is not tried; -1: none), through the
    nodes whose f = g + h is at most ``threshold``, trying the blank's moves in
    ``order``. ``board`` itself is expanded without a test (its parent tested it).

    Returns the number of moves from ``board`` to the goal (written to ``moves``),
    NOT_FOUND, or LIMIT_REACHED once ``counters[1]`` passes ``max_expanded`` (0: no
    limit). ``counters`` accumulates [generated, expanded, -, next threshold]: the
    smallest f over the threshold met (1 << 30 if none). ``board`` is left as it was.
    """
    databases = mode >= PATTERN_DB  # PATTERN_DB or REFLECTED_DB
    reflected = mode == REFLECTED_DB
    index = np.zeros(max(offset.shape[0], 1), dtype=np.int64)
    h0 = evaluate(board, goal_cell, mode, tables, slots, offset, index, 0)
    h0_mirror = 0
    if reflected:
        h0_mirror = evaluate(board, goal_cell, mode, tables, slots, offset, index, 1)
    blank = 0
    for cell in range(16):
        if board[cell] == 0:
            blank = cell
    taken = np.zeros(MAX_DEPTH, dtype=np.int64)
    next_dir = np.zeros(MAX_DEPTH, dtype=np.int64)
    blanks = np.zeros(MAX_DEPTH, dtype=np.int64)
    hs = np.zeros(MAX_DEPTH, dtype=np.int64)  # h, or the regular database sum
    hs_mirror = np.zeros(MAX_DEPTH, dtype=np.int64)  # the reflected sum
    row_lc = np.zeros(4, dtype=np.int64)
    col_lc = np.zeros(4, dtype=np.int64)
    if mode == LINEAR_CONFLICT:
        for line in range(4):
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
                _move_index(slots, index, tile, previous, b, 0)
                if reflected:
                    _move_index(slots, index, tile, previous, b, 1)
            elif mode == LINEAR_CONFLICT:
                if taken[depth - 1] < 2:
                    row_lc[b >> 2] = line_conflict(board, goal_cell, b >> 2, True)
                    row_lc[previous >> 2] = line_conflict(board, goal_cell, previous >> 2, True)
                else:
                    col_lc[b & 3] = line_conflict(board, goal_cell, b & 3, False)
                    col_lc[previous & 3] = line_conflict(board, goal_cell, previous & 3, False)
            depth -= 1
            continue
        direction = order[next_dir[depth]]
        next_dir[depth] += 1
        before = taken[depth - 1] if depth > 0 else last_move
        if before >= 0 and (before ^ 1) == direction:
            continue  # the inverse of the move just made
        if direction == 0:
            if b < 4:
                continue
            nb = b - 4
        elif direction == 1:
            if b >= 12:
                continue
            nb = b + 4
        elif direction == 2:
            if (b & 3) == 0:
                continue
            nb = b - 1
        else:
            if (b & 3) == 3:
                continue
            nb = b + 1
        generated += 1
        tile = board[nb]
        h = hs[depth]
        if databases:
            h += _table_step(tables, slots, offset, index, tile, nb, b, 0)
            if reflected:
                h_mirror = hs_mirror[depth] + _table_step(
                    tables, slots, offset, index, tile, nb, b, 1
                )
        else:
            target = goal_cell[tile]
            h += _distance(b, target) - _distance(nb, target)
            if mode == LINEAR_CONFLICT:
                board[b] = tile
                board[nb] = 0
                if direction < 2:
                    h -= row_lc[b >> 2] + row_lc[nb >> 2]
                    ra = line_conflict(board, goal_cell, b >> 2, True)
                    rb = line_conflict(board, goal_cell, nb >> 2, True)
                    h += ra + rb
                else:
                    h -= col_lc[b & 3] + col_lc[nb & 3]
                    ca = line_conflict(board, goal_cell, b & 3, False)
                    cb = line_conflict(board, goal_cell, nb & 3, False)
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
            _move_index(slots, index, tile, nb, b, 0)
            if reflected:
                _move_index(slots, index, tile, nb, b, 1)
        elif mode == LINEAR_CONFLICT:
            if direction < 2:
                row_lc[b >> 2] = ra
                row_lc[nb >> 2] = rb
            else:
                col_lc[b & 3] = ca
                col_lc[nb & 3] = cb
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


def ida_star(
    board: npt.NDArray[np.int64],
    *arguments: Any,
    max_expanded: int,
    moves: npt.NDArray[np.int64],
    counters: npt.NDArray[np.int64],
) -> int:
    """Solve ``board`` (16 cells, 0 the blank) by iterations of the compiled ``search``
    with growing thresholds (a loop of a few dozen rounds: Python's cost is nil).
    ``arguments`` are ``search``'s after the board and before ``g``: goal squares,
    mode, tables, slots, offsets, move order.

    Returns the number of moves (written to ``moves``), NOT_FOUND, or LIMIT_REACHED
    when more than ``max_expanded`` nodes were expanded (0: no limit). ``counters``
    (4 long) receives [generated, expanded, iterations, -]. ``board`` is left as it was.
    """
    goal_cell, mode, tables, slots, offset, order = arguments
    index = np.zeros(max(offset.shape[0], 1), dtype=np.int64)
    threshold = int(evaluate(board, goal_cell, mode, tables, slots, offset, index, 0))
    counters[:] = 0
    if threshold == 0:
        return 0
    if mode == REFLECTED_DB:
        mirrored = evaluate(board, goal_cell, mode, tables, slots, offset, index, 1)
        threshold = max(threshold, int(mirrored))
    while True:
        counters[2] += 1
        found = int(
            search(
                board, goal_cell, mode, tables, slots, offset, order,
                0, -1, threshold, max_expanded, moves, counters,
            )
        )
        if found != NOT_FOUND:
            return found
        if counters[3] >= 1 << 30:
            return NOT_FOUND
        threshold = int(counters[3])
