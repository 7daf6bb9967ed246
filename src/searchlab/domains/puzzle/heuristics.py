"""Heuristics for sliding-tile puzzles (Bratko's ``h/2``), in a registry by name.

Each registry entry is a factory: given the goal it builds ``h(board) -> float`` with
the goal's tables precomputed, so the per-node work is a few C-level loops. Another
module can add entries (e.g. pattern databases for 4×4) with ``register_heuristic``.

- ``misplaced``: tiles not on their goal square (admissible: each needs ≥ 1 move).
- ``manhattan``: Bratko's totdist, the sum of each tile's row and column distance to its
  goal square (admissible: a move shifts one tile by one square).
- ``linear-conflict``: manhattan plus 2 for every tile that must leave its goal row (or
  column) to let others in the same line pass it: for each line, the tiles whose goal
  is that line, minus the longest run of them already in goal order (Korf & Taylor's
  admissible form; counting 2 per conflicting pair overestimates when tiles conflict
  with several others).
- ``bratko``: totdist + 3·seq (Bratko, ch. 12): for Bratko's 3×3 goal only; not
  admissible (position (a): h = 22, h* = 4).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from operator import getitem, ne

from searchlab.core.errors import InputError
from searchlab.core.problem import with_step
from searchlab.core.registry import Registry
from searchlab.domains.base import HeuristicSpec
from searchlab.domains.puzzle.board import BRATKO_GOAL, Board, board_size

BoardHeuristic = Callable[[Board], float]
HeuristicFactory = Callable[[Board], BoardHeuristic]


HEURISTICS: Registry[HeuristicSpec] = Registry("heuristic")
"""Every sliding-puzzle heuristic; ``build(goal)`` makes it for a goal."""


def register_heuristic(
    name: str,
    factory: HeuristicFactory,
    *,
    admissible: bool,
    summary: str,
    aliases: tuple[str, ...] = (),
) -> None:
    """Add a heuristic under ``name`` (factories may raise InputError for goals or sizes
    they do not support)."""
    HEURISTICS.add(name, HeuristicSpec(name, summary, admissible, factory), *aliases)


def make_heuristic(name: str, goal: Board) -> BoardHeuristic:
    """The heuristic called ``name`` for ``goal`` (InputError if unknown or unsupported)."""
    return HEURISTICS[name].build(goal)


def is_admissible(name: str) -> bool:
    """Whether the heuristic called ``name`` never overestimates (registry's word)."""
    return HEURISTICS[name].admissible


def _distance_table(goal: Board) -> list[list[int]]:
    """``table[square][tile]``: moves tile would need from square to its goal square
    (0 for the blank)."""
    k = board_size(goal)
    home = {tile: divmod(index, k) for index, tile in enumerate(goal)}
    table: list[list[int]] = []
    for index in range(k * k):
        row, col = divmod(index, k)
        table.append(
            [
                0 if tile == 0 else abs(row - home[tile][0]) + abs(col - home[tile][1])
                for tile in range(k * k)
            ]
        )
    return table


def totdist(board: Board, goal: Board) -> int:
    """Bratko's totdist: the sum of the tiles' Manhattan distances to their goal squares."""
    return sum(map(getitem, _distance_table(goal), board))


def misplaced_factory(goal: Board) -> BoardHeuristic:
    goal_blank = goal.index(0)

    def misplaced(board: Board) -> float:
        wrong: int = sum(map(ne, board, goal))
        return wrong - (board.index(0) != goal_blank)

    def step(parent: Board, h_parent: float, child: Board) -> float:
        """One tile swapped with the blank: only its own term changes."""
        was, now = parent.index(0), child.index(0)
        tile = parent[now]
        if was == now or child[was] != tile:  # not one tile swapped with the blank
            return misplaced(child)
        return h_parent + (goal[was] != tile) - (goal[now] != tile)

    return with_step(misplaced, step)


def manhattan_factory(goal: Board) -> BoardHeuristic:
    table = _distance_table(goal)

    def manhattan(board: Board) -> float:
        return sum(map(getitem, table, board))

    def step(parent: Board, h_parent: float, child: Board) -> float:
        """One tile swapped with the blank: only its own distance changes."""
        was, now = parent.index(0), child.index(0)
        tile = parent[now]
        if was == now or child[was] != tile:  # not one tile swapped with the blank
            return manhattan(child)
        return h_parent - table[now][tile] + table[was][tile]

    return with_step(manhattan, step)


def _line_removals(targets: list[int]) -> int:
    """How many of ``targets`` (goal positions along a line, in the order the tiles
    stand) must leave the line: all but a longest increasing run."""
    tails: list[int] = []
    for value in targets:
        at = bisect.bisect_left(tails, value)
        if at == len(tails):
            tails.append(value)
        else:
            tails[at] = value
    return len(targets) - len(tails)


def linear_conflict_factory(goal: Board) -> BoardHeuristic:
    k = board_size(goal)
    table = _distance_table(goal)
    goal_row = [0] * (k * k)
    goal_col = [0] * (k * k)
    for index, tile in enumerate(goal):
        goal_row[tile], goal_col[tile] = divmod(index, k)
    # Per line, the penalty of each content seen so far: a board has few distinct line
    # contents, so once warm a line costs one dictionary look-up.
    rows: list[dict[tuple[int, ...], int]] = [{} for _ in range(k)]
    cols: list[dict[tuple[int, ...], int]] = [{} for _ in range(k)]

    def penalty(
        line: tuple[int, ...],
        at: int,
        home: list[int],
        along: list[int],
        cache: dict[tuple[int, ...], int],
    ) -> int:
        """2 per tile of the line whose goal is this line (``home[t] == at``) that must
        leave it (``along``: each tile's goal position along the line); remembered."""
        targets = [along[t] for t in line if t != 0 and home[t] == at]
        value = cache[line] = 2 * _line_removals(targets)
        return value

    lines = range(k)

    def linear_conflict(board: Board) -> float:
        total: int = sum(map(getitem, table, board))
        for r in lines:
            line = board[r * k : r * k + k]
            extra = rows[r].get(line)
            total += penalty(line, r, goal_row, goal_col, rows[r]) if extra is None else extra
        for c in lines:
            line = board[c::k]
            extra = cols[c].get(line)
            total += penalty(line, c, goal_col, goal_row, cols[c]) if extra is None else extra
        return total

    return linear_conflict


# Bratko's sequence score. Squares numbered row-major from the top-left; the rim
# clockwise from the top-left corner is 0 1 2 5 8 7 6 3, the centre is 4.
_RIM = (0, 1, 2, 5, 8, 7, 6, 3)
_NEXT_CLOCKWISE = {square: _RIM[(i + 1) % 8] for i, square in enumerate(_RIM)}
_CENTRE = 4


def seq_score(board: Board) -> int:
    """Bratko's seq for a 3×3 board: per tile, 1 in the centre; on the rim 0 if the next
    square clockwise holds the tile that should follow it (8 is followed by 1), else 2."""
    if len(board) != 9:
        raise InputError("the sequence score is defined for 3×3 boards only")
    score = 0
    for square, tile in enumerate(board):
        if tile == 0:
            continue
        if square == _CENTRE:
            score += 1
        elif board[_NEXT_CLOCKWISE[square]] != tile % 8 + 1:
            score += 2
    return score


def bratko_factory(goal: Board) -> BoardHeuristic:
    if goal != BRATKO_GOAL:
        raise InputError(
            "the bratko heuristic is defined only for Bratko's 3×3 goal (1 2 3 / 8 _ 4 / "
            "7 6 5): choose that goal, or another heuristic such as manhattan",
            field="heuristic",
            hint=("goal", "bratko"),
        )
    table = _distance_table(goal)
    rim_next = [_NEXT_CLOCKWISE.get(square, _CENTRE) for square in range(9)]
    following = [0, 2, 3, 4, 5, 6, 7, 8, 1]  # following[t]: the tile that should follow t

    def bratko(board: Board) -> float:
        seq = 0
        for square in (0, 1, 2, 3, 5, 6, 7, 8):
            tile = board[square]
            if tile and board[rim_next[square]] != following[tile]:
                seq += 2
        if board[_CENTRE]:
            seq += 1
        return sum(map(getitem, table, board)) + 3 * seq

    return bratko


register_heuristic(
    "misplaced",
    misplaced_factory,
    admissible=True,
    summary="tiles not on their goal square",
    aliases=("hamming",),
)
register_heuristic(
    "manhattan",
    manhattan_factory,
    admissible=True,
    summary="sum of the tiles' distances to their goal squares (Bratko's totdist)",
    aliases=("totdist",),
)
register_heuristic(
    "linear-conflict",
    linear_conflict_factory,
    admissible=True,
    summary="manhattan + 2 per tile that must leave its goal row or column to let others pass",
    aliases=("linear",),
)
register_heuristic(
    "bratko",
    bratko_factory,
    admissible=False,
    summary="totdist + 3·seq (Bratko ch. 12), Bratko's 3×3 goal only; not admissible",
)

ADMISSIBLE: frozenset[str] = frozenset(name for name, spec in HEURISTICS.items() if spec.admissible)
"""The admissible heuristics defined for every board size; ask ``is_admissible`` for
the others (the 4×4 pattern databases below)."""


def _pattern_database_factory(name: str, size: int = 4) -> HeuristicFactory:
    """The pattern databases of the compiled kernels (4×4, or ``size``), as plain
    heuristics: built by breadth-first search on first use and cached on disk."""

    def factory(goal: Board) -> BoardHeuristic:
        if board_size(goal) != size:
            k = board_size(goal)
            raise InputError(
                f"the heuristic {name!r} is defined for {size}×{size} boards only, not {k}×{k}"
            )
        from searchlab.domains.puzzle.kernels import pdb_heuristic

        return pdb_heuristic(name, goal, reflect=True)

    return factory


PATTERN_DATABASES = ("pdb-663", "pdb-555", "pdb-6666", "pdb-444444")
"""The pattern-database heuristics; ``pdb-663`` is the default for 4×4 boards, and on
5×5 ``pdb-6666`` once its tables are built, else ``pdb-444444``."""

register_heuristic(
    "pdb-663",
    _pattern_database_factory("pdb-663"),
    admissible=True,
    summary="4×4 only: additive pattern databases of 6, 6 and 3 tiles (the 4×4 default)",
)
register_heuristic(
    "pdb-555",
    _pattern_database_factory("pdb-555"),
    admissible=True,
    summary="4×4 only: additive pattern databases of 5, 5 and 5 tiles",
)
register_heuristic(
    "pdb-6666",
    _pattern_database_factory("pdb-6666", 5),
    admissible=True,
    summary="5×5 only: Korf and Felner's four 6-tile databases (built once: minutes, 510 MB)",
)
register_heuristic(
    "pdb-444444",
    _pattern_database_factory("pdb-444444", 5),
    admissible=True,
    summary="5×5 only: six 4-tile databases (built in seconds; weaker)",
)


def default_heuristic(goal: Board) -> str:
    """The heuristic used when none is named: pattern databases on 4×4 and 5×5 (the
    strongest cached on 5×5: ``pdb.best_present``), else manhattan."""
    if board_size(goal) == 5:
        from searchlab.domains.puzzle.kernels.pdb import best_present

        return best_present(goal)
    return "pdb-663" if board_size(goal) == 4 else "manhattan"
