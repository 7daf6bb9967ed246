"""8-puzzle: nodes generated against solution depth, b*

Nodes generated against solution depth on the 8-puzzle, with b*.

For each depth, boards are drawn uniformly among all boards whose shortest solution has
exactly that many moves, and solved by every algorithm and heuristic. b* solves
N + 1 = 1 + b* + ... + b*^d for the mean N generated: the textbook's effective
branching factor.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, Any

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.core.errors import InputError
from searchlab.core.limits import MAX_EXPANDED
from searchlab.core.options import Option
from searchlab.core.seeds import trial_seed
from searchlab.domains.puzzle.board import MAX_SIDE
from searchlab.domains.puzzle.domain import PUZZLE
from searchlab.experiments import sampler
from searchlab.experiments.base import (
    SEARCH_RESULT,
    Experiment,
    Parameters,
    algorithm_pairs,
    count_option,
    fixed,
    heuristic_of,
    names_option,
    pair_label,
    pair_names,
    search_outcome,
    systematic,
)
from searchlab.experiments.ebf import effective_branching_factor
from searchlab.experiments.report import Report, mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "astar-depth"
SYSTEMATIC = systematic(PUZZLE.algorithms)
"""The puzzle's algorithms that a seed does not change (local search is another study)."""

SIZE = Option(
    "size",
    "int",
    "board side: 3 only (drawing boards of an exact depth needs every board's distance)",
    default=3,
    low=2,
    high=MAX_SIDE,
    metavar="K",
)
DEPTHS = Option(
    "depths",
    "int",
    f"solution depths, at most {sampler.DEEPEST} (the deepest 8-puzzle boards)",
    default="2,4,...,24",
    low=0,
    metavar="D[,...]",
    many=True,
)
PER_DEPTH = count_option(
    "per_depth", "boards per depth (AIMA averaged 100)", default=100, high=10**5, metavar="B"
)
ALGORITHM = names_option(
    "algorithm",
    ALGORITHMS,
    "algorithms, e.g. astar,ida; an uninformed one (iterative-deepening, bfs) runs once",
    default="astar",
    only=SYSTEMATIC,
)
HEURISTIC = names_option(
    "heuristic",
    PUZZLE.heuristics,
    "heuristics for the informed algorithms (AIMA's h1 = misplaced, h2 = manhattan)",
    default="misplaced,manhattan,linear-conflict",
)
LIMIT = dataclasses.replace(
    MAX_EXPANDED,
    summary="stop a search after expanding this many states (it then counts as unsolved)",
    low=1,
)


RESULT = SEARCH_RESULT
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """Solve one board with one (algorithm, heuristic) pair (runs in a worker)."""
    from searchlab.core.limits import Limits
    from searchlab.domains.puzzle import solve

    result = solve(
        tuple(spec["board"]),
        tuple(spec["goal"]),
        algorithm=spec["algorithm"],
        heuristic=heuristic_of(spec),
        limits=Limits(max_expanded=spec["max_expanded"]),
        engine="generic",  # the experiment measures the engine's algorithms as named
    )
    return search_outcome(result)


def pairs(parameters: Parameters) -> list[tuple[str, str]]:
    """The (algorithm, heuristic) pairs to run."""
    return algorithm_pairs(parameters["algorithm"], parameters["heuristic"])


