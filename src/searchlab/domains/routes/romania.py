"""AIMA's Romania (Russell & Norvig, Figure 3.2): twenty towns, road distances in km,
and the straight-line distances to Bucharest of Figure 3.22 (the table A* is taught
with). The coordinates, for drawing and for straight lines to other towns, are
aima-python's ``romania_map.locations``."""

from __future__ import annotations

from functools import cache

from searchlab.domains.routes.graph import Graph, from_arcs

ROADS: tuple[tuple[str, str, int], ...] = (
    ("Arad", "Zerind", 75),
    ("Arad", "Sibiu", 140),
    ("Arad", "Timisoara", 118),
    ("Bucharest", "Urziceni", 85),
    ("Bucharest", "Pitesti", 101),
    ("Bucharest", "Giurgiu", 90),
    ("Bucharest", "Fagaras", 211),
    ("Craiova", "Drobeta", 120),
    ("Craiova", "Rimnicu Vilcea", 146),
    ("Craiova", "Pitesti", 138),
    ("Drobeta", "Mehadia", 75),
    ("Eforie", "Hirsova", 86),
    ("Fagaras", "Sibiu", 99),
    ("Hirsova", "Urziceni", 98),
    ("Iasi", "Vaslui", 92),
    ("Iasi", "Neamt", 87),
    ("Lugoj", "Timisoara", 111),
    ("Lugoj", "Mehadia", 70),
    ("Oradea", "Zerind", 71),
    ("Oradea", "Sibiu", 151),
    ("Pitesti", "Rimnicu Vilcea", 97),
    ("Rimnicu Vilcea", "Sibiu", 80),
    ("Urziceni", "Vaslui", 142),
)

STRAIGHT_LINE_TO_BUCHAREST: dict[str, int] = {
    "Arad": 366,
    "Bucharest": 0,
    "Craiova": 160,
    "Drobeta": 242,
    "Eforie": 161,
    "Fagaras": 176,
    "Giurgiu": 77,
    "Hirsova": 151,
    "Iasi": 226,
    "Lugoj": 244,
    "Mehadia": 241,
    "Neamt": 234,
    "Oradea": 380,
    "Pitesti": 100,
    "Rimnicu Vilcea": 193,
    "Sibiu": 253,
    "Timisoara": 329,
    "Urziceni": 80,
    "Vaslui": 199,
    "Zerind": 374,
}

LOCATIONS: dict[str, tuple[int, int]] = {
    "Arad": (91, 492),
    "Bucharest": (400, 327),
    "Craiova": (253, 288),
    "Drobeta": (165, 299),
    "Eforie": (562, 293),
    "Fagaras": (305, 449),
    "Giurgiu": (375, 270),
    "Hirsova": (534, 350),
    "Iasi": (473, 506),
    "Lugoj": (165, 379),
    "Mehadia": (168, 339),
    "Neamt": (406, 537),
    "Oradea": (131, 571),
    "Pitesti": (320, 368),
    "Rimnicu Vilcea": (233, 410),
    "Sibiu": (207, 457),
    "Timisoara": (94, 410),
    "Urziceni": (456, 350),
    "Vaslui": (509, 444),
    "Zerind": (108, 531),
}

TOWNS: tuple[str, ...] = tuple(sorted(LOCATIONS))


@cache
def romania() -> Graph:
    """The road map of Romania as an undirected graph, towns in alphabetical order."""
    index = {town: i for i, town in enumerate(TOWNS)}
    graph = from_arcs(
        len(TOWNS),
        [index[a] for a, _, _ in ROADS],
        [index[b] for _, b, _ in ROADS],
        [float(km) for _, _, km in ROADS],
        directed=False,
        names=TOWNS,
        coords=[LOCATIONS[town] for town in TOWNS],
        kind="plane",
        title="Romania (AIMA)",
    )
    return graph


def straight_line_table(graph: Graph, goal: int) -> dict[int, float] | None:
    """The book's straight-line distances when the graph is Romania and the goal is
    Bucharest (None otherwise: then straight lines come from the coordinates)."""
    if graph is not romania() or graph.name(goal) != "Bucharest":
        return None
    return {i: float(STRAIGHT_LINE_TO_BUCHAREST[town]) for i, town in enumerate(TOWNS)}
