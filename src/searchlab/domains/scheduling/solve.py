"""From a search path to a schedule: which task runs on which processor, and when."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from searchlab.algorithms.registry import ALGORITHMS, run_algorithm
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult
from searchlab.domains.scheduling.model import Instance, Number
from searchlab.domains.scheduling.problem import Move, SchedulingProblem, State

COST_OPTIMAL = frozenset({"astar", "best-first", "ida", "rbfs", "uniform-cost"})
"""Algorithms that return a cheapest path here (breadth-first counts moves, not time)."""


@dataclass(frozen=True)
class Slot:
    """A task placed on a processor from ``start`` to ``end``."""

    task: str
    start: Number
    end: Number

    def to_dict(self) -> dict[str, object]:
        return {"task": self.task, "start": self.start, "end": self.end}


@dataclass(frozen=True)
class Schedule:
    """Per processor, its tasks in time order; and the time the last one ends.

    ``processors`` has one row per processor the search used; ``idle`` more processors
    (those beyond the number of tasks) stay idle throughout and have no row, so that a
    million processors do not print a million empty rows.
    """

    finishing_time: Number
    processors: tuple[tuple[Slot, ...], ...]
    idle: int = 0

    def slots(self) -> list[Slot]:
        return [slot for row in self.processors for slot in row]

    def to_dict(self) -> dict[str, Any]:
        return {
            "finishing_time": self.finishing_time,
            "processors": [[slot.to_dict() for slot in row] for row in self.processors],
            "idle_processors": self.idle,
        }


def schedule_from_moves(processors: int, moves: tuple[Move, ...], idle: int = 0) -> Schedule:
    """Replay the moves on numbered processors: each move acts on the processor that
    frees first (the lowest-numbered among equals), exactly as the state space does.
    ``idle``: processors beyond these, unused (see ``Schedule``)."""
    frees_at: list[Number] = [0] * processors
    rows: list[list[Slot]] = [[] for _ in range(processors)]
    for move in moves:
        first = min(range(processors), key=lambda p: (frees_at[p], p))
        if move.task is not None:
            rows[first].append(Slot(move.task, move.start, move.end))
        frees_at[first] = move.end
    finishing = max((row[-1].end for row in rows if row), default=0)
    return Schedule(finishing, tuple(tuple(row) for row in rows), idle)


@dataclass(frozen=True)
class Solved:
    """A search's outcome: the schedule (None if a limit stopped it) and the result."""

    instance: Instance
    algorithm: str
    result: SearchResult[State, Move]
    schedule: Schedule | None
    optimal: bool = field(default=False)  # guaranteed shortest by the algorithm used


def solve(
    instance: Instance,
    algorithm: str = "astar",
    *,
    weight: float = 1.0,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> Solved:
    """Search Bratko's space with ``algorithm`` (A* by default) and Bratko's heuristic."""
    name = ALGORITHMS.canonical(algorithm)
    problem = SchedulingProblem(instance)
    options = {"weight": weight} if name == "weighted-astar" else {}
    result = run_algorithm(
        name,
        problem,
        problem.h,
        options=options,
        admissible=True,
        unit_costs=False,
        limits=limits,
        observer=observer,
    )
    used = problem.processors
    schedule = (
        schedule_from_moves(used, result.moves, instance.processors - used)
        if result.solved
        else None
    )
    return Solved(instance, name, result, schedule, name in COST_OPTIMAL)
