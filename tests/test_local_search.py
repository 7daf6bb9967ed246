"""Hill climbing and simulated annealing on small landscapes whose right moves are
known: tie-breaks as named, strict improvement, sideways runs, restarts, schedules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence

import pytest
from test_algorithms_support import Graph, no_hang  # noqa: F401

from searchlab import (
    Heuristic,
    InputError,
    Recorder,
    Restart,
    Status,
    Step,
    exponential_schedule,
    hill_climbing,
    simulated_annealing,
)
from searchlab.algorithms.local import Schedule, TieBreak, Variant
from searchlab.core.problem import NumberLine


def valued(
    arcs: Sequence[tuple[str, str]], values: Mapping[str, float], goals: Sequence[str] = ()
) -> tuple[Graph[str], Heuristic[str]]:
    """A graph with unit arcs from S and a heuristic given as a table."""
    return Graph([(a, b, 1) for a, b in arcs], "S", goals), values.__getitem__


# S (h 3) -> a, b, c (h 1, equally best), d (h 2), e (h 4); no further moves.
STAR_ARCS = [("S", "d"), ("S", "a"), ("S", "e"), ("S", "b"), ("S", "c")]
STAR_H = {"S": 3, "a": 1, "b": 1, "c": 1, "d": 2, "e": 4}


@pytest.mark.parametrize(("tie_break", "chosen"), [("first", "a"), ("last", "c")])
def test_tie_break_first_and_last_follow_generation_order(tie_break: TieBreak, chosen: str) -> None:
    graph, h = valued(STAR_ARCS, STAR_H)
    found = hill_climbing(graph, h, tie_break=tie_break)
    assert found.path == ("S", chosen)
    assert found.moves == (f"S>{chosen}",)
    assert found.status is Status.LOCAL_OPTIMUM  # c has no better successor
    assert found.stats.iterations == 1
    assert found.stats.max_frontier == 4  # a, b, c and d are better than S; e is not


def test_tie_break_random_picks_each_best_successor_about_equally() -> None:
    graph, h = valued(STAR_ARCS, STAR_H)
    picks = Counter(
        hill_climbing(graph, h, tie_break="random", seed=seed).final_state for seed in range(300)
    )
    assert set(picks) == {"a", "b", "c"}  # never d (worse than a, b, c) nor e
    assert all(60 <= count <= 140 for count in picks.values()), picks
    # and a seed makes it reproducible
    again = [hill_climbing(graph, h, tie_break="random", seed=7).final_state for _ in range(5)]
    assert len(set(again)) == 1


def test_steepest_takes_the_best_improvement_not_the_first() -> None:
    graph, h = valued([("S", "x"), ("S", "y"), ("S", "z")], {"S": 5, "x": 4, "y": 1, "z": 2})
    assert hill_climbing(graph, h).path == ("S", "y")


def test_no_step_without_improvement_unless_sideways_is_allowed() -> None:
    graph, h = valued([("S", "x"), ("S", "y"), ("x", "G")], {"S": 3, "x": 3, "y": 4, "G": 0}, ["G"])
    stuck = hill_climbing(graph, h)
    assert (stuck.status, stuck.path, stuck.stats.iterations) == (Status.LOCAL_OPTIMUM, ("S",), 0)
    # one sideways move to x opens the way to the goal
    seen = Recorder()
    free = hill_climbing(graph, h, sideways=1, observer=seen)
    assert (free.status, free.path) == (Status.SOLVED, ("S", "x", "G"))
    assert [step.sideways for step in seen.of_type(Step)] == [True, False]


def chain(values: Sequence[float]) -> tuple[Graph[str], Heuristic[str]]:
    """p0 -> p1 -> ... with the given heuristic values; the last state is the goal."""
    names = [f"p{i}" for i in range(len(values))]
    graph = Graph(list(zip(names, names[1:], [1] * len(names), strict=False)), "p0", names[-1:])
    return graph, dict(zip(names, values, strict=True)).__getitem__


@pytest.mark.parametrize(("sideways", "reached"), [(0, 0), (3, 3), (4, 4), (5, 6), (9, 6)])
def test_a_plateau_is_crossed_only_with_enough_sideways_moves(sideways: int, reached: int) -> None:
    graph, h = chain([5, 5, 5, 5, 5, 5, 0])  # five sideways moves, then the goal
    found = hill_climbing(graph, h, sideways=sideways)
    assert found.final_state == f"p{reached}"
    assert found.status is (Status.SOLVED if reached == 6 else Status.LOCAL_OPTIMUM)
    assert found.stats.iterations == reached


def test_sideways_moves_are_counted_in_a_row() -> None:
    # plateaus of two sideways moves separated by improvements: k = 2 suffices, k = 1 not
    graph, h = chain([5, 5, 5, 4, 4, 4, 3])
    seen = Recorder()
    found = hill_climbing(graph, h, sideways=2, observer=seen)
    assert found.status is Status.SOLVED
    assert [s.sideways for s in seen.of_type(Step)] == [True, True, False, True, True, False]
    assert hill_climbing(graph, h, sideways=1).final_state == "p1"


def test_improvement_beats_a_sideways_move() -> None:
    graph, h = valued([("S", "x"), ("S", "y")], {"S": 3, "x": 3, "y": 2})
    assert hill_climbing(graph, h, sideways=5).path == ("S", "y")


class Islands:
    """States 0..9 are local minima (h 1) with no moves, except 7, which leads to the
    goal "G" (h 0). The climb starts at 0 and needs a lucky restart."""

    initial: Hashable = 0

    def __init__(self) -> None:
        self.drawn: list[int] = []

    def successors(self, state: Hashable) -> Iterator[tuple[str, Hashable, float]]:
        if state == 7:
            yield "jump", "G", 1

    def is_goal(self, state: Hashable) -> bool:
        return state == "G"

    def random_state(self, rng: random.Random) -> int:
        self.drawn.append(rng.randrange(10))
        return self.drawn[-1]


def h_islands(state: Hashable) -> float:
    return 0 if state == "G" else 1


def test_restarts_draw_from_random_state_and_stop_once_solved() -> None:
    # The draws, predicted with the same seeded generator (tie_break "first" uses none):
    rng = random.Random(11)
    draws: list[int] = []
    while not draws or draws[-1] != 7:
        draws.append(rng.randrange(10))
    problem = Islands()
    seen = Recorder()
    found = hill_climbing(
        problem, h_islands, restarts=100, random_state=problem.random_state, seed=11, observer=seen
    )
    assert found.status is Status.SOLVED
    assert found.path == (7, "G")  # only the last climb
    assert problem.drawn == draws
    assert found.stats.restarts == len(draws) == len(seen.of_type(Restart))
    assert [r.state for r in seen.of_type(Restart)] == draws
    assert found.stats.iterations == 1


def test_restarts_run_out() -> None:
    problem = Islands()
    found = hill_climbing(
        problem, h_islands, restarts=3, random_state=lambda rng: 0, seed=1
    )  # always the same dead end
    assert found.status is Status.LOCAL_OPTIMUM
    assert found.stats.restarts == 3
    assert found.stats.expanded == 4


def test_bad_hill_climbing_options_are_input_errors() -> None:
    graph, h = valued(STAR_ARCS, STAR_H)
    for options in (
        {"tie_break": "middle"},
        {"variant": "greedy"},
        {"sideways": -1},
        {"restarts": -1},
        {"restarts": 2},  # no random_state to restart from
    ):
        with pytest.raises(InputError):
            hill_climbing(graph, h, **options)


def number(state: Hashable) -> int:
    """A state of the number landscapes below, as the events give it (a Hashable)."""
    assert isinstance(state, int), state
    return state


class Ring:
    """50 states on a ring with arcs to n±1, n±2, n±5; a fixed random landscape with
    several local minima and one goal (h 0)."""

    initial = 0

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.values = [rng.randint(1, 100) for _ in range(50)]
        self.values[rng.randrange(1, 50)] = 0

    def successors(self, n: int) -> Iterator[tuple[int, int, float]]:
        for d in (1, -1, 2, -2, 5, -5):
            yield d, (n + d) % 50, 1

    def is_goal(self, n: int) -> bool:
        return self.values[n] == 0

    def h(self, n: int) -> float:
        return self.values[n]


@pytest.mark.parametrize("variant", ["steepest", "first-choice", "stochastic"])
def test_every_variant_moves_only_to_better_states_and_stops_at_a_local_minimum(
    variant: Variant,
) -> None:
    for seed in range(30):
        ring = Ring(seed)
        seen = Recorder()
        found = hill_climbing(ring, ring.h, variant=variant, seed=seed, observer=seen)
        for step in seen.of_type(Step):
            state = number(step.state)
            assert step.value < ring.h(state)
            assert not step.sideways
            if variant == "steepest":
                assert step.value == min(ring.h(c) for _, c, _ in ring.successors(state))
        end = found.final_state
        assert found.solved == ring.is_goal(end)
        if not found.solved:
            assert all(ring.h(c) >= ring.h(end) for _, c, _ in ring.successors(end))
        assert len(found.path) == found.stats.iterations + 1


def test_first_choice_and_stochastic_choose_among_the_improving_moves() -> None:
    # From S (h 10): x improves by 1, y by 9, z is worse.
    graph, h = valued([("S", "z"), ("S", "x"), ("S", "y")], {"S": 10, "x": 9, "y": 1, "z": 11})
    first = Counter(
        hill_climbing(graph, h, variant="first-choice", seed=s).final_state for s in range(200)
    )
    assert set(first) == {"x", "y"}  # random order: either improving move can come first
    assert all(60 <= n <= 140 for n in first.values()), first
    stochastic = Counter(
        hill_climbing(graph, h, variant="stochastic", seed=s).final_state for s in range(400)
    )
    # weighted by improvement: y nine times as likely as x (expected 360 and 40)
    assert set(stochastic) == {"x", "y"}
    assert 300 <= stochastic["y"] <= 395, stochastic


class Line(NumberLine):
    """0..30 in a line, h = n, the goal 0 unless told otherwise (None: no goal, which
    is the goal -1, off the line); start at 30."""

    def __init__(self, goal: int | None = 0) -> None:
        super().__init__(start=30, goal=-1 if goal is None else goal, end=30)

    def h(self, n: int) -> float:
        return n


def test_simulated_annealing_reaches_an_easy_goal() -> None:
    for seed in range(5):
        found = simulated_annealing(
            Line(), Line().h, schedule=exponential_schedule(2.0, 0.995, 5000), seed=seed
        )
        assert found.status is Status.SOLVED
        assert found.final_state == 0
        assert len(found.path) == found.stats.iterations + 1
        assert found.cost == found.stats.iterations  # unit arcs


@pytest.mark.parametrize("steps", [0, 1, 37, 500])
def test_simulated_annealing_never_outlives_its_schedule(steps: int) -> None:
    problem = Line(goal=None)
    found = simulated_annealing(
        problem, problem.h, schedule=exponential_schedule(5.0, 0.99, steps), seed=3
    )
    assert found.status is Status.LOCAL_OPTIMUM
    assert found.stats.expanded == steps  # one successor drawn per step with T > 0
    assert found.stats.iterations <= steps


def held(temperature: float, steps: int) -> Schedule:
    """A schedule that keeps ``temperature`` for ``steps`` steps, then freezes."""
    return lambda t: temperature if t < steps else 0.0


def test_cold_annealing_never_climbs_and_hot_annealing_does() -> None:
    problem = Line(goal=None)
    for temperature, climbs in ((1e-12, False), (1e6, True)):
        seen = Recorder()
        simulated_annealing(
            problem, problem.h, schedule=held(temperature, 300), seed=5, observer=seen
        )
        rises = [s for s in seen.of_type(Step) if s.value > problem.h(number(s.state))]
        assert bool(rises) is climbs


def test_exponential_schedule_refuses_nonsense() -> None:
    for args in ((0.0, 0.9, 10), (1.0, 0.0, 10), (1.0, 1.5, 10), (1.0, 0.9, -1)):
        with pytest.raises(InputError):
            exponential_schedule(*args)
    schedule = exponential_schedule(8.0, 0.5, 3)
    assert [schedule(t) for t in range(5)] == [8.0, 4.0, 2.0, 0.0, 0.0]
