"""One SWI-Prolog process serving one file: start it, ask it, stop it.

The process runs ``driver.pl`` (beside this module), which loads the file and then
answers one request a line (the protocol is described at the top of ``driver.pl``).
Every call has a time limit: when it is up, the driver is sent SIGUSR1, which stops
the call and makes it answer "timeout"; should it still not answer shortly after, or
die, it is killed and started again on the next call, so a broken file can never
hang or crash the Python side. Calls from several threads take turns (a lock), and a
process started before a ``fork`` is left to the parent: the child starts its own.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import shutil
import signal
import subprocess
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path

from searchlab.core.errors import InputError, ProblemError

DRIVER = Path(__file__).with_name("driver.pl")

STACK_LIMIT = "256m"
"""SWI-Prolog's stacks for one process (its default is 1 GB): a runaway recursion in
a course's file ends in a resource error within a second or two instead of eating a
gigabyte of a shared machine; a search step never comes near it."""

GRACE_SECONDS = 2.0
"""How long after being told that its time is up the process may stay silent before
it is killed (it normally answers at once; a builtin running in C answers when it
returns)."""


INSTALL = (
    "SWI-Prolog is not installed: searchlab runs a Prolog problem with its `swipl` "
    "program (Debian or Ubuntu: apt-get install swi-prolog-nox; elsewhere "
    "https://www.swi-prolog.org/download/stable), or set SEARCHLAB_SWIPL to its path"
)


def find_swipl() -> str:
    """The ``swipl`` program: ``$SEARCHLAB_SWIPL``, else the one on PATH (InputError
    saying what to install when there is none)."""
    chosen = os.environ.get("SEARCHLAB_SWIPL")
    if chosen:
        if not os.access(chosen, os.X_OK) or os.path.isdir(chosen):
            raise InputError(f"SEARCHLAB_SWIPL names {chosen}, which is not a program")
        return chosen
    found = shutil.which("swipl")
    if found is None:
        raise InputError(INSTALL)
    return found


def prolog_file(path: str | Path) -> Path:
    """The Prolog file ``path`` names, resolved (InputError, field ``target``, when it
    is not a ``.pl`` file or does not exist)."""
    file = Path(path)
    if file.suffix.lower() != ".pl":
        raise InputError(f"{path} is not a Prolog file (.pl)", field="target")
    if not file.is_file():
        raise InputError(f"no such file: {path}", field="target")
    return file.resolve()


def one_line(text: str, width: int = 60) -> str:
    """A term's text cut to ``width`` characters, for a message."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


@dataclass(frozen=True)
class Loaded:
    """What the file turned out to define, and the warnings loading it gave."""

    defined: frozenset[str]  # "s/3", "goal/1", ... of the names asked about
    admissible: frozenset[str]  # names n with admissible(n)
    unit_costs: bool
    warnings: tuple[str, ...] = field(default=())


class Timeout(Exception):
    """A call hit its time limit (the driver stopped it and is ready for more)."""

    def __init__(self, predicate: str, state: str) -> None:
        super().__init__(predicate)
        self.predicate = predicate
        self.state = state


