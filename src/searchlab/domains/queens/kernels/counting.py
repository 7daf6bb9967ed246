"""Compiled N-queens counting: bitboards walked with an explicit stack.

A partial placement is three bit masks (columns taken, and the two diagonal directions
shifted to the next row); the squares free in the next row are ``~(cols | left | right)``.
The walk keeps one frame per row in small arrays instead of recursing (numba's on-disk
cache of recursive functions is unreliable) and counts the last row's free squares in
one step instead of placing them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.jit import njit


@njit("int64(int64)")
def _bits(x: int) -> int:
    """Population count (the last row's free squares are few: a short loop)."""
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit("int64(int64, int64[:])")
def count_completions(n: int, prefix: npt.NDArray[np.int64]) -> int:
    """How many solutions of n-queens start with the queens ``prefix`` (columns of the
    first rows, 0-based); 0 when the prefix already attacks itself."""
    full = (1 << n) - 1
    cols = 0
    left = 0
    right = 0
    k = prefix.shape[0]
    for r in range(k):
        bit = 1 << prefix[r]
        if (cols | left | right) & bit:
            return 0
        cols |= bit
        left = ((left | bit) << 1) & full
        right = (right | bit) >> 1
    if k >= n:
        return 1
    free = full & ~(cols | left | right)
    depth = n - k
    if depth == 1:
        return _bits(free)
    # the current row lives in locals; a frame is saved only when going one row deeper
    s_cols = np.zeros(depth, dtype=np.int64)
    s_left = np.zeros(depth, dtype=np.int64)
    s_right = np.zeros(depth, dtype=np.int64)
    s_free = np.zeros(depth, dtype=np.int64)
    before_last = depth - 2  # from this row, the next one is the last: count, do not place
    count = 0
    level = 0
    while True:
        if free == 0:
            if level == 0:
                return count
            level -= 1
            cols = s_cols[level]
            left = s_left[level]
            right = s_right[level]
            free = s_free[level]
            continue
        bit = free & -free
        free ^= bit
        c = cols | bit
        lft = ((left | bit) << 1) & full
        rgt = (right | bit) >> 1
        following = full & ~(c | lft | rgt)
        if level == before_last:
            count += _bits(following)
            continue
        if following == 0:
            continue
        s_cols[level] = cols
        s_left[level] = left
        s_right[level] = right
        s_free[level] = free
        level += 1
        cols = c
        left = lft
        right = rgt
        free = following
