"""A route as a searchlab problem: states are node numbers, a move is the node (or, on
a grid, the compass direction) stepped to, and its cost the arc's weight; so every
generic algorithm of the engine (A*, uniform-cost, greedy, ...) runs on a graph and
reports its usual events and statistics. The estimates toward the goal live here too.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from searchlab.core.errors import InputError
from searchlab.domains.routes.graph import CoordKind, FloatArray, Graph, arc_lengths
from searchlab.domains.routes.landmarks import Landmarks
from searchlab.domains.routes.romania import romania, straight_line_table

COMPASS = {
    (1, 0): "E",
    (-1, 0): "W",
    (0, 1): "S",
    (0, -1): "N",
    (1, 1): "SE",
    (-1, 1): "SW",
    (1, -1): "NE",
    (-1, -1): "NW",
}

METRICS: dict[str, CoordKind] = {
    "straight-line": "plane",
    "great-circle": "geographic",
    "manhattan": "plane",
    "octile": "grid",
}


class Lists:
    """A graph's arrays as Python lists: the generic engine steps one arc at a time, and
    list indexing is several times cheaper than reading numpy scalars."""

    def __init__(self, graph: Graph) -> None:
        self.indptr: list[int] = graph.indptr.tolist()
        self.indices: list[int] = graph.indices.tolist()
        self.weights: list[float] = graph.weights.tolist()


_LISTS: dict[int, tuple[Graph, Lists]] = {}


def lists(graph: Graph) -> Lists:
    """The lists of ``graph``, made once; in a web request, lists larger than its
    allowance keeps (some 36 bytes an entry) are held for that request only."""
    from searchlab.core import allowance

    budget = allowance.current()
    key = ("lists", id(graph))
    held = _LISTS.get(id(graph)) or (budget.built.get(key) if budget is not None else None)
    if held is None or held[0] is not graph:
        held = (graph, Lists(graph))
        if budget is not None and not allowance.may_keep(36 * (graph.n + 2 * graph.arcs)):
            budget.built[key] = held
            return held[1]
        if len(_LISTS) > 8:
            _LISTS.clear()
        _LISTS[id(graph)] = held
    return held[1]


class RouteProblem:
    """From ``source`` to ``target`` over ``graph`` (``reverse``: over the arcs turned
    round, for a search backwards from the goal)."""

    def __init__(self, graph: Graph, source: int, target: int) -> None:
        self.graph = graph
        self.source = source
        self.target = target
        self.arrays = lists(graph)

    @property
    def initial(self) -> int:
        return self.source

    def is_goal(self, state: int) -> bool:
        return state == self.target

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        a = self.arrays
        name = self.move_name
        for e in range(a.indptr[state], a.indptr[state + 1]):
            v = a.indices[e]
            yield name(state, v), v, a.weights[e]

    def state_of(self, node: int) -> int:
        """The state standing for a node in events (a subclass names it)."""
        return node

    def move_name(self, u: int, v: int) -> str:
        """The move from ``u`` to ``v``: its compass direction on a grid, else ``v``'s name."""
        graph = self.graph
        if graph.kind == "grid" and graph.grid is not None:
            width = graph.grid.width  # type: ignore[attr-defined]
            dy, dx = divmod(v, width)
            uy, ux = divmod(u, width)
            return COMPASS.get((dx - ux, dy - uy), graph.name(v))
        return graph.name(v)


class Node(int):
    """A node number that prints as its name (``Arad``, ``3,4``): states of the
    generic engine stay integers, and every front end writes them as people do."""

    name: str
    route: Any = None  # the route it was found on, once a search returns it

    def __new__(cls, index: int, name: str) -> Node:
        node = super().__new__(cls, index)
        node.name = name
        return node

    def __str__(self) -> str:
        return self.name

    __repr__ = __str__

    def __getnewargs__(self) -> tuple[int, str]:  # type: ignore[override]
        return int(self), self.name


class NamedRoute(RouteProblem):
    """A route whose states print as names (the generic engine's view of a graph)."""

    landmarks: Landmarks | None = None
    hierarchy: Any = None  # the graph's contraction hierarchy, for the search "ch"

    @property
    def initial(self) -> int:
        return Node(self.source, self.graph.name(self.source))

    def state_of(self, node: int) -> int:
        return Node(node, self.graph.name(node))

    def successors(self, state: int) -> Any:
        name = self.graph.name
        for move, v, cost in super().successors(state):
            yield move, Node(v, name(v)), cost


_SCALES: dict[tuple[int, str], tuple[weakref.ref[Graph], float]] = {}
"""Each graph's scales, by the graph's id: a weak reference, which does not keep a
graph alive once nothing else uses it (a web request's)."""


def metric_scale(graph: Graph, metric: str) -> float:
    """The smallest ratio of an arc's weight to its length by ``metric``: the metric
    times it never overestimates on this graph (each arc costs at least that times its
    length, and the metric obeys the triangle inequality), so it is admissible and
    consistent whatever the weights mean."""
    key = (id(graph), metric)
    held = _SCALES.get(key)
    if held is not None and held[0]() is graph:
        return held[1]
    if graph.coords is None:
        raise InputError(f"the {metric} estimate needs coordinates: this graph has none")
    kind: CoordKind = "geographic" if metric == "great-circle" else "plane"
    if metric == "manhattan":
        lengths = _manhattan(graph)
    elif metric == "octile":
        lengths = arc_lengths(graph, "grid")
    else:
        lengths = arc_lengths(graph, kind)
    positive = lengths > 0
    scale = float(np.min(graph.weights[positive] / lengths[positive])) if positive.any() else 1.0
    scale = min(scale, 1.0) if graph.kind == "grid" else scale
    for dead in [known for known, (ref, _) in _SCALES.items() if ref() is None]:
        del _SCALES[dead]
    _SCALES[key] = (weakref.ref(graph), scale)
    return scale


