"""Running Moving AI ``.scen`` files: every problem searched on its map, every length
found compared with the file's optimal length to the precision the file writes it
with (a length written with k decimals stands for any within half a unit of the k-th
decimal), alone or a whole benchmark set of files under a directory, summed up by
bucket."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from searchlab.core.errors import InputError
from searchlab.domains.routes.grid import GridMap, Scenario, parse_scen, read_map
from searchlab.domains.routes.readers import _read_text

SEARCHES = ("astar", "jps")
"""What a scenario file is searched with: the kernel's A* (octile), or jump points."""
MAX_FILES = 10_000
"""The most ``.scen`` files one directory run takes."""


def tolerance(written: float, decimals: int) -> float:
    """How far a length found may be from one written with ``decimals`` decimals and
    still agree: half a unit of the last decimal (the writing rounded the true length
    by as much), plus the rounding of a float sum of at most ``written`` steps (each
    move costs at least 1), each off by at most an ulp of the total.

    Examples:
        >>> found = 50.083261115 - 4 * math.ulp(50.083261115)  # prints as ...111
        >>> f"{found:.8f}", abs(found - 50.08326112) <= tolerance(50.08326112, 8)
        ('50.08326111', True)
        >>> abs(50.08326102 - 50.08326112) <= tolerance(50.08326112, 8)
        False
    """
    steps = max(1.0, abs(written))
    return 0.5 * 10.0**-decimals + 2 * steps * math.ulp(steps)


@dataclass(frozen=True)
class Outcome:
    """One problem of the file, searched."""

    scenario: Scenario
    length: float | None  # None: no path found
    expanded: int
    seconds: float

    @property
    def agrees(self) -> bool:
        s = self.scenario
        return self.length is not None and abs(self.length - s.optimal) <= tolerance(
            s.optimal, s.decimals
        )

    def to_dict(self) -> dict[str, object]:
        s = self.scenario
        return {
            "line": s.line,
            "bucket": s.bucket,
            "start": f"{s.start[0]},{s.start[1]}",
            "goal": f"{s.goal[0]},{s.goal[1]}",
            "optimal": s.optimal,
            "length": self.length,
            "agrees": self.agrees,
            "expanded": self.expanded,
            "seconds": round(self.seconds, 6),
        }


def find_map(scen: Path, given: Path | None) -> Path:
    """The map of a scenario file: the one given, else ``NAME.map`` for ``NAME.map.scen``
    (Moving AI's naming), else the map its first line names, beside it."""
    if given is not None:
        return given
    if scen.name.endswith(".map.scen"):
        beside = scen.with_name(scen.name[: -len(".scen")])
        if beside.exists():
            return beside
    first = parse_scen(_read_text(scen), None, str(scen))[0]
    beside = scen.with_name(Path(first.map_name.replace("\\", "/")).name)
    if beside.exists():
        return beside
    raise InputError(f"cannot find the map {first.map_name} of {scen}: name it", field="map")


def run_scenarios(
    scen: Path,
    map_path: Path | None = None,
    *,
    heuristic: str = "octile",
    engine: str = "compiled",
    algorithm: str = "astar",
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[GridMap, list[Outcome], float]:
    """Search every problem of ``scen`` (the first ``limit``) on its 8-connected map by
    ``algorithm`` (one of ``SEARCHES``); the map, the outcomes and the seconds spent
    loading."""
    from searchlab.domains.routes import jump, kernel
    from searchlab.domains.routes.problem import RouteProblem, build_estimate

    began = time.perf_counter()
    grid = read_map(find_map(scen, map_path), 8)
    scenarios = parse_scen(_read_text(scen), grid, str(scen))[:limit]
    graph = grid.graph() if algorithm == "astar" else None
    space = kernel.Workspace(graph.n) if graph is not None else None
    jumps = jump.JumpSpace(grid) if algorithm == "jps" else None
    if scenarios:  # the first call of a compiled loop loads it: set-up, not a query's time
        first = grid.index(*scenarios[0].start)
        if jumps is not None:
            jumps.search(first, first)
        elif space is not None and graph is not None:
            kernel.search((graph.indptr, graph.indices, graph.weights), space, first, first)
    setup = time.perf_counter() - began
    outcomes: list[Outcome] = []
    for done, scenario in enumerate(scenarios, start=1):
        source = grid.index(*scenario.start)
        target = grid.index(*scenario.goal)
        started = time.perf_counter()
        length: float | None
        if jumps is not None:
            found = jumps.search(source, target)
            length = jumps.length if found == "found" else None
            expanded = jumps.expanded
        elif engine == "compiled":
            assert graph is not None and space is not None
            estimate = build_estimate(heuristic, graph, target)
            started = time.perf_counter()
            found = kernel.search(
                (graph.indptr, graph.indices, graph.weights),
                space, source, target,
                mode=estimate.kind, xy=graph.coords, scale=estimate.scale,
            )  # fmt: skip
            length = float(space.dist[target]) if found == "found" else None
            expanded = space.expanded
        else:
            from searchlab.algorithms.best_first import astar

            assert graph is not None
            estimate = build_estimate(heuristic, graph, target)
            started = time.perf_counter()
            result = astar(RouteProblem(graph, source, target), estimate)
            length, expanded = result.cost, result.stats.expanded
        outcomes.append(Outcome(scenario, length, expanded, time.perf_counter() - started))
        if progress is not None:
            progress(done, len(scenarios))
    return grid, outcomes, setup


def scenario_files(directory: Path) -> list[Path]:
    """Every ``.scen`` file under ``directory`` (its subdirectories too), in name order."""
    if not directory.is_dir():
        raise InputError(f"{directory} is not a directory", field="scen")
    files = sorted(path for path in directory.rglob("*.scen") if path.is_file())
    if not files:
        raise InputError(f"{directory} holds no .scen file", field="scen")
    if len(files) > MAX_FILES:
        raise InputError(
            f"{directory} holds {len(files):,} .scen files: at most {MAX_FILES:,}", field="scen"
        )
    return files


def by_bucket(outcomes: list[Outcome]) -> list[dict[str, object]]:
    """A row per bucket (Moving AI's buckets group problems by optimal length): its
    problems, mean optimal length, mean expansions, mean seconds a query, how many agree."""
    groups: dict[int, list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault(outcome.scenario.bucket, []).append(outcome)
    return [
        {
            "bucket": bucket,
            "count": len(group),
            "mean_optimal": statistics.fmean(o.scenario.optimal for o in group),
            "mean_expanded": statistics.fmean(o.expanded for o in group),
            "seconds_per_query": statistics.fmean(o.seconds for o in group),
            "agree": sum(o.agrees for o in group),
        }
        for bucket, group in sorted(groups.items())
    ]
