"""The best-first family: uniform-cost, greedy, A*, weighted A* (graph search on one
core) and Bratko's tree-form best-first search.

The graph core keeps a dict of the best known cost g of every state reached and a
binary heap of open entries. A cheaper path to a known state pushes a new entry and
the old one is skipped when it surfaces (lazy deletion), so a state expanded with an
inconsistent heuristic is re-opened. No step scans the frontier.

Ties in priority are broken deterministically: lower h first (the node nearer the
goal by its own estimate), then the entry pushed first.

An observer that asks for detail (``detail_of``) also hears, after each expansion, a
``Frontier`` event: the entries added and the head of the open list, in the order the
search takes them. That work is done inside the observer checks only.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from searchlab.algorithms.common import (
    check_cost,
    checks_problem,
    heap_head,
    interruptible,
)
from searchlab.algorithms.declaration import Algorithm, Loop
from searchlab.core.docstrings import BEST_FIRST_RAISES, HEURISTIC, RESULT, search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import (
    Entry,
    Expand,
    Frontier,
    Generate,
    Observer,
    Prune,
    Solution,
    detail_of,
)
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.options import Option
from searchlab.core.problem import Heuristic, M, Problem, S, step_of
from searchlab.core.result import SearchResult, Stats, Status, no_path

Priority = Callable[[float, float], float]
"""How a node's g and h combine into the value the frontier is ordered by."""


def _zero(_state: object) -> float:
    return 0.0


def _g_plus_h(g: float, h_value: float) -> float:
    return g + h_value


_Entry = tuple[Any, ...]
"""An open entry of the graph search: (priority, h, push order, g, depth, state, the
entry it was made from (None at the start), move)."""


def _way_back(entry: _Entry) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The states and moves from the start to ``entry``'s state, along the entries."""
    states: list[Any] = []
    moves: list[Any] = []
    link: _Entry | None = entry
    while link is not None:
        states.append(link[5])
        if link[6] is not None:
            moves.append(link[7])
        link = link[6]
    states.reverse()
    moves.reverse()
    return tuple(states), tuple(moves)


