"""Every algorithm under the name the CLI and the web viewer use for it, behind one
calling convention, so a domain can offer "any algorithm of the engine"."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from searchlab.algorithms.best_first import (
    astar,
    best_first,
    greedy_best_first,
    uniform_cost,
    weighted_astar,
)
from searchlab.algorithms.linear_memory import ida_star, rbfs
from searchlab.algorithms.uninformed import breadth_first, depth_first, iterative_deepening
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.problem import Heuristic, Problem
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult, Status

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


@dataclass(frozen=True)
class AlgorithmInfo:
    """What a caller needs to know before running an algorithm."""

    run: Callable[..., SearchResult[Any, Any]]
    informed: bool  # takes a heuristic
    optimal: bool  # returns a cheapest path when the heuristic is admissible (or needs none)
    summary: str


def _first_solution(
    problem: Problem[S, M], *, limits: Limits, observer: Observer | None
) -> SearchResult[S, M]:
    solutions = depth_first(problem, limits=limits, observer=observer)
    found = next(solutions, None)
    if found is not None:
        return found
    status = solutions.status or Status.EXHAUSTED
    return SearchResult(status, (problem.initial,), (), 0.0, solutions.stats, solutions.limit)


ALGORITHMS: Registry[AlgorithmInfo] = Registry("algorithm")
ALGORITHMS.add(
    "astar", AlgorithmInfo(astar, True, True, "A*: f = g + h, graph search"), "a*", "a-star"
)
ALGORITHMS.add(
    "best-first",
    AlgorithmInfo(best_first, True, True, "Bratko's tree-form best-first search on f = g + h"),
    "bratko-best-first",
)
ALGORITHMS.add(
    "greedy", AlgorithmInfo(greedy_best_first, True, False, "greedy best-first on h alone")
)
ALGORITHMS.add(
    "weighted-astar",
    AlgorithmInfo(weighted_astar, True, False, "weighted A*: f = g + w·h"),
    "wastar",
)
ALGORITHMS.add("ida", AlgorithmInfo(ida_star, True, True, "IDA*: depth-first rounds on f"), "ida*")
ALGORITHMS.add("rbfs", AlgorithmInfo(rbfs, True, True, "recursive best-first search"))
ALGORITHMS.add(
    "bfs",
    AlgorithmInfo(breadth_first, False, True, "breadth-first: fewest moves"),
    "breadth-first",
)
ALGORITHMS.add(
    "uniform-cost",
    AlgorithmInfo(uniform_cost, False, True, "uniform-cost (Dijkstra)"),
    "ucs",
    "dijkstra",
)
ALGORITHMS.add(
    "iterative-deepening",
    AlgorithmInfo(iterative_deepening, False, True, "depth-first with growing depth bounds"),
    "iddfs",
)
ALGORITHMS.add(
    "dfs",
    AlgorithmInfo(_first_solution, False, False, "depth-first backtracking: first solution"),
    "depth-first",
)


def run_algorithm(
    name: str,
    problem: Problem[S, M],
    h: Heuristic[S] | None = None,
    *,
    weight: float = 1.0,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Run the algorithm called ``name`` (an InputError if there is none, or if it
    needs a heuristic and got none)."""
    canonical = ALGORITHMS.canonical(name)
    info = ALGORITHMS[canonical]
    if not info.informed:
        return info.run(problem, limits=limits, observer=observer)
    if h is None:
        raise InputError(f"the algorithm {canonical!r} needs a heuristic")
    if canonical == "weighted-astar":
        return info.run(problem, h, weight, limits=limits, observer=observer)
    return info.run(problem, h, limits=limits, observer=observer)
