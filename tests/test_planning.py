"""Classical planning (searchlab.domains.planning, `searchlab pddl`): every plan found is
checked by a validator written here from the PDDL text alone (the ``pddl`` package's
own parse, each action applied lifted: its precondition on the real state, its effects,
then the goal), never by the planner's grounding."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from pddl.logic.base import And, Not
from pddl.logic.predicates import EqualTo, Predicate
from pddl.parser.domain import DomainParser
from pddl.parser.problem import ProblemParser

from searchlab.algorithms.registry import run_algorithm
from searchlab.domains.planning.domain import PLANNING
from searchlab.domains.planning.problem import HEURISTICS, PlanningProblem, load_task

SUITE = Path("/work/shared/pddl")
if not SUITE.is_dir():  # the shared suite, else the two tasks the package ships
    SUITE = Path(__file__).parents[1] / "src/searchlab/domains/planning/tasks"
DOMAINS = sorted(p.name for p in SUITE.iterdir() if (p / "domain.pddl").is_file())
Atom = tuple[str, ...]


def _holds(formula: Any, binding: dict[str, str], state: set[Atom]) -> bool:
    def name(term: Any) -> str:
        return binding.get(str(term.name), str(term.name))

    if isinstance(formula, And):
        return all(_holds(part, binding, state) for part in formula.operands)
    if isinstance(formula, Not):
        return not _holds(formula.argument, binding, state)
    if isinstance(formula, EqualTo):
        return name(formula.left) == name(formula.right)
    assert isinstance(formula, Predicate), formula
    return (str(formula.name), *(name(t) for t in formula.terms)) in state


def _effects(formula: Any, binding: dict[str, str]) -> tuple[set[Atom], set[Atom]]:
    adds: set[Atom] = set()
    deletes: set[Atom] = set()
    parts = formula.operands if isinstance(formula, And) else (formula,)
    for part in parts:
        target = deletes if isinstance(part, Not) else adds
        atom = part.argument if isinstance(part, Not) else part
        target.add((str(atom.name), *(binding.get(str(t.name), str(t.name)) for t in atom.terms)))
    return adds, deletes


@functools.cache
def _parsed(domain_file: Path, problem_file: Path) -> tuple[Any, Any]:
    text = domain_file.read_text().lower()
    if "(:types" in text and ":typing" not in text:  # IPC's miconic uses types undeclared
        text = text.replace("(:requirements", "(:requirements :typing", 1)
    return DomainParser()(text), ProblemParser()(problem_file.read_text().lower())


def validate(domain_file: Path, problem_file: Path, plan: list[str]) -> None:
    """Fail unless ``plan`` (``(action arg …)`` each) is a valid plan for the task."""
    domain, problem = _parsed(domain_file, problem_file)
    actions = {str(action.name): action for action in domain.actions}
    state = {(str(a.name), *(str(t.name) for t in a.terms)) for a in problem.init}
    for step, text in enumerate(plan):
        name, *args = text.strip("()").split()
        action = actions[name]
        assert len(args) == len(action.parameters), text
        binding = {str(v.name): arg for v, arg in zip(action.parameters, args, strict=True)}
        assert _holds(action.precondition, binding, state), f"step {step}: {text} not applicable"
        adds, deletes = _effects(action.effect, binding)
        state = (state - deletes) | adds
    assert _holds(problem.goal, {}, state), "the plan does not reach the goal"


def _search(domain: str, task: str, algorithm: str, heuristic: str | None) -> Any:
    problem = PlanningProblem(load_task(SUITE / domain / "domain.pddl", SUITE / domain / task))
    h = HEURISTICS[heuristic][2](problem.task) if heuristic else None
    return run_algorithm(algorithm, problem, h, admissible=True, unit_costs=True)


@pytest.mark.parametrize("domain", DOMAINS)
def test_plans_of_the_first_tasks_are_valid(domain: str) -> None:
    for task in ("task01.pddl", "task02.pddl", "task03.pddl"):
        if not (SUITE / domain / task).is_file():
            continue
        result = _search(domain, task, "greedy", "ff")
        assert result.solved
        validate(SUITE / domain / "domain.pddl", SUITE / domain / task, list(result.moves))


@pytest.mark.parametrize("domain", ["blocks", "gripper", "miconic"])
def test_optimal_lengths_agree(domain: str) -> None:
    """A* with LM-cut and with h_max, and breadth-first, find plans of one length."""
    if domain not in DOMAINS:
        pytest.skip("the shared suite is not here")
    lengths = {
        (algorithm, heuristic): _search(domain, "task01.pddl", algorithm, heuristic).length
        for algorithm, heuristic in (("astar", "lmcut"), ("astar", "hmax"), ("bfs", None))
    }
    assert len(set(lengths.values())) == 1, lengths


def test_every_heuristic_and_ehc_solve_a_task_validly() -> None:
    domain_file, problem_file = SUITE / "blocks/domain.pddl", SUITE / "blocks/task01.pddl"
    for heuristic in HEURISTICS:
        for algorithm in ("astar", "greedy", "ehc", "greedy-preferred"):
            result = _search("blocks", "task01.pddl", algorithm, heuristic)
            assert result.solved, (algorithm, heuristic)
            validate(domain_file, problem_file, list(result.moves))


def test_admissible_heuristics_never_exceed_the_optimum_along_a_plan() -> None:
    problem = PlanningProblem(
        load_task(SUITE / "gripper/domain.pddl", SUITE / "gripper/task01.pddl")
    )
    plan = _search("gripper", "task01.pddl", "bfs", None)
    for name in ("hmax", "lmcut"):
        h = HEURISTICS[name][2](problem.task)
        for remaining, state in enumerate(reversed(plan.path)):
            assert h(state) <= remaining


def test_the_command_prints_and_writes_a_valid_plan(tmp_path: Path, run_cli: RunCli) -> None:
    plan_file = tmp_path / "plan.txt"
    domain_file, problem_file = SUITE / "gripper/domain.pddl", SUITE / "gripper/task01.pddl"
    run = run_cli("pddl", str(domain_file), str(problem_file), "-a", "astar", "-H", "lmcut",
                 "--plan-out", str(plan_file))  # fmt: skip
    assert run.code == 0, run.stderr
    printed = [line for line in run.stdout.splitlines() if line.startswith("(")]
    written = [line for line in plan_file.read_text().splitlines() if not line.startswith(";")]
    assert printed == written
    validate(domain_file, problem_file, written)
    assert "shortest" in run.stdout


def test_a_folder_is_each_of_its_tasks(tmp_path: Path, run_cli: RunCli) -> None:
    for name in ("domain.pddl", "task01.pddl", "task02.pddl"):
        (tmp_path / name).write_text((SUITE / "blocks" / name).read_text())
    run = run_cli("pddl", str(tmp_path), "-H", "ff", "-a", "greedy")
    assert run.code == 0 and run.stdout.count("== ") == 2


def test_the_domain_runs_through_the_request_builder() -> None:
    request = PLANNING.request("blocks", algorithm="astar", heuristic="h_max")
    result = PLANNING.search(request)
    assert result.solved and result.optimal and request.heuristic == "hmax"


DOMAIN = """(define (domain d) (:requirements {req}) (:predicates (p ?x) (q ?x))
 (:action a :parameters (?x) :precondition (p ?x) :effect (and (q ?x) (not (p ?x)))))"""
PROBLEM = "(define (problem t) (:domain d) (:objects o) (:init (p o)) (:goal (q o)))"


@pytest.mark.parametrize(
    ("domain", "problem", "says"),
    [
        (DOMAIN.format(req=":strips :conditional-effects"), PROBLEM, ":conditional-effects"),
        (DOMAIN.format(req=":strips")[:-3], PROBLEM, "syntax error"),
        (DOMAIN.format(req=":strips").replace("(p ?x) :effect", "(r ?x) :effect"), PROBLEM,
         "undefined predicate r"),
        (DOMAIN.format(req=":strips"), None, "no problem file"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_status_2(
    tmp_path: Path, run_cli: RunCli, domain: str, problem: str | None, says: str
) -> None:
    (tmp_path / "domain.pddl").write_text(domain)
    if problem is not None:
        (tmp_path / "p.pddl").write_text(problem)
    run = run_cli("pddl", str(tmp_path / "domain.pddl"), str(tmp_path / "p.pddl"))
    assert run.code == 2
    assert says in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_an_unreachable_goal_has_no_plan(tmp_path: Path, run_cli: RunCli) -> None:
    (tmp_path / "domain.pddl").write_text(DOMAIN.format(req=":strips"))
    (tmp_path / "p.pddl").write_text(PROBLEM.replace("(:init (p o))", "(:init)"))
    run = run_cli("pddl", str(tmp_path / "domain.pddl"), str(tmp_path / "p.pddl"), "-a", "bfs")
    assert run.code == 1, run.stdout + run.stderr


def test_helpful_actions_are_applicable_moves_of_a_relaxed_plan() -> None:
    request = PLANNING.request("gripper", algorithm="greedy-preferred", heuristic="ff")
    problem = PLANNING.problem(request)
    h = PLANNING.heuristic(request, problem)
    assert h is not None and problem.helpful is not None
    applicable = {move for move, _, _ in problem.successors(problem.initial)}
    helpful = problem.helpful(problem.initial)
    assert helpful and helpful <= applicable and len(helpful) <= h(problem.initial)
    result = PLANNING.search(request)
    assert result.solved


def test_json_writes_states_as_their_true_facts(run_cli: RunCli) -> None:
    import json

    run = run_cli("pddl", str(SUITE / "blocks/task01.pddl"), "-a", "bfs", "--json")
    document = json.loads(run.stdout)
    assert run.code == 0 and document["plan"] == document["moves"]
    assert "(handempty)" in document["path"][0] and document["final"] == document["path"][-1]
