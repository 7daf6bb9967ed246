"""One call to solve a sliding-tile board with any algorithm of the engine."""

from __future__ import annotations

from searchlab.algorithms.registry import ALGORITHMS, run_algorithm
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult
from searchlab.domains.puzzle.board import Board, board_size
from searchlab.domains.puzzle.heuristics import HEURISTICS, is_admissible, make_heuristic
from searchlab.domains.puzzle.problem import Move, SlidingPuzzle
from searchlab.domains.puzzle.solvability import check_solvable


def guaranteed_shortest(algorithm: str, heuristic: str) -> bool:
    """Whether ``algorithm`` with ``heuristic`` promises a shortest solution."""
    info = ALGORITHMS[algorithm]
    if not info.optimal:
        return False
    return not info.informed or is_admissible(heuristic)


def solve(
    start: Board,
    goal: Board,
    *,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    weight: float = 1.0,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[Board, Move]:
    """Search from ``start`` to ``goal``; refuses an unsolvable start before searching.

    Uninformed algorithms (bfs, uniform-cost, …) ignore ``heuristic`` (it is still
    checked to be a known name).
    """
    if board_size(start) != board_size(goal):
        k, g = board_size(start), board_size(goal)
        raise InputError(f"the start is {k}×{k} but the goal is {g}×{g}")
    info = ALGORITHMS[algorithm]
    HEURISTICS.canonical(heuristic)
    check_solvable(start, goal)
    h = make_heuristic(heuristic, goal) if info.informed else None
    return run_algorithm(
        algorithm, SlidingPuzzle(start, goal), h, weight=weight, limits=limits, observer=observer
    )
