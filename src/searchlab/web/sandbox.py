"""No file is opened while the server reads a start or a goal typed in the page.

A domain's ``parse`` serves the command line too, where a start may name a file (a
schedule: ``tasks.toml``). In the viewer the text comes from whoever can reach the page,
so reading it as a path would let them probe the server's files, or hang a worker on
``/dev/zero``. While ``no_files()`` is active on a thread, an audit hook refuses every
``open`` outside the installed code (the package's own data, such as the schedule's
``example``, and the modules a parser may import), with an InputError the page shows
next to the field. The hook is installed once per process and costs one attribute
read per audit event elsewhere.
"""

from __future__ import annotations

import contextlib
import os
import sys
import sysconfig
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import searchlab
from searchlab.core.errors import InputError

_state = threading.local()
_installed = False
_install_lock = threading.Lock()


def _roots() -> tuple[str, ...]:
    """The folders of installed code: the standard library, site-packages, searchlab."""
    paths = sysconfig.get_paths()
    found = {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib") if key in paths}
    found.add(str(Path(searchlab.__file__).parent))
    return tuple(os.path.join(os.path.realpath(root), "") for root in found if root)


_ROOTS = _roots()


class FileRefused(InputError):
    """A start or goal typed in the page tried to read a file on the server."""


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if event != "open" or not getattr(_state, "active", False):
        return
    target = args[0]
    if isinstance(target, int):
        return  # a descriptor already open
    try:
        path = os.path.realpath(os.fsdecode(target))
    except (TypeError, ValueError):
        path = ""
    if path.startswith(_ROOTS):
        return
    raise FileRefused(
        "the viewer reads no files on the server: write the start itself in the field "
        "(or choose a named one)"
    )


def _install() -> None:
    global _installed
    with _install_lock:
        if not _installed:
            sys.addaudithook(_hook)
            _installed = True


@contextlib.contextmanager
def no_files() -> Iterator[None]:
    """Refuse, on this thread, every file opened outside the installed code."""
    _install()
    before = getattr(_state, "active", False)
    _state.active = True
    try:
        yield
    finally:
        _state.active = before
