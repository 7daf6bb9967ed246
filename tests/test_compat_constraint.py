"""python-constraint's Problem answered by searchlab (``searchlab.compat.constraint``):
the same programs run on python-constraint itself and here, solution sets compared."""

from __future__ import annotations

import doctest
import itertools
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import searchlab.algorithms.csp.consistency
import searchlab.algorithms.csp.search
import searchlab.compat.aima
import searchlab.compat.constraint
from searchlab.algorithms.csp import Strategy, count
from searchlab.compat import constraint as ours
from searchlab.core.errors import InputError

theirs = pytest.importorskip("constraint")  # python-constraint2, in the test extra

Program = Callable[[ModuleType], Any]


def solutions(module: ModuleType, program: Program) -> set[frozenset[tuple[Any, Any]]]:
    problem = program(module)
    found = problem.getSolutions()
    assert all(type(solution) is dict for solution in found)
    as_set = {frozenset(solution.items()) for solution in found}
    assert len(as_set) == len(found)  # no solution twice
    return as_set


def readme_first(lib: ModuleType) -> Any:
    problem = lib.Problem()
    problem.addVariable("a", [1, 2, 3])
    problem.addVariable("b", [4, 5, 6])
    problem.addConstraint(lambda a, b: a * 2 == b, ("a", "b"))
    return problem


def readme_rooks(lib: ModuleType) -> Any:
    problem = lib.Problem()
    numpieces = 8
    cols = range(numpieces)
    rows = range(numpieces)
    problem.addVariables(cols, rows)
    for col1 in cols:
        for col2 in cols:
            if col1 < col2:
                problem.addConstraint(lambda row1, row2: row1 != row2, (col1, col2))
    return problem


def queens(lib: ModuleType, n: int = 8) -> Any:
    problem = lib.Problem()
    problem.addVariables(range(n), range(n))
    for a, b in itertools.combinations(range(n), 2):
        problem.addConstraint(lambda x, y, d=b - a: x != y and abs(x - y) != d, (a, b))
    return problem


def send_more_money(lib: ModuleType) -> Any:
    """SEND + MORE = MONEY, the sum written as one linear equation over SENDMORY."""
    problem = lib.Problem()
    problem.addVariables("SENDMORY", range(10))
    problem.addConstraint(lib.AllDifferentConstraint())
    problem.addConstraint(lambda s, m: s != 0 and m != 0, "SM")
    weights = [1000, 91, -90, 1, -9000, -900, 10, -1]
    problem.addConstraint(lib.ExactSumConstraint(0, weights), "SENDMORY")
    return problem


def magic_square(lib: ModuleType) -> Any:
    problem = lib.Problem()
    problem.addVariables(range(9), range(1, 10))
    problem.addConstraint(lib.AllDifferentConstraint(), range(9))
    rows = [tuple(range(r, r + 3)) for r in (0, 3, 6)]
    columns = [tuple(range(c, 9, 3)) for c in range(3)]
    for line in [*rows, *columns, (0, 4, 8), (2, 4, 6)]:
        problem.addConstraint(lib.ExactSumConstraint(15), line)
    return problem


def every_class(lib: ModuleType) -> list[Any]:
    """One small problem per constraint class (each on its own, then all at once)."""
    made = []
    classes = [
        (lib.AllDifferentConstraint(), "abc"),
        (lib.AllEqualConstraint(), "ab"),
        (lib.ExactSumConstraint(5), "abc"),
        (lib.ExactSumConstraint(7, [2, 1, -1]), "abc"),
        (lib.MinSumConstraint(6), "abc"),
        (lib.MaxSumConstraint(4, [1, 2]), "ab"),
        (lib.ExactProdConstraint(6), "ab"),
        (lib.MinProdConstraint(4), "ab"),
        (lib.MaxProdConstraint(3), "abc"),
        (lib.InSetConstraint({1, 3}), "ab"),
        (lib.NotInSetConstraint({2}), "bc"),
        (lib.SomeInSetConstraint({3}), "abc"),
        (lib.SomeInSetConstraint({1}, n=2, exact=True), "abc"),
        (lib.SomeNotInSetConstraint({1, 2}, n=2), "abc"),
        (lib.FunctionConstraint(lambda a, c: a < c), "ac"),
    ]
    for constraint, scope in classes:
        problem = lib.Problem()
        problem.addVariables("abc", [1, 2, 3])
        problem.addConstraint(constraint, scope)
        made.append(problem)
    return made


