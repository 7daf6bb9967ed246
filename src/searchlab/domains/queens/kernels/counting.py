"""Compiled N-queens counting: every completion of a prefix, by the bitboard walk.

The first rows are checked and turned into masks here; the walk below them is the one
the count by symmetry uses too (``walk.py``), with every column allowed on every row
and no test at the leaves.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.domains.queens.kernels.walk import BOUND2, walk
from searchlab.jit import njit


@njit("int64(int64, int64[:])")
def count_completions(n: int, prefix: npt.NDArray[np.int64]) -> int:
    """How many solutions of n-queens start with the queens ``prefix`` (columns of the
    first rows, 0-based); 0 when the prefix already attacks itself."""
    full = (1 << n) - 1
    k = prefix.shape[0]
    board = np.zeros(max(n, k, 1), dtype=np.int64)  # walk() reads n from it when k < n
    cols = 0
    left = 0
    right = 0
    for r in range(k):
        bit = 1 << prefix[r]
        if (cols | left | right) & bit:
            return 0
        board[r] = bit
        cols |= bit
        left = ((left | bit) << 1) & full
        right = (right | bit) >> 1
    if k >= n - 1:  # no row or one left: it has one free square at most
        return 1 if k >= n or full & ~(cols | left | right) else 0
    allow = np.full(n, full, dtype=np.int64)
    rules = np.zeros(5, dtype=np.int64)
    rules[BOUND2] = -1
    return walk(board, allow, k, rules, rules[:0])
