"""A drawn graph written as files the command line reads, and the editor's examples.

- DIMACS ``.gr`` (``searchlab route solve FILE.gr:1 --goal N``): nodes numbered from 1
  in the order drawn, an undirected edge written as two arcs; the node names and
  their h as comment lines (DIMACS has no place for them).
- CSV edge list (``searchlab route solve FILE.csv:START --goal GOAL``): one line an
  arc, ``source,target,weight``; the route reader takes it as undirected, so a
  directed graph is refused there (its arcs would run both ways).
- Python (``searchlab run FILE.py``): a problem file with the arcs, h and the start
  and goal, needing nothing but Python.

The examples: AIMA's Romania (``domains.routes.romania``), Bratko's graph of cities
(*Prolog Programming for Artificial Intelligence*, figure 12.2: a route from s to t,
the numbers beside the cities their straight-line distances to t; the figure gives
none for the start s, and 6 is used here, which keeps h consistent), and a small graph
on which greedy best-first search takes the dearer of two paths.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from searchlab.domains.routes.romania import LOCATIONS, ROADS, STRAIGHT_LINE_TO_BUCHAREST
from searchlab.web.fields import FieldError
from searchlab.web.graphs import DrawnGraph

FORMATS = ("json", "dimacs", "csv", "python")


def _cost(value: float) -> int | float:
    return int(value) if value.is_integer() else value


def to_dimacs(graph: DrawnGraph) -> str:
    """The graph as DIMACS shortest-path arcs (``p sp n m``, ``a tail head weight``)."""
    arcs = []
    for tail, head, cost in graph.arcs:
        arcs.append(f"a {tail + 1} {head + 1} {_cost(cost)!r}")
        if not graph.directed:
            arcs.append(f"a {head + 1} {tail + 1} {_cost(cost)!r}")
    lines = [f"c {graph.title}, drawn in searchlab's viewer"]
    lines.append(f"c start {graph.start + 1} ({graph.names[graph.start]}), "
                 f"goal {graph.goal + 1} ({graph.names[graph.goal]})")  # fmt: skip
    lines += [
        f"c node {i + 1} {name} h={_cost(h)!r}"
        for i, (name, h) in enumerate(zip(graph.names, graph.h, strict=True))
    ]
    lines.append(f"p sp {len(graph.names)} {len(arcs)}")
    return "\n".join([*lines, *arcs]) + "\n"


def to_csv(graph: DrawnGraph) -> str:
    """The graph as a CSV edge list with a header (``source,target,weight``)."""
    if graph.directed:
        raise FieldError(
            "format",
            "the route commands read a CSV edge list as undirected: export a directed graph "
            "as DIMACS",
        )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["source", "target", "weight"])
    for tail, head, cost in graph.arcs:
        writer.writerow([graph.names[tail], graph.names[head], _cost(cost)])
    return out.getvalue()


PYTHON = '''"""{title}: a graph drawn in searchlab's viewer, as a problem for `searchlab run`.

    searchlab run {file} --algorithm astar --heuristic drawn

