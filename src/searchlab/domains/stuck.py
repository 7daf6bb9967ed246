"""The last resort of ``searchlab run``'s time limit: ending a process stuck in one call
into C code that holds Python's lock (``sum(range(10**13))``, ``10**10**9``).

Such a call runs no bytecode until it returns, so no Python code can act: neither the
``SIGALRM`` handler nor another thread (it waits for the lock the call holds). What
still runs is native code in a signal handler. ``install`` sets one, compiled by numba
(cached on disk) and needing nothing from Python: on ``SIGPROF``, which a timer of the
clock sends, it copies a message prepared beforehand to standard error
(``sendfile`` from a memory file, ``MESSAGE_FD``) and ends the process with ``_exit(2)``.
The message is kept up to date by ``say`` (a copy into shared memory, no system call),
so it names the kind of call last made; the statistics cannot be read at that point.
``install`` sets it up once a process (loading numba: a second or so); each armed
stretch then only starts and stops the timer.

Linux only (``memfd_create``, ``sendfile``); elsewhere, without numba, or with
``SEARCHLAB_DISABLE_JIT=1`` (which also saves the second it takes to load numba),
``install`` returns None and such a call runs to its end, as documented.
"""

from __future__ import annotations

import ctypes
import mmap
import os
import signal

MESSAGE_FD = 1000
"""The descriptor the handler reads its message from (under the usual limit of 1,024)."""
WIDTH = 400
"""Every message is padded to this many bytes (spaces before its newline): the handler
copies the whole memory file, whose size stays fixed."""


def _compile() -> int | None:
    """The handler's address (numba's cache, or a compile); None without numba, or with
    the compiled code switched off (``SEARCHLAB_DISABLE_JIT=1``: ``searchlab.jit``)."""
    from searchlab.jit import JIT_ENABLED

    if not JIT_ENABLED:
        return None
    try:
        from searchlab.domains.stuck_handler import handler
    except ImportError:
        return None
    address = handler.address
    return None if address is None else int(address)


def padded(text: str) -> bytes:
    """``text`` as one line of exactly ``WIDTH`` bytes (cut if longer)."""
    data = text.encode("utf-8", "replace")[: WIDTH - 1]
    return data + b" " * (WIDTH - 1 - len(data)) + b"\n"


class _Timespec(ctypes.Structure):
    _fields_ = (("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long))


class _Itimerspec(ctypes.Structure):
    _fields_ = (("it_interval", _Timespec), ("it_value", _Timespec))


class _Sigevent(ctypes.Structure):
    """Linux's ``struct sigevent`` (64 bytes): its value, signal and way of notice."""

    _fields_ = (
        ("sigev_value", ctypes.c_void_p),
        ("sigev_signo", ctypes.c_int),
        ("sigev_notify", ctypes.c_int),
        ("_rest", ctypes.c_int * 12),
    )


SIGEV_SIGNAL = 0
CLOCK_MONOTONIC = 1


class LastResort:
    """The handler, installed for the rest of the process, and a timer of the clock
    (``timer_create``: ``setitimer``'s real one is the watchdog's ``SIGALRM``) that
    sends it ``SIGPROF``: ``start`` and ``stop`` it around each armed stretch, ``say``
    what the handler will print."""

    def __init__(self, page: mmap.mmap, libc: ctypes.CDLL, timer: ctypes.c_void_p) -> None:
        self.page = page
        self.libc = libc
        self.timer = timer

    def say(self, line: bytes) -> None:
        """Print ``line`` (made by ``padded``) if the handler fires."""
        self.page[:] = line

    def start(self, seconds: float) -> None:
        whole = int(seconds)
        when = _Itimerspec(_Timespec(0, 0), _Timespec(whole, int((seconds - whole) * 1e9)))
        self.libc.timer_settime(self.timer, 0, ctypes.byref(when), None)

    def stop(self) -> None:
        self.start(0.0)


_installed: list[LastResort | None] = []


def install() -> LastResort | None:
    """The handler installed for ``SIGPROF`` (once a process), or None when it cannot be
    here (not Linux, no numba, ``MESSAGE_FD`` already taken)."""
    if _installed:
        return _installed[0]
    resort = None
    address = _compile() if hasattr(os, "memfd_create") else None
    if address is not None and not _taken(MESSAGE_FD):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.signal.argtypes = (ctypes.c_int, ctypes.c_void_p)
        libc.signal.restype = ctypes.c_void_p
        notice = _Sigevent(sigev_signo=signal.SIGPROF, sigev_notify=SIGEV_SIGNAL)
        timer = ctypes.c_void_p()
        if libc.timer_create(CLOCK_MONOTONIC, ctypes.byref(notice), ctypes.byref(timer)) == 0:
            memory = os.memfd_create("searchlab-stuck")
            os.ftruncate(memory, WIDTH)
            os.dup2(memory, MESSAGE_FD, inheritable=False)
            os.close(memory)
            resort = LastResort(mmap.mmap(MESSAGE_FD, WIDTH), libc, timer)
            libc.signal(signal.SIGPROF, ctypes.c_void_p(address))
    _installed.append(resort)
    return resort


def _taken(descriptor: int) -> bool:
    try:
        os.fstat(descriptor)
    except OSError:
        return False
    return True
