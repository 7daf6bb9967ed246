"""Road-like test graphs of any size: planar, with coordinates and distances as weights.

Points are jittered off a square lattice, each joined to its right and lower
neighbours, and each lattice square split by one of its diagonals at random: a
triangulation close to the points' Delaunay triangulation, so the graph is planar,
connected, and of the degree of a road network (about 5 on average). A road is longer
than the straight line between its ends by a random factor of 1 to ``winding`` (in whole
metres, rounded up), so the
straight-line heuristic is admissible and as loose as on real roads. Built by numpy in
a few vectorised steps: a million nodes take about a second.
"""

from __future__ import annotations

import math

import numpy as np

from searchlab.core.errors import InputError
from searchlab.domains.routes.caps import MAX_GENERATED
from searchlab.domains.routes.graph import Graph, from_arcs

SPACING = 100.0
"""The lattice step, in metres."""


def road_graph(n: int, seed: int = 0, *, winding: float = 1.3, jitter: float = 0.35) -> Graph:
    """A road-like graph of ``n`` nodes drawn with ``seed`` (the same seed, the same graph)."""
    if not 2 <= n <= MAX_GENERATED:
        raise InputError(
            f"a generated graph has 2 to {MAX_GENERATED:,} nodes, not {n:,}", field="nodes"
        )
    rng = np.random.default_rng(seed)
    cols = math.ceil(math.sqrt(n))
    ids = np.arange(n, dtype=np.int64)
    row, col = np.divmod(ids, cols)
    xy = np.column_stack([col, row]).astype(np.float64)
    xy += rng.uniform(-jitter, jitter, size=(n, 2))
    xy = np.round(xy * SPACING)  # whole metres: files of whole numbers read fastest
    right = ids[(col + 1 < cols) & (ids + 1 < n)]
    down = ids[ids + cols < n]
    squares = ids[(col + 1 < cols) & (ids + cols + 1 < n)]
    flip = rng.random(len(squares)) < 0.5
    tails = np.concatenate([right, down, np.where(flip, squares + 1, squares)])
    heads = np.concatenate(
        [right + 1, down + cols, np.where(flip, squares + cols, squares + cols + 1)]
    )
    straight = np.hypot(*(xy[tails] - xy[heads]).T)
    # whole metres, rounded up: never shorter than the straight line
    weights = np.ceil(straight * rng.uniform(1.0, winding, size=len(tails)))
    return from_arcs(
        n,
        tails,
        heads,
        weights,
        directed=False,
        coords=xy,
        kind="plane",
        title=f"road:{n}:{seed}",
        check=False,
    )
