"""An algorithm's declaration (``algorithms.declaration.Algorithm``): its options'
defaults come from its function's signature, said once; what the front ends ask
(the viewer's way of explaining a step) comes from what it declares, not its name."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
from conftest import RunCli

import searchlab
from searchlab.algorithms.declaration import Algorithm, default_of
from searchlab.algorithms.registry import ALGORITHMS, run_algorithm
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.options import Option
from searchlab.core.problem import NumberLine
from searchlab.core.result import SearchResult, Status
from searchlab.domains.puzzle import BRATKO_GOAL, BRATKO_POSITIONS, SlidingPuzzle, make_heuristic
from searchlab.web.teaching import MAX_HEAD, MAX_SCORES, engine_detail, family

STEPS = Option("steps", "int", "steps before giving up", low=0, high=100)


def walk(
    problem: Any, *, steps: int = 7, limits: Limits = NO_LIMITS, observer: Any = None
) -> SearchResult[Any, Any]:
    """A stand-in search: only its signature matters here."""
    raise NotImplementedError


def declare(
    function: Any = walk, option: Option = STEPS, family: Any = "tree", frontier: Any = "path"
) -> Algorithm:
    return Algorithm(
        function, "walk", "Walk", "a walk", family, frontier, "none", options=(option,)
    )


def test_an_options_default_is_read_from_the_function() -> None:
    assert STEPS.default is None  # the spec says none
    assert declare().option("steps").default == 7


def test_a_default_typed_again_and_different_is_refused() -> None:
    with pytest.raises(TypeError, match=r"steps defaults to 7 in walk, not 10"):
        declare(option=Option("steps", "int", "", default=10))
    assert declare(option=Option("steps", "int", "", default=7)).option("steps").default == 7


def test_an_option_without_a_default_anywhere_is_refused() -> None:
    def required(problem: Any, steps: int, *, limits: Limits = NO_LIMITS) -> Any:
        raise NotImplementedError

    with pytest.raises(TypeError, match="steps has no default"):
        declare(required)
    with pytest.raises(TypeError, match="does not take 'depth': give its default with"):
        declare(option=Option("depth", "int", ""))
    taken_elsewhere = Option("depth", "int", "", default=default_of(walk, "steps"))
    assert declare(option=taken_elsewhere).option("depth").default == 7
    with pytest.raises(TypeError, match="walk has no default for 'depth'"):
        default_of(walk, "depth")


@pytest.mark.parametrize("name", ["seed", "limits", "heuristic", "start", "json"])
def test_an_option_named_like_a_part_of_the_run_or_of_a_request_is_refused(name: str) -> None:
    with pytest.raises(TypeError, match=f"an option may not be called '{name}'"):
        declare(option=Option(name, "int", "", default=1))


def test_every_registered_option_has_a_default_and_its_functions_own() -> None:
    """The registry's options are the declarations' (no second copy): each has a default,
    the function's own where the function takes it."""
    for name, info in ALGORITHMS.items():
        parameters = inspect.signature(info.function).parameters
        for option in info.options:
            assert option.default is not None, (name, option.name)
            if option.name in parameters:
                assert parameters[option.name].default == option.default, (name, option.name)


def test_weighted_astar_defaults_to_the_command_lines_weight(run_cli: RunCli) -> None:
    """``weighted_astar(problem, h)`` runs as ``-a weighted-astar`` does without a weight
    (the library once required one; the command line's was 2)."""
    puzzle = SlidingPuzzle(BRATKO_POSITIONS["c"], BRATKO_GOAL)
    library = searchlab.weighted_astar(puzzle, make_heuristic("manhattan", BRATKO_GOAL))
    done = run_cli(
        "puzzle", "solve", "c", "--goal", "bratko", "-a", "weighted-astar", "-H", "manhattan",
        "--engine", "generic", "--json",
    )  # fmt: skip
    assert done.code == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["run"]["weight"] == 2.0
    assert (document["cost"], document["stats"]["expanded"]) == (
        library.cost,
        library.stats.expanded,
    )
    twice = searchlab.weighted_astar(puzzle, make_heuristic("manhattan", BRATKO_GOAL), 2.0)
    assert twice.stats.expanded == library.stats.expanded


def test_depth_first_answers_as_every_search_does() -> None:
    line = NumberLine(start=0, goal=7)
    first = searchlab.depth_first(line)
    assert isinstance(first, SearchResult) and first.path == tuple(range(8))
    streamed = next(searchlab.depth_first_solutions(line))
    assert (first.path, first.moves, first.cost) == (streamed.path, streamed.moves, streamed.cost)
    none = searchlab.depth_first(line, depth_bound=6)  # 7 moves at the fewest
    assert none.status is Status.EXHAUSTED and not none.solved and none.path == ()
    assert run_algorithm("dfs", line).path == first.path  # the registry's dfs, streamed


def test_the_viewer_explains_a_run_as_its_declaration_says() -> None:
    explained = {name: family(info) for name, info in ALGORITHMS.items()}
    assert {name for name, kind in explained.items() if kind == "graph"} == {
        "astar", "greedy", "weighted-astar", "bfs", "uniform-cost",
    }  # fmt: skip
    assert {name for name, kind in explained.items() if kind == "tree"} == {
        "best-first", "ida", "rbfs", "iterative-deepening", "dfs",
    }  # fmt: skip
    assert {name for name, kind in explained.items() if kind == "local"} == {"hill-climbing"}
    # one nobody named: explained by what it declares
    assert family(declare(family="tree", frontier="path-f")) == "tree"
    assert family(declare(family="graph", frontier="two-queues")) is None
    assert family(declare(family="local", frontier="state")) is None  # reports no scores
    assert engine_detail(ALGORITHMS["astar"]) == MAX_HEAD
    assert engine_detail(ALGORITHMS["hill-climbing"]) == MAX_SCORES
    assert engine_detail(ALGORITHMS["rbfs"]) == 1 and engine_detail(ALGORITHMS["ida"]) == 0
