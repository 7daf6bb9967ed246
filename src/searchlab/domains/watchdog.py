"""A time limit that holds inside a user's own code (``searchlab run``, the viewer).

The algorithms read their clock between expansions, so a ``successors()`` that yields
forever, or never returns, would run past ``--max-seconds``. Guards close that gap, as
Prolog's call limit does for a Prolog file:

- every call into the user's code, and every successor it yields, checks the deadline
  (a clock reading, ~60 ns): this stops a generator that yields forever, in any thread;
- in the main thread a real timer (``SIGALRM`` through ``signal.setitimer``) raises in
  the user's code when it never comes back at all (``while True: pass``,
  ``time.sleep``): a signal's handler runs between bytecodes, and the signal
  interrupts blocking system calls, so both kinds of endless call end;
- in any other thread (the viewer's workers), where no signal is delivered, one
  monitor thread raises the same exception in the late thread at the deadline
  (``PyThreadState_SetAsyncExc``, checked between bytecodes), noting which call of the
  user's it stopped (``stuck_call``) so that the request can name it;
- a single call into C code runs no bytecode until it returns, so none of these can
  stop it. For ``searchlab run`` (``ending_the_process``), ``GRACE`` seconds after the
  deadline a thread prints one line naming the call, the limit and the statistics so
  far, and ends the process with status 2, when the call lets go of Python's lock
  (``numpy``, hashing, most input and output); when it holds the lock
  (``sum(range(10**13))``) not even a thread runs, and a native signal handler does
  it instead (``searchlab.domains.stuck``: the call named, no statistics). In the
  viewer nothing can end such a call: the request is answered anyway and the thread
  abandoned (``searchlab.web.pool``).

The first three raise ``TimeUp``, a ``KeyboardInterrupt``: every algorithm already
turns Ctrl-C into ``SearchInterrupted`` carrying its statistics, and the user's
``except Exception`` cannot swallow it. The domain then reports the search as stopped
at the ``max_seconds`` limit (exit 3), with those statistics; in the viewer's threads,
where it stopped a call that had not returned, as that call's failure.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import FrameType
from typing import TYPE_CHECKING

from searchlab.core.checked import CallWatch, Describe

if TYPE_CHECKING:
    from searchlab.domains.stuck import LastResort

SLACK = 0.05
"""The watchdog fires this long after the deadline, so that a search whose own clock
check comes in time ends as it always did; the overrun stays well under 0.2 s."""
GRACE = 1.0
"""How long after the deadline a call that cannot be interrupted is given before
``searchlab run`` ends the process."""
RESORT_GRACE = GRACE + 0.5
"""... and before the native handler does, when the monitor's thread could not run (the
call holds Python's lock): later, so that the thread, which can say more, goes first."""
UNATTENDED_SECONDS = 10.0
"""The longest one step of a search without a time limit may spend in the user's code
outside the main thread (the viewer's live searches), where no Ctrl-C can reach it."""
POLL = 0.02
"""How often the monitor of other threads looks at their deadlines."""

_ENDING: ContextVar[bool] = ContextVar("searchlab_end_stuck_process", default=False)


_LOCAL = threading.local()  # .watchdog: the one armed in this thread


def watchdog_of_this_thread() -> Watchdog | None:
    """The watchdog armed in this thread (for the user's calls made outside a problem's
    own methods: its heuristics)."""
    found: Watchdog | None = getattr(_LOCAL, "watchdog", None)
    return found


class TimeUp(KeyboardInterrupt):
    """The watchdog stopped the user's code at the search's time limit."""


