"""The lean enumeration behind python-constraint's getSolutionIter (``csp.lean``), the
``Among`` constraint, the ``dom-deg`` variable order and the lazily filled predicate
tables, each checked against brute force or against the full backtracking stream."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from searchlab.algorithms.csp import CSP, AllDifferent, LinearSum, Predicate, Strategy
from searchlab.algorithms.csp.lean import assignments, lean
from searchlab.algorithms.csp.model import Among
from searchlab.algorithms.csp.problem import CSPProblem
from searchlab.algorithms.csp.search import backtracking, count
from searchlab.compat import constraint as ours
from searchlab.core.errors import InputError


def brute(csp: CSP) -> list[dict[Any, Any]]:
    """Every solution by trying every combination of values."""
    found = []
    for values in itertools.product(*csp.domains):
        candidate = dict(zip(csp.variables, values, strict=True))
        if csp.is_solution(candidate):
            found.append(candidate)
    return found


def key(solutions: list[dict[Any, Any]]) -> set[tuple[tuple[Any, Any], ...]]:
    return {tuple(sorted(s.items(), key=repr)) for s in solutions}


def random_csp(seed: int) -> CSP:
    """Five variables (one tied to nothing), predicates, a sum, an all-different and
    a count of values in a set: every kind of constraint the compat layer makes."""
    rng = random.Random(seed)
    names = "abcde"
    domains = {v: rng.sample(range(5), rng.randint(2, 4)) for v in names}
    tied = list("abcd")
    pair = rng.sample(tied, 2)
    triple = rng.sample(tied, 3)
    limit = rng.randint(2, 6)
    constraints = [
        Predicate(tuple(pair), lambda x, y: (x + y) % 3 != 0),
        Predicate(tuple(triple), lambda x, y, z: x + y != z),
        LinearSum(tuple(rng.sample(tied, 2)), (1, 2), limit, "<="),
        Among(tuple(rng.sample(tied, 3)), frozenset({1, 2}), 1, 2),
    ]
    if rng.random() < 0.5:
        constraints.append(AllDifferent(tuple(rng.sample(tied, 2))))
    return CSP(domains, constraints)


STRATEGIES = [
    Strategy(),
    Strategy(variable_order="mrv-degree"),
    Strategy(variable_order="dom-deg"),
    Strategy(variable_order="static", inference="mac"),
    Strategy(variable_order="dom-deg", value_order="lcv", preprocess="ac3"),
]


@pytest.mark.parametrize("strategy", STRATEGIES, ids=lambda s: s.label)
def test_lean_gives_the_streams_solutions_in_its_order(strategy: Strategy) -> None:
    for seed in range(40):
        csp = random_csp(seed)
        found = list(assignments(CSPProblem(csp), strategy))
        stream = [r.final_state.assignment() for r in backtracking(csp, strategy)]
        assert key(found) == key(brute(csp)) == key(stream), seed
        assert len(found) == len(stream)
        assert all(list(s) == list(csp.variables) for s in found)  # the CSP's order


def test_lean_without_search() -> None:
    """No variable tied to another: every combination; no variable: one empty answer."""
    csp = CSP({"x": [1, 2], "y": "ab"}, [Predicate(("x",), lambda x: x > 1)])
    assert list(assignments(CSPProblem(csp), Strategy())) == [
        {"x": 2, "y": "a"},
        {"x": 2, "y": "b"},
    ]
    empty = CSP({})
    assert list(assignments(CSPProblem(empty), Strategy())) == [{}]
    wiped = CSP({"x": [1], "y": [1]}, [Predicate(("x",), lambda x: x > 1)])
    assert list(assignments(CSPProblem(wiped), Strategy())) == []


def test_lean_refuses_plain_backtracking() -> None:
    assert not lean(Strategy(inference="none"))
    assert not lean(Strategy(backtrack="cbj"))
    with pytest.raises(ValueError, match="inference"):
        assignments(CSPProblem(CSP({"x": [1]})), Strategy(inference="none"))


@pytest.mark.parametrize(
    ("low", "high"), [(0, 0), (0, 1), (1, 1), (2, 3), (3, 3), (0, 3), (2, 1), (4, 4)]
)
def test_among_against_brute_force(low: int, high: int) -> None:
    csp = CSP(
        {v: [0, 1, 2] for v in "xyz"},
        [Among(tuple("xyz"), frozenset({1}), low, high), AllDifferent(("x", "y"))],
    )
    truth = brute(csp)
    for strategy in STRATEGIES:
        assert key([r.final_state.assignment() for r in backtracking(csp, strategy)]) == key(truth)
        assert key(list(assignments(CSPProblem(csp), strategy))) == key(truth)


def test_among_names_each_variable_once() -> None:
    with pytest.raises(InputError, match="twice"):
        CSP({"x": [1]}, [Among(("x", "x"), frozenset({1}), 1, 1)])


def set_constraints(lib: Any, scope: str) -> list[Any]:
    return [
        lib.InSetConstraint({1, 2}),
        lib.NotInSetConstraint({0}),
        lib.SomeInSetConstraint({1}, 2),
        lib.SomeInSetConstraint({1}, 2, exact=True),
        lib.SomeNotInSetConstraint({1, 2}, 1),
        lib.SomeNotInSetConstraint({2}, 2, exact=True),
        lib.SomeInSetConstraint({1}, 5),
    ]


@pytest.mark.parametrize("scope", ["abc", "aba", "c"])
def test_python_constraints_set_classes(scope: str) -> None:
    """Each set class (an Among, or a test when a variable repeats) as brute force says."""
    for index in range(len(set_constraints(ours, scope))):
        problem = ours.Problem()
        problem.addVariables("abc", [0, 1, 2])
        problem.addConstraint(set_constraints(ours, scope)[index], scope)
        truth = brute(problem.csp())
        assert key(problem.getSolutions()) == key(truth), index


def test_a_fraction_sum_is_exact_on_its_last_variable() -> None:
    """0.5 + 0.5000001 is within the bounds' rounding margin of 1, but not 1."""
    csp = CSP(
        {"x": [0.5], "y": [0.5000001, 0.5], "z": [0, 1]},
        [LinearSum(("x", "y"), (1, 1), 1.0), Predicate(("y", "z"), lambda y, z: z >= 0)],
    )
    for strategy in (Strategy(), Strategy(variable_order="static", inference="mac")):
        found = [r.final_state.assignment() for r in backtracking(csp, strategy)]
        assert found and all(csp.is_solution(s) for s in found)
        assert key(found) == key(brute(csp))


