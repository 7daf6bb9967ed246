"""N-queens hill climbing (seed 000): one capped run, recorded step by step."""

from __future__ import annotations

import inspect
import random
from collections.abc import Hashable, Mapping
from typing import Any

from searchlab.algorithms.local import TIE_BREAKS
from searchlab.core.encoding import EventEncoder, jsonable
from searchlab.core.errors import InputError
from searchlab.core.limits import Limits
from searchlab.core.result import Status
from searchlab.domains.queens.board import SEED_CASES, Board, parse_board, random_board
from searchlab.domains.queens.climb import climb
from searchlab.domains.queens.heuristics import HEURISTIC_SUMMARIES, HEURISTICS, is_solution
from searchlab.domains.queens.moves import MOVES
from searchlab.web.fields import (
    FieldError,
    blame,
    get_choice,
    get_int,
    get_optional_int,
    get_text,
)
from searchlab.web.limits import WebLimits
from searchlab.web.sources import BoundedRecorder, EventCapReached, RecordedRun

SOURCES = (
    "searchlab.domains.queens.climb.climb",
    "searchlab.domains.queens.moves.column_successors",
    "searchlab.domains.queens.moves.free_successors",
    "searchlab.domains.queens.heuristics.attackers",
    "searchlab.domains.queens.heuristics.attacks",
    "searchlab.domains.queens.heuristics.attacking_pairs",
    "searchlab.algorithms.local.hill_climbing",
)

MAX_SEED = 2**53 - 1
"""The largest seed the page takes: a JavaScript number holds every one exactly."""
DRAWN_SEEDS = 2**31
"""Seeds drawn for the user are below this: short enough to read and type back."""

_DEFAULTS = {
    name: parameter.default
    for name, parameter in inspect.signature(climb).parameters.items()
    if parameter.default is not inspect.Parameter.empty
}


def encode_queens(state: Hashable) -> Any:
    """A board as [[row, col], ...] in list order (the order the seed moves them by)."""
    assert isinstance(state, tuple)
    return [[row, col] for row, col in state]


def options(limits: WebLimits) -> dict[str, Any]:
    return {
        "cases": [str(case) for case in SEED_CASES],
        "moves": [{"name": name, "summary": MOVES[name].summary} for name in MOVES],
        "heuristics": [
            {"name": name, "summary": HEURISTIC_SUMMARIES.get(name, "")} for name in HEURISTICS
        ],
        "tie_breaks": list(TIE_BREAKS),
        "defaults": {
            "moves": _DEFAULTS["moves"],
            "heuristic": _DEFAULTS["heuristic"],
            "tie_break": _DEFAULTS["tie_break"],
            "sideways": _DEFAULTS["sideways"],
            "restarts": _DEFAULTS["restarts"],
        },
        "max_n": limits.max_climb_n,
        "max_sideways": limits.max_sideways,
        "max_restarts": limits.max_restarts,
        "max_seed": MAX_SEED,
    }


def random_start(body: Mapping[str, Any], limits: WebLimits) -> dict[str, Any]:
    """A random board for the chosen operator, as text the user can edit."""
    n = get_int(body, "n", 8, 1, limits.max_climb_n)
    moves = get_choice(body, "moves", str(_DEFAULTS["moves"]), list(MOVES))
    seed = get_optional_int(body, "seed", 0, MAX_SEED)
    if seed is None:
        seed = random.SystemRandom().randrange(DRAWN_SEEDS)
    board = random_board(n, moves, random.Random(seed))
    return {"state": str(board), "n": n, "seed": seed}


def _parse(text: str, limits: WebLimits) -> Board:
    with blame("state"):
        if not text.strip():
            raise FieldError("state", "type a board, pick one of the document's cases, or Random")
        board = parse_board(text)
    if board.n > limits.max_climb_n:
        raise FieldError("state", f"the viewer climbs boards up to n = {limits.max_climb_n}")
    return board


def verdict(status: Status, h: float, moves: int, restarts: int, limit: str | None) -> str:
    """The sentence the page ends a climb with."""
    after = f"after {moves} move{'s' * (moves != 1)}"
    if restarts:
        after += f" ({restarts} restart{'s' * (restarts != 1)})"
    if status is Status.SOLVED:
        return f"solved: h = {h:g} {after}"
    if status is Status.LOCAL_OPTIMUM:
        return f"stuck in a local minimum at h = {h:g} {after}"
    return f"stopped at the viewer's {limit or 'limit'} with h = {h:g} {after}"


def start(body: Mapping[str, Any], limits: WebLimits) -> tuple[RecordedRun, dict[str, Any]]:
    board = _parse(get_text(body, "state"), limits)
    moves = get_choice(body, "moves", str(_DEFAULTS["moves"]), list(MOVES))
    heuristic = get_choice(body, "heuristic", str(_DEFAULTS["heuristic"]), list(HEURISTICS))
    tie_break = get_choice(body, "tie_break", str(_DEFAULTS["tie_break"]), TIE_BREAKS)
    sideways = get_int(body, "sideways", 0, 0, limits.max_sideways)
    restarts = get_int(body, "restarts", 0, 0, limits.max_restarts)
    seed = get_optional_int(body, "seed", 0, MAX_SEED)
    if seed is None:  # drawn here, and shown, so that any run can be repeated from the page
        seed = random.SystemRandom().randrange(DRAWN_SEEDS)
    encoder = EventEncoder(state=encode_queens, move=jsonable)
    recorder = BoundedRecorder(
        encoder, limits.run_max_expanded + 1000, frozenset({"step", "restart", "solution"})
    )
    h = HEURISTICS[heuristic]
    with blame("state"):
        try:
            result = climb(
                board,
                moves=moves,
                heuristic=heuristic,
                sideways=sideways,
                restarts=restarts,
                tie_break=tie_break,
                seed=seed,
                limits=Limits(max_expanded=limits.run_max_expanded, max_seconds=limits.run_seconds),
                observer=recorder,
            )
        except InputError as error:  # the CLI's wording, turned to the page's controls
            text = str(error).replace("use --moves free", "choose the move operator free")
            raise FieldError(getattr(error, "field", None) or "state", text) from None
        except EventCapReached:
            raise FieldError(
                "state", f"the climb made more than {recorder.max_events} steps: the viewer stops"
            ) from None
    final = result.final_state
    final_h = h(final)
    text = verdict(result.status, final_h, len(result.moves), result.stats.restarts, result.limit)
    summary = {
        "status": str(result.status),
        "final": encode_queens(final),
        "h": final_h,
        "solution": is_solution(final),
        "moves": len(result.moves),
        "restarts": result.stats.restarts,
        "limit": result.limit,
        "stats": result.stats.to_dict(),
        "verdict": text,
    }
    info = {
        "n": board.n,
        "initial": encode_queens(board.queens),
        "h0": h(board.queens),
        "heuristic": heuristic,
        "moves": moves,
        "tie_break": tie_break,
        "seed": seed,
        "random": tie_break == "random" or restarts > 0,
        "result": summary,
        "total": len(recorder.events),
    }
    return RecordedRun(recorder.events, str(result.status), text), info
