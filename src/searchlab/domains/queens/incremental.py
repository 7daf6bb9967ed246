"""Seed 000's climb scored incrementally: the board held in line counters, so a move's
effect on the heuristic costs O(1) (``deltas``) instead of building the successor and
counting it in O(n). A steepest step is then O(n²) for the column operator (n·(n − 1)
moves) and about O(n³) for the free one (whose moves are that many).

Keys enumerate the moves in exactly the order of ``moves.column_successors`` and
``moves.free_successors``, so a climb makes the same choices on either path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

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

    def __init__(self, operator: str, h: Callable[[Queens], int]) -> None:
        self.operator = operator
        self.h = h
        kind, self.scale = SCALES[h]
        self.attackers = kind == "attackers"
        self.n = 0

    def load(self, state: Queens) -> float:
        n = self.n = len(state)
        self.squares = list(state)
        self.qr = [row for row, _ in state]
        self.qc = [col for _, col in state]
        self.lines = [[0] * (2 * n + 2) for _ in range(8)]
        for i, (row, col) in enumerate(state):
            place(i, row, col, 1, n, *self.lines)
        return self.h(state)

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
                    alone = cs[new_col]
                    if qr[alone] != new_row:
                        yield base + alone

    def _decode(self, key: int) -> tuple[int, int, int]:
        n = self.n
        if self.operator == "column":
            square, i = divmod(key, n)
            return i, square + 1, self.qc[i]
        square, i = divmod(key, n)
        row, col = divmod(square, n)
        return i, row + 1, col + 1

    def delta(self, key: int) -> float:
        i, r2, c2 = self._decode(key)
        rc, cc, dc, ac, rs, cs, ds, asum = self.lines
        if self.attackers:
            return attackers_delta(
                i, r2, c2, self.n, self.qr, self.qc, rc, cc, dc, ac, rs, cs, ds, asum
            )
        return self.scale * pairs_delta(i, r2, c2, self.n, self.qr, self.qc, rc, cc, dc, ac)

    def apply(self, key: int) -> tuple[Move, Queens]:
        i, r2, c2 = self._decode(key)
        r, c = self.qr[i], self.qc[i]
        place(i, r, c, -1, self.n, *self.lines)
        place(i, r2, c2, 1, self.n, *self.lines)
        self.qr[i], self.qc[i] = r2, c2
        self.squares[i] = (r2, c2)
        return ((r, c), (r2, c2)), tuple(self.squares)
