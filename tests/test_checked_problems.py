"""A malformed problem is told the same thing by the library and by ``searchlab run``:
one checker (``searchlab.core.checked``) behind both, each fault of a table run through
the public searches and through the command line."""

from __future__ import annotations

import importlib.util
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, assert_refused

import searchlab
from searchlab.core.errors import NegativeCostError, ProblemError, SearchlabError
from searchlab.core.problem import NumberLine

PROBLEM = '''
class Line:
    """Walk from 0 to 3 on a line."""
    initial = INITIAL
    def successors(self, state):
        SUCCESSORS
    def is_goal(self, state):
        return state == 3

def lazy(state):
    return HEURISTIC

Line.heuristics = {"lazy": lazy}

def problem():
    return Line()
'''

GOOD = "yield ('step', state + 1, 1); yield ('back', state - 1, 1)"

# (what is wrong, successors body, initial, heuristic's value, message)
FAULTS = [
    ("a pair, not a triple", "yield ('step', state + 1)", "0", "0",
     "successors(0) yielded ('step', 1): each successor must be a (move, next_state, cost) triple"),
    ("four items", "yield ('step', state + 1, 1, 'x')", "0", "0",
     "successors(0) yielded ('step', 1, 1, 'x'): each successor must be a (move, next_state, "
     "cost) triple"),
    ("not iterable", "return 5", "0", "0",
     "successors(0) returned 5: it must return or yield (move, next_state, cost) triples"),
    ("an unhashable state", "yield ('step', [state + 1], 1)", "0", "0",
     "successors(0) gave the unhashable state [1]: states must be hashable and immutable"),
    ("an unhashable start", GOOD, "[0]", "0",
     "the problem's initial gave the unhashable state [0]: states must be hashable"),
    ("a cost that is text", "yield ('step', state + 1, 'one')", "0", "0",
     "successors(0) gave the cost 'one' for move 'step': a cost must be a number"),
    ("a negative cost", "yield ('step', state + 1, -1)", "0", "0",
     "the problem produced a negative cost -1 for move 'step' from state 0"),
    ("a NaN cost", "yield ('step', state + 1, float('nan'))", "0", "0",
     "the problem produced the cost NaN for move 'step' from state 0: a cost must be a "
     "number 0 or more"),
    ("a heuristic returning None", GOOD, "0", "None",  # (two successors: compared)
     "the heuristic 'lazy' returned None for state "),
]

# the library's search, and its name on the command line
SEARCHES: list[tuple[str, Callable[..., Any], bool]] = [
    ("bfs", searchlab.breadth_first, False),
    ("uniform-cost", searchlab.uniform_cost, False),
    ("iterative-deepening", searchlab.iterative_deepening, False),
    ("astar", searchlab.astar, True),
    ("greedy", searchlab.greedy_best_first, True),
    ("best-first", searchlab.best_first, True),
    ("ida", searchlab.ida_star, True),
    ("rbfs", searchlab.rbfs, True),
]


def write(tmp_path: Path, successors: str, initial: str, heuristic: str) -> Path:
    body = PROBLEM.replace("SUCCESSORS", successors).replace("INITIAL", initial)
    path = tmp_path / "mine.py"
    path.write_text(body.replace("HEURISTIC", heuristic))
    return path


def load(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"mine_{id(path)}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.problem()


@pytest.mark.parametrize(("name", "search", "informed"), SEARCHES, ids=[s[0] for s in SEARCHES])
@pytest.mark.parametrize(
    ("successors", "initial", "heuristic", "message"),
    [fault[1:] for fault in FAULTS],
    ids=[fault[0] for fault in FAULTS],
)
def test_the_library_and_searchlab_run_say_the_same(
    run_cli: RunCli,
    tmp_path: Path,
    name: str,
    search: Callable[..., Any],
    informed: bool,
    successors: str,
    initial: str,
    heuristic: str,
    message: str,
) -> None:
    path = write(tmp_path, successors, initial, heuristic)
    if heuristic != "0" and not informed:
        pytest.skip("a search without a heuristic never calls it")
    problem = load(path)
    with pytest.raises(SearchlabError) as raised:
        search(problem, problem.heuristics["lazy"]) if informed else search(problem)
    said = str(raised.value)
    assert said.startswith(message)
    expected = NegativeCostError if "0 or more" in said or "negative" in said else ProblemError
    assert isinstance(raised.value, expected)
    run = run_cli("run", str(path), "-a", name, *(("-H", "lazy") if informed else ()))
    assert_refused(run, said)
    assert run.stderr == f"searchlab: error: {said}\n"


def test_a_missing_member_is_refused_before_the_search_starts() -> None:
    class Half:
        initial = 0

        def successors(self, state: int) -> list[tuple[str, int, float]]:
            return []

    half: Any = Half()
    calls: list[Callable[[], Any]] = [
        lambda: searchlab.breadth_first(half),
        lambda: searchlab.depth_first(half),
        lambda: searchlab.hill_climbing(half, abs),
    ]
    for call in calls:
        with pytest.raises(ProblemError, match="Half has no is_goal: a problem needs initial"):
            call()


def test_depth_first_names_the_fault_when_its_stream_reaches_it() -> None:
    class Fork:
        """0 leads to the goal 1, and to 2, whose successor is a list."""

        initial = 0

        def successors(self, x: int) -> list[tuple[str, Any, float]]:
            arcs: dict[int, list[tuple[str, Any, float]]] = {
                0: [("a", 1, 1.0), ("b", 2, 1.0)],
                2: [("c", [3], 1.0)],
            }
            return arcs.get(x, [])

        def is_goal(self, x: int) -> bool:
            return x == 1

    stream = searchlab.depth_first_solutions(Fork())
    assert next(stream).path == (0, 1)  # a solution before the fault
    with pytest.raises(ProblemError, match=r"successors\(2\) gave the unhashable state \[3\]"):
        next(stream)


def test_a_missing_member_reads_the_same_from_searchlab_run(
    run_cli: RunCli, tmp_path: Path
) -> None:
    path = tmp_path / "half.py"
    path.write_text("class Half:\n    initial = 0\n    def successors(self, s):\n"
                    "        return []\n\ndef problem():\n    return Half()\n")
    with pytest.raises(ProblemError) as raised:
        searchlab.breadth_first(load(path))
    assert_refused(run_cli("run", str(path)), str(raised.value))


def test_the_problems_own_exception_reaches_the_caller_as_it_was() -> None:
    class Broken(NumberLine):
        def successors(self, x: int) -> list[tuple[str, int, float]]:
            raise KeyError(x)

    with pytest.raises(KeyError):
        searchlab.breadth_first(Broken())


def test_a_well_formed_problem_is_searched_as_it_is() -> None:
    line = NumberLine(start=0, goal=7)
    found = searchlab.astar(line, line.distance)
    bare = inspect.unwrap(searchlab.astar)(line, line.distance)  # without the checks
    assert found.cost == bare.cost == 7.0 and found.path == bare.path
    assert found.stats.expanded == bare.stats.expanded
    assert found.stats.generated == bare.stats.generated
