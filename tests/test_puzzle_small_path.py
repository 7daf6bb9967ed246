"""The plain-Python IDA* for small boards (kernels/small.py, issue 29): node for node the
compiled kernel's search (the same moves, counters and limit), so that `puzzle solve` on
a small board needs no numba; past its budget the kernel starts over."""

from __future__ import annotations

import random

import pytest

from searchlab.domains.puzzle import kernels
from searchlab.domains.puzzle.board import Board, standard_goal
from searchlab.domains.puzzle.kernels import (
    KORF_GOAL,
    MOVE_NAMES,
    STANDARD_GOAL,
    STANDARD_GOAL_24,
    FastSolution,
    kernel_arguments,
    small,
    solve_15,
)
from searchlab.domains.puzzle.kernels.layout import LIMIT_REACHED, LINEAR_CONFLICT, MANHATTAN
from searchlab.domains.puzzle.problem import neighbours
from searchlab.domains.puzzle.solvability import random_board
from searchlab.domains.puzzle.solve import solve


def walk(goal: Board, steps: int, rng: random.Random) -> Board:
    """A board ``steps`` random moves of the blank from ``goal`` (never straight back):
    an easy board, some 20 to 45 moves from its goal for these lengths."""
    cells = list(goal)
    side = round(len(cells) ** 0.5)
    came_from = -1
    for _ in range(steps):
        blank = cells.index(0)
        target = rng.choice([t for _, t in neighbours(side)[blank] if t != came_from])
        cells[blank], cells[target] = cells[target], 0
        came_from = blank
    return tuple(cells)


def small_solution(board: Board, goal: Board, heuristic: str, limit: int = 0) -> FastSolution:
    """``board`` solved by the plain-Python IDA* alone, as ``solve_15`` would report it."""
    length, codes, (generated, expanded, iterations) = small.ida_star(
        board, *kernel_arguments(goal, heuristic), max_expanded=limit
    )
    moves = None if length == LIMIT_REACHED else [MOVE_NAMES[c] for c in codes]
    return FastSolution(moves, generated, expanded, iterations, 0.0, compiled=False)


def same_search(a: FastSolution, b: FastSolution) -> bool:
    return (a.moves, a.generated, a.expanded, a.iterations) == (
        b.moves,
        b.generated,
        b.expanded,
        b.iterations,
    )


CASES = [
    (STANDARD_GOAL, "pdb-663"),  # the default: reflected databases
    (KORF_GOAL, "pdb-663"),  # blank first: the other diagonal, other tables
    (STANDARD_GOAL, "pdb-555"),
    (STANDARD_GOAL, "manhattan"),
    (STANDARD_GOAL, "linear-conflict"),
    (STANDARD_GOAL_24, "manhattan"),
    (STANDARD_GOAL_24, "linear-conflict"),
]


@pytest.mark.parametrize(("goal", "heuristic"), CASES)
def test_the_small_path_searches_as_the_kernel_does(goal: Board, heuristic: str) -> None:
    rng = random.Random(f"{heuristic} {len(goal)} {goal[0]}")
    boards = [walk(goal, rng.randrange(24, 56), rng) for _ in range(12)]
    lengths = set()
    for board in boards:
        kernel = solve_15(board, goal, heuristic=heuristic, small_budget=0, max_expanded=50_000)
        assert kernel.compiled
        assert same_search(small_solution(board, goal, heuristic, 50_000), kernel), board
        lengths.add(None if kernel.moves is None else len(kernel.moves))
    assert len(lengths) > 3  # boards of many lengths, not one


def test_a_node_limit_stops_both_at_the_same_node() -> None:
    rng = random.Random(29)
    for limit in (1, 7, 60, 500):
        board = walk(STANDARD_GOAL, 50, rng)
        kernel = solve_15(board, heuristic="pdb-663", small_budget=0, max_expanded=limit)
        python = small_solution(board, STANDARD_GOAL, "pdb-663", limit)
        assert same_search(python, kernel)
        if kernel.moves is None:
            assert kernel.expanded > limit  # stopped past it, at the same node


def test_the_start_on_the_goal_takes_no_iteration() -> None:
    python = small_solution(STANDARD_GOAL, STANDARD_GOAL, "pdb-663")
    assert (python.moves, python.generated, python.iterations) == ([], 0, 0)


@pytest.mark.parametrize("seed", range(8))
def test_on_8_puzzles_the_length_is_breadth_first_s(seed: int) -> None:
    """3×3 boards have no kernel: the plain IDA* under manhattan and linear conflicts
    finds the shortest length that breadth-first search finds, by a path of real
    moves."""
    goal = standard_goal(3)
    board = random_board(3, random.Random(seed), goal)
    shortest = len(solve(board, goal, algorithm="bfs").moves)
    for mode in (MANHATTAN, LINEAR_CONFLICT):
        goal_cells = [goal.index(tile) for tile in range(9)]
        heuristic = kernels._goal_cells(goal), mode, *kernels._NO_TABLES
        assert goal_cells == heuristic[0].tolist()
        length, codes, _ = small.ida_star(board, heuristic, [0, 2, 3, 1], max_expanded=0)
        assert length == shortest
        cells = list(board)
        for code in codes:
            blank = cells.index(0)
            target = dict(neighbours(3)[blank])[MOVE_NAMES[code]]
            cells[blank], cells[target] = cells[target], 0
        assert tuple(cells) == goal


@pytest.fixture
def kernel_unloaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve_15`` as in a fresh process, the compiled IDA* not yet loaded."""
    monkeypatch.setattr(kernels, "kernel_loaded", lambda: False)


@pytest.mark.usefixtures("kernel_unloaded")
def test_solve_15_tries_python_first_and_falls_back_past_the_budget() -> None:
    board = walk(STANDARD_GOAL, 60, random.Random(3))
    heard: list[tuple[int, int]] = []
    python = solve_15(board, small_budget=10**6, iteration=lambda *report: heard.append(report))
    assert not python.compiled
    told: list[tuple[int, int]] = []
    kernel = solve_15(board, small_budget=5, iteration=lambda *report: told.append(report))
    assert kernel.compiled and kernel.expanded > 5  # the budget ran out: the kernel ran
    assert same_search(python, kernel)
    assert heard == told  # each iteration told once, in the same words


@pytest.mark.usefixtures("kernel_unloaded")
def test_a_node_limit_within_the_budget_is_the_python_path_s_answer() -> None:
    board = walk(STANDARD_GOAL, 60, random.Random(4))
    stopped = solve_15(board, max_expanded=3)
    assert stopped.moves is None and not stopped.compiled and stopped.expanded > 3


def test_the_help_says_the_budget() -> None:
    from searchlab.cli.puzzle import SOLVE_PATHS

    assert f"{small.SMALL_BUDGET:,} expansions" in SOLVE_PATHS
