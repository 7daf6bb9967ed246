"""CSP variants: BT, MRV, FC, FC+MRV, MAC, min-conflicts (AIMA Fig. 5.5)

The textbook's comparison of backtracking variants on constraint satisfaction.

AIMA (2nd ed., Fig. 5.5, after Bacchus & van Run 1995) sets simple backtracking,
backtracking with MRV, forward checking, FC + MRV and min-conflicts side by side by the
consistency checks each needs: on the USA map (four colours), on every N-queens from
n = 2 to 50 (summed), on the Zebra puzzle and two random CSPs. Its finding is an
order: FC + MRV beats the other backtracking variants everywhere, MRV and forward
checking each help on their own (which more depends on the problem), plain
backtracking is hopeless on the larger problems, and min-conflicts wins on N-queens.

This experiment runs the same variants (and MAC) on N-queens (the sum over a range of
n, as the book does), the 48 contiguous US states with four colours, Australia with
three, and a set of Sudokus, through the registered domains and the CSP engine, and
reports consistency checks and time beside the book's figures. Each search stops at
``max_expanded`` nodes (min-conflicts at ``max_steps`` steps): a problem that hits it
is reported with ">", as the book writes the runs it gave up on. Min-conflicts makes
random choices: its figure is the median of ``runs`` runs, each with its own seed.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from searchlab.core.errors import InputError
from searchlab.core.limits import MAX_EXPANDED, Limits
from searchlab.core.options import Option
from searchlab.core.seeds import trial_seed
from searchlab.experiments.base import Experiment, Parameters, count_option, names_option
from searchlab.experiments.report import Report

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "csp"

VARIANTS: dict[str, dict[str, str]] = {
    "bt": {"variable_order": "static", "inference": "none"},
    "bt+mrv": {"variable_order": "mrv", "inference": "none"},
    "fc": {"variable_order": "static", "inference": "fc"},
    "fc+mrv": {"variable_order": "mrv", "inference": "fc"},
    "mac": {"variable_order": "static", "inference": "mac"},
    "mac+mrv": {"variable_order": "mrv", "inference": "mac"},
    "bt+cbj": {"variable_order": "static", "inference": "none", "backtrack": "cbj"},
    "fc+mrv+cbj": {"variable_order": "mrv", "inference": "fc", "backtrack": "cbj"},
    "fc+mrv+lcv": {"variable_order": "mrv", "inference": "fc", "value_order": "lcv"},
    "min-conflicts": {},
}
LABELS = {
    "bt": "BT",
    "bt+mrv": "BT+MRV",
    "fc": "FC",
    "fc+mrv": "FC+MRV",
    "mac": "MAC",
    "mac+mrv": "MAC+MRV",
    "bt+cbj": "BT+CBJ",
    "fc+mrv+cbj": "FC+MRV+CBJ",
    "fc+mrv+lcv": "FC+MRV+LCV",
    "min-conflicts": "min-conflicts",
}
PROBLEMS = ("queens", "usa", "australia", "sudoku")

TEXTBOOK: dict[str, dict[str, str]] = {
    # AIMA 2nd ed., Fig. 5.5: median consistency checks ("(> …)": no answer within them),
    # transcribed from the book's table (docs/csp.md)
    "usa": {
        "bt": "> 1,000K",
        "bt+mrv": "> 1,000K",
        "fc": "2K",
        "fc+mrv": "60",
        "min-conflicts": "64",
    },
    "queens": {
        "bt": "> 40,000K",
        "bt+mrv": "13,500K",
        "fc": "> 40,000K",
        "fc+mrv": "817K",
        "min-conflicts": "4K",
    },
}

SUDOKU_SET = 12
"""The Sudoku set: the domain's easy and hard puzzles and this many random 9×9 ones
(drawn with the experiment's seed, 60 % of their cells blank)."""

PROBLEM = names_option(
    "problem",
    PROBLEMS,
    "problems: queens (every n of --size, summed), usa (the 48 states, 4 colours), "
    "australia (3 colours), sudoku (a set of 9×9 puzzles)",
    default=",".join(PROBLEMS),
    metavar="P[,...]",
)
VARIANT = names_option(
    "variant",
    VARIANTS,
    "the variants compared",
    default="bt,bt+mrv,fc,fc+mrv,mac+mrv,min-conflicts",
    metavar="V[,...]",
)
SIZE = Option(
    "size",
    "int",
    "the N-queens boards, summed as the book does",
    default="4..30",
    low=1,
    high=200,
    metavar="N[,...]",
    many=True,
)
# The engine's own limit, with this grid's default and a smaller cap (a grid runs many).
LIMIT = replace(
    MAX_EXPANDED,
    summary="give a backtracking search up after this many nodes (reported with >)",
    default=20_000,
    low=1,
    high=10**8,
)
MAX_STEPS = count_option(
    "max_steps",
    "give a min-conflicts run up after this many steps (reported with >)",
    default=2_000,
    high=10**7,
    metavar="K",
)
RUNS = count_option(
    "runs",
    "min-conflicts runs per problem (the median is reported)",
    default=5,
    high=1000,
    metavar="R",
)


def _instances(problem: str, parameters: Parameters) -> list[tuple[str, str, dict[str, Any]]]:
    """(domain, start, params) of every instance of a problem."""
    if problem == "queens":
        return [("queens-csp", str(n), {}) for n in parameters["size"]]
    if problem == "usa":
        return [("map-colouring", "usa", {"colours": 4})]
    if problem == "australia":
        return [("map-colouring", "australia", {"colours": 3})]
    from searchlab.domains.sudoku.grid import random_puzzle

    rng = random.Random(parameters["seed"])
    lines = ["easy", "hard"]
    lines += [random_puzzle(9, rng, 0.6).line() for _ in range(SUDOKU_SET)]
    return [("sudoku", line, {}) for line in lines]


def check(parameters: Parameters) -> Parameters:
    if not parameters["problem"]:
        raise InputError("name at least one problem", field="problem")
    return {
        key: parameters[key]
        for key in ("problem", "variant", "size", "max_expanded", "max_steps", "runs", "seed")
    }


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    out = []
    for problem in parameters["problem"]:
        instances = _instances(problem, parameters)
        for variant in parameters["variant"]:
            runs = parameters["runs"] if variant == "min-conflicts" else 1
            for run in range(runs):
                for index, (domain, start, params) in enumerate(instances):
                    out.append(
                        {
                            "experiment": NAME,
                            "problem": problem,
                            "variant": variant,
                            "run": run,
                            "index": index,
                            "domain": domain,
                            "start": start,
                            "params": params,
                            "max_expanded": parameters["max_expanded"],
                            "max_steps": parameters["max_steps"],
                            "seed": parameters["seed"],
                        }
                    )
    return out


RESULT = {
    "solved": "bool",
    "stopped": "bool",
    "checks": "count",
    "expanded": "count",
    "seconds": "number",
}
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One search of one instance (runs in a worker)."""
    from searchlab.domains.registry import get_domain

    domain = get_domain(spec["domain"])
    variant = spec["variant"]
    if variant == "min-conflicts":
        algorithm = "min-conflicts"
        options: dict[str, Any] = {"max_steps": spec["max_steps"]}
        seed: int | None = trial_seed(spec["seed"], spec["problem"], spec["run"], spec["index"])
        limits = Limits()
    else:
        algorithm, options, seed = "csp-backtracking", dict(VARIANTS[variant]), None
        limits = Limits(max_expanded=spec["max_expanded"])
    request = domain.request(
        spec["start"],
        algorithm=algorithm,
        options=options,
        params=spec["params"],
        seed=None if seed is None else seed % 2**53,
        limits=limits,
    )
    result = domain.search(request)
    return {
        "solved": result.solved,
        "stopped": result.limit is not None,
        "checks": result.stats.checks,
        "expanded": result.stats.expanded,
        "seconds": result.stats.seconds,
    }


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per (problem, variant): the checks and seconds summed over the problem's
    instances (median over the runs, for min-conflicts), whether any search was
    stopped, and the book's figure where it has one."""
    runs: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        runs.setdefault((spec["problem"], spec["variant"], spec["run"]), []).append(result)
    totals: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for (problem, variant, _), group in runs.items():
        totals.setdefault((problem, variant), []).append(
            {
                "checks": sum(r["checks"] for r in group),
                "seconds": sum(r["seconds"] for r in group),
                "solved": sum(1 for r in group if r["solved"]),
                "stopped": any(r["stopped"] for r in group),
                "instances": len(group),
            }
        )
    rows = []
    for (problem, variant), group in totals.items():
        rows.append(
            {
                "problem": problem,
                "variant": LABELS[variant],
                "instances": group[0]["instances"],
                "solved": int(statistics.median(r["solved"] for r in group)),
                "checks": int(statistics.median(r["checks"] for r in group)),
                "stopped": any(r["stopped"] for r in group),
                "seconds": statistics.median(r["seconds"] for r in group),
                "textbook": TEXTBOOK.get(problem, {}).get(variant, ""),
            }
        )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Checks per variant for each problem, log scale; hatched: some search stopped."""
    from searchlab.experiments.plotting import figure, finish, hatch, titled

    problems = list(dict.fromkeys(row["problem"] for row in report.rows))
    variants = list(dict.fromkeys(row["variant"] for row in report.rows))
    chart, axes = figure(9.0, 4.5)
    width = 0.8 / max(1, len(variants))
    colours = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b2", "#937860", "#da8bc3"]
    for v, variant in enumerate(variants):
        xs, heights, hatched = [], [], []
        for p, problem in enumerate(problems):
            row = next(
                (r for r in report.rows if r["problem"] == problem and r["variant"] == variant),
                None,
            )
            if row is None:
                continue
            xs.append(p + (v - (len(variants) - 1) / 2) * width)
            heights.append(max(1, row["checks"]))
            hatched.append(row["stopped"])
        bars = axes.bar(xs, heights, width, label=variant, color=colours[v % len(colours)])
        hatch(bars, hatched)
    finish(
        axes,
        yscale="log",
        xticks=list(range(len(problems))),
        xticklabels=problems,
        ylabel="consistency checks (log; hatched: stopped at the limit)",
        grid="y",
        which="major",
        legend={"fontsize": 8, "ncols": 3},
    )
    title = "Backtracking variants and min-conflicts (AIMA Fig. 5.5's comparison)"
    return titled(chart, title, report)


EXPERIMENT = Experiment.of_module(
    __name__,
    title="CSP solvers: consistency checks (sum over instances; seed {seed})",
    examples=(
        "",
        "--problem queens --size 4..20 --variant bt,fc+mrv,min-conflicts --plot csp.svg",
        "--problem sudoku --variant fc+mrv,mac+mrv,fc+mrv+cbj --json",
    ),
    domain=None,
    options=(PROBLEM, VARIANT, SIZE, LIMIT, MAX_STEPS, RUNS),
    headers={"seconds": "s", "textbook": "book's checks"},
    chunk=4,
    unit="searches",
    order=50,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
