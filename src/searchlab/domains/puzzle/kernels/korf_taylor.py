"""Korf and Taylor's ten 24-puzzle instances (AAAI 1996), with their published optimal
lengths: the benchmark the 24-puzzle's optimal solvers have been measured on since.

Boards are row-major, 0 the blank; the goal is Korf's (``KORF_GOAL_24``: the blank in
the top-left corner, then 1 … 24). Taken from a public reimplementation
(sourcedennis/puzzle24, src/examples.rs) and checked against a second, independent
listing (a bidirectional-search benchmark's ``define_problems24``, whose first ten
problems are these ten, ordered by length, with the same lengths).
"""

from __future__ import annotations

from dataclasses import dataclass

KORF_GOAL_24: tuple[int, ...] = tuple(range(25))
"""The goal of Korf and Taylor's instances: blank top-left, then 1 … 24."""


@dataclass(frozen=True)
class Instance:
    """One instance: its name (Korf and Taylor's number), board and published length."""

    name: str
    board: tuple[int, ...]
    optimal: int


def _instance(name: str, optimal: int, cells: str) -> Instance:
    return Instance(name, tuple(int(cell) for cell in cells.split()), optimal)


KORF_TAYLOR: tuple[Instance, ...] = (
    _instance("1", 100, "17 1 20 9 16 2 22 19 14 5 15 21 0 3 24 23 18 13 12 7 10 8 6 4 11"),
    _instance("2", 95, "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"),
    _instance("3", 108, "7 13 11 22 12 20 1 18 21 5 0 8 14 24 19 9 4 17 16 10 23 15 3 2 6"),
    _instance("4", 98, "18 14 0 9 8 3 7 19 2 15 5 12 1 13 24 23 4 21 10 20 16 22 11 6 17"),
    _instance("5", 101, "2 0 10 19 1 4 16 3 15 20 22 9 6 18 5 13 12 21 8 17 23 11 24 7 14"),
    _instance("6", 96, "16 5 1 12 6 24 17 9 2 22 4 10 13 18 19 20 0 23 7 21 15 11 8 3 14"),
    _instance("7", 104, "21 22 15 9 24 12 16 23 2 8 5 18 17 7 10 14 13 4 0 6 20 11 3 1 19"),
    _instance("8", 97, "6 0 24 14 8 5 21 19 9 17 16 20 10 13 2 15 11 22 1 3 7 23 4 18 12"),
    _instance("9", 113, "3 2 17 0 14 18 22 19 15 20 9 7 10 21 16 6 24 23 8 5 1 4 11 12 13"),
    _instance("10", 114, "23 14 0 24 17 9 20 21 2 18 10 13 22 1 3 11 4 16 6 5 7 12 8 15 19"),
)
"""The ten instances in Korf and Taylor's order."""


def korf_taylor(names: list[str] | None = None, first: int | None = None) -> list[Instance]:
    """The instances named (in the set's order), or the first ``first``, or all ten."""
    if names:
        return [instance for instance in KORF_TAYLOR if instance.name in names]
    return list(KORF_TAYLOR[:first])
