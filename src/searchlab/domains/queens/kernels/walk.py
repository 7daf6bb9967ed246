"""The bitboard walk both N-queens counters share (every solution, and by class).

A partial placement is three bit masks: the columns taken and the two diagonal
directions, shifted to the next row; row ``y`` may take ``allow[y] & ~(left | down |
right)``. ``allow`` carries a counter's own rules per row (Takaken's forbidden side
columns, the last row's range), so one loop serves the plain count and both kinds of
piece of the count by symmetry (``symmetry.py``).

Why it is written this way (measured on Q(15) and Q(16) against gcc -O2 C):

- an explicit stack, not recursion (numba's on-disk cache of recursive functions is
  unreliable), with one word pushed per row: the free squares left. The masks are
  undone from the row's queen (``board``) instead of saved: ``left`` is never cut to
  the board, so shifting it back restores it, and ``right`` is kept ``n`` bits up, so
  no bit falls off the board's edge before the shift back;
- a child with no free square is never pushed, and the last row's square (at most one:
  every other column is taken) is counted where its parent is placed;
- array indices cast to unsigned: numba wraps a signed index that might be negative,
  a test and a select on every access (13 % of the count by symmetry's time in a trial).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.domains.queens.kernels.rotations import check_rotations
from searchlab.jit import inline, njit


@inline
def side_rule(free: int, down: int, side: int) -> int:
    """Takaken's row ``bound2`` on a side piece: by then a side column must be taken
    (else nothing below leads to a counted solution) and, if only one is, this row
    takes the other."""
    taken = down & side
    if taken == 0:
        return 0
    if taken != side:
        return free & side
    return free


BOUND1, BOUND2, SIDE, TOP, END = range(5)
"""Where a piece's numbers stand in ``rules`` (``symmetry.py`` says what they are; the
plain count has none but ``rules[BOUND2] = -1``: no row with the side rule)."""


@njit("int64(int64[:], int64[:], int64, int64[:], int64[:])")
def walk(
    board: npt.NDArray[np.int64],
    allow: npt.NDArray[np.int64],
    y: int,
    rules: npt.NDArray[np.int64],
    classes: npt.NDArray[np.int64],
) -> int:
    """Every completion of the queens ``board`` holds on the rows above ``y`` (0 ≤ y <
    n - 1): how many there are or, given ``classes`` (a side piece; empty for none),
    each one's class size from ``check_rotations``, added to ``classes[size]`` (0 for
    none), and 0 returned. On row ``rules[BOUND2]`` the side rule applies."""
    n = board.shape[0]
    last = n - 1
    check = classes.shape[0] > 0
    bound1 = rules[BOUND1]
    bound2 = rules[BOUND2]
    side = rules[SIDE]
    top = rules[TOP]
    end = rules[END]
    left = 0
    down = 0
    right = 0
    for row in range(y):
        left = (left | board[row]) << 1
        down |= board[row]
        right = (right | board[row]) >> 1
    s_free = np.empty(n, dtype=np.int64)
    start = y
    free = allow[y] & ~(left | down | right)
    if y == bound2:
        free = side_rule(free, down, side)
    right <<= n
    count = 0
    while True:
        if free == 0:
            if y == start:
                return count
            y -= 1
            bit = board[np.uint64(y)]
            down ^= bit
            left = (left >> 1) ^ bit
            right = (right << 1) ^ (bit << n)
            free = s_free[np.uint64(y)]
            continue
        bit = free & -free
        free ^= bit
        below_left = (left | bit) << 1
        below_down = down | bit
        below_right = (right | (bit << n)) >> 1
        below = allow[np.uint64(y + 1)] & ~(below_left | below_down | (below_right >> n))
        if y + 1 == bound2:
            below = side_rule(below, below_down, side)
        if below == 0:
            continue
        board[np.uint64(y)] = bit
        if y + 1 == last:
            if check:
                board[last] = below
                classes[check_rotations(board, last, bound1, bound2, top, end)] += 1
            else:
                count += 1
            continue
        s_free[np.uint64(y)] = free
        y += 1
        left = below_left
        down = below_down
        right = below_right
        free = below
