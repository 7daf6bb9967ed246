"""Named parameters that every front end offers the same way.

An ``Option`` describes one parameter once (its name, kind, default, choices and cap)
so that the command line builds its flag from it (``tie_break`` -> ``--tie-break``),
the viewer its form field, and the library checks a value with the very same rule.
Values come as typed values (the library), text (a command line, a form) or JSON.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from searchlab.core.errors import InputError

Kind = Literal["int", "float", "choice", "text"]

MAX_SEED = 2**53 - 1
"""The largest seed: a JavaScript number (the viewer) holds every one exactly."""


@dataclass(frozen=True)
class Option:
    """One parameter: ``name`` is its key in requests and JSON (a Python identifier)."""

    name: str
    kind: Kind
    summary: str
    default: Any = None
    choices: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)  # other spellings of choices
    low: float | None = None
    high: float | None = None
    metavar: str = ""

    @property
    def label(self) -> str:
        """The name as people read it: ``tie_break`` -> ``tie-break``."""
        return self.name.replace("_", "-")

    def describe(self) -> str:
        """The summary with the choices or the range and the default: help text."""
        parts = [self.summary.rstrip(".")]
        if self.choices:
            parts.append("one of " + ", ".join(self.choices))
        elif self.low is not None or self.high is not None:
            parts.append(_range_text(self.low, self.high))
        if self.default is not None:
            parts.append(f"default {self.default}")
        return "; ".join(parts) + "."

    def parse(self, value: Any) -> Any:
        """``value`` (typed, text or JSON) checked and converted; None gives the default.

        An InputError names this option as its ``field``."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return self.default
        try:
            if self.kind == "choice":
                return self._choice(value)
            if self.kind == "text":
                if not isinstance(value, str):
                    raise InputError(f"{self.label} must be text, not {value!r}")
                return value
            number = _number(value, whole=self.kind == "int", what=self.label)
            if self.low is not None and number < self.low:
                raise InputError(f"{self.label} must be {_show(self.low)} or more, not {number:g}")
            if self.high is not None and number > self.high:
                raise InputError(f"{self.label} must be at most {_show(self.high)}, not {number:g}")
            return number
        except InputError as error:
            raise error.about(self.name) from None

    def _choice(self, value: Any) -> str:
        if not isinstance(value, str):
            raise InputError(f"{self.label} must be one of {', '.join(self.choices)}")
        key = value.strip().lower().replace("_", "-")
        key = self.aliases.get(key, key)
        if key not in self.choices:
            raise InputError(
                f"unknown {self.label} {value.strip()!r}: choose one of {', '.join(self.choices)}"
            )
        return key


def _show(value: float) -> str:
    """A bound as people read it: whole numbers with thousands separators."""
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:g}"


def _range_text(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"from {_show(low)} to {_show(high)}"
    if low is not None:
        return f"{_show(low)} or more"
    assert high is not None
    return f"at most {_show(high)}"


_MAX_DIGITS = 30  # longer numbers are past every cap here, and slow to convert


def _number(value: Any, *, whole: bool, what: str) -> Any:
    """An int (``whole``) or a finite float from a typed value or text."""
    kind = "a whole number" if whole else "a number"
    if isinstance(value, bool):
        raise InputError(f"{what} must be {kind}, not {value!r}")
    if isinstance(value, str):
        text = value.strip().replace("_", "")
        if len(text) > _MAX_DIGITS:
            raise InputError(f"{what} must be {kind} of at most {_MAX_DIGITS} digits")
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            if whole:
                try:
                    as_float = float(text)
                except ValueError:
                    raise InputError(f"{what} must be {kind}, not {value!r}") from None
                value = as_float
            else:
                raise InputError(f"{what} must be {kind}, not {value!r}") from None
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"{what} must be a finite number, not {value!r}")
        if whole:
            if not value.is_integer():
                raise InputError(f"{what} must be {kind}, not {value:g}")
            return int(value)
        return value
    if isinstance(value, int):
        return value if whole else float(value)
    raise InputError(f"{what} must be {kind}, not {value!r}")


def parse_options(
    options: Iterable[Option], given: Mapping[str, Any], *, where: str
) -> dict[str, Any]:
    """Every option of ``options`` parsed from ``given`` (defaults filled in); a key of
    ``given`` that is not one of them is refused, saying ``where`` it does not apply."""
    known = {option.name: option for option in options}
    for name, value in given.items():
        if name not in known and value is not None:
            label = name.replace("_", "-")
            raise InputError(f"{label} does not apply to {where}", field=name)
    return {name: option.parse(given.get(name)) for name, option in known.items()}


SEED = Option(
    "seed",
    "int",
    "fixes every random choice: the same seed repeats the run exactly",
    low=0,
    high=MAX_SEED,
    metavar="S",
)
