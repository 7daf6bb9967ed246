"""aima-python's problems and CSPs searched as they are (``searchlab.compat.aima``),
checked against the book's answers and, when aima3 is installed, against aima's own
objects and solvers (tests/data/aima/README.md)."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from searchlab import astar, breadth_first, depth_first_solutions, uniform_cost
from searchlab.algorithms.csp import ac3, backtracking, count, min_conflicts, solve
from searchlab.compat.aima import AimaProblem, adapt, aima_csp
from searchlab.core.errors import ProblemError
from searchlab.domains.puzzle import SlidingPuzzle, make_heuristic


def _load_shapes() -> ModuleType:
    path = Path(__file__).parent / "data" / "aima" / "shapes.py"
    spec = importlib.util.spec_from_file_location("aima_shapes", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["aima_shapes"] = module
    spec.loader.exec_module(module)
    return module


aima = _load_shapes()

ZEBRA_HOUSES = {  # the puzzle's published answer, house by house
    1: {"Norwegian", "Yellow", "Water", "Fox", "Kools"},
    2: {"Ukranian", "Blue", "Tea", "Horse", "Chesterfields"},
    3: {"Englishman", "Red", "Milk", "Snails", "Winston"},
    4: {"Spaniard", "Ivory", "OJ", "Dog", "LuckyStrike"},
    5: {"Japanese", "Green", "Coffee", "Zebra", "Parliaments"},
}
ZEBRA = {var: house for house, names in ZEBRA_HOUSES.items() for var in names}


def test_romania_astar_finds_the_books_418_km() -> None:
    trip = AimaProblem(aima.GraphProblem("Arad", "Bucharest", aima.romania_map))
    found = astar(trip, trip.h)
    assert found.cost == 418.0
    assert found.path == ("Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest")
    assert uniform_cost(trip).cost == 418.0
    fewest = breadth_first(trip)  # fewest roads: through Fagaras, 450 km (AIMA fig. 3.2)
    assert fewest.path == ("Arad", "Sibiu", "Fagaras", "Bucharest") and fewest.cost == 450.0


def test_eight_puzzle_as_aima_writes_it_matches_searchlabs_own_puzzle() -> None:
    start = (1, 2, 3, 0, 4, 6, 7, 5, 8)  # aima-python's test of EightPuzzle: 3 moves
    puzzle = AimaProblem(aima.EightPuzzle(start))
    found = astar(puzzle, puzzle.h)
    assert found.moves == ("RIGHT", "DOWN", "RIGHT") and found.cost == 3.0
    harder = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves: among the hardest 8-puzzles
    ours = SlidingPuzzle(harder, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    theirs = AimaProblem(aima.EightPuzzle(harder))
    cheapest = astar(ours, make_heuristic("manhattan", (1, 2, 3, 4, 5, 6, 7, 8, 0))).cost
    assert cheapest == 31.0
    assert astar(theirs, theirs.h).cost == cheapest  # misplaced tiles: admissible too


def test_a_problem_without_path_cost_or_h_costs_one_a_step() -> None:
    class Bare:
        initial = 0

        def actions(self, state: int) -> list[int]:
            return [1, 2]

        def result(self, state: int, action: int) -> int:
            return state + action

        def goal_test(self, state: int) -> bool:
            return state == 5

    walk = adapt(Bare())
    assert isinstance(walk, AimaProblem) and walk.unit_costs
    assert not hasattr(walk, "heuristics")
    assert breadth_first(walk).cost == 3.0  # 2 + 2 + 1


def test_an_aima_problem_given_as_it_is_is_told_to_be_wrapped() -> None:
    trip = aima.GraphProblem("Arad", "Bucharest", aima.romania_map)
    with pytest.raises(ProblemError, match=r"is one as AimaProblem\(it\) \(searchlab.compat"):
        astar(trip, trip.h)


def test_a_problem_missing_a_member_is_named() -> None:
    class NoResult:
        initial = 0

        def actions(self, state: int) -> list[int]:
            return []

        def goal_test(self, state: int) -> bool:
            return False

    with pytest.raises(ProblemError, match="NoResult has no result: an aima problem needs"):
        AimaProblem(NoResult())

    class Forgetful:  # actions() forgot its return
        initial = 0

        def actions(self, state: int) -> None:
            [state + 1]

        def result(self, state: int, action: int) -> int:
            return action

        def goal_test(self, state: int) -> bool:
            return state == 2

    with pytest.raises(ProblemError, match=r"actions\(0\) returned None: it must return"):
        breadth_first(AimaProblem(Forgetful()))


def test_eight_queens_has_92_solutions_and_aima_is_left_untouched() -> None:
    queens = aima.NQueensCSP(8)
    problem = aima_csp(queens)
    assert count(problem) == 92
    assert count(aima_csp(aima.NQueensCSP(4))) == 2
    assert count(aima_csp(aima.NQueensCSP(6))) == 4
    first = solve(problem)
    assert first is not None and queens.goal_test(first.items())  # aima's own test
    assert queens.curr_domains is None and queens.nassigns == 0
    walked = depth_first_solutions(problem)  # the generic engine on the same object
    assert queens.goal_test(next(iter(walked)).final_state.assignment().items())


def test_zebra_has_its_published_answer_and_only_that() -> None:
    zebra = aima.Zebra()
    problem = aima_csp(zebra)
    assert solve(problem) == ZEBRA
    assert count(problem) == 1
    assert zebra.goal_test(ZEBRA.items())


def test_usa_takes_four_colours_and_not_three() -> None:
    problem = aima_csp(aima.usa)
    colouring = solve(problem)
    assert colouring is not None and len(colouring) == 48
    assert set(colouring.values()) == set("RGBY")
    assert aima.usa.goal_test(colouring.items())
    three = aima.MapColoringCSP(list("RGB"), aima.usa.neighbors)
    assert solve(aima_csp(three)) is None  # Nevada's five neighbours form an odd ring
    stepped = min_conflicts(problem, seed=3)
    assert stepped.solved and aima.usa.goal_test(stepped.final_state.assignment().items())


def test_australia_ac3_prints_values() -> None:
    narrowed = ac3(aima_csp(aima.australia))
    assert narrowed.domains["SA"] == ("R", "G", "B")
    assert "'SA': ('R', 'G', 'B')" in repr(narrowed)


def test_a_one_way_neighbour_is_checked_one_way_as_aima_does() -> None:
    calls: list[tuple[Any, Any]] = []

    class OneWay:
        def __init__(self) -> None:
            self.variables = ["A", "B"]
            self.domains = {"A": [1, 2], "B": [1, 2]}
            self.neighbors: dict[str, list[str]] = {"A": ["B"], "B": []}

        @staticmethod
        def constraints(a_var: str, a: int, b_var: str, b: int) -> bool:
            calls.append((a_var, b_var))
            return a < b

    assert solve(aima_csp(OneWay())) == {"A": 1, "B": 2}
    assert set(calls) == {("A", "B")}


def test_a_malformed_aima_csp_is_named() -> None:
    class Stray:
        def __init__(self) -> None:
            self.variables = ["A"]
            self.domains = {"A": [1]}
            self.neighbors = {"A": ["Z"]}

        @staticmethod
        def constraints(*_: Any) -> bool:
            return True

    with pytest.raises(ProblemError, match="the neighbour 'Z' of 'A' is not a variable"):
        aima_csp(Stray())

    class NoNeighbours:
        def __init__(self) -> None:
            self.variables: list[str] = []
            self.domains: dict[str, list[int]] = {}

        def constraints(self, *_: Any) -> bool:
            return True

    with pytest.raises(ProblemError, match="NoNeighbours has no neighbors"):
        aima_csp(NoNeighbours())


# aima-python itself (aima3 on PyPI, installed without its dependencies): its objects
# unchanged, and its own solvers as the oracle.


@pytest.fixture(scope="module")
def aima3() -> tuple[Any, Any]:
    search = pytest.importorskip("aima3.search")
    csp = pytest.importorskip("aima3.csp")
    return search, csp


def test_aimas_own_romania_and_astar_agree(aima3: tuple[Any, Any]) -> None:
    search, _ = aima3
    trip = AimaProblem(search.GraphProblem("Arad", "Bucharest", search.romania_map))
    theirs = search.astar_search(search.GraphProblem("Arad", "Bucharest", search.romania_map))
    ours = astar(trip, trip.h)
    assert ours.cost == theirs.path_cost == 418
    assert list(ours.path) == [node.state for node in theirs.path()]


def test_aimas_own_csps_agree_with_aimas_solvers(aima3: tuple[Any, Any]) -> None:
    _, csp = aima3
    assert count(aima_csp(csp.NQueensCSP(8))) == 92
    theirs = csp.backtracking_search(
        csp.Zebra(), select_unassigned_variable=csp.mrv, inference=csp.forward_checking
    )
    assert solve(aima_csp(csp.Zebra())) == theirs == ZEBRA
    colouring = solve(aima_csp(csp.usa))
    assert colouring is not None and csp.usa.goal_test(colouring.items())
    assert len(set(colouring.values())) == 4
    for n in (4, 5, 6):  # every solution, by aima's own constraint over all placements
        found = {
            tuple(r.final_state.assignment().values())
            for r in backtracking(aima_csp(csp.NQueensCSP(n)))
        }
        brute = {
            rows
            for rows in itertools.product(range(n), repeat=n)
            if all(csp.queen_constraint(a, rows[a], b, rows[b]) for a in range(n) for b in range(n))
        }
        assert found == brute


@pytest.mark.parametrize(
    ("given", "advice"),
    [
        (aima.australia, "searchlab.compat.aima.aima_csp"),
        ({"x": [1, 2]}, "build one with CSP(domains, constraints)"),
    ],
)
def test_a_solver_given_no_csp_says_how_to_make_one(given: Any, advice: str) -> None:
    said = f"solves a CSP or a CSPProblem, not a .*{re.escape(advice)}"
    for solver in (solve, count, ac3, min_conflicts):
        with pytest.raises(ProblemError, match=said):
            solver(given)


def test_a_csp_mistake_is_said_when_the_csp_is_built() -> None:
    from searchlab.algorithms.csp import CSP, Predicate, Strategy
    from searchlab.core.errors import InputError

    domains = {"x": [1, 2], "y": [1, 2]}
    with pytest.raises(InputError, match=r"on x, y cannot take 2 values: its test must take one"):
        CSP(domains, [Predicate(("x", "y"), lambda a: a > 0)])
    with pytest.raises(InputError, match=r"has the test 5: it must be a function"):
        CSP(domains, [Predicate(("x",), 5)])  # type: ignore[arg-type]
    fine = CSP(domains, [Predicate(("x", "y"), lambda *values: len(set(values)) == 2)])
    assert count(fine) == 2
    with pytest.raises(InputError, match="the strategy must be a Strategy"):
        solve(fine, "mac")  # type: ignore[arg-type]
    assert solve(fine, Strategy(inference="mac")) == {"x": 1, "y": 2}
