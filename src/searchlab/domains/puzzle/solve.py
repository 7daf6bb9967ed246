"""One call to solve a sliding-tile board with any algorithm of the engine, or with the
compiled IDA* for the 15-puzzle when that gives the same answer faster."""

from __future__ import annotations

from typing import Literal

from searchlab.algorithms.registry import ALGORITHMS, run_algorithm
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult, Stats, Status, no_path
from searchlab.domains.puzzle.board import Board, board_size
from searchlab.domains.puzzle.heuristics import HEURISTICS, is_admissible, make_heuristic
from searchlab.domains.puzzle.problem import Move, SlidingPuzzle, apply_move
from searchlab.domains.puzzle.solvability import check_solvable

Engine = Literal["auto", "kernel", "generic"]
ENGINES: tuple[Engine, ...] = ("auto", "kernel", "generic")

KERNEL_ALGORITHMS = frozenset({"astar", "ida"})
"""Optimal algorithms the compiled IDA* may stand in for: it returns a shortest path too."""
KERNEL_HEURISTICS = frozenset({"manhattan", "linear-conflict", "pdb-663", "pdb-555"})


def guaranteed_shortest(algorithm: str, heuristic: str) -> bool:
    """Whether ``algorithm`` with ``heuristic`` promises a shortest solution."""
    info = ALGORITHMS[algorithm]
    if not info.optimal:
        return False
    return not info.informed or is_admissible(heuristic)


def kernel_refusal(
    start: Board, algorithm: str, heuristic: str, limits: Limits, observer: Observer | None
) -> str | None:
    """Why the compiled 15-puzzle solver cannot serve this request (None if it can)."""
    algorithm = ALGORITHMS.canonical(algorithm)
    if board_size(start) != 4:
        return "the compiled solver takes 4×4 boards only"
    if algorithm not in KERNEL_ALGORITHMS:
        return f"the compiled solver runs IDA*, which stands in for astar or ida, not {algorithm}"
    if HEURISTICS.canonical(heuristic) not in KERNEL_HEURISTICS:
        known = ", ".join(sorted(KERNEL_HEURISTICS))
        return f"the compiled solver's heuristics are {known}"
    if limits.max_seconds is not None:
        return "the compiled solver honours --max-expanded but not --max-seconds"
    if observer is not None:
        return "the compiled solver reports no events"
    return None


def solve(
    start: Board,
    goal: Board,
    *,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    weight: float = 1.0,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
    engine: Engine = "auto",
) -> SearchResult[Board, Move]:
    """Search from ``start`` to ``goal``; refuses an unsolvable start before searching.

    Uninformed algorithms (bfs, uniform-cost, …) ignore ``heuristic`` (it is still
    checked to be a known name). ``engine="auto"`` runs a 4×4 board through the compiled
    IDA* whenever ``kernel_refusal`` has no objection: the length is the same shortest
    one; ``"generic"`` always uses the engine, ``"kernel"`` insists on the compiled one.
    """
    if board_size(start) != board_size(goal):
        k, g = board_size(start), board_size(goal)
        raise InputError(f"the start is {k}×{k} but the goal is {g}×{g}")
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    info = ALGORITHMS[algorithm]
    HEURISTICS.canonical(heuristic)
    check_solvable(start, goal)
    if engine != "generic":
        refusal = kernel_refusal(start, algorithm, heuristic, limits, observer)
        if refusal is None:
            return _solve_compiled(start, goal, HEURISTICS.canonical(heuristic), limits)
        if engine == "kernel":
            raise InputError(refusal)
    h = make_heuristic(heuristic, goal) if info.informed else None
    options = {"weight": weight} if ALGORITHMS.canonical(algorithm) == "weighted-astar" else {}
    return run_algorithm(
        algorithm,
        SlidingPuzzle(start, goal),
        h,
        options=options,
        admissible=is_admissible(heuristic),
        unit_costs=True,
        limits=limits,
        observer=observer,
    )


def _solve_compiled(
    start: Board, goal: Board, heuristic: str, limits: Limits
) -> SearchResult[Board, Move]:
    """The compiled IDA* (searchlab.domains.puzzle.kernels) as a SearchResult."""
    from searchlab.domains.puzzle.kernels import solve_15

    found = solve_15(start, goal, heuristic=heuristic, max_expanded=limits.max_expanded)
    stats = Stats(
        expanded=found.expanded,
        generated=found.generated,
        iterations=found.iterations,
        seconds=found.seconds,
    )
    if found.moves is None:
        return no_path(Status.LIMIT_REACHED, stats, "max_expanded")
    path = [start]
    for move in found.moves:
        path.append(apply_move(path[-1], move))
    stats.max_frontier = len(path)  # IDA* holds the current path only
    length = float(len(found.moves))
    return SearchResult(Status.SOLVED, tuple(path), tuple(found.moves), length, stats, None, True)
