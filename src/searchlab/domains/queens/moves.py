"""Seed 000's two move operators, each enumerating its successors in the exact order of
the document's Prolog, so that with tie-break ``last`` a climb makes its choices.

A move is ``(from_square, to_square)``: squares are distinct on every board, so the
square a queen leaves names the queen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from searchlab.core.errors import InputError
from searchlab.core.registry import Registry
from searchlab.domains.queens.board import Board, Queens, Square

Move = tuple[Square, Square]
Arc = tuple[Move, Queens, float]


def column_successors(queens: Queens) -> Iterator[Arc]:
    """Version 2: a queen moves to another row of its own column. The new row is the
    outer loop (1..n), the queens in list order the inner one, as ``mover/3`` does."""
    n = len(queens)
    for new_row in range(1, n + 1):
        for index, (row, col) in enumerate(queens):
            if row != new_row:
                target = (new_row, col)
                yield ((row, col), target), (*queens[:index], target, *queens[index + 1 :]), 1.0


def free_successors(queens: Queens) -> Iterator[Arc]:
    """Version 1: a queen moves to any empty square whose column then holds no other
    queen. Target squares row by row (L = 1..n, then C = 1..n), and for each the queen
    to move in list order, as ``permitido/1`` then ``troca/4`` enumerate them."""
    n = len(queens)
    occupied = set(queens)
    in_column = [0] * (n + 1)
    for _, col in queens:
        in_column[col] += 1
    for new_row in range(1, n + 1):
        for new_col in range(1, n + 1):
            target = (new_row, new_col)
            if target in occupied or in_column[new_col] > 1:
                continue
            alone = in_column[new_col] == 1  # only the queen already there may move in
            for index, (row, col) in enumerate(queens):
                if alone and col != new_col:
                    continue
                yield ((row, col), target), (*queens[:index], target, *queens[index + 1 :]), 1.0


def check_any(board: Board) -> None:
    """The free operator takes any board."""


def check_one_per_column(board: Board) -> None:
    """The column operator needs exactly one queen per column: refuse otherwise,
    naming a crowded column and an empty one."""
    counts = [0] * (board.n + 1)
    for _, col in board.queens:
        counts[col] += 1
    crowded = next((col for col in range(1, board.n + 1) if counts[col] > 1), None)
    if crowded is None:
        return
    empty = next(col for col in range(1, board.n + 1) if counts[col] == 0)
    raise InputError(
        f"the column operator needs one queen per column: column {crowded} holds "
        f"{counts[crowded]} queens and column {empty} is empty",
        field="start",
        hint=("moves", "free"),
    )


@dataclass(frozen=True)
class MoveOperator:
    """A named way to move queens, with the boards it accepts."""

    name: str
    seed_name: str
    summary: str
    successors: Callable[[Queens], Iterator[Arc]]
    check: Callable[[Board], None]
    max_n: int  # the generic engine's largest board (see ``check_size``)
    max_kernel_n: int  # the compiled scan's largest board
    why: str  # what a climb costs at those limits, for ``--help`` and refusals

    def check_size(self, n: int, engine: str = "generic") -> None:
        """Refuse boards whose climb would run for hours. Every move is scored in O(1)
        (``incremental``), but a steepest step scores every move: n(n − 1) for
        ``column``, about 0.4·n³ for ``free``, and a climb takes about n/2 steps."""
        cap = self.max_kernel_n if engine == "kernel" else self.max_n
        if n > cap:
            where = "the compiled engine" if engine == "kernel" else "the generic engine"
            raise InputError(
                f"n = {n:,} is too large for hill climbing with {self.name} moves in {where} "
                f"(at most {cap:,}: {self.why}); use min-conflicts for larger boards"
            )


MOVES: Registry[MoveOperator] = Registry("move operator")
MOVES.add(
    "column",
    MoveOperator(
        "column",
        "v2",
        "seed's version 2: a queen moves within its column (one queen per column)",
        column_successors,
        check_one_per_column,
        1000,
        5000,
        "a steepest step scores n(n − 1) moves; one climb at the limits takes about 40 "
        "minutes in Python, 2 minutes compiled (h1: about 50 times longer)",
    ),
    "v2",
)
MOVES.add(
    "free",
    MoveOperator(
        "free",
        "v1",
        "seed's version 1: a queen moves to any empty square of a column with no other queen",
        free_successors,
        check_any,
        150,
        400,
        "a steepest step scores about 0.4·n³ moves; one climb at the limits takes a few "
        "minutes (h1: about 20 times longer)",
    ),
    "v1",
)
