"""A recorded run's events, kept as the JSON they are served as.

A climb or an A* run records up to some 20,000 events. As dicts of lists they took
11–13 MB a session; kept encoded, back to back in one buffer with an array of where
each begins, the same run takes about 2.6 MB, a page is served by copying one slice,
and dropping the session frees one block the allocator can give back to the system.
"""

from __future__ import annotations

import bisect
import json
from array import array
from collections.abc import Iterable
from typing import Any


def dumps(value: Any) -> bytes:
    """JSON as Starlette's JSONResponse writes it (compact, UTF-8, no NaN)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


class EventLog:
    """Encoded events, appended in order and read back by index ranges."""

    def __init__(self) -> None:
        self._data = bytearray()  # every event's JSON followed by a comma
        self._starts = array("I")  # where each event begins in _data
        self._solutions = array("I")  # the indices of the "solution" events

    @classmethod
    def of(cls, events: Iterable[dict[str, Any]]) -> EventLog:
        log = cls()
        for event in events:
            log.append(event)
        return log

    def append(self, event: dict[str, Any]) -> None:
        if event.get("kind") == "solution":
            self._solutions.append(len(self._starts))
        self._starts.append(len(self._data))
        self._data += dumps(event)
        self._data += b","

    def __len__(self) -> int:
        return len(self._starts)

    @property
    def nbytes(self) -> int:
        """Roughly what the log holds in memory."""
        arrays = (len(self._starts) + len(self._solutions)) * self._starts.itemsize
        return len(self._data) + arrays

    def json(self, start: int, stop: int) -> bytes:
        """Events ``start`` to ``stop`` (excluded) as a JSON array."""
        stop = min(stop, len(self))
        if start >= stop:
            return b"[]"
        end = self._starts[stop] - 1 if stop < len(self) else len(self._data) - 1
        return b"".join((b"[", memoryview(self._data)[self._starts[start] : end], b"]"))

    def next_solution(self, start: int) -> int | None:
        """The index of the first solution event at or after ``start``, if any."""
        found = bisect.bisect_left(self._solutions, start)
        return self._solutions[found] if found < len(self._solutions) else None

    def clear(self) -> None:
        self._data = bytearray()
        self._starts = array("I")
        self._solutions = array("I")
