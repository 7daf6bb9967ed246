"""A weighted graph stored as arrays (compressed sparse rows), so that a graph of
millions of edges fits in memory and loads in seconds.

Nodes are numbered 0..n-1. The arcs out of node ``u`` are ``indices[indptr[u]:
indptr[u+1]]`` with costs ``weights[...]``; an undirected graph stores each edge as two
arcs. Nodes may carry names (Romania's towns, a GraphML file's ids) and coordinates
(``kind`` says how to measure between them: ``plane``, ``geographic`` longitude and
latitude in degrees, or ``grid`` cells).
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from searchlab.core.errors import InputError

CoordKind = Literal["none", "plane", "geographic", "grid"]

MAX_NODES = 50_000_000
"""The most nodes a graph may have (about 2 GB of arrays with its arcs)."""
MAX_ARCS = 200_000_000
"""The most arcs a graph may have."""
MAX_WEIGHT = float(2**53)
"""The largest weight: past 2⁵³ whole numbers are no longer exact in a float, and with
at most ``MAX_ARCS`` arcs no path's cost can reach infinity (1e308)."""
MAX_COORD = float(2**53)
"""The largest coordinate on a plane: differences and straight lines between any two
stay finite and exact enough for an admissible estimate."""

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
FloatArray = npt.NDArray[np.float64]


@dataclass(eq=False)
class Graph:
    """A weighted graph in compressed sparse rows, with optional names and coordinates."""

    indptr: IntArray  # n + 1 offsets into indices and weights
    indices: Int32Array  # the head of each arc
    weights: FloatArray  # the cost of each arc (0 or more, finite)
    directed: bool = False
    names: tuple[str, ...] | None = None  # a name per node, or None: nodes are numbers
    coords: FloatArray | None = None  # n × 2 (x, y), or None
    kind: CoordKind = "none"
    title: str = ""
    first_id: int = 0  # the number the first node is written with (DIMACS counts from 1)
    grid: object | None = None  # the GridMap a grid graph was built from
    _index: dict[str, int] | None = field(default=None, repr=False)
    _reverse: Graph | None = field(default=None, repr=False)
    _fingerprint: str | None = field(default=None, repr=False)

    @property
    def n(self) -> int:
        return len(self.indptr) - 1

    @property
    def arcs(self) -> int:
        return len(self.indices)

    @property
    def edges(self) -> int:
        """Edges as people count them: arcs, or arcs / 2 for an undirected graph."""
        return self.arcs if self.directed else self.arcs // 2

    def neighbours(self, node: int) -> list[tuple[int, float]]:
        start, end = int(self.indptr[node]), int(self.indptr[node + 1])
        return list(
            zip(self.indices[start:end].tolist(), self.weights[start:end].tolist(), strict=True)
        )

    def name(self, node: int) -> str:
        """How a node is written: its name, its cell ``x,y``, or its number."""
        if self.names is not None:
            return self.names[node]
        if self.kind == "grid" and self.coords is not None:
            return f"{int(self.coords[node, 0])},{int(self.coords[node, 1])}"
        return str(node + self.first_id)

    def node(self, text: str) -> int:
        """The node written as ``text`` (a name, a number, or a grid cell ``x,y``)."""
        key = text.strip()
        if self.names is not None:
            if self._index is None:
                self._index = {name: i for i, name in enumerate(self.names)}
            found = self._index.get(key)
            if found is not None:
                return found  # an exact name wins over any other's alias
            alike = [i for i, name in enumerate(self.names) if name.lower() == key.lower()]
            if len(alike) == 1:
                return alike[0]
            if alike:
                shown = ", ".join(repr(self.names[i]) for i in alike[:4])
                raise InputError(
                    f"node {key!r} is ambiguous: {shown} differ only in case; write one exactly"
                )
            sample = ", ".join(self.names[:6]) + (", …" if self.n > 6 else "")
            raise InputError(f"unknown node {key!r}: the nodes are {sample}")
        if self.grid is not None:
            return self.grid.cell(key)  # type: ignore[attr-defined, no-any-return]
        try:
            number = int(key)
        except ValueError:
            raise InputError(
                f"unknown node {key!r}: nodes are numbered {self.first_id} to "
                f"{self.n - 1 + self.first_id}"
            ) from None
        if not self.first_id <= number < self.n + self.first_id:
            raise InputError(
                f"unknown node {number}: nodes are numbered {self.first_id} to "
                f"{self.n - 1 + self.first_id}"
            )
        return number - self.first_id

    def reverse(self) -> Graph:
        """The graph with every arc turned round (itself when undirected)."""
        if not self.directed:
            return self
        if self._reverse is None:
            tails = np.repeat(np.arange(self.n, dtype=np.int32), np.diff(self.indptr))
            self._reverse = from_arcs(
                self.n, self.indices, tails, self.weights, directed=True, check=False
            )
        return self._reverse

    def fingerprint(self) -> str:
        """A digest of the arcs and weights: landmarks computed for it are reused only
        for the very same graph."""
        if self._fingerprint is None:
            digest = hashlib.sha256()
            for array in (self.indptr, self.indices, self.weights):
                digest.update(np.ascontiguousarray(array).tobytes())
            digest.update(b"d" if self.directed else b"u")
            self._fingerprint = digest.hexdigest()[:24]
        return self._fingerprint

    def cost_of(self, path: Sequence[int]) -> float:
        """The cost of a path, each step along the cheapest arc between its nodes."""
        total = 0.0
        for a, b in itertools.pairwise(path):
            start, end = int(self.indptr[a]), int(self.indptr[a + 1])
            heads = self.indices[start:end]
            found = self.weights[start:end][heads == b]
            if not len(found):
                raise ValueError(f"no arc from {a} to {b}")
            total += float(found.min())
        return total


