"""Objects of aima-python's shape (see README.md beside this file): what the adapters
of ``searchlab.compat.aima`` read, written for the tests."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from typing import Any

from searchlab.domains.mapcolouring.maps import MAPS
from searchlab.domains.routes.romania import LOCATIONS, ROADS


class Problem:
    """aima's abstract problem: a goal state, unit steps by default."""

    def __init__(self, initial: Any, goal: Any = None) -> None:
        self.initial = initial
        self.goal = goal

    def actions(self, state: Any) -> Any:
        raise NotImplementedError

    def result(self, state: Any, action: Any) -> Any:
        raise NotImplementedError

    def goal_test(self, state: Any) -> bool:
        return bool(state == self.goal)

    def path_cost(self, c: float, state1: Any, action: Any, state2: Any) -> float:
        return c + 1


class Graph:
    """aima's undirected graph: ``get(a)`` the neighbours and distances, ``get(a, b)``
    one distance, ``locations`` the towns' coordinates."""

    def __init__(self, roads: Any) -> None:
        self.graph_dict: dict[str, dict[str, float]] = defaultdict(dict)
        for a, b, km in roads:
            self.graph_dict[a][b] = km
            self.graph_dict[b][a] = km
        self.locations: dict[str, tuple[int, int]] = {}

    def get(self, a: str, b: str | None = None) -> Any:
        links = self.graph_dict.setdefault(a, {})
        return links if b is None else links.get(b)


romania_map = Graph(ROADS)
romania_map.locations = dict(LOCATIONS)


class GraphProblem(Problem):
    """aima's graph search: the actions are the neighbouring towns; h the straight line
    (as aima: an int, from the towns' coordinates)."""

    def __init__(self, initial: str, goal: str, graph: Graph) -> None:
        super().__init__(initial, goal)
        self.graph = graph

    def actions(self, a: str) -> list[str]:
        return list(self.graph.get(a).keys())

    def result(self, state: str, action: str) -> str:
        return action

    def path_cost(self, cost_so_far: float, a: str, action: str, b: str) -> float:
        return cost_so_far + (self.graph.get(a, b) or math.inf)

    def h(self, node: Any) -> float:
        here, there = self.graph.locations[node.state], self.graph.locations[self.goal]
        return int(math.dist(here, there))


class EightPuzzle(Problem):
    """aima's 8-puzzle: a state is a tuple of 9 (0 the blank), the actions move the
    blank UP, DOWN, LEFT or RIGHT; h counts the misplaced tiles."""

    def __init__(
        self, initial: tuple[int, ...], goal: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    ) -> None:
        super().__init__(initial, goal)

    def actions(self, state: tuple[int, ...]) -> list[str]:
        blank = state.index(0)
        possible = ["UP", "DOWN", "LEFT", "RIGHT"]
        if blank % 3 == 0:
            possible.remove("LEFT")
        if blank < 3:
            possible.remove("UP")
        if blank % 3 == 2:
            possible.remove("RIGHT")
        if blank > 5:
            possible.remove("DOWN")
        return possible

    def result(self, state: tuple[int, ...], action: str) -> tuple[int, ...]:
        blank = state.index(0)
        other = blank + {"UP": -3, "DOWN": 3, "LEFT": -1, "RIGHT": 1}[action]
        tiles = list(state)
        tiles[blank], tiles[other] = tiles[other], tiles[blank]
        return tuple(tiles)

    def h(self, node: Any) -> int:
        return sum(s != g for s, g in zip(node.state, self.goal, strict=True) if s != 0)


class UniversalDict:
    """aima's dict mapping every key to one value (one domain for every variable)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __getitem__(self, key: Any) -> Any:
        return self.value


class CSP(Problem):
    """aima's CSP: variables, domains, neighbours and one binary constraint function;
    the counters aima's own solvers keep are here too, to show they stay untouched."""

    def __init__(self, variables: Any, domains: Any, neighbors: Any, constraints: Any) -> None:
        super().__init__(())
        self.variables = variables or list(domains.keys())
        self.domains = domains
        self.neighbors = neighbors
        self.constraints = constraints
        self.curr_domains = None
        self.nassigns = 0

    def goal_test(self, state: Any) -> bool:
        """Every variable has a value that agrees with each of its neighbours'."""
        assignment = dict(state)
        return len(assignment) == len(self.variables) and all(
            self.constraints(var, assignment[var], other, assignment[other])
            for var in self.variables
            for other in self.neighbors[var]
            if other in assignment
        )


