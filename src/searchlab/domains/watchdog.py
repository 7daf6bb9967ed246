"""A time limit that holds inside a user's own code (``searchlab run``).

The algorithms read their clock between expansions, so a ``successors()`` that yields
forever, or never returns, would run past ``--max-seconds``. Two guards close that
gap, as Prolog's call limit does for a Prolog file:

- every call into the user's code, and every successor it yields, checks the deadline
  (a clock reading, ~60 ns): this stops a generator that yields forever, in any thread;
- in the main thread a real timer (``SIGALRM`` through ``signal.setitimer``) raises in
  the user's code when it never comes back at all (``while True: pass``,
  ``time.sleep``). A real signal was chosen over ``_thread.interrupt_main`` (which only
  sets a flag: a blocking ``sleep`` or ``select`` is not woken) and over
  ``PyThreadState_SetAsyncExc`` (which is checked between bytecodes only, so it wakes
  no blocking call either, and needs a second thread). A signal's handler runs
  between bytecodes too, and the signal interrupts blocking system calls, so both
  kinds of endless call end. A single long C call (``10 ** 10 ** 9``) still runs to
  its end: nothing short of killing the process stops it.

Both raise ``TimeUp``, a ``KeyboardInterrupt``: every algorithm already turns Ctrl-C
into ``SearchInterrupted`` carrying its statistics, and the user's ``except
Exception`` cannot swallow it. The domain then reports the search as stopped at the
``max_seconds`` limit (exit 3), with those statistics.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

SLACK = 0.05
"""The watchdog fires this long after the deadline, so that a search whose own clock
check comes in time ends as it always did; the overrun stays well under 0.2 s."""


class TimeUp(KeyboardInterrupt):
    """The watchdog stopped the user's code at the search's time limit."""


class Watchdog:
    """The deadline of one search's calls into the user's code (None: no limit)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline: float | None = None
        self.fired = False

    def check(self) -> None:
        """Raise ``TimeUp`` once the deadline has passed."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.fired = True
            raise TimeUp("max_seconds")

    def _ring(self, _signum: int, _frame: FrameType | None) -> None:
        if self.deadline is not None and not self.fired:  # once: not again mid-unwinding
            self.fired = True
            raise TimeUp("max_seconds")

    @contextmanager
    def armed(self) -> Iterator[None]:
        """The deadline running from now, with the timer set when it can be (the main
        thread of a platform with ``setitimer``); disarmed on the way out."""
        if self.seconds is None:
            yield
            return
        self.deadline = time.perf_counter() + self.seconds + SLACK
        timer = (
            hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )
        previous = None
        if timer:
            previous = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, self.seconds + SLACK)
        try:
            yield
        finally:
            self.deadline = None
            if timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, signal.SIG_DFL if previous is None else previous)
