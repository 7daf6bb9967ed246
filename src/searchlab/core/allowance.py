"""What one web request may spend on set-up: the memory and seconds of what it builds
before it searches (a generated graph, landmark tables), and what may stay in memory
once it is done.

On the command line there is no allowance: the user asks for a graph of twenty million
nodes on purpose, and waits. In the web viewer whoever reaches the page asks, so each
request computes within one ``Allowance`` taken from the server's caps: a structure
whose estimated size or time is past it is refused before it is built, with the figure
(``check``); the seconds set-up took count against the run's (``search_seconds``); and
what is built lives for the request (``built``), only structures up to ``keep_bytes``
staying cached after it, so memory comes back once the sessions end.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from searchlab.core.errors import InputError

LEAST_SECONDS = 0.001
"""What a search is given when set-up took every second of the run: it stops at once."""


@dataclass
class Allowance:
    """One request's set-up allowance (see the module docstring)."""

    max_bytes: int  # the most a structure built for the request may take at its peak
    seconds: float  # set-up and search together
    keep_bytes: int  # the largest structure kept cached once the request is done
    started: float = field(default_factory=time.perf_counter)
    built: dict[Any, Any] = field(default_factory=dict)  # what this request built, by key

    def remaining(self) -> float:
        """Seconds left of the request's run."""
        return max(0.0, self.started + self.seconds - time.perf_counter())


_ALLOWANCE: ContextVar[Allowance | None] = ContextVar("searchlab_allowance", default=None)


def current() -> Allowance | None:
    """The allowance in force: None on the command line (no caps but the domain's)."""
    return _ALLOWANCE.get()


@contextlib.contextmanager
def within(allowance: Allowance) -> Iterator[Allowance]:
    """Compute under ``allowance`` in this context (what it built is dropped after)."""
    token = _ALLOWANCE.set(allowance)
    try:
        yield allowance
    finally:
        _ALLOWANCE.reset(token)
        allowance.built.clear()


def megabytes(count: float) -> str:
    return f"{count / 2**20:,.0f} MB"


def check(what: str, nbytes: float, seconds: float, largest: str, field: str) -> None:
    """Refuse, before it is built, ``what`` (estimated at ``nbytes`` at its peak and
    ``seconds``) when it is past the allowance in force; ``largest`` says what fits."""
    allowance = current()
    if allowance is None:
        return
    if nbytes > allowance.max_bytes:
        raise InputError(
            f"{what} would take some {megabytes(nbytes)} to build; the viewer builds at most "
            f"{megabytes(allowance.max_bytes)} for a request ({largest}): the command line "
            "builds any size",
            field=field,
        )
    if seconds > allowance.remaining():
        raise InputError(
            f"{what} would take some {seconds:.1f} s to build, past the viewer's "
            f"{allowance.seconds:g} s for a run ({largest}): the command line builds any size",
            field=field,
        )


def over(what: str, field: str) -> None:
    """Stop a build that has taken every second of the run (called between its steps)."""
    allowance = current()
    if allowance is not None and allowance.remaining() <= 0:
        raise InputError(
            f"{what} took more than the viewer's {allowance.seconds:g} s for a run: ask for "
            "less, or use the command line",
            field=field,
        )


def may_keep(nbytes: int) -> bool:
    """Whether a structure of ``nbytes`` may stay cached after the request."""
    allowance = current()
    return allowance is None or nbytes <= allowance.keep_bytes


def search_seconds(limit: float | None) -> float | None:
    """The seconds a search may run: ``limit``, and under an allowance no more than what
    set-up left of the run."""
    allowance = current()
    if allowance is None:
        return limit
    left = max(LEAST_SECONDS, allowance.remaining())
    return left if limit is None else min(limit, left)
