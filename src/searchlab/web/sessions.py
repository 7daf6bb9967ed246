"""The viewers the server is serving: one search each, dropped when idle, or when too
many are open or together they hold too much, so many people can watch at once and
none can fill the memory."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from searchlab.web.sources import EventSource

LIVE_SEARCH_BYTES = 256 * 1024
"""What a source that does not say (a live search) is counted as holding: a paused
search keeps its stack and at most a page of events, well under this."""
SESSION_BYTES = 4096
"""Added to every session for its id, its info and the bookkeeping."""


@runtime_checkable
class Measured(Protocol):
    """A source that knows roughly how much memory it holds (a recorded run)."""

    @property
    def nbytes(self) -> int: ...


def footprint(source: EventSource) -> int:
    """The bytes a session of ``source`` is counted as holding."""
    held = source.nbytes if isinstance(source, Measured) else LIVE_SEARCH_BYTES
    return SESSION_BYTES + held


class SessionGone(LookupError):
    """The session id is unknown: never issued, expired, or dropped for a newer one."""


@dataclass
class Session:
    id: str
    view: str
    source: EventSource
    info: dict[str, Any]  # what the page was told when the search started
    last_used: float = field(default=0.0)
    nbytes: int = 0  # what it is counted as holding (see ``footprint``)
    owner: str | None = None  # the student who started it (classroom mode)


class SessionStore:
    """Sessions by id, least recently used first; expiry is checked on every access.

    At most ``max_sessions`` sessions holding at most ``max_bytes`` together (the newest
    is always kept): past either, the least recently used are dropped. An owner (a
    student) keeps at most ``per_owner`` sessions: past it, their own least recently
    used goes, never another's. ``freed`` counts the bytes dropped since the server last
    gave memory back (see ``memory``).
    """

    def __init__(
        self,
        max_sessions: int,
        idle_seconds: float,
        max_bytes: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        per_owner: int | None = None,
    ) -> None:
        self.max_sessions = max_sessions
        self.per_owner = per_owner
        self.idle_seconds = idle_seconds
        self.max_bytes = max_bytes
        self.clock = clock
        self.nbytes = 0
        self.freed = 0
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._sessions)

    def _pop_oldest(self) -> Session:
        session = self._sessions.popitem(last=False)[1]
        self._forget(session)
        return session

    def _forget(self, session: Session) -> None:
        self.nbytes -= session.nbytes
        self.freed += session.nbytes

    def _expire(self, now: float) -> list[Session]:
        dropped = []
        while self._sessions:
            oldest = next(iter(self._sessions.values()))
            if now - oldest.last_used < self.idle_seconds:
                break
            dropped.append(self._pop_oldest())
        return dropped

    def _over_budget(self, adding: int) -> bool:
        if len(self._sessions) >= self.max_sessions:
            return True
        return self.max_bytes is not None and self.nbytes + adding > self.max_bytes

    def _pop_owners_oldest(self, owner: str) -> list[Session]:
        """The owner's least recently used sessions past their share, dropped."""
        if self.per_owner is None:
            return []
        own = [key for key, held in self._sessions.items() if held.owner == owner]
        dropped = []
        for key in own[: max(0, len(own) - self.per_owner + 1)]:
            session = self._sessions.pop(key)
            self._forget(session)
            dropped.append(session)
        return dropped

    def add(
        self, view: str, source: EventSource, info: dict[str, Any], owner: str | None = None
    ) -> Session:
        now = self.clock()
        size = footprint(source)
        session = Session(secrets.token_urlsafe(12), view, source, info, now, size, owner)
        with self._lock:
            dropped = self._expire(now)
            if owner is not None:
                dropped += self._pop_owners_oldest(owner)
            while self._sessions and self._over_budget(size):
                dropped.append(self._pop_oldest())
            self._sessions[session.id] = session
            self.nbytes += size
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

    def take_freed(self) -> int:
        """The bytes dropped since the last call."""
        with self._lock:
            freed, self.freed = self.freed, 0
        return freed

    def reap(self) -> int:
        """Drop the sessions idle too long (their searches end); how many went.
        The server calls this now and then, so a viewer that left costs nothing for
        long even when nobody else comes."""
        with self._lock:
            dropped = self._expire(self.clock())
        for old in dropped:
            old.source.close()
        return len(dropped)

    def remove(self, session_id: str) -> bool:
        """Drop a session; False when there was none by that id."""
        with self._lock:
            session = self._sessions.pop(session_id, None)
            if session is not None:
                self._forget(session)
        if session is None:
            return False
        session.source.close()
        return True

    def close_all(self) -> None:
        with self._lock:
            sessions = list(self._sessions.values())
            self._sessions.clear()
            for session in sessions:
                self._forget(session)
        for session in sessions:
            session.source.close()
