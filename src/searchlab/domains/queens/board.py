"""The N-queens board: what a state is, the two notations a user types, and drawing.

A board holds n queens on an n×n board as 1-based (row, column) pairs, in the order
the user listed them: seed 000's programs move queens by their place in that list,
so the order is part of the state.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from searchlab.core.errors import InputError

Square = tuple[int, int]
Queens = tuple[Square, ...]

_PAIR = re.compile(r"\(\s*([+-]?[0-9]+)\s*,\s*([+-]?[0-9]+)\s*\)")
_NUMBER = re.compile(r"[+-]?[0-9]+")
_EXAMPLE = "e.g. [(1,1),(4,2),(3,3)] or [1,5,8,6,3,7,2,4]"
_MAX_DIGITS = 12  # longer numbers are off any board a person could mean


@dataclass(frozen=True)
class Board:
    """n queens on an n×n board, one per square; checked when built."""

    n: int
    queens: Queens

    def __post_init__(self) -> None:
        if self.n < 1:
            raise InputError(f"n must be at least 1, not {self.n}")
        if len(self.queens) != self.n:
            given = len(self.queens)
            raise InputError(
                f"{given} queen{'' if given == 1 else 's'} given for n = {self.n}: "
                f"the board needs exactly {self.n}"
            )
        seen: dict[Square, int] = {}
        for index, (row, col) in enumerate(self.queens, start=1):
            if not (1 <= row <= self.n and 1 <= col <= self.n):
                raise InputError(
                    f"entry {index} ({row},{col}) is off the {self.n}×{self.n} board "
                    f"(rows and columns run from 1 to {self.n})"
                )
            if (row, col) in seen:
                raise InputError(
                    f"entry {index} ({row},{col}): two queens on one square "
                    f"(entries {seen[row, col]} and {index})"
                )
            seen[row, col] = index

    def to_json(self) -> list[list[int]]:
        """The queens as [[row, col], ...], in list order."""
        return [[row, col] for row, col in self.queens]

    def __str__(self) -> str:
        return format_queens(self.queens)


def format_queens(queens: Queens) -> str:
    """The seed's notation: [(1,1),(4,2),...]."""
    return "[" + ",".join(f"({row},{col})" for row, col in queens) + "]"


def _number(text: str, index: int, what: str) -> int:
    digits = text.lstrip("+-")
    if len(digits) > _MAX_DIGITS:
        raise InputError(f"entry {index} has a {what} of {len(digits)} digits: off any board")
    return int(text)


def _split_entries(inner: str) -> list[str]:
    """Split at the commas outside parentheses; refuse unbalanced parentheses."""
    entries: list[str] = []
    depth = 0
    start = 0
    for position, char in enumerate(inner):
        if char == "(":
            depth += 1
            if depth > 1:
                raise InputError(f"nested parenthesis at character {position + 2}: {_EXAMPLE}")
        elif char == ")":
            depth -= 1
            if depth < 0:
                raise InputError(f"unmatched ')' at character {position + 2}: {_EXAMPLE}")
        elif char == "," and depth == 0:
            entries.append(inner[start:position])
            start = position + 1
    if depth != 0:
        raise InputError(f"unclosed '(' in the list: {_EXAMPLE}")
    entries.append(inner[start:])
    return entries


def parse_board(text: str, n: int | None = None) -> Board:
    """A board from either notation: (row, column) pairs, or one column per row.

    ``[(1,1),(4,2),...]`` lists the queens as pairs (spaces anywhere, as in the
    document's own output ``[(1 , 1), (6 , 2)]``); ``[1,5,8,6,3,7,2,4]`` gives the
    column of the queen in rows 1, 2, .... A final ``.`` (Prolog's) is allowed. n is
    the number of queens unless given. Every refusal names the offending entry.
    """
    body = text.strip()
    if body.endswith("."):
        body = body[:-1].rstrip()
    if not body:
        raise InputError(f"empty state: type a list of queens, {_EXAMPLE}")
    if not (body.startswith("[") and body.endswith("]")):
        shown = body if len(body) <= 40 else body[:37] + "..."
        raise InputError(f"not a list of queens: {shown!r}; write it in brackets, {_EXAMPLE}")
    inner = body[1:-1].strip()
    if not inner:
        raise InputError("empty list: a board needs at least one queen")
    entries = _split_entries(inner)
    pairs_notation = "(" in entries[0]
    queens: list[Square] = []
    for index, raw in enumerate(entries, start=1):
        entry = raw.strip()
        shown = entry if len(entry) <= 30 else entry[:27] + "..."
        if pairs_notation:
            match = _PAIR.fullmatch(entry)
            if match is None:
                raise InputError(f"entry {index} {shown!r} is not a (row, column) pair")
            row = _number(match.group(1), index, "row")
            col = _number(match.group(2), index, "column")
            queens.append((row, col))
        else:
            if _NUMBER.fullmatch(entry) is None:
                raise InputError(
                    f"entry {index} {shown!r} is not a column number "
                    "(a list of columns holds one number per row)"
                )
            queens.append((index, _number(entry, index, "column")))
    size = len(queens) if n is None else n
    if size < 1:
        raise InputError(f"n must be at least 1, not {size}")
    if not pairs_notation and len(queens) != size:
        given = len(queens)
        raise InputError(
            f"{given} column{'' if given == 1 else 's'} given for n = {size}: "
            f"one column per row, exactly {size}"
        )
    return Board(size, tuple(queens))


def columns_board(columns: tuple[int, ...] | list[int]) -> Board:
    """The board of a backtracking solution: the queen of row i in column columns[i-1]."""
    return Board(len(columns), tuple((row, col) for row, col in enumerate(columns, start=1)))


def format_board(
    n: int, queens: Queens | list[Square], marks: dict[Square, str] | None = None
) -> str:
    """A text drawing: row 1 at the top, ``Q`` a queen, ``.`` an empty square.

    ``marks`` draws other symbols on chosen squares (the step-through marks the
    square being tried).
    """
    grid = [["."] * n for _ in range(n)]
    for row, col in queens:
        grid[row - 1][col - 1] = "Q"
    for (row, col), mark in (marks or {}).items():
        grid[row - 1][col - 1] = mark
    return "\n".join(" ".join(line) for line in grid)


def random_board(n: int, moves: str, rng: random.Random) -> Board:
    """A random start: for ``column`` a random row in every column; for ``free`` n
    distinct random squares (so several queens may share a column)."""
    from searchlab.domains.queens.moves import MOVES

    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    kind = MOVES.canonical(moves)
    if kind == "column":
        return Board(n, tuple((rng.randint(1, n), col) for col in range(1, n + 1)))
    cells = rng.sample(range(n * n), n)
    return Board(n, tuple((cell // n + 1, cell % n + 1) for cell in cells))


SEED_CASES: tuple[Board, ...] = tuple(
    Board(8, queens)
    for queens in (
        ((1, 1), (4, 2), (3, 3), (1, 4), (7, 5), (3, 6), (7, 7), (5, 8)),
        ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (8, 8)),
        ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8)),
        ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)),
        ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (2, 7), (1, 8)),
        ((5, 1), (4, 2), (3, 3), (2, 4), (6, 4), (5, 5), (4, 6), (7, 3)),
        ((2, 2), (3, 3), (7, 2), (6, 3), (3, 6), (2, 7), (6, 6), (7, 7)),
        ((1, 1), (6, 2), (8, 3), (3, 4), (7, 5), (4, 6), (2, 7), (5, 8)),
    )
)
"""Seed 000's eight test cases, in the document's order (case 8 is already solved)."""
