"""min-conflicts repair on huge boards: steps, seconds

Min-conflicts repair on large N-queens boards: steps and seconds against n.

AIMA: from a good start, min-conflicts solves even a million queens in about 50 steps on
average; the steps hardly grow with n.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from searchlab.core.options import Option
from searchlab.core.seeds import trial_seed
from searchlab.domains.queens.engines import MAX_REPAIR_N
from searchlab.experiments.base import Experiment, Parameters, count_option, fixed
from searchlab.experiments.report import Report, mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "min-conflicts"

SIZES = Option(
    "size",
    "int",
    "board sizes n",
    default="1000,10000,100000",
    low=4,
    high=MAX_REPAIR_N,
    metavar="N[,...]",
    many=True,
)
TRIALS = count_option("trials", "runs per size", default=10, high=10**5, metavar="T")
MAX_STEPS = Option(
    "max_steps",
    "int",
    "give up a run after this many repairs",
    default=100_000,
    low=0,
    high=10**9,
    metavar="K",
)


RESULT = {"solved": "bool", "steps": "count", "seconds": "number"}
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One repair run (runs in a worker); the board itself is not kept: n can be 10^6.

    Always the generic engine: its steps are moves, the unit the claim counts (the
    kernel's are candidate swaps), so every n of a table is measured the same way."""
    from searchlab.domains.queens.repair import repair

    result = repair(
        spec["n"],
        engine="generic",
        seed=trial_seed(spec["seed"], spec["index"]),
        max_steps=spec["max_steps"],
    )
    return {
        "solved": bool(result.solved),
        "steps": int(result.steps),
        "seconds": float(result.seconds),
    }


def check(parameters: Parameters) -> Parameters:
    """Every parameter is checked by its option's caps."""
    return {key: parameters[key] for key in ("size", "trials", "max_steps", "seed")}


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    return [
        {
            "experiment": NAME,
            "n": n,
            "max_steps": parameters["max_steps"],
            "seed": parameters["seed"],
            "index": index,
        }
        for n in parameters["size"]
        for index in range(parameters["trials"])
    ]


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    groups: dict[int, list[dict[str, Any]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        groups.setdefault(spec["n"], []).append(result)
    rows = []
    for n, group in groups.items():
        solved = [result for result in group if result["solved"]]
        steps = sorted(result["steps"] for result in solved)
        rows.append(
            {
                "n": n,
                "trials": len(group),
                "solved": len(solved),
                "mean_steps": mean([float(s) for s in steps]),
                "most_steps": steps[-1] if steps else None,
                "mean_seconds": mean([result["seconds"] for result in group]),
                "seconds": sum(result["seconds"] for result in group),
            }
        )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Steps and seconds per run against n, log scales."""
    from searchlab.experiments.plotting import figure, finish, titled

    rows = sorted(report.rows, key=lambda row: row["n"])
    chart, (steps_axes, time_axes) = figure(9.0, 4.0, 2)
    ns = [row["n"] for row in rows]
    steps_axes.plot(ns, [row["mean_steps"] or 0 for row in rows], marker="o")
    finish(
        steps_axes,
        xscale="log",
        ylim=(0, None),
        xlabel="n",
        ylabel="repair steps (mean, solved runs)",
        title="Steps",
        grid="both",
    )
    time_axes.plot(ns, [row["mean_seconds"] or 0 for row in rows], marker="o", color="#dd8452")
    finish(
        time_axes,
        xscale="log",
        yscale="log",
        xlabel="n",
        ylabel="seconds per run (mean)",
        title="Time",
        grid="both",
    )
    return titled(chart, "Min-conflicts on n-queens", report)


EXPERIMENT = Experiment.of_module(
    __name__,
    title="Min-conflicts on n-queens ({trials} runs per n, seed {seed})",
    examples=("--size 1000,10000 --trials 20 --plot mc.svg",),
    domain="queens",
    options=(SIZES, TRIALS, MAX_STEPS),
    headers={"mean_seconds": "s / run"},
    formats={"mean_seconds": fixed(3)},
    chunk=4,
    unit="repairs",
    order=40,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
