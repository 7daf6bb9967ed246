"""Helpers shared by the engine's tests (no tests here): the searches grouped by what
they promise, small explicit problems (weighted graphs, N-queens row by row), and
answers computed independently of the engine (Dijkstra, breadth-first, brute force)."""

from __future__ import annotations

import heapq
import math
import signal
from collections import defaultdict, deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from types import FrameType
from typing import Any, Generic, Protocol, TypeVar

import pytest

from searchlab import (
    Heuristic,
    Limits,
    Observer,
    Problem,
    SearchResult,
    astar,
    best_first,
    breadth_first,
    greedy_best_first,
    ida_star,
    iterative_deepening,
    rbfs,
    uniform_cost,
)

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


class Informed(Protocol):
    """A systematic search that takes a heuristic (astar, ida_star, ...)."""

    __name__: str

    def __call__(
        self,
        problem: Problem[S, M],
        h: Heuristic[S],
        /,
        *,
        limits: Limits = ...,
        observer: Observer | None = ...,
    ) -> SearchResult[S, M]: ...


class Uninformed(Protocol):
    """A systematic search that takes no heuristic (breadth_first, ...)."""

    __name__: str

    def __call__(
        self, problem: Problem[S, M], /, *, limits: Limits = ..., observer: Observer | None = ...
    ) -> SearchResult[S, M]: ...


INFORMED: tuple[Informed, ...] = (astar, greedy_best_first, best_first, ida_star, rbfs)
OPTIMAL_INFORMED: tuple[Informed, ...] = (astar, best_first, ida_star, rbfs)
"""The informed searches whose path is cheapest when h is admissible."""
UNINFORMED: tuple[Uninformed, ...] = (breadth_first, uniform_cost, iterative_deepening)
FEWEST_MOVES: tuple[Uninformed, ...] = (breadth_first, iterative_deepening)
"""The uninformed searches whose path has the fewest moves."""


class Graph(Generic[S]):
    """A weighted digraph as a problem. Arcs leave a state in the order given; the move
    of an arc ``a -> b`` is the string ``"a>b"`` (with ``#k`` for a k-th parallel arc).
    ``calls`` counts ``successors`` calls and ``pulled`` the triples handed out."""

    def __init__(self, arcs: Iterable[tuple[S, S, float]], start: S, goals: Iterable[S]) -> None:
        self.out: dict[S, list[tuple[str, S, float]]] = defaultdict(list)
        seen: dict[tuple[S, S], int] = defaultdict(int)
        for a, b, cost in arcs:
            k = seen[a, b]
            seen[a, b] += 1
            self.out[a].append((f"{a}>{b}" + (f"#{k}" if k else ""), b, cost))
        self.initial = start
        self.goals = set(goals)
        self.calls = 0
        self.pulled = 0

    def successors(self, state: S) -> Iterator[tuple[str, S, float]]:
        self.calls += 1
        for arc in self.out.get(state, ()):
            self.pulled += 1
            yield arc

    def is_goal(self, state: S) -> bool:
        return state in self.goals

    @staticmethod
    def s_to_g(arcs: Iterable[tuple[str, str, float]]) -> Graph[str]:
        """The graph of ``arcs`` from S to G, as these tests draw their graphs."""
        return Graph(arcs, "S", ["G"])

    def arc_cost(self, state: S, move: str, child: S) -> float:
        """The cost of the arc named ``move``; fails the test if there is no such arc."""
        for name, target, cost in self.out.get(state, ()):
            if name == move and target == child:
                return cost
        raise AssertionError(f"no arc {move!r} from {state!r} to {child!r}")

    def path_cost(self, path: tuple[S, ...], moves: tuple[str, ...]) -> float:
        """Check that ``path``/``moves`` walk real arcs from the start; return their cost."""
        assert path[0] == self.initial
        assert len(moves) == len(path) - 1
        return sum(
            self.arc_cost(a, m, b) for a, m, b in zip(path[:-1], moves, path[1:], strict=True)
        )

    def states(self) -> set[S]:
        found = {self.initial} | set(self.goals)
        for a, arcs in self.out.items():
            found.add(a)
            found.update(b for _, b, _ in arcs)
        return found


class RowByRow:
    """N-queens as generate-and-test for the generic engine: a state is the columns of the
    rows filled so far (pair it with ``last_queen_safe`` as the constraint)."""

    def __init__(self, n: int) -> None:
        self.n = n

    @property
    def initial(self) -> tuple[int, ...]:
        return ()

    def successors(self, state: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...], float]]:
        if len(state) < self.n:
            for column in range(self.n):
                yield column, (*state, column), 1

    def is_goal(self, state: tuple[int, ...]) -> bool:
        return len(state) == self.n


def last_queen_safe(state: tuple[int, ...]) -> bool:
    """The queen placed last attacks none of the others (columns, diagonals)."""
    row, column = len(state) - 1, state[-1]
    return all(c != column and abs(c - column) != row - r for r, c in enumerate(state[:-1]))


def parse_arcs(text: str) -> list[tuple[str, str, float]]:
    """Arcs written ``"S-A 1, S-B 2"``: from S to A at cost 1, then from S to B at cost 2
    (a state's arcs are generated in the order written)."""
    found: list[tuple[str, str, float]] = []
    for arc in text.split(","):
        ends, cost = arc.split()
        source, target = ends.split("-")
        found.append((source, target, int(cost)))
    return found


def reachable(problem: Problem[S, M]) -> dict[S, list[tuple[M, S, float]]]:
    """Every state reachable from the initial one, with its arcs (breadth-first)."""
    arcs: dict[S, list[tuple[M, S, float]]] = {}
    queue = deque([problem.initial])
    while queue:
        state = queue.popleft()
        if state in arcs:
            continue
        arcs[state] = list(problem.successors(state))
        queue.extend(after for _, after, _ in arcs[state] if after not in arcs)
    return arcs


def reverse_dijkstra(
    arcs: Mapping[S, Iterable[tuple[Any, S, float]]],
    states: Iterable[S],
    is_goal: Callable[[S], bool],
) -> dict[S, float]:
    """h*: the cheapest cost from each of ``states`` to a goal, infinity where none can be
    reached, by Dijkstra run backwards from all goals over the reversed ``arcs`` (state ->
    its ``(move, next_state, cost)`` triples): the exact h* admissible heuristics are
    built from and checked against."""
    into: dict[S, list[tuple[S, float]]] = defaultdict(list)
    for state, out in arcs.items():
        for _, after, cost in out:
            into[after].append((state, cost))
    best: dict[S, float] = {state: math.inf for state in states}
    heap: list[tuple[float, int, S]] = []
    for order, state in enumerate(best):
        if is_goal(state):
            best[state] = 0.0
            heap.append((0.0, order, state))
    heapq.heapify(heap)
    order = len(heap)
    while heap:
        cost, _, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        for before, step in into[state]:
            if cost + step < best[before]:
                best[before] = cost + step
                order += 1
                heapq.heappush(heap, (cost + step, order, before))
    return best


def dijkstra_to_goal(graph: Graph[S]) -> dict[S, float]:
    """Cheapest cost from every state of the graph to the nearest goal (inf where none)."""
    return reverse_dijkstra(graph.out, graph.states(), graph.is_goal)


def fewest_moves(graph: Graph[S]) -> float:
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


def simple_paths_to_goals(graph: Graph[S]) -> list[tuple[S, ...]]:
    """Every path from the start that ends at its first goal and repeats no state, in
    the order a depth-first walk taking arcs in the graph's order meets them."""
    found: list[tuple[S, ...]] = []

    def walk(path: list[S]) -> None:
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
