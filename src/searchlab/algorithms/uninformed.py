"""Depth-first backtracking that yields every solution lazily (and steps one event at a
time), the searches built on its rounds (iterative deepening, IDA* in
``linear_memory``), and breadth-first search.

``depth_first`` answers like every other search, with one ``SearchResult`` (the first
solution); ``depth_first_solutions`` is the stream of every solution, and the one
registered as ``dfs`` (``stream``: the front ends ask it for one more)."""

from __future__ import annotations

import dataclasses
import math
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Generic

from searchlab.algorithms.common import check_cost, checks_problem, interruptible, walk_back
from searchlab.algorithms.declaration import Algorithm, Loop, first_solution
from searchlab.core.docstrings import search_doc
from searchlab.core.errors import InputError, SearchInterrupted
from searchlab.core.events import (
    Backtrack,
    Event,
    Expand,
    Generate,
    Observer,
    Prune,
    Solution,
    Threshold,
)
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.result import SearchResult, Stats, Status, no_path


@checks_problem
@search_doc()
def breadth_first(
    problem: Problem[S, M], *, limits: Limits = NO_LIMITS, observer: Observer | None = None
) -> SearchResult[S, M]:
    """Graph search in order of depth: the path found has the fewest moves.

    The goal test is made when a state is generated, which saves a whole layer.

    {sections}

    Examples:
        >>> from searchlab.domains.puzzle import BRATKO_GOAL, SlidingPuzzle, make_heuristic
        >>> puzzle = SlidingPuzzle((2, 8, 3, 1, 6, 4, 7, 0, 5), BRATKO_GOAL)  # Bratko's (b)
        >>> result = breadth_first(puzzle)
        >>> result.length, result.stats.expanded
        (5, 20)
    """
    stats = Stats()
    budget = Budget(limits, stats)
    start = problem.initial
    parents: dict[S, tuple[S, M] | None] = {start: None}
    costs: dict[S, float] = {start: 0.0}
    frontier: deque[tuple[S, int]] = deque([(start, 0)])
    stats.max_frontier = 1

    def solved(last: S) -> SearchResult[S, M]:
        budget.stop_clock()
        path, moves = walk_back(parents, last)
        return SearchResult(Status.SOLVED, path, moves, costs[last], stats)

    with interruptible(budget):
        if problem.is_goal(start):
            if observer is not None:
                observer(Solution((start,), 0.0, 1))
            return solved(start)
        while frontier:
            limit = budget.exceeded()
            if limit is not None:
                budget.stop_clock()
                return no_path(Status.LIMIT_REACHED, stats, limit)
            state, depth = frontier.popleft()
            stats.expanded += 1
            if observer is not None:
                observer(Expand(state, costs[state], 0.0, float(depth), depth, len(frontier)))
            for move, child, cost in problem.successors(state):
                check_cost(cost, state, move)
                stats.generated += 1
                if observer is not None:
                    observer(Generate(state, move, child, costs[state] + cost, 0.0))
                if child in parents:
                    if observer is not None:
                        observer(Prune(child, "closed"))
                    continue
                parents[child] = (state, move)
                costs[child] = costs[state] + cost
                if problem.is_goal(child):
                    stats.max_frontier = max(stats.max_frontier, len(frontier))
                    if observer is not None:
                        observer(Solution(walk_back(parents, child)[0], costs[child], 1))
                    return solved(child)
                frontier.append((child, depth + 1))
            if len(frontier) > stats.max_frontier:
                stats.max_frontier = len(frontier)
    budget.stop_clock()
    return no_path(Status.EXHAUSTED, stats)


