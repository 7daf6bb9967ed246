"""The document's experiment (Bratko, ch. 12, fig. 12.7): three start positions solved
with Bratko's heuristic under his best-first search, and with manhattan under A*.

For each run it records the length found, the shortest length (A* with manhattan,
which is admissible), and how many expanded states lie off the path returned
(``off_path_run``, which ``searchlab experiment bratko`` uses too): the document
claims none for (a) and (b) and "almost none" for (c).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from searchlab.core.events import Event, Expand
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult
from searchlab.domains.puzzle.board import BRATKO_GOAL, Board, parse_board
from searchlab.domains.puzzle.problem import Move
from searchlab.domains.puzzle.solve import solve

BRATKO_POSITIONS: dict[str, Board] = {
    # (a) is start1 of the book; the text gives only totdist = 4 and seq = 6 for it.
    "a": parse_board("[2/2,1/3,3/2,2/3,3/3,3/1,2/1,1/1,1/2]").tiles,
    "b": parse_board("[2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3]").tiles,
    "c": parse_board("[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]").tiles,
}
"""Fig. 12.7: (a) 4 moves, (b) ``start2`` 5 moves, (c) ``start3`` 18 moves."""

RUNS: tuple[tuple[str, str], ...] = (("bratko", "best-first"), ("manhattan", "astar"))
"""(heuristic, algorithm) pairs the experiment compares."""


@dataclass(frozen=True)
class BratkoRow:
    """One run of the experiment."""

    position: str
    start: Board
    heuristic: str
    algorithm: str
    status: str
    length: int
    shortest: int
    is_shortest: bool
    expanded: int
    generated: int
    off_path: int  # expanded states not on the path returned
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["start"] = list(self.start)
        data["seconds"] = round(self.seconds, 6)
        return data


class _ExpandedStates:
    """Observer keeping the set of states expanded."""

    def __init__(self) -> None:
        self.states: set[Board] = set()

    def __call__(self, event: Event) -> None:
        if isinstance(event, Expand):
            self.states.add(event.state)  # type: ignore[arg-type]


def off_path_run(
    start: Board,
    algorithm: str,
    heuristic: str,
    *,
    goal: Board = BRATKO_GOAL,
    weight: float = 1.0,
    limits: Limits = NO_LIMITS,
) -> tuple[SearchResult[Board, Move], int | None]:
    """One search, and how many of the states it expanded are off the path it returned
    (None when it returned no path): the document's measure of a heuristic's aim.

    The search runs twice, both times the same (every algorithm here is deterministic):
    once bare, whose result and seconds are returned, since an observer slows a search
    down; once watched, to collect the states expanded.
    """
    timed = solve(
        start, goal, algorithm=algorithm, heuristic=heuristic, weight=weight, limits=limits
    )
    expanded = _ExpandedStates()
    watched = solve(
        start,
        goal,
        algorithm=algorithm,
        heuristic=heuristic,
        weight=weight,
        limits=limits,
        observer=expanded,
    )
    if not watched.solved:
        return timed, None
    return timed, len(expanded.states - set(watched.path))


def run_experiment() -> list[BratkoRow]:
    """Run every position with every (heuristic, algorithm) pair of ``RUNS``."""
    rows: list[BratkoRow] = []
    for name, start in BRATKO_POSITIONS.items():
        shortest = int(solve(start, BRATKO_GOAL, algorithm="astar", heuristic="manhattan").cost)
        for heuristic, algorithm in RUNS:
            timed, off_path = off_path_run(start, algorithm, heuristic)
            assert off_path is not None  # solvable positions, searched without limits
            rows.append(
                BratkoRow(
                    position=name,
                    start=start,
                    heuristic=heuristic,
                    algorithm=algorithm,
                    status=str(timed.status),
                    length=len(timed.moves),
                    shortest=shortest,
                    is_shortest=len(timed.moves) == shortest,
                    expanded=timed.stats.expanded,
                    generated=timed.stats.generated,
                    off_path=off_path,
                    seconds=timed.stats.seconds,
                )
            )
    return rows
