"""How a state is drawn: one description that every front end renders its own way.

A domain describes a state as a ``Grid`` (a board of cells, each holding a short text,
with optional marks, boxes, givens and pencil marks), a ``Chart`` (regions of a map or
nodes of a graph, each with its colour), a ``Gantt`` (bars on processors' rows along a
time axis) or as ``Text`` (lines). The terminal renders it as text (``to_text``), the
viewer from its JSON (``to_json``, drawn by ``drawing.js``), and a notebook as SVG
(``to_svg``), so a new domain is drawn everywhere by saying once what its states look
like.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field
from typing import Any, Literal

Style = Literal["plain", "chess", "tiles"]
"""``chess``: shaded squares (queens); ``tiles``: raised tiles, the empty cell sunk."""


@dataclass(frozen=True)
class Grid:
    """A board of ``rows`` × ``cols`` cells, row-major; ``cells[i]`` is what cell i shows
    ("" for an empty cell). ``marks`` name cells to highlight, e.g. ``{3: "from"}``."""

    rows: int
    cols: int
    cells: tuple[str, ...]
    style: Style = "plain"
    marks: dict[int, str] = field(default_factory=dict)
    caption: str = ""
    box: tuple[int, int] | None = None
    """Boxes of ``box[0]`` rows × ``box[1]`` columns, ruled with thick lines (Sudoku)."""
    given: frozenset[int] = frozenset()
    """Cells given by the problem, drawn bold (a Sudoku's clues)."""
    notes: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Pencil marks of an empty cell: a small ``side`` × ``side`` grid, one slot per value
    in a fixed place ("" where the value is gone), as on paper."""

    def __post_init__(self) -> None:
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(f"a {self.rows}×{self.cols} grid needs {self.rows * self.cols} cells")

    @property
    def side(self) -> int:
        """The pencil marks' grid side (3 for 9 values)."""
        slots = max((len(note) for note in self.notes.values()), default=0)
        return math.isqrt(slots - 1) + 1 if slots else 0


@dataclass(frozen=True)
class Area:
    """One region of a ``Chart``: its ``name``, the polygon it covers (``shape``, empty
    for a node drawn as a disc at ``at``), where its label goes (``at``), the colour it
    has (a name from the chart's palette, "" for none yet) and the colours it may still
    take (``left``; None when the state does not say)."""

    name: str
    at: tuple[float, float]
    shape: tuple[tuple[float, float], ...] = ()
    colour: str = ""
    left: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Chart:
    """A map to colour: regions (``areas``) on a ``width`` × ``height`` canvas, the
    ``borders`` drawn as links between their labels (a graph, or a schematic map whose
    tiles do not touch), and the ``palette``: each colour's name and its RGB."""

    width: float
    height: float
    areas: tuple[Area, ...]
    borders: tuple[tuple[str, str], ...]
    palette: tuple[tuple[str, str], ...]
    caption: str = ""
    title: str = ""
    links: bool = True  # draw the borders as lines (False: the polygons show them)


@dataclass(frozen=True)
class Bar:
    """A task (``label``) on processor ``row`` from ``start`` to ``end``; ``idle`` for a
    processor waiting."""

    row: int
    start: float
    end: float
    label: str = ""
    idle: bool = False


@dataclass(frozen=True)
class Gantt:
    """A schedule so far: one row per processor (``rows`` names them), its ``bars``, and
    what still waits."""

    rows: tuple[str, ...]
    bars: tuple[Bar, ...]
    end: float
    waiting: tuple[str, ...] = ()
    caption: str = ""


@dataclass(frozen=True)
class Text:
    """A state shown as lines of text (a schedule, a user's own state)."""

    text: str
    caption: str = ""


Drawing = Grid | Chart | Gantt | Text


def number(value: float) -> str:
    """A time or cost as people write it: at most two decimals, no trailing zeros
    (19.333333 → 19.33, 4.0 → 4)."""
    return f"{round(value, 2):g}" if abs(value) < 1e15 else f"{value:g}"


def ink(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (``#rrggbb``)."""
    red, green, blue = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    light = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return "#000000" if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else "#ffffff"


def to_json(drawing: Drawing) -> dict[str, Any]:
    """The description for the viewer (``static/js/drawing.js`` draws it)."""
    if isinstance(drawing, Grid):
        return {
            "kind": "grid",
            "rows": drawing.rows,
            "cols": drawing.cols,
            "cells": list(drawing.cells),
            "style": drawing.style,
            "marks": {str(cell): mark for cell, mark in drawing.marks.items()},
            "caption": drawing.caption,
            "box": None if drawing.box is None else list(drawing.box),
            "given": sorted(drawing.given),
            "notes": {str(cell): list(note) for cell, note in drawing.notes.items()},
            "side": drawing.side,
        }
    if isinstance(drawing, Chart):
        return {
            "kind": "chart",
            "width": drawing.width,
            "height": drawing.height,
            "areas": [
                {
                    "name": area.name,
                    "at": list(area.at),
                    "shape": [list(point) for point in area.shape],
                    "colour": area.colour,
                    "left": None if area.left is None else list(area.left),
                }
                for area in drawing.areas
            ],
            "borders": [list(border) for border in drawing.borders],
            "palette": [[name, rgb, ink(rgb)] for name, rgb in drawing.palette],
            "caption": drawing.caption,
            "title": drawing.title,
            "links": drawing.links,
        }
    if isinstance(drawing, Gantt):
        return {
            "kind": "gantt",
            "rows": list(drawing.rows),
            "bars": [
                {
                    "row": bar.row,
                    "start": bar.start,
                    "end": bar.end,
                    "label": bar.label,
                    "idle": bar.idle,
                    "span": f"{number(bar.start)}–{number(bar.end)}",
                }
                for bar in drawing.bars
            ],
            "end": drawing.end,
            "end_text": number(drawing.end),
            "waiting": list(drawing.waiting),
            "caption": drawing.caption,
        }
    return {"kind": "text", "text": drawing.text, "caption": drawing.caption}


EMPTY_SHOWN = {"plain": ".", "chess": ".", "tiles": "_"}


def to_text(drawing: Drawing) -> str:
    """The drawing as plain text: a grid of right-aligned cells, ``.`` (``_`` for tiles)
    where a cell is empty; a chart's regions one a line with their colour (or the colours
    left); a Gantt chart's processors one a line with their tasks."""
    if isinstance(drawing, Text):
        return drawing.text
    if isinstance(drawing, Chart):
        width = max((len(area.name) for area in drawing.areas), default=1)
        lines = []
        for area in drawing.areas:
            said: str
            if area.colour:
                said = area.colour
            elif area.left is None:
                said = "?"
            else:
                said = "{" + ", ".join(area.left) + "}" if area.left else "{} (no colour left)"
            lines.append(f"{area.name.ljust(width)}  {said}")
        return "\n".join(lines)
    if isinstance(drawing, Gantt):
        lines = [f"waiting: {' '.join(drawing.waiting) or '(none)'}"]
        for index, name in enumerate(drawing.rows):
            bars = [bar for bar in drawing.bars if bar.row == index]
            placed = ", ".join(
                f"{'idle' if bar.idle else bar.label} {number(bar.start)}-{number(bar.end)}"
                for bar in bars
            )
            lines.append(f"{name}: {placed or '(nothing yet)'}")
        lines.append(f"finishing time so far: {number(drawing.end)}")
        return "\n".join(lines)
    empty = EMPTY_SHOWN[drawing.style]
    shown = [cell or empty for cell in drawing.cells]
    width = max((len(cell) for cell in shown), default=1)
    lines = [
        " ".join(cell.rjust(width) for cell in shown[row * drawing.cols : (row + 1) * drawing.cols])
        for row in range(drawing.rows)
    ]
    return "\n".join(lines)


CELL = 32  # pixels per cell in SVG


def _svg(width: float, height: float, body: str, label: str, font: str = "sans-serif") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{html.escape(label)}" '
        f'font-family="{font}" font-size="16"><title>{html.escape(label)}</title>{body}</svg>'
    )


def _grid_svg(drawing: Grid) -> str:
    parts: list[str] = []
    side = drawing.side
    for index, cell in enumerate(drawing.cells):
        row, col = divmod(index, drawing.cols)
        x, y = col * CELL, row * CELL
        if drawing.style == "chess":
            fill = "#f0d9b5" if (row + col) % 2 == 0 else "#b58863"
        elif drawing.style == "tiles":
            fill = "#ddd" if not cell else "#f6f6f6"
        else:
            fill = "#fff"
        mark = drawing.marks.get(index)
        stroke = "#d62728" if mark else "#888"
        parts.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
            f'stroke="{stroke}"/>'
        )
        if cell:
            weight = ' font-weight="bold"' if index in drawing.given else ""
            colour = "" if index in drawing.given or not drawing.given else ' fill="#1f4fa3"'
            parts.append(
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2}" text-anchor="middle" '
                f'dominant-baseline="central"{weight}{colour}>{html.escape(cell)}</text>'
            )
        elif side and index in drawing.notes:
            step = CELL / side
            for slot, value in enumerate(drawing.notes[index]):
                if value:
                    r, c = divmod(slot, side)
                    parts.append(
                        f'<text x="{x + step * (c + 0.5):g}" y="{y + step * (r + 0.5):g}" '
                        f'text-anchor="middle" dominant-baseline="central" font-size="'
                        f'{max(6, CELL // side - 2)}" fill="#555">{html.escape(value)}</text>'
                    )
    if drawing.box is not None:
        high, wide = drawing.box
        for r in range(0, drawing.rows + 1, high):
            parts.append(
                f'<line x1="0" y1="{r * CELL}" x2="{drawing.cols * CELL}" y2="{r * CELL}" '
                'stroke="#000" stroke-width="3"/>'
            )
        for c in range(0, drawing.cols + 1, wide):
            parts.append(
                f'<line x1="{c * CELL}" y1="0" x2="{c * CELL}" y2="{drawing.rows * CELL}" '
                'stroke="#000" stroke-width="3"/>'
            )
    label = f"{drawing.rows} by {drawing.cols} board" + (
        f" ({drawing.caption})" if drawing.caption else ""
    )
    return _svg(drawing.cols * CELL, drawing.rows * CELL, "".join(parts), label)