def parse_neighbors(text: str) -> dict[str, list[str]]:
    """'X: Y Z; Y: Z' as a symmetric dict of neighbours (a region with none is left out)."""
    found: dict[str, list[str]] = defaultdict(list)
    for spec in text.split(";"):
        region, others = spec.split(":")
        for other in others.split():
            found[region.strip()].append(other)
            found[other].append(region.strip())
    return found


def different_values_constraint(a_var: Any, a: Any, b_var: Any, b: Any) -> bool:
    return bool(a != b)


def MapColoringCSP(colors: list[str], neighbors: Any) -> CSP:
    if isinstance(neighbors, str):
        neighbors = parse_neighbors(neighbors)
    return CSP(
        list(neighbors.keys()), UniversalDict(colors), neighbors, different_values_constraint
    )


australia = MapColoringCSP(list("RGB"), "SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T: ")
usa = MapColoringCSP(
    list("RGBY"), ";".join(f"{a}: {b}" for a, b in MAPS["usa"].borders)
)  # searchlab's 48 states, written as aima writes a map


def queen_constraint(a_var: int, a: int, b_var: int, b: int) -> bool:
    return a_var == b_var or (a != b and a_var + a != b_var + b and a_var - a != b_var - b)


class NQueensCSP(CSP):
    """aima's n queens: one variable per column, every column each other's neighbour
    (itself included, as aima's UniversalDict gives)."""

    def __init__(self, n: int) -> None:
        super().__init__(
            list(range(n)),
            UniversalDict(list(range(n))),
            UniversalDict(list(range(n))),
            queen_constraint,
        )


COLORS = ["Red", "Yellow", "Blue", "Green", "Ivory"]
PETS = ["Dog", "Fox", "Snails", "Horse", "Zebra"]
DRINKS = ["OJ", "Tea", "Coffee", "Milk", "Water"]
COUNTRIES = ["Englishman", "Spaniard", "Norwegian", "Ukranian", "Japanese"]
SMOKES = ["Kools", "Chesterfields", "Winston", "LuckyStrike", "Parliaments"]
SAME = {
    ("Englishman", "Red"),
    ("Spaniard", "Dog"),
    ("Kools", "Yellow"),
    ("Winston", "Snails"),
    ("LuckyStrike", "OJ"),
    ("Ukranian", "Tea"),
    ("Japanese", "Parliaments"),
    ("Coffee", "Green"),
}
NEXT_TO = {("Chesterfields", "Fox"), ("Norwegian", "Blue"), ("Kools", "Horse")}
RIGHT_OF = {("Green", "Ivory")}  # the green house is just right of the ivory one


def Zebra() -> CSP:
    """The zebra puzzle as aima states it: houses 1 to 5, the Norwegian in the first,
    milk drunk in the middle one."""
    groups = [COLORS, PETS, DRINKS, COUNTRIES, SMOKES]
    variables = [var for group in groups for var in group]
    domains = {var: list(range(1, 6)) for var in variables}
    domains["Norwegian"], domains["Milk"] = [1], [3]
    neighbors: dict[str, list[str]] = {var: [] for var in variables}
    pairs = [*SAME, *NEXT_TO, *RIGHT_OF]
    pairs += [p for group in groups for p in itertools.combinations(group, 2)]
    for a_var, b_var in pairs:
        neighbors[a_var].append(b_var)
        neighbors[b_var].append(a_var)

    def zebra_constraint(a_var: str, a: int, b_var: str, b: int) -> bool:
        for first, second, x, y in ((a_var, b_var, a, b), (b_var, a_var, b, a)):
            if (first, second) in SAME:
                return x == y
            if (first, second) in NEXT_TO:
                return abs(x - y) == 1
            if (first, second) in RIGHT_OF:
                return x - 1 == y
        if any(a_var in group and b_var in group for group in groups):
            return a != b
        raise ValueError(f"no constraint between {a_var} and {b_var}")

    return CSP(variables, domains, neighbors, zebra_constraint)
