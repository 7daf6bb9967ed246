"""What the viewer's map draws: a graph's nodes (coordinates, names) and edges, or a
grid's cells, with the start, the goal and the landmarks, as JSON. Large graphs are
refused: the map is for watching a search, the benchmark for timing one."""

from __future__ import annotations

from typing import Any

import numpy as np

from searchlab.core.errors import InputError
from searchlab.domains.routes.graph import Graph
from searchlab.domains.routes.problem import default_heuristic

MAX_DRAWN = 20_000
"""The most nodes (or cells) the map view draws."""


def map_json(
    graph: Graph, start: int | None, goal: int | None, landmarks: list[int] | None = None
) -> dict[str, Any]:
    """The map of ``graph`` as the viewer draws it (see the module docstring)."""
    if graph.n > MAX_DRAWN:
        raise InputError(
            f"the map draws graphs of at most {MAX_DRAWN:,} nodes; this one has {graph.n:,} "
            "(the command line searches it)",
            field="start",
        )
    drawn: dict[str, Any] = {
        "title": graph.title,
        "nodes": graph.n,
        "edges_count": graph.edges,
        "directed": graph.directed,
        "start": start,
        "goal": goal,
        "landmarks": landmarks or [],
        "default_heuristic": default_heuristic(graph),  # what "default" means on this map
    }
    grid = graph.grid
    if grid is not None:
        passable = grid.passable  # type: ignore[attr-defined]
        drawn["kind"] = "grid"
        drawn["grid"] = {
            "width": int(passable.shape[1]),
            "height": int(passable.shape[0]),
            "rows": ["".join("." if cell else "@" for cell in row) for row in passable.tolist()],
            "neighbours": grid.neighbours,  # type: ignore[attr-defined]
        }
        return drawn
    drawn["kind"] = "graph"
    drawn["names"] = [graph.name(v) for v in range(graph.n)]
    if graph.coords is not None:
        drawn["xy"] = np.round(graph.coords, 6).tolist()
        drawn["y_up"] = graph.kind in ("plane", "geographic")
    else:  # no coordinates: the nodes on a circle
        angles = 2 * np.pi * np.arange(graph.n) / max(1, graph.n)
        drawn["xy"] = np.round(np.column_stack([np.cos(angles), np.sin(angles)]), 6).tolist()
        drawn["y_up"] = True
    tails = np.repeat(np.arange(graph.n), np.diff(graph.indptr))
    heads = graph.indices.astype(np.int64)
    weights = graph.weights
    if not graph.directed:  # each road once
        keep = tails < heads
        tails, heads, weights = tails[keep], heads[keep], weights[keep]
    drawn["edges"] = np.column_stack([tails, heads]).tolist()
    drawn["weights"] = weights.tolist()
    return drawn