def _chart_svg(drawing: Chart) -> str:
    rgb = dict(drawing.palette)
    where = {area.name: area.at for area in drawing.areas}
    parts: list[str] = []
    if drawing.links:
        for a, b in drawing.borders:
            (x1, y1), (x2, y2) = where[a], where[b]
            parts.append(
                f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#777" '
                'stroke-width="1.5"/>'
            )
    for area in drawing.areas:
        fill = rgb.get(area.colour, "#f4f4f4")
        stroke = "#d62728" if area.left == () else "#333"
        if area.shape:
            points = " ".join(f"{x:g},{y:g}" for x, y in area.shape)
            parts.append(f'<polygon points="{points}" fill="{fill}" stroke="{stroke}"/>')
        else:
            x, y = area.at
            parts.append(
                f'<circle cx="{x:g}" cy="{y:g}" r="16" fill="{fill}" stroke="{stroke}"/>'
            )
        x, y = area.at
        colour = ink(fill) if area.colour else "#000000"
        parts.append(
            f'<text x="{x:g}" y="{y:g}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="13" fill="{colour}">{html.escape(area.name)}</text>'
        )
    label = drawing.title or "a map"
    if drawing.caption:
        label += f" ({drawing.caption})"
    return _svg(drawing.width, drawing.height, "".join(parts), label)


