"""Nodes generated against solution depth on the 8-puzzle (AIMA's table of A* with h1
and h2, and its effective branching factors).

For each depth d, ``per_depth`` boards are drawn uniformly from those whose shortest
solution takes exactly d moves (see ``sampler``), and each board is solved by every
(algorithm, heuristic) pair, so the pairs are compared on the same boards. Board i of
depth d is drawn with a seed made from ``--seed``, d and i alone.
"""

from __future__ import annotations

import math
from typing import Any

from searchlab.core.errors import InputError
from searchlab.experiments import sampler
from searchlab.experiments.ebf import effective_branching_factor
from searchlab.experiments.report import Report, mean
from searchlab.experiments.seeds import trial_seed

NAME = "astar-depth"
NO_HEURISTIC = "-"


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """Solve one board with one (algorithm, heuristic) pair (runs in a worker)."""
    from searchlab.core.limits import Limits
    from searchlab.domains.puzzle import solve

    heuristic = spec["heuristic"]
    result = solve(
        tuple(spec["board"]),
        tuple(spec["goal"]),
        algorithm=spec["algorithm"],
        heuristic="manhattan" if heuristic == NO_HEURISTIC else heuristic,
        limits=Limits(max_expanded=spec["max_expanded"]),
        engine="generic",  # the experiment measures the engine's algorithms as named
    )
    return {
        "status": str(result.status),
        "length": len(result.moves) if result.solved else None,
        "expanded": result.stats.expanded,
        "generated": result.stats.generated,
        "seconds": result.stats.seconds,
    }


def check(
    *,
    size: int,
    depths: list[int],
    per_depth: int,
    algorithms: list[str],
    heuristics: list[str],
    max_expanded: int | None,
) -> tuple[list[tuple[str, str]], tuple[int, ...]]:
    """Refuse bad parameters before any work; return the (algorithm, heuristic) pairs to
    run (uninformed algorithms once, with no heuristic) and the goal."""
    from searchlab.algorithms.registry import ALGORITHMS
    from searchlab.domains.puzzle import HEURISTICS, standard_goal

    if size != 3:
        raise InputError(
            f"--size {size}: drawing boards of an exact depth needs every board's distance, "
            "which only the 3x3 puzzle (181,440 boards) allows"
        )
    if per_depth < 1:
        raise InputError(f"--per-depth must be 1 or more, not {per_depth}")
    if max_expanded is not None and max_expanded < 1:
        raise InputError(f"--max-expanded must be 1 or more, not {max_expanded}")
    goal = standard_goal(size)
    for depth in depths:
        sampler.check_depth(depth, goal)
    names = [ALGORITHMS.canonical(name) for name in algorithms]
    chosen = [HEURISTICS.canonical(name) for name in heuristics]
    if "bratko" in chosen:
        raise InputError(
            "the bratko heuristic is defined for Bratko's goal only; use the bratko experiment"
        )
    pairs: list[tuple[str, str]] = []
    for name in names:
        if ALGORITHMS[name].informed:
            pairs.extend((name, heuristic) for heuristic in chosen)
        else:
            pairs.append((name, NO_HEURISTIC))
    return list(dict.fromkeys(pairs)), goal


def specs(
    *,
    depths: list[int],
    per_depth: int,
    pairs: list[tuple[str, str]],
    goal: tuple[int, ...],
    seed: int,
    max_expanded: int | None,
) -> list[dict[str, Any]]:
    out = []
    for depth in depths:
        for index in range(per_depth):
            board = sampler.sample(depth, trial_seed(seed, depth, index), goal)
            for algorithm, heuristic in pairs:
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
    parameters: dict[str, Any], trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
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
