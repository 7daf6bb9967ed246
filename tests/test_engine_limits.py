"""What every algorithm does at its edges: node and time limits on an infinite space,
bad limits, negative costs, Ctrl-C, and statistics that agree with the event stream."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_algorithms_support import Graph, no_hang  # noqa: F401

from searchlab import (
    Expand,
    Generate,
    InputError,
    Limits,
    NegativeCostError,
    Recorder,
    SearchInterrupted,
    SearchResult,
    Stats,
    Status,
    astar,
    best_first,
    breadth_first,
    depth_first,
    depth_first_solutions,
    greedy_best_first,
    hill_climbing,
    ida_star,
    iterative_deepening,
    rbfs,
    simulated_annealing,
    uniform_cost,
    weighted_astar,
)


class Doubling:
    """The positive integers, from 1, with arcs n -> n+1 and n -> 2n (cost 1 each): an
    infinite space. ``goal`` None means no state is a goal."""

    def __init__(self, goal: int | None = None) -> None:
        self.initial = 1
        self.goal = goal

    def successors(self, n: int) -> Iterator[tuple[str, int, float]]:
        yield "+1", n + 1, 1
        yield "*2", 2 * n, 1

    def is_goal(self, n: int) -> bool:
        return n == self.goal


def descending(n: int) -> float:
    return -n  # every successor is better: a climb that never ends


Run = Callable[..., SearchResult[Any, Any]]

# name -> how to run it on a problem with extra keyword arguments
ALGORITHMS: dict[str, Run] = {
    "astar": lambda p, **kw: astar(p, lambda _n: 0, **kw),
    "greedy": lambda p, **kw: greedy_best_first(p, lambda _n: 0, **kw),
    "weighted_astar": lambda p, **kw: weighted_astar(p, lambda _n: 0, 2.0, **kw),
    "uniform_cost": lambda p, **kw: uniform_cost(p, **kw),
    "best_first": lambda p, **kw: best_first(p, lambda _n: 0, **kw),
    "breadth_first": lambda p, **kw: breadth_first(p, **kw),
    "depth_first": lambda p, **kw: depth_first(p, **kw),
    "iterative_deepening": lambda p, **kw: iterative_deepening(p, **kw),
    "ida_star": lambda p, **kw: ida_star(p, lambda _n: 0, **kw),
    "rbfs": lambda p, **kw: rbfs(p, lambda _n: 0, **kw),
    "hill_climbing": lambda p, **kw: hill_climbing(p, descending, **kw),
    "simulated_annealing": lambda p, **kw: simulated_annealing(
        p, descending, schedule=lambda _t: 1.0, seed=1, **kw
    ),
}


@pytest.mark.parametrize("name", ALGORITHMS)
def test_max_expanded_stops_cleanly_with_the_stats_so_far(name: str) -> None:
    found = ALGORITHMS[name](Doubling(), limits=Limits(max_expanded=50))
    assert found.status is Status.LIMIT_REACHED
    assert found.limit == "max_expanded"
    assert found.stats.expanded == 50
    assert found.stats.generated >= 50  # two successors per expansion (less for local)
    if name in ("hill_climbing", "simulated_annealing"):
        assert found.path[0] == 1  # local search reports the walk it was stopped on
    else:
        assert (found.path, found.cost) == ((), None)  # no path found: none claimed


@pytest.mark.parametrize("name", ALGORITHMS)
def test_max_expanded_zero_expands_nothing(name: str) -> None:
    found = ALGORITHMS[name](Doubling(), limits=Limits(max_expanded=0))
    assert found.status is Status.LIMIT_REACHED
    assert found.stats.expanded == 0
    # but a start that is a goal is still recognised
    assert ALGORITHMS[name](Doubling(goal=1), limits=Limits(max_expanded=0)).solved


@pytest.mark.parametrize("name", ALGORITHMS)
def test_max_seconds_stops_an_endless_search(name: str) -> None:
    found = ALGORITHMS[name](Doubling(), limits=Limits(max_seconds=0.05))
    assert found.status is Status.LIMIT_REACHED
    assert found.limit == "max_seconds"
    assert found.stats.expanded > 0
    assert found.stats.seconds > 0


@pytest.mark.parametrize("name", ALGORITHMS)
def test_max_seconds_zero_stops_before_the_first_expansion(name: str) -> None:
    found = ALGORITHMS[name](Doubling(), limits=Limits(max_seconds=0))
    assert found.status is Status.LIMIT_REACHED
    assert found.stats.expanded == 0


@pytest.mark.parametrize(
    ("max_expanded", "max_seconds"),
    [(-1, None), (None, -0.5), (None, math.nan)],
)
def test_negative_limits_are_input_errors(
    max_expanded: int | None, max_seconds: float | None
) -> None:
    with pytest.raises(InputError, match=r"must be (a number )?0 or more"):
        Limits(max_expanded=max_expanded, max_seconds=max_seconds)


def h_local(state: str) -> float:
    return {"S": 2, "A": 1, "B": 1, "G": 0}[state]


@pytest.mark.parametrize("name", ALGORITHMS)
def test_a_negative_arc_cost_is_refused_naming_the_move(name: str) -> None:
    # (depth-first is lazy: it sees the bad arc only because it comes first)
    graph = Graph([("S", "B", -2), ("S", "A", 1), ("A", "G", 1), ("B", "G", 1)], "S", ["G"])
    with pytest.raises(NegativeCostError, match=r"-2 for move 'S>B'"):
        if name == "hill_climbing":
            # S>A would be taken (tie-break last); S>B must be refused all the same
            hill_climbing(graph, h_local, tie_break="last")
        elif name == "simulated_annealing":
            simulated_annealing(graph, h_local, seed=0)
        else:
            ALGORITHMS[name](graph)


def test_a_nan_cost_is_refused_too() -> None:
    graph = Graph([("S", "G", math.nan)], "S", ["G"])
    with pytest.raises(NegativeCostError, match="'S>G'"):
        astar(graph, lambda _s: 0)


class Interrupting(Doubling):
    """Ctrl-C arrives during the third call of ``successors``."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def successors(self, n: int) -> Iterator[tuple[str, int, float]]:
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return super().successors(n)


