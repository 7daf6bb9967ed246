"""Where a viewer's events come from: a live search paused between requests, or a run
recorded in full.

Depth-first backtracking is the seed's "other solutions": the page must be able to step
through every attempt and then ask for the next solution of *the same* search. The
engine steps that search one event at a time as a generator (``Solutions.events()``),
so a live search is that generator, suspended between requests: a request advances it
on its own worker thread just as far as it asks (so many events, or up to the next
solution, or until its time slice ends) and nothing is computed past that. A page holds
exactly what was asked for, whatever n is, and an idle search costs a suspended frame.

Every other algorithm finishes in one call, capped by ``Limits``: its events are
recorded (up to a bound), kept encoded (``EventLog``) and served by slices.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from searchlab.algorithms.uninformed import Solutions
from searchlab.core.encoding import DETAIL_KINDS, EventEncoder, kind_of
from searchlab.core.errors import InputError
from searchlab.core.events import Event, Expand, Generate, Prune, Solution
from searchlab.core.result import Status
from searchlab.web.eventlog import EventLog, dumps
from searchlab.web.teaching import Note, Teacher, written

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


LIMIT_MESSAGES = {
    "max_expanded": "the search stopped at its limit of {expanded:,} expansions",
    "max_seconds": "the search stopped at its time limit",
}


class LiveSearch:
    """A depth-first stream advanced on demand, one page of events at a time."""

    CHECK_EVERY = 64  # events between two looks at the clock (and at ``close``)

    def __init__(
        self,
        stream: Solutions[Any, Any],
        encoder: EventEncoder,
        *,
        budget_seconds: float,
        max_expanded: int,
        hint: str = "press Start for a new one",
        page_events: int | None = None,
        teacher: Teacher | None = None,
    ) -> None:
        self.stream = stream  # its ``stats`` say what was computed
        self.teacher = teacher  # adds what each event implies (tree nodes, moves tried)
        self.page_events = page_events  # the most events one page holds (large drawings)
        self._events: Iterator[Event] | None = stream.events()
        self._encode = encoder
        self._budget_seconds = budget_seconds
        self._max_expanded = max_expanded
        self._hint = hint  # where to go when this search stops at a limit
        self._pulling = threading.Lock()
        self._closed = False
        self.status: str | None = None
        self.message: str | None = None
        self.delivered = 0
        self.spent = 0.0  # seconds requests spent advancing this search
        self.solutions = 0

    @property
    def done(self) -> bool:
        return self._events is None

    def _end(self, status: str, message: str) -> None:
        """Stop for good: the generator is closed and let go (the caller holds the lock)."""
        if self._events is not None:
            close = getattr(self._events, "close", None)
            if callable(close):
                close()
            self._events = None
        self.status, self.message = status, message

    def _end_of_stream(self) -> None:
        stream = self.stream
        if stream.status is Status.LIMIT_REACHED:
            template = LIMIT_MESSAGES.get(stream.limit or "", "the search stopped at a limit")
            message = f"{template.format(expanded=self._max_expanded)}: {self._hint}"
            self._end("limit_reached", message)
        else:
            self._end("exhausted", "no more solutions: the whole tree has been searched")

    def pull(self, start: int, limit: int, *, until_solution: bool, seconds: float) -> Page:
        """The next events from ``start`` (which must be where the last page ended):
        ``limit`` of them, or with ``until_solution`` everything up to and including
        the next Solution event, of which only the last ``limit`` are returned."""
        if not self._pulling.acquire(timeout=seconds + 1.0):
            raise Busy("this search is busy with another request")
        try:
            limit = min(limit, self.page_events or limit)
            return self._pull(start, max(1, limit), until_solution, seconds)
        finally:
            self._pulling.release()

    def _advance(
        self, limit: int, until_solution: bool, seconds: float
    ) -> tuple[deque[tuple[Event, Note]], int]:
        """Step the generator as far as asked: the events kept (each with what the
        teacher adds to it), and how many were taken."""
        began = time.perf_counter()
        deadline = began + seconds
        out_of_budget = began + max(0.0, self._budget_seconds - self.spent)
        out: deque[tuple[Event, Note]] = deque(maxlen=limit if until_solution else None)
        taken = 0
        teacher = self.teacher
        events = self._events
        try:
            while events is not None and (until_solution or taken < limit):
                if taken % self.CHECK_EVERY == 0:
                    now = time.perf_counter()
                    if self._closed:
                        self._end("cancelled", "the search was stopped")
                        break
                    if now >= out_of_budget:
                        self._end(
                            "limit_reached",
                            f"this search used its time budget of {self._budget_seconds:g} s: "
                            f"{self._hint}",
                        )
                        break
                    if now >= deadline and taken:
                        break
                event = next(events, None)
                if event is None:
                    self._end_of_stream()
                    break
                self._encode.count(event)
                out.append((event, None if teacher is None else teacher.see(event)))
                taken += 1
                if isinstance(event, Solution):
                    self.solutions += 1
                    if until_solution:
                        break
        except InputError as error:  # a user's problem breaking its protocol
            self._end("error", str(error))
        except Exception as error:  # a bug in a domain: keep the server up, say so
            log.exception("a live search failed")
            self._end("error", f"the search failed: {type(error).__name__}: {error}")
        finally:
            self.spent += time.perf_counter() - began
        return out, taken

    def _pull(self, start: int, limit: int, until_solution: bool, seconds: float) -> Page:
        if start != self.delivered:
            raise Busy(f"events were asked from {start}, but this search is at {self.delivered}")
        out, taken = self._advance(limit, until_solution, seconds)
        self.delivered += taken
        try:
            encoded = self._encode.encode_tail([event for event, _ in out])
            for fields, (_, note) in zip(encoded, out, strict=True):
                if note is not None:
                    fields.update(written(note))
            raw = dumps(encoded)
        except Exception as error:  # a domain's encode or draw failed on these states
            log.exception("a live search's events could not be written")
            self._end("error", f"the events could not be written: {type(error).__name__}: {error}")
            raw = b"[]"
        done = self.done
        return Page(
            events=[],
            raw_events=raw,
            next=self.delivered,
            skipped=taken - len(out),
            done=done,
            status=self.status if done else None,
            message=self.message if done else None,
            extra={"solutions": self.solutions},
        )

    def close(self) -> None:
        """End the search: now if no request is advancing it, else at its next look."""
        self._closed = True
        if self._pulling.acquire(blocking=False):
            try:
                if self._events is not None:
                    self._end("cancelled", "the search was stopped")
            finally:
                self._pulling.release()


class EventCapReached(Exception):
    """The recorder is full: the run is stopped rather than kept in memory."""


@dataclass(eq=False)
class BoundedRecorder:
    """An observer that encodes and keeps at most ``max_events`` events of the kinds
    in ``keep`` (all kinds if None), taking at most ``max_bytes``, counting the others.
    ``origin`` is the first Expand (where the search began, with its h), kept even when
    expansions are not.

    With a ``teacher``, the engine is asked for its detail, every event is shown to the
    teacher, and what it adds goes into the events kept: an expansion is held until the
    next event kept (or ``finish``), so that it carries its whole step (successors, the
    open list after it). Call ``finish`` once the run is over.

    With ``reach``, each expansion also carries ``reached``: the states its step put on
    the frontier (generated and not refused), so that a map can colour the frontier
    at every step without keeping the generations themselves (a few per expansion,
    counted in the bytes, not in the events)."""

    encoder: EventEncoder
    max_events: int
    keep: frozenset[str] | None = None
    max_bytes: int | None = None
    teacher: Teacher | None = None
    reach: bool = False
    events: EventLog = field(default_factory=EventLog, init=False)
    origin: dict[str, Any] | None = field(default=None, init=False)
    _held: dict[str, Any] | None = field(default=None, init=False)  # an expansion held for its step
    _reached: list[Any] = field(default_factory=list, init=False)  # ... and its step's new states

    @property
    def detail(self) -> int:
        """What the engine is asked for (``events.detail_of``): the teacher's wish, which
        shrinks once its budget is spent."""
        return 0 if self.teacher is None else self.teacher.detail

    def __call__(self, event: Event) -> None:
        if self.origin is None and isinstance(event, Expand):
            self.origin = self.encoder.fields(event)
        kind = kind_of(event)
        teacher = self.teacher
        if self.reach:
            self._follow(event)
        if kind in DETAIL_KINDS:  # only a teacher asks for these: it takes them in
            if teacher is not None:
                note = teacher.see(event)
                if note is not None and self._held is not None:
                    self._held.update(written(note))
            return
        kept = self.keep is None or kind in self.keep
        if kept and self._held is not None:
            self._write_held()
        note = None if teacher is None else teacher.see(event)
        if not kept:
            self.encoder.count(event)
            return
        encoded = self.encoder(event)
        if note is not None:
            encoded.update(written(note))
        if (teacher is not None or self.reach) and kind == "expand":
            self._check_room()
            self._held = encoded
            return
        self._append(encoded)

    def _follow(self, event: Event) -> None:
        """Note the states the step puts on the frontier (a refusal follows the
        generation it refuses; a stale entry taken is not about a successor)."""
        if isinstance(event, Generate):
            self._reached.append(self.encoder.state(event.state))
        elif isinstance(event, Prune) and event.reason != "stale" and self._reached:
            self._reached.pop()

    def _check_room(self) -> None:
        if len(self.events) >= self.max_events:
            raise EventCapReached
        if self.max_bytes is not None and self.events.nbytes >= self.max_bytes:
            raise EventCapReached

    def _append(self, encoded: dict[str, Any]) -> None:
        self._check_room()
        self.events.append(encoded)

    def _write_held(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            if self.teacher is not None:
                held.update(self.teacher.step())
            if self.reach:
                held["reached"], self._reached = self._reached, []
            self._append(held)

    def finish(self) -> None:
        """Write the expansion still held, if any (the run is over)."""
        self._write_held()


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
