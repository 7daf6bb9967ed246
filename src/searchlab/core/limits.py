"""Node and time limits, honoured by every algorithm in the same way."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.core.result import Stats

MAX_EXPANDED = Option(
    "max_expanded",
    "int",
    "stop after expanding this many states",
    low=0,
    high=10**12,
    metavar="N",
)
MAX_SECONDS = Option(
    "max_seconds",
    "float",
    "stop after this many seconds of search",
    low=0,
    high=7 * 24 * 3600,
    metavar="S",
)


@dataclass(frozen=True)
class Limits:
    """Stop a search after this many expansions or seconds (None: no limit).

    A search with ``max_expanded=n`` expands exactly n states, then stops before the
    next expansion with ``Status.LIMIT_REACHED``; a goal reached on the way still wins.
    Both are capped (``MAX_EXPANDED``, ``MAX_SECONDS``): a week, or 10¹² states.
    """

    max_expanded: int | None = None
    max_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.max_expanded is not None:
            MAX_EXPANDED.parse(self.max_expanded)
        if self.max_seconds is not None:
            if isinstance(self.max_seconds, float) and math.isnan(self.max_seconds):
                raise InputError(
                    "max-seconds must be a number 0 or more, not nan", field=MAX_SECONDS.name
                )
            MAX_SECONDS.parse(self.max_seconds)

    def to_dict(self) -> dict[str, int | float | None]:
        return {"max_expanded": self.max_expanded, "max_seconds": self.max_seconds}


NO_LIMITS = Limits()


class Budget:
    """A running search's clock and its limits; ``exceeded`` names the one hit, if any.

    Algorithms call ``exceeded`` once per expansion. The clock is read only when a time
    limit is set, and then on every call: a reading costs ~60 ns, less than 2 % of the
    cheapest expansion here (8-puzzle A*), while reading it only every k-th call would
    let an expensive expansion (hill climbing on a large board) overshoot by k of them.
    ``pause``/``resume`` let a lazy search (the depth-first stream) count only the time
    it spends searching.
    """

    def __init__(self, limits: Limits, stats: Stats) -> None:
        self.limits = limits
        self.stats = stats
        self.started = time.perf_counter()
        self._deadline = None if limits.max_seconds is None else self.started + limits.max_seconds
        self._max_expanded = limits.max_expanded
        self._paused_at: float | None = None

    def exceeded(self) -> str | None:
        if self._max_expanded is not None and self.stats.expanded >= self._max_expanded:
            return "max_expanded"
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            return "max_seconds"
        return None

    def out_of_time(self) -> bool:
        """Whether ``max_seconds`` has passed: the check an algorithm makes inside one
        long expansion (a propagation), where the node limit does not apply."""
        return self._deadline is not None and time.perf_counter() >= self._deadline

    def stop_clock(self) -> None:
        self.stats.seconds = time.perf_counter() - self.started

    def pause(self) -> None:
        """Stop counting time against ``max_seconds`` (a lazy search waiting to be asked)."""
        if self._paused_at is None:
            self._paused_at = time.perf_counter()

    def resume(self) -> None:
        """Count time again: the deadline moves on by the time spent paused."""
        if self._paused_at is not None:
            idle = time.perf_counter() - self._paused_at
            self._paused_at = None
            self.started += idle
            if self._deadline is not None:
                self._deadline += idle
