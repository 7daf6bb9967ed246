"""Which boards can reach which: the permutation-parity test, and random solvable boards.

Read the tiles row by row, skipping the blank, and count the inversions relative to
the goal's order. A horizontal move changes no inversion. A vertical move carries one
tile past k−1 others, changing the count by an odd number when k is even and an even
number when k is odd. So on an odd board the parity of the inversions never changes,
and on an even board the parity of (inversions + rows between the blank and its goal
row) never changes; the goal has both even, and every board of the right parity is
reachable (Johnson & Story, 1879). Exactly half of all boards can reach a given goal.
"""

from __future__ import annotations

import random

from searchlab.core.errors import InputError
from searchlab.domains.puzzle.board import Board, board_size, standard_goal


def relative_inversions(start: Board, goal: Board) -> int:
    """Pairs of tiles (blank excluded) that the start holds in the opposite reading order
    to the goal."""
    rank = {tile: index for index, tile in enumerate(t for t in goal if t != 0)}
    sequence = [rank[tile] for tile in start if tile != 0]
    # Merge-sort count: O(n log n), so even large boards answer at once.
    return _count_inversions(sequence)


def _count_inversions(values: list[int]) -> int:
    if len(values) < 2:
        return 0
    middle = len(values) // 2
    left, right = values[:middle], values[middle:]
    count = _count_inversions(left) + _count_inversions(right)
    left.sort()
    right.sort()
    i = 0
    for value in right:
        while i < len(left) and left[i] <= value:
            i += 1
        count += len(left) - i
    return count


def unsolvable_reason(start: Board, goal: Board) -> str | None:
    """Why ``start`` cannot reach ``goal`` (None if it can)."""
    k = board_size(start)
    if board_size(goal) != k:
        return f"the start is {k}×{k} but the goal is {board_size(goal)}×{board_size(goal)}"
    inversions = relative_inversions(start, goal)
    plural = "" if inversions == 1 else "s"
    if k % 2 == 1:
        if inversions % 2 == 0:
            return None
        return (
            f"read row by row without the blank, its tiles are {inversions} inversion{plural} "
            f"(an odd number) from the goal's order, and on a {k}×{k} board every move "
            "keeps that number's parity"
        )
    rows = abs(start.index(0) // k - goal.index(0) // k)
    rows_text = f"{rows} row{'' if rows == 1 else 's'}"
    if (inversions + rows) % 2 == 0:
        return None
    return (
        f"read row by row without the blank, its tiles are {inversions} inversion{plural} from "
        f"the goal's order and its blank is {rows_text} from the goal's blank row; on a {k}×{k} "
        f"board every move keeps the parity of inversions + rows, and {inversions} + {rows} "
        "is odd"
    )


def is_solvable(start: Board, goal: Board) -> bool:
    """Whether some sequence of moves takes ``start`` to ``goal``."""
    return unsolvable_reason(start, goal) is None


def check_solvable(start: Board, goal: Board) -> None:
    """Refuse, before any search, a start that cannot reach the goal, saying why."""
    reason = unsolvable_reason(start, goal)
    if reason is not None:
        raise InputError(f"this board is unsolvable for that goal: {reason}")


def random_board(size: int, rng: random.Random, goal: Board | None = None) -> Board:
    """A board drawn uniformly from those that can reach ``goal`` (default: standard).

    Shuffle, and if the result cannot reach the goal swap the first two tiles (not the
    blank). That swap is its own inverse and flips the parity, so it pairs every
    unsolvable board with exactly one solvable board: each solvable board then has
    probability 2/(k²)!.
    """
    if size < 2:
        raise InputError(f"the board size must be 2 or more, not {size}")
    target = standard_goal(size) if goal is None else goal
    if board_size(target) != size:
        raise InputError(f"the goal is not a {size}×{size} board")
    cells = list(target)
    rng.shuffle(cells)
    board = tuple(cells)
    if not is_solvable(board, target):
        first, second = [index for index, tile in enumerate(cells) if tile != 0][:2]
        cells[first], cells[second] = cells[second], cells[first]
        board = tuple(cells)
    return board
