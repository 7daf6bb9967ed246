"""A published set's run saved between two tasks of its search, and read back to go on.

A 24-puzzle instance takes hours to days of IDA*; a run stopped by ``--max-seconds``,
Ctrl-C, or a machine that goes down must not start again from nothing. The file holds
what the run was asked (the set, its instances by number, the heuristic and settings),
the instances finished (their rows), and where the search of the next one stands
(``parallel.SearchState``). It is JSON, written whole or not at all (``core.outfile``),
and read as hostile input: anything malformed is an ``InputError`` naming what is wrong.
The boards and published lengths are never read from it: they come from the package's
own sets, by number.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from searchlab.core.errors import InputError
from searchlab.core.outfile import atomic
from searchlab.domains.puzzle.kernels import KorfRow
from searchlab.domains.puzzle.kernels.parallel import (
    MAX_TASKS,
    Partial,
    SearchState,
    Totals,
)

FORMAT = "searchlab IDA* checkpoint"
VERSION = 1
MAX_BYTES = 1 << 20
"""A checkpoint is a few kilobytes; a larger file is not one."""

BIG = 1 << 62
"""Counters are below this (2^62 nodes is centuries of search)."""


@dataclass(frozen=True)
class SetCheckpoint:
    """A published set's run, stopped: ``set_name`` (``korf100`` or ``korf24``), the
    instances asked (numbers, in order), the settings, the rows finished, and the
    search of the next instance (None: it had not started)."""

    set_name: str
    instances: tuple[int, ...]
    heuristic: str
    reflect: bool
    move_order: str
    rows: tuple[KorfRow, ...]
    search: SearchState | None


def write(path: Path, checkpoint: SetCheckpoint) -> None:
    """Save ``checkpoint`` at ``path``, whole or not at all."""
    document = {"format": FORMAT, "version": VERSION, **dataclasses.asdict(checkpoint)}
    with atomic(path) as temporary:
        temporary.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def read(path: Path) -> SetCheckpoint:
    """The checkpoint saved at ``path``; InputError (field ``resume``) when the file is
    missing, too large, not JSON, or not a checkpoint of this version."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise InputError(f"{path} is not a checkpoint: larger than {MAX_BYTES:,} bytes")
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(
            f"cannot read the checkpoint {path}: {error.strerror}", field="resume"
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise InputError(f"{path} is not a checkpoint: not JSON", field="resume") from None
    reader = _Reader(str(path))
    fields = reader.mapping(document, "the file")
    if fields.get("format") != FORMAT or fields.get("version") != VERSION:
        raise InputError(
            f"{path} is not a checkpoint of this searchlab (format {FORMAT!r}, version {VERSION})",
            field="resume",
        )
    rows = tuple(_row(reader, item) for item in reader.items(fields, "rows", 100))
    search = fields.get("search")
    return SetCheckpoint(
        reader.text(fields, "set_name"),
        tuple(
            reader.whole(item, "an instance", 1, 100)
            for item in reader.items(fields, "instances", 100)
        ),
        reader.text(fields, "heuristic"),
        reader.flag(fields, "reflect"),
        reader.text(fields, "move_order"),
        rows,
        None if search is None else _search(reader, reader.mapping(search, "search")),
    )


def _row(reader: _Reader, item: object) -> KorfRow:
    fields = reader.mapping(item, "a row")
    length = fields.get("length")
    return KorfRow(
        reader.number(fields, "instance", 1, 100),
        None if length is None else reader.number(fields, "length", 0, 10_000),
        reader.number(fields, "optimal", 0, 10_000),
        reader.number(fields, "generated", 0, BIG),
        reader.number(fields, "expanded", 0, BIG),
        reader.seconds(fields, "seconds"),
    )


def _search(reader: _Reader, fields: dict[str, Any]) -> SearchState:
    partial = reader.mapping(fields.get("partial"), "partial")
    totals = reader.mapping(fields.get("totals"), "totals")
    counts: dict[str, Any] = {}
    for name, kind in ((f.name, f.type) for f in dataclasses.fields(Totals)):
        counts[name] = (
            reader.seconds(totals, name) if kind == "float" else reader.number(totals, name, 0, BIG)
        )
    return SearchState(
        reader.number(fields, "threshold", 1, 10_000),
        reader.number(fields, "cut", 1, 64),
        reader.numbers(fields, "bounds", 0, BIG, MAX_TASKS + 1),
        Partial(
            reader.number(partial, "read", 0, MAX_TASKS),
            reader.number(partial, "generated", 0, BIG),
            reader.number(partial, "expanded", 0, BIG),
            reader.number(partial, "next_threshold", 0, 1 << 30),
        ),
        tuple(
            reader.whole(item, "a size", 0, BIG) for item in reader.items(fields, "sizes", 10_000)
        ),
        Totals(**counts),
        reader.seconds(fields, "seconds"),
    )


class _Reader:
    """Typed reads of the parsed document, each refusal naming the file and the field."""

    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, what: str) -> InputError:
        return InputError(f"{self.name} is not a valid checkpoint: {what}", field="resume")

    def mapping(self, value: object, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what} must be an object")
        return value

    def items(self, fields: dict[str, Any], key: str, most: int) -> list[Any]:
        value = fields.get(key)
        if not isinstance(value, list) or len(value) > most:
            raise self.fail(f'"{key}" must be a list of at most {most:,} items')
        return value

    def whole(self, value: object, what: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(f"{what} must be a whole number from {low:,} to {high:,}")
        return value

    def numbers(
        self, fields: dict[str, Any], key: str, low: int, high: int, most: int
    ) -> tuple[int, ...]:
        return tuple(
            self.whole(item, f'an item of "{key}"', low, high)
            for item in self.items(fields, key, most)
        )

    def number(self, fields: dict[str, Any], key: str, low: int, high: int) -> int:
        return self.whole(fields.get(key), f'"{key}"', low, high)

    def seconds(self, fields: dict[str, Any], key: str) -> float:
        value = fields.get(key)
        if (
            not isinstance(value, int | float)
            or isinstance(value, bool)
            or not math.isfinite(value)
            or value < 0
        ):
            raise self.fail(f'"{key}" must be a number of seconds')
        return float(value)

    def text(self, fields: dict[str, Any], key: str) -> str:
        value = fields.get(key)
        if not isinstance(value, str) or len(value) > 100:
            raise self.fail(f'"{key}" must be a short text')
        return value

    def flag(self, fields: dict[str, Any], key: str) -> bool:
        value = fields.get(key)
        if not isinstance(value, bool):
            raise self.fail(f'"{key}" must be true or false')
        return value
