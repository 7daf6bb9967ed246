"""Min-conflicts repair on large N-queens boards: steps and seconds against n.

The textbook's claim is that min-conflicts solves even a million queens in about 50
steps on average from a greedy start: the number of steps barely grows with n, while
the time per step does.
"""

from __future__ import annotations

from typing import Any

from searchlab.core.errors import InputError
from searchlab.experiments.report import Report, mean
from searchlab.experiments.seeds import trial_seed

NAME = "min-conflicts"


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


def specs(*, ns: list[int], trials: int, max_steps: int, seed: int) -> list[dict[str, Any]]:
    if trials < 1:
        raise InputError(f"--trials must be 1 or more, not {trials}")
    if max_steps < 0:
        raise InputError(f"--max-steps must be 0 or more, not {max_steps}")
    for n in ns:
        if n < 4:
            raise InputError(f"--n takes board sizes of 4 or more, not {n}")
    return [
        {"experiment": NAME, "n": n, "max_steps": max_steps, "seed": seed, "index": index}
        for n in ns
        for index in range(trials)
    ]


def summarize(
    parameters: dict[str, Any], trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
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
