"""What one web request may spend on set-up: the memory and seconds of what it builds
before it searches (a generated graph, landmark tables), and what may stay in memory
once it is done.

On the command line there is no allowance of seconds: the user asks for a graph of
twenty million nodes on purpose, and waits; but there is one of memory, ``--max-memory``
(default: half the memory the machine has available), so that a size that would
exhaust the machine is refused with the figure before the work, not met by a
MemoryError after minutes (``afford``: the one check of memory, for graphs, maps, bulk
files, landmarks, pattern databases and queens' boards alike). In the web viewer whoever
reaches the page asks, so each request computes within one ``Allowance`` taken from the
server's caps: a structure whose estimated size or time is past it is refused before it
is built, with the figure (``check``); the seconds set-up took count against the run's
(``search_seconds``); and what is built lives for the request (``built``), only
structures up to ``keep_bytes`` staying cached after it, so memory comes back once the
sessions end.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from searchlab.core import resources
from searchlab.core.errors import InputError
from searchlab.core.resources import size_text

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


@contextlib.contextmanager
def outside() -> Iterator[None]:
    """Compute as the command line does, under --max-memory's default and no allowance:
    reading a file the server was started with (checked when it started), which a
    request finds again once the library let it go."""
    token = _ALLOWANCE.set(None)
    try:
        yield
    finally:
        _ALLOWANCE.reset(token)


# -- the command line's memory budget -------------------------------------------------
SHARE = 0.5
"""The share of the machine's available memory a command may plan to use by default."""
FALLBACK_BYTES = 2 * 2**30
"""The default budget where the machine's memory cannot be read."""

_MAX_MEMORY: ContextVar[int | None] = ContextVar("searchlab_max_memory", default=None)


def default_max_memory() -> int:
    """``--max-memory`` when not given: a safe share of what the machine has available."""
    available = resources.available_memory()
    return FALLBACK_BYTES if available is None else max(2**26, int(available * SHARE))


def max_memory() -> int:
    """The memory budget in force: the web request's allowance, else ``--max-memory``
    (or its default)."""
    budget = current()
    if budget is not None:
        return budget.max_bytes
    chosen = _MAX_MEMORY.get()
    return default_max_memory() if chosen is None else chosen


def set_max_memory(nbytes: int | None) -> None:
    """Set ``--max-memory`` for this command (None: the default share of the machine)."""
    _MAX_MEMORY.set(nbytes)


_UNITS = {"": 1, "b": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
_SIZE = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*([kmgt]?)(?:i?b)?", re.IGNORECASE)


def parse_size(text: str) -> int:
    """``4G``, ``512M``, ``1.5GB``, ``2GiB`` or a count of bytes (binary units)."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise InputError(
            f"--max-memory is a size such as 4G, 512M or 1.5GB, not {text.strip()!r}",
            field="max_memory",
        )
    nbytes = int(float(match.group(1)) * _UNITS[match.group(2).lower()])
    if nbytes < 2**20:
        raise InputError(
            f"--max-memory must be at least 1M, not {text.strip()!r}", field="max_memory"
        )
    return nbytes


def afford(what: str, nbytes: float, field: str, advice: str = "") -> None:
    """Refuse, before the work, ``what`` when its estimated peak ``nbytes`` is past the
    budget in force (the web's allowance, or ``--max-memory``), with both figures."""
    budget = current()
    if budget is not None:
        check(what, nbytes, 0.0, advice or "ask for less", field)
        return
    most = max_memory()
    if nbytes > most:
        raise InputError(
            f"{what} needs about {size_text(nbytes)}; --max-memory is {size_text(most)}"
            + (f" ({advice})" if advice else ""),
            field=field,
        )


def check(what: str, nbytes: float, seconds: float, largest: str, field: str) -> None:
    """Refuse, before it is built, ``what`` (estimated at ``nbytes`` at its peak and
    ``seconds``) when it is past the allowance in force; ``largest`` says what fits."""
    allowance = current()
    if allowance is None:
        return
    if nbytes > allowance.max_bytes:
        raise InputError(
            f"{what} would take some {size_text(nbytes)} to build; the viewer builds at most "
            f"{size_text(allowance.max_bytes)} for a request ({largest}): the command line "
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
