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
        return {
            "state": self.state(entry.state),
            "g": number(entry.g),
            "h": number(entry.h),
            "f": number(entry.f),
            "node": entry.node,
            "stale": entry.stale,
        }

    def fields(self, event: Event) -> dict[str, Any]:
        state = self.state
        if isinstance(event, events.Expand):
            encoded = {
                "state": state(event.state),
                "g": number(event.g),
                "h": number(event.h),
                "f": number(event.f),
                "depth": event.depth,
                "frontier": event.frontier,
            }
            if event.side is not None:
                encoded["side"] = event.side
            return encoded
        if isinstance(event, events.Generate):
            return {
                "parent": state(event.parent),
                "move": self.move(event.move),
                "state": state(event.state),
                "g": number(event.g),
                "h": number(event.h),
            }
        if isinstance(event, events.Prune):
            return {"state": state(event.state), "reason": event.reason}
        if isinstance(event, events.Backtrack):
            return {"state": state(event.state), "depth": event.depth}
        if isinstance(event, events.Step):
            return {
                "state": state(event.state),
                "move": self.move(event.move),
                "next": state(event.next_state),
                "value": number(event.value),
                "sideways": event.sideways,
            }
        if isinstance(event, events.Restart):
            return {"state": state(event.state), "value": number(event.value), "index": event.index}
        if isinstance(event, events.Solution):
            return {
                "path": [state(item) for item in event.path],
                "cost": number(event.cost),
                "index": event.index,
            }
        if isinstance(event, events.Threshold):
            return {"bound": number(event.bound), "iteration": event.iteration}
        if isinstance(event, events.Frontier):
            return {
                "node": event.node,
                "pushed": [self.entry(entry) for entry in event.pushed],
                "head": [self.entry(entry) for entry in event.head],
                "size": event.size,
                "via": None
                if event.via is None
                else {"from": state(event.via[0]), "move": self.move(event.via[1])},
            }
        if isinstance(event, events.Ceiling):
            return {"state": state(event.state), "limit": number(event.limit)}
        if isinstance(event, events.Candidates):
            return {
                "state": state(event.state),
                "scores": [[self.move(move), number(value)] for move, value in event.scores],
                "total": event.total,
                "best": number(event.best),
            }
        if isinstance(event, events.Narrow):
            return {
                "state": state(event.state),
                "variable": jsonable(event.variable),
                "values": [jsonable(value) for value in event.values],
                "by": jsonable(event.by),
            }
        if isinstance(event, events.Wipeout):
            return {"state": state(event.state), "variable": jsonable(event.variable)}
        raise TypeError(f"not an engine event: {event!r}")
