"""Running a Moving AI ``.scen`` file: every problem searched on its map, every length
found compared with the file's optimal length to the file's precision (its lengths are
written with 8 decimals, so a difference of at most 1e-8 is agreement)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from searchlab.core.errors import InputError
from searchlab.domains.routes.grid import GridMap, Scenario, parse_scen, read_map
from searchlab.domains.routes.readers import _read_text

PRECISION = 1e-8
"""One unit in the last decimal a ``.scen`` file writes."""


@dataclass(frozen=True)
class Outcome:
    """One problem of the file, searched."""

    scenario: Scenario
    length: float | None  # None: no path found
    expanded: int
    seconds: float

    @property
    def agrees(self) -> bool:
        return self.length is not None and abs(self.length - self.scenario.optimal) <= PRECISION

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
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[GridMap, list[Outcome], float]:
    """Search every problem of ``scen`` (the first ``limit``) on its 8-connected map;
    the map, the outcomes and the seconds spent loading."""
    from searchlab.domains.routes import kernel
    from searchlab.domains.routes.problem import RouteProblem, build_estimate

    began = time.perf_counter()
    grid = read_map(find_map(scen, map_path), 8)
    scenarios = parse_scen(_read_text(scen), grid, str(scen))[:limit]
    graph = grid.graph()
    space = kernel.Workspace(graph.n)
    arrays = (graph.indptr, graph.indices, graph.weights)
    setup = time.perf_counter() - began
    outcomes: list[Outcome] = []
    for done, scenario in enumerate(scenarios, start=1):
        source = grid.index(*scenario.start)
        target = grid.index(*scenario.goal)
        estimate = build_estimate(heuristic, graph, target)
        started = time.perf_counter()
        if engine == "compiled":
            mode = estimate.kind
            found = kernel.search(
                arrays, space, source, target, mode=mode, xy=graph.coords, scale=estimate.scale
            )
            length = float(space.dist[target]) if found == "found" else None
            expanded = space.expanded
        else:
            from searchlab.algorithms.best_first import astar

            result = astar(RouteProblem(graph, source, target), estimate)
            length, expanded = result.cost, result.stats.expanded
        outcomes.append(Outcome(scenario, length, expanded, time.perf_counter() - started))
        if progress is not None:
            progress(done, len(scenarios))
    return grid, outcomes, setup
