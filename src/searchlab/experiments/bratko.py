"""Bratko's three positions under every algorithm

Bratko's positions (a), (b), (c) under every algorithm and heuristic, one table.

Shows the length found against the shortest (from a breadth-first count of all boards),
states expanded and generated, and how many expanded states lie off the path returned:
the document claims none for (a) and (b) with its heuristic.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from searchlab.algorithms.best_first import WEIGHTED_ASTAR
from searchlab.algorithms.registry import ALGORITHMS
from searchlab.core.errors import InputError
from searchlab.core.limits import MAX_EXPANDED
from searchlab.domains.puzzle.domain import POSITIONS, PUZZLE
from searchlab.experiments import sampler
from searchlab.experiments.base import (
    SEARCH_RESULT,
    Experiment,
    Parameters,
    algorithm_pairs,
    heuristic_of,
    names_option,
    pair_label,
    pair_names,
    search_outcome,
    systematic,
)
from searchlab.experiments.report import Report

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "bratko"
SYSTEMATIC = systematic(PUZZLE.algorithms)
"""The puzzle's algorithms that a seed does not change: every one is run by default."""

POSITION = names_option(
    "positions", POSITIONS, "positions of fig. 12.7", default="a,b,c", metavar="P[,...]"
)
ALGORITHM = names_option(
    "algorithm",
    ALGORITHMS,
    "algorithms to run (default: every one the puzzle offers but local search)",
    only=SYSTEMATIC,
)
HEURISTIC = names_option(
    "heuristic",
    PUZZLE.heuristics,
    "heuristics for the informed algorithms (default: every one that applies)",
)


def _weighted(algorithm: str) -> bool:
    """Whether ``algorithm`` takes a weight of h (weighted A*), as it declares."""
    return any(option.name == "weight" for option in ALGORITHMS[algorithm].options)


WEIGHT_OPTION = dataclasses.replace(WEIGHTED_ASTAR.option("weight"), summary="w of weighted A*")
LIMIT = dataclasses.replace(
    MAX_EXPANDED,
    summary="stop a search after expanding this many states (uninformed depth-first would not end)",
    low=1,
    default=200_000,
)


RESULT = {**SEARCH_RESULT, "off_path": "count?"}
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One position, one algorithm, one heuristic (runs in a worker)."""
    from searchlab.core.limits import Limits
    from searchlab.domains.puzzle import BRATKO_GOAL, BRATKO_POSITIONS
    from searchlab.domains.puzzle.bratko import off_path_run

    result, off_path = off_path_run(
        BRATKO_POSITIONS[spec["position"]],
        spec["algorithm"],
        heuristic_of(spec),
        goal=BRATKO_GOAL,
        weight=spec["weight"] if _weighted(spec["algorithm"]) else None,
        limits=Limits(max_expanded=spec["max_expanded"]),
    )
    return search_outcome(result, off_path=off_path)


def _applies(heuristic: str) -> bool:
    """Whether ``heuristic`` is defined for Bratko's goal (the 4×4 databases are not)."""
    from searchlab.domains.puzzle import BRATKO_GOAL, make_heuristic

    try:
        make_heuristic(heuristic, BRATKO_GOAL)
    except InputError:
        return False
    return True


def check(parameters: Parameters) -> Parameters:
    """Fill in every algorithm and every heuristic that applies when none is named;
    refuse a named heuristic that does not apply to Bratko's goal."""
    algorithms = parameters["algorithm"] or list(SYSTEMATIC)
    heuristics = parameters["heuristic"]
    if heuristics is None:
        heuristics = [name for name in PUZZLE.heuristics if _applies(name)]
    for heuristic in heuristics:
        if not _applies(heuristic):
            raise InputError(
                f"the heuristic {heuristic} does not apply to Bratko's 3×3 goal",
                field="heuristic",
            )
    return {
        "positions": parameters["positions"],
        **pair_names(algorithm_pairs(algorithms, heuristics)),
        "weight": parameters["weight"],
        "max_expanded": parameters["max_expanded"],
        "seed": parameters["seed"],
    }


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    runs = algorithm_pairs(parameters["algorithm"], parameters["heuristic"])
    return [
        {
            "experiment": NAME,
            "position": position,
            "algorithm": algorithm,
            "heuristic": heuristic,
            "weight": parameters["weight"],
            "max_expanded": parameters["max_expanded"],
        }
        for position in parameters["positions"]
        for algorithm, heuristic in runs
    ]


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per run. The shortest length of each position comes from the sampler's
    breadth-first layers (an independent count, not one of the algorithms measured), so
    that the table can say which runs found a shortest solution."""
    from searchlab.domains.puzzle import BRATKO_GOAL, BRATKO_POSITIONS

    shortest = {
        name: sampler.distance(board, BRATKO_GOAL) for name, board in BRATKO_POSITIONS.items()
    }
    rows = []
    for spec, result in zip(trial_specs, results, strict=True):
        best = shortest[spec["position"]]
        rows.append(
            {
                "position": spec["position"],
                "algorithm": spec["algorithm"],
                "heuristic": spec["heuristic"],
                "status": result["status"],
                "length": result["length"],
                "shortest": best,
                "is_shortest": result["length"] == best if result["length"] is not None else None,
                "expanded": result["expanded"],
                "generated": result["generated"],
                "off_path": result["off_path"],
                "seconds": result["seconds"],
            }
        )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Horizontal grouped bars: one group per (algorithm, heuristic), one bar per position,
    log scale (the counts run from 4 to 10^5); hatched bars did not find a shortest path."""
    from searchlab.experiments.plotting import figure, finish, hatch, ranked, titled

    def name(row: dict[str, Any]) -> str:
        return pair_label(row["algorithm"], row["heuristic"])

    names = list(dict.fromkeys(name(row) for row in report.rows))
    positions = list(dict.fromkeys(row["position"] for row in report.rows))
    chart, axes = figure(8.0, 0.32 * len(names) * max(1, len(positions)) / 2 + 1.8)
    height = 0.8 / max(1, len(positions))
    for offset, position in enumerate(positions):
        rows = {name(row): row for row in report.rows if row["position"] == position}
        ys = [i + (offset - (len(positions) - 1) / 2) * height for i in range(len(names))]
        values = [max(1, rows[n]["expanded"]) if n in rows else 0 for n in names]
        bars = axes.barh(ys, values, height, label=f"({position})")
        hatch(bars, [n in rows and rows[n]["is_shortest"] is not True for n in names])
    ranked(axes, names, "states expanded (log scale; hatched: not a shortest solution)")
    finish(axes, legend={"title": "position"})
    return titled(chart, "Bratko's positions (fig. 12.7) under every algorithm", report)


EXPERIMENT = Experiment.of_module(
    __name__,
    title="Bratko's positions under every algorithm (max {max_expanded} expansions)",
    examples=("--plot bratko.svg", "--algorithm best-first,astar --heuristic bratko,manhattan"),
    domain="puzzle",
    options=(POSITION, ALGORITHM, HEURISTIC, WEIGHT_OPTION, LIMIT),
    chunk=1,
    unit="searches",
    order=30,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
