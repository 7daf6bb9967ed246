"""Informed searches whose memory grows only with the depth of the solution:
IDA* (iterative deepening on f) and RBFS (Korf's recursive best-first search).

Both check cycles along the current path only, and both return a cheapest path when
the heuristic is admissible.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from typing import Generic

from searchlab.algorithms.common import check_cost, checks_problem, interruptible
from searchlab.algorithms.declaration import Algorithm
from searchlab.algorithms.uninformed import ROUNDS_LOOP, bounded_rounds
from searchlab.core.docstrings import BEST_FIRST_RAISES, HEURISTIC, search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import (
    Backtrack,
    Ceiling,
    Expand,
    Generate,
    Observer,
    Prune,
    Solution,
    detail_of,
)
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.result import SearchResult, Stats, Status, no_path


@checks_problem
@search_doc(HEURISTIC, raises=BEST_FIRST_RAISES)
def ida_star(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """IDA*: depth-first rounds bounded by f = g + h, each bound the least f that
    exceeded the previous one. Each round is the depth-first stream (``Solutions``,
    an explicit stack), so depth is not limited by Python's recursion.

    {sections}

    Examples:
        Bratko's 8-puzzle (c) in memory that grows with the depth only (A* keeps every
        state it met):

        >>> from searchlab.domains.puzzle import BRATKO_GOAL, BRATKO_POSITIONS, SlidingPuzzle
        >>> from searchlab.domains.puzzle import make_heuristic
        >>> h = make_heuristic("manhattan", BRATKO_GOAL)
        >>> result = ida_star(SlidingPuzzle(BRATKO_POSITIONS["c"], BRATKO_GOAL), h)
        >>> result.cost, result.stats.expanded
        (18.0, 131)
    """
    start = problem.initial
    if problem.is_goal(start):
        if observer is not None:
            observer(Solution((start,), 0.0, 1))
        return SearchResult(Status.SOLVED, (start,), (), 0.0, Stats())
    return bounded_rounds(problem, h, limits=limits, observer=observer)


RBFS_MAX_DEPTH = 100_000
"""How deep RBFS may recurse. Python 3.11 keeps pure-Python calls off the C stack,
so the interpreter's recursion limit is raised to this for the search's duration."""


class _LimitHit(Exception):
    def __init__(self, limit: str) -> None:
        self.limit = limit


@dataclass(slots=True)
class _Child(Generic[S, M]):
    """A successor held by RBFS, with its backed-up f."""

    f: float
    g: float
    order: int
    move: M
    state: S


@checks_problem
@search_doc(HEURISTIC, raises=BEST_FIRST_RAISES)
def rbfs(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Recursive best-first search (Korf 1993): best-first order in linear memory.

    Each call explores its best child with the f of the best alternative as a ceiling
    and backs the child's f up when it returns, so forgotten subtrees are re-entered
    only when they become the best again. Recursion depth equals solution depth,
    up to ``RBFS_MAX_DEPTH`` (deeper is an InputError pointing to IDA*). An observer
    that asks for detail hears each expansion's f-limit (``Ceiling``) right after it.

    {sections}

    Examples:
        AIMA's Figure 3.27: RBFS on Romania, Arad to Bucharest, switching between the
        routes through Rimnicu Vilcea and Fagaras as their f-limits change.

        >>> from searchlab.domains.routes.problem import romania_trip
        >>> rbfs(*romania_trip()).path
        (Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest)
    """
    stats = Stats()
    budget = Budget(limits, stats)
    start = problem.initial
    states: list[S] = [start]
    moves: list[M] = []
    costs: list[float] = [0.0]
    on_path: set[S] = {start}
    held = [0]  # successors held across the whole recursion, for max_frontier
    detail = detail_of(observer)

    def search(state: S, g: float, f_state: float, f_limit: float) -> tuple[bool, float]:
        if problem.is_goal(state):
            return True, f_state
        limit = budget.exceeded()
        if limit is not None:
            raise _LimitHit(limit)
        stats.expanded += 1
        if observer is not None:
            observer(Expand(state, g, f_state - g, f_state, len(states) - 1, held[0]))
            if detail:
                observer(Ceiling(state, f_limit))
        children: list[_Child[S, M]] = []
        for order, (move, child, cost) in enumerate(problem.successors(state)):
            check_cost(cost, state, move)
            stats.generated += 1
            child_g = g + cost
            child_h = h(child)
            if observer is not None:
                observer(Generate(state, move, child, child_g, child_h))
            if child in on_path:
                if observer is not None:
                    observer(Prune(child, "cycle"))
                continue
            # A child inherits its parent's backed-up f when that is larger (Korf's rule).
            children.append(_Child(max(child_g + child_h, f_state), child_g, order, move, child))
        if not children:
            return False, math.inf
        held[0] += len(children)
        stats.max_frontier = max(stats.max_frontier, held[0])
        try:
            while True:
                children.sort(key=lambda c: (c.f, c.order))
                best = children[0]
                # An infinite f marks a subtree proved dead (or a heuristic's dead end):
                # without the second test a root with no limit would re-enter it forever.
                if best.f > f_limit or best.f == math.inf:
                    return False, best.f
                alternative = children[1].f if len(children) > 1 else math.inf
                states.append(best.state)
                moves.append(best.move)
                costs.append(best.g)
                on_path.add(best.state)
                found, best.f = search(best.state, best.g, best.f, min(f_limit, alternative))
                if found:
                    return True, best.f
                states.pop()
                moves.pop()
                costs.pop()
                on_path.discard(best.state)
                if observer is not None:
                    observer(Backtrack(best.state, len(states)))
        finally:
            held[0] -= len(children)

    recursion_limit = sys.getrecursionlimit()
    with interruptible(budget):
        try:
            sys.setrecursionlimit(max(recursion_limit, RBFS_MAX_DEPTH + 1_000))
            found, _ = search(start, 0.0, h(start), math.inf)
        except _LimitHit as hit:
            budget.stop_clock()
            return no_path(Status.LIMIT_REACHED, stats, hit.limit)
        except RecursionError:
            raise InputError(
                f"rbfs went deeper than about {RBFS_MAX_DEPTH} moves, more than its recursion "
                "allows: use ida_star for paths this long"
            ) from None
        finally:
            sys.setrecursionlimit(recursion_limit)
    budget.stop_clock()
    if not found:
        return no_path(Status.EXHAUSTED, stats)
    if observer is not None:
        observer(Solution(tuple(states), costs[-1], 1))
    return SearchResult(Status.SOLVED, tuple(states), tuple(moves), costs[-1], stats)


IDA_STAR = Algorithm(
    ida_star, "ida", "IDA*",
    "IDA*: depth-first rounds on f",
    "tree", "path-f", "cost", heuristic=True, aliases=("ida*",), order=5, loop=ROUNDS_LOOP,
)  # fmt: skip
RBFS = Algorithm(
    rbfs, "rbfs", "Recursive best-first (RBFS)",
    "recursive best-first search",
    "tree", "path-siblings", "cost", heuristic=True, detail="ceiling", order=6,
)  # fmt: skip
