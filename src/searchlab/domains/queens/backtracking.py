"""Seed 002's backtracking, on the engine's generic depth-first search.

A state is the tuple of 1-based columns of rows 1..k; a successor places the queen of
row k+1, trying columns 1..n in increasing order, so solutions come in lexicographic
order. The safety test is the search's ``constraint``: every square tried is a
Generate event, an unsafe one then a Prune(reason="constraint"), a retreat a
Backtrack, and every Expand a stable configuration (all placed queens safe).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from searchlab.algorithms.uninformed import Solutions, depth_first_solutions
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult
from searchlab.domains.queens.symmetry import ClassCount, classes_of_solutions

Columns = tuple[int, ...]


@dataclass(frozen=True)
class PlacementProblem:
    """Queens placed row by row; the move is the column given to the new row.

    Every column is a successor (the seed's generate-and-test: depth-first search then
    refuses the attacked ones through its constraint, and the refusals are events);
    with ``safe_only`` only the squares no placed queen attacks are, so that any other
    systematic search (breadth-first, iterative deepening) finds exactly the solutions.
    """

    n: int
    safe_only: bool = False

    @property
    def initial(self) -> Columns:
        return ()

    def successors(self, state: Columns) -> Iterator[tuple[int, Columns, float]]:
        for col in range(1, self.n + 1):
            placed = (*state, col)
            if not self.safe_only or last_queen_safe(placed):
                yield col, placed, 1.0

    def is_goal(self, state: Columns) -> bool:
        return len(state) == self.n


def last_queen_safe(state: Columns) -> bool:
    """Whether the queen just placed (the last row) is attacked by none above it
    (the document's ``noattack/3``, with its intended ``=\\=`` tests)."""
    row = len(state)
    col = state[-1]
    for other_row, other_col in enumerate(state[:-1], start=1):
        distance = row - other_row
        if other_col == col or other_col - col == distance or col - other_col == distance:
            return False
    return True


def _check_n(n: int) -> None:
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")


def solutions(
    n: int, *, limits: Limits = NO_LIMITS, observer: Observer | None = None
) -> Solutions[Columns, int]:
    """Every solution of n-queens, lazily and in lexicographic order of the columns;
    ``next()`` computes nothing past the solution it returns."""
    _check_n(n)
    return depth_first_solutions(
        PlacementProblem(n), constraint=last_queen_safe, limits=limits, observer=observer
    )


def solution_columns(found: Iterable[SearchResult[Columns, int]]) -> Iterator[tuple[int, ...]]:
    """The 0-based columns of each solution a stream of ``solutions(n)`` finds."""
    for result in found:
        yield tuple(column - 1 for column in result.path[-1])


def count_classes_generic(n: int) -> ClassCount:
    """Every solution by the generic backtracking, counted by class under the board's
    symmetries (each compared with its eight images: the compiled counter's reference)."""
    _check_n(n)
    return classes_of_solutions(n, solution_columns(solutions(n)))


def count_solutions_generic(n: int) -> int:
    """How many solutions n-queens has, by running the generic backtracking to the end
    (the reference a faster counting engine is checked against)."""
    _check_n(n)
    return sum(1 for _ in solutions(n))
