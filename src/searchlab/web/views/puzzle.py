"""Sliding-tile puzzles by best-first search and A* (seed 003): one capped run whose
expansions are recorded, and the solution path to animate."""

from __future__ import annotations

import threading
from collections.abc import Hashable, Mapping
from typing import Any

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.core.encoding import EventEncoder
from searchlab.core.limits import Limits
from searchlab.domains.puzzle import (
    BRATKO_POSITIONS,
    GOAL_NAMES,
    HEURISTICS,
    Board,
    blank_first_goal,
    board_size,
    make_heuristic,
    parse_board,
    resolve_goal,
    solve,
    standard_goal,
    to_bratko,
)
from searchlab.domains.puzzle.heuristics import PATTERN_DATABASES
from searchlab.domains.puzzle.solvability import check_solvable
from searchlab.web.fields import FieldError, blame, get_choice, get_float, get_text
from searchlab.web.limits import WebLimits
from searchlab.web.sources import BoundedRecorder, EventCapReached, RecordedRun

SOURCES = (
    "searchlab.domains.puzzle.problem.SlidingPuzzle",
    "searchlab.domains.puzzle.solve.solve",
)
"""Shown with the source of the algorithm chosen (see ``algorithm_source``)."""

DEFAULT_ALGORITHM = "astar"
DEFAULT_HEURISTIC = "manhattan"


def algorithm_source(name: str) -> str:
    """The dotted name of the engine function behind algorithm ``name``."""
    run = ALGORITHMS[name].function
    return f"{run.__module__}.{run.__qualname__}"


_BUILDING = threading.Lock()


def prepare_heuristic(name: str, goal: Board) -> None:
    """Check ``name`` fits ``goal`` and load what it needs before the timed search.

    The 4×4 pattern databases are built on first use (seconds, then cached on disk and
    kept in memory, some 33 MB per goal): the viewer builds them one at a time, and only
    for its named goals, so no request can make the server build them without end.
    """
    canonical = HEURISTICS.canonical(name)
    if canonical not in PATTERN_DATABASES:
        return
    if board_size(goal) != 4:
        with blame("heuristic"):
            make_heuristic(canonical, goal)  # refuses, naming the 4×4 boards it is for
    named = {standard_goal(4): "standard", blank_first_goal(4): "blank-first"}
    if goal not in named:
        raise FieldError(
            "heuristic",
            f"the viewer has {canonical} for the goals standard and blank-first only: "
            "choose one of those goals, or manhattan or linear-conflict",
        )
    with _BUILDING, blame("heuristic"):
        make_heuristic(canonical, goal)


def encode_tiles(state: Hashable) -> Any:
    """A board as its flat row-major tiles, 0 the blank."""
    assert isinstance(state, tuple)
    return list(state)


def options(limits: WebLimits) -> dict[str, Any]:
    return {
        "positions": {name: to_bratko(board) for name, board in BRATKO_POSITIONS.items()},
        "goals": list(GOAL_NAMES),
        "algorithms": [
            {
                "name": name,
                "summary": ALGORITHMS[name].summary,
                "informed": ALGORITHMS[name].informed,
            }
            for name in ALGORITHMS
        ],
        "heuristics": [
            {
                "name": name,
                "summary": HEURISTICS[name].summary,
                "admissible": HEURISTICS[name].admissible,
            }
            for name in HEURISTICS
        ],
        "defaults": {"algorithm": DEFAULT_ALGORITHM, "heuristic": DEFAULT_HEURISTIC, "weight": 1.0},
        "max_size": limits.max_puzzle_size,
        "max_expanded": limits.run_max_expanded,
    }


def start(body: Mapping[str, Any], limits: WebLimits) -> tuple[RecordedRun, dict[str, Any]]:
    text = get_text(body, "start")
    with blame("start"):
        if not text.strip():
            raise FieldError("start", "type a start board or pick one of the document's positions")
        parsed = parse_board(text)
    if parsed.size > limits.max_puzzle_size:
        raise FieldError(
            "start",
            f"the viewer takes boards up to {limits.max_puzzle_size}×{limits.max_puzzle_size}",
        )
    goal_text = get_text(body, "goal").strip()
    with blame("goal"):
        goal = resolve_goal(goal_text or None, parsed)
    algorithm = get_choice(body, "algorithm", DEFAULT_ALGORITHM, list(ALGORITHMS))
    heuristic = get_choice(body, "heuristic", DEFAULT_HEURISTIC, list(HEURISTICS))
    weight = get_float(body, "weight", 1.0, 1.0, 100.0)
    with blame("start"):
        check_solvable(parsed.tiles, goal)
    if ALGORITHMS[algorithm].informed:
        prepare_heuristic(heuristic, goal)
    encoder = EventEncoder(state=encode_tiles)
    recorder = BoundedRecorder(
        encoder, limits.run_max_expanded + 1000, frozenset({"expand", "solution", "threshold"})
    )
    with blame("heuristic"):
        try:
            result = solve(
                parsed.tiles,
                goal,
                algorithm=algorithm,
                heuristic=heuristic,
                weight=weight,
                limits=Limits(max_expanded=limits.run_max_expanded, max_seconds=limits.run_seconds),
                observer=recorder,
            )
        except EventCapReached:
            raise FieldError(
                "algorithm", f"the search recorded more than {recorder.max_events} events"
            ) from None
    if result.solved:
        moves, expanded = len(result.moves), result.stats.expanded
        message = (
            f"solved in {moves} move{'s' * (moves != 1)} "
            f"after {expanded:,} expansion{'s' * (expanded != 1)}"
        )
    elif result.limit:
        message = (
            f"no solution within the viewer's limits ({limits.run_max_expanded:,} expansions, "
            f"{limits.run_seconds:g} s): try another heuristic or algorithm"
        )
    else:
        message = "the search ended without a solution"
    info = {
        "size": parsed.size,
        "start": list(parsed.tiles),
        "goal": list(goal),
        "notation": parsed.notation,
        "algorithm": algorithm,
        "heuristic": heuristic if ALGORITHMS[algorithm].informed else None,
        "result": {
            "status": str(result.status),
            "solved": result.solved,
            "path": [encode_tiles(state) for state in result.path] if result.solved else [],
            "moves": list(result.moves) if result.solved else [],
            "cost": result.cost,
            "limit": result.limit,
            "stats": result.stats.to_dict(),
            "shortest_guaranteed": result.optimal,
            "message": message,
        },
        "total": len(recorder.events),
    }
    return RecordedRun(recorder.events, str(result.status), message), info
