"""Greedy best-first search with preferred operators (Fast Downward's dual queue): the
successors reached by a move the problem prefers (the planning domain's helpful actions
under h_FF) go into a second queue too, and the two queues take turns, the preferred
one given extra turns each time h improves. On a problem with no ``helpful(state)``
method it is greedy best-first search."""

from __future__ import annotations

import heapq
import itertools

from searchlab.algorithms.common import check_cost, checks_problem, interruptible, walk_back
from searchlab.algorithms.declaration import Algorithm
from searchlab.core.docstrings import search_doc
from searchlab.core.events import Expand, Observer, Solution
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.result import SearchResult, Stats, Status, no_path

BOOST = 1000
"""Turns the preferred queue is given each time a state with a new lowest h is found."""


@checks_problem
@search_doc("h: the estimate both queues are ordered by.")
def preferred_greedy(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Greedy best-first search whose preferred moves have a queue of their own.

    Each state is expanded once; the queues take turns, the preferred one first and
    for ``BOOST`` turns after each new lowest h.

    {sections}

    Examples:
        On a problem that prefers no move it is greedy best-first search:

        >>> from searchlab.core.problem import NumberLine
        >>> walk = preferred_greedy(NumberLine(9, 3), NumberLine(9, 3).distance)
        >>> walk.moves
        ('-1', '-1', '-1', '-1', '-1', '-1')
    """
    helpful = getattr(problem, "helpful", None)
    stats = Stats()
    budget = Budget(limits, stats)
    start = problem.initial
    parents: dict[S, tuple[S, M] | None] = {start: None}
    costs: dict[S, float] = {start: 0.0}
    order = itertools.count()
    best = h(start)
    queues: list[list[tuple[float, int, S]]] = [[(best, next(order), start)], []]
    closed: set[S] = set()
    boost = 0
    turn = 0
    with interruptible(budget):
        while queues[0] or queues[1]:
            limit = budget.exceeded()
            if limit is not None:
                budget.stop_clock()
                return no_path(Status.LIMIT_REACHED, stats, limit)
            if boost > 0 and queues[1]:
                which = 1
                boost -= 1
            else:
                which = turn if queues[turn] else 1 - turn
                turn = 1 - turn
            value, _, state = heapq.heappop(queues[which])
            if state in closed:
                continue
            closed.add(state)
            if problem.is_goal(state):
                budget.stop_clock()
                path, moves = walk_back(parents, state)
                if observer is not None:
                    observer(Solution(path, costs[state], 1))
                return SearchResult(Status.SOLVED, path, moves, costs[state], stats)
            stats.expanded += 1
            if observer is not None:
                observer(Expand(state, costs[state], value, value, 0, len(queues[0])))
            preferred = helpful(state) if helpful is not None else frozenset()
            for move, child, cost in problem.successors(state):
                check_cost(cost, state, move)
                stats.generated += 1
                if child in parents:
                    continue
                parents[child] = (state, move)
                costs[child] = costs[state] + cost
                child_h = h(child)
                if child_h < best:
                    best, boost = child_h, boost + BOOST
                entry = (child_h, next(order), child)
                heapq.heappush(queues[0], entry)
                if move in preferred:
                    heapq.heappush(queues[1], entry)
            stats.max_frontier = max(stats.max_frontier, len(queues[0]) + len(queues[1]))
        budget.stop_clock()
        return no_path(Status.EXHAUSTED, stats)


PREFERRED_GREEDY = Algorithm(
    preferred_greedy, "greedy-preferred", "Greedy with preferred operators",
    "greedy best-first with a second queue for preferred (helpful) moves",
    "graph", "two-queues", "none", heuristic=True, aliases=("gbfs-preferred",), order=13,
)  # fmt: skip
