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
  and of the two side columns kept at least as far from their corners (``allow``,
  ``side_rule``, ``last_mask``), and each solution found compared with its rotations
  (``check_rotations``): it is counted only if no rotation is smaller, as 2, 4 or 8.

Rows are bit masks (bit c: column c); a piece's rules become each row's allowed
columns and the walk is the plain count's (``walk.py``); the rotations' test is
``rotations.py``. A piece may start deeper (``prefix``: the columns of its first rows,
which must obey the piece's rules), so a count splits over processes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.domains.queens.kernels.walk import BOUND1, BOUND2, END, SIDE, TOP, side_rule, walk
from searchlab.jit import njit

CORNER = 0
EDGE = 1


@njit("void(int64, int64, int64, int64[:], int64[:])")
def count_classes(
    n: int, kind: int, bound1: int, prefix: npt.NDArray[np.int64], counts: npt.NDArray[np.int64]
) -> None:
    """Add to ``counts`` [classes of 8, of 4, of 2] those of the piece (``kind``,
    ``bound1``) whose first rows are ``prefix`` (columns; at least the first row for an
    edge piece, the first two for a corner piece, at most n - 2 rows)."""
    last = n - 1
    top = 1 << last
    full = (1 << n) - 1
    edge = kind == EDGE
    side = top | 1
    bound2 = n - 1 - bound1 if edge else -1
    end = top >> bound1
    last_mask = top | 1
    for _ in range(bound1 - 1):
        last_mask |= (last_mask >> 1) | (last_mask << 1)
    # the columns each row may take whatever the attacks: a corner piece keeps column 1
    # empty above row bound1; an edge piece both side columns, and its last row's queen
    # as far from the corners as the first row's
    allow = np.full(n, full, dtype=np.int64)
    for y in range(1, min(bound1, last)):
        allow[y] &= ~side if edge else ~2
    if edge:
        allow[last] &= ~last_mask
    board = np.zeros(n, dtype=np.int64)
    left = 0
    down = 0
    right = 0
    k: int = prefix.shape[0]
    given = 1 if edge else 2  # the piece's own first rows
    for y in range(k):
        bit = 1 << prefix[y]
        if y >= given:
            free = allow[y] & ~(left | down | right)
            if y == bound2:
                free = side_rule(free, down, side)
            if not (free & bit):
                return
        board[y] = bit
        left = (left | bit) << 1
        down |= bit
        right = (right | bit) >> 1
    rules = np.zeros(5, dtype=np.int64)
    rules[BOUND1] = bound1
    rules[BOUND2] = bound2
    rules[SIDE] = side
    rules[TOP] = top
    rules[END] = end
    classes = np.zeros(9, dtype=np.int64)  # classes[size]: how many of that size (0: none)
    # an edge piece's solutions are checked into classes; a corner piece's only counted
    found = walk(board, allow, k, rules, classes if edge else classes[:0])
    classes[8] += found  # (read after the walk: it may add to classes[8] itself)
    counts[0] += classes[8]
    counts[1] += classes[4]
    counts[2] += classes[2]
