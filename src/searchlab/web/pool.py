"""The few workers that may compute searches at once.

Every search shares the cores (and Python's lock) with everything else the server
does, so past a couple at a time more searches only make each slower and the page
itself slow to load. Searches run on their own small set of threads, not the shared
thread pool that serves files, and a request that finds every worker busy for a short
wait is told to come back later (HTTP 429) rather than queued without end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")

SWITCH_SECONDS = 0.001
"""The thread switch interval ``searchlab serve`` sets (Python's default is 5 ms).
Searches compute in threads holding the interpreter lock, and at each step of
answering a request the event loop waits up to this long for it: measured with two
searches running, a plain GET took 9–230 ms (median; up to 370 ms) at 5 ms and 10–30 ms
(under 75 ms) at 1 ms, while the searches took the same time."""


class Overloaded(Exception):
    """Every worker stayed busy for the whole wait: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class WorkPool:
    """``workers`` threads for heavy work; callers wait at most ``wait_seconds`` for one."""

    def __init__(self, workers: int, wait_seconds: float) -> None:
        self.workers = workers
        self.wait_seconds = wait_seconds
        self._slots = anyio.Semaphore(workers)
        self._threads = anyio.CapacityLimiter(workers)

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` on a worker thread once one is free; Overloaded if none frees up."""
        acquired = False
        with anyio.move_on_after(self.wait_seconds):
            await self._slots.acquire()
            acquired = True
        if not acquired:
            raise Overloaded(
                "the server is busy with other searches: try again in a few seconds",
                max(1, math.ceil(self.wait_seconds)),
            )
        try:
            return await anyio.to_thread.run_sync(work, limiter=self._threads)
        finally:
            self._slots.release()
