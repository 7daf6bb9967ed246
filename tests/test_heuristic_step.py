"""A heuristic's ``step`` (the value of a successor from its parent's) gives exactly
what the heuristic gives, and the graph searches use it instead of calling h."""

from __future__ import annotations

import random

import pytest

from searchlab.algorithms.best_first import astar, greedy_best_first, weighted_astar
from searchlab.core.problem import step_of, with_step
from searchlab.domains.puzzle import BRATKO_GOAL, BRATKO_POSITIONS, SlidingPuzzle
from searchlab.domains.puzzle.board import Board, standard_goal
from searchlab.domains.puzzle.heuristics import make_heuristic

GOALS = [standard_goal(3), BRATKO_GOAL, standard_goal(4), (1, 2, 0, 3)]


@pytest.mark.parametrize("name", ["manhattan", "misplaced"])
@pytest.mark.parametrize("goal", GOALS, ids=["3x3", "bratko", "4x4", "2x2"])
def test_the_step_gives_h_of_every_successor_on_a_random_walk(name: str, goal: Board) -> None:
    h = make_heuristic(name, goal)
    step = step_of(h)
    assert step is not None
    puzzle = SlidingPuzzle(goal, goal)
    rng = random.Random(7)
    board = goal
    for _ in range(150):
        arcs = list(puzzle.successors(board))
        for _move, child, _cost in arcs:
            assert step(board, h(board), child) == h(child)
        board = rng.choice(arcs)[1]


@pytest.mark.parametrize("name", ["manhattan", "misplaced"])
def test_a_child_that_is_not_one_slide_away_gets_the_full_value(name: str) -> None:
    h = make_heuristic(name, BRATKO_GOAL)
    step = step_of(h)
    assert step is not None
    parent = BRATKO_POSITIONS["c"]
    cells = list(parent)
    first, second = [square for square, tile in enumerate(cells) if tile != 0][:2]
    cells[first], cells[second] = cells[second], cells[first]  # two tiles, blank unmoved
    swapped = tuple(cells)
    assert step(parent, h(parent), swapped) == h(swapped)


def test_a_plain_function_offers_no_step() -> None:
    assert step_of(lambda state: 0.0) is None


@pytest.mark.parametrize("search", [astar, greedy_best_first, weighted_astar])
def test_the_graph_search_takes_successors_values_from_the_step(search: object) -> None:
    manhattan = make_heuristic("manhattan", BRATKO_GOAL)
    calls = {"h": 0, "step": 0}

    def counted_h(board: Board) -> float:
        calls["h"] += 1
        return manhattan(board)

    def counted_step(parent: Board, h_parent: float, child: Board) -> float:
        calls["step"] += 1
        return manhattan(child)

    puzzle = SlidingPuzzle(BRATKO_POSITIONS["c"], BRATKO_GOAL)
    plain = search(puzzle, counted_h)  # type: ignore[operator]
    h_calls_alone = calls["h"]
    calls["h"] = 0
    stepped = search(puzzle, with_step(counted_h, counted_step))  # type: ignore[operator]
    assert (stepped.cost, stepped.path, stepped.stats.expanded) == (
        plain.cost,
        plain.path,
        plain.stats.expanded,
    )
    assert calls["step"] == h_calls_alone - 2  # all but the start's (checked, then searched)
    assert calls["h"] == 2
