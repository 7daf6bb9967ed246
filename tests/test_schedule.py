"""Scheduling (Bratko §12.3): the optimum found by search against facts that do not
come from the search itself: the book's 24, an exhaustive enumeration of schedules,
an enumeration of integer start times, and a hand-made instance that needs a delay."""

from __future__ import annotations

import itertools
import math
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from searchlab.domains.scheduling import (
    Instance,
    Schedule,
    SchedulingProblem,
    State,
    example_instance,
    find_cycle,
    make_instance,
    solve,
)

Durations = list[int]
Preds = list[list[int]]


# ---- independent references -------------------------------------------------------


def brute_force(durations: Durations, preds: Preds, m: int) -> int:
    """The optimum over every order of the tasks and every processor for each task,
    placing each task as early as its processor and predecessors allow.

    Complete for delay and non-delay schedules alike: order any schedule's tasks by
    start time and keep its processors; each task then lands no later than it starts
    there, so some (order, processors) pair does at least as well. Processors are
    identical, so they are numbered in order of first use.
    """
    n = len(durations)
    best = math.inf

    def assignments(k: int, used: int) -> itertools.chain[tuple[int, ...]]:
        if k == 0:
            return itertools.chain([()])
        return itertools.chain.from_iterable(
            ((p, *rest) for rest in assignments(k - 1, max(used, p + 1)))
            for p in range(min(used + 1, m))
        )

    choices = list(assignments(n, 0))
    for order in itertools.permutations(range(n)):
        position = {task: i for i, task in enumerate(order)}
        if any(position[q] > position[t] for t in range(n) for q in preds[t]):
            continue
        for procs in choices:
            free = [0] * m
            end = [0] * n
            for task, p in zip(order, procs, strict=True):
                start = max([free[p], *(end[q] for q in preds[task])])
                end[task] = free[p] = start + durations[task]
            best = min(best, max(end))
    return int(best)


def by_start_times(durations: Durations, preds: Preds, m: int) -> int:
    """The optimum by the definition: the least makespan over all integer start
    times in [0, Σ durations] that respect precedences with at most m tasks running."""
    n = len(durations)
    horizon = sum(durations)
    best = horizon
    for starts in itertools.product(range(horizon + 1), repeat=n):
        ends = [s + d for s, d in zip(starts, durations, strict=True)]
        if max(ends) >= best:
            continue
        if any(ends[q] > starts[t] for t in range(n) for q in preds[t]):
            continue
        if all(
            sum(s <= time < e for s, e in zip(starts, ends, strict=True)) <= m for time in starts
        ):
            best = max(ends)
    return best


def best_non_delay(durations: Durations, preds: Preds, m: int) -> int:
    """The best schedule that never leaves a processor idle while a task is ready."""
    n = len(durations)

    def walk(ends: dict[int, int], free: list[int]) -> float:
        if len(ends) == n:
            return max(ends.values())
        now = min(free)
        p = free.index(now)
        ready = [
            t
            for t in range(n)
            if t not in ends and all(q in ends and ends[q] <= now for q in preds[t])
        ]
        best = math.inf
        for t in ready:
            best = min(
                best,
                walk(
                    {**ends, t: now + durations[t]}, [*free[:p], now + durations[t], *free[p + 1 :]]
                ),
            )
        if not ready:
            later = min(f for f in free if f > now)
            best = walk(ends, [*free[:p], later, *free[p + 1 :]])
        return best

    return int(walk({}, [0] * m))


