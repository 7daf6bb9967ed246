"""Reference code for the puzzle tests (no tests here), written apart from the library
so the tests do not check it against itself: moves from coordinates, breadth-first
search, and a path checker."""

from __future__ import annotations

import functools
import math
import random
from collections import deque
from collections.abc import Sequence

Board = tuple[int, ...]

DELTAS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def side(board: Sequence[int]) -> int:
    return math.isqrt(len(board))


def blank_moves(board: Board) -> list[tuple[str, Board]]:
    """Every move of the blank, computed from row/column coordinates."""
    k = side(board)
    row, col = divmod(board.index(0), k)
    out = []
    for name, (dr, dc) in DELTAS.items():
        r, c = row + dr, col + dc
        if 0 <= r < k and 0 <= c < k:
            cells = list(board)
            cells[row * k + col], cells[r * k + c] = cells[r * k + c], 0
            out.append((name, tuple(cells)))
    return out


def bfs_distances(goal: Board) -> dict[Board, int]:
    """Moves from every board that can reach ``goal`` (moves are reversible, so a
    search from the goal finds exactly those)."""
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        for _, nxt in blank_moves(board):
            if nxt not in distance:
                distance[nxt] = distance[board] + 1
                queue.append(nxt)
    return distance


def check_path(path: Sequence[Board], moves: Sequence[str], start: Board, goal: Board) -> None:
    """Assert ``path`` runs from start to goal by legal moves named as ``moves`` say."""
    assert path[0] == start
    assert path[-1] == goal
    assert len(moves) == len(path) - 1
    k = side(start)
    for before, after, move in zip(path[:-1], path[1:], moves, strict=True):
        changed = [i for i in range(len(before)) if before[i] != after[i]]
        assert len(changed) == 2, (before, after)
        old, new = before.index(0), after.index(0)
        assert set(changed) == {old, new}
        assert after[old] == before[new]
        (r0, c0), (r1, c1) = divmod(old, k), divmod(new, k)
        assert (r1 - r0, c1 - c0) == DELTAS[move], (before, after, move)


def random_walk(goal: Board, steps: int, rng: random.Random) -> Board:
    """``steps`` moves from the goal, never undoing the previous one."""
    board = goal
    previous: Board | None = None
    for _ in range(steps):
        options = [nxt for _, nxt in blank_moves(board) if nxt != previous]
        previous, board = board, rng.choice(options)
    return board


@functools.cache
def cached_distances(goal: Board) -> dict[Board, int]:
    """``bfs_distances`` computed once per test session (the 3×3 space takes ~1 s)."""
    return bfs_distances(goal)
