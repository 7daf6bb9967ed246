"""success rate, moves and time of every local search on N-queens against n

Every local search on N-queens from random column boards, n from 8 upward.

For each method and board size: the share of runs solved, the mean moves (generations
for the genetic algorithm) and the mean time. Each method runs up to its own practical n
(a row says when a size is past it). On 8 queens the textbook's figures stand beside
ours: 14 % for steepest descent, 94 % with 100 sideways moves.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from searchlab.core.options import Option
from searchlab.core.registry import Registry
from searchlab.core.seeds import trial_seed
from searchlab.experiments.base import Experiment, Parameters, count_option, names_option
from searchlab.experiments.report import Report

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "local-search"


@dataclass(frozen=True)
class Method:
    """One local search as the experiment runs it: the largest n it is run on (past it,
    a row says so instead: the methods that score successors in full, or list every
    move to draw one, take seconds a run beyond these), and what the textbook reports
    on 8 queens, if anything."""

    summary: str
    max_n: int
    textbook: str | None
    run: Callable[[int, int], tuple[bool, int]]  # (n, seed) -> solved, moves


def _start(n: int, seed: int) -> tuple[Any, int]:
    from searchlab.domains.queens.climb import random_climb_start

    board, climb_seed = random_climb_start(n, "column", seed)
    return board, climb_seed


def _climb(**settings: Any) -> Callable[[int, int], tuple[bool, int]]:
    def run(n: int, seed: int) -> tuple[bool, int]:
        from searchlab.domains.queens.climb import climb

        board, climb_seed = _start(n, seed)
        result = climb(board, seed=climb_seed, heuristic="pairs", engine="auto", **settings)
        return result.solved, result.stats.iterations

    return run


def _algorithm(name: str, **options: Any) -> Callable[[int, int], tuple[bool, int]]:
    def run(n: int, seed: int) -> tuple[bool, int]:
        from searchlab.algorithms.registry import run_algorithm
        from searchlab.domains.queens.board import random_board
        from searchlab.domains.queens.climb import ClimbProblem
        from searchlab.domains.queens.heuristics import HEURISTICS
        from searchlab.domains.queens.moves import MOVES

        board, climb_seed = _start(n, seed)
        result = run_algorithm(
            name,
            ClimbProblem(n, board.queens, MOVES["column"]),
            HEURISTICS["pairs"],
            options=options,
            seed=climb_seed,
            random_state=lambda rng: random_board(n, "column", rng).queens,
        )
        return result.solved, result.stats.iterations

    return run


def _min_conflicts(n: int, seed: int) -> tuple[bool, int]:
    from searchlab.domains.queens.repair import repair

    result = repair(n, engine="generic", seed=seed & 0xFFFFFFFF)
    return result.solved, result.steps


METHODS: Registry[Method] = Registry("method")
METHODS.add(
    "steepest",
    Method("steepest descent", 1000, "14 % solved (4 moves; 3 when stuck)", _climb()),
)
METHODS.add(
    "sideways",
    Method(
        "steepest descent, up to 100 sideways moves (ties at random, as AIMA's)",
        64,
        "94 % solved (21 moves; 64 when stuck)",
        _climb(sideways=100, tie_break="random"),
    ),
)
METHODS.add(
    "restarts",
    Method(
        "steepest descent, up to 100 random restarts (ties at random)",
        16,
        "about 1/0.14 ≈ 7 climbs, 22 moves in all",
        _climb(restarts=100, tie_break="random"),
    ),
)
METHODS.add(
    "annealing",
    Method(
        "simulated annealing (T0 = 20, ×0.995 a step, 10,000 steps)",
        16,
        None,
        _algorithm("simulated-annealing"),
    ),
)
METHODS.add(
    "tabu",
    Method("tabu search (tenure 10, 2,000 moves)", 16, None, _algorithm("tabu", max_moves=2000)),
)
METHODS.add(
    "beam",
    Method("local beam search (k = 10)", 32, None, _algorithm("local-beam", beam=10)),
)
METHODS.add(
    "genetic",
    Method(
        "genetic algorithm (population 100, 300 generations, elite 2)",
        16,
        "figure 4.6-4.8: no success rate given",
        _algorithm("genetic", population=100, generations=300, elite=2),
    ),
)
METHODS.add(
    "min-conflicts",
    Method("min-conflicts (generic engine)", 100_000, None, _min_conflicts),
)

SIZES = Option(
    "sizes",
    "int",
    "board sizes n (each method runs up to its own largest practical n)",
    default="8,16,32,64,256,1024",
    low=4,
    high=100_000,
    many=True,
    metavar="N[,...]",
)
TRIALS = count_option(
    "trials", "random starts per method and size", default=50, high=10**5, metavar="T"
)
METHOD_OPTION = names_option(
    "methods",
    METHODS,
    "local searches: " + ", ".join(METHODS),
    default=",".join(METHODS),
)


def check(parameters: Parameters) -> Parameters:
    return {key: parameters[key] for key in ("sizes", "trials", "methods", "seed")}


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    return [
        {"method": method, "n": n, "seed": parameters["seed"], "index": index}
        for method in parameters["methods"]
        for n in parameters["sizes"]
        if n <= METHODS[method].max_n
        for index in range(parameters["trials"])
    ]


RESULT = {"solved": "bool", "moves": "count", "seconds": "number"}
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One run from a random column board (in a worker)."""
    seed = trial_seed(spec["seed"], spec["method"], spec["n"], spec["index"])
    started = time.perf_counter()
    solved, moves = METHODS[spec["method"]].run(spec["n"], seed)
    return {"solved": solved, "moves": moves, "seconds": time.perf_counter() - started}


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per (method, n); a size past a method's limit is a row saying so."""
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        groups.setdefault((spec["method"], spec["n"]), []).append(result)
    rows = []
    for method in parameters["methods"]:
        for n in parameters["sizes"]:
            group = groups.get((method, n))
            textbook = METHODS[method].textbook if n == 8 else None
            if group is None:
                rows.append({"method": method, "n": n, "trials": 0, "note": "past its limit"})
                continue
            solved = [r for r in group if r["solved"]]
            rows.append(
                {
                    "method": method,
                    "n": n,
                    "trials": len(group),
                    "success_rate": len(solved) / len(group),
                    "mean_moves": statistics.fmean(r["moves"] for r in group),
                    "mean_seconds": statistics.fmean(r["seconds"] for r in group),
                    "note": f"AIMA: {textbook}" if textbook else "",
                }
            )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Success rate and mean time against n, one line per method (log n)."""
    from searchlab.experiments.plotting import figure, finish, titled

    chart, (rate_axes, time_axes) = figure(11.0, 4.2, 2)
    for method in report.parameters["methods"]:
        rows = [r for r in report.rows if r["method"] == method and r["trials"]]
        if not rows:
            continue
        sizes = [r["n"] for r in rows]
        rate_axes.plot(sizes, [100 * r["success_rate"] for r in rows], marker="o", label=method)
        time_axes.plot(sizes, [r["mean_seconds"] for r in rows], marker="o", label=method)
    for axes in (rate_axes, time_axes):
        axes.set_xscale("log", base=2)
    finish(rate_axes, ylim=(-3, 103), ylabel="solved (%)", xlabel="n", title="Success rate")
    finish(
        time_axes,
        yscale="log",
        ylabel="seconds per run (mean)",
        xlabel="n",
        title="Time",
        legend={"fontsize": 7},
    )
    return titled(chart, "Local search on N-queens, {trials} random starts each", report)


def notes(_parameters: Parameters) -> list[str]:
    return [
        "Every method starts from the same kind of random column board; steepest descent "
        "runs compiled past n = 100 (the same climbs as the generic engine)."
    ]


EXPERIMENT = Experiment.of_module(
    __name__,
    title="Local search on N-queens ({trials} random starts per method and n, seed {seed})",
    examples=("--trials 200 --sizes 8 --plot local8.png", "--methods steepest,min-conflicts"),
    domain="queens",
    options=(SIZES, TRIALS, METHOD_OPTION),
    chunk=16,
    unit="runs",
    order=15,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
