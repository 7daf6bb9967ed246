"""Helpers shared by the engine's tests (no tests here): small explicit graphs as
problems, and answers computed independently of the engine (Dijkstra, brute force)."""

from __future__ import annotations

import heapq
import math
import signal
from collections import defaultdict, deque
from collections.abc import Hashable, Iterable, Iterator
from types import FrameType

import pytest

Arc = tuple[Hashable, Hashable, float]


class Graph:
    """A weighted digraph as a problem. Arcs leave a state in the order given; the move
    of an arc ``a -> b`` is the string ``"a>b"`` (with ``#k`` for a k-th parallel arc).
    ``calls`` counts ``successors`` calls and ``pulled`` the triples handed out."""

    def __init__(self, arcs: Iterable[Arc], start: Hashable, goals: Iterable[Hashable]) -> None:
        self.out: dict[Hashable, list[tuple[str, Hashable, float]]] = defaultdict(list)
        seen: dict[tuple[Hashable, Hashable], int] = defaultdict(int)
        for a, b, cost in arcs:
            k = seen[a, b]
            seen[a, b] += 1
            self.out[a].append((f"{a}>{b}" + (f"#{k}" if k else ""), b, cost))
        self.initial = start
        self.goals = set(goals)
        self.calls = 0
        self.pulled = 0

    def successors(self, state: Hashable) -> Iterator[tuple[str, Hashable, float]]:
        self.calls += 1
        for arc in self.out.get(state, ()):
            self.pulled += 1
            yield arc

    def is_goal(self, state: Hashable) -> bool:
        return state in self.goals

    def arc_cost(self, state: Hashable, move: str, child: Hashable) -> float:
        """The cost of the arc named ``move``; fails the test if there is no such arc."""
        for name, target, cost in self.out.get(state, ()):
            if name == move and target == child:
                return cost
        raise AssertionError(f"no arc {move!r} from {state!r} to {child!r}")

    def path_cost(self, path: tuple[Hashable, ...], moves: tuple[str, ...]) -> float:
        """Check that ``path``/``moves`` walk real arcs from the start; return their cost."""
        assert path[0] == self.initial
        assert len(moves) == len(path) - 1
        return sum(
            self.arc_cost(a, m, b) for a, m, b in zip(path[:-1], moves, path[1:], strict=True)
        )

    def states(self) -> set[Hashable]:
        found = {self.initial} | set(self.goals)
        for a, arcs in self.out.items():
            found.add(a)
            found.update(b for _, b, _ in arcs)
        return found


def dijkstra_to_goal(graph: Graph) -> dict[Hashable, float]:
    """Cheapest cost from every state to the nearest goal (inf where none), by Dijkstra
    on the reversed graph: the exact h* used to build admissible heuristics."""
    reverse: dict[Hashable, list[tuple[Hashable, float]]] = defaultdict(list)
    for a, arcs in graph.out.items():
        for _, b, cost in arcs:
            reverse[b].append((a, cost))
    dist: dict[Hashable, float] = {s: math.inf for s in graph.states()}
    heap: list[tuple[float, int, Hashable]] = []
    for i, goal in enumerate(graph.goals):
        dist[goal] = 0.0
        heap.append((0.0, i, goal))
    heapq.heapify(heap)
    tick = len(heap)
    while heap:
        d, _, s = heapq.heappop(heap)
        if d > dist[s]:
            continue
        for p, cost in reverse[s]:
            if d + cost < dist[p]:
                dist[p] = d + cost
                tick += 1
                heapq.heappush(heap, (d + cost, tick, p))
    return dist


def fewest_moves(graph: Graph) -> float:
    """Fewest arcs from the start to a goal (inf if none), by a plain BFS."""
    depth = {graph.initial: 0}
    queue = deque([graph.initial])
    while queue:
        s = queue.popleft()
        if s in graph.goals:
            return depth[s]
        for _, b, _ in graph.out.get(s, ()):
            if b not in depth:
                depth[b] = depth[s] + 1
                queue.append(b)
    return math.inf


def simple_paths_to_goals(graph: Graph) -> list[tuple[Hashable, ...]]:
    """Every path from the start that ends at its first goal and repeats no state, in
    the order a depth-first walk taking arcs in the graph's order meets them."""
    found: list[tuple[Hashable, ...]] = []

    def walk(path: list[Hashable]) -> None:
        if path[-1] in graph.goals:
            found.append(tuple(path))
            return
        for _, b, _ in graph.out.get(path[-1], ()):
            if b not in path:
                walk([*path, b])

    walk([graph.initial])
    return found


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """Fail a test that runs for 20 s instead of hanging the suite (a search that does
    not stop is the bug these tests most need to report). Import it to use it."""

    def expire(_signum: int, _frame: FrameType | None) -> None:
        raise TimeoutError("the search did not stop within 20 s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