def _manhattan(graph: Graph) -> FloatArray:
    assert graph.coords is not None
    tails = np.repeat(np.arange(graph.n), np.diff(graph.indptr))
    diff = np.abs(graph.coords[tails] - graph.coords[graph.indices])
    return diff.sum(axis=1)  # type: ignore[no-any-return]


@dataclass(eq=False)
class Estimate:
    """An estimate of the cost from a node to ``target``: a heuristic for the engine
    (called with a node) that can also turn round (``toward``) for bidirectional A*."""

    kind: str  # a key of kernel.MODES
    graph: Graph
    target: int
    scale: float = 1.0
    landmarks: Landmarks | None = None
    table: dict[int, float] | None = None
    backward: bool = False  # estimates the cost from ``target`` to a node instead

    def __post_init__(self) -> None:
        graph = self.graph
        self._xy = graph.coords
        t = self.target
        if self.kind in METRICS and self._xy is not None:
            self._tx, self._ty = float(self._xy[t, 0]), float(self._xy[t, 1])

    def __call__(self, v: int) -> float:
        kind = self.kind
        if kind == "zero":
            return 0.0
        if kind == "table":
            assert self.table is not None
            return self.table[v]
        if kind == "landmarks":
            assert self.landmarks is not None
            if self.backward:
                return self.landmarks.estimate(self.target, v)
            return self.landmarks.estimate(v, self.target)
        assert self._xy is not None
        x, y = float(self._xy[v, 0]), float(self._xy[v, 1])
        dx, dy = abs(x - self._tx), abs(y - self._ty)
        if kind == "straight-line":
            return self.scale * math.hypot(dx, dy)
        if kind == "manhattan":
            return self.scale * (dx + dy)
        if kind == "octile":
            return self.scale * (max(dx, dy) + (math.sqrt(2) - 1) * min(dx, dy))
        lat1, lat2 = math.radians(y), math.radians(self._ty)
        s = (
            math.sin((lat2 - lat1) / 2) ** 2
            + math.cos(lat1) * math.cos(lat2) * math.sin(math.radians(self._tx - x) / 2) ** 2
        )
        return self.scale * 2 * 6_371_000.0 * math.asin(math.sqrt(min(s, 1.0)))

    def toward(self, source: int) -> Estimate:
        """The estimate of the cost from ``source`` to a node (for the search backwards
        from the goal): a metric is symmetric; landmarks bound d(source, v) their own
        way; a table (the book's distances to Bucharest) gives way to the coordinates."""
        if self.kind == "table":
            metric = "straight-line"
            return Estimate(metric, self.graph, source, metric_scale(self.graph, metric))
        return Estimate(
            self.kind, self.graph, source, self.scale, self.landmarks, None, not self.backward
        )


def build_estimate(
    name: str, graph: Graph, target: int, landmarks: Landmarks | None = None
) -> Estimate:
    """The heuristic called ``name`` toward ``target`` (an InputError if the graph cannot
    give it: no coordinates, or no longitude and latitude for great circles)."""
    if name == "landmarks":
        if landmarks is None:
            raise InputError(
                "the landmarks estimate needs landmarks built first", field="heuristic"
            )
        return Estimate("landmarks", graph, target, landmarks=landmarks)
    if name == "straight-line":
        table = straight_line_table(graph, target)
        if table is not None:
            return Estimate("table", graph, target, table=table)
    if graph.coords is None:
        raise InputError(
            f"the {name} estimate needs coordinates: this graph has none (landmarks need none)",
            field="heuristic",
            hint=("heuristic", "landmarks"),
        )
    if name == "great-circle" and graph.kind != "geographic":
        raise InputError(
            "the great-circle estimate needs longitude and latitude: this graph's "
            "coordinates are on a plane",
            field="heuristic",
            hint=("heuristic", "straight-line"),
        )
    if name in ("straight-line", "manhattan", "octile") and graph.kind == "geographic":
        raise InputError(
            f"the {name} estimate needs plane coordinates: this graph's are longitude and latitude",
            field="heuristic",
            hint=("heuristic", "great-circle"),
        )
    return Estimate(name, graph, target, metric_scale(graph, name))


def default_heuristic(graph: Graph) -> str:
    """The tightest estimate the graph allows by its coordinates."""
    if graph.kind == "grid":
        grid = graph.grid
        return "manhattan" if getattr(grid, "neighbours", 8) == 4 else "octile"
    if graph.kind == "geographic":
        return "great-circle"
    if graph.kind == "plane":
        return "straight-line"
    return "landmarks"


def romania_trip(start: str = "Arad", goal: str = "Bucharest") -> tuple[NamedRoute, Estimate]:
    """AIMA's Romania from ``start`` to ``goal``, with the straight-line estimate (the
    book's table when the goal is Bucharest): the route the docs' examples search.

    Examples:
        >>> trip, h = romania_trip("Lugoj")
        >>> trip.initial, h(trip.initial)
        (Lugoj, 244.0)
    """
    graph = romania()
    target = graph.node(goal)
    trip = NamedRoute(graph, graph.node(start), target)
    return trip, build_estimate("straight-line", graph, target)


Potential = Callable[[int], float]
