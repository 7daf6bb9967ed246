"""Engine events and states as small JSON objects, so the viewer, ``--trace-out`` and any
other consumer can follow a search from its event stream alone. Each domain says how
its states are written; the rest is generic."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from searchlab.core import events
from searchlab.core.events import Event

StateEncoder = Callable[[Hashable], Any]

# The order of the cumulative counters attached to every encoded event ("c").
COUNTERS: tuple[str, ...] = (
    "expand",
    "generate",
    "prune",
    "backtrack",
    "solution",
    "step",
    "restart",
    "threshold",
    "narrow",
    "wipeout",
)
_COUNTER_INDEX = {name: index for index, name in enumerate(COUNTERS)}


def number(value: float) -> int | float | None:
    """A JSON-safe number: integral floats as ints, infinities and NaN as null."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if not math.isfinite(value):
        return None
    return int(value) if float(value).is_integer() else round(float(value), 6)


def jsonable(value: Any) -> Any:
    """A JSON-ready copy of a state or move whose domain gave no encoder of its own."""
    if value is None or isinstance(value, str | bool):
        return value
    if isinstance(value, int | float):
        return number(value)
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: jsonable(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    if isinstance(value, tuple | list | frozenset | set):
        return [jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    return str(value)


_KINDS: dict[type, str] = {
    kind: kind.__name__.lower()
    for kind in (
        events.Expand,
        events.Generate,
        events.Prune,
        events.Backtrack,
        events.Step,
        events.Restart,
        events.Solution,
        events.Threshold,
        events.Frontier,
        events.Ceiling,
        events.Candidates,
        events.Narrow,
        events.Wipeout,
    )
}
DETAIL_KINDS = frozenset({"frontier", "ceiling", "candidates"})
"""Detail (``events.detail_of``): not counted, numbered or part of ``COUNTERS``."""


def kind_of(event: Event) -> str:
    """The event's kind as the page names it ("expand", "generate", …)."""
    return _KINDS[type(event)]


class EventEncoder:
    """Turns engine events into dicts, numbering them and keeping running counts.

    Every encoded event carries ``i`` (its index in the whole stream) and ``c`` (the
    counts of each kind up to and including it, in ``COUNTERS`` order), so the page
    can show statistics at any step without replaying, even across skipped stretches.
    Detail events (``DETAIL_KINDS``) are written without either: they add to the event
    before them and are never counted.
    """

    def __init__(
        self, state: StateEncoder = jsonable, move: Callable[[Any], Any] = jsonable
    ) -> None:
        self.state = state
        self.move = move
        self.counts = [0] * len(COUNTERS)
        self.index = 0

    def count(self, event: Event) -> str:
        """Count an event without encoding it (for kinds a view does not store)."""
        kind = kind_of(event)
        counter = _COUNTER_INDEX.get(kind)
        if counter is not None:
            self.counts[counter] += 1
            self.index += 1
        return kind

    def encode_tail(self, tail: Sequence[Event]) -> list[dict[str, Any]]:
        """Encode the last ``len(tail)`` events already passed to ``count``, with the
        counts they had: a long run is counted cheaply and only what is shown is encoded."""
        for event in tail:
            counter = _COUNTER_INDEX.get(kind_of(event))
            if counter is not None:
                self.counts[counter] -= 1
                self.index -= 1
        return [self(event) for event in tail]

    def __call__(self, event: Event) -> dict[str, Any]:
        kind = self.count(event)
        encoded = self.fields(event)
        encoded["kind"] = kind
        if kind not in DETAIL_KINDS:
            encoded["i"] = self.index - 1
            encoded["c"] = list(self.counts)
        return encoded

    def entry(self, entry: events.Entry) -> dict[str, Any]:
        """An open-list entry of ``events.Frontier``."""
        return self._written(entry)

    def fields(self, event: Event) -> dict[str, Any]:
        return self._written(event)

    def _written(self, item: Event | events.Entry) -> dict[str, Any]:
        """Every field of an event (or entry) in its order, written as ``_WRITE`` says."""
        names = _FIELDS.get(type(item))
        if names is None:
            raise TypeError(f"not an engine event: {item!r}")
        encoded: dict[str, Any] = {}
        for name in names:
            value = getattr(item, name)
            if value is None and name in _OMITTED_WHEN_NONE:
                continue
            write = _WRITE.get(name)
            encoded[_KEYS.get(name, name)] = value if write is None else write(self, value)
        return encoded


# How an event's field is written, by its name (a name means the same in every event);
# a field not named here (counts, depths, flags, reasons) is written as it is.
_Write = Callable[[EventEncoder, Any], Any]
_NUMBERS = ("g", "h", "f", "value", "cost", "bound", "limit", "best")
_WRITE: dict[str, _Write] = {
    **dict.fromkeys(("state", "parent", "next_state"), lambda encoder, state: encoder.state(state)),
    **dict.fromkeys(_NUMBERS, lambda _encoder, value: number(value)),
    **dict.fromkeys(("variable", "by"), lambda _encoder, value: jsonable(value)),
    "move": lambda encoder, move: encoder.move(move),
    "path": lambda encoder, path: [encoder.state(state) for state in path],
    **dict.fromkeys(
        ("pushed", "head"), lambda encoder, entries: [encoder.entry(entry) for entry in entries]
    ),
    "via": lambda encoder, via: (
        None if via is None else {"from": encoder.state(via[0]), "move": encoder.move(via[1])}
    ),
    "scores": lambda encoder, scores: [[encoder.move(move), number(v)] for move, v in scores],
    "values": lambda _encoder, values: [jsonable(value) for value in values],
}
_KEYS = {"next_state": "next"}  # a field written under a shorter name
_OMITTED_WHEN_NONE = frozenset({"side"})  # only a bidirectional search's expansions have one
_FIELDS: dict[type, tuple[str, ...]] = {
    kind: tuple(field.name for field in dataclasses.fields(kind))
    for kind in (*_KINDS, events.Entry)
}
