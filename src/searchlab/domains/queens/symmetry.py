"""The square's eight symmetries on N-queens solutions, and counts by class.

A solution is the column of each row's queen (0-based). The four rotations, each with or
without a mirror, map solutions to solutions; equivalent solutions form a class of 8,
4 or 2 (1 on the 1×1 board). ``ClassCount`` holds a count by class size; the compiled
counter (``kernels.count_classes``) finds one on an eighth of the tree, and
``classes_of_solutions`` by looking at every solution (the reference it is checked
against).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Columns = tuple[int, ...]


def images(columns: Sequence[int]) -> set[Columns]:
    """The solution's images under the eight symmetries (itself included)."""
    n = len(columns)
    board = tuple(columns)
    found: set[Columns] = set()
    for _ in range(4):
        found.add(board)
        found.add(tuple(n - 1 - c for c in board))  # the mirror image
        turned = [0] * n  # a quarter turn: the queen at (r, c) goes to (c, n-1-r)
        for row, col in enumerate(board):
            turned[col] = n - 1 - row
        board = tuple(turned)
    return found


@dataclass(frozen=True)
class ClassCount:
    """The solutions of n-queens by their classes under the eight symmetries:
    ``classes_of[size]`` classes have ``size`` members (8: no symmetry; 4: a half turn
    leaves them unchanged; 2: a quarter turn does)."""

    n: int
    classes_of: dict[int, int]

    @property
    def unique(self) -> int:
        """The essentially different solutions (OEIS A002562)."""
        return sum(self.classes_of.values())

    @property
    def total(self) -> int:
        """Every solution (OEIS A000170)."""
        return sum(size * count for size, count in self.classes_of.items())

    def describe(self) -> str:
        """``11 classes of 8, 1 class of 4``: the sizes that occur, largest first."""
        return ", ".join(
            f"{count:,} {'class' if count == 1 else 'classes'} of {size}"
            for size, count in sorted(self.classes_of.items(), reverse=True)
            if count
        )


def classes_of_solutions(n: int, solutions: Iterable[Sequence[int]]) -> ClassCount:
    """Count ``solutions`` (every solution of n-queens) by class: each class is counted
    once, at its smallest member."""
    sizes: Counter[int] = Counter()
    for columns in solutions:
        members = images(columns)
        if tuple(columns) == min(members):
            sizes[len(members)] += 1
    return ClassCount(n, {size: sizes[size] for size in (8, 4, 2, 1)})