def _graph_search(
    problem: Problem[S, M],
    h: Heuristic[S],
    priority: Priority,
    *,
    reopen: bool,
    limits: Limits,
    observer: Observer | None,
) -> SearchResult[S, M]:
    stats = Stats()
    budget = Budget(limits, stats)
    start = problem.initial
    best_g: dict[S, float] = {start: 0.0}
    order = itertools.count()
    h_start = h(start)
    # (priority, h, push order, g, depth, state, parent's entry, move): the first three
    # decide, the push order is unique, so states themselves are never compared. Each
    # entry links to the entry expanded to make it, so the way back is a chain of
    # entries: no dict of parents is written per node, and the path walked back is
    # always the one whose cost g was expanded.
    heap: list[_Entry] = [(priority(0.0, h_start), h_start, next(order), 0.0, 0, start, None, None)]
    stats.max_frontier = 1
    detail = detail_of(observer)
    pushes = 1  # entries pushed so far: the next one pushed is numbered this (detail)
    born: list[tuple[S, float, float]] = []  # successors not refused, this expansion (detail)
    # The hot loop reads these as local names, and counts in locals that are written to
    # ``stats`` whenever the search stops (and before each limit check).
    heappop, heappush, numbered = heapq.heappop, heapq.heappush, order.__next__
    successors, is_goal, known = problem.successors, problem.is_goal, best_g.get
    limited = limits.max_expanded is not None or limits.max_seconds is not None
    expanded = generated = 0
    most = 1  # the largest frontier so far
    additive = priority is _g_plus_h  # A*: f = g + h written out, not called
    step = step_of(h)  # h of a successor from its parent's value, where h offers it

    def solved(last: _Entry) -> SearchResult[S, M]:
        budget.stop_clock()
        path, moves = _way_back(last)
        return SearchResult(Status.SOLVED, path, moves, last[3], stats)

    def unsolved(status: Status, limit: str | None = None) -> SearchResult[S, M]:
        budget.stop_clock()
        return no_path(status, stats, limit)

    with interruptible(budget):
        try:
            while heap:
                entry = heappop(heap)
                f, h_value, number, g, depth, state, _, _ = entry
                if g > best_g[state]:
                    if observer is not None:
                        observer(Prune(state, "stale"))
                    continue
                if is_goal(state):
                    if observer is not None:
                        observer(Solution(_way_back(entry)[0], g, 1))
                    return solved(entry)
                if limited:
                    stats.expanded = expanded
                    limit = budget.exceeded()
                    if limit is not None:
                        return unsolved(Status.LIMIT_REACHED, limit)
                expanded += 1
                if observer is not None:
                    observer(Expand(state, g, h_value, f, depth, len(heap)))
                for move, child, cost in successors(state):
                    if not cost >= 0:  # negative, or NaN
                        check_cost(cost, state, move)
                    generated += 1
                    child_g = g + cost
                    if observer is None:  # one test per successor: h only if it is kept
                        known_g = known(child)
                        if known_g is not None and (child_g >= known_g or not reopen):
                            continue
                        child_h = h(child) if step is None else step(state, h_value, child)
                    else:  # the observer hears h of every successor, refused or not
                        child_h = h(child) if step is None else step(state, h_value, child)
                        observer(Generate(state, move, child, child_g, child_h))
                        known_g = known(child)
                        if known_g is not None and (child_g >= known_g or not reopen):
                            observer(Prune(child, "closed"))
                            continue
                        if detail:
                            born.append((child, child_g, child_h))
                    best_g[child] = child_g
                    heappush(
                        heap,
                        (
                            child_g + child_h if additive else priority(child_g, child_h),
                            child_h,
                            numbered(),
                            child_g,
                            depth + 1,
                            child,
                            entry,
                            move,
                        ),
                    )
                if len(heap) > most:
                    most = len(heap)
                if observer is not None:  # noqa: SIM102 (the benchmark strips these blocks)
                    if detail:
                        pushed = tuple(
                            Entry(s, g_s, h_s, priority(g_s, h_s), pushes + k)
                            for k, (s, g_s, h_s) in enumerate(born)
                        )
                        pushes += len(pushed)
                        born.clear()
                        head = tuple(
                            Entry(s, g_s, h_s, f_s, n_s, g_s > best_g[s])
                            for f_s, h_s, n_s, g_s, _, s, _, _ in heap_head(heap, detail)
                        )
                        way_in = None if entry[6] is None else (entry[6][5], entry[7])
                        observer(Frontier(number, pushed, head, len(heap), way_in))
                        detail = detail_of(observer)
            return unsolved(Status.EXHAUSTED)
        finally:
            stats.expanded, stats.generated, stats.max_frontier = expanded, generated, most


@checks_problem
@search_doc(raises=BEST_FIRST_RAISES)
def uniform_cost(
    problem: Problem[S, M], *, limits: Limits = NO_LIMITS, observer: Observer | None = None
) -> SearchResult[S, M]:
    """Dijkstra's order: always expand the cheapest path found so far.

    {sections}

    Examples:
        AIMA's Romania, Arad to Bucharest: the cheapest route, found without an estimate.

        >>> from searchlab.domains.routes.problem import romania_trip
        >>> trip, _ = romania_trip()
        >>> result = uniform_cost(trip)
        >>> result.cost, result.path
        (418.0, (Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest))
    """
    return _graph_search(
        problem, _zero, lambda g, _h: g, reopen=True, limits=limits, observer=observer
    )


