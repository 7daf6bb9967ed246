"""Sudoku grids: reading, writing, checking, and the CSP of a puzzle.

A puzzle of size N (9, 16 or 25: boxes of 3×3, 4×4, 5×5) is a tuple of N² cells in
row-major order, 0 for a blank and 1…N for a given. It is written on one line in the
usual format (``53..7....6..195…``: ``.`` or ``0`` for a blank; 16×16 uses 1-9 then A-G,
25×25 A-Y), or as a grid of any layout: rows on lines, cells apart or together, ``|``,
``-`` and ``+`` as rulings, and with spaces the values may be written as numbers
(``10 11 …``). A given that breaks a rule is refused naming its cell (``r1c5``).
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass

from searchlab.algorithms.csp import CSP, AllDifferent
from searchlab.core.errors import InputError

SIZES = (9, 16, 25)
SYMBOLS = {
    9: "123456789",
    16: "123456789ABCDEFG",
    25: "ABCDEFGHIJKLMNOPQRSTUVWXY",
}
BLANKS = ".0_"
_RULINGS = re.compile(r"^[-+=|]+$")
_SIGNED = re.compile(r"(?<![-+=|])[-+][0-9A-Za-z]")
"""A sign written before a value (``-1``, ``+5``), as opposed to a ruling's dashes."""


@dataclass(frozen=True)
class Puzzle:
    """A Sudoku of ``size`` N with its ``cells`` (0 blank, 1…N given), row-major."""

    size: int
    cells: tuple[int, ...]

    @property
    def box(self) -> int:
        return math.isqrt(self.size)

    @property
    def givens(self) -> int:
        return sum(1 for cell in self.cells if cell)

    def line(self) -> str:
        """The one-line format (``.`` for a blank)."""
        return format_cells(self.size, self.cells)

    def __str__(self) -> str:
        return self.line()


def cell_name(size: int, index: int) -> str:
    row, col = divmod(index, size)
    return f"r{row + 1}c{col + 1}"


def symbol(size: int, value: int) -> str:
    return SYMBOLS[size][value - 1] if value else "."


def format_cells(size: int, cells: tuple[int, ...] | list[int]) -> str:
    return "".join(symbol(size, value) for value in cells)