WEIGHT_RULE = f"weights must be 0 to 2^53 ({MAX_WEIGHT:,.0f}), where sums stay exact"


def check_weights(weights: FloatArray, where: str = "") -> None:
    """Refuse a negative, NaN or infinite weight (every search here needs costs ≥ 0),
    or one past ``MAX_WEIGHT`` (the engines would no longer compute its sums exactly)."""
    bad = ~(weights >= 0) | (weights > MAX_WEIGHT)
    if bad.any():
        first = int(np.argmax(bad))
        raise InputError(f"{where}arc {first + 1} has weight {weights[first]}: {WEIGHT_RULE}")


def check_coords(coords: FloatArray, kind: CoordKind, where: str = "") -> None:
    """Refuse coordinates the estimates cannot measure between: not finite, past
    ``MAX_COORD`` on a plane, or longitude outside ±180° or latitude outside ±90° where
    great circles are measured."""
    x, y = coords[:, 0], coords[:, 1]
    if kind == "geographic":
        bad = ~(np.abs(x) <= 180.0) | ~(np.abs(y) <= 90.0)
        rule = "longitude must be -180 to 180 degrees and latitude -90 to 90"
    else:
        bad = ~(np.abs(x) <= MAX_COORD) | ~(np.abs(y) <= MAX_COORD)
        rule = f"coordinates must be finite and at most 2^53 ({MAX_COORD:,.0f}) across"
    if bad.any():
        first = int(np.argmax(bad))
        raise InputError(
            f"{where}node {first + 1} has coordinates ({x[first]:g}, {y[first]:g}): {rule}"
        )