class Solutions(Generic[S, M]):
    """Depth-first backtracking as a lazy stream of solutions (the seed's "other solutions").

    Iterating yields one ``SearchResult`` per goal reached, computing nothing past the
    solution asked for. Successors are tried in the problem's order; a successor already
    on the current path is refused (path-cycle checking), as is one deeper than
    ``depth_bound``, one whose f = g + h passes ``cost_bound`` (IDA*'s rounds), or one
    that fails ``constraint`` (Prolog's generate-and-test: the refused attempts show up
    in the event stream). Goal states are not expanded further.

    ``events()`` steps the same search one event at a time instead: the walk is a
    generator, so a viewer can stop between two events for as long as it likes, with
    no thread and no buffer.

    While iterating, ``status`` is None; once the stream ends it says why: EXHAUSTED (no
    more solutions below the bounds) or LIMIT_REACHED. ``stats.seconds`` counts only time
    spent searching, not time between requests.
    """

    def __init__(
        self,
        problem: Problem[S, M],
        *,
        depth_bound: int | None = None,
        cost_bound: float | None = None,
        h: Heuristic[S] | None = None,
        constraint: Callable[[S], bool] | None = None,
        limits: Limits = NO_LIMITS,
        observer: Observer | None = None,
        stats: Stats | None = None,
    ) -> None:
        if depth_bound is not None and depth_bound < 0:
            raise InputError(f"the depth bound must be 0 or more, not {depth_bound}")
        if cost_bound is not None and h is None:
            raise InputError("a cost bound on f = g + h needs a heuristic h")
        self.problem = problem
        self.depth_bound = depth_bound
        self.cost_bound = cost_bound
        self.h = h
        self.constraint = constraint
        self.observer = observer
        self.stats = stats if stats is not None else Stats()
        self.budget = Budget(limits, self.stats)
        self.budget.pause()  # max_seconds counts search time only, like stats.seconds
        self._asked_at = 0.0
        self.status: Status | None = None
        self.limit: str | None = None
        self.found = 0
        self.last: SearchResult[S, M] | None = None  # the latest solution found
        self.cutoff = False  # whether the depth or cost bound refused any state
        self.next_bound = math.inf  # the least f that passed ``cost_bound``
        self._emit = observer is not None
        self._started = False
        self._search = self._walk()

    @property
    def exhausted(self) -> bool:
        """Whether the search proved there are no more solutions (within the bound)."""
        return self.status is Status.EXHAUSTED

    def __iter__(self) -> Iterator[SearchResult[S, M]]:
        return self

    def __next__(self) -> SearchResult[S, M]:
        self._started = True
        observer = self.observer
        while True:
            item = self._advance()
            if item is None:
                raise StopIteration
            if isinstance(item, SearchResult):
                return item
            if observer is not None:
                observer(item)

    def events(self) -> Iterator[Event]:
        """Every event of the search from here on, one per ``next()``: Solution events
        mark the solutions (``last`` holds each as a SearchResult). Ask for it before
        the first solution; the observer, if any, still hears every event."""
        if self._started and not self._emit:
            raise ValueError("events() must be asked for before the search starts")
        self._emit = self._started = True
        observer = self.observer
        while True:
            item = self._advance()
            if item is None:
                return
            if isinstance(item, SearchResult):
                continue  # its Solution event came just before it
            if observer is not None:
                observer(item)
            yield item

    def _advance(self) -> Event | SearchResult[S, M] | None:
        """One more item of the walk, timed against the budget; None at its end."""
        self._asked_at = time.perf_counter()
        self.budget.resume()
        try:
            return next(self._search, None)
        except KeyboardInterrupt:
            raise SearchInterrupted(self.stats) from None
        finally:
            self.budget.pause()
            self.stats.seconds += time.perf_counter() - self._asked_at

    def _walk(self) -> Iterator[Event | SearchResult[S, M]]:
        problem, stats = self.problem, self.stats
        emit = self._emit  # read once: a search built without observer builds no events
        depth_bound, cost_bound = self.depth_bound, self.cost_bound
        h, constraint = self.h, self.constraint
        states: list[S] = []
        moves: list[M] = []
        costs: list[float] = []
        on_path: set[S] = set()
        branches: list[Iterator[tuple[M, S, float]]] = []

        # ``pending`` is a state about to be entered: tested, then expanded or yielded.
        start = problem.initial
        pending: tuple[M | None, S, float, float] | None = (
            None,
            start,
            0.0,
            0.0 if h is None else h(start),
        )
        while True:
            if pending is not None:
                move, state, g, state_h = pending
                pending = None
                states.append(state)
                costs.append(g)
                if len(states) > 1:
                    moves.append(move)  # type: ignore[arg-type]
                on_path.add(state)
                stats.max_frontier = max(stats.max_frontier, len(states))
                depth = len(states) - 1
                if problem.is_goal(state):
                    self.found += 1
                    path = tuple(states)
                    if emit:
                        yield Solution(path, g, self.found)
                    snapshot = dataclasses.replace(
                        stats, seconds=stats.seconds + time.perf_counter() - self._asked_at
                    )
                    self.last = SearchResult(Status.SOLVED, path, tuple(moves), g, snapshot)
                    yield self.last
                    branches.append(iter(()))  # a goal is a leaf: retreat from it next
                else:
                    limit = self.budget.exceeded()
                    if limit is not None:
                        self.status, self.limit = Status.LIMIT_REACHED, limit
                        return
                    stats.expanded += 1
                    if emit:
                        yield Expand(state, g, state_h, g + state_h, depth, 0)
                    branches.append(iter(problem.successors(state)))
            if not branches:
                self.status = Status.EXHAUSTED
                return
            arc = next(branches[-1], None)
            if arc is None:
                branches.pop()
                leaving = states.pop()
                costs.pop()
                if moves:
                    moves.pop()
                on_path.discard(leaving)
                stats.backtracks += 1
                if emit:
                    yield Backtrack(leaving, len(states))
                continue
            move, child, cost = arc
            parent = states[-1]
            check_cost(cost, parent, move)
            stats.generated += 1
            child_g = costs[-1] + cost
            child_h = 0.0 if h is None else h(child)
            if emit:
                yield Generate(parent, move, child, child_g, child_h)
            if child in on_path:
                if emit:
                    yield Prune(child, "cycle")
            elif depth_bound is not None and len(states) > depth_bound:
                self.cutoff = True
                if emit:
                    yield Prune(child, "depth")
            elif cost_bound is not None and child_g + child_h > cost_bound:
                self.cutoff = True
                self.next_bound = min(self.next_bound, child_g + child_h)
                if emit:
                    yield Prune(child, "bound")
            elif constraint is not None and not constraint(child):
                if emit:
                    yield Prune(child, "constraint")
            else:
                pending = (move, child, child_g, child_h)


