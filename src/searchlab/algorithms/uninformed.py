"""Searches that need no heuristic: breadth-first, depth-first backtracking that
yields every solution lazily, and iterative deepening built on it."""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

from searchlab.algorithms.common import check_cost, interruptible, walk_back
from searchlab.core.errors import InputError, SearchInterrupted
from searchlab.core.events import (
    Backtrack,
    Expand,
    Generate,
    Observer,
    Prune,
    Solution,
    Threshold,
)
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.problem import Problem
from searchlab.core.result import SearchResult, Stats, Status

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


def breadth_first(
    problem: Problem[S, M], *, limits: Limits = NO_LIMITS, observer: Observer | None = None
) -> SearchResult[S, M]:
    """Graph search in order of depth: the path found has the fewest moves.

    The goal test is made when a state is generated, which saves a whole layer.
    """
    stats = Stats()
    budget = Budget(limits, stats)
    start = problem.initial
    parents: dict[S, tuple[S, M] | None] = {start: None}
    costs: dict[S, float] = {start: 0.0}
    frontier: deque[tuple[S, int]] = deque([(start, 0)])
    stats.max_frontier = 1

    def result(status: Status, last: S, limit: str | None = None) -> SearchResult[S, M]:
        budget.stop_clock()
        path, moves = walk_back(parents, last)
        return SearchResult(status, path, moves, costs[last], stats, limit)

    with interruptible(budget):
        if problem.is_goal(start):
            if observer is not None:
                observer(Solution((start,), 0.0, 1))
            return result(Status.SOLVED, start)
        while frontier:
            limit = budget.exceeded()
            if limit is not None:
                return result(Status.LIMIT_REACHED, frontier[0][0], limit)
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
                    return result(Status.SOLVED, child)
                frontier.append((child, depth + 1))
            if len(frontier) > stats.max_frontier:
                stats.max_frontier = len(frontier)
    return result(Status.EXHAUSTED, start)


class Solutions(Generic[S, M]):
    """Depth-first backtracking as a lazy stream of solutions (the seed's "other solutions").

    Iterating yields one ``SearchResult`` per goal reached, computing nothing past the
    solution asked for. Successors are tried in the problem's order; a successor already
    on the current path is refused (path-cycle checking), as is one deeper than
    ``depth_bound`` or one that fails ``constraint`` (Prolog's generate-and-test: the
    refused attempts show up in the event stream). Goal states are not expanded further.

    While iterating, ``status`` is None; once the stream ends it says why: EXHAUSTED (no
    more solutions below the bound) or LIMIT_REACHED. ``stats.seconds`` counts only time
    spent searching, not time between requests.
    """

    def __init__(
        self,
        problem: Problem[S, M],
        *,
        depth_bound: int | None = None,
        constraint: Callable[[S], bool] | None = None,
        limits: Limits = NO_LIMITS,
        observer: Observer | None = None,
        stats: Stats | None = None,
    ) -> None:
        if depth_bound is not None and depth_bound < 0:
            raise InputError(f"the depth bound must be 0 or more, not {depth_bound}")
        self.problem = problem
        self.depth_bound = depth_bound
        self.constraint = constraint
        self.observer = observer
        self.stats = stats if stats is not None else Stats()
        self.budget = Budget(limits, self.stats)
        self.budget.pause()  # max_seconds counts search time only, like stats.seconds
        self._asked_at = 0.0
        self.status: Status | None = None
        self.limit: str | None = None
        self.found = 0
        self.cutoff = False  # whether the depth bound refused any state
        self._search = self._walk()

    @property
    def exhausted(self) -> bool:
        """Whether the search proved there are no more solutions (within the bound)."""
        return self.status is Status.EXHAUSTED

    def __iter__(self) -> Iterator[SearchResult[S, M]]:
        return self

    def __next__(self) -> SearchResult[S, M]:
        self._asked_at = time.perf_counter()
        self.budget.resume()
        try:
            return next(self._search)
        except KeyboardInterrupt:
            raise SearchInterrupted(self.stats) from None
        finally:
            self.budget.pause()
            self.stats.seconds += time.perf_counter() - self._asked_at

    def _walk(self) -> Iterator[SearchResult[S, M]]:
        problem, observer, stats = self.problem, self.observer, self.stats
        bound = self.depth_bound
        constraint = self.constraint
        states: list[S] = []
        moves: list[M] = []
        costs: list[float] = []
        on_path: set[S] = set()
        branches: list[Iterator[tuple[M, S, float]]] = []

        # ``pending`` is a state about to be entered: tested, then expanded or yielded.
        pending: tuple[M | None, S, float] | None = (None, problem.initial, 0.0)
        while True:
            if pending is not None:
                move, state, g = pending
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
                    if observer is not None:
                        observer(Solution(path, g, self.found))
                    snapshot = dataclasses.replace(
                        stats, seconds=stats.seconds + time.perf_counter() - self._asked_at
                    )
                    yield SearchResult(Status.SOLVED, path, tuple(moves), g, snapshot)
                    branches.append(iter(()))  # a goal is a leaf: retreat from it next
                else:
                    limit = self.budget.exceeded()
                    if limit is not None:
                        self.status, self.limit = Status.LIMIT_REACHED, limit
                        return
                    stats.expanded += 1
                    if observer is not None:
                        observer(Expand(state, g, 0.0, g, depth, 0))
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
                if observer is not None:
                    observer(Backtrack(leaving, len(states)))
                continue
            move, child, cost = arc
            parent = states[-1]
            check_cost(cost, parent, move)
            stats.generated += 1
            child_g = costs[-1] + cost
            if observer is not None:
                observer(Generate(parent, move, child, child_g, 0.0))
            if child in on_path:
                if observer is not None:
                    observer(Prune(child, "cycle"))
            elif bound is not None and len(states) > bound:
                self.cutoff = True
                if observer is not None:
                    observer(Prune(child, "depth"))
            elif constraint is not None and not constraint(child):
                if observer is not None:
                    observer(Prune(child, "constraint"))
            else:
                pending = (move, child, child_g)


def depth_first(
    problem: Problem[S, M],
    *,
    depth_bound: int | None = None,
    constraint: Callable[[S], bool] | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> Solutions[S, M]:
    """Every solution by chronological backtracking, lazily: see ``Solutions``."""
    return Solutions(
        problem,
        depth_bound=depth_bound,
        constraint=constraint,
        limits=limits,
        observer=observer,
    )


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
    """
    if max_depth is not None and max_depth < 0:
        raise InputError(f"the maximum depth must be 0 or more, not {max_depth}")
    stats = Stats()
    budget = Budget(limits, stats)
    bound = 0
    with interruptible(budget):
        while max_depth is None or bound <= max_depth:
            stats.iterations += 1
            if observer is not None:
                observer(Threshold(float(bound), stats.iterations))
            round_limits = _remaining(limits, budget)
            solutions = Solutions(
                problem, depth_bound=bound, limits=round_limits, observer=observer, stats=stats
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
                return SearchResult(
                    Status.LIMIT_REACHED, (problem.initial,), (), 0.0, stats, solutions.limit
                )
            if not solutions.cutoff:
                break
            bound += 1
    budget.stop_clock()
    return SearchResult(Status.EXHAUSTED, (problem.initial,), (), 0.0, stats)


def _remaining(limits: Limits, budget: Budget) -> Limits:
    """The limits left for one round of an iterative search, given the whole budget."""
    if limits.max_seconds is None:
        return limits
    spent = time.perf_counter() - budget.started
    return Limits(limits.max_expanded, max(0.0, limits.max_seconds - spent))
