"""Incremental evaluation: the queens evaluator's deltas are the heuristics' own
differences, and a local search through it makes exactly the climb it makes scoring
every successor in full (same moves, tie-breaks, restarts and counts)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.algorithms.local import hill_climbing, simulated_annealing
from searchlab.core.events import Candidates, Recorder
from searchlab.core.problem import evaluator_of
from searchlab.domains.queens.board import Queens, random_board
from searchlab.domains.queens.climb import ClimbProblem
from searchlab.domains.queens.heuristics import HEURISTICS
from searchlab.domains.queens.incremental import QueensEvaluator
from searchlab.domains.queens.moves import MOVES

OPERATORS = st.sampled_from(["column", "free"])
NAMES = st.sampled_from(["attackers", "attacks", "pairs"])
VARIANTS = st.sampled_from(["steepest", "first-choice", "stochastic"])
SEEDS = st.integers(0, 2**32)


def _problem(queens: Queens, moves: str, incremental: bool) -> ClimbProblem:
    return ClimbProblem(len(queens), queens, MOVES[moves], incremental)


@settings(max_examples=1000, deadline=None)
@given(st.integers(1, 8), OPERATORS, NAMES, SEEDS)
def test_every_delta_is_the_heuristics_own_difference(
    n: int, moves: str, name: str, seed: int
) -> None:
    """On a random board, each key names a successor in the operator's order, and its
    delta is h(successor) − h(board) (the successors listed by the operator itself)."""
    board = random_board(n, moves, random.Random(seed)).queens
    h = HEURISTICS[name]
    evaluator = QueensEvaluator(moves, h)
    assert evaluator.load(board) == h(board)
    arcs = list(MOVES[moves].successors(board))
    keys = list(evaluator.move_keys())
    assert len(keys) == len(arcs)
    for key, (_move, child, _cost) in zip(keys, arcs, strict=True):
        assert evaluator.delta(key) == h(child) - h(board)
    if keys:  # applying a move leaves the counters as loading the new board would
        key = keys[seed % len(keys)]
        move, child = evaluator.apply(key)
        assert (move, child) == arcs[seed % len(keys)][:2]
        fresh = QueensEvaluator(moves, h)
        fresh.load(child)
        assert [evaluator.delta(k) for k in evaluator.move_keys()] == [
            fresh.delta(k) for k in fresh.move_keys()
        ]


def _climb(problem: ClimbProblem, name: str, **options: Any) -> tuple[Any, ...]:
    n, moves = problem.n, problem.operator.name
    result = hill_climbing(
        problem,
        HEURISTICS[name],
        random_state=lambda rng: random_board(n, moves, rng).queens,
        **options,
    )
    stats = result.stats
    counts = (stats.iterations, stats.generated, stats.restarts, stats.expanded)
    return result.status, result.path, result.moves, counts, stats.max_frontier


@settings(max_examples=1000, deadline=None)
@given(
    st.integers(1, 8),
    OPERATORS,
    NAMES,
    st.sampled_from(["first", "last", "random"]),
    VARIANTS,
    st.sampled_from([0, 0, 4]),
    st.sampled_from([0, 0, 3]),
    SEEDS,
)
def test_incremental_and_full_evaluation_climb_alike(
    n: int,
    moves: str,
    name: str,
    tie_break: str,
    variant: str,
    sideways: int,
    restarts: int,
    seed: int,
) -> None:
    board = random_board(n, moves, random.Random(seed)).queens
    options = dict(
        tie_break=tie_break, variant=variant, sideways=sideways, restarts=restarts, seed=seed
    )
    fast = _problem(board, moves, True)
    assert evaluator_of(fast, HEURISTICS[name]) is not None
    assert _climb(fast, name, **options) == _climb(_problem(board, moves, False), name, **options)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 8), OPERATORS, NAMES, SEEDS)
def test_annealing_walks_alike_on_either_path(n: int, moves: str, name: str, seed: int) -> None:
    board = random_board(n, moves, random.Random(seed)).queens
    runs = []
    for incremental in (True, False):
        result = simulated_annealing(
            _problem(board, moves, incremental), HEURISTICS[name], seed=seed
        )
        runs.append((result.status, result.path, result.moves, result.stats.generated))
    assert runs[0] == runs[1]


def test_an_unknown_heuristic_gets_no_evaluator() -> None:
    board = random_board(6, "column", random.Random(0)).queens
    assert evaluator_of(_problem(board, "column", True), lambda state: 0) is None
    assert evaluator_of(_problem(board, "column", False), HEURISTICS["attacks"]) is None
    assert evaluator_of(object(), HEURISTICS["attacks"]) is None


@settings(max_examples=400, deadline=None)
@given(
    st.integers(1, 10),
    OPERATORS,
    NAMES,
    st.sampled_from(["first", "last"]),
    st.sampled_from([0, 0, 4]),
    st.sampled_from([0, 0, 3]),
    SEEDS,
)
def test_the_compiled_scan_climbs_as_the_full_evaluation(
    n: int, moves: str, name: str, tie_break: str, sideways: int, restarts: int, seed: int
) -> None:
    """The compiled steepest scan (queen by queen, with its shortcuts) picks the move
    the generic engine picks scoring every successor in full."""
    board = random_board(n, moves, random.Random(seed)).queens
    options = dict(tie_break=tie_break, sideways=sideways, restarts=restarts, seed=seed)
    compiled = ClimbProblem(n, board, MOVES[moves], True, True)
    assert _climb(compiled, name, **options) == _climb(
        _problem(board, moves, False), name, **options
    )


class _Detailed(Recorder):
    detail = 6  # the first six scores of every step


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 7),
    OPERATORS,
    NAMES,
    VARIANTS,
    SEEDS,
)
def test_an_observer_asking_for_detail_hears_the_same_on_either_path(
    n: int, moves: str, name: str, variant: str, seed: int
) -> None:
    """Every event, the scored moves (``Candidates``) included, is the same."""
    board = random_board(n, moves, random.Random(seed)).queens
    heard = []
    for incremental in (True, False):
        observer = _Detailed()
        hill_climbing(
            _problem(board, moves, incremental),
            HEURISTICS[name],
            variant=variant,  # type: ignore[arg-type]
            sideways=2,
            seed=seed,
            observer=observer,
        )
        heard.append(observer.events)
    started_solved = HEURISTICS[name](board) == 0
    assert started_solved or any(isinstance(event, Candidates) for event in heard[0])
    assert heard[0] == heard[1]
