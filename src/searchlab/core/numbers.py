"""Numbers as files write them, read strictly: Python's ``float`` and ``int`` also take
``1_0`` (ten), `` 1 `` and full-width digits, so a typo in a file would be read as
another number without a word. These accept plain decimal notation only."""

from __future__ import annotations

import re

_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_INT = re.compile(r"[+-]?[0-9]+")


def is_float(text: str) -> bool:
    """Whether ``text`` is a number in plain decimal notation (``1``, ``-2.5``, ``3e6``)."""
    return _FLOAT.fullmatch(text) is not None


def strict_float(text: str) -> float:
    """``text`` as a float, or ValueError unless it is plain decimal notation (no ``_``,
    no inf or nan, no other digits than 0-9)."""
    if not is_float(text):
        raise ValueError(f"not a number: {text!r}")
    return float(text)


def strict_int(text: str) -> int:
    """``text`` as a whole number, or ValueError unless it is digits with an optional
    sign (no ``_``, no other digits than 0-9)."""
    if _INT.fullmatch(text) is None:
        raise ValueError(f"not a whole number: {text!r}")
    return int(text)
