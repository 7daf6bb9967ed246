"""N-queens by backtracking (seed 002's applet): a live search per viewer, so "next
solution" resumes the same search where it stopped."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from searchlab.core.encoding import EventEncoder
from searchlab.core.events import Observer
from searchlab.core.limits import Limits
from searchlab.domains.queens.backtracking import solutions
from searchlab.web.fields import FieldError, get_int
from searchlab.web.limits import WebLimits
from searchlab.web.sources import LazySolutions, LiveSearch

SOURCES = (
    "searchlab.domains.queens.backtracking.solutions",
    "searchlab.domains.queens.backtracking.PlacementProblem",
    "searchlab.domains.queens.backtracking.last_queen_safe",
    "searchlab.algorithms.uninformed.Solutions",
)


def encode_columns(state: Hashable) -> Any:
    """A partial placement: the 1-based column of the queen of each filled row."""
    assert isinstance(state, tuple)
    return list(state)


def options(limits: WebLimits) -> dict[str, Any]:
    return {"n": {"default": 4, "min": 1, "max": limits.max_backtrack_n}}


def start(body: Mapping[str, Any], limits: WebLimits) -> tuple[LiveSearch, dict[str, Any]]:
    if body.get("n") == "":  # the page's field left empty: say so rather than pick a size
        raise FieldError("n", f"type the board size n (1 to {limits.max_backtrack_n})")
    n = get_int(body, "n", 8, 1, limits.max_backtrack_n)
    engine_limits = Limits(max_expanded=limits.live_max_expanded)

    def run(observer: Observer) -> LazySolutions:
        return solutions(n, limits=engine_limits, observer=observer)

    source = LiveSearch(
        run,
        EventEncoder(state=encode_columns),
        budget_seconds=limits.live_budget_seconds,
        max_expanded=limits.live_max_expanded,
        hint=f"the command `searchlab queens solve {n}` searches on without this limit",
    )
    return source, {"n": n}
