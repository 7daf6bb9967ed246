"""Sliding-tile boards: the notations a person types, the named goals, and printing.

A board is a flat row-major tuple of the numbers 0 … k²−1, with 0 for the blank, so
it is hashable, cheap to copy and the same thing JSON writes. Three notations are read:

- Bratko's list of ``X/Y`` squares, blank first then tiles 1, 2, … (column X from the
  left, row Y from the bottom, so ``Y = k`` is the top row):
  ``[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]``;
- a grid, rows separated by ``/`` or new lines, cells by spaces or commas, the blank
  as ``0`` or ``_``: ``"2 1 6/4 _ 8/7 5 3"``;
- a flat row-major list: ``2,1,6,4,0,8,7,5,3`` (brackets allowed, as in JSON).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from searchlab.core.errors import InputError

Board = tuple[int, ...]
"""Flat row-major tiles, 0 for the blank; the side k is the square root of the length."""

Notation = Literal["bratko", "grid", "flat"]

BLANK_SHOWN = "_"
"""How ``format_board`` draws the blank (the document writes a space; ``_`` keeps the
grid readable and can be pasted back as input)."""

_SQUARE = re.compile(r"^\s*([0-9]{1,6})\s*/\s*([0-9]{1,6})\s*$", re.ASCII)
_NUMBER = re.compile(r"[0-9]+", re.ASCII)
_CELL_SPLIT = re.compile(r"[,\s]+")


@dataclass(frozen=True)
class ParsedBoard:
    """A board read from text, remembering the notation it was written in (a start in
    Bratko's notation defaults to Bratko's goal)."""

    tiles: Board
    size: int
    notation: Notation


MAX_SIDE = 10
"""The largest board side accepted anywhere (command line, viewer, library front doors):
optimal search stops being practical past 4×4, and 10×10 is already 100 tiles."""

MAX_TEXT = 10_000
"""The longest board text read: a 10×10 board in any notation is far shorter."""


def _side(n: int, what: str, noun: str) -> int:
    """The side k of k² = ``n`` things, or an InputError saying ``n`` is not such a count."""
    k = math.isqrt(n)
    if k * k != n or k < 2:
        raise InputError(
            f"{what} k×k in all with k ≥ 2 (4, 9, 16, …), but {n} {noun} were given"
            + ("" if k * k == n else ": that is not a square")
        )
    if k > MAX_SIDE:
        raise InputError(f"boards up to {MAX_SIDE}×{MAX_SIDE} are accepted, not {k}×{k}")
    return k


def board_size(board: Sequence[int]) -> int:
    """The side k of a board of k² cells, or an InputError if the length is not a square."""
    return _side(len(board), "a board needs one cell per tile and one for the blank,", "cells")


def _missing(values: Sequence[int]) -> str | None:
    """When ``values`` are one short of a square board and otherwise fine, which one is
    missing (a person who forgets a tile, or the blank, gets told which)."""
    k = math.isqrt(len(values) + 1)
    if k < 2 or k * k != len(values) + 1 or len(set(values)) != len(values):
        return None
    absent = set(range(k * k)) - set(values)
    if len(absent) != 1:
        return None
    tile = absent.pop()
    what = "the blank (0 or _)" if tile == 0 else f"tile {tile}"
    return f"{what} is missing: a {k}×{k} board needs {k * k} cells, but {len(values)} were given"


def validate_tiles(values: Sequence[int]) -> Board:
    """Check that ``values`` hold each of 0 … k²−1 exactly once; name the first fault."""
    missing = _missing(values)
    if missing is not None:
        raise InputError(missing)
    k = board_size(values)
    n = k * k
    seen: set[int] = set()
    for value in values:
        if not 0 <= value < n:
            raise InputError(
                f"tile {value} is out of range: a {k}×{k} board holds 0 (the blank) to {n - 1}"
            )
        if value in seen:
            what = "the blank (0)" if value == 0 else f"tile {value}"
            raise InputError(f"{what} appears more than once")
        seen.add(value)
    # k² distinct values in 0 … k²−1: every tile is there.
    return tuple(values)


def _cell(token: str) -> int:
    token = token.strip()
    if token in ("_", "0"):
        return 0
    if not _NUMBER.fullmatch(token):
        raise InputError(
            f"cannot read {token!r} as a tile: write a number, or 0 or _ for the blank"
        )
    if len(token) > 6:
        raise InputError(f"tile {token[:12]}… is out of range")
    return int(token)


def _looks_bratko(text: str) -> bool:
    items = [item for item in text.strip().strip("[]").split(",") if item.strip()]
    return len(items) >= 2 and all(_SQUARE.match(item) for item in items)


def _parse_bratko(text: str) -> Board:
    items = [item for item in text.strip().strip("[]").split(",") if item.strip()]
    squares: list[tuple[int, int]] = []
    for item in items:
        match = _SQUARE.match(item)
        if match is None:  # pragma: no cover - _looks_bratko checked every item
            raise InputError(f"cannot read {item.strip()!r} as an X/Y square")
        squares.append((int(match.group(1)), int(match.group(2))))
    n = len(squares)
    short = math.isqrt(n + 1)
    if short >= 2 and short * short == n + 1:
        raise InputError(
            f"Bratko's notation lists {n + 1} squares for a {short}×{short} board (the blank's, "
            f"then tiles 1 to {n}), but {n} were given: the square of tile {n} is missing"
        )
    k = _side(n, "Bratko's notation lists the blank's square then one square per tile,", "squares")
    cells: list[int | None] = [None] * n
    for tile, (x, y) in enumerate(squares):
        name = "the blank" if tile == 0 else f"tile {tile}"
        if not (1 <= x <= k and 1 <= y <= k):
            raise InputError(
                f"square {x}/{y} of {name} is off the {k}×{k} board (X and Y run from 1 to {k})"
            )
        index = (k - y) * k + (x - 1)
        other = cells[index]
        if other is not None:
            first = "the blank" if other == 0 else f"tile {other}"
            raise InputError(f"square {x}/{y} is given twice: for {first} and for {name}")
        cells[index] = tile
    return tuple(cell for cell in cells if cell is not None)


def _parse_grid(text: str) -> Board:
    rows = [row.strip() for row in re.split(r"[/\n;]", text.strip().strip("[]")) if row.strip()]
    cells = [[_cell(token) for token in _CELL_SPLIT.split(row) if token] for row in rows]
    widths = [len(row) for row in cells]
    if len(set(widths)) != 1 or widths[0] != len(rows):
        raise InputError(
            f"a grid must be square: {len(rows)} rows of "
            + ", ".join(str(width) for width in widths)
            + " cells were given"
        )
    return validate_tiles([cell for row in cells for cell in row])


def _parse_flat(text: str) -> Board:
    tokens = [token for token in _CELL_SPLIT.split(text.strip().strip("[]")) if token]
    if not tokens:
        raise InputError("the board is empty: give its tiles, e.g. 1,2,3,4,5,6,7,8,0")
    return validate_tiles([_cell(token) for token in tokens])


def parse_board(text: str) -> ParsedBoard:
    """Read a board in any of the three notations (see the module docstring)."""
    if len(text) > MAX_TEXT:
        raise InputError(
            f"the board text is {len(text):,} characters long: a board up to "
            f"{MAX_SIDE}×{MAX_SIDE} takes far fewer"
        )
    if not text.strip():
        raise InputError("the board is empty: give its tiles, e.g. 1,2,3,4,5,6,7,8,0")
    if "/" in text and _looks_bratko(text):
        tiles = validate_tiles(_parse_bratko(text))
        notation: Notation = "bratko"
    elif "/" in text or "\n" in text.strip() or ";" in text:
        if "[" in text:
            raise InputError(
                f"cannot read {text.strip()!r}: Bratko's notation is a list of X/Y squares "
                "such as [2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/2]"
            )
        tiles = _parse_grid(text)
        notation = "grid"
    else:
        tiles = _parse_flat(text)
        notation = "flat"
    return ParsedBoard(tiles, board_size(tiles), notation)


def standard_goal(size: int) -> Board:
    """1 … k²−1 in reading order, then the blank."""
    return (*range(1, size * size), 0)


def blank_first_goal(size: int) -> Board:
    """The blank, then 1 … k²−1 in reading order."""
    return tuple(range(size * size))


BRATKO_GOAL: Board = parse_board("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/2]").tiles
"""The document's goal: 1 2 3 / 8 _ 4 / 7 6 5 (the tiles run clockwise round the rim)."""

