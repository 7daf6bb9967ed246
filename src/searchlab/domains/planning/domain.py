"""Classical planning as a registered domain: a start names a PDDL domain file and a
problem file (or a built-in task), every algorithm of the engine searches its ground
task, with the planning heuristics and enforced hill climbing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from searchlab.core.access import named_file
from searchlab.core.errors import InputError
from searchlab.core.problem import Heuristic
from searchlab.core.registry import Registry
from searchlab.domains.base import Domain, HeuristicSpec, SearchRequest
from searchlab.domains.drawing import Drawing, Text


@dataclass(frozen=True)
class PlanningStart:
    """A task as named: its domain file and its problem file."""

    domain: Path
    problem: Path

    def __str__(self) -> str:
        return f"{self.domain}:{self.problem}"


def _spec(name: str) -> HeuristicSpec:
    from searchlab.domains.planning.problem import HEURISTICS

    summary, admissible, build = HEURISTICS[name]
    return HeuristicSpec(name, summary, admissible, lambda problem: build(problem.task))


def _fill(registry: Registry[HeuristicSpec]) -> None:
    from searchlab.domains.planning.problem import ALIASES, HEURISTICS

    for name in HEURISTICS:
        registry.add(name, _spec(name), *ALIASES.get(name, ()))


class PlanningDomain(Domain[int, str]):
    """Classical planning: PDDL domains and problems, searched step by step.

    A start names a PDDL domain and problem (STRIPS with types, equality, negative
    preconditions and constants); the task is grounded by relaxed reachability and
    each state is the set of facts that hold. Moves are the ground actions, each
    costing 1; h_max and LM-cut never overestimate.
    """

    name = "planning"
    title = "Classical planning"
    order = 60
    notation = (
        "DOMAIN.pddl:PROBLEM.pddl, PROBLEM.pddl (with domain.pddl beside it), or a "
        "built-in task: blocks, gripper"
    )
    examples = (
        "blocks",
        "gripper -a astar -H lmcut",
        "domain.pddl:task01.pddl -a greedy -H ff --show-path",
    )
    presets: ClassVar[Mapping[str, str]] = {"blocks": "@blocks", "gripper": "@gripper"}
    algorithms = (
        "astar", "greedy", "greedy-preferred", "ehc", "weighted-astar", "bfs",
        "uniform-cost", "ida", "rbfs", "best-first", "iterative-deepening", "dfs",
        "hill-climbing",
    )  # fmt: skip
    """The searches a plan is found by (the population and annealing walks need
    random states, which a planning task does not draw)."""
    default_algorithm = "astar"
    heuristics: ClassVar[Registry[HeuristicSpec]] = Registry("heuristic", _fill)
    default_heuristic = "lmcut"
    decodes = False
    sources = (
        "searchlab.domains.planning.grounding.ground",
        "searchlab.domains.planning.heuristics.lm_cut",
    )

    def parse(self, text: str) -> PlanningStart:
        from searchlab.domains.planning.examples import example_paths

        body = text.strip()
        if not body:
            raise InputError("give a task: DOMAIN.pddl:PROBLEM.pddl")
        if body.startswith("@"):
            return PlanningStart(*example_paths(body[1:]))
        domain, colon, problem = body.rpartition(":")
        if not colon or not domain:
            problem_path = named_file(body, "pddl", "start")
            return PlanningStart(problem_path.with_name("domain.pddl"), problem_path)
        return PlanningStart(
            named_file(domain, "pddl", "start"), named_file(problem, "pddl", "start")
        )

    def task_of(self, start: PlanningStart) -> Any:
        from searchlab.domains.planning.problem import load_task

        try:
            return load_task(start.domain, start.problem)
        except InputError as error:
            raise error.about("start") from None

    def check(self, request: SearchRequest) -> None:
        self.task_of(request.start)

    def problem(self, request: SearchRequest) -> Any:
        from searchlab.domains.planning.problem import PlanningProblem

        return PlanningProblem(self.task_of(request.start))

    def heuristic(self, request: SearchRequest, problem: Any) -> Heuristic[Any] | None:
        h = super().heuristic(request, problem)
        helpful = getattr(h, "helpful", None)
        if helpful is not None:  # preferred operators, by move name (enforced hill climbing)
            ops = problem.task.operators
            problem.helpful = lambda state: frozenset(ops[n].name for n in helpful(state))
        return h

    def encode_start(self, start: Any) -> Any:
        return str(start)

    def start_state(self, start: Any) -> Any:
        return None

    def encode(self, state: Any) -> Any:
        return state if not isinstance(state, int) else hex(state)

    def format_state(self, problem: Any, state: int) -> str:
        return " ".join(problem.true_facts(state))

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        """The facts the state holds, one a line."""
        if problem is None or not isinstance(state, int):
            return Text(str(state))
        return Text("\n".join(problem.true_facts(state)))

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        return [("start", str(start), None)]


PLANNING = PlanningDomain()
