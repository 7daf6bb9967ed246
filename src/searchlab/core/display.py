"""How results and event streams show themselves: a short line in a terminal, a small
HTML table in a notebook.

A notebook (Jupyter, VS Code) calls ``_repr_html_`` on the value of a cell; a terminal
calls ``__repr__``. ``SearchResult`` and ``Recorder`` use the functions here for both,
so a result reads the same wherever it is printed. States are drawn here as text (a
bare state does not know its domain); ``searchlab.notebook.show`` draws them with the
domain's own drawing instead.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from searchlab.core.events import Event
    from searchlab.core.result import SearchResult

STRIP = 12
"""The most states of a path drawn in a strip: the first and last ones, the rest elided."""
EVENT_ROWS = 20
"""The most events listed in a stream's table: its first and last ones."""

Render = Callable[[Any], str]
"""A state as an HTML fragment (an SVG drawing, or escaped text)."""


def short(value: Any, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters (a state can be a whole board)."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def number(value: float | None) -> str:
    """A number as the rest of searchlab writes it: thousands separated, no ``.0``."""
    if value is None:
        return "–"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.3f}".rstrip("0")
    return f"{int(value):,}"


def plural(count: int, word: str) -> str:
    """``1 move``, ``2 moves``."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], caption: str = "") -> str:
    """An HTML table; every cell escaped unless it is ``Markup``."""
    head = "".join(f"<th>{html.escape(header)}</th>" for header in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{cell_html(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    top = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (
        f'<table class="searchlab">{top}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


class Markup(str):
    """HTML already made: placed in a table as it is, and shown as HTML by a notebook."""

    def _repr_html_(self) -> str:
        return str(self)


def cell_html(cell: Any) -> str:
    if isinstance(cell, Markup):
        return str(cell)
    return html.escape(cell if isinstance(cell, str) else str(cell))


def text_state(state: Any) -> str:
    """A state as escaped text, for a path drawn without its domain."""
    return f"<code>{html.escape(short(state, 200))}</code>"


def elided(items: Sequence[Any], most: int) -> list[tuple[int, Any] | None]:
    """``items`` with their indices, the middle replaced by one ``None`` past ``most``."""
    if len(items) <= most:
        return list(enumerate(items))
    head = most // 2
    start = len(items) - (most - head)
    return [*enumerate(items[:head]), None, *enumerate(items[start:], start)]


# -- results ------------------------------------------------------------------------------
def result_line(result: SearchResult[Any, Any]) -> str:
    """One line saying how a search ended, what it found and what it cost."""
    stats = result.stats
    parts = [str(result.status)]
    if result.limit:
        parts.append(f"limit {result.limit}")
    if result.path:
        parts.append(f"cost {number(result.cost)}")
        parts.append(plural(len(result.moves), "move"))
    if result.optimal:
        parts.append("optimal")
    parts.append(f"{stats.expanded:,} expanded")
    parts.append(f"{stats.generated:,} generated")
    return ", ".join(parts)


def result_repr(result: SearchResult[Any, Any]) -> str:
    """``<SearchResult solved, cost 4, 4 moves, ... → final state>``: short enough for
    a terminal whatever the path's length."""
    end = f" → {short(result.path[-1])}" if result.path else ""
    return f"<SearchResult {result_line(result)}{end}>"


def counters(result: SearchResult[Any, Any]) -> list[tuple[str, str]]:
    """The statistics worth showing: every counter a search used (non-zero), and time."""
    stats = result.stats.to_dict()
    rows = [(name.replace("_", " "), number(value)) for name, value in stats.items()
            if value and "seconds" not in name]
    rows.append(("seconds", f"{result.stats.seconds:.4f}"))
    if result.stats.setup_seconds:
        rows.append(("set-up seconds", f"{result.stats.setup_seconds:.4f}"))
    return rows


def path_strip(result: SearchResult[Any, Any], render: Render) -> str:
    """The path as a row of states with the move under each, the middle elided."""
    cells: list[str] = []
    for entry in elided(result.path, STRIP):
        if entry is None:
            cells.append('<div class="searchlab-gap">…</div>')
            continue
        index, state = entry
        move = result.moves[index - 1] if index else None
        label = "start" if index == 0 else html.escape(
            move if isinstance(move, str) else short(move, 30)
        )
        cells.append(
            f'<figure style="margin:0 4px;text-align:center">{render(state)}'
            f'<figcaption style="font-size:small">{index}: {label}</figcaption></figure>'
        )
    return (
        '<div class="searchlab-path" style="display:flex;flex-wrap:wrap;'
        f'align-items:flex-end;gap:4px">{"".join(cells)}</div>'
    )


def result_html(result: SearchResult[Any, Any], render: Render = text_state) -> str:
    """A result for a notebook: its status line, its counters, and its path as a strip
    of states (drawn by ``render``; as text when the domain is not known)."""
    title = f"<p><b>{html.escape(result_line(result))}</b></p>"
    stats = table(["statistic", "value"], counters(result))
    path = path_strip(result, render) if result.path else "<p>no path</p>"
    return f'<div class="searchlab-result">{title}{stats}{path}</div>'


# -- event streams ------------------------------------------------------------------------
def event_cells(event: Event) -> tuple[str, str]:
    """An event's kind and its fields on one line (states cut short)."""
    import dataclasses

    from searchlab.core.encoding import kind_of

    fields = ", ".join(
        f"{field.name}={short(getattr(event, field.name), 40)}"
        for field in dataclasses.fields(event)
    )
    return kind_of(event), fields


def events_repr(events: Sequence[Event]) -> str:
    """``<Recorder 57 events: 20 expand, 36 generate, 1 solution>``."""
    counts = Counter(event_cells(event)[0] for event in events)
    summary = ", ".join(f"{count:,} {kind}" for kind, count in counts.items())
    return f"<Recorder {plural(len(events), 'event')}{': ' + summary if summary else ''}>"


def events_html(events: Sequence[Event]) -> str:
    """A stream as a compact table: the count of each kind, then the first and last
    events (``EVENT_ROWS`` at most) with their index."""
    counts = Counter(event_cells(event)[0] for event in events)
    summary = table(["kind", "events"], [(kind, f"{count:,}") for kind, count in counts.items()])
    rows: list[tuple[str, str, str]] = []
    for entry in elided(events, EVENT_ROWS):
        if entry is None:
            rows.append(("…", "…", f"{len(events) - EVENT_ROWS:,} more"))
            continue
        index, event = entry
        rows.append((f"{index:,}", *event_cells(event)))
    listing = table(["#", "kind", "fields"], rows, caption=plural(len(events), "event"))
    return f'<div class="searchlab-events">{summary}{listing}</div>'
