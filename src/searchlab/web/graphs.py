"""A graph drawn in the viewer's editor: read from the page's JSON (every size bounded,
every number finite), searched by any algorithm of the engine as a user's problem, and
its heuristic checked against the exact costs to the goal.

The page sends ``{"directed", "nodes": [{"name", "x", "y", "h"}], "arcs": [{"from",
"to", "cost"}], "start", "goal"}``. A state is a node's name and a move the name of
the node it leads to (as ``examples/romania.py`` has them); successors come in the
order the arcs were drawn. The heuristic ``drawn`` is the node's h; it is declared
admissible only when the exact check finds it so, so that a front end promises the
cheapest path only when it is one.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from searchlab.core.errors import InputError
from searchlab.domains.base import Domain
from searchlab.domains.user import problem_domain
from searchlab.web.fields import FieldError, refuse_unknown, shown

MAX_NODES = 200
"""Nodes a drawn graph may have (a page's drawing, not a road map)."""
MAX_ARCS = 2000
"""Arcs (or edges) a drawn graph may have."""
MAX_VALUE = 1e9
"""The largest cost, h, or coordinate's size: sums of a few hundred stay exact."""
MAX_NAME = 40
"""Characters of a node's name."""
NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_ .'-]*")
"""A node's name: letters, digits, spaces, ``_ . ' -``, not starting with a space or
``#`` (a CSV comment) and without ``:`` or ``,`` (the route commands' and CSV's
separators), so every export reads back as drawn."""
TITLE = re.compile(r"[\w .,'()*-]*")
"""A graph's title: words and a few marks, so that it is written safely into a file's
comment or docstring (no line break, quote or backslash)."""
EPSILON = 1e-9
"""How far h may pass the exact cost (or c + h) before it is reported: float sums."""
FIELDS = ("directed", "nodes", "arcs", "start", "goal", "title", "note")
"""A graph's fields (``note``: an example's words, sent back as they came, unread)."""


@dataclass(frozen=True)
class DrawnGraph:
    """A checked drawn graph: node names in the order drawn, their place and h, the arcs
    as (tail, head, cost) indices (an edge once when undirected), start and goal."""

    names: tuple[str, ...]
    xy: tuple[tuple[float, float], ...]
    h: tuple[float, ...]
    arcs: tuple[tuple[int, int, float], ...]
    directed: bool
    start: int
    goal: int
    title: str = "drawn graph"

    def neighbours(self) -> list[list[tuple[int, float]]]:
        """Each node's (head, cost) pairs, in the order the arcs were drawn (an edge
        leads both ways when the graph is undirected)."""
        out: list[list[tuple[int, float]]] = [[] for _ in self.names]
        for tail, head, cost in self.arcs:
            out[tail].append((head, cost))
            if not self.directed:
                out[head].append((tail, cost))
        return out

    def to_json(self) -> dict[str, Any]:
        """The graph as the page sends it (``read_graph`` reads it back)."""
        return {
            "title": self.title,
            "directed": self.directed,
            "nodes": [
                {"name": name, "x": x, "y": y, "h": h}
                for name, (x, y), h in zip(self.names, self.xy, self.h, strict=True)
            ],
            "arcs": [
                {"from": self.names[tail], "to": self.names[head], "cost": cost}
                for tail, head, cost in self.arcs
            ],
            "start": self.names[self.start],
            "goal": self.names[self.goal],
        }


def _number(value: Any, field: str, what: str, *, low: float) -> float:
    """A finite number within [low, MAX_VALUE] (a numeric string as typed is read)."""
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise FieldError(field, f"{what} must be a number, not {shown(value)}") from None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise FieldError(field, f"{what} must be a number, not {shown(value)}")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= MAX_VALUE:
        raise FieldError(field, f"{what} must be a number from {low:g} to {MAX_VALUE:g}")
    return number


def _name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldError(field, "a node's name must be text, and not empty")
    name = value.strip()
    if len(name) > MAX_NAME or not NAME.fullmatch(name):
        raise FieldError(
            field,
            f"the node name {shown(name[:MAX_NAME])} is not allowed: at most {MAX_NAME} letters, "
            "digits, spaces and _ . ' - (no : or ,)",
        )
    return name


def _list(value: Any, field: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise FieldError(field, f"{field} must be a list")
    if len(value) > most:
        raise FieldError(field, f"a drawn graph has at most {most} {field.split('.')[-1]}")
    return value


def _object(value: Any, field: str, fields: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise FieldError(field, f"{field} must be an object")
    try:
        refuse_unknown(value, fields, field)
    except InputError as error:
        raise FieldError(field, str(error)) from None
    return value


def read_graph(value: Any) -> DrawnGraph:
    """The drawn graph ``value`` (the page's JSON), checked.

    Args:
        value: the JSON object the page sends (see the module docstring).

    Returns:
        The graph, its names stripped and its numbers as floats.

    Raises:
        FieldError: a field is missing, malformed or out of bounds; the error names it
            (``graph.nodes[2].h``) and says what is allowed.

    Examples:
        >>> graph = read_graph({"nodes": [{"name": "S", "h": 1}, {"name": "G"}],
        ...     "arcs": [{"from": "S", "to": "G", "cost": 2}], "start": "S", "goal": "G"})
        >>> graph.names, graph.arcs, graph.directed
        (('S', 'G'), ((0, 1, 2.0),), False)
    """
    body = _object(value, "graph", FIELDS)
    directed = body.get("directed", False)
    if not isinstance(directed, bool):
        raise FieldError("graph.directed", "directed must be true or false")
    title = body.get("title", "drawn graph")
    if not isinstance(title, str) or len(title) > 80 or not TITLE.fullmatch(title):
        raise FieldError(
            "graph.title",
            "the title must be at most 80 letters, digits, spaces and _ . , ' ( ) * -",
        )
    nodes = _list(body.get("nodes"), "graph.nodes", MAX_NODES)
    if not nodes:
        raise FieldError("graph.nodes", "draw at least one node")
    index: dict[str, int] = {}
    xy: list[tuple[float, float]] = []
    hs: list[float] = []
    for at, node in enumerate(nodes):
        where = f"graph.nodes[{at}]"
        entry = _object(node, where, ("name", "x", "y", "h"))
        name = _name(entry.get("name"), f"{where}.name")
        if name in index:
            raise FieldError(f"{where}.name", f"two nodes are called {shown(name)}")
        index[name] = at
        x = _number(entry.get("x", 0), f"{where}.x", "x", low=-MAX_VALUE)
        y = _number(entry.get("y", 0), f"{where}.y", "y", low=-MAX_VALUE)
        xy.append((x, y))
        hs.append(_number(entry.get("h", 0), f"{where}.h", f"h({name})", low=0.0))
    arcs: list[tuple[int, int, float]] = []
    seen: set[tuple[int, int]] = set()
    for at, arc in enumerate(_list(body.get("arcs", []), "graph.arcs", MAX_ARCS)):
        where = f"graph.arcs[{at}]"
        entry = _object(arc, where, ("from", "to", "cost"))
        ends = []
        for end in ("from", "to"):
            name = _name(entry.get(end), f"{where}.{end}")
            if name not in index:
                raise FieldError(f"{where}.{end}", f"arc {at + 1} names no node: {shown(name)}")
            ends.append(index[name])
        tail, head = ends
        if tail == head:
            raise FieldError(where, f"arc {at + 1} leads from {nodes[tail]['name']} to itself")
        key = (tail, head) if directed else (min(tail, head), max(tail, head))
        if key in seen:
            raise FieldError(where, f"arc {at + 1} repeats the arc between its two nodes")
        seen.add(key)
        cost = _number(entry.get("cost", 1), f"{where}.cost", f"the cost of arc {at + 1}", low=0.0)
        arcs.append((tail, head, cost))
    ends = []
    for end in ("start", "goal"):
        name = _name(body.get(end), f"graph.{end}")
        if name not in index:
            raise FieldError(f"graph.{end}", f"the {end} {shown(name)} is no node of the graph")
        ends.append(index[name])
    names = tuple(index)
    return DrawnGraph(names, tuple(xy), tuple(hs), tuple(arcs), directed, ends[0], ends[1], title)


def exact_costs(graph: DrawnGraph) -> list[float]:
    """The cheapest cost from each node to the goal (``inf``: the goal cannot be
    reached), by Dijkstra's algorithm from the goal over the arcs reversed.

    Args:
        graph: a checked drawn graph.

    Returns:
        The costs in the order of ``graph.names``.

    Examples:
        >>> graph = read_graph({"directed": True, "nodes": [{"name": "S"}, {"name": "A"},
        ...     {"name": "G"}], "arcs": [{"from": "S", "to": "A", "cost": 1},
        ...     {"from": "A", "to": "G", "cost": 2}, {"from": "S", "to": "G", "cost": 5}],
        ...     "start": "S", "goal": "G"})
        >>> exact_costs(graph)
        [3.0, 2.0, 0.0]
    """
    into: list[list[tuple[int, float]]] = [[] for _ in graph.names]
    for tail, heads in enumerate(graph.neighbours()):
        for head, cost in heads:
            into[head].append((tail, cost))
    best = [math.inf] * len(graph.names)
    best[graph.goal] = 0.0
    queue = [(0.0, graph.goal)]
    while queue:
        cost, node = heapq.heappop(queue)
        if cost > best[node]:
            continue
        for tail, step in into[node]:
            if cost + step < best[tail]:
                best[tail] = cost + step
                heapq.heappush(queue, (cost + step, tail))
    return best


def _n(value: float) -> str:
    return f"{value:g}" if value != math.inf else "∞"


def heuristic_warnings(graph: DrawnGraph) -> list[dict[str, Any]]:
    """Where the drawn h breaks a promise: each node whose h passes its exact cost to
    the goal (not admissible), and each arc u→v with h(u) > c(u,v) + h(v) (not
    consistent), said in words and naming the node or arc.

    Args:
        graph: a checked drawn graph.

    Returns:
        One dict a broken promise: ``kind`` ("admissible" or "consistent"), ``node``
        or ``arc`` (its two names), and ``message``; empty when h keeps both.

    Examples:
        >>> graph = read_graph({"nodes": [{"name": "S", "h": 9}, {"name": "G"}],
        ...     "arcs": [{"from": "S", "to": "G", "cost": 2}], "start": "S", "goal": "G"})
        >>> for warning in heuristic_warnings(graph):
        ...     print(warning["message"])
        not admissible: h(S) = 9 but the cheapest path from S to the goal G costs 2
        not consistent: on the arc S → G, h(S) = 9 > c(S, G) + h(G) = 2 + 0
    """
    names, h = graph.names, graph.h
    exact = exact_costs(graph)
    goal = names[graph.goal]
    found: list[dict[str, Any]] = []
    for node, (estimate, cost) in enumerate(zip(h, exact, strict=True)):
        if estimate > cost + EPSILON:
            found.append({
                "kind": "admissible",
                "node": names[node],
                "message": f"not admissible: h({names[node]}) = {_n(estimate)} but the cheapest "
                f"path from {names[node]} to the goal {goal} costs {_n(cost)}",
            })  # fmt: skip
    for tail, heads in enumerate(graph.neighbours()):
        for head, cost in heads:
            if h[tail] > cost + h[head] + EPSILON:
                u, v = names[tail], names[head]
                found.append({
                    "kind": "consistent",
                    "arc": [u, v],
                    "message": f"not consistent: on the arc {u} → {v}, h({u}) = {_n(h[tail])} > "
                    f"c({u}, {v}) + h({v}) = {_n(cost)} + {_n(h[head])}",
                })  # fmt: skip
    return found


def check_json(graph: DrawnGraph) -> dict[str, Any]:
    """``POST /api/graphs/check``: the exact cost from each node to the goal (None: it
    cannot be reached) and the heuristic's warnings."""
    exact = exact_costs(graph)
    return {
        "exact": {
            name: None if cost == math.inf else cost
            for name, cost in zip(graph.names, exact, strict=True)
        },
        "warnings": heuristic_warnings(graph),
    }


class Drawn:
    """The drawn h of each node: admissible only if the exact check found it so."""

    def __init__(self, h: Mapping[str, float], admissible: bool) -> None:
        self.h = dict(h)
        self.admissible = admissible

    def __call__(self, state: str) -> float:
        return self.h[state]


class GraphProblem:
    """A graph drawn in the viewer: from the start to the goal along its arcs."""

    def __init__(self, graph: DrawnGraph) -> None:
        self.graph = graph
        names = graph.names
        self.initial = names[graph.start]
        self.goal = names[graph.goal]
        self.arcs = {
            names[tail]: [(names[head], cost) for head, cost in heads]
            for tail, heads in enumerate(graph.neighbours())
        }
        admissible = not any(w["kind"] == "admissible" for w in heuristic_warnings(graph))
        self.heuristics = {"drawn": Drawn(dict(zip(names, graph.h, strict=True)), admissible)}

    def successors(self, state: Hashable) -> Iterator[tuple[str, str, float]]:
        for head, cost in self.arcs[str(state)]:
            yield head, head, cost

    def is_goal(self, state: Hashable) -> bool:
        return state == self.goal

    def format_state(self, state: Hashable) -> str:
        return str(state)

    def parse_state(self, text: str) -> str:
        name = text.strip()
        if name not in self.arcs:
            raise InputError(f"{shown(name)} is no node of the graph", field="start")
        return name


def graph_domain(graph: DrawnGraph) -> Domain[Any, Any]:
    """The drawn graph as a domain every front end searches (a user's problem)."""
    return problem_domain(GraphProblem(graph), "graph", graph.title)


def graph_body(body: Mapping[str, Any]) -> tuple[DrawnGraph, dict[str, Any]]:
    """A graph search's request: the graph, and the rest of the fields (the search's)
    with the start left to the graph's own."""
    if "graph" not in body:
        raise FieldError("graph", "the request has no graph")
    if body.get("start") not in (None, ""):
        raise FieldError("start", "the start is the graph's own: set it in the graph")
    graph = read_graph(body["graph"])
    rest = {name: value for name, value in body.items() if name not in ("graph", "goal")}
    rest["start"] = ""
    return graph, rest
