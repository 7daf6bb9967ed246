"""The graph searches count in local variables while they run and write the counts to
their ``Stats`` when they stop: without an observer they report what they report with
one (whose events are counted independently), however they stop."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from searchlab.algorithms.best_first import astar, greedy_best_first, uniform_cost, weighted_astar
from searchlab.core.events import Expand, Generate
from searchlab.core.limits import Limits
from searchlab.core.result import Status
from searchlab.domains.puzzle.board import standard_goal
from searchlab.domains.puzzle.heuristics import make_heuristic
from searchlab.domains.puzzle.problem import MOVES, SlidingPuzzle, apply_move

GOAL = standard_goal(3)
MANHATTAN = make_heuristic("manhattan", GOAL)


def scrambled(moves: int, seed: int) -> tuple[int, ...]:
    """The goal after ``moves`` random moves of the blank: a board some way off."""
    rng, board = random.Random(seed), GOAL
    for _ in range(moves):
        board = apply_move(board, rng.choice([m for m in MOVES if can_move(board, m)]))
    return board


def can_move(board: tuple[int, ...], move: str) -> bool:
    try:
        apply_move(board, move)
    except ValueError:
        return False
    return True


BOARDS = [scrambled(16, seed) for seed in range(2)]
SEARCHES: dict[str, Callable[..., Any]] = {
    "astar": lambda p, **kw: astar(p, MANHATTAN, **kw),
    "weighted": lambda p, **kw: weighted_astar(p, MANHATTAN, 1.5, **kw),
    "greedy": lambda p, **kw: greedy_best_first(p, MANHATTAN, **kw),
    "uniform": lambda p, **kw: uniform_cost(p, **kw),
}


class Counter:
    def __init__(self) -> None:
        self.expanded = self.generated = 0

    def __call__(self, event: object) -> None:
        self.expanded += isinstance(event, Expand)
        self.generated += isinstance(event, Generate)


@pytest.mark.parametrize("name", SEARCHES)
@pytest.mark.parametrize("board", BOARDS)
def test_counts_without_an_observer_are_those_the_events_show(
    name: str, board: tuple[int, ...]
) -> None:
    heard = Counter()
    watched = SEARCHES[name](SlidingPuzzle(board, GOAL), observer=heard)
    alone = SEARCHES[name](SlidingPuzzle(board, GOAL))
    assert watched.solved and alone.solved and alone.path == watched.path
    assert (alone.stats.expanded, alone.stats.generated) == (heard.expanded, heard.generated)
    assert alone.stats.max_frontier == watched.stats.max_frontier > 1


@pytest.mark.parametrize("name", SEARCHES)
def test_a_search_stopped_by_its_limit_reports_the_counts_so_far(name: str) -> None:
    heard = Counter()
    limits = Limits(max_expanded=5)
    watched = SEARCHES[name](SlidingPuzzle(BOARDS[1], GOAL), limits=limits, observer=heard)
    alone = SEARCHES[name](SlidingPuzzle(BOARDS[1], GOAL), limits=limits)
    assert alone.status is watched.status is Status.LIMIT_REACHED
    assert alone.stats.expanded == heard.expanded == 5
    assert alone.stats.generated == heard.generated > 5
    assert alone.stats.max_frontier == watched.stats.max_frontier