PROGRAMS: dict[str, Program] = {
    "readme-first": readme_first,
    "readme-rooks": readme_rooks,
    "queens-6": lambda lib: queens(lib, 6),
    "send-more-money": send_more_money,
    "magic-square": magic_square,
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_same_program_finds_the_same_solutions(name: str) -> None:
    program = PROGRAMS[name]
    found = solutions(ours, program)
    assert found == solutions(theirs, program)
    if name == "readme-rooks":
        assert len(found) == 40320  # 8!


def test_published_counts() -> None:
    assert len(readme_first(ours).getSolutions()) == 2
    assert len(queens(ours).getSolutions()) == 92
    assert count(queens(ours).csp()) == count(queens(ours)) == 92
    assert len(magic_square(ours).getSolutions()) == 8  # the Lo Shu square's 8 symmetries
    money = send_more_money(ours).getSolution()
    assert money == dict(zip("SENDMORY", (9, 5, 6, 7, 1, 0, 8, 2), strict=True))


@pytest.mark.parametrize("index", range(15))
def test_each_constraint_class_means_what_python_constraints_means(index: int) -> None:
    mine, reference = every_class(ours)[index], every_class(theirs)[index]
    expected = {frozenset(s.items()) for s in reference.getSolutions()}
    assert {frozenset(s.items()) for s in mine.getSolutions()} == expected
    again = ours.Problem()  # python-constraint's own instance, read by ours
    again.addVariables("abc", [1, 2, 3])
    constraint, scope = reference._constraints[0]
    again.addConstraint(constraint, scope)
    assert {frozenset(s.items()) for s in again.getSolutions()} == expected


def test_solution_iter_is_lazy_and_solutions_are_plain_dicts() -> None:
    problem = readme_rooks(ours)
    stream = problem.getSolutionIter()
    first = next(stream)
    assert type(first) is dict and len(first) == 8
    assert problem.getSolution() == first


def test_no_variable_and_no_solution_answer_as_python_constraint_does() -> None:
    assert ours.Problem().getSolution() is None and ours.Problem().getSolutions() == []
    assert theirs.Problem().getSolution() is None
    impossible = ours.Problem()
    impossible.addVariables("ab", [1])
    impossible.addConstraint(ours.AllDifferentConstraint())
    assert impossible.getSolution() is None and impossible.getSolutions() == []


def test_a_strategy_is_the_solver() -> None:
    problem = queens(ours, 6)
    problem.setSolver(Strategy(inference="mac", value_order="lcv"))
    assert problem.getSolver().inference == "mac"
    assert len(problem.getSolutions()) == 4


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda p: (p.addVariable("a", [1]), p.addVariable("a", [2])), "duplicated variable 'a'"),
        (lambda p: p.addVariable("a", []), "the domain of 'a' is empty"),
        (lambda p: p.addVariable("a", 5), "must be a list, tuple or range, not 5"),
        (lambda p: p.addVariable(["a"], [1]), "a variable must be hashable"),
        (lambda p: p.addConstraint(42), "cannot use int as a constraint"),
        (lambda p: p.addConstraint("a + b == 3"), "is a string: write it as a function"),
        (
            lambda p: (
                p.addVariable("a", [1]),
                p.addConstraint(ours.AllDifferentConstraint(), "az"),
                p.getSolution(),
            ),
            "names 'z', which is not a variable",
        ),
        (
            lambda p: (
                p.addVariables("ab", [1]),
                p.addConstraint(ours.ExactSumConstraint(2, [1]), "ab"),
                p.getSolution(),
            ),
            "1 multipliers for 2 variables",
        ),
        (lambda p: p.setSolver("backtracking"), "a searchlab Strategy"),
    ],
)
def test_mistakes_are_input_errors(build: Callable[[Any], Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        build(ours.Problem())


@pytest.mark.parametrize(
    "module",
    [
        searchlab.compat.aima,
        searchlab.compat.constraint,
        searchlab.algorithms.csp.search,
        searchlab.algorithms.csp.consistency,
    ],
)
def test_the_examples_in_the_docstrings_run(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0 and outcome.failed == 0


@pytest.mark.parametrize("kind", ["MaxSumConstraint", "MinSumConstraint", "ExactSumConstraint"])
def test_sums_over_negative_values_agree(kind: str) -> None:
    def program(lib: ModuleType) -> Any:
        problem = lib.Problem()
        problem.addVariables("abc", range(-2, 3))
        problem.addConstraint(getattr(lib, kind)(1, [2, -1, 1]), "abc")
        return problem

    assert solutions(ours, program) == solutions(theirs, program)


def test_a_solver_takes_our_problem_and_names_python_constraints() -> None:
    from searchlab.algorithms.csp import solve
    from searchlab.core.errors import ProblemError

    assert solve(readme_first(ours)) == readme_first(ours).getSolution()
    with pytest.raises(ProblemError, match="a python-constraint Problem: write it with searchlab"):
        solve(readme_first(theirs))
