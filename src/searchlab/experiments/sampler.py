"""8-puzzle boards drawn uniformly from those whose shortest solution has exactly d moves.

Random walks of d moves do not do that (they mostly end nearer than d, and favour
some boards over others). The 8-puzzle is small enough to do it right: one
breadth-first search from the goal over all 9!/2 = 181,440 reachable boards sorts them
into layers by distance, computed once per goal and kept in memory, and a draw picks
a board of layer d at random.

Boards are flat tuples read row by row, 0 for the blank, as in searchlab.domains.puzzle.
"""

from __future__ import annotations

import random
from functools import lru_cache

from searchlab.core.errors import InputError

Board = tuple[int, ...]

SIDE = 3
STANDARD_GOAL: Board = (1, 2, 3, 4, 5, 6, 7, 8, 0)
DEEPEST = 31  # the largest distance from the standard goal (``max_depth`` counts it)


def _neighbours_of_squares(side: int) -> tuple[tuple[int, ...], ...]:
    squares = []
    for index in range(side * side):
        row, column = divmod(index, side)
        near = []
        for d_row, d_column in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = row + d_row, column + d_column
            if 0 <= r < side and 0 <= c < side:
                near.append(r * side + c)
        squares.append(tuple(near))
    return tuple(squares)


_ADJACENT = _neighbours_of_squares(SIDE)


def _check_goal(goal: Board) -> Board:
    goal = tuple(goal)
    if sorted(goal) != list(range(SIDE * SIDE)):
        raise InputError(f"the depth sampler covers the 3x3 puzzle only; not a 3x3 goal: {goal}")
    return goal


@lru_cache(maxsize=4)
def layers(goal: Board = STANDARD_GOAL) -> tuple[tuple[Board, ...], ...]:
    """Every board reachable from ``goal``, grouped by its distance from it (layer d holds
    the boards whose shortest solution takes d moves). About a second, once per goal."""
    goal = _check_goal(goal)
    frontier = [goal]
    seen = {goal}
    found: list[tuple[Board, ...]] = []
    while frontier:
        found.append(tuple(frontier))
        following: list[Board] = []
        for board in frontier:
            blank = board.index(0)
            for square in _ADJACENT[blank]:
                cells = list(board)
                cells[blank], cells[square] = cells[square], 0
                successor = tuple(cells)
                if successor not in seen:
                    seen.add(successor)
                    following.append(successor)
        frontier = following
    return tuple(found)


def max_depth(goal: Board = STANDARD_GOAL) -> int:
    """The largest distance from ``goal`` (31 for the standard goal)."""
    return len(layers(goal)) - 1


def check_depth(depth: int, goal: Board = STANDARD_GOAL) -> int:
    deepest = max_depth(goal)
    if not 0 <= depth <= deepest:
        raise InputError(f"depth {depth} is out of range: 3x3 boards lie 0 to {deepest} moves away")
    return depth


def sample(depth: int, seed: int, goal: Board = STANDARD_GOAL) -> Board:
    """One board whose shortest solution takes exactly ``depth`` moves, chosen uniformly
    among all such boards by a generator seeded with ``seed`` alone."""
    check_depth(depth, goal)
    layer = layers(goal)[depth]
    return layer[random.Random(seed).randrange(len(layer))]


def distance(board: Board, goal: Board = STANDARD_GOAL) -> int | None:
    """The length of the shortest solution of ``board`` (None: unreachable from ``goal``)."""
    board = tuple(board)
    for depth, layer in enumerate(layers(goal)):
        if board in layer:
            return depth
    return None
