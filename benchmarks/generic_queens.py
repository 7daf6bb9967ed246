"""N-queens counted by the generic engine: depth-first backtracking with a constraint.

The readable reference the counting kernel is measured against: states are the
columns of the rows filled so far, every column is offered for the next row, and the
constraint refuses a queen attacked by one already placed (Prolog's generate and test).
"""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.algorithms.uninformed import depth_first_solutions

Columns = tuple[int, ...]


class RowByRow:
    """Place one queen per row, top to bottom."""

    def __init__(self, n: int) -> None:
        self.n = n

    @property
    def initial(self) -> Columns:
        return ()

    def successors(self, state: Columns) -> Iterator[tuple[int, Columns, float]]:
        if len(state) < self.n:
            for column in range(self.n):
                yield column, (*state, column), 1.0

    def is_goal(self, state: Columns) -> bool:
        return len(state) == self.n


def last_queen_safe(state: Columns) -> bool:
    row, column = len(state) - 1, state[-1]
    return all(c != column and abs(c - column) != row - r for r, c in enumerate(state[:-1]))


def count_generic(n: int) -> int:
    return sum(1 for _ in depth_first_solutions(RowByRow(n), constraint=last_queen_safe))