class Watchdog(CallWatch):
    """The deadline of one search's calls into the user's code (None: no limit), and
    what those calls are doing: the one in progress (``calling``) and their counts."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline: float | None = None
        self.fired = False
        self.calling: Describe | None = None  # the user's call in progress, if any
        self.stuck_call: Describe | None = None  # the call the monitor stopped
        self.expanded = 0  # calls of successors() so far
        self.generated = 0  # successors they yielded
        self._thread: int | None = None  # the thread armed, outside the main one
        self._resort: _Resort | None = None  # the native handler, when armed
        self.kind = ""  # the kind of the call in progress (``successors``), if any

    def check(self) -> None:
        """Raise ``TimeUp`` once the deadline has passed."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.fired = True
            raise TimeUp("max_seconds")

    def enter(self, call: Describe, kind: str) -> Describe | None:
        """Note that the user's ``call`` (a function of ``kind``: ``successors``,
        ``is_goal``, …) starts; returns what was in progress, for ``leave``."""
        outer, self.calling, self.kind = self.calling, call, kind
        if self._resort is not None:
            self._resort.enter(kind)
        return outer

    def leave(self, outer: Describe | None) -> None:
        self.calling = outer
        if outer is None:
            self.kind = ""
            if self._resort is not None:
                self._resort.leave()

    def _ring(self, _signum: int, _frame: FrameType | None) -> None:
        if self.deadline is not None and not self.fired:  # once: not again mid-unwinding
            self.fired = True
            raise TimeUp("max_seconds")

    @contextmanager
    def armed(self) -> Iterator[None]:
        """The deadline running from now, with the timer set when it can be (the main
        thread of a platform with ``setitimer``), else the monitor watching this thread;
        disarmed on the way out."""
        if self.seconds is None:
            yield
            return
        main = threading.current_thread() is threading.main_thread()
        timer = main and hasattr(signal, "setitimer")
        ending = main and _ENDING.get()
        resort = self._arm_last_resort() if ending else None  # loaded before the clock runs
        self.deadline = time.perf_counter() + self.seconds + SLACK
        if self._resort is not None:
            self._resort.begin(self.deadline)
        previous = None
        if timer:
            previous = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, self.seconds + SLACK)
        outer, _LOCAL.watchdog = getattr(_LOCAL, "watchdog", None), self
        try:
            if main and not ending:
                yield
            else:
                with _MONITOR.watching(self):
                    yield
        finally:
            _LOCAL.watchdog = outer
            self.deadline = None
            if resort is not None:
                resort.stop()
                self._resort = None
            if timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, signal.SIG_DFL if previous is None else previous)

    # -- a call that nothing in Python can stop (searchlab run only) ------------------
    def stuck_message(self, call: str, grace: float = GRACE, stats: bool = True) -> str:
        """The line ``searchlab run`` ends with when ``call`` outlived the limit by
        ``grace`` seconds."""
        said = (
            f"searchlab: error: {call} did not return within --max-seconds {self.seconds:g} "
            f"(+{grace:g} s) and could not be interrupted (a single long call into C code "
            "cannot be): the process was ended"
        )
        if stats:
            said += f" after {self.expanded:,} calls of successors ({self.generated:,} successors)"
        return said

    def _arm_last_resort(self) -> LastResort | None:
        """The native handler (``searchlab.domains.stuck``), installed before the clock
        starts; ``begin`` starts its timer."""
        from searchlab.domains import stuck

        last = stuck.install()
        if last is None:
            return None
        self._resort = _Resort(self, last)
        return last

    def _end_process(self) -> None:
        """Print the stuck call's line and end the process (the monitor's thread)."""
        calling = self.calling
        call = "the problem's code" if calling is None else calling()
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        with contextlib.suppress(Exception):
            sys.stderr.write(self.stuck_message(call) + "\n")
            sys.stderr.flush()
        os._exit(2)

    # -- other threads -----------------------------------------------------------------
    def _overdue(self, now: float) -> None:
        """At the deadline, raise ``TimeUp`` in the armed thread when it is not the main
        one; ``GRACE`` later, end the process when it is (the monitor's thread, holding
        its lock)."""
        if self.deadline is None or now < self.deadline or self._thread is None:
            return
        if self._thread == threading.main_thread().ident:
            if now >= self.deadline + GRACE and self.calling is not None:  # in the user's call
                self._end_process()
            return
        if not self.fired:
            self.fired = True
            self.stuck_call = self.calling
            _raise_in(self._thread, TimeUp)