def units(size: int) -> list[tuple[str, list[int]]]:
    """The rows, columns and boxes, each named, as lists of cell indices."""
    box = math.isqrt(size)
    found = []
    for r in range(size):
        found.append((f"row {r + 1}", [r * size + c for c in range(size)]))
    for c in range(size):
        found.append((f"column {c + 1}", [r * size + c for r in range(size)]))
    for b in range(size):
        top, left = box * (b // box), box * (b % box)
        cells = [(top + r) * size + left + c for r in range(box) for c in range(box)]
        found.append((f"box {b + 1}", cells))
    return found


def parse_puzzle(text: str) -> Puzzle:
    """A puzzle from the one-line format or a grid (see the module docstring)."""
    body = text.lstrip("\ufeff").strip()  # a byte order mark is no cell
    if not body:
        raise InputError("give a Sudoku: 81 cells on one line (. or 0 for a blank), or a grid")
    signed = _SIGNED.search(body)
    if signed:  # a minus before a value is a sign, not a ruling: -1 is not 1
        raise InputError(
            f"{signed.group(0)!r} is not a value of a Sudoku (1 to its size, or . or 0 for a "
            "blank; - only in rulings)"
        )
    compact = "".join(ch for ch in body if not ch.isspace() and ch not in "|+-=")
    tokens = [t for t in re.split(r"[\s|]+", body) if t and not _RULINGS.match(t)]
    size = next((s for s in SIZES if len(compact) == s * s), None)
    if size is not None:
        return _checked(size, [_value(size, ch, i) for i, ch in enumerate(compact)])
    size = next((s for s in SIZES if len(tokens) == s * s), None)
    if size is not None:
        return _checked(size, [_value(size, token, i) for i, token in enumerate(tokens)])
    count = len(compact) if len(tokens) in (0, 1) or len(compact) == len(tokens) else len(tokens)
    raise InputError(
        f"a Sudoku has 81, 256 or 625 cells (9×9, 16×16, 25×25): this one has {count:,}"
    )


def _value(size: int, token: str, index: int) -> int:
    if token in BLANKS or (len(token) > 1 and set(token) <= set(BLANKS)):
        return 0
    upper = token.upper()
    if len(upper) == 1 and upper in SYMBOLS[size]:
        return SYMBOLS[size].index(upper) + 1
    if token.isascii() and token.isdigit() and 1 <= int(token) <= size:
        return int(token)
    allowed = f"{SYMBOLS[size][0]}-{SYMBOLS[size][-1]}"
    raise InputError(
        f"cell {cell_name(size, index)}: {token!r} is not a value of a {size}×{size} Sudoku "
        f"({allowed}, or . or 0 for a blank)"
    )


def _checked(size: int, cells: list[int]) -> Puzzle:
    """Refuse two equal givens in a row, column or box, naming both cells."""
    for unit, members in units(size):
        seen: dict[int, int] = {}
        for index in members:
            value = cells[index]
            if not value:
                continue
            if value in seen:
                first = cell_name(size, seen[value])
                raise InputError(
                    f"cell {cell_name(size, index)}: {symbol(size, value)} is given twice in "
                    f"{unit} (also at {first})"
                )
            seen[value] = index
    return Puzzle(size, tuple(cells))


def sudoku_csp(puzzle: Puzzle) -> CSP:
    """The CSP: a variable per cell (``r1c1`` …) with 1…N (a given: its value), and an
    all-different per row, column and box."""
    size = puzzle.size
    names = [cell_name(size, i) for i in range(size * size)]
    every = tuple(range(1, size + 1))
    domains = {
        name: (value,) if value else every for name, value in zip(names, puzzle.cells, strict=True)
    }
    constraints = [
        AllDifferent(tuple(names[i] for i in members), label=f"all different in {unit}")
        for unit, members in units(size)
    ]
    return CSP(domains, constraints, name=f"Sudoku {size}×{size}")


def valid_solution(puzzle: Puzzle, cells: tuple[int, ...] | list[int]) -> bool:
    """An independent check: ``cells`` fill the grid with 1…N, keep every given, and
    hold each value once in every row, column and box."""
    size = puzzle.size
    if len(cells) != size * size:
        return False
    if any(not 1 <= value <= size for value in cells):
        return False
    if any(given and given != value for given, value in zip(puzzle.cells, cells, strict=True)):
        return False
    full = set(range(1, size + 1))
    return all({cells[i] for i in members} == full for _, members in units(size))


def solved_grid(size: int, rng: random.Random) -> list[int]:
    """A random complete grid: the pattern (r·box + r//box + c) mod N, shuffled by the
    moves that keep a grid valid (relabelling, rows within bands, bands, columns within
    stacks, stacks)."""
    box = math.isqrt(size)

    def shuffled(items: range) -> list[int]:
        out = list(items)
        rng.shuffle(out)
        return out

    bands = [b * box + r for b in shuffled(range(box)) for r in shuffled(range(box))]
    stacks = [s * box + c for s in shuffled(range(box)) for c in shuffled(range(box))]
    labels = shuffled(range(1, size + 1))
    return [labels[(box * (r % box) + r // box + c) % size] for r in bands for c in stacks]


def unique_puzzle(size: int, rng: random.Random, blanks: float = 0.55) -> Puzzle:
    """A random puzzle with exactly one solution: a random complete grid whose cells are
    emptied in a random order, each only if naked and hidden singles still fill the grid
    (so the puzzle keeps one solution, found with no guess), until ``blanks`` of them are
    empty or none can go. Singles, not a count of solutions, decide: counting can take
    hours on a 25×25 grid that has several, singles take microseconds.

    The same ``rng`` state gives the same puzzle.

    Parameters
    ----------
    size : int
        9, 16 or 25.
    rng : random.Random
        The source of every random choice.
    blanks : float
        The share of cells to empty, from 0 to 1.

    Returns
    -------
    Puzzle
        A puzzle whose only solution is the grid it was made from.

    Examples
    --------
    >>> import random
    >>> puzzle = unique_puzzle(9, random.Random(0))
    >>> puzzle.givens
    36
    >>> puzzle == unique_puzzle(9, random.Random(0))
    True
    """
    from searchlab.domains.sudoku.kernels.solver import forced

    cells = solved_grid(size, rng)
    wanted = round(blanks * size * size)
    emptied = 0
    for index in rng.sample(range(size * size), size * size):
        if emptied == wanted:
            break
        kept, cells[index] = cells[index], 0
        if forced(size, cells):
            emptied += 1
        else:
            cells[index] = kept
    return Puzzle(size, tuple(cells))


def random_puzzle(size: int, rng: random.Random, blanks: float = 0.55) -> Puzzle:
    """A random solvable puzzle: a random complete grid with ``blanks`` of its cells
    emptied (solvable by construction; not always with one solution)."""
    cells = solved_grid(size, rng)
    for index in rng.sample(range(size * size), round(blanks * size * size)):
        cells[index] = 0
    return Puzzle(size, tuple(cells))
