"""The viewers the server is serving: one search each, dropped when idle or when too
many are open, so many people can watch at once and none can fill the memory."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from searchlab.web.sources import EventSource


class SessionGone(LookupError):
    """The session id is unknown: never issued, expired, or dropped for a newer one."""


@dataclass
class Session:
    id: str
    view: str
    source: EventSource
    info: dict[str, Any]  # what the page was told when the search started
    last_used: float = field(default=0.0)


class SessionStore:
    """Sessions by id, least recently used first; expiry is checked on every access."""

    def __init__(
        self,
        max_sessions: int,
        idle_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._sessions)

    def _expire(self, now: float) -> list[Session]:
        dropped = []
        while self._sessions:
            oldest = next(iter(self._sessions.values()))
            if now - oldest.last_used < self.idle_seconds:
                break
            dropped.append(self._sessions.popitem(last=False)[1])
        return dropped

    def add(self, view: str, source: EventSource, info: dict[str, Any]) -> Session:
        now = self.clock()
        session = Session(secrets.token_urlsafe(12), view, source, info, now)
        with self._lock:
            dropped = self._expire(now)
            while len(self._sessions) >= self.max_sessions:
                dropped.append(self._sessions.popitem(last=False)[1])
            self._sessions[session.id] = session
        for old in dropped:
            old.source.close()
        return session

    def get(self, session_id: str) -> Session:
        now = self.clock()
        with self._lock:
            dropped = self._expire(now)
            session = self._sessions.get(session_id)
            if session is not None:
                session.last_used = now
                self._sessions.move_to_end(session_id)
        for old in dropped:
            old.source.close()
        if session is None:
            raise SessionGone(
                "this search is no longer on the server (it expired or too many were open): "
                "press Start again"
            )
        return session

    def reap(self) -> int:
        """Drop the sessions idle too long (their search threads end); how many went.
        The server calls this now and then, so a viewer that left costs nothing for
        long even when nobody else comes."""
        with self._lock:
            dropped = self._expire(self.clock())
        for old in dropped:
            old.source.close()
        return len(dropped)

    def remove(self, session_id: str) -> None:
        with self._lock:
            session = self._sessions.pop(session_id, None)
        if session is not None:
            session.source.close()

    def close_all(self) -> None:
        with self._lock:
            sessions = list(self._sessions.values())
            self._sessions.clear()
        for session in sessions:
            session.source.close()