def from_arcs(
    n: int,
    tails: npt.ArrayLike,
    heads: npt.ArrayLike,
    weights: npt.ArrayLike,
    *,
    directed: bool,
    names: Sequence[str] | None = None,
    coords: npt.ArrayLike | None = None,
    kind: CoordKind = "none",
    title: str = "",
    first_id: int = 0,
    check: bool = True,
) -> Graph:
    """A graph from arrays of arcs (node numbers 0..n-1). An undirected graph is given
    each edge once and stores it both ways."""
    if not 0 <= n <= MAX_NODES:
        raise InputError(f"a graph may have at most {MAX_NODES:,} nodes, not {n:,}")
    t = np.asarray(tails, dtype=np.int64)
    h = np.asarray(heads, dtype=np.int64)
    w = np.asarray(weights, dtype=np.float64)
    if check:
        check_weights(w)
        if len(t) and (t.min() < 0 or t.max() >= n or h.min() < 0 or h.max() >= n):
            raise InputError(f"an arc names a node outside 0..{n - 1}")
    if not directed:
        t, h = np.concatenate([t, h]), np.concatenate([h, t])
        w = np.concatenate([w, w])
    if len(t) > MAX_ARCS:
        raise InputError(f"a graph may have at most {MAX_ARCS:,} arcs, not {len(t):,}")
    # arcs grouped by tail, in the order given within a tail (stable); a file already
    # grouped (DIMACS as usually written) needs no sort at all
    order = None if np.all(t[1:] >= t[:-1]) else np.argsort(t, kind="stable")
    counts = np.bincount(t, minlength=n)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts, out=indptr[1:])
    xy = None if coords is None else np.asarray(coords, dtype=np.float64).reshape(n, 2)
    if xy is not None:
        check_coords(xy, kind, f"{title}: " if title else "")
    return Graph(
        indptr,
        (h if order is None else h[order]).astype(np.int32),
        w if order is None else w[order],
        directed,
        None if names is None else tuple(names),
        xy,
        kind if xy is not None else "none",
        title,
        first_id,
    )


def undirected_if_symmetric(graph: Graph) -> Graph:
    """``graph`` marked undirected when every arc has a twin the other way of equal cost
    (a DIMACS road network writes each road as two arcs): the arrays stay as they are,
    the way an undirected graph keeps them, and whatever is built per direction (ALT's
    tables) is then built once."""
    n, arcs = graph.n, graph.arcs
    if not graph.directed or arcs % 2 or n == 0:
        return graph
    tails = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))
    heads = graph.indices.astype(np.int64)
    forward = np.lexsort((graph.weights, tails * n + heads))
    backward = np.lexsort((graph.weights, heads * n + tails))
    same = np.array_equal(tails[forward], heads[backward]) and np.array_equal(
        heads[forward], tails[backward]
    )
    if not same or not np.array_equal(graph.weights[forward], graph.weights[backward]):
        return graph
    graph.directed = False
    graph._fingerprint = None
    return graph


EARTH_RADIUS = 6_371_000.0
"""The Earth's mean radius in metres (great-circle distances)."""


def distance(kind: CoordKind, a: FloatArray, b: FloatArray) -> FloatArray:
    """Distances between coordinates ``a`` and ``b`` (rows of x, y), as ``kind`` measures
    them: straight lines, great circles in metres (x longitude, y latitude in degrees),
    or octile moves on a grid."""
    dx = np.abs(a[..., 0] - b[..., 0])
    dy = np.abs(a[..., 1] - b[..., 1])
    if kind == "geographic":
        lon1, lat1 = np.radians(a[..., 0]), np.radians(a[..., 1])
        lon2, lat2 = np.radians(b[..., 0]), np.radians(b[..., 1])
        s = (
            np.sin((lat2 - lat1) / 2) ** 2
            + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
        )
        result: FloatArray = 2 * EARTH_RADIUS * np.arcsin(np.sqrt(np.minimum(s, 1.0)))
        return result
    if kind == "grid":
        return np.maximum(dx, dy) + (math.sqrt(2) - 1) * np.minimum(dx, dy)
    return np.hypot(dx, dy)


def arc_lengths(graph: Graph, kind: CoordKind) -> FloatArray:
    """The length of every arc as ``kind`` measures between its ends' coordinates."""
    assert graph.coords is not None
    tails = np.repeat(np.arange(graph.n), np.diff(graph.indptr))
    return distance(kind, graph.coords[tails], graph.coords[graph.indices])