class Bridge:
    """The process serving ``path`` (started at once: loading errors come first)."""

    script = DRIVER  # what the process runs (a query's tracer runs tracer.pl)

    def __init__(
        self, path: Path, shown: str, load_seconds: float, names: tuple[str, ...] = ()
    ) -> None:
        self.path = path
        self.shown = shown  # the file as the user named it, for messages
        self.load_seconds = load_seconds  # loading it, directives included, may take this
        self.names = names  # the predicate names whose arities loading reports
        self.binding: tuple[str, ...] | None = None  # the bind request, sent at each start
        self.swipl = find_swipl()
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._forks = -1  # the value of _FORKS when it was started
        self._buffer = bytearray()
        self.loaded = self._start()

    # -- the process ------------------------------------------------------------------
    def _start(self) -> Loaded:
        command = [
            self.swipl,
            "-q",
            "-f",
            "none",
            f"--stack-limit={STACK_LIMIT}",
            str(self.script),
            "--",
            str(self.path),
        ]
        try:
            process = subprocess.Popen(
                [*command, str(os.getpid())],  # the driver ends when this process has
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                start_new_session=True,  # Ctrl-C on the terminal is Python's to handle
            )
        except OSError as error:
            raise InputError(f"cannot run {self.swipl}: {error.strerror}") from None
        self._process = process
        self._forks = _FORKS
        self._buffer.clear()
        assert process.stdout is not None
        self._poll = select.poll()  # poll, not select: any descriptor number works
        self._poll.register(process.stdout.fileno(), select.POLLIN)
        _OWNERS[process] = os.getpid()
        weakref.finalize(self, _stop, process)
        self._send(process, _request(("names", *self.names)))
        loaded = self._loaded()
        if self.binding is not None:
            reply = self._exchange(_request(("bind", *self.binding)), self.load_seconds)
            if reply[0][0] != "ok":  # the driver's own mistake: say what it said
                self._kill()
                raise ProblemError(f"cannot bind the relations of {self.shown}: {reply[0]}")
        return loaded

    def bind(self, binding: tuple[str, ...]) -> None:
        """Tell the driver which predicate plays which part (again at every restart)."""
        self.binding = binding
        self.ask("bind", self.load_seconds, *binding)

    def _send(self, process: subprocess.Popen[bytes], request: bytes) -> None:
        assert process.stdin is not None
        try:
            os.write(process.stdin.fileno(), request)
        except BrokenPipeError:
            status = self._kill()
            raise ProblemError(
                f"the Prolog process of {self.shown} has ended (exit status {status})"
            ) from None

    def _loaded(self) -> Loaded:
        """Read what loading the file said, up to ``ready``."""
        warnings: list[str] = []
        defined: list[str] = []
        deadline = time.monotonic() + self.load_seconds
        while True:
            line = self._read_or_stop(
                deadline,
                f"{self.shown} did not finish loading within {self.load_seconds:g} s: "
                "does a directive in it never end?",
            )
            if line == b"":
                status = self._kill()
                raise ProblemError(
                    f"swipl ended while loading {self.shown} (exit status {status}): does "
                    "the file call halt?"
                )
            kind, *fields = line.decode("utf-8", "replace").split("\t")
            if kind == "warning":
                warnings.append(self._located(fields, "warning: "))
            elif kind == "loaderror":
                self._kill()
                raise ProblemError(self._located(fields, ""))
            elif kind == "defines":
                defined.append(f"{fields[0]}/{fields[1]}")
            elif kind == "ready":
                admissible, unit = fields
                return Loaded(
                    frozenset(defined),
                    frozenset(_prolog_list(admissible)),
                    unit == "1",
                    tuple(warnings),
                )

    def _located(self, fields: list[str], prefix: str) -> str:
        """``file:line: message`` with the file as the user named it."""
        file, line, text = [*fields, "", "", ""][:3]
        if not file or Path(file) == self.path:
            file = self.shown
        place = f"{file}:{line}: " if line not in ("", "0") else f"{file}: "
        return place + prefix + text

    def _read_or_stop(self, deadline: float, why: str) -> bytes:
        """The next line, or (none by ``deadline``) the process stopped and ``why`` raised."""
        line = self._read_line(deadline)
        if line is None:
            self._kill()
            raise ProblemError(why)
        return line

    def _read_line(self, deadline: float) -> bytes | None:
        """The next line without its newline; b"" at the end of the output, None when
        ``deadline`` (time.monotonic) passed first."""
        process = self._process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            wait = deadline - time.monotonic()
            if wait <= 0:
                return None
            if not self._poll.poll(min(wait, 3600.0) * 1000):
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b""
            self._buffer += chunk

    def _kill(self) -> int | None:
        """Stop the process at once; its exit status."""
        process, self._process = self._process, None
        if process is None:
            return None
        return _stop(process)

    def close(self) -> None:
        """Stop the process (the next call would start it again)."""
        with self._lock:
            if self._forks == _FORKS:
                self._kill()
            self._process = None

    # -- calls ------------------------------------------------------------------------
    def ask(self, op: str, seconds: float, *args: str) -> list[list[str]]:
        """Send one request and return its reply: the head's fields, then for a
        ``lines N`` reply the fields of those N lines. A ``timeout`` reply raises
        Timeout; ``error`` and ``bad`` replies are returned for the caller to word."""
        request = _request((op, *args))
        with self._lock:
            if self._process is None or self._forks != _FORKS:
                self._process = None
                self.loaded = self._start()
            finished = False
            try:
                reply = self._exchange(request, seconds)
                finished = True
            finally:
                if not finished:  # interrupted mid-reply: the pipe is out of step
                    self._kill()
        if reply[0][0] == "timeout":
            raise Timeout(reply[0][1], reply[0][2] if len(reply[0]) > 2 else "")
        return reply

    def _exchange(self, request: bytes, seconds: float) -> list[list[str]]:
        process = self._process
        assert process is not None
        self._send(process, request)
        head = self._first_line(process, seconds)
        reply = [head]
        if head[0] == "lines":
            # the rest follows at once: the driver writes a reply whole
            deadline = time.monotonic() + GRACE_SECONDS
            reply += [self._line_or_fail(deadline, seconds) for _ in range(int(head[1]))]
        return reply

    def _first_line(self, process: subprocess.Popen[bytes], seconds: float) -> list[str]:
        """The reply's first line, the call stopped (SIGUSR1) if ``seconds`` pass first."""
        line = self._read_line(time.monotonic() + seconds)
        if line is None:
            with contextlib.suppress(OSError):  # it has just ended: reading says so
                process.send_signal(signal.SIGUSR1)
            return self._line_or_fail(time.monotonic() + GRACE_SECONDS, seconds)
        return self._decoded(line, seconds)

    def _line_or_fail(self, deadline: float, seconds: float) -> list[str]:
        line = self._read_or_stop(
            deadline,
            f"the Prolog process of {self.shown} gave no answer within {seconds:g} s, "
            "even when told its time was up, and was stopped",
        )
        return self._decoded(line, seconds)

    def _decoded(self, line: bytes, seconds: float) -> list[str]:
        if line == b"":
            status = self._kill()
            raise ProblemError(
                f"the Prolog process of {self.shown} ended (exit status {status}) in the "
                "middle of a call: does the file call halt?"
            )
        return line.decode("utf-8").split("\t")


def _request(fields: tuple[str, ...]) -> bytes:
    return "\t".join(fields).encode("utf-8") + b"\n"


def _prolog_list(text: str) -> list[str]:
    """``[s/3,goal/1]`` as ``["s/3", "goal/1"]`` (atoms the driver wrote)."""
    inner = text.strip().removeprefix("[").removesuffix("]")
    return [item for item in inner.split(",") if item]


_FORKS = 0
"""How many times this process is a fork's child: a bridge started before the fork
belongs to the parent, and the child starts its own process."""


def _forked() -> None:
    global _FORKS
    _FORKS += 1


os.register_at_fork(after_in_child=_forked)

_OWNERS: weakref.WeakKeyDictionary[subprocess.Popen[bytes], int] = weakref.WeakKeyDictionary()
"""Every process started, and the Python process that started it (after a fork, only
that one may stop it)."""


def _stop(process: subprocess.Popen[bytes] | None) -> int | None:
    """Kill ``process`` (if this Python process started it) and reap it."""
    if process is None or _OWNERS.get(process) != os.getpid():
        return None
    if process.poll() is None:
        process.kill()
    status = process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()
    return status


@atexit.register
def _stop_all() -> None:
    for process in list(_OWNERS):
        _stop(process)