def _gantt_svg(drawing: Gantt) -> str:
    left, row_height, width = 40, 28, 480
    scale = (width - left - 10) / drawing.end if drawing.end > 0 else 0
    parts: list[str] = []
    for index, name in enumerate(drawing.rows):
        y = index * row_height + 4
        parts.append(
            f'<text x="4" y="{y + row_height / 2 - 2:g}" dominant-baseline="central">'
            f"{html.escape(name)}</text>"
        )
    for bar in drawing.bars:
        x = left + bar.start * scale
        y = bar.row * row_height + 4
        wide = max(1.0, (bar.end - bar.start) * scale)
        fill = "#eeeeee" if bar.idle else "#9ecae1"
        parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{wide:g}" height="{row_height - 6}" '
            f'fill="{fill}" stroke="#333"/>'
        )
        if bar.label and not bar.idle:
            parts.append(
                f'<text x="{x + wide / 2:g}" y="{y + (row_height - 6) / 2:g}" '
                f'text-anchor="middle" dominant-baseline="central" font-size="12">'
                f"{html.escape(bar.label)}</text>"
            )
    axis = len(drawing.rows) * row_height + 4
    parts.append(
        f'<line x1="{left}" y1="{axis}" x2="{width - 10}" y2="{axis}" stroke="#333"/>'
        f'<text x="{left}" y="{axis + 14}" font-size="12">0</text>'
        f'<text x="{width - 10}" y="{axis + 14}" font-size="12" text-anchor="end">'
        f"{number(drawing.end)}</text>"
    )
    label = "a schedule" + (f" ({drawing.caption})" if drawing.caption else "")
    return _svg(width, axis + 20, "".join(parts), label)


def to_svg(drawing: Drawing) -> str:
    """The drawing as a self-contained SVG (for notebooks and documents)."""
    if isinstance(drawing, Text):
        lines = drawing.text.splitlines() or [""]
        height = 18 * len(lines) + 8
        width = 8 * max(len(line) for line in lines) + 16
        body = "".join(
            f'<text x="8" y="{18 * (index + 1)}">{html.escape(line)}</text>'
            for index, line in enumerate(lines)
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="monospace" font-size="14">{body}</svg>'
        )
    if isinstance(drawing, Chart):
        return _chart_svg(drawing)
    if isinstance(drawing, Gantt):
        return _gantt_svg(drawing)
    return _grid_svg(drawing)
