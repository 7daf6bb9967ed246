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
- a child with no free square is never pushed, and the last two rows are settled by
  bits where their parent (row n - 3) is placed: two columns are left, so at most two
  ways to finish, each a test of two bits (the leaves dominate the tree);
- forward checking on the last three rows: a child is not pushed if any of them is
  already closed by the queens placed so far. In a model of the tree it cuts a fifth
  to two fifths of the nodes (n = 12); measured with the leaves by bits, Q(16) counts
  ran 5-25 % faster by mirror and about even (-2 % to +17 %) by symmetry, on a shared
  machine. Checking more rows, or whether a side piece's empty side columns can still
  be filled by row ``bound2``, cut more nodes and ran slower;
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


@inline
def _last_row(
    board: npt.NDArray[np.int64],
    allow: npt.NDArray[np.int64],
    left: int,
    down: int,
    right: int,
    free: int,
    rules: npt.NDArray[np.int64],
    classes: npt.NDArray[np.int64],
) -> int:
    """``walk`` from the row before last (``free``: its free squares)."""
    last = board.shape[0] - 1
    count = 0
    while free:
        bit = free & -free
        free ^= bit
        below = allow[last] & ~(((left | bit) << 1) | down | bit | ((right | bit) >> 1))
        if below == 0:
            continue
        board[last - 1] = bit
        if classes.shape[0] > 0:
            board[last] = below
            bound1 = rules[BOUND1]
            bound2 = rules[BOUND2]
            classes[check_rotations(board, last, bound1, bound2, rules[TOP], rules[END])] += 1
        else:
            count += 1
    return count


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
    if y == last - 1:  # a piece given every row but one: its last row by hand
        return _last_row(board, allow, left, down, right, free, rules, classes)
    right <<= n
    full = (1 << n) - 1
    # the allowed columns of the last three rows, for the forward check below
    allow_last = allow[last]
    allow_last1 = allow[last - 1]
    allow_last2 = allow[last - 2]
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
        if y + 2 == last:
            # the last two rows by bits: two columns are left, and each of the (at most
            # two) ways to put them is a solution if neither queen is attacked
            rest = full & ~below_down
            low = rest & -rest
            high = rest ^ low
            if high == low << 1:  # neighbours: the two queens would attack each other
                continue
            open_last = allow_last & ~((below_left << 1) | (below_right >> (n + 1)))
            low_high = (below & low) != 0 and (open_last & high) != 0
            high_low = (below & high) != 0 and (open_last & low) != 0
            if not check:
                count += low_high + high_low
            elif low_high or high_low:  # rare: a call per solution, not per node
                board[np.uint64(y)] = bit
                if low_high:
                    board[last - 1] = low
                    board[last] = high
                    classes[check_rotations(board, last, bound1, bound2, top, end)] += 1
                if high_low:
                    board[last - 1] = high
                    board[last] = low
                    classes[check_rotations(board, last, bound1, bound2, top, end)] += 1
            continue
        # forward check: a child whose last three rows do not each keep a square open
        # (to the queens placed so far) is not pushed; k rows separate it from the last
        k = last - y - 1
        attack_left = below_left
        attack_right = below_right >> n
        if (
            (allow_last & ~(below_down | (attack_left << k) | (attack_right >> k))) == 0
            or (allow_last1 & ~(below_down | (attack_left << (k - 1)) | (attack_right >> (k - 1))))
            == 0
            or (allow_last2 & ~(below_down | (attack_left << (k - 2)) | (attack_right >> (k - 2))))
            == 0
        ):
            continue
        board[np.uint64(y)] = bit
        s_free[np.uint64(y)] = free
        y += 1
        left = below_left
        down = below_down
        right = below_right
        free = below
