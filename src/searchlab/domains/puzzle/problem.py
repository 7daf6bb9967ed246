"""The sliding-tile state space (Bratko's ``s/3`` and ``goal/1`` for the 8-puzzle).

A move is named by the direction the BLANK moves: ``up`` slides the tile above the
blank down into it. Successors come in the fixed order up, down, left, right. Every
move costs 1, so the cheapest path is the one with the fewest moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from searchlab.domains.puzzle.board import Board, board_size

Move = str
MOVES: tuple[Move, ...] = ("up", "down", "left", "right")
"""The order successors are generated in (the direction the blank moves)."""

MOVE_ORDERS: dict[str, tuple[Move, ...]] = {
    "up-down-left-right": MOVES,
    "up-left-right-down": ("up", "left", "right", "down"),  # Korf's order (1985)
}
"""The orders the compiled IDA* may try the blank's moves in: the same lengths, other
node counts in the last iteration."""

DEFAULT_MOVE_ORDER = "up-left-right-down"


@cache
def neighbours(size: int) -> tuple[tuple[tuple[Move, int], ...], ...]:
    """For each square of a k×k board, the (move, square the blank goes to) pairs in
    ``MOVES`` order: computed once per size."""
    table: list[tuple[tuple[Move, int], ...]] = []
    for index in range(size * size):
        row, col = divmod(index, size)
        arcs: list[tuple[Move, int]] = []
        if row > 0:
            arcs.append(("up", index - size))
        if row < size - 1:
            arcs.append(("down", index + size))
        if col > 0:
            arcs.append(("left", index - 1))
        if col < size - 1:
            arcs.append(("right", index + 1))
        table.append(tuple(arcs))
    return tuple(table)


def apply_move(board: Board, move: Move) -> Board:
    """The board after the blank moves in direction ``move`` (ValueError if it cannot)."""
    blank = board.index(0)
    for name, target in neighbours(board_size(board))[blank]:
        if name == move:
            cells = list(board)
            cells[blank], cells[target] = cells[target], 0
            return tuple(cells)
    raise ValueError(f"the blank cannot move {move} from square {blank}")


class SlidingPuzzle:
    """Search problem: from ``start`` to ``goal`` (same size; solvability is checked
    by the caller, see ``check_solvable``)."""

    def __init__(self, start: Board, goal: Board) -> None:
        self.size = board_size(start)
        if board_size(goal) != self.size:
            raise ValueError("start and goal must be the same size")
        self.start = start
        self.goal = goal
        self._neighbours = neighbours(self.size)

    @property
    def initial(self) -> Board:
        return self.start

    def successors(self, state: Board) -> Iterator[tuple[Move, Board, float]]:
        blank = state.index(0)
        for move, target in self._neighbours[blank]:
            cells = list(state)
            cells[blank] = cells[target]
            cells[target] = 0
            yield move, tuple(cells), 1

    def is_goal(self, state: Board) -> bool:
        return state == self.goal