def test_binary_predicates_are_tested_when_needed() -> None:
    """Eight rooks' first placement asks each pair of columns about the rows tried,
    never the whole 8 x 8 table of every pair (3,584 calls)."""
    calls = [0]

    def differ(a: int, b: int) -> bool:
        calls[0] += 1
        return a != b

    problem = ours.Problem()
    problem.addVariables(range(8), range(8))
    for c1, c2 in itertools.combinations(range(8), 2):
        problem.addConstraint(differ, (c1, c2))
    found = problem.getSolution()
    assert found is not None and sorted(found.values()) == list(range(8))
    assert 0 < calls[0] < 3584 // 2


def test_dom_deg_counts_as_every_order() -> None:
    queens: Callable[[int], CSP] = lambda n: CSP(  # noqa: E731
        {i: range(n) for i in range(n)},
        [
            AllDifferent(tuple(range(n))),
            AllDifferent(tuple(range(n)), offsets=tuple(range(n))),
            AllDifferent(tuple(range(n)), offsets=tuple(-i for i in range(n))),
        ],
    )
    for inference in ("none", "fc", "mac"):
        assert count(queens(6), Strategy(variable_order="dom-deg", inference=inference)) == 4
    with pytest.raises(InputError, match="dom-deg"):
        Strategy(variable_order="dom/deg")
