"""``searchlab schedule``: the shortest schedule of tasks on identical processors,
found by best-first search in Bratko's state space (§12.3)."""

from __future__ import annotations

import sys
from typing import Any

import click

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.cli.main import print_json
from searchlab.cli.output import console, interactive, progress
from searchlab.core.events import Expand
from searchlab.core.limits import Limits
from searchlab.domains.scheduling import (
    COST_OPTIMAL,
    Instance,
    Solved,
    example_instance,
    gantt,
    load_instance,
    parse_instance,
    solve,
)

LIMIT_EXIT = 3  # a limit stopped the search (as `searchlab puzzle solve`)
OPTIMAL = ", ".join(sorted(COST_OPTIMAL))


def elapsed(seconds: float) -> str:
    """A duration as a person reads it: milliseconds below a second, else seconds."""
    return f"{seconds * 1000:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


EXAMPLE_TITLE = "Bratko's example (§12.3): 7 tasks on 3 processors"


def _describe(instance: Instance) -> str:
    tasks = len(instance.tasks)
    m = instance.processors
    return f"{tasks} task{'s' * (tasks != 1)} on {m} processor{'s' * (m != 1)}"


def _solve(
    instance: Instance, algorithm: str, weight: float, limits: Limits, quiet: bool
) -> Solved:
    """Solve, counting expanded states on a progress display when a person watches."""
    if quiet or not interactive():
        return solve(instance, algorithm, weight=weight, limits=limits)
    with progress("searching schedules (states expanded)", None) as bar:

        def observer(event: object) -> None:
            if isinstance(event, Expand):
                bar.advance()

        return solve(instance, algorithm, weight=weight, limits=limits, observer=observer)


def render(solved: Solved, title: str) -> str:
    """The text report: title, Gantt chart, tasks per processor, finishing time, stats."""
    lines = [title]
    result = solved.result
    stats = result.stats
    if solved.schedule is None:
        lines.append(f"no schedule found: the search stopped ({result.limit or result.status})")
    else:
        schedule = solved.schedule
        lines += ["", gantt(schedule), ""]
        for index, row in enumerate(schedule.processors, start=1):
            placed = ", ".join(f"{s.task} {s.start:g}-{s.end:g}" for s in row) or "(idle)"
            lines.append(f"P{index}: {placed}")
        if schedule.idle:
            used = len(schedule.processors)
            more = f"P{used + 1}" if schedule.idle == 1 else f"P{used + 1}-P{used + schedule.idle}"
            lines.append(f"{more}: (idle: more processors than tasks)")
        claim = (
            "optimal"
            if solved.optimal
            else "not guaranteed optimal with this algorithm; use astar for the optimum"
        )
        lines += ["", f"finishing time {schedule.finishing_time:g} ({claim})"]
    lines.append(
        f"{solved.algorithm}: expanded {stats.expanded}, generated {stats.generated}, "
        f"frontier peak {stats.max_frontier}, {elapsed(stats.seconds)}"
    )
    return "\n".join(lines)


def to_json(solved: Solved) -> dict[str, Any]:
    """The --json object: finishing time, per-processor slots, stats, and how it was found."""
    schedule = solved.schedule
    return {
        "finishing_time": None if schedule is None else schedule.finishing_time,
        "processors": None if schedule is None else schedule.to_dict()["processors"],
        "idle_processors": None if schedule is None else schedule.idle,
        "stats": solved.result.stats.to_dict(),
        "status": str(solved.result.status),
        "limit": solved.result.limit,
        "algorithm": solved.algorithm,
        "optimal": solved.optimal and schedule is not None,
        "instance": solved.instance.to_dict(),
    }


@click.command(
    epilog="""\b
File format (JSON, or TOML with one [tasks.NAME] table per task):
  {"processors": 3,
   "tasks": {"t1": {"duration": 4, "after": []},
             "t4": {"duration": 20, "after": ["t1"]}}}
"after" lists the tasks that must finish before this one starts.

\b
Examples:
  searchlab schedule --example
  searchlab schedule tasks.toml --json
  searchlab schedule tasks.json --algorithm greedy"""
)
@click.argument("file", required=False, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--example", is_flag=True, help="Solve Bratko's 7-task example (optimum 24).")
@click.option(
    "--algorithm",
    "-a",
    default="astar",
    show_default=True,
    metavar="A",
    help="Search algorithm: "
    + ", ".join(ALGORITHMS)
    + f". Only {OPTIMAL} promise the optimum (bfs counts steps, not time).",
)
@click.option(
    "--weight",
    type=float,
    default=1.5,
    show_default=True,
    metavar="W",
    help="For weighted-astar: f = g + W·h (W > 1 trades the optimum for speed).",
)
@click.option("--max-expanded", type=int, metavar="N", help="Stop after expanding N states.")
@click.option("--max-seconds", type=float, metavar="S", help="Stop after S seconds.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def schedule(
    file: str | None,
    example: bool,
    algorithm: str,
    weight: float,
    max_expanded: int | None,
    max_seconds: float | None,
    as_json: bool,
) -> None:
    """Schedule tasks with durations and precedences on identical processors so that
    the last one finishes as early as possible.

    Reads FILE (JSON or TOML; `-` for standard input) or, with --example, Bratko's
    example. Searches Bratko's state space (the processor that frees first either
    starts a ready task or waits for the next one to free) with A* and Bratko's
    admissible heuristic, then prints the schedule as a Gantt chart, one row per
    processor, and its finishing time. Exit status 3 if --max-expanded or
    --max-seconds stops the search first. The search grows fast with the number of
    tasks (a dozen is easy, a few dozen may not finish): bound it with a limit.

    --json: {"finishing_time", "processors": [[{"task", "start", "end"}, ...], ...],
    "idle_processors", "stats", "status", "limit", "algorithm", "optimal",
    "instance"}: one row per processor used (processors beyond the number of tasks
    stay idle and are only counted).
    """
    if (file is None) == (not example):
        raise click.UsageError("give a FILE or --example (one of them, not both)")
    if example:
        instance, title = example_instance(), EXAMPLE_TITLE
    elif file == "-":
        instance = parse_instance(sys.stdin.read())
        title = f"standard input: {_describe(instance)}"
    else:
        assert file is not None
        instance = load_instance(file)
        title = f"{file}: {_describe(instance)}"
    limits = Limits(max_expanded=max_expanded, max_seconds=max_seconds)
    solved = _solve(instance, algorithm, weight, limits, quiet=as_json)
    if as_json:
        print_json(to_json(solved))
    else:
        click.echo(render(solved, title))
    if solved.schedule is None:
        sys.exit(LIMIT_EXIT if solved.result.limit else 1)


def tour_schedule() -> None:
    """The tour's stop: Bratko's example solved by A*, drawn, and what it shows."""
    solved = solve(example_instance())
    out = console()
    out.print(
        "Seven tasks on three processors; t4 and t5 (20 units each) wait for the short "
        "tasks t1-t3. A* searches Bratko's space: the processor that frees first starts "
        "a ready task or waits; h = (waiting work + committed time) / m - finish.\n",
        markup=False,
    )
    out.print(render(solved, EXAMPLE_TITLE), markup=False, highlight=False)
    out.print(
        "The book's optimum is 24. P3 stays idle from 2 to 4 although t7 is ready, "
        "keeping itself for t5: a schedule that never waits while a task is ready "
        "cannot finish before 33, so the idle move of Bratko's space is essential.",
        markup=False,
    )
