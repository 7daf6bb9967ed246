"""Hill climbing on N-queens from random starts: how often each variant (move operator,
heuristic, sideways moves, restarts, tie-break) solves the board, and in how many moves.

Trial ``i`` of every variant gets the same seed (from ``--seed`` and ``i`` alone), so
variants are compared on the same random starts wherever their move operators draw
the same kind of board — common random numbers, which make differences sharper than
independent samples would.
"""

from __future__ import annotations

from typing import Any

from searchlab.core.errors import InputError
from searchlab.experiments.report import Report
from searchlab.experiments.seeds import trial_seed

NAME = "hill-climbing"


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


def check(
    *,
    n: int,
    trials: int,
    moves: list[str],
    heuristics: list[str],
    sideways: list[int],
    restarts: int,
    tie_break: str,
) -> tuple[list[str], list[str]]:
    """Refuse bad parameters before any work starts; return canonical names."""
    from searchlab.algorithms.local import TIE_BREAKS
    from searchlab.domains.queens import HEURISTICS, MOVES

    if n < 4:
        raise InputError(
            f"--n must be 4 or more (smaller boards have no or trivial solutions), not {n}"
        )
    if trials < 1:
        raise InputError(f"--trials must be 1 or more, not {trials}")
    if restarts < 0:
        raise InputError(f"--restarts must be 0 or more, not {restarts}")
    if any(count < 0 for count in sideways):
        raise InputError(f"--sideways takes counts of 0 or more, not {min(sideways)}")
    if tie_break not in TIE_BREAKS:
        raise InputError(
            f"unknown --tie-break {tie_break!r}: choose one of {', '.join(TIE_BREAKS)}"
        )
    return [MOVES.canonical(name) for name in moves], [HEURISTICS.canonical(h) for h in heuristics]


def specs(
    *,
    n: int,
    trials: int,
    moves: list[str],
    heuristics: list[str],
    sideways: list[int],
    restarts: int,
    tie_break: str,
    seed: int,
) -> list[dict[str, Any]]:
    return [
        {
            "experiment": NAME,
            "n": n,
            "moves": move,
            "heuristic": heuristic,
            "sideways": count,
            "restarts": restarts,
            "tie_break": tie_break,
            "seed": seed,
            "index": index,
        }
        for move in moves
        for heuristic in heuristics
        for count in sideways
        for index in range(trials)
    ]


def summarize(
    parameters: dict[str, Any], trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per (moves, heuristic, sideways), in the order the options listed them."""
    from searchlab.domains.queens import summarize_trials

    groups: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        groups.setdefault((spec["moves"], spec["heuristic"], spec["sideways"]), []).append(result)
    rows = []
    for (move, heuristic, count), group in groups.items():
        summary = summarize_trials(group)
        rows.append(
            {
                "moves": move,
                "heuristic": heuristic,
                "sideways": count,
                "restarts": parameters["restarts"],
                "trials": summary["trials"],
                "solved": summary["solved"],
                "success_rate": summary["success_rate"],
                "mean_steps_solved": summary["mean_steps_solved"],
                "mean_steps_failed": summary["mean_steps_failed"],
                "mean_generated": summary["mean_generated"],
                "seconds": summary["seconds"],
            }
        )
    return Report(NAME, parameters, rows)