@checks_problem
@search_doc(HEURISTIC, raises=BEST_FIRST_RAISES)
def greedy_best_first(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Expand the state that looks nearest the goal; fast, with no promise of a short path.

    A state is entered once: a cheaper path found later does not re-open it.

    {sections}

    Examples:
        AIMA's Figure 3.23: led by the straight line to Bucharest, greedy search goes
        through Fagaras, 32 km longer than the cheapest route (A*'s example).

        >>> from searchlab.domains.routes.problem import romania_trip
        >>> found = greedy_best_first(*romania_trip())
        >>> found.cost, found.path
        (450.0, (Arad, Sibiu, Fagaras, Bucharest))
    """
    return _graph_search(
        problem, h, lambda _g, h_value: h_value, reopen=False, limits=limits, observer=observer
    )


@checks_problem
@search_doc(
    HEURISTIC,
    returns=RESULT
    + " ``optimal`` is left False: ``run_algorithm`` sets it, knowing whether ``h`` is admissible.",
    raises=BEST_FIRST_RAISES,
)
def astar(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """A*: order by f = g + h; with an admissible h the first goal expanded is cheapest.

    {sections}

    Examples:
        AIMA's Figure 3.24: with the straight-line distance to Bucharest, A* finds the
        cheapest route from Arad, expanding 5 towns.

        >>> from searchlab.domains.routes.problem import romania_trip
        >>> trip, h = romania_trip()
        >>> result = astar(trip, h)
        >>> result.status, result.cost, result.stats.expanded
        (<Status.SOLVED: 'solved'>, 418.0, 5)
        >>> result.moves
        ('Sibiu', 'Rimnicu Vilcea', 'Pitesti', 'Bucharest')
    """
    return _graph_search(problem, h, _g_plus_h, reopen=True, limits=limits, observer=observer)


@checks_problem
@search_doc(
    HEURISTIC,
    "weight: w >= 1 in f = g + w·h; a path found costs at most w times the cheapest "
    "(default 2, as every front end offers it).",
    raises=BEST_FIRST_RAISES,
)
def weighted_astar(
    problem: Problem[S, M],
    h: Heuristic[S],
    weight: float = 2.0,
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Order by g + w·h: with an admissible h the cost found is at most w times optimal.

    {sections}

    Examples:
        Bratko's 8-puzzle (c), whose shortest solution has 18 moves: with w = 5 the
        path found is longer, within the bound of 5 × 18.

        >>> from searchlab.domains.puzzle import BRATKO_GOAL, BRATKO_POSITIONS, SlidingPuzzle
        >>> from searchlab.domains.puzzle import make_heuristic
        >>> puzzle = SlidingPuzzle(BRATKO_POSITIONS["c"], BRATKO_GOAL)
        >>> manhattan = make_heuristic("manhattan", BRATKO_GOAL)
        >>> weighted_astar(puzzle, manhattan, 5.0).cost
        24.0
        >>> weighted_astar(puzzle, manhattan).cost  # w = 2: here the cheapest after all
        18.0
    """
    if not (math.isfinite(weight) and weight >= 0):
        raise InputError(f"the weight must be a finite number of 0 or more, not {weight}")
    return _graph_search(
        problem,
        h,
        lambda g, h_value: g + weight * h_value,
        reopen=True,
        limits=limits,
        observer=observer,
    )


@dataclass(slots=True, eq=False)
class _TreeNode:
    """A node of Bratko's search tree: its state, cost so far and the way back."""

    state: Hashable
    g: float
    depth: int
    parent: _TreeNode | None
    move: object

    def on_path(self, state: Hashable) -> bool:
        node: _TreeNode | None = self
        while node is not None:
            if node.state == state:
                return True
            node = node.parent
        return False


@checks_problem
@search_doc(HEURISTIC, raises=BEST_FIRST_RAISES)
def best_first(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Bratko's best-first search (ch. 12): a tree search on f = g + h.

    Unlike the graph form it remembers no states outside each node's own path, so it
    refuses only a successor already on the path leading to it. Among equal f the
    newest node goes first, as Bratko's ``insert`` puts a new tree before the equal ones.

    {sections}

    Examples:
        >>> from searchlab.domains.puzzle import BRATKO_GOAL, SlidingPuzzle, make_heuristic
        >>> puzzle = SlidingPuzzle((2, 8, 3, 1, 6, 4, 7, 0, 5), BRATKO_GOAL)  # Bratko's (b)
        >>> result = best_first(puzzle, make_heuristic("bratko", BRATKO_GOAL))
        >>> result.length, result.stats.expanded  # his "without a single step off the path"
        (5, 5)
    """
    stats = Stats()
    budget = Budget(limits, stats)
    root = _TreeNode(problem.initial, 0.0, 0, None, None)
    order = itertools.count(1)  # the root is entry 0; each entry pushed, the next number
    h_root = h(root.state)  # type: ignore[arg-type]
    heap: list[tuple[float, int, float, _TreeNode]] = [(h_root, 0, h_root, root)]
    stats.max_frontier = 1
    detail = detail_of(observer)
    pushes = 1  # entries pushed so far (detail)
    born: list[tuple[Hashable, float, float]] = []  # successors not refused (detail)

    def solved(node: _TreeNode) -> SearchResult[S, M]:
        budget.stop_clock()
        states: list[S] = []
        moves: list[M] = []
        walker: _TreeNode | None = node
        while walker is not None:
            states.append(walker.state)  # type: ignore[arg-type]
            if walker.parent is not None:
                moves.append(walker.move)  # type: ignore[arg-type]
            walker = walker.parent
        states.reverse()
        moves.reverse()
        return SearchResult(Status.SOLVED, tuple(states), tuple(moves), node.g, stats)

    with interruptible(budget):
        while heap:
            f, rank, h_value, node = heapq.heappop(heap)
            state: S = node.state  # type: ignore[assignment]
            if problem.is_goal(state):
                found = solved(node)
                if observer is not None:
                    observer(Solution(found.path, node.g, 1))
                return found
            limit = budget.exceeded()
            if limit is not None:
                budget.stop_clock()
                return no_path(Status.LIMIT_REACHED, stats, limit)
            stats.expanded += 1
            if observer is not None:
                observer(Expand(state, node.g, h_value, f, node.depth, len(heap)))
            for move, child, cost in problem.successors(state):
                check_cost(cost, state, move)
                stats.generated += 1
                child_g = node.g + cost
                child_h = h(child)
                if observer is not None:
                    observer(Generate(state, move, child, child_g, child_h))
                    if detail:
                        born.append((child, child_g, child_h))
                if node.on_path(child):
                    if observer is not None:
                        observer(Prune(child, "cycle"))
                        if detail:
                            born.pop()
                    continue
                heapq.heappush(
                    heap,
                    (
                        child_g + child_h,
                        -next(order),
                        child_h,
                        _TreeNode(child, child_g, node.depth + 1, node, move),
                    ),
                )
            if len(heap) > stats.max_frontier:
                stats.max_frontier = len(heap)
            if observer is not None:  # noqa: SIM102 (the benchmark strips these blocks)
                if detail:
                    pushed = tuple(
                        Entry(s, g_s, h_s, g_s + h_s, pushes + k)
                        for k, (s, g_s, h_s) in enumerate(born)
                    )
                    pushes += len(pushed)
                    born.clear()
                    head = tuple(
                        Entry(n.state, n.g, h_n, f_n, -r_n)
                        for f_n, r_n, h_n, n in heap_head(heap, detail)
                    )
                    via = None if node.parent is None else (node.parent.state, node.move)
                    observer(Frontier(-rank, pushed, head, len(heap), via))
                    detail = detail_of(observer)
    budget.stop_clock()
    return no_path(Status.EXHAUSTED, stats)


GRAPH_LOOP: Loop = (_graph_search,)
"""The code that runs uniform-cost, greedy, A* and weighted A* (the viewer shows it)."""

WEIGHT = Option("weight", "float", "weight w of h in f = g + w·h", low=1, high=100, metavar="W")

ASTAR = Algorithm(
    astar, "astar", "A*",
    "A*: f = g + h, graph search",
    "graph", "queue", "cost", heuristic=True, detail="frontier", aliases=("a*", "a-star"),
    order=1, loop=GRAPH_LOOP,
)  # fmt: skip
BEST_FIRST = Algorithm(
    best_first, "best-first", "Best-first (Bratko)",
    "Bratko's tree-form best-first search on f = g + h",
    "tree", "tree-queue", "cost", heuristic=True, detail="frontier",
    aliases=("bratko-best-first",), order=2,
)  # fmt: skip
GREEDY = Algorithm(
    greedy_best_first, "greedy", "Greedy best-first",
    "greedy best-first on h alone",
    "graph", "queue", "none", heuristic=True, detail="frontier", order=3, loop=GRAPH_LOOP,
)  # fmt: skip
WEIGHTED_ASTAR = Algorithm(
    weighted_astar, "weighted-astar", "Weighted A*",
    "weighted A*: f = g + w·h",
    "graph", "queue", "none", heuristic=True, detail="frontier", options=(WEIGHT,),
    aliases=("wastar",), order=4, loop=GRAPH_LOOP,
)  # fmt: skip
UNIFORM_COST = Algorithm(
    uniform_cost, "uniform-cost", "Uniform-cost",
    "uniform-cost (Dijkstra)",
    "graph", "queue", "cost", detail="frontier", aliases=("ucs", "dijkstra"), order=8,
    loop=GRAPH_LOOP,
)  # fmt: skip
