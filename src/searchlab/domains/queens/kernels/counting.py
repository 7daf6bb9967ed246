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
    depth = n - k
    s_cols = np.zeros(depth, dtype=np.int64)
    s_left = np.zeros(depth, dtype=np.int64)
    s_right = np.zeros(depth, dtype=np.int64)
    s_free = np.zeros(depth, dtype=np.int64)
    s_cols[0] = cols
    s_left[0] = left
    s_right[0] = right
    s_free[0] = full & ~(cols | left | right)
    last = depth - 1
    count = 0
    level = 0
    while level >= 0:
        free = s_free[level]
        if free == 0:
            level -= 1
            continue
        if level == last:
            while free:  # every free square of the last row completes a solution
                free &= free - 1
                count += 1
            level -= 1
            continue
        bit = free & -free
        s_free[level] = free ^ bit
        c = s_cols[level] | bit
        lft = ((s_left[level] | bit) << 1) & full
        rgt = (s_right[level] | bit) >> 1
        level += 1
        s_cols[level] = c
        s_left[level] = lft
        s_right[level] = rgt
        s_free[level] = full & ~(c | lft | rgt)
    return count
