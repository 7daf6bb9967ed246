"""``searchlab pddl DOMAIN.pddl PROBLEM.pddl`` (or ``searchlab pddl DIR/``): plan with
any algorithm of the engine and the planning heuristics, the planning domain's search
(``searchlab.domains.planning``) with the plan printed one action a line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from searchlab.cli.domains import Reporting, _trace, search_options, solve_request
from searchlab.cli.options import apply, max_memory_option
from searchlab.cli.report import bounded, exit_status, figures, print_document, wrap
from searchlab.core.errors import InputError
from searchlab.domains.planning.domain import PLANNING


def _tasks(first: Path, second: Path | None) -> list[tuple[Path, Path]]:
    """The (domain, problem) pairs the arguments name."""
    if second is not None:
        return [(first, second)]
    if first.is_dir():
        domain = first / "domain.pddl"
        if not domain.is_file():
            raise InputError(f"no domain.pddl in the folder {first}")
        problems = sorted(p for p in first.glob("*.pddl") if p.name != "domain.pddl")
        if not problems:
            raise InputError(f"no problem file (*.pddl) in the folder {first}")
        return [(domain, problem) for problem in problems]
    if first.is_file():
        return [(first.with_name("domain.pddl"), first)]
    raise InputError(f"no file or folder {first}")


def write_plan(path: Path, moves: list[str]) -> None:
    """The plan as a plan file (one action a line, as VAL reads it), written whole."""
    from searchlab.core.outfile import atomic

    with atomic(path) as temporary:
        lines = [*moves, f"; cost = {len(moves)} (unit cost)"]
        temporary.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


@click.command(
    "pddl",
    short_help="Plan: search a PDDL domain and problem with any algorithm and heuristic.",
)
@click.argument("first", metavar="DOMAIN.pddl|DIR", type=click.Path(path_type=Path))
@click.argument("second", metavar="[PROBLEM.pddl]", required=False, type=click.Path(path_type=Path))
@apply(search_options(PLANNING))
@click.option(
    "--plan-out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the plan to FILE, one action a line (a plan file VAL reads).",
)
@max_memory_option()
def pddl(first: Path, second: Path | None, plan_out: Path | None, **kwargs: Any) -> None:
    """Find a plan for the PDDL problem PROBLEM.pddl of the domain DOMAIN.pddl (STRIPS
    with :typing, :equality, :negative-preconditions and constants; any other
    requirement is refused by its name). With a folder DIR, its domain.pddl and each
    other *.pddl file in it, in order. The task is grounded by relaxed reachability;
    every algorithm of `searchlab algorithms` searches it (default astar), with the
    heuristics goal-count, hmax, hadd, ff, landmarks and lmcut (default; hmax and
    lmcut never overestimate, so A* finds a shortest plan with them), and ehc
    (enforced hill climbing) with any of them.

    The plan is printed one action a line, as `(action arg …)`; --plan-out FILE writes
    it as a plan file. --show-path lists the facts of every state. Exit status: 0
    solved, 1 no plan, 2 bad input, 3 a limit stopped it first (with a folder: the
    largest over its tasks). --json: one document a task (docs/json.md).

    \b
    Examples:
      searchlab pddl domain.pddl task01.pddl
      searchlab pddl blocks/ -a greedy -H ff --max-seconds 10
      searchlab pddl gripper/domain.pddl gripper/task01.pddl -a bfs --plan-out plan.txt
    """
    tasks = _tasks(first, second)
    if plan_out is not None and len(tasks) > 1:
        raise InputError("--plan-out writes one plan: give one problem, not a folder")
    reporting = Reporting.take(kwargs)
    if reporting.one_by_one:
        raise InputError("--all, --solutions and --next are for solve: a plan is one solution")
    if reporting.trace_out is not None and len(tasks) > 1:
        raise InputError("--trace-out writes one search: give one problem, not a folder")
    worst = 0
    for domain_path, problem_path in tasks:
        if len(tasks) > 1 and not reporting.as_json:
            click.echo(f"== {problem_path}")
        try:
            request = solve_request(
                PLANNING,
                f"{domain_path}:{problem_path}",
                dict(kwargs),
                observed=reporting.trace_out is not None,
            )
            with _trace(PLANNING, reporting.trace_out) as observer:
                result = PLANNING.search(request, observer)
        except InputError as error:
            if len(tasks) == 1:
                raise
            from searchlab.cli.main import phrase

            click.echo(f"searchlab: {phrase(error)}", err=True)
            worst = max(worst, 2)
            continue
        moves = [str(move) for move in result.moves]
        if reporting.as_json:
            document = bounded(PLANNING.document(request, result), show_path=reporting.show_path)
            facts = PLANNING.problem(request).true_facts  # states as their true facts
            document["path"] = [facts(state) for state in result.path]
            document["final"] = facts(result.path[-1]) if result.path else None
            document["plan"] = moves
            print_document(document)
        else:
            click.echo(wrap(PLANNING.describe(request, result)))
            for move in moves if result.solved else ():
                click.echo(move)
            click.echo(figures(result.stats))
            if reporting.show_path:
                problem = PLANNING.problem(request)
                for step, state in enumerate(result.path):
                    click.echo(f"--- state {step}: " + " ".join(problem.true_facts(state)))
        if plan_out is not None and result.solved:
            write_plan(plan_out, moves)
        worst = max(worst, exit_status(result.status))
    sys.exit(worst)
