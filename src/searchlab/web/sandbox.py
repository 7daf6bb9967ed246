"""The second net: no file is opened while the server handles a request, besides the
installed code and the files the server was started with.

The first net is ``core.access``: every reader that takes a file name from input asks
it, and in a request only names of the server's catalogue are files. This one catches
whatever a reader forgot to ask (a domain's ``parse`` serves the command line too,
where a start may name a file): while ``no_files()`` is active in a context, an audit
hook refuses every ``open`` outside the installed code (the package's own data, such as
the schedule's ``example``, and the modules a parser may import), the files it is
given (the catalogue's, with their coordinate files beside them), searchlab's cache
(the puzzle's pattern databases for its named goals), the source of a module already
running (a user's problem, whose failure's traceback reads its lines) and the machine's
facts that libraries read (``SYSTEM``); and all of these for reading only: a request
writes no file outside the installed code (where Python keeps its bytecode). A refused open raises
``FileRefused``, which the page shows next to the field with the one message of
``core.access``. The state is a context variable, so it follows a request into the
worker thread that computes it; the hook is installed once per process and costs one
context-variable read per audit event elsewhere.
"""

from __future__ import annotations

import contextlib
import os
import sys
import sysconfig
import threading
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

import searchlab
from searchlab.core.access import NotServed, Served, refused, serving

_ALLOWED: ContextVar[tuple[tuple[str, ...], tuple[str, ...], frozenset[str]] | None] = ContextVar(
    "searchlab_no_files", default=None
)
"""While active: the folders (with a trailing separator) a request may open files in,
those it may only read, and the files it may read."""
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_installed = False
_install_lock = threading.Lock()


def _roots() -> tuple[str, ...]:
    """The folders of installed code (the standard library, site-packages, searchlab)
    and the archives on ``sys.path``."""
    paths = sysconfig.get_paths()
    found = {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib") if key in paths}
    found.add(str(Path(searchlab.__file__).parent))
    folders = tuple(os.path.join(os.path.realpath(root), "") for root in found if root)
    # the import system also tries the zipped standard library and eggs on sys.path
    archives = tuple(
        os.path.realpath(entry) for entry in sys.path if entry.endswith((".zip", ".egg"))
    )
    return folders + archives


_ROOTS = _roots()
SYSTEM = ("/proc/cpuinfo", "/proc/meminfo", "/sys/devices/system/cpu/", "/sys/fs/cgroup/")
"""Facts about the machine that libraries read while computing (numba the processor's
features when it loads a compiled kernel, searchlab the memory left)."""


def _cache_root() -> str:
    """searchlab's cache folder (``$SEARCHLAB_CACHE_DIR`` or the user's cache)."""
    override = os.environ.get("SEARCHLAB_CACHE_DIR")
    if override:
        return os.path.join(os.path.realpath(override), "")
    import platformdirs

    return os.path.join(os.path.realpath(platformdirs.user_cache_dir("searchlab")), "")


class FileRefused(NotServed):
    """Something read while a request was handled tried to open a file on the server."""


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if event != "open":
        return
    allowed = _ALLOWED.get()
    if allowed is None:
        return
    target = args[0]
    if isinstance(target, int):
        return  # a descriptor already open
    try:
        path = os.path.realpath(os.fsdecode(target))
    except (TypeError, ValueError):
        path = ""
    folders, read_only, files = allowed
    if path and path.startswith(folders):
        return  # installed code (Python writes its bytecode there)
    if (
        path
        and not _writes(args)
        and (path.startswith(read_only) or path in files or _running_code(path))
    ):
        return
    raise FileRefused(str(refused("schedule", "start")))  # the caller names the field


def _writes(args: tuple[Any, ...]) -> bool:
    """Whether an ``open`` audit event's mode or flags write (create, append, truncate)."""
    mode = args[1] if len(args) > 1 else None
    flags = args[2] if len(args) > 2 else 0
    if isinstance(mode, str) and any(letter in mode for letter in "wax+"):
        return True
    return isinstance(flags, int) and bool(flags & _WRITING)


def _running_code(path: str) -> bool:
    """Whether ``path`` is the source of a module the server runs (a user's problem:
    a failure's traceback reads its lines). Looked up only for an open about to be
    refused, which is rare."""
    name = os.path.basename(path)
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and file.endswith(name) and os.path.realpath(file) == path:
            return True
    return False


def _install() -> None:
    global _installed
    with _install_lock:
        if not _installed:
            sys.addaudithook(_hook)
            _installed = True


def companions(path: Path) -> tuple[Path, ...]:
    """The files a graph's reader opens beside ``path`` (DIMACS's ``.co``, a CSV's
    ``NAME.coords.csv``)."""
    return (path, path.with_suffix(".co"), path.with_name(path.stem + ".coords.csv"))


@contextlib.contextmanager
def no_files(files: Iterable[str | Path] = ()) -> Iterator[None]:
    """Refuse, in this context, every file opened outside the installed code, the
    cache, and ``files`` (with their ``companions``)."""
    _install()
    allowed = frozenset(
        os.path.realpath(extra) for given in files for extra in companions(Path(given))
    )
    token = _ALLOWED.set((_ROOTS, (*SYSTEM, _cache_root()), allowed))
    try:
        yield
    finally:
        _ALLOWED.reset(token)


class Confine:
    """ASGI middleware: every API request is handled under the server's file policy
    (``core.access.serving``) inside ``no_files`` (its catalogue allowed), from its
    first byte to its last, in the worker threads it computes on too (a context
    variable follows the request there): the search, the map, the random start and
    every page a live search computes."""

    def __init__(self, app: ASGIApp, served: Served) -> None:
        self.app = app
        self.served = served
        self.files = served.paths()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/api/"):
            await self.app(scope, receive, send)  # the page and its modules: files it names
            return
        with serving(self.served), no_files(self.files):
            await self.app(scope, receive, send)