def check(parameters: Parameters) -> Parameters:
    """Refuse bad parameters before any work; the parameters add the goal, and list the
    heuristics actually used."""
    from searchlab.domains.puzzle import make_heuristic, standard_goal

    size = parameters["size"]
    if size != 3:
        raise InputError(
            f"size {size}: drawing boards of an exact depth needs every board's distance, "
            "which only the 3x3 puzzle (181,440 boards) allows",
            field="size",
        )
    goal = standard_goal(size)
    for depth in parameters["depths"]:
        try:
            sampler.check_depth(depth, goal)
        except InputError as error:
            raise error.about("depths") from None
    for heuristic in parameters["heuristic"]:
        if heuristic == "bratko":
            raise InputError(
                "the bratko heuristic is defined for Bratko's goal only; use the bratko experiment",
                field="heuristic",
            )
        try:
            make_heuristic(heuristic, goal)
        except InputError as error:
            raise error.about("heuristic") from None
    return {
        "size": size,
        "depths": parameters["depths"],
        "per_depth": parameters["per_depth"],
        **pair_names(pairs(parameters)),
        "goal": list(goal),
        "max_expanded": parameters["max_expanded"],
        "seed": parameters["seed"],
    }


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    """Every board of every depth (from ``sampler``) with every (algorithm, heuristic)
    pair, so that the pairs are compared on the same boards: board i of depth d is
    drawn with a seed made from ``seed``, d and i alone."""
    goal = tuple(parameters["goal"])
    chosen = pairs(parameters)
    seed, max_expanded = parameters["seed"], parameters["max_expanded"]
    out = []
    for depth in parameters["depths"]:
        for index in range(parameters["per_depth"]):
            board = sampler.sample(depth, trial_seed(seed, depth, index), goal)
            for algorithm, heuristic in chosen:
                out.append(
                    {
                        "experiment": NAME,
                        "depth": depth,
                        "index": index,
                        "seed": seed,
                        "board": list(board),
                        "goal": list(goal),
                        "algorithm": algorithm,
                        "heuristic": heuristic,
                        "max_expanded": max_expanded,
                    }
                )
    return out


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per (depth, algorithm, heuristic). Means are over the boards solved;
    b* is solved from the mean number of nodes generated, as AIMA's table does."""
    groups: dict[tuple[int, str, str], list[dict[str, Any]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        key = (spec["depth"], spec["algorithm"], spec["heuristic"])
        groups.setdefault(key, []).append(result)
    rows = []
    for (depth, algorithm, heuristic), group in groups.items():
        solved = [result for result in group if result["status"] == "solved"]
        generated = mean([result["generated"] for result in solved])
        ebf = effective_branching_factor(generated, depth) if generated is not None else math.nan
        rows.append(
            {
                "depth": depth,
                "algorithm": algorithm,
                "heuristic": heuristic,
                "instances": len(group),
                "solved": len(solved),
                "shortest": sum(1 for result in solved if result["length"] == depth),
                "mean_generated": generated,
                "mean_expanded": mean([result["expanded"] for result in solved]),
                "effective_branching_factor": None if math.isnan(ebf) else ebf,
                "seconds": sum(result["seconds"] for result in group),
            }
        )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Mean nodes generated against depth, one line per pair, log scale."""
    from searchlab.experiments.plotting import figure, finish, lines, titled

    chart, axes = figure(7.0, 4.5)
    lines(
        axes,
        report.rows,
        "depth",
        "mean_generated",
        lambda row: pair_label(row["algorithm"], row["heuristic"]),
    )
    finish(
        axes,
        yscale="log",
        xlabel="solution depth d (moves)",
        ylabel="nodes generated (mean)",
        grid="both",
        legend=True,
    )
    return titled(
        chart, "8-puzzle: nodes generated against depth ({per_depth} boards per depth)", report
    )


EXPERIMENT = Experiment.of_module(
    __name__,
    title="8-puzzle by solution depth ({per_depth} boards per depth, seed {seed})",
    examples=(
        "--depths 2,4,...,20 --per-depth 50 --plot a.svg",
        "--algorithm astar,ida --heuristic misplaced,manhattan --depths 2..12",
    ),
    domain="puzzle",
    options=(SIZE, DEPTHS, PER_DEPTH, HEURISTIC, ALGORITHM, LIMIT),
    headers={"effective_branching_factor": "b*"},
    formats={"effective_branching_factor": fixed(2)},
    chunk=8,
    unit="8-puzzle searches",
    order=20,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
