"""Compiled N-queens counting with the square's full symmetry (Takaken's method).

The eight symmetries of the board (four rotations, each with or without a reflection)
map solutions to solutions. No solution is its own mirror image (two queens would
share a row, a column or an anti-diagonal), so a class of equivalent solutions has 8
members, or 4 when a half turn leaves it unchanged, or 2 when a quarter turn does.
The search visits about one eighth of the tree and counts each class once, at its
canonical member, by how many members it has:

- **corner** pieces: the first row's queen in the corner (column 0). No such solution
  is symmetric; of the two members of its class with a queen in that corner (it and its
  transpose) the one whose second row's queen comes before the second column's is kept
  (``bound1``: the second row's column; no queen in column 1 above it), and counts 8.
- **edge** pieces: the first row's queen in column ``bound1`` (1 ≤ bound1 <
  n - 1 - bound1, so in the left half and off the corner), the queens of the last row
  and of the two side columns kept at least as far from their corners (``forbid``,
  ``_free``, ``last_mask``), and each solution found compared with its rotations
  (``_check``): it is counted only if no rotation is smaller, as 2, 4 or 8.

Rows are bit masks (bit c: column c), walked with an explicit stack like
``counting.count_completions``. A piece may start deeper (``prefix``: the columns of
its first rows, which must obey the piece's rules), so a count splits over processes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.jit import njit

CORNER = 0
EDGE = 1


@njit("int64(int64[:], int64, int64, int64, int64, int64)")
def _check(
    board: npt.NDArray[np.int64], last: int, bound1: int, bound2: int, top: int, end: int
) -> int:
    """How many members the class of the solution ``board`` (one bit per row) has if
    ``board`` is its canonical member, else 0: compared with its rotations by a quarter
    turn, a half turn and three quarters, row by row as numbers."""
    if board[bound2] == 1:  # a quarter turn may leave it unchanged
        pattern = 2
        own = 1
        while own <= last:
            bit = 1
            you = last
            while board[you] != pattern and board[own] >= bit:
                bit <<= 1
                you -= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            pattern <<= 1
        if own > last:
            return 2
    if board[last] == end:  # a half turn may leave it unchanged
        you = last - 1
        own = 1
        while own <= last:
            bit = 1
            pattern = top
            while pattern != board[you] and board[own] >= bit:
                bit <<= 1
                pattern >>= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            you -= 1
        if own > last:
            return 4
    if board[bound1] == top:  # three quarter turns may give a smaller board
        pattern = top >> 1
        own = 1
        while own <= last:
            bit = 1
            you = 0
            while board[you] != pattern and board[own] >= bit:
                bit <<= 1
                you += 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            pattern >>= 1
    return 8


@njit("int64(int64, int64, int64, int64, int64, boolean, int64)")
def _free(
    full: int, forbid: int, left: int, down: int, right: int, at_bound2: bool, side: int
) -> int:
    """The columns a row may take: free of attack, not forbidden, and on an edge piece's
    row bound2 the side column not taken yet (none at all if neither is)."""
    free = full & ~(left | down | right | forbid)
    if at_bound2:
        taken = down & side
        if taken == 0:
            return 0
        if taken != side:
            free &= side
    return free


@njit("void(int64[:], int64, boolean, int64, int64, int64, int64, int64, int64[:])")
def _count_last(
    board: npt.NDArray[np.int64],
    free: int,
    edge: bool,
    last_mask: int,
    bound1: int,
    bound2: int,
    top: int,
    end: int,
    classes: npt.NDArray[np.int64],
) -> None:
    """A solution ends with the last row's one free square: count its class (a corner
    piece's always has 8; an edge piece's, if canonical, by ``_check``)."""
    if not edge:
        classes[8] += 1
    elif not (free & last_mask):
        last = board.shape[0] - 1
        board[last] = free
        classes[_check(board, last, bound1, bound2, top, end)] += 1


@njit("void(int64, int64, int64, int64[:], int64[:])")
def count_classes(
    n: int, kind: int, bound1: int, prefix: npt.NDArray[np.int64], counts: npt.NDArray[np.int64]
) -> None:
    """Add to ``counts`` [classes of 8, of 4, of 2] those of the piece (``kind``,
    ``bound1``) whose first rows are ``prefix`` (columns; at least the first row for an
    edge piece, the first two for a corner piece)."""
    last = n - 1
    top = 1 << last
    full = (1 << n) - 1
    bound2 = n - 1 - bound1
    side = top | 1
    end = top >> bound1
    last_mask = top | 1
    for _ in range(bound1 - 1):
        last_mask |= (last_mask >> 1) | (last_mask << 1)
    # the columns each row may not take whatever the attacks: a corner piece keeps
    # column 1 empty above row bound1, an edge piece both side columns
    forbid = np.zeros(n, dtype=np.int64)
    for y in range(1 if kind == CORNER else 0, min(bound1, last)):
        forbid[y] = 2 if kind == CORNER else side
    board = np.zeros(n, dtype=np.int64)
    left = 0
    down = 0
    right = 0
    k: int = prefix.shape[0]
    for y in range(k):
        bit = 1 << prefix[y]
        if y >= (2 if kind == CORNER else 1):  # the piece's own first rows are given
            free = _free(full, forbid[y], left, down, right, y == bound2 and kind == EDGE, side)
            if not (free & bit):
                return
        board[y] = bit
        left = ((left | bit) << 1) & full
        down |= bit
        right = (right | bit) >> 1
    s_left = np.zeros(n, dtype=np.int64)
    s_down = np.zeros(n, dtype=np.int64)
    s_right = np.zeros(n, dtype=np.int64)
    s_free = np.zeros(n, dtype=np.int64)
    edge = kind == EDGE
    classes = np.zeros(9, dtype=np.int64)  # classes[size]: how many of that size (0: none)
    if k == last:  # the prefix leaves only the last row: count it here
        free_last = full & ~(left | down | right)
        if free_last:
            _count_last(board, free_last, edge, last_mask, bound1, bound2, top, end, classes)
        counts[0] += classes[8]
        counts[1] += classes[4]
        counts[2] += classes[2]
        return
    y = k
    free = _free(full, forbid[y], left, down, right, edge and y == bound2, side)
    while True:
        if free == 0:
            if y == k:
                break
            y -= 1
            left = s_left[y]
            down = s_down[y]
            right = s_right[y]
            free = s_free[y]
            continue
        bit = free & -free
        free ^= bit
        board[y] = bit
        below_left = ((left | bit) << 1) & full
        below_down = down | bit
        below_right = (right | bit) >> 1
        if y + 1 == last:  # the last row takes no rule but the edge's: no need to go down
            free_last = full & ~(below_left | below_down | below_right)
            if free_last:
                _count_last(board, free_last, edge, last_mask, bound1, bound2, top, end, classes)
            continue
        s_left[y] = left
        s_down[y] = down
        s_right[y] = right
        s_free[y] = free
        y += 1
        left = below_left
        down = below_down
        right = below_right
        free = _free(full, forbid[y], left, down, right, edge and y == bound2, side)
    counts[0] += classes[8]
    counts[1] += classes[4]
    counts[2] += classes[2]
