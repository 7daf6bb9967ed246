"""Many puzzles at once: the lines of a file read into one array, and checked as one.

A file of thousands of puzzles is mostly 9×9 lines of 81 symbols. Those are decoded
together (one byte table over the joined text), their givens checked for clashes
together, and solved in one compiled call (``kernels.bitboard``); a line that is anything
else (another size, a grid written with spaces, a bad symbol, a clash) goes through
``parse_puzzle``, which reads it or refuses it naming the cell, so the first bad line
of a file is still the one reported.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.core.errors import InputError
from searchlab.domains.sudoku.grid import Puzzle, parse_puzzle

Grids = npt.NDArray[np.int8]

_DECODE = np.full(256, -1, dtype=np.int8)
for _symbol, _value in {**{str(v): v for v in range(1, 10)}, ".": 0, "0": 0, "_": 0}.items():
    _DECODE[ord(_symbol)] = _value


@dataclass
class Batch:
    """The puzzles of a file: ``lines`` holds each one's line number, in file order;
    ``nine`` the 9×9 ones (``nine_at``: their places in ``lines``); ``others`` the rest
    by place."""

    lines: list[int] = field(default_factory=list)
    nine: Grids = field(default_factory=lambda: np.zeros((0, 81), dtype=np.int8))
    nine_at: list[int] = field(default_factory=list)
    others: dict[int, Puzzle] = field(default_factory=dict)

    def puzzle(self, place: int) -> Puzzle:
        """The puzzle at ``place`` as a ``Puzzle``."""
        if place in self.others:
            return self.others[place]
        row = self.nine[self._row_of()[place]]
        return Puzzle(9, tuple(int(value) for value in row))

    def _row_of(self) -> dict[int, int]:
        return {place: row for row, place in enumerate(self.nine_at)}


_BIT = np.array([0] + [1 << (value - 1) for value in range(1, 10)], dtype=np.int16)
"""Each value as a bit (a blank as none)."""


def _units(
    bits: npt.NDArray[np.int16], combine: Callable[[Any, Any], Any]
) -> npt.NDArray[np.int16]:
    """Each row of ``bits`` (n × 81, one bit a cell) combined (``operator.or_`` or
    ``operator.add``) over each of its 27 units (n × 27: rows, columns, boxes): nine
    strided slices a kind of unit, combined whole (faster than numpy's reductions over
    a short axis)."""
    grid = bits.reshape(-1, 9, 9)
    boxes = bits.reshape(-1, 3, 3, 3, 3)  # band, row in band, stack, column in stack
    rows = reduce(combine, (grid[:, :, k] for k in range(9)))
    columns = reduce(combine, (grid[:, k, :] for k in range(9)))
    in_boxes = reduce(combine, (boxes[:, :, r, :, c] for r in range(3) for c in range(3)))
    return np.concatenate([rows, columns, in_boxes.reshape(-1, 9)], axis=1)


def clashing(grids: Grids) -> npt.NDArray[np.bool_]:
    """Which rows of ``grids`` (n × 81, 0 blank) give a value twice in a row, column or
    box: a unit whose givens as bits add up to more than they OR to.

    Examples:
        >>> import numpy as np
        >>> grid = np.zeros((2, 81), dtype=np.int8)
        >>> grid[1, 0] = grid[1, 4] = 5
        >>> clashing(grid).tolist()
        [False, True]
    """
    bits = _BIT[grids]
    return np.asarray((_units(bits, operator.add) != _units(bits, operator.or_)).any(axis=1))


def valid_solutions(givens: Grids, solutions: Grids) -> npt.NDArray[np.bool_]:
    """An independent check of many 9×9 answers at once: each row of ``solutions`` holds
    1…9 in every row, column and box, and keeps every given of its row of ``givens``.

    Examples:
        >>> import numpy as np
        >>> grid = np.array([[(r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]],
        ...                 dtype=np.int8)
        >>> valid_solutions(np.zeros_like(grid), grid).tolist()
        [True]
        >>> grid[0, :2] = grid[0, 1::-1]
        >>> valid_solutions(np.zeros_like(grid), grid).tolist()
        [False]
    """
    in_range = np.asarray(((solutions >= 1) & (solutions <= 9)).all(axis=1))
    bits = _BIT[np.where(in_range[:, None], solutions, 1)]
    every_unit = _units(bits, operator.or_) == 0x1FF
    kept = ((givens == 0) | (givens == solutions)).all(axis=1)
    return np.asarray(in_range & every_unit.all(axis=1) & kept)


_BREAKS = np.zeros(256, dtype=np.bool_)
_BREAKS[[9, 10, 11, 12, 13, 28, 29, 30, 31, 32]] = True
"""ASCII bytes that ``str.splitlines`` splits at or ``str.strip`` strips."""


def _uniform(text: str) -> npt.NDArray[np.uint8] | None:
    """The symbols of ``text`` as an n × 81 array when it is n lines of exactly 81
    ASCII symbols, each ended by a newline (the last may lack it), none blank, none a
    ``#`` line, none with a space or another line break: the usual file, split without
    a Python loop. None for any other text (read line by line)."""
    if not text.isascii():
        return None
    if not text.endswith("\n"):
        text += "\n"
    data = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    if data.size % 82:
        return None
    rows = data.reshape(-1, 82)
    if (rows[:, 81] != 10).any() or (rows[:, 0] == ord("#")).any():
        return None
    symbols = rows[:, :81]
    return None if _BREAKS[symbols].any() else symbols


def read_lines(text: str, name: str) -> Batch:
    """Every puzzle of ``text`` (one a line; blank lines and ``#`` lines skipped), its
    9×9 lines decoded together. Raises ``InputError`` for the first bad line, naming
    ``name`` and the line."""
    batch = Batch()
    fast: list[str] = []
    fast_places: list[int] = []
    slow: dict[int, str] = {}
    symbols = _uniform(text)
    if symbols is not None:
        batch.lines = list(range(1, symbols.shape[0] + 1))
        fast_places = list(range(symbols.shape[0]))
    else:
        for number, line in enumerate(text.splitlines(), start=1):
            body = line.strip().lstrip("\ufeff")
            if not body or body.startswith("#"):
                continue
            place = len(batch.lines)
            batch.lines.append(number)
            if len(body) == 81 and body.isascii():
                fast.append(body)
                fast_places.append(place)
            else:
                slow[place] = body
        joined = np.frombuffer("".join(fast).encode("ascii"), dtype=np.uint8)
        symbols = joined.reshape(-1, 81)
    grids = _DECODE[symbols].reshape(-1, 81)
    wrong = (grids < 0).any(axis=1) | clashing(np.maximum(grids, 0))
    for row in np.flatnonzero(wrong):  # parse_puzzle says what is wrong with it
        slow[fast_places[row]] = symbols[row].tobytes().decode("ascii")
    nine_rows: list[Grids] = []
    nine_at: list[int] = []
    for place in sorted(slow):
        try:
            puzzle = parse_puzzle(slow[place])
        except InputError as error:
            raise InputError(f"{name} line {batch.lines[place]}: {error}", field="file") from None
        if puzzle.size == 9:  # a 9×9 grid written otherwise still goes to the batch
            nine_rows.append(np.array(puzzle.cells, dtype=np.int8))
            nine_at.append(place)
        else:
            batch.others[place] = puzzle
    keep = ~wrong
    batch.nine = np.concatenate([grids[keep], np.array(nine_rows, dtype=np.int8).reshape(-1, 81)])
    batch.nine_at = [p for p, ok in zip(fast_places, keep, strict=True) if ok] + nine_at
    return batch
