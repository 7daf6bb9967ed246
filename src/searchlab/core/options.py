"""Named parameters that every front end offers the same way.

An ``Option`` describes one parameter once (its name, kind, default, choices and cap)
so that the command line builds its flag from it (``tie_break`` -> ``--tie-break``),
the viewer its form field, and the library checks a value with the very same rule.
Values come as typed values (the library), text (a command line, a form) or JSON.

An option may take several values (``many``): written ``2,4,8`` in one text, whole
numbers also as a range ``2..6`` or a progression ``2,4,...,24``; each value is checked
by the same rule as a single one, and a list holds at most ``MAX_VALUES`` of them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from searchlab.core.errors import InputError

Kind = Literal["int", "float", "choice", "text"]

MAX_SEED = 2**53 - 1
"""The largest seed: a JavaScript number (the viewer) holds every one exactly."""

MAX_VALUES = 1000
"""The most values one list option holds (a range like 1..10**9 is refused, not built)."""

_RANGE = re.compile(r"^(-?[\d_]+)\s*\.\.\s*(-?[\d_]+)$")
_DOTS = ("...", "…")


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
    many: bool = False  # a list of values (see the module docstring)
    separator: str | None = ","  # between the values of one text; None: one value a text
    local: bool = False  # names a file of this machine: the command line's, never the viewer's

    @property
    def label(self) -> str:
        """The name as people read it: ``tie_break`` -> ``tie-break``."""
        return self.name.replace("_", "-")

    def describe(self) -> str:
        """The summary with the choices or the range and the default: help text."""
        parts = [self.summary.rstrip(".")]
        each = "each " if self.many else ""
        if self.choices:
            parts.append(f"{each}one of " + ", ".join(self.choices))
        elif self.low is not None or self.high is not None:
            parts.append(each + _range_text(self.low, self.high))
        if self.many:
            parts.append(self._list_text())
        if self.default is not None:
            parts.append(f"default {self._default_text()}")
        return "; ".join(parts) + "."

    def _list_text(self) -> str:
        most = f"(at most {MAX_VALUES:,} values)"
        if self.separator is None:
            return f"several allowed {most}"
        if self.kind == "int":
            return f"several as 2,4,8, a range 2..6 or a progression 2,4,...,24 {most}"
        example = self.separator.join((*self.choices, "a", "b")[:2])
        return f"several as {example} {most}"

    def _default_text(self) -> str:
        if self.many and isinstance(self.default, list | tuple):
            return (self.separator or ", ").join(str(value) for value in self.default)
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            return _show(self.default)
        return str(self.default)

    def parse(self, value: Any) -> Any:
        """``value`` (typed, text or JSON) checked and converted; None gives the default.
        An option with ``many`` gives a list (duplicates dropped, order kept).

        An InputError names this option as its ``field``."""
        if self.many:
            return self._many(value)
        if value is None or (isinstance(value, str) and not value.strip()):
            return self.default
        return self._one(value)

    def _one(self, value: Any) -> Any:
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

    def _many(self, value: Any) -> list[Any] | None:
        """Several values: text split at the separator, or a list (of text or values).
        Nothing given (None, blank text, an empty list) gives the default, itself
        written either way."""
        if _absent(value):
            return None if _absent(self.default) else self._many_given(self.default)
        return self._many_given(value)

    def _many_given(self, value: Any) -> list[Any]:
        raw = value if isinstance(value, list | tuple) else [value]
        parts: list[Any] = []
        for item in raw:
            if isinstance(item, str) and self.separator is not None:
                parts.extend(part.strip() for part in item.split(self.separator))
            else:
                parts.append(item.strip() if isinstance(item, str) else item)
        parts = [part for part in parts if not (isinstance(part, str) and not part)]
        if not parts:
            raise InputError(f"{self.label} needs at least one value", field=self.name)
        if len(parts) > MAX_VALUES:
            raise InputError(f"{self.label}: more than {MAX_VALUES:,} values", field=self.name)
        text = value if isinstance(value, str) else ",".join(str(item) for item in raw)
        values = self._ints(parts, text) if self.kind == "int" else [self._one(p) for p in parts]
        return list(dict.fromkeys(values))

    def _ints(self, parts: list[Any], text: str) -> list[int]:
        """Whole numbers, ranges ``2..6`` and progressions ``2,4,...,24`` (the step taken
        from the two terms before the dots), never more than ``MAX_VALUES`` of them."""
        values: list[int] = []

        def extend(more: range) -> None:
            if len(values) + len(more) > MAX_VALUES:
                raise InputError(
                    f"{self.label} {text!r}: more than {MAX_VALUES:,} values", field=self.name
                )
            values.extend(more)

        index = 0
        while index < len(parts):
            part = parts[index]
            if part in _DOTS:
                if len(values) < 2 or index + 1 >= len(parts):
                    raise InputError(
                        f"{self.label} {text!r}: write a progression as 2,4,...,24",
                        field=self.name,
                    )
                step = values[-1] - values[-2]
                end = self._one(parts[index + 1])
                if step <= 0 or end < values[-1]:
                    raise InputError(
                        f"{self.label} {text!r}: a progression must increase", field=self.name
                    )
                if (end - values[-1]) % step:
                    raise InputError(
                        f"{self.label} {text!r}: {end} is not on the progression",
                        field=self.name,
                    )
                extend(range(values[-1] + step, end + 1, step))
                index += 2
                continue
            matched = _RANGE.match(part) if isinstance(part, str) else None
            if matched:
                low, high = self._one(matched.group(1)), self._one(matched.group(2))
                if high < low:
                    raise InputError(
                        f"{self.label} {text!r}: the range {part} is empty", field=self.name
                    )
                extend(range(low, high + 1))
            else:
                value = self._one(part)
                extend(range(value, value + 1))
            index += 1
        return values

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


def _absent(value: Any) -> bool:
    """Nothing given: None, blank text or an empty list."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    return isinstance(value, list | tuple) and not value


def _show(value: float) -> str:
    """A bound as people read it: whole numbers with thousands separators."""
    if isinstance(value, int) or (float(value).is_integer() and abs(value) < 1e15):
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
