"""Route finding on the road map of Romania: the running example of Russell & Norvig,
*Artificial Intelligence: A Modern Approach* (AIMA).

The 20 cities and the 23 roads with their lengths in km are AIMA's "simplified road map
of part of Romania" (4th ed. fig. 3.1; 3rd ed. fig. 3.2). The straight-line distances
to Bucharest are its table of h_SLD (4th ed. fig. 3.16; 3rd ed. fig. 3.22; the 2nd
edition's table, fig. 4.1, has Fagaras 178 and Pitesti 98). The book searches from
Arad to Bucharest: greedy best-first search on h_SLD takes Arad, Sibiu, Fagaras,
Bucharest (450 km), A* finds Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest (418 km).

A state is a city's name; a move ("to Sibiu") drives one road and costs its length.
The table only gives distances to Bucharest, so the straight-line heuristic is offered
only when the goal is Bucharest: for any other goal ``heuristics`` is empty.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import ClassVar

ROADS: tuple[tuple[str, str, int], ...] = (
    ("Arad", "Zerind", 75), ("Arad", "Sibiu", 140), ("Arad", "Timisoara", 118),
    ("Zerind", "Oradea", 71), ("Oradea", "Sibiu", 151), ("Timisoara", "Lugoj", 111),
    ("Lugoj", "Mehadia", 70), ("Mehadia", "Drobeta", 75), ("Drobeta", "Craiova", 120),
    ("Craiova", "Rimnicu Vilcea", 146), ("Craiova", "Pitesti", 138),
    ("Sibiu", "Fagaras", 99), ("Sibiu", "Rimnicu Vilcea", 80),
    ("Rimnicu Vilcea", "Pitesti", 97), ("Fagaras", "Bucharest", 211),
    ("Pitesti", "Bucharest", 101), ("Bucharest", "Giurgiu", 90),
    ("Bucharest", "Urziceni", 85), ("Urziceni", "Hirsova", 98), ("Hirsova", "Eforie", 86),
    ("Urziceni", "Vaslui", 142), ("Vaslui", "Iasi", 92), ("Iasi", "Neamt", 87),
)  # fmt: skip
"""Every road once, as (city, city, km); roads run both ways."""

STRAIGHT_LINE_TO_BUCHAREST: dict[str, int] = {
    "Arad": 366, "Bucharest": 0, "Craiova": 160, "Drobeta": 242, "Eforie": 161,
    "Fagaras": 176, "Giurgiu": 77, "Hirsova": 151, "Iasi": 226, "Lugoj": 244,
    "Mehadia": 241, "Neamt": 234, "Oradea": 380, "Pitesti": 100, "Rimnicu Vilcea": 193,
    "Sibiu": 253, "Timisoara": 329, "Urziceni": 80, "Vaslui": 199, "Zerind": 374,
}  # fmt: skip

NEIGHBOURS: dict[str, tuple[tuple[str, int], ...]] = {
    city: tuple(sorted((b if a == city else a, km) for a, b, km in ROADS if city in (a, b)))
    for city in STRAIGHT_LINE_TO_BUCHAREST
}
"""Each city's (neighbour, km) pairs, in alphabetical order: the order of successors."""


class StraightLine:
    """Straight-line distance from the city to Bucharest, in km (AIMA's h_SLD).

    Admissible (no road is shorter than the straight line) and consistent.
    """

    admissible = True  # it never overestimates: front ends may call its paths optimal

    def __call__(self, city: str) -> float:
        return STRAIGHT_LINE_TO_BUCHAREST[city]


straight_line = StraightLine()


@dataclass(frozen=True)
class Romania:
    """Drive from ``initial`` to ``goal`` on AIMA's map of Romania, by the shortest road."""

    initial: str
    goal: str
    unit_costs: ClassVar[bool] = False

    def is_goal(self, state: str) -> bool:
        return state == self.goal

    def successors(self, state: str) -> Iterator[tuple[str, str, int]]:
        for city, km in NEIGHBOURS[state]:
            yield f"to {city}", city, km

    @property
    def heuristics(self) -> dict[str, Callable[[str], float]]:
        return {"straight-line": straight_line} if self.goal == "Bucharest" else {}

    def format_state(self, state: str) -> str:
        return state


def _city(name: object, role: str) -> str:
    for city in STRAIGHT_LINE_TO_BUCHAREST:
        if isinstance(name, str) and name.strip().casefold() == city.casefold():
            return city
    known = ", ".join(STRAIGHT_LINE_TO_BUCHAREST)
    raise ValueError(f"unknown {role} city {name!r}: the cities are {known}")


def problem(start: str = "Arad", goal: str = "Bucharest") -> Romania:
    """From ``start`` to ``goal``: any two of the 20 cities (case does not matter)."""
    return Romania(_city(start, "start"), _city(goal, "goal"))
