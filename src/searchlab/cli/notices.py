"""Deprecation notices: each said at most once per release to each user, and never
when --json was asked for (a script reads stdout, and its stderr is often a log that a
line on every call would fill).

What was said is kept in ``notices.json`` in searchlab's cache folder
(``searchlab.core.cachedir``): the release it was said in, and the notices. A new
release says them again; a cache that cannot be read or written means the notice is
said (and said again next time), never an error.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from searchlab import __version__
from searchlab.cli.options import note
from searchlab.core.cachedir import cache_dir

FILE_NAME = "notices.json"


def seen_file() -> Path:
    """Where the notices already said are kept."""
    return cache_dir() / FILE_NAME


def json_asked() -> bool:
    """Whether the command running (or a group above it) was given --json."""
    context = click.get_current_context(silent=True)
    while context is not None:
        if context.params.get("as_json"):
            return True
        context = context.parent
    return False


def deprecated(message: str, *, as_json: bool | None = None) -> None:
    """Say ``message`` (a deprecation) on stderr unless --json was asked for (``as_json``,
    else read from the running command) or this user was already told in this release."""
    if as_json if as_json is not None else json_asked():
        return
    if _remember(message):
        note(message)


def _remember(message: str) -> bool:
    """Record ``message`` as said in this release; False if it already was."""
    path = seen_file()
    said: list[str] = []
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(kept, dict) and kept.get("release") == __version__:
            said = [text for text in kept.get("said", []) if isinstance(text, str)]
    except (OSError, ValueError):
        pass
    if message in said:
        return False
    try:
        from searchlab.core.outfile import atomic

        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic(path) as temporary:
            document = {"release": __version__, "said": [*said, message]}
            temporary.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    except OSError:
        pass
    return True
