"""Terminal output shared by the commands: rich tables and progress, loaded lazily."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

_console: Console | None = None


def console() -> Console:
    """The shared rich console (imported on first use: rich costs ~60 ms to import)."""
    global _console
    if _console is None:
        from rich.console import Console

        _console = Console(highlight=False)
    return _console


def duration(seconds: float) -> str:
    """Seconds as a person reads them, down to microseconds (a compiled count of 8
    queens takes some 50 µs, one of 16 queens seconds)."""
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1000:.2f} ms"
    return f"{seconds:.2f} s"


def interactive() -> bool:
    """Whether a person is watching: progress displays only then."""
    return sys.stderr.isatty()


@contextmanager
def progress(description: str, total: int | None, *, enabled: bool = True) -> Iterator[Any]:
    """A progress bar with an ETA on a terminal; a silent stand-in when piped or --json.

    Yields an object with ``advance(n=1)`` and ``update(description=, completed=, total=)``.
    """
    if not (enabled and interactive()):
        yield _Silent()
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, transient=True, console=_stderr_console()) as bar:
        task = bar.add_task(description, total=total)
        yield _Advance(bar, task)


@contextmanager
def searching(describe: Callable[[], str], *, enabled: bool = True) -> Iterator[None]:
    """A spinner on stderr whose text ``describe()`` is read again at every refresh, so
    a long search shows live figures at no cost to it; nothing when piped or --json."""
    if not (enabled and interactive()):
        yield
        return
    from rich.console import Console

    class _Live:
        def __rich__(self) -> str:
            return describe()

    with Console(stderr=True).status(_Live()):
        yield


def count_stream(
    stream: Iterable[object],
    describe: Callable[[int], str],
    *,
    at_most: int | None = None,
    enabled: bool = True,
) -> int:
    """Count what ``stream`` yields (stopping at ``at_most``), under a spinner whose text
    is ``describe(count so far)``."""
    total = 0
    with searching(lambda: describe(total), enabled=enabled):
        for _ in stream:
            total += 1
            if at_most is not None and total >= at_most:
                break
    return total


def _stderr_console() -> Console:
    from rich.console import Console

    return Console(stderr=True)


class _Silent:
    def advance(self, steps: int = 1) -> None:
        pass

    def update(self, **fields: Any) -> None:
        pass


class _Advance:
    def __init__(self, bar: Any, task: Any) -> None:
        self.bar = bar
        self.task = task

    def advance(self, steps: int = 1) -> None:
        self.bar.advance(self.task, steps)

    def update(self, **fields: Any) -> None:
        """Change the description, completed count or total as the work learns them."""
        self.bar.update(self.task, **fields)