A state is a node's name, a move the node it leads to; successors come in the order the
arcs were drawn. {promise}
"""

DIRECTED = {directed}
ARCS = {arcs}
"""(from, to, cost) as drawn{both}."""
H = {h}
"""The heuristic value drawn on each node."""
START = {start}
GOAL = {goal}


def drawn(state):
    """The heuristic value drawn on the node."""
    return H[state]


drawn.admissible = {admissible}  # checked against the exact costs to the goal


class DrawnGraph:
    """{title}, from START to GOAL."""

    initial = START
    heuristics = {{"drawn": drawn}}

    def __init__(self):
        self.out = {{name: [] for name in H}}
        for tail, head, cost in ARCS:
            self.out[tail].append((head, cost))
            if not DIRECTED:
                self.out[head].append((tail, cost))

    def successors(self, state):
        for head, cost in self.out[state]:
            yield head, head, cost

    def is_goal(self, state):
        return state == GOAL

    def format_state(self, state):
        return state

    def parse_state(self, text):
        if text.strip() not in H:
            raise ValueError(f"{{text.strip()!r}} is no node of the graph")
        return text.strip()


def problem():
    return DrawnGraph()
'''


def to_python(graph: DrawnGraph, admissible: bool, file: str = "graph.py") -> str:
    """The graph as a problem file ``searchlab run`` reads (plain Python)."""
    names = graph.names
    arcs = ",\n    ".join(
        repr((names[tail], names[head], _cost(cost))) for tail, head, cost in graph.arcs
    )
    h = ",\n    ".join(
        f"{name!r}: {_cost(value)!r}" for name, value in zip(names, graph.h, strict=True)
    )
    promise = (
        "The drawn h never overestimates (checked when exported)."
        if admissible
        else "The drawn h overestimates somewhere: A* may not find the cheapest path."
    )
    return PYTHON.format(
        title=graph.title,
        file=file,
        promise=promise,
        directed=graph.directed,
        arcs=f"[\n    {arcs},\n]" if arcs else "[]",
        both="" if graph.directed else "; each edge runs both ways",
        h=f"{{\n    {h},\n}}",
        start=repr(names[graph.start]),
        goal=repr(names[graph.goal]),
        admissible=admissible,
    )


# -- examples -------------------------------------------------------------------------
def _example(
    title: str,
    nodes: list[tuple[str, float, float, float]],
    arcs: list[tuple[str, str, float]],
    start: str,
    goal: str,
    note: str,
) -> dict[str, Any]:
    return {
        "title": title,
        "note": note,
        "directed": False,
        "nodes": [{"name": n, "x": x, "y": y, "h": h} for n, x, y, h in nodes],
        "arcs": [{"from": a, "to": b, "cost": c} for a, b, c in arcs],
        "start": start,
        "goal": goal,
    }


def romania() -> dict[str, Any]:
    """AIMA's Romania, Arad to Bucharest, h the straight-line distances (km)."""
    top = max(y for _, y in LOCATIONS.values())
    nodes = [
        (town, float(x - 60), float(top - y + 40), float(STRAIGHT_LINE_TO_BUCHAREST[town]))
        for town, (x, y) in LOCATIONS.items()
    ]
    return _example(
        "Romania (AIMA)",
        nodes,
        [(a, b, float(km)) for a, b, km in ROADS],
        "Arad",
        "Bucharest",
        "AIMA's road map: A* finds Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest (418 km);"
        " greedy best-first takes Fagaras (450 km).",
    )


def bratko() -> dict[str, Any]:
    """Bratko's figure 12.2: from s to t, h the straight-line distance to t."""
    nodes = [
        ("s", 40, 260, 6), ("a", 60, 160, 5), ("b", 120, 70, 4), ("c", 240, 60, 4),
        ("d", 360, 80, 3), ("e", 170, 260, 7), ("f", 300, 280, 4), ("g", 400, 230, 2),
        ("t", 440, 160, 0),
    ]  # fmt: skip
    arcs = [
        ("s", "a", 2), ("a", "b", 2), ("b", "c", 2), ("c", "d", 3), ("d", "t", 3),
        ("s", "e", 2), ("e", "f", 5), ("f", "g", 2), ("g", "t", 2),
    ]  # fmt: skip
    return _example(
        "Bratko's cities (figure 12.2)",
        [(n, float(x), float(y), float(h)) for n, x, y, h in nodes],
        [(a, b, float(c)) for a, b, c in arcs],
        "s",
        "t",
        "Bratko's best-first search goes a, b, c (f = 10), switches to e (f = 9), then f, g: "
        "the route s, e, f, g, t of length 11 (through a it is 12).",
    )


def greedy_fails() -> dict[str, Any]:
    """A graph on which greedy best-first search takes the dearer path (cost 11, not 6)."""
    return _example(
        "Greedy is not optimal",
        [("S", 60, 160, 2), ("A", 220, 60, 1), ("B", 220, 260, 3), ("G", 380, 160, 0)],
        [("S", "A", 1), ("A", "G", 10), ("S", "B", 3), ("B", "G", 3)],
        "S",
        "G",
        "h(A) = 1 looks closest, so greedy best-first goes S, A, G (cost 11); A* finds S, B, G "
        "(cost 6). h is admissible and consistent.",
    )


def examples() -> dict[str, dict[str, Any]]:
    """The editor's built-in graphs, by a short key."""
    return {"romania": romania(), "bratko": bratko(), "greedy": greedy_fails()}
