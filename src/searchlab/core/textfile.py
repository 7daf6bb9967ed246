"""Reading a user's text file within the memory budget: streamed in blocks, so that
``/dev/zero`` or a file of gigabytes is refused after reading at most its cap, not after
exhausting the machine; a line longer than the reader's cap is refused by its number as
soon as it is seen; a UTF-8 byte order mark is accepted (editors on Windows write one).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

from searchlab.core import allowance
from searchlab.core.errors import InputError
from searchlab.core.resources import size_text

BLOCK = 1 << 20
TEXT_FACTOR = 6
"""Bytes of memory per byte of a text file while a reader parses it: the bytes, the
decoded text, and the pieces split from it (measured 4 to 5 on DIMACS and CSV)."""
MAX_LINE = 1 << 20
"""The longest line the line-oriented readers accept (a Sudoku is 625 cells, a DIMACS
arc some 30 characters, a map's row 8,192)."""


def _open(path: Path, field: str | None) -> BinaryIO:
    if str(path) == "-":
        return sys.stdin.buffer
    try:
        if path.is_dir():
            raise InputError(f"cannot read {path}: it is a directory", field=field)
        return path.open("rb")
    except FileNotFoundError:
        raise InputError(f"cannot read {path}: no such file", field=field) from None
    except IsADirectoryError:
        raise InputError(f"cannot read {path}: it is a directory", field=field) from None
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}", field=field) from None
    except ValueError:  # a NUL in the name
        raise InputError(f"cannot read {path}: no such file", field=field) from None


def read_text(
    path: Path,
    *,
    field: str | None = None,
    max_line: int | None = MAX_LINE,
    factor: float = TEXT_FACTOR,
) -> str:
    """The text of ``path`` (``-``: standard input), refused past ``max_memory() /
    factor`` bytes or with a line longer than ``max_line`` characters (None: any)."""
    most = int(allowance.max_memory() / factor)
    blocks: list[bytes] = []
    total = 0
    run = 0  # characters since the last newline
    line = 1
    handle = _open(path, field)
    try:
        while True:
            block = handle.read(BLOCK)
            if not block:
                break
            total += len(block)
            if total > most:
                allowance.afford(
                    f"reading {path} (more than {size_text(most)})",
                    total * factor,
                    field or "file",
                    "a smaller file, or a larger --max-memory",
                )
            if max_line is not None:
                pieces = block.split(b"\n")
                run += len(pieces[0])
                longest = max(run, max(map(len, pieces[1:]), default=0))
                if longest > max_line:
                    at = line if run > max_line else line + _first_long(pieces, max_line)
                    raise InputError(
                        f"{path} line {at}: longer than {max_line:,} characters", field=field
                    )
                if len(pieces) > 1:
                    line += len(pieces) - 1
                    run = len(pieces[-1])
            blocks.append(block)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}", field=field) from None
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
    try:
        return b"".join(blocks).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path} is not a text file (not UTF-8)", field=field) from None


def _first_long(pieces: list[bytes], max_line: int) -> int:
    """How many lines after the block's first the first too long one is."""
    return next(i for i, piece in enumerate(pieces) if i and len(piece) > max_line)
