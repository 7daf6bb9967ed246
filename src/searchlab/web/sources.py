"""Where a viewer's events come from: a live search paused between requests, or a run
recorded in full.

Backtracking is the seed's "other solutions": the page must be able to step through
every attempt and then ask for the next solution of *the same* search. The engine's
``Solutions`` iterator only yields at solutions, and an observer cannot suspend the
engine's call stack, so a live search runs in its own thread whose observer blocks
once the events asked for are buffered. The search thus advances only while a request
is waiting for it, a page holds exactly what was asked for whatever n is, and an idle
search costs a sleeping thread (closed when its session expires).

Hill climbing and A* finish in one call, capped by ``Limits``: their events are
recorded (up to a bound), kept encoded (``EventLog``) and served by slices.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from searchlab.core.encoding import EventEncoder
from searchlab.core.errors import InputError
from searchlab.core.events import Event, Observer, Solution
from searchlab.core.result import SearchResult, Status
from searchlab.web.eventlog import EventLog, dumps

log = logging.getLogger(__name__)


class Busy(Exception):
    """Another request is advancing this search, or the page asked out of order."""


@dataclass
class Page:
    """One answer to "what happened next": events, and whether the stream is over."""

    events: list[dict[str, Any]]
    next: int  # the index to ask from next time
    skipped: int = 0  # events passed over (asked to run until a solution)
    done: bool = False
    status: str | None = None  # how the search ended, once it has
    message: str | None = None  # a sentence for the page when it ended or stopped
    extra: dict[str, Any] = field(default_factory=dict)
    raw_events: bytes | None = None  # the events already encoded (a JSON array), if so

    def body(self) -> bytes:
        """The page as the JSON the server answers with."""
        if self.raw_events is None:
            return dumps(self.to_json())
        rest = dumps({**self.to_json(), "events": None})
        return b'{"events":' + self.raw_events + b"," + rest[len(b'{"events":null,') :]

    def to_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "next": self.next,
            "skipped": self.skipped,
            "done": self.done,
            "status": self.status,
            "message": self.message,
            **self.extra,
        }


class EventSource(Protocol):
    def pull(self, start: int, limit: int, *, until_solution: bool, seconds: float) -> Page: ...

    def close(self) -> None: ...


class LazySolutions(Protocol):
    """What the engine's ``Solutions`` offers: an iterator that knows how it ended."""

    status: Status | None
    limit: str | None

    def __iter__(self) -> Iterator[SearchResult[Any, Any]]: ...


class _Cancelled(Exception):
    """Raised inside the search thread to end a search nobody watches any more."""


LIMIT_MESSAGES = {
    "max_expanded": "the search stopped at its limit of {expanded:,} expansions",
    "max_seconds": "the search stopped at its time limit",
}