_DEPTH_FIRST_ARGS = (
    "depth_bound: refuse successors deeper than this (None: no bound).",
    "constraint: a test each state entered must pass (Prolog's generate-and-test).",
)


@search_doc(*_DEPTH_FIRST_ARGS)
def depth_first(
    problem: Problem[S, M],
    *,
    depth_bound: int | None = None,
    constraint: Callable[[S], bool] | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """The first solution of chronological backtracking (``depth_first_solutions``
    gives every one, lazily). No promise of a short path.

    {sections}

    Examples:
        >>> class Line:  # states 0..10, one step either way; the goal is 7
        ...     initial = 0
        ...     def successors(self, x):
        ...         return [(step, x + step, 1) for step in (-1, 1) if 0 <= x + step <= 10]
        ...     def is_goal(self, x):
        ...         return x == 7
        >>> depth_first(Line()).path
        (0, 1, 2, 3, 4, 5, 6, 7)
        >>> depth_first(Line(), depth_bound=3).status
        <Status.EXHAUSTED: 'exhausted'>
    """
    stream = depth_first_solutions(
        problem, depth_bound=depth_bound, constraint=constraint, limits=limits, observer=observer
    )
    return first_solution(stream)


@checks_problem
@search_doc(
    *_DEPTH_FIRST_ARGS,
    returns=(
        "``Solutions``: iterate it (or call ``next``) for one ``SearchResult`` per goal reached, "
        "computed only when asked for; ``events()`` steps it event by event."
    ),
)
def depth_first_solutions(
    problem: Problem[S, M],
    *,
    depth_bound: int | None = None,
    constraint: Callable[[S], bool] | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> Solutions[S, M]:
    """Every solution by chronological backtracking, lazily: see ``Solutions``.

    {sections}

    Examples:
        >>> class Stairs:  # four steps up, one or two at a time: five ways
        ...     initial = 0
        ...     def successors(self, x):
        ...         return [(f"+{k}", x + k, 1) for k in (1, 2) if x + k <= 4]
        ...     def is_goal(self, x):
        ...         return x == 4
        >>> solutions = depth_first_solutions(Stairs())
        >>> next(solutions).moves
        ('+1', '+1', '+1', '+1')
        >>> [found.moves for found in solutions]  # the others, each found when asked for
        [('+1', '+1', '+2'), ('+1', '+2', '+1'), ('+2', '+1', '+1'), ('+2', '+2')]
    """
    return Solutions(
        problem,
        depth_bound=depth_bound,
        constraint=constraint,
        limits=limits,
        observer=observer,
    )


@checks_problem
@search_doc("max_depth: the deepest bound tried (None: no end but the limits).")
def iterative_deepening(
    problem: Problem[S, M],
    *,
    max_depth: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Depth-first searches with bounds 0, 1, 2, …: fewest moves, memory linear in depth.

    It stops with EXHAUSTED when a round was not cut off by its bound (the whole space
    was seen) or when ``max_depth`` is passed.

    {sections}

    Examples:
        >>> from searchlab.domains.puzzle import BRATKO_GOAL, SlidingPuzzle, make_heuristic
        >>> puzzle = SlidingPuzzle((2, 8, 3, 1, 6, 4, 7, 0, 5), BRATKO_GOAL)  # Bratko's (b)
        >>> iterative_deepening(puzzle).length
        5
    """
    if max_depth is not None and max_depth < 0:
        raise InputError(f"the maximum depth must be 0 or more, not {max_depth}")
    return bounded_rounds(problem, None, max_bound=max_depth, limits=limits, observer=observer)


def bounded_rounds(
    problem: Problem[S, M],
    h: Heuristic[S] | None,
    *,
    max_bound: float | None = None,
    limits: Limits,
    observer: Observer | None,
) -> SearchResult[S, M]:
    """Rounds of bounded depth-first search (one ``Solutions`` each), until one finds a
    goal: depth bounds 0, 1, 2, … without a heuristic (iterative deepening); with one,
    bounds on f = g + h, each the least f that passed the one before (IDA*).

    EXHAUSTED when a round was not cut off by its bound (the whole space was seen), or
    the next bound would pass ``max_bound``.
    """
    stats = Stats()
    budget = Budget(limits, stats)
    bound = 0.0 if h is None else h(problem.initial)
    with interruptible(budget):
        while max_bound is None or bound <= max_bound:
            stats.iterations += 1
            if observer is not None:
                observer(Threshold(bound, stats.iterations))
            solutions = Solutions(
                problem,
                depth_bound=int(bound) if h is None else None,
                cost_bound=None if h is None else bound,
                h=h,
                limits=remaining(limits, budget),
                observer=observer,
                stats=stats,
            )
            seconds_before = stats.seconds
            try:
                found = next(solutions, None)
            finally:
                stats.seconds = seconds_before  # the budget keeps the whole run's clock
            if found is not None:
                budget.stop_clock()
                return dataclasses.replace(found, stats=stats)
            if solutions.status is Status.LIMIT_REACHED:
                budget.stop_clock()
                return no_path(Status.LIMIT_REACHED, stats, solutions.limit)
            if not solutions.cutoff:
                break
            bound = bound + 1 if h is None else solutions.next_bound
            if bound == math.inf:
                break
    budget.stop_clock()
    return no_path(Status.EXHAUSTED, stats)


def remaining(limits: Limits, budget: Budget) -> Limits:
    """The limits left for one round of an iterative search, given the whole budget."""
    if limits.max_seconds is None:
        return limits
    spent = time.perf_counter() - budget.started
    return Limits(limits.max_expanded, max(0.0, limits.max_seconds - spent))


ROUNDS_LOOP: Loop = (bounded_rounds, Solutions._walk)
"""The code that runs iterative deepening and IDA*: rounds of bounded depth-first walks."""

BREADTH_FIRST = Algorithm(
    breadth_first, "bfs", "Breadth-first",
    "breadth-first: fewest moves",
    "graph", "queue", "moves", aliases=("breadth-first",), order=7,
)  # fmt: skip
ITERATIVE_DEEPENING = Algorithm(
    iterative_deepening, "iterative-deepening", "Iterative deepening",
    "depth-first with growing depth bounds: fewest moves",
    "tree", "path-depth", "moves", aliases=("iddfs",), order=9, loop=ROUNDS_LOOP,
)  # fmt: skip
DEPTH_FIRST = Algorithm(
    depth_first_solutions, "dfs", "Depth-first",
    "depth-first backtracking: every solution, one more on request",
    "tree", "path", "none", stream=True, aliases=("depth-first", "backtracking"), order=10,
    loop=(Solutions._walk,),
)  # fmt: skip
