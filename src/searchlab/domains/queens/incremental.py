"""Seed 000's climb scored incrementally: the board held in line counters, so a move's
effect on the heuristic costs O(1) (``deltas``) instead of building the successor and
counting it in O(n). A steepest step is then O(n²) for the column operator (n·(n − 1)
moves) and about O(n³) for the free one (whose moves are that many).

Keys enumerate the moves in exactly the order of ``moves.column_successors`` and
``moves.free_successors``, so a climb makes the same choices on either path.

``compiled=True`` holds the board in numpy arrays and hands a steepest step with tie-break
first or last to the compiled scan (``kernels.climb.scan``): the same choice, in machine
code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from searchlab.domains.queens.board import Queens
from searchlab.domains.queens.deltas import attackers_delta, pairs_delta, place
from searchlab.domains.queens.heuristics import attackers, attacking_pairs, attacks
from searchlab.domains.queens.moves import Move

SCALES: dict[Callable[[Queens], int], tuple[str, int]] = {
    attackers: ("attackers", 1),
    attacks: ("pairs", 2),
    attacking_pairs: ("pairs", 1),
}
"""The heuristics scored incrementally: which delta counts them, and its multiple (h2
counts every attacking pair twice)."""


class QueensEvaluator:
    """One board in place, for the ``column`` or ``free`` operator and one heuristic."""

    cost = 1.0

    def __init__(self, operator: str, h: Callable[[Queens], int], compiled: bool = False) -> None:
        self.operator = operator
        self.h = h
        kind, self.scale = SCALES[h]
        self.attackers = kind == "attackers"
        self.kind = 0 if self.attackers else self.scale  # the compiled scan's code for h
        self.compiled = compiled
        self.n = 0
        self.qr: Any = []
        self.qc: Any = []
        self.lines: Any = []

    def load(self, state: Queens) -> float:
        n = self.n = len(state)
        self.squares = list(state)
        qr = [row for row, _ in state]
        qc = [col for _, col in state]
        lines = [[0] * (2 * n + 2) for _ in range(8)]
        for i, (row, col) in enumerate(state):
            place(i, row, col, 1, n, *lines)
        if self.compiled:
            from searchlab.domains.queens.kernels import climb

            self.kernel = climb
            self.board = climb.stack(qr, qc, lines)  # the arrays below are views of it
            self.qr, self.qc = self.board[climb.QR, :n], self.board[climb.QC, :n]
            self.lines = self.board[: climb.QR]
        else:
            self.qr, self.qc, self.lines = qr, qc, lines
        return self.h(state)

    def steepest(
        self, value: float, sideways: bool, last: bool
    ) -> tuple[int | None, float, bool, int, int]:
        """A steepest step's choice by the compiled scan (tie-break first or ``last``):
        the key (None: no move), the value after it, whether it is level, the improving
        moves and the moves scored. Only when ``compiled``."""
        free = self.operator == "free"
        key, change, level, kept, scored = self.kernel.scan(
            free, self.kind, last, sideways, self.board
        )
        found = None if key < 0 else int(key)
        return found, value + int(change), bool(level), int(kept), int(scored)

    def move_keys(self) -> Iterator[int]:
        return self._column_keys() if self.operator == "column" else self._free_keys()

    def _column_keys(self) -> Iterator[int]:
        """New row outer (1..n), queens inner in list order; key (row − 1)·n + i."""
        n, qr = self.n, self.qr
        for new_row in range(1, n + 1):
            base = (new_row - 1) * n
            for i in range(n):
                if qr[i] != new_row:
                    yield base + i

    def _free_keys(self) -> Iterator[int]:
        """Target squares row by row, then the queens that may go there in list order;
        key ((row − 1)·n + col − 1)·n + i."""
        n, qr = self.n, self.qr
        cc, cs = self.lines[1], self.lines[5]
        everyone = range(n)
        for new_row in range(1, n + 1):
            for new_col in range(1, n + 1):
                in_column = cc[new_col]
                base = ((new_row - 1) * n + new_col - 1) * n
                if in_column == 0:
                    for i in everyone:
                        yield base + i
                elif in_column == 1:
                    alone = int(cs[new_col])
                    if qr[alone] != new_row:
                        yield base + alone

    def _decode(self, key: int) -> tuple[int, int, int]:
        n = self.n
        if self.operator == "column":
            square, i = divmod(key, n)
            return i, square + 1, int(self.qc[i])
        square, i = divmod(key, n)
        row, col = divmod(square, n)
        return i, row + 1, col + 1

    def delta(self, key: int) -> float:
        i, r2, c2 = self._decode(key)
        if self.compiled:
            return int(self.kernel.move_delta(self.kind, i, r2, c2, self.board))
        rc, cc, dc, ac, rs, cs, ds, asum = self.lines
        if self.attackers:
            return attackers_delta(
                i, r2, c2, self.n, self.qr, self.qc, rc, cc, dc, ac, rs, cs, ds, asum
            )
        return self.scale * pairs_delta(i, r2, c2, self.n, self.qr, self.qc, rc, cc, dc, ac)

    def move(self, key: int) -> Move:
        i, r2, c2 = self._decode(key)
        return (int(self.qr[i]), int(self.qc[i])), (r2, c2)

    def apply(self, key: int) -> tuple[Move, Queens]:
        i, r2, c2 = self._decode(key)
        r, c = int(self.qr[i]), int(self.qc[i])
        if self.compiled:
            self.kernel.apply_move(i, r, c, r2, c2, self.lines)
        else:
            place(i, r, c, -1, self.n, *self.lines)
            place(i, r2, c2, 1, self.n, *self.lines)
        self.qr[i], self.qc[i] = r2, c2
        self.squares[i] = (r2, c2)
        return ((r, c), (r2, c2)), tuple(self.squares)
