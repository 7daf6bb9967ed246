"""The few workers that may compute searches at once.

Every search shares the cores (and Python's lock) with everything else the server
does, so past a couple at a time more searches only make each slower and the page
itself slow to load. Searches run on their own small set of threads, not the shared
thread pool that serves files, and a request that finds every worker busy for a short
wait is told to come back later (HTTP 429) rather than queued without end. Waiting
requests are served by owner in turn, so that one student's many requests cannot
keep another's waiting (classroom mode).

A request's work is also given up after ``abandon_seconds`` (well past any of the
server's time limits, which stop searches and the user's code on their own: see
``searchlab.domains.watchdog``). Only a thread stuck in one long call into C code gets
there; Python cannot stop it, so the request is answered (HTTP 503, naming the kind of
call when it is the user's) and the thread left running. The worker it occupies stays
counted busy until the call returns (``abandoned``), so the server never computes on
more threads than its workers: each such call takes one away until then, and with all
of them taken new searches are told the server is busy (429), as they would be.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
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
    """Every worker stayed busy for the whole wait, or the caller already has its share
    of them: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Abandoned(Exception):
    """A request's work did not finish in ``abandon_seconds``: it is answered without
    its result, and its thread, which nothing could stop, left to finish (or not)."""

    def __init__(self, seconds: float | None, thread: int | None) -> None:
        from searchlab.domains.watchdog import stuck_kind

        kind = None if thread is None else stuck_kind(thread)
        what = f"{kind}()" if kind else "the computation"
        super().__init__(
            f"this request's work did not finish within {seconds:g} s: {what} is stuck in "
            "one call that cannot be interrupted (a long call into C code); the request is "
            "answered without it, and the call keeps one of the server's workers busy "
            "until it returns (restart the server to end it)"
        )


@dataclass
class _Job:
    """One piece of work handed to a thread, and how far it got."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    state: str = "waiting"  # then running and done; abandoned, or given up before it ran
    thread: int | None = None


@dataclass
class _Waiter:
    """A request waiting for a worker; ``granted`` once a worker is handed to it."""

    event: anyio.Event = field(default_factory=anyio.Event)
    granted: bool = False


class WorkPool:
    """``workers`` threads for heavy work; callers wait at most ``wait_seconds`` for one.

    Waiting callers are served by owner in turn (round-robin), not in order of arrival:
    an owner (a student in classroom mode; None for everybody otherwise) that queued
    twenty requests gets a worker once per round like one that queued one. With
    ``per_owner`` set, an owner with that many requests running or waiting is refused
    at once (``Overloaded``) rather than queued.
    """

    def __init__(
        self,
        workers: int,
        wait_seconds: float,
        per_owner: int | None = None,
        abandon_seconds: float | None = None,
    ) -> None:
        self.workers = workers
        self.wait_seconds = wait_seconds
        self.per_owner = per_owner
        self._free = workers
        self._queues: OrderedDict[Hashable, deque[_Waiter]] = OrderedDict()  # next owner first
        self._held: dict[Hashable, int] = {}  # requests running or waiting, by owner
        self._threads = anyio.CapacityLimiter(workers)
        self.abandon_seconds = abandon_seconds
        self.abandoned = 0  # workers still computing for requests already answered

    def held(self, owner: Hashable = None) -> int:
        """How many requests of ``owner`` are running or waiting."""
        return self._held.get(owner, 0)

    async def run(self, work: Callable[[], T], owner: Hashable = None, first: bool = False) -> T:
        """``work()`` on a worker thread once one is free and it is ``owner``'s turn
        (``first``: the owner's turn comes before everyone else's, as the teacher's does,
        whose page the room is watching); Overloaded if none frees up in time, or the
        owner already has its share."""
        if self.per_owner is not None and self.held(owner) >= self.per_owner:
            raise Overloaded(
                f"you already have {self.per_owner} searches running or waiting: wait "
                "until one of them has finished before you start another (every student "
                "gets a turn in order)",
                1,
            )
        self._held[owner] = self.held(owner) + 1
        try:
            await self._acquire(owner, first)
            return await self._compute(work)
        finally:
            self._held[owner] -= 1
            if not self._held[owner]:
                del self._held[owner]

    async def _compute(self, work: Callable[[], T]) -> T:
        """``work()`` on a worker thread, given up after ``abandon_seconds``; the worker
        stays counted busy until its thread has really finished (see the module
        docstring)."""
        loop = asyncio.get_running_loop()
        job = _Job()

        def tracked() -> T:
            with job.lock:
                if job.state == "given up":  # its request is gone before it began
                    raise RuntimeError("given up before it began")
                job.state, job.thread = "running", threading.get_ident()
            try:
                return work()
            finally:
                with job.lock:
                    late, job.state = job.state == "abandoned", "done"
                if late:  # the request was answered long ago: free the worker now
                    with contextlib.suppress(RuntimeError):  # the server has stopped
                        loop.call_soon_threadsafe(self._finish_abandoned)

        try:
            with anyio.move_on_after(self.abandon_seconds):
                return await anyio.to_thread.run_sync(
                    tracked, limiter=self._threads, abandon_on_cancel=True
                )
            raise Abandoned(self.abandon_seconds, job.thread)
        finally:
            with job.lock:
                running = job.state == "running"
                job.state = "abandoned" if running else "given up"
            if running:
                self.abandoned += 1
            else:
                self._release()

    def _finish_abandoned(self) -> None:
        self.abandoned -= 1
        self._release()

    async def _acquire(self, owner: Hashable, first: bool) -> None:
        if self._free > 0 and not self._queues:
            self._free -= 1
            return
        waiter = _Waiter()
        self._queues.setdefault(owner, deque()).append(waiter)
        if first:
            self._queues.move_to_end(owner, last=False)
        try:
            with anyio.move_on_after(self.wait_seconds):
                await waiter.event.wait()
        except BaseException:  # cancelled (the client left): a worker given is handed on
            if waiter.granted:
                self._release()
            else:
                self._forget(owner, waiter)
            raise
        if not waiter.granted:
            self._forget(owner, waiter)
            waiting = self.waiting()
            others = f" ({waiting} more waiting)" if waiting else ""
            raise Overloaded(
                f"the server is busy with other searches{others}: try again in a few seconds",
                max(1, math.ceil(self.wait_seconds)),
            )

    def waiting(self) -> int:
        """How many requests are waiting for a worker."""
        return sum(len(queue) for queue in self._queues.values())

    def _forget(self, owner: Hashable, waiter: _Waiter) -> None:
        queue = self._queues.get(owner)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            if not queue:
                del self._queues[owner]

    def _release(self) -> None:
        """Hand the worker to the next owner in turn, or free it."""
        if not self._queues:
            self._free += 1
            return
        owner, queue = next(iter(self._queues.items()))
        waiter = queue.popleft()
        del self._queues[owner]
        if queue:  # the owner goes to the back of the round
            self._queues[owner] = queue
        waiter.granted = True
        waiter.event.set()
