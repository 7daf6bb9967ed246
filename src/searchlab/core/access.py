"""Which files a name given as input may open, and whether a run may write the cache.

On the command line a name is the user's own: ``ny.gr:1`` opens ``ny.gr``, a schedule
may be ``tasks.toml``, ``--landmarks-file`` any file, and tables built once are kept
in the user's cache. In the web viewer the same text comes from whoever reaches the
page, so while a request is handled the policy is ``Served``: a name opens a file only
when the server was started with it (``searchlab serve --graph FILE``), looked up by
its name in the catalogue and never read as a path, and nothing is written to the
user's cache. Any other name is refused with one message that depends on the field
alone: it says nothing of the server's files (whether a path exists, what it holds).

Every reader that takes a file name from input asks ``named_file``; the web sets the
policy for the whole handling of a request (``serving``). The policy is a context
variable, so it follows a request into the worker thread that computes it.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from searchlab.core.errors import InputError

_ADVICE = {  # what to do instead, by the kind of name refused
    "graph": "name a graph the server offers (romania, a generated one, or one it was "
    "started with)",
    "landmarks": "the viewer builds landmarks itself: leave the landmarks file empty",
    "map": "choose a map the server offers, or write REGION: NEIGHBOUR … in the field",
    "pddl": "choose a task the server offers (@blocks, @gripper)",
    "schedule": "write the start itself in the field (or choose a named one)",
    "value": "write the value itself in the field (or choose one the page offers)",
}
_ROOTED = re.compile(r"^\s*(?:[/\\~]|\.\.?[/\\]|[A-Za-z]:[/\\])")
"""A path from the root, the home folder, the current folder or its parent, or a drive."""
_FILE_NAME = re.compile(
    r"[^:]*\.(?:gr|co|csv|map|scen|graphml|xml|npz|toml|json|txt|pl|py|pddl)(?::.*)?",
    re.IGNORECASE | re.DOTALL,
)
"""The last part of a path to a file of a kind searchlab reads (``g.gr``, ``g.gr:1``)."""


@dataclass(frozen=True)
class Served:
    """The policy of a web request: the files of each kind it may name, by name."""

    files: Mapping[str, Mapping[str, Path]] = field(default_factory=dict)

    def names(self, kind: str) -> tuple[str, ...]:
        """The names of ``kind`` a request may use, in the order they were given."""
        return tuple(self.files.get(kind, {}))

    def paths(self) -> frozenset[str]:
        """Every file of the catalogue, resolved (what the sandbox lets a request open)."""
        return frozenset(
            os.path.realpath(path) for named in self.files.values() for path in named.values()
        )


_POLICY: ContextVar[Served | None] = ContextVar("searchlab_access", default=None)


class NotServed(InputError):
    """A request named a file the server does not offer (or any path at all)."""


def policy() -> Served | None:
    """The policy in force: None on the command line (any file the user names)."""
    return _POLICY.get()


def may_write_cache() -> bool:
    """Whether tables built now may be saved in the user's cache (not in a request)."""
    return _POLICY.get() is None


@contextlib.contextmanager
def serving(served: Served) -> Iterator[None]:
    """Handle a request under ``served`` (in this context and the threads it starts)."""
    token = _POLICY.set(served)
    try:
        yield
    finally:
        _POLICY.reset(token)


def refused(kind: str, field: str) -> NotServed:
    """The one refusal of a name the server does not offer: the same words for a path
    that exists, one that does not, and any other name."""
    return NotServed(
        f"the viewer reads no files on the server: {_ADVICE.get(kind, _ADVICE['schedule'])}",
        field=field,
    )


def named_file(text: str, kind: str, field: str) -> Path:
    """The file ``text`` names: as a path on the command line; under ``Served``, only a
    name of the catalogue (anything else is ``refused``)."""
    served = _POLICY.get()
    if served is None:
        return Path(text)
    found = served.files.get(kind, {}).get(text.strip())
    if found is None:
        raise refused(kind, field)
    return found


def looks_like_path(text: str) -> bool:
    """Whether ``text`` reads as a file's path (``/a``, ``~/a``, ``../a``, ``C:\\a``,
    ``dir/g.gr:1``), which a web request never names; starts written with ``/`` inside
    (the puzzle's rows ``1 2 3/4 5 6/7 8 _``, a grid's ``grid:../.@``) are not."""
    if _ROOTED.match(text):
        return True
    parts = re.split(r"[/\\]", text.strip())
    return len(parts) > 1 and _FILE_NAME.fullmatch(parts[-1]) is not None


def catalogue(kind: str, entries: Mapping[str, Path]) -> Served:
    """A policy offering ``entries`` (name → file) of one kind."""
    return Served(MappingProxyType({kind: MappingProxyType(dict(entries))}))
