"""Planning: the planning heuristics over a suite of PDDL tasks

Coverage (tasks solved within the limits), states expanded and time per heuristic,
one search algorithm (default A*) over every task of a suite: the small tasks shipped
with searchlab, or a folder given by --suite (domain.pddl and one *.pddl a task, or a
folder of such folders, as pyperplan's benchmarks are laid out).

Breadth-first search runs every task too, as the blind reference: 'shortest' counts
the plans as short as its own (A* with hmax or lmcut must find only those), 'both'
the tasks both solved.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.domains.planning.domain import PLANNING
from searchlab.domains.planning.examples import NAMES, example_paths
from searchlab.experiments.base import (
    SEARCH_RESULT,
    Experiment,
    Parameters,
    count_option,
    fixed,
    names_option,
    search_outcome,
)
from searchlab.experiments.report import Report, mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "planning"
BUILT_IN = "built-in"
"""The suite of the tasks shipped with searchlab (``searchlab.domains.planning.examples``)."""
BLIND = "bfs"
"""The reference every task is searched by too: breadth-first, shortest plans."""
INFORMED = ("astar", "greedy", "greedy-preferred", "ehc", "weighted-astar", "ida", "rbfs")
"""The planning domain's searches that take a heuristic, the experiment's choices."""

SUITE = Option(
    "suite",
    "text",
    f"the tasks: a folder of domain.pddl and one *.pddl a task, a folder of such "
    f"folders, or {BUILT_IN} (the small tasks shipped with searchlab)",
    default=BUILT_IN,
    metavar="DIR",
)
HEURISTIC = names_option(
    "heuristic",
    PLANNING.heuristics,
    "the heuristics compared",
    default="goal-count,hmax,hadd,ff,landmarks,lmcut",
)
ALGORITHM = Option(
    "algorithm",
    "choice",
    "the search each heuristic guides",
    default="astar",
    choices=INFORMED,
)
TASKS = count_option(
    "tasks", "the first T tasks of each domain of the suite, by file name", default=1000,
    high=100_000, metavar="T",
)  # fmt: skip
MAX_EXPANDED = count_option(
    "max_expanded", "a search's limit on states expanded", default=200_000, high=10**9,
    metavar="N",
)  # fmt: skip
MAX_SECONDS = Option(
    "max_seconds",
    "float",
    "a search's limit in seconds (a search it stops counts as unsolved)",
    default=60.0,
    low=0.01,
    high=86_400.0,
    metavar="S",
)


def suite_tasks(suite: str) -> list[tuple[Path, Path]]:
    """The (domain file, problem file) pairs of a suite, domain by domain, in name order.

    Raises:
        InputError: (field ``suite``) if the folder is missing or holds no task.
    """
    if suite == BUILT_IN:
        return [example_paths(name) for name in NAMES]
    folder = Path(suite)
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise InputError(f"the suite folder {suite} {what}", field="suite")
    domains = [folder] if (folder / "domain.pddl").is_file() else sorted(
        child for child in folder.iterdir() if (child / "domain.pddl").is_file()
    )  # fmt: skip
    pairs = [
        (domain / "domain.pddl", problem)
        for domain in domains
        for problem in sorted(domain.glob("*.pddl"))
        if problem.name != "domain.pddl"
    ]
    if not pairs:
        raise InputError(
            f"the suite {suite} holds no task (a domain.pddl and *.pddl tasks, in it or in "
            "its folders)",
            field="suite",
        )
    return pairs


def check(parameters: Parameters) -> Parameters:
    if not parameters["heuristic"]:
        raise InputError("choose at least one heuristic", field="heuristic")
    suite = str(parameters["suite"]).strip() or BUILT_IN
    if suite != BUILT_IN:
        suite_tasks(suite)  # refused now, before any work
        suite = str(Path(suite).resolve())  # workers may start elsewhere
    return {
        "suite": suite,
        "heuristic": list(dict.fromkeys(parameters["heuristic"])),
        "algorithm": parameters["algorithm"],
        "tasks": parameters["tasks"],
        "max_expanded": parameters["max_expanded"],
        "max_seconds": parameters["max_seconds"],
        "seed": parameters["seed"],
    }


def _label(problem: Path) -> str:
    return f"{problem.parent.name}/{problem.stem}"


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    """One trial per task and heuristic, and one breadth-first search per task."""
    kept: dict[str, int] = {}
    out = []
    for domain, problem in suite_tasks(parameters["suite"]):
        kept[str(domain)] = kept.get(str(domain), 0) + 1
        if kept[str(domain)] > parameters["tasks"]:
            continue
        searches = [(BLIND, "-")] + [(parameters["algorithm"], h) for h in parameters["heuristic"]]
        for algorithm, heuristic in searches:
            out.append(
                {
                    "experiment": NAME,
                    "task": _label(problem),
                    "domain": str(domain),
                    "problem": str(problem),
                    "algorithm": algorithm,
                    "heuristic": heuristic,
                    "max_expanded": parameters["max_expanded"],
                    "max_seconds": parameters["max_seconds"],
                }
            )
    return out


REFUSED = "refused"
"""A trial's status when its task cannot be read (a requirement not supported, say)."""
RESULT = SEARCH_RESULT
"""A trial's result fields and their kinds: one search's."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One task searched by one (algorithm, heuristic) within the limits (runs in a
    worker; the ground task is cached there while its files are unchanged)."""
    from searchlab.core.limits import Limits

    try:
        request = PLANNING.request(
            f"{spec['domain']}:{spec['problem']}",
            algorithm=spec["algorithm"],
            heuristic=None if spec["heuristic"] == "-" else spec["heuristic"],
            limits=Limits(max_expanded=spec["max_expanded"], max_seconds=spec["max_seconds"]),
        )
    except InputError:  # a task searchlab cannot read: unsolved, and said so in its row
        return {"status": REFUSED, "length": None, "expanded": 0, "generated": 0,
                "seconds": 0.0}  # fmt: skip
    return search_outcome(PLANNING.search(request))


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per heuristic (and breadth-first's): tasks solved, plans as short as
    breadth-first's, tasks it could not read, mean states expanded and mean seconds over
    the tasks it solved."""
    blind: dict[str, int | None] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        if spec["algorithm"] == BLIND:
            blind[spec["task"]] = result["length"]
    groups: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        name = "breadth-first" if spec["algorithm"] == BLIND else spec["heuristic"]
        groups.setdefault(name, []).append((spec, result))
    rows = []
    for name, group in groups.items():
        solved = [(spec, result) for spec, result in group if result["length"] is not None]
        both = [(s, r) for s, r in solved if blind[s["task"]] is not None]
        admissible = "-" if name == "breadth-first" else (
            "yes" if PLANNING.heuristics[name].admissible else "no"
        )  # fmt: skip
        seconds = mean([r["seconds"] for _, r in solved])
        rows.append(
            {
                "heuristic": name,
                "admissible": admissible,
                "tasks": len(group),
                "solved": len(solved),
                "unreadable": sum(result["status"] == REFUSED for _, result in group),
                "both": len(both),
                "shortest": sum(r["length"] == blind[s["task"]] for s, r in both),
                "mean_expanded": mean([r["expanded"] for _, r in solved]),
                "mean_length": mean([r["length"] for _, r in solved]),
                "ms_per_task": None if seconds is None else 1000 * seconds,
            }
        )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Coverage, and mean states expanded over the tasks solved, a bar a heuristic."""
    from searchlab.experiments.plotting import figure, finish, ranked, titled

    chart, (left, middle, right) = figure(12.0, 3.6, columns=3)
    names = [row["heuristic"] for row in report.rows]
    places = list(range(len(names)))
    left.barh(places, [row["solved"] for row in report.rows])
    left.set_yticks(places, names, fontsize=8)
    left.invert_yaxis()
    finish(left, xlabel="tasks solved", xlim=(0, max(row["tasks"] for row in report.rows)))
    for axes, key, label in (
        (middle, "mean_expanded", "states expanded (mean over solved)"),
        (right, "ms_per_task", "ms per task (mean over solved)"),
    ):
        axes.barh(places, [row[key] or 0 for row in report.rows])
        ranked(axes, names, label)
    return titled(chart, "Planning heuristics with {algorithm} on the {suite} suite", report)


EXPERIMENT = Experiment.of_module(
    __name__,
    domain="planning",
    unit="searches",
    title="Planning heuristics: {algorithm} on the {suite} suite",
    examples=(
        "--plot planning.svg",
        "--suite ../shared/pddl/gripper --heuristic hmax,lmcut --tasks 3",
        "--suite ../shared/pddl --algorithm greedy --heuristic ff,landmarks --max-seconds 60",
    ),
    options=(SUITE, HEURISTIC, ALGORITHM, TASKS, MAX_EXPANDED, MAX_SECONDS),
    headers={"ms_per_task": "ms/task", "mean_length": "plan length"},
    formats={"ms_per_task": fixed(1), "mean_expanded": fixed(0), "mean_length": fixed(1)},
    chunk=1,
    order=65,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
