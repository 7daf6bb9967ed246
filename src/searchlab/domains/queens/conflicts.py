"""Min-conflicts local search for n-queens, practical for n = 100,000 in plain Python
with numpy for the row scans.

One queen per column; the state is the row of each column. A step picks a conflicted
queen at random and moves it to a row of its column with the fewest conflicts (ties
broken at random; it may stay). Conflicts are read in O(1) from row and diagonal
counters. The queen is drawn by trying random columns until one is conflicted, and
only when a few dozen tries miss (few queens left in conflict) by listing them all in
O(n): either way each conflicted queen is equally likely, and a random start does not
pay a full scan per step. The start is greedy (a random permutation of rows, each queen
swapped to a row whose diagonals are free while a few random tries find one), which
leaves few conflicts, so few steps are needed; ``init="random"`` starts from random
rows instead.

This is the generic engine behind ``searchlab.domains.queens.repair.repair``; call that.
"""

from __future__ import annotations

import random
from typing import Literal, NamedTuple

import numpy as np
import numpy.typing as npt

Init = Literal["greedy", "random"]
DEFAULT_MAX_STEPS = 100_000
_GREEDY_TRIES = 128  # at n = 100,000 this leaves ~20 conflicted queens (8 left ~12,000)
_SAMPLE_TRIES = 32  # random columns tried before listing the conflicted queens in O(n)


class _Counters:
    """Row, diagonal and anti-diagonal occupancy of a 0-based placement."""

    def __init__(self, n: int, rows: np.ndarray) -> None:
        self.n = n
        self.rows = rows
        cols = np.arange(n)
        self.row = np.bincount(rows, minlength=n).astype(np.int64)
        self.diag = np.bincount(rows - cols + n - 1, minlength=2 * n - 1).astype(np.int64)
        self.anti = np.bincount(rows + cols, minlength=2 * n - 1).astype(np.int64)

    def conflicted(self) -> np.ndarray:
        """The columns whose queen shares a line with another (vectorised, O(n))."""
        rows, n = self.rows, self.n
        cols = np.arange(n)
        lines = self.row[rows] + self.diag[rows - cols + n - 1] + self.anti[rows + cols]
        return np.flatnonzero(lines > 3)

    def is_conflicted(self, col: int) -> bool:
        """Whether the queen of ``col`` shares a line with another, in O(1)."""
        n, row = self.n, int(self.rows[col])
        return bool(self.row[row] + self.diag[row - col + n - 1] + self.anti[row + col] > 3)

    def pick_conflicted(self, rng: random.Random) -> int | None:
        """A conflicted queen's column, each equally likely, or None if none is left.

        Random columns are tried first (O(1) each: uniform over the conflicted ones when
        one is hit); after ``_SAMPLE_TRIES`` misses all conflicted queens are listed."""
        for _ in range(_SAMPLE_TRIES):
            col = rng.randrange(self.n)
            if self.is_conflicted(col):
                return col
        conflicted = self.conflicted()
        if not len(conflicted):
            return None
        return int(conflicted[rng.randrange(len(conflicted))])

    def remove(self, col: int) -> None:
        """Take the queen of ``col`` off the counters (its row stays recorded)."""
        n, row = self.n, int(self.rows[col])
        self.row[row] -= 1
        self.diag[row - col + n - 1] -= 1
        self.anti[row + col] -= 1

    def place(self, col: int, row: int) -> None:
        n = self.n
        self.rows[col] = row
        self.row[row] += 1
        self.diag[row - col + n - 1] += 1
        self.anti[row + col] += 1

    def scores(self, col: int) -> np.ndarray:
        """Conflicts on every row of ``col`` (with its queen removed first)."""
        n = self.n
        return self.row + self.diag[n - 1 - col : 2 * n - 1 - col] + self.anti[col : col + n]


def _greedy_rows(n: int, rng: random.Random) -> np.ndarray:
    """A permutation of rows, each column taking (by a swap) a row whose diagonals are
    still free if one of a few random tries finds one."""
    perm = list(range(n))
    rng.shuffle(perm)
    diag = bytearray(2 * n)
    anti = bytearray(2 * n)
    for col in range(n):
        for _ in range(_GREEDY_TRIES):
            pick = rng.randrange(col, n)
            row = perm[pick]
            if not diag[row - col + n] and not anti[row + col]:
                break
        perm[col], perm[pick] = perm[pick], perm[col]
        row = perm[col]
        diag[row - col + n] = 1
        anti[row + col] = 1
    return np.array(perm, dtype=np.int64)


class GenericRun(NamedTuple):
    """What the generic engine leaves: ``rows[c]`` is the 0-based row of the queen of
    column c (0-based), as the engine works; ``repair`` turns it into the result."""

    rows: npt.NDArray[np.int64]
    steps: int
    initial_conflicted: int
    conflicted: int


def count_conflicted(rows: npt.NDArray[np.int64]) -> int:
    """How many queens share a line with another on the board ``rows`` (0-based row of
    each column): O(n) with numpy, whichever engine left the board."""
    return len(_Counters(len(rows), rows).conflicted())


def min_conflicts_search(n: int, *, seed: int, max_steps: int, init: Init) -> GenericRun:
    """Min-conflicts from a greedy (or random) start, for at most ``max_steps`` moves.

    The engine alone: arguments are checked, and the board verified, by
    ``searchlab.domains.queens.repair.repair``, the one way in."""
    rng = random.Random(seed)
    if init == "greedy":
        rows = _greedy_rows(n, rng)
    else:
        rows = np.array([rng.randrange(n) for _ in range(n)], dtype=np.int64)
    counters = _Counters(n, rows)
    initial_conflicted = len(counters.conflicted())
    steps = 0
    while initial_conflicted and steps < max_steps:
        picked = counters.pick_conflicted(rng)
        if picked is None:
            break
        counters.remove(picked)
        scores = counters.scores(picked)
        best = np.flatnonzero(scores == scores.min())
        counters.place(picked, int(best[rng.randrange(len(best))]))
        steps += 1
    return GenericRun(rows, steps, initial_conflicted, len(counters.conflicted()))
