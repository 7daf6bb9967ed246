"""The contract kit (searchlab.testing) finds each broken promise, names the domain and
the promise in its message, and passes a domain that keeps them; a class declaring
what it cannot do is refused when it is made, and reported when registered."""

from __future__ import annotations

import doctest
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from conftest import run_searchlab
from plugins import install_package

import searchlab.testing
from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.core.registry import Registry
from searchlab.domains.base import Domain, HeuristicSpec, RandomSpec, SearchRequest
from searchlab.testing import ContractError, DomainContract, check_domain


class Walk:
    """Down a number line to 0, by steps of 1 or 2, each costing 1."""

    def __init__(self, start: int) -> None:
        self.initial = start

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        for step in (1, 2):
            if state - step >= 0:
                yield f"-{step}", state - step, 1.0

    def is_goal(self, state: int) -> bool:
        return state == 0


def halves(problem: Any) -> Any:
    return lambda state: (state + 1) // 2  # the true cost: ceil(n / 2)


HEURISTICS: Registry[HeuristicSpec] = Registry("heuristic")
HEURISTICS.add("half", HeuristicSpec("half", "ceil(n/2): exact", True, halves))


class Line(Domain[int, str]):
    """A number line: walk down to 0 by steps of 1 or 2."""

    name = "line"
    notation = "a whole number"
    presets: ClassVar[Mapping[str, str]] = {"five": "5"}
    algorithms = ("astar", "bfs", "uniform-cost")
    heuristics = HEURISTICS
    default_heuristic = "half"
    size: ClassVar[Option | None] = Option(
        "size", "int", "the highest start", default=9, low=0, high=30
    )

    def parse(self, text: str) -> int:
        if not text.strip().isdigit():
            raise InputError(f"not a whole number: {text!r}")
        return int(text)

    def problem(self, request: SearchRequest) -> Walk:
        return Walk(request.start)

    def random_start(self, rng: random.Random, spec: RandomSpec) -> int:
        assert self.size is not None
        return rng.randint(0, self.size.parse(spec.size))


def broken(domain: Domain[Any, Any], promise: str) -> list[str]:
    report = check_domain(domain, promises=(promise,))
    assert {item.promise for item in report.broken} <= {promise}
    return [str(item) for item in report.broken]


def test_a_domain_that_keeps_its_promises_passes_every_check() -> None:
    report = check_domain(Line())
    assert report.ok, report.broken
    assert report.checked == list(searchlab.testing.PROMISES)
    # not registered: the command line is named as unchecked, and why
    assert any("command line: no entry point registers" in why for why in report.skipped)


class TestLine(DomainContract):
    domain = Line()


def test_the_pytest_class_has_a_test_per_promise() -> None:
    names = sorted(name for name in dir(TestLine) if name.startswith("test_"))
    assert names == sorted("test_" + p.replace(" ", "_") for p in searchlab.testing.PROMISES)


def test_a_start_written_in_another_notation_is_named() -> None:
    class Bracketed(Line):
        name = "bracketed"

        def format(self, state: Any) -> str:
            return f"<{state}>"

    said = broken(Bracketed(), "starts")
    assert said and said[0].startswith("domain 'bracketed', promise 'starts': the preset 'five'")
    assert "'<5>', which parse refuses" in said[0]


def test_a_parse_that_crashes_on_nonsense_is_named() -> None:
    class Crashing(Line):
        name = "crashing"

        def parse(self, text: str) -> int:
            return int(text)  # ValueError, not InputError

    said = broken(Crashing(), "starts")
    assert any("raised ValueError" in line and "must raise" in line for line in said)


def test_an_overestimating_admissible_heuristic_is_named() -> None:
    registry: Registry[HeuristicSpec] = Registry("heuristic")
    registry.add("steps", HeuristicSpec("steps", "n: too high", True, lambda p: float))

    class Greedy(Line):
        name = "greedy"
        heuristics = registry
        default_heuristic = "steps"

    said = broken(Greedy(), "heuristics")
    assert said and "the heuristic 'steps' is declared admissible but gives" in said[0]
    assert "whose cheapest way to a goal costs" in said[0]