def check_schedule(schedule: Schedule, instance: Instance) -> None:
    """Every task once with its duration, precedences kept, no overlap on a processor."""
    # one row per processor used; any beyond the number of tasks are idle throughout
    assert len(schedule.processors) == min(instance.processors, len(instance.tasks))
    assert len(schedule.processors) + schedule.idle == instance.processors
    slots = schedule.slots()
    assert sorted(s.task for s in slots) == sorted(t.name for t in instance.tasks)
    placed = {s.task: s for s in slots}
    for task in instance.tasks:
        slot = placed[task.name]
        assert slot.start >= 0
        assert slot.end - slot.start == task.duration
        for pred in task.after:
            assert placed[pred].end <= slot.start, (pred, task.name)
    for row in schedule.processors:
        for first, second in itertools.pairwise(row):
            assert first.end <= second.start
    assert schedule.finishing_time == max(s.end for s in slots)


def to_instance(durations: Durations, preds: Preds, m: int) -> Instance:
    return make_instance(
        m, {f"t{i}": (d, [f"t{q}" for q in preds[i]]) for i, d in enumerate(durations)}
    )


@st.composite
def task_sets(draw: st.DrawFn, max_tasks: int = 6) -> tuple[Durations, Preds, int]:
    n = draw(st.integers(3, max_tasks))
    m = draw(st.integers(1, 3))
    durations = draw(st.lists(st.integers(1, 6), min_size=n, max_size=n))
    preds = [
        sorted(draw(st.sets(st.integers(0, i - 1), max_size=i))) if i else [] for i in range(n)
    ]
    # relabel so that "after" does not always point to lower numbers
    perm = draw(st.permutations(range(n)))
    new_durations = [0] * n
    new_preds: Preds = [[] for _ in range(n)]
    for i in range(n):
        new_durations[perm[i]] = durations[i]
        new_preds[perm[i]] = sorted(perm[q] for q in preds[i])
    return new_durations, new_preds, m


# ---- the book's example -----------------------------------------------------------


def test_bratko_example_finishes_at_24() -> None:
    instance = example_instance()
    assert instance.processors == 3
    assert {t.name: t.duration for t in instance.tasks} == {
        "t1": 4, "t2": 2, "t3": 2, "t4": 20, "t5": 20, "t6": 11, "t7": 11,
    }  # fmt: skip
    solved = solve(instance)
    assert solved.result.solved and solved.optimal
    assert solved.schedule is not None
    assert solved.schedule.finishing_time == 24
    assert solved.result.cost == 24
    check_schedule(solved.schedule, instance)


def test_bratko_example_by_brute_force() -> None:
    instance = example_instance()
    names = [t.name for t in instance.tasks]
    preds = [[names.index(p) for p in t.after] for t in instance.tasks]
    durations = [int(t.duration) for t in instance.tasks]
    assert brute_force(durations, preds, 3) == 24
    # the optimum needs a processor to wait while a task is ready (the idle move):
    assert best_non_delay(durations, preds, 3) == 33


@pytest.mark.parametrize("algorithm", ["best-first", "ida", "rbfs", "uniform-cost"])
def test_other_optimal_algorithms_agree_on_the_example(algorithm: str) -> None:
    solved = solve(example_instance(), algorithm)
    assert solved.schedule is not None and solved.schedule.finishing_time == 24
    check_schedule(solved.schedule, example_instance())


def test_greedy_schedule_is_valid_but_not_promised() -> None:
    solved = solve(example_instance(), "greedy")
    assert not solved.optimal
    assert solved.schedule is not None and solved.schedule.finishing_time >= 24
    check_schedule(solved.schedule, example_instance())


# ---- optimality ------------------------------------------------------------------


def test_an_optimum_that_needs_a_delay() -> None:
    """Two processors: starting the ready task L at 0 (as every non-delay schedule
    must) gives 12; keeping a processor free for x and y gives 11."""
    durations, preds = [1, 2, 5, 5, 5], [[], [], [0], [0], [2, 3]]  # a, L, x, y, z
    assert brute_force(durations, preds, 2) == 11
    assert by_start_times(durations, preds, 2) == 11
    assert best_non_delay(durations, preds, 2) == 12
    solved = solve(to_instance(durations, preds, 2))
    assert solved.schedule is not None and solved.schedule.finishing_time == 11
    check_schedule(solved.schedule, solved.instance)


