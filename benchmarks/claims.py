"""The figures a text claims, and which of them the last run of ``python -m benchmarks``
does not contain.

A run writes its record (every table, note and target, as JSON) beside its report:
BENCHMARKS.json beside BENCHMARKS.md. A figure here is a ratio (``1.06×``) or a rate
(``20,129/s``, ``20,129 puzzles/s``); a board size such as ``3×3`` is not one. A text
may claim a figure only if the record holds it, so a number edited by hand, or left
from an earlier run, is refused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

RECORD_SUFFIX = ".json"
"""The record is the report's name with this suffix."""

_NUMBER = r"(?<![\w.,])(\d[\d,]*(?:\.\d+)?k?)"
_RATIO = re.compile(_NUMBER + r"×(?![\w.])")
_RATE = re.compile(_NUMBER + r" ?(?:[A-Za-z]+ ?)?/s\b")


def figures(text: str) -> list[str]:
    """Every ratio and rate in ``text``, in order, written the one way (``20,129/s``
    for ``20,129 puzzles/s``) so that a figure matches however its unit is worded."""
    found = [(match.start(), match[1] + "×") for match in _RATIO.finditer(text)]
    found += [(match.start(), match[1] + "/s") for match in _RATE.finditer(text)]
    return [figure for _, figure in sorted(found)]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def unbacked(text: str, record: dict[str, Any]) -> list[str]:
    """The figures of ``text`` that no table, note or target of the run ``record``
    contains, each once, in the order the text gives them."""
    measured = set(figures("\n".join(_strings(record))))
    return list(dict.fromkeys(figure for figure in figures(text) if figure not in measured))
