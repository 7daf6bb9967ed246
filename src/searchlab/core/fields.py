"""Reading the fields a user fills in, the same way in every front end (a command's
options, the viewer's form, an experiment's trial): a blank value is one not given, a
field read as text must be text, a name nobody asked for is refused, and a bad value is
named back cut short.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from searchlab.core.errors import InputError


def shown(value: Any, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters: a message names a bad value, it
    does not echo a 20 kB one back.

    Args:
        value: the value to name.
        width: the most characters shown.

    Returns:
        Its ``repr``, ending in "…" when cut.

    Examples:
        >>> shown("x" * 50, width=8)
        "'xxxxxx…"
    """
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def blank(value: Any) -> bool:
    """Whether ``value`` says nothing: None or blank text (an empty field of a form, an
    option not given), which asks for the default."""
    return value is None or (isinstance(value, str) and not value.strip())


def text_field(fields: Mapping[str, Any], name: str, *, keep_blank: bool = False) -> str | None:
    """The text of field ``name``; None when it is absent or (unless ``keep_blank``)
    blank.

    Args:
        fields: the fields as given.
        name: the field to read.
        keep_blank: whether blank text is text to read (a start typed empty, which
            the domain refuses in its own words) rather than the default.

    Returns:
        The text as given (not stripped), or None for the default.

    Raises:
        InputError: the value is not text (its ``field`` is ``name``).

    Examples:
        >>> text_field({"goal": " "}, "goal") is None
        True
        >>> text_field({"goal": 3}, "goal")
        Traceback (most recent call last):
        ...
        searchlab.core.errors.InputError: goal must be text, not 3
    """
    value = fields.get(name)
    if value is None or (blank(value) and not keep_blank):
        return None
    if not isinstance(value, str):
        raise InputError(f"{name} must be text, not {shown(value)}", field=name)
    return value


def given(fields: Mapping[str, Any], names: Iterable[str]) -> dict[str, Any]:
    """The fields of ``names`` that have a value (a blank one means the default)."""
    return {name: fields[name] for name in names if name in fields and not blank(fields[name])}


def refuse_unknown(fields: Mapping[str, Any], known: Iterable[str], where: str) -> None:
    """Refuse fields with a name not in ``known`` (``where`` names what they are for).

    Raises:
        InputError: naming the first unknown field in its message (its ``field`` is
            None: no field of that name exists to show it next to).

    Examples:
        >>> refuse_unknown({"colour": "red"}, ["start"], "a queens search")
        Traceback (most recent call last):
        ...
        searchlab.core.errors.InputError: a queens search has no field 'colour'
    """
    allowed = set(known)
    for name in fields:
        if name not in allowed:
            raise InputError(f"{where} has no field {shown(name)}")
