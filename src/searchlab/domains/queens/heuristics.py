"""Seed 000's heuristics, and the textbook's, counted in O(n) with line counters.

Two distinct squares share at most one line (row, column, diagonal, anti-diagonal),
so the attacking pairs are exactly the sum over lines of C(k, 2) for the k queens on
each: no pairwise loop. As in the seed, a queen attacks another on a shared line
whether or not a third stands between them.
"""

from __future__ import annotations

from collections.abc import Callable

from searchlab.core.registry import Registry
from searchlab.domains.queens.board import Queens

QueensHeuristic = Callable[[Queens], int]


def line_counts(queens: Queens) -> tuple[list[int], list[int], list[int], list[int]]:
    """How many queens stand on each row, column, diagonal (r - c) and anti-diagonal
    (r + c). Squares must lie in 1..len(queens), as on every Board."""
    n = len(queens)
    rows = [0] * (n + 1)
    cols = [0] * (n + 1)
    diag = [0] * (2 * n + 1)
    anti = [0] * (2 * n + 1)
    for row, col in queens:
        rows[row] += 1
        cols[col] += 1
        diag[row - col + n] += 1
        anti[row + col] += 1
    return rows, cols, diag, anti


def attacking_pairs(queens: Queens) -> int:
    """The textbook's h: pairs of queens that attack each other."""
    total = 0
    for counts in line_counts(queens):
        for k in counts:
            if k > 1:
                total += k * (k - 1) // 2
    return total


def attacks(queens: Queens) -> int:
    """Seed's h2: for each queen, the number of queens it attacks, summed (2 × pairs)."""
    return 2 * attacking_pairs(queens)


def attackers(queens: Queens) -> int:
    """Seed's h1: how many queens attack at least one other queen."""
    n = len(queens)
    rows, cols, diag, anti = line_counts(queens)
    return sum(
        1
        for row, col in queens
        if rows[row] > 1 or cols[col] > 1 or diag[row - col + n] > 1 or anti[row + col] > 1
    )


def is_solution(queens: Queens) -> bool:
    """No two queens attack each other."""
    return attacking_pairs(queens) == 0


HEURISTICS: Registry[QueensHeuristic] = Registry("heuristic")
HEURISTICS.add("attackers", attackers, "h1")
HEURISTICS.add("attacks", attacks, "h2")
HEURISTICS.add("pairs", attacking_pairs)

HEURISTIC_SUMMARIES: dict[str, str] = {
    "attackers": "seed's h1: queens attacking at least one other",
    "attacks": "seed's h2: attacks summed over queens (each pair twice)",
    "pairs": "attacking pairs (the textbook's h)",
}