GOAL_NAMES = ("bratko", "standard", "blank-first")


def resolve_goal(spec: str | None, start: ParsedBoard) -> Board:
    """The goal a user asked for: a name, a board in any notation, or (None) the default
    — Bratko's goal for a 3×3 start written in Bratko's notation (his goal is 3×3
    only), else ``standard``."""
    if spec is None:
        spec = "bratko" if start.notation == "bratko" and start.size == 3 else "standard"
    name = spec.strip().lower().replace("_", "-")
    k = start.size
    if name == "bratko":
        if k != 3:
            raise InputError(
                f"the bratko goal is a 3×3 board, but the start is {k}×{k}: "
                "choose standard or blank-first",
                field="goal",
                hint=("goal", "standard"),
            )
        return BRATKO_GOAL
    if name == "standard":
        return standard_goal(k)
    if name in ("blank-first", "blankfirst"):
        return blank_first_goal(k)
    if name.isalpha() or name.replace("-", "").isalpha():
        raise InputError(f"unknown goal {spec!r}: give one of {', '.join(GOAL_NAMES)}, or a board")
    goal = parse_board(spec)
    if goal.size != k:
        raise InputError(
            f"the start is {k}×{k} but the goal is {goal.size}×{goal.size}: "
            "they must be the same size"
        )
    return goal.tiles


def to_bratko(board: Board) -> str:
    """Write a board in Bratko's X/Y notation (blank first, Y = k the top row)."""
    k = board_size(board)
    where = {tile: index for index, tile in enumerate(board)}
    squares = [f"{where[tile] % k + 1}/{k - where[tile] // k}" for tile in range(k * k)]
    return "[" + ",".join(squares) + "]"


def format_board(board: Board) -> str:
    """The board as rows of right-aligned cells, the blank drawn as ``_``."""
    k = board_size(board)
    width = len(str(k * k - 1))
    cells = [BLANK_SHOWN.rjust(width) if tile == 0 else str(tile).rjust(width) for tile in board]
    return "\n".join(" ".join(cells[row * k : (row + 1) * k]) for row in range(k))


def format_flat(board: Board) -> str:
    """The flat row-major list, as ``solve`` accepts it back."""
    return ",".join(str(tile) for tile in board)


def format_path(boards: Iterable[Board]) -> str:
    """Every board of a path, separated by ``---`` lines as the document prints them."""
    return "\n---\n".join(format_board(board) for board in boards)