class _Resort:
    """The native handler's timer for one armed stretch, and its message naming the kind
    of call in progress. It must fire only in the user's code: work of the library's
    after the deadline (the search returning, its frontier freed, seconds for millions
    of nodes) is no stuck call. So in the last ``WINDOW`` seconds the timer runs only
    during the user's calls (two system calls each); before, it runs throughout."""

    WINDOW = 1.0

    def __init__(self, watchdog: Watchdog, last: LastResort) -> None:
        self.watchdog = watchdog
        self.last = last
        self.lines: dict[str, bytes] = {}
        self.said = ""
        self.running = False
        self.fire_at = self.window = 0.0

    def begin(self, deadline: float) -> None:
        self.fire_at = deadline + RESORT_GRACE
        self.window = deadline - SLACK - self.WINDOW
        self.say("the problem's code")
        self.last.start(self.fire_at - time.perf_counter())
        self.running = True

    def say(self, kind: str) -> None:
        from searchlab.domains import stuck

        line = self.lines.get(kind)
        if line is None:
            said = self.watchdog.stuck_message(f"{kind}()", RESORT_GRACE, stats=False)
            line = self.lines[kind] = stuck.padded(said)
        self.last.say(line)
        self.said = kind

    def enter(self, kind: str) -> None:
        if kind is not self.said:
            self.say(kind)
        if not self.running:
            self.last.start(max(0.001, self.fire_at - time.perf_counter()))
            self.running = True

    def leave(self) -> None:
        if self.running and time.perf_counter() >= self.window:
            self.last.stop()
            self.running = False

    def stop(self) -> None:
        self.last.stop()
        self.running = False


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    """Raise ``error`` in ``thread`` at its next bytecode (None: drop one pending)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), ctypes.py_object(error) if error is not None else None
    )


class _Monitor:
    """One daemon thread for every watchdog armed outside the main thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.armed: set[Watchdog] = set()
        self.wake = threading.Event()
        self.thread: threading.Thread | None = None

    @contextmanager
    def watching(self, watchdog: Watchdog) -> Iterator[None]:
        watchdog._thread = threading.get_ident()
        with self.lock:
            self.armed.add(watchdog)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="searchlab-watchdog")
                self.thread.daemon = True
                self.thread.start()
        self.wake.set()
        try:
            yield
        finally:
            with self.lock:
                self.armed.discard(watchdog)
                watchdog.deadline = None
                thread, watchdog._thread = watchdog._thread, None
                if watchdog.fired and thread is not None:
                    _raise_in(thread, None)  # not delivered yet: not anywhere else

    def _run(self) -> None:
        while True:
            with self.lock:
                now = time.perf_counter()
                for watchdog in self.armed:
                    watchdog._overdue(now)
                idle = not self.armed
                if idle:
                    self.wake.clear()
            if idle:
                self.wake.wait()
            else:
                time.sleep(POLL)


_MONITOR = _Monitor()


def stuck_kind(thread: int) -> str | None:
    """The kind of the user's call in progress in ``thread`` (``successors``), when a
    watchdog armed there has seen its deadline pass; said without describing the
    call's state, whose ``repr`` is the user's code too."""
    with _MONITOR.lock:
        for watchdog in _MONITOR.armed:
            if watchdog._thread == thread and watchdog.fired and watchdog.kind:
                return watchdog.kind
    return None


@contextmanager
def ending_the_process() -> Iterator[None]:
    """Within this (``searchlab run``), a call into the user's code that outlives the
    time limit by ``GRACE`` ends the process with status 2 and one line (see the
    module docstring); elsewhere (a notebook, the viewer) the process is never ended."""
    token = _ENDING.set(True)
    try:
        yield
    finally:
        _ENDING.reset(token)
