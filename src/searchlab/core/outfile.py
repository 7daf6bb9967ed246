"""Writing an output file whole or not at all: the text goes to a temporary file beside
it, renamed over the name only once complete, so a full disk, an error or Ctrl-C halfway
never leaves a half-written file under the user's name; and a file the user did not
name (a ``.co`` beside the ``.gr`` asked for) is not overwritten without ``--force``."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from searchlab.core.errors import InputError


def refuse_existing(paths: Sequence[Path], field: str = "out") -> None:
    """Refuse to overwrite any of ``paths`` that exists (the caller offers --force)."""
    there = [str(path) for path in paths if path.exists()]
    if there:
        raise InputError(
            f"{', '.join(there)} already exist{'s' if len(there) == 1 else ''}: "
            "give --force to overwrite, or another name",
            field=field,
        )


@contextlib.contextmanager
def atomic(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write; renamed to ``path`` when the block
    ends without error, removed otherwise."""
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    os.close(handle)
    temporary = Path(name)
    mask = os.umask(0o022)
    os.umask(mask)
    os.chmod(temporary, 0o666 & ~mask)  # as an ordinary open() would have made it
    try:
        yield temporary
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