@pytest.mark.parametrize("seed", range(6))
def test_the_brute_force_matches_the_definition(seed: int) -> None:
    """The reference itself, checked against integer start times on tiny instances."""
    rng = random.Random(seed)
    n, m = rng.randint(3, 4), rng.randint(1, 3)
    durations = [rng.randint(1, 3) for _ in range(n)]
    preds = [[q for q in range(i) if rng.random() < 0.4] for i in range(n)]
    assert brute_force(durations, preds, m) == by_start_times(durations, preds, m)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(task_sets())
def test_astar_finds_the_optimum(case: tuple[Durations, Preds, int]) -> None:
    durations, preds, m = case
    instance = to_instance(durations, preds, m)
    solved = solve(instance)
    assert solved.schedule is not None
    check_schedule(solved.schedule, instance)
    assert solved.schedule.finishing_time == brute_force(durations, preds, m)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(task_sets(max_tasks=5))
def test_h_never_overestimates(case: tuple[Durations, Preds, int]) -> None:
    """On every reachable state, h ≤ the true cheapest remaining cost (computed by
    exhausting the space), and the space's optimum is the brute-force one."""
    durations, preds, m = case
    problem = SchedulingProblem(to_instance(durations, preds, m))

    @cache
    def remaining(state: State) -> float:
        if problem.is_goal(state):
            return 0.0
        options = [cost + remaining(child) for _, child, cost in problem.successors(state)]
        assert options, f"dead end at {state}"
        return min(options)

    assert remaining(problem.initial) == brute_force(durations, preds, m)
    for state in _reached(problem):
        assert problem.h(state) <= remaining(state) + 1e-9, state


def _reached(problem: SchedulingProblem) -> set[State]:
    seen = {problem.initial}
    stack = [problem.initial]
    while stack:
        for _, child, _ in problem.successors(stack.pop()):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def test_more_processors_than_tasks_is_quick_and_optimal() -> None:
    """A million processors for four tasks: the search uses four (more could never
    all be busy) and finds the optimum the brute force finds with four."""
    durations, preds = [3, 1, 2, 2], [[], [], [1], [1, 2]]
    assert brute_force(durations, preds, 4) == 5  # the chain 1, 2, 3 (1 + 2 + 2)
    solved = solve(to_instance(durations, preds, 1_000_000))
    assert solved.schedule is not None
    assert solved.schedule.finishing_time == 5
    assert solved.schedule.idle == 1_000_000 - 4
    check_schedule(solved.schedule, solved.instance)


def test_states_are_canonical() -> None:
    """Two orders of starting the same tasks on identical processors meet in one state."""
    instance = make_instance(2, {"a": (3, []), "b": (3, [])})
    problem = SchedulingProblem(instance)
    after_a = {move.task: child for move, child, _ in problem.successors(problem.initial)}
    meet = {
        child
        for first in ("a", "b")
        for move, child, _ in problem.successors(after_a[first])
        if move.task is not None
    }
    assert len(meet) == 1
    hash(meet.pop())


def test_a_task_waits_for_a_predecessor_still_running() -> None:
    instance = make_instance(2, {"a": (5, []), "b": (1, ["a"]), "c": (1, [])})
    problem = SchedulingProblem(instance)
    _, after_a, _ = next(problem.successors(problem.initial))  # a starts on one processor
    started = {move.task for move, _, _ in problem.successors(after_a)}
    assert started == {"c", None}  # b must wait: a runs until 5; None is "stay idle"


# ---- the model's refusals (the CLI's are in test_schedule_cli.py) -----------------


def test_cycle_is_named() -> None:
    assert find_cycle({"t1": ["t3"], "t2": [], "t3": ["t1"]}) == ["t1", "t3", "t1"]
    assert find_cycle({"a": ["a"]}) == ["a", "a"]
    assert find_cycle({"a": [], "b": ["a"], "c": ["a", "b"]}) is None
