"""How a state is drawn: one description that every front end renders its own way.

A domain describes a state as a ``Grid`` (a board of cells, each holding a short text,
with optional marks) or as ``Text`` (lines). The terminal renders it as text
(``to_text``), the viewer from its JSON (``to_json``, drawn by ``drawing.js``), and a
notebook as SVG (``to_svg``), so a new domain is drawn everywhere by saying once what
its states look like.
"""

from __future__ import annotations

import html
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

    def __post_init__(self) -> None:
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(f"a {self.rows}×{self.cols} grid needs {self.rows * self.cols} cells")


@dataclass(frozen=True)
class Text:
    """A state shown as lines of text (a schedule, a user's own state)."""

    text: str
    caption: str = ""


Drawing = Grid | Text


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
        }
    return {"kind": "text", "text": drawing.text, "caption": drawing.caption}


EMPTY_SHOWN = {"plain": ".", "chess": ".", "tiles": "_"}


def to_text(drawing: Drawing) -> str:
    """The drawing as plain text: a grid of right-aligned cells, ``.`` (``_`` for tiles)
    where a cell is empty."""
    if isinstance(drawing, Text):
        return drawing.text
    empty = EMPTY_SHOWN[drawing.style]
    shown = [cell or empty for cell in drawing.cells]
    width = max((len(cell) for cell in shown), default=1)
    lines = [
        " ".join(cell.rjust(width) for cell in shown[row * drawing.cols : (row + 1) * drawing.cols])
        for row in range(drawing.rows)
    ]
    return "\n".join(lines)


CELL = 32  # pixels per cell in SVG


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
    parts: list[str] = []
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
            parts.append(
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2}" text-anchor="middle" '
                f'dominant-baseline="central">{html.escape(cell)}</text>'
            )
    width, height = drawing.cols * CELL, drawing.rows * CELL
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="16">{"".join(parts)}</svg>'
    )
