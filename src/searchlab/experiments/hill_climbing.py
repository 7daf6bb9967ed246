"""success rate and moves of hill climbing on N-queens

Hill climbing on N-queens from random starts, one row per variant.

For every combination of move operator, heuristic and sideways limit: the share of random
starts solved, mean moves when solved and when stuck, mean states generated. AIMA
reports 14% solved (4 moves; 3 when stuck) for steepest descent on 8 queens, and 94%
with up to 100 sideways moves.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from searchlab.algorithms.local import HILL_CLIMBING
from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.core.seeds import trial_seed
from searchlab.domains.queens.heuristics import HEURISTICS
from searchlab.domains.queens.moves import MOVES
from searchlab.experiments.base import Experiment, Parameters, count_option, names_option
from searchlab.experiments.report import Report

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "hill-climbing"

SIZE = Option(
    "size",
    "int",
    "the board size n (smaller boards have no or trivial solutions; free moves take "
    f"boards up to {MOVES['free'].max_n})",
    default=8,
    low=4,
    high=max(move.max_n for move in MOVES.values()),
    metavar="N",
)
TRIALS = count_option("trials", "random starts per variant", default=1000, high=10**6, metavar="T")
MOVE_OPTION = names_option(
    "moves",
    MOVES,
    "move operators: column (a queen moves in its column), free (to any square)",
    default="column,free",
)
HEURISTIC = names_option(
    "heuristic",
    HEURISTICS,
    "heuristics: attackers (queens under attack), attacks (each attack, twice per pair), "
    "pairs (attacking pairs, as in AIMA)",
    default="attackers,attacks,pairs",
)
SIDEWAYS_LIST = dataclasses.replace(
    HILL_CLIMBING.option("sideways"),
    summary="limits on sideways (equal-value) moves in a row",
    default="0,100",
    many=True,
    metavar="K[,...]",
)
RESTARTS_AFTER = dataclasses.replace(
    HILL_CLIMBING.option("restarts"), summary="random restarts after a failure"
)
TIE_BREAK_RANDOM = dataclasses.replace(
    HILL_CLIMBING.option("tie_break"),
    summary="among equally good moves take the first, the last, or a random one (AIMA's)",
    default="random",
)


RESULT = {"solved": "bool", "steps": "count", "generated": "count", "seconds": "number"}
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One climb from a random start (runs in a worker)."""
    from searchlab.domains.queens import climb_trial

    result = climb_trial(
        spec["n"],
        moves=spec["moves"],
        heuristic=spec["heuristic"],
        sideways=spec["sideways"],
        restarts=spec["restarts"],
        tie_break=spec["tie_break"],
        seed=trial_seed(spec["seed"], spec["index"]),
    )
    return {key: result[key] for key in ("solved", "steps", "generated", "seconds")}


def check(parameters: Parameters) -> Parameters:
    """Refuse a board too large for a move operator before any work starts."""
    for move in parameters["moves"]:
        try:
            MOVES[move].check_size(parameters["size"])
        except InputError as error:
            raise error.about("size") from None
    return {
        key: parameters[key]
        for key in ("size", "trials", "moves", "heuristic", "sideways", "restarts", "tie_break")
    } | {"seed": parameters["seed"]}


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    """Trial i of every variant gets the same seed (from ``seed`` and i alone), so
    variants are compared on the same random starts wherever their move operators draw
    the same kind of board: common random numbers, which make differences sharper than
    independent samples would."""
    return [
        {
            "experiment": NAME,
            "n": parameters["size"],
            "moves": move,
            "heuristic": heuristic,
            "sideways": count,
            "restarts": parameters["restarts"],
            "tie_break": parameters["tie_break"],
            "seed": parameters["seed"],
            "index": index,
        }
        for move in parameters["moves"]
        for heuristic in parameters["heuristic"]
        for count in parameters["sideways"]
        for index in range(parameters["trials"])
    ]


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per (moves, heuristic, sideways), in the order the options listed them."""
    from searchlab.domains.queens import summarize_trials

    groups: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        groups.setdefault((spec["moves"], spec["heuristic"], spec["sideways"]), []).append(result)
    rows = []
    for (move, heuristic, count), group in groups.items():
        variant = {"moves": move, "heuristic": heuristic, "sideways": count}
        rows.append({**variant, "restarts": parameters["restarts"], **summarize_trials(group)})
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Success rate, and moves when solved and when stuck, one bar per variant."""
    from searchlab.experiments.plotting import figure, finish, titled

    rows = report.rows
    labels = [f"{r['moves']}\n{r['heuristic']}\nside {r['sideways']}" for r in rows]
    chart, (rate_axes, steps_axes) = figure(max(7.0, 1.1 * len(rows) + 2), 4.2, 2)
    positions = list(range(len(rows)))
    rates = [100 * (r["success_rate"] or 0.0) for r in rows]
    bars = rate_axes.bar(positions, rates, color="#4c72b0")
    rate_axes.bar_label(bars, fmt="%.0f%%", fontsize=8)
    finish(rate_axes, ylim=(0, 105), ylabel="solved (%)", title="Success rate")
    width = 0.4
    solved = [r["mean_steps_solved"] or 0.0 for r in rows]
    failed = [r["mean_steps_failed"] or 0.0 for r in rows]
    steps_axes.bar([p - width / 2 for p in positions], solved, width, label="when solved")
    steps_axes.bar([p + width / 2 for p in positions], failed, width, label="when stuck")
    finish(steps_axes, ylabel="moves (mean)", title="Moves per climb", legend={"fontsize": 8})
    for axes in (rate_axes, steps_axes):
        axes.set_xticks(positions, labels, fontsize=7)
    return titled(
        chart, "Hill climbing on {size}-queens, {trials} random starts per variant", report
    )


EXPERIMENT = Experiment.of_module(
    __name__,
    title="Hill climbing on {size}-queens ({trials} random starts per row, seed {seed})",
    examples=("--trials 2000 --plot hc.png", "--size 10 --moves column --sideways 0,10,100"),
    domain="queens",
    options=(SIZE, TRIALS, MOVE_OPTION, HEURISTIC, SIDEWAYS_LIST, RESTARTS_AFTER, TIE_BREAK_RANDOM),
    headers={"mean_steps_solved": "moves if solved", "mean_steps_failed": "moves if stuck"},
    chunk=256,
    unit="hill climbs",
    order=10,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