def test_a_heuristic_above_zero_at_the_goal_is_named_even_if_not_admissible() -> None:
    registry: Registry[HeuristicSpec] = Registry("heuristic")
    registry.add("plus", HeuristicSpec("plus", "n + 1", False, lambda p: lambda s: s + 1))

    class Offset(Line):
        name = "offset"
        heuristics = registry
        default_heuristic = "plus"

    said = broken(Offset(), "heuristics")
    assert said and "gives 1 at a goal state (0)" in said[0] and "it must be 0" in said[0]


def test_an_unsolvable_random_start_is_named() -> None:
    class Uphill(Line):
        name = "uphill"

        def random_start(self, rng: random.Random, spec: RandomSpec) -> int:
            assert self.size is not None
            return -1 - rng.randint(0, self.size.parse(spec.size))  # below 0: no way up

        def parse(self, text: str) -> int:
            return int(text) if text.strip().lstrip("-").isdigit() else super().parse(text)

    said = broken(Uphill(), "random")
    assert said and "cannot reach any goal" in said[0]
    assert "random must draw solvable starts only" in said[0]


def test_a_random_start_past_the_cap_is_named() -> None:
    class Uncapped(Line):
        name = "uncapped"

        def random_start(self, rng: random.Random, spec: RandomSpec) -> int:
            return rng.randint(0, spec.size or 9)

    said = broken(Uncapped(), "random")
    assert any("accepted the size 31, outside its cap" in line for line in said)


def test_json_that_is_not_json_and_a_decode_that_does_not_invert_are_named() -> None:
    class AsText(Line):
        name = "as-text"

        def encode(self, state: Any) -> Any:
            return str(state)

    class AsSet(Line):
        name = "as-set"

        def encode(self, state: Any) -> Any:
            return {state}

    assert "decode does not give back" in broken(AsText(), "json")[0]
    assert "is not plain JSON" in broken(AsSet(), "json")[0]


def test_a_drawing_that_is_no_drawing_is_named() -> None:
    class Printed(Line):
        name = "printed"

        def draw(self, state: Any, problem: Any = None) -> Any:
            return str(state)

    said = broken(Printed(), "drawing")
    assert said and "returned str, not a Drawing" in said[0]


def test_the_pytest_class_raises_the_broken_promise() -> None:
    class Bracketed(Line):
        name = "bracketed"

        def format(self, state: Any) -> str:
            return f"<{state}>"

    class Case(DomainContract):
        domain = Bracketed()

    with pytest.raises(ContractError, match=r"domain 'bracketed', promise 'starts'"):
        Case().check("starts")
    with pytest.raises(ValueError, match="unknown promise"):
        check_domain(Line(), promises=("speed",))


def test_a_class_or_a_missing_domain_is_named() -> None:
    with pytest.raises(TypeError, match=r"takes a Domain instance.*not Line"):
        check_domain(Line)  # type: ignore[arg-type]

    class Forgotten(DomainContract):
        pass

    with pytest.raises(TypeError, match="Forgotten has no domain to check: set `domain ="):
        Forgotten().check("json")


def test_takes_goal_without_parse_goal_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="takes_goal = True needs parse_goal"):

        class Goalless(Line):
            name = "goalless"
            takes_goal = True


def test_random_start_without_a_size_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="random_start needs size"):

        class Sizeless(Line):
            name = "sizeless"
            size: ClassVar[Option | None] = None


def test_a_registered_class_that_declares_too_much_is_reported(tmp_path: Path) -> None:
    module = (
        "from searchlab.domains.base import Domain\n"
        "class Goalless(Domain):\n"
        "    name = 'goalless'\n"
        "    takes_goal = True\n"
        "GOALLESS = Goalless()\n"
    )
    env = install_package(
        tmp_path,
        "goalless",
        {"goalless.py": module},
        {"searchlab.domains": {"goalless": "goalless:GOALLESS"}},
    )
    run = run_searchlab("--help", env=env)
    assert "the domain 'goalless'" in run.stderr
    assert "takes_goal = True needs parse_goal" in run.stderr


def test_the_kits_examples_run() -> None:
    outcome = doctest.testmod(searchlab.testing, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted >= 3 and outcome.failed == 0