@pytest.mark.parametrize("name", ALGORITHMS)
def test_ctrl_c_surfaces_as_search_interrupted_with_the_stats(name: str) -> None:
    with pytest.raises(SearchInterrupted) as caught:
        ALGORITHMS[name](Interrupting())
    stats = caught.value.stats
    assert isinstance(stats, Stats)
    assert stats.expanded == 3  # counted as it started, before successors() was called
    assert stats.seconds > 0
    assert isinstance(caught.value, KeyboardInterrupt)  # what the CLI turns into exit 130


def test_ctrl_c_ends_a_depth_first_stream() -> None:
    solutions = depth_first_solutions(Interrupting())
    with pytest.raises(SearchInterrupted) as caught:
        next(solutions)
    assert caught.value.stats is solutions.stats
    assert solutions.stats.expanded == 3


@pytest.mark.parametrize(
    "name",
    [n for n in ALGORITHMS if n not in ("hill_climbing", "simulated_annealing")],
)
def test_expanded_and_generated_count_what_the_events_show(name: str) -> None:
    seen = Recorder()
    found = ALGORITHMS[name](Doubling(goal=13), observer=seen)
    assert found.solved
    assert found.path[-1] == 13
    assert found.stats.expanded == len(seen.of_type(Expand))
    assert found.stats.generated == len(seen.of_type(Generate))
    assert found.stats.max_frontier >= 1


@pytest.mark.parametrize("climb", [hill_climbing, simulated_annealing])
def test_local_search_counts_every_listed_successor(climb: Run) -> None:
    seen = Recorder()
    problem = Doubling(goal=None)
    found = climb(problem, descending, observer=seen, limits=Limits(max_expanded=20), seed=3)
    assert found.stats.expanded == len(seen.of_type(Expand)) == 20
    assert found.stats.generated == 2 * 20  # both successors listed at every step


class Chain:
    """0 -> 1 -> ... -> n, the goal at n: a solution n moves deep."""

    initial = 0

    def __init__(self, n: int) -> None:
        self.n = n

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        if state < self.n:
            yield "+", state + 1, 1

    def is_goal(self, state: int) -> bool:
        return state == self.n


def test_deep_solutions_do_not_break_the_recursive_or_the_stack_based_searches() -> None:
    import sys

    before = sys.getrecursionlimit()
    # (IDA* with h = 0 needs one round per move, quadratic: a chain of 300 for it)
    for search, depth in ((rbfs, 20_000), (astar, 20_000), (ida_star, 300), (best_first, 300)):
        found = search(Chain(depth), lambda _s: 0)
        assert len(found.moves) == depth, search.__name__
    assert len(depth_first(Chain(20_000)).moves) == 20_000
    assert sys.getrecursionlimit() == before


def test_rbfs_too_deep_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    import searchlab.algorithms.linear_memory as linear_memory

    monkeypatch.setattr(linear_memory, "RBFS_MAX_DEPTH", 500)
    before = sys.getrecursionlimit()
    with pytest.raises(InputError, match="use ida_star"):
        rbfs(Chain(5_000), lambda _s: 0)
    assert sys.getrecursionlimit() == before
