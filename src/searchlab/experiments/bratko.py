"""The document's three positions (Bratko, fig. 12.7) under every algorithm of the
engine and every heuristic that applies, as one table.

The shortest length of each position comes from the breadth-first layers of the
sampler (an independent count, not one of the algorithms measured), so the table can
say which runs found a shortest solution. ``off_path`` counts the expanded boards that
are not on the path returned: the document claims none for (a) and (b).
"""

from __future__ import annotations

from typing import Any

from searchlab.core.errors import InputError
from searchlab.experiments import sampler
from searchlab.experiments.report import Report

NAME = "bratko"
NO_HEURISTIC = "-"


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One position, one algorithm, one heuristic (runs in a worker)."""
    from searchlab.core.limits import Limits
    from searchlab.domains.puzzle import BRATKO_GOAL, BRATKO_POSITIONS
    from searchlab.domains.puzzle.bratko import off_path_run

    heuristic = spec["heuristic"]
    result, off_path = off_path_run(
        BRATKO_POSITIONS[spec["position"]],
        spec["algorithm"],
        "manhattan" if heuristic == NO_HEURISTIC else heuristic,
        goal=BRATKO_GOAL,
        weight=spec["weight"] if spec["algorithm"] == "weighted-astar" else None,
        limits=Limits(max_expanded=spec["max_expanded"]),
    )
    return {
        "status": str(result.status),
        "length": len(result.moves) if result.solved else None,
        "expanded": result.stats.expanded,
        "generated": result.stats.generated,
        "off_path": off_path,
        "seconds": result.stats.seconds,
    }


def pairs(algorithms: list[str] | None, heuristics: list[str] | None) -> list[tuple[str, str]]:
    """Every (algorithm, heuristic) that applies: informed algorithms with each
    heuristic, uninformed ones once."""
    from searchlab.algorithms.registry import ALGORITHMS
    from searchlab.domains.puzzle import BRATKO_GOAL, HEURISTICS, make_heuristic

    def applies(heuristic: str) -> bool:  # e.g. the 4×4 pattern databases do not
        try:
            make_heuristic(heuristic, BRATKO_GOAL)
        except InputError:
            return False
        return True

    names = [ALGORITHMS.canonical(a) for a in algorithms] if algorithms else list(ALGORITHMS)
    if heuristics:
        chosen = [HEURISTICS.canonical(h) for h in heuristics]
    else:
        chosen = [h for h in HEURISTICS if applies(h)]
    out: list[tuple[str, str]] = []
    for name in names:
        if ALGORITHMS[name].informed:
            out.extend((name, heuristic) for heuristic in chosen)
        else:
            out.append((name, NO_HEURISTIC))
    return list(dict.fromkeys(out))


def specs(
    *,
    positions: list[str],
    runs: list[tuple[str, str]],
    weight: float,
    max_expanded: int,
) -> list[dict[str, Any]]:
    from searchlab.domains.puzzle import BRATKO_POSITIONS

    for position in positions:
        if position not in BRATKO_POSITIONS:
            raise InputError(f"unknown position {position!r}: choose from a, b, c")
    if max_expanded < 1:
        raise InputError(f"--max-expanded must be 1 or more, not {max_expanded}")
    if not weight >= 1.0:
        raise InputError(f"--weight must be 1 or more, not {weight}")
    return [
        {
            "experiment": NAME,
            "position": position,
            "algorithm": algorithm,
            "heuristic": heuristic,
            "weight": weight,
            "max_expanded": max_expanded,
        }
        for position in positions
        for algorithm, heuristic in runs
    ]


def summarize(
    parameters: dict[str, Any], trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
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
