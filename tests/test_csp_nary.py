"""Constraints over more than two variables: every call of their test counted, the
time limit honoured inside their propagation, and their propagation (forward checking,
generalised arc consistency, bounds of linear sums) leaving the solutions as they are."""

from __future__ import annotations

import itertools
import random
import types
from collections.abc import Callable
from typing import Any

import pytest
from test_csp import all_solutions, brute_force

import searchlab.core.limits as limits_module
from searchlab.algorithms.csp import CSP, AllDifferent, LinearSum, Predicate, Strategy
from searchlab.algorithms.csp.search import backtracking
from searchlab.core.limits import Limits
from searchlab.core.result import Status

STRATEGIES = [
    Strategy(inference="none"),
    Strategy(inference="fc"),
    Strategy(inference="mac"),
    Strategy(inference="fc", backtrack="cbj"),
    Strategy(inference="none", backtrack="cbj", variable_order="static"),
    Strategy(inference="fc", variable_order="mrv-degree", value_order="lcv"),
]


class Counted:
    """A test that counts its calls."""

    def __init__(self, test: Callable[..., bool]) -> None:
        self.test = test
        self.calls = 0

    def __call__(self, *values: Any) -> bool:
        self.calls += 1
        return self.test(*values)


@pytest.mark.parametrize("strategy", STRATEGIES, ids=lambda s: s.label)
def test_checks_count_every_call_of_an_nary_test(strategy: Strategy) -> None:
    # only n-ary tests: the checks are exactly their calls (forward checking once
    # counted a domain's size for a whole enumeration, and MAC 10,528 for 6.86 M calls)
    wide = Counted(lambda a, b, c, d: a + 2 * b + 3 * c + d == 12)
    odd = Counted(lambda a, c, d: (a + c + d) % 2 == 1)
    csp = CSP(
        {v: range(6) for v in "abcd"},
        [Predicate(tuple("abcd"), wide), Predicate(tuple("acd"), odd)],
    )
    stream = backtracking(csp, strategy)
    found = sum(1 for _ in stream)
    assert found == sum(
        1
        for a, b, c, d in itertools.product(range(6), repeat=4)
        if a + 2 * b + 3 * c + d == 12 and (a + c + d) % 2 == 1
    )
    assert stream.stats.checks == wide.calls + odd.calls > 0


class FakeClock:
    """``time`` for the limits module: it moves only when the test is called."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


def test_the_time_limit_is_honoured_inside_nary_propagation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock()
    monkeypatch.setattr(
        limits_module, "time", types.SimpleNamespace(perf_counter=clock.perf_counter)
    )
    calls_after = []

    def slow(a: int, b: int, c: int) -> bool:  # half a millisecond a call, never true
        clock.now += 0.0005
        if clock.now > 0.1:
            calls_after.append(clock.now)
        return False

    csp = CSP({v: range(10) for v in "abc"}, [Predicate(tuple("abc"), slow)])
    stream = backtracking(csp, Strategy(inference="mac"), limits=Limits(max_seconds=0.1))
    assert list(stream) == []
    assert stream.status is Status.LIMIT_REACHED and stream.limit == "max_seconds"
    assert calls_after and calls_after[-1] - 0.1 <= 0.2  # the old revision ran 0.4 s past


def random_csp(seed: int) -> CSP:
    rng = random.Random(seed)
    names = [f"x{i}" for i in range(rng.randint(3, 6))]
    domains = {v: rng.sample(range(-3, 6), rng.randint(1, 5)) for v in names}
    constraints: list[Any] = []
    for _ in range(rng.randint(1, 4)):
        scope = tuple(rng.sample(names, rng.randint(3, len(names))))
        kind = rng.choice(["sum", "predicate", "alldiff", "mod"])
        weights = tuple(rng.choice([-2, -1, 1, 2, 3]) for _ in scope)
        total = rng.randint(-4, 8)
        if kind == "sum":
            relation = rng.choice(["==", "<=", ">="])
            constraints.append(LinearSum(scope, weights, total, relation))  # type: ignore[arg-type]
        elif kind == "predicate":
            constraints.append(
                Predicate(scope, lambda *v, w=weights, t=total: sum(map(int.__mul__, w, v)) <= t)
            )
        elif kind == "alldiff":
            constraints.append(AllDifferent(scope[:3]))
        else:
            constraints.append(Predicate(scope, lambda *v, t=total: sum(v) % 3 == t % 3))
    return CSP(domains, constraints)


@pytest.mark.parametrize("seed", range(40))
def test_propagation_keeps_the_solutions_of_small_random_csps(seed: int) -> None:
    csp = random_csp(seed)
    expected = brute_force(csp)
    for strategy in STRATEGIES:
        assert all_solutions(csp, strategy) == expected, strategy.label


def test_a_wide_predicate_finds_send_more_money_under_mac() -> None:
    # one predicate over all eight letters (MAC once found nothing in 60 s)
    def money(s: int, e: int, n: int, d: int, m: int, o: int, r: int, y: int) -> bool:
        return (1000 * s + 100 * e + 10 * n + d) + (1000 * m + 100 * o + 10 * r + e) == (
            10000 * m + 1000 * o + 100 * n + 10 * e + y
        )

    csp = CSP(
        {v: range(1 if v in "sm" else 0, 10) for v in "sendmory"},
        [AllDifferent(tuple("sendmory")), Predicate(tuple("sendmory"), money)],
    )
    stream = backtracking(csp, Strategy(inference="mac"), limits=Limits(max_seconds=60))
    solutions = [r.final_state.assignment() for r in stream]
    assert stream.status is Status.EXHAUSTED
    assert [[s[v] for v in "sendmory"] for s in solutions] == [[9, 5, 6, 7, 1, 0, 8, 2]]


def test_python_constraints_examples_give_its_solutions() -> None:
    constraint = pytest.importorskip("constraint")
    import searchlab.compat.constraint as ours
    from benchmarks.bench_constraint_examples import EXAMPLES, canonical

    for name in (
        "einstein",
        "xsum",
        "wordmath: SEIS+SEIS",
        "wordmath: TWO+TWO",
        "wordmath: SEND+MORE",
        "coins",
        "queens (8)",
    ):
        build = EXAMPLES[name]
        mine = build(ours).getSolutions()
        assert canonical(mine) == canonical(build(constraint).getSolutions()), name


@pytest.mark.parametrize("relation", ["==", "<=", ">="])
def test_sums_of_fractions_are_narrowed_by_bounds_and_keep_their_solutions(relation: str) -> None:
    # coins of 0.1, 0.2 and 0.3 making 0.6: exact only after rounding (0.1 + 0.2 != 0.3)
    worth = (0.1, 0.2, 0.3)
    csp = CSP(
        {v: range(7) for v in "abc"},
        [LinearSum(tuple("abc"), worth, 0.6, relation)],  # type: ignore[arg-type]
    )
    expected = brute_force(csp)
    assert (0, 0, 2) in expected and (2, 2, 0) in expected  # 0.1·2 + 0.2·2 rounds to 0.6
    for strategy in STRATEGIES:
        assert all_solutions(csp, strategy) == expected, strategy.label