class LiveSearch:
    """A lazy backtracking search advanced on demand, one page of events at a time."""

    CHUNK = 65536  # events buffered per hand-over when running until a solution

    def __init__(
        self,
        start: Callable[[Observer], LazySolutions],
        encoder: EventEncoder,
        *,
        budget_seconds: float,
        max_expanded: int,
        hint: str = "press Start for a new one",
    ) -> None:
        self._hint = hint  # where to go when this search stops at a limit
        self._start = start
        self._encode = encoder
        self._budget_seconds = budget_seconds
        self._max_expanded = max_expanded
        self._cond = threading.Condition()
        self._pulling = threading.Lock()
        self._buffer: deque[Event] = deque()  # raw events: encoded only when delivered
        self._wanted = 0
        self._thread: threading.Thread | None = None
        self._finished = False
        self._cancelled = False
        self.status: str | None = None
        self.message: str | None = None
        self.delivered = 0
        self.spent = 0.0  # seconds requests spent waiting for this search
        self.solutions = 0

    # -- the search thread -------------------------------------------------------
    def _observe(self, event: Event) -> None:
        # Fast path without the lock: deque appends are atomic, and while the buffer is
        # short of what a waiting request wants that request needs no wake-up yet.
        self._buffer.append(event)
        if len(self._buffer) < self._wanted and not self._cancelled:
            return
        with self._cond:
            while len(self._buffer) >= self._wanted and not self._cancelled:
                self._cond.notify_all()
                self._cond.wait()
            if self._cancelled:
                raise _Cancelled

    def _run(self) -> None:
        status, message = "exhausted", "no more solutions: the whole tree has been searched"
        try:
            solutions = self._start(self._observe)
            for _ in solutions:
                pass
            if solutions.status is Status.LIMIT_REACHED:
                status = "limit_reached"
                template = LIMIT_MESSAGES.get(
                    solutions.limit or "", "the search stopped at a limit"
                )
                message = f"{template.format(expanded=self._max_expanded)}: {self._hint}"
        except _Cancelled:
            status, message = "cancelled", "the search was stopped"
        except InputError as error:
            status, message = "error", str(error)
        except Exception as error:  # a bug: keep the server up and say so on the page
            log.exception("search thread failed")
            status, message = "error", f"the search failed: {error!r}"
        finally:
            with self._cond:
                self._finished = True
                if self.status is None:
                    self.status, self.message = status, message
                self._cond.notify_all()

    # -- requests ----------------------------------------------------------------
    def pull(self, start: int, limit: int, *, until_solution: bool, seconds: float) -> Page:
        """The next events from ``start`` (which must be where the last page ended):
        ``limit`` of them, or with ``until_solution`` everything up to and including
        the next Solution event, of which only the last ``limit`` are returned."""
        if not self._pulling.acquire(timeout=seconds + 1.0):
            raise Busy("this search is busy with another request")
        try:
            return self._pull(start, limit, until_solution, seconds)
        finally:
            self._pulling.release()

    def _pull(self, start: int, limit: int, until_solution: bool, seconds: float) -> Page:
        limit = max(1, limit)
        with self._cond:
            if start != self.delivered:
                raise Busy(
                    f"events were asked from {start}, but this search is at {self.delivered}"
                )
            began = time.perf_counter()
            deadline = began + seconds
            out: deque[Event] = deque(maxlen=limit if until_solution else None)
            taken = 0
            found = False
            if self._thread is None and not self._finished:
                self._thread = threading.Thread(
                    target=self._run, name="searchlab-live", daemon=True
                )
                self._wanted = 0
                self._thread.start()
            while True:
                while self._buffer and not found and (until_solution or taken < limit):
                    event = self._buffer.popleft()
                    self._encode.count(event)
                    out.append(event)
                    taken += 1
                    if isinstance(event, Solution):
                        self.solutions += 1
                        found = until_solution
                if found or (not until_solution and taken >= limit):
                    break
                if self._finished and not self._buffer:
                    break
                now = time.perf_counter()
                if self.spent + (now - began) >= self._budget_seconds and not self._finished:
                    self.status = "limit_reached"
                    self.message = (
                        f"this search used its time budget of {self._budget_seconds:g} s: "
                        f"{self._hint}"
                    )
                    self._cancelled = True
                    self._buffer.clear()
                    self._cond.notify_all()
                    break
                if now >= deadline:
                    break
                self._wanted = self.CHUNK if until_solution else limit - taken
                self._cond.notify_all()
                self._cond.wait(deadline - now)
            self._wanted = 0
            self.spent += time.perf_counter() - began
            self.delivered += taken
            done = (self._finished or self._cancelled) and not self._buffer
            return Page(
                events=self._encode.encode_tail(out),
                next=self.delivered,
                skipped=taken - len(out),
                done=done,
                status=self.status if done else None,
                message=self.message if done else None,
                extra={"solutions": self.solutions},
            )

    def close(self) -> None:
        """End the search thread (at its next event) and drop what it buffered."""
        with self._cond:
            self._cancelled = True
            self._buffer.clear()
            self._cond.notify_all()


class EventCapReached(Exception):
    """The recorder is full: the run is stopped rather than kept in memory."""


class BoundedRecorder:
    """An observer that encodes and keeps at most ``max_events`` events of the kinds
    in ``keep`` (all kinds if None), counting the others."""

    def __init__(
        self, encoder: EventEncoder, max_events: int, keep: frozenset[str] | None = None
    ) -> None:
        self.encoder = encoder
        self.max_events = max_events
        self.keep = keep
        self.events = EventLog()

    def __call__(self, event: Event) -> None:
        kind = type(event).__name__.lower()
        if self.keep is not None and kind not in self.keep:
            self.encoder.count(event)
            return
        if len(self.events) >= self.max_events:
            raise EventCapReached
        self.events.append(self.encoder(event))


class RecordedRun:
    """The events of a finished run, served by slices of their JSON: cheap enough to
    answer without a worker thread."""

    def __init__(self, events: EventLog, status: str, message: str | None) -> None:
        self.events = events
        self.status = status
        self.message = message

    @property
    def nbytes(self) -> int:
        return self.events.nbytes

    def pull(self, start: int, limit: int, *, until_solution: bool, seconds: float) -> Page:
        total = len(self.events)
        if not 0 <= start <= total:
            raise Busy(f"events were asked from {start}, but this run has {total}")
        stop = min(total, start + max(1, limit))
        if until_solution:
            solution = self.events.next_solution(start)
            stop = total if solution is None else solution + 1
        first = max(start, stop - max(1, limit))
        done = stop >= total
        return Page(
            events=[],
            raw_events=self.events.json(first, stop),
            next=stop,
            skipped=first - start,
            done=done,
            status=self.status if done else None,
            message=self.message if done else None,
        )

    def close(self) -> None:
        self.events.clear()
