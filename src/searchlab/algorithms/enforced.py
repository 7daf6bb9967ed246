"""Enforced hill climbing (Hoffmann and Nebel's FF): from the current state, a
breadth-first search for the first state with a strictly lower h, then on from there;
helpful actions, where the problem offers them, are tried first in each search."""

from __future__ import annotations

from collections import deque

from searchlab.algorithms.common import check_cost, checks_problem, interruptible
from searchlab.algorithms.declaration import Algorithm
from searchlab.core.docstrings import search_doc
from searchlab.core.events import Expand, Observer, Solution
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.result import SearchResult, Stats, Status, no_path

HEURISTIC = "h: the estimate each breadth-first search tries to lower."


@checks_problem
@search_doc(HEURISTIC)
def enforced_hill_climbing(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Climb by breadth-first searches, each to a state strictly better than the last.

    Incomplete: a dead end (a breadth-first search that finds nothing better) ends it
    with no path. A problem with a ``helpful(state)`` method (the planning domain with
    h_FF) has the moves it names tried first.

    {sections}

    Examples:
        >>> from searchlab.core.problem import NumberLine
        >>> line = NumberLine(start=2, goal=7)
        >>> result = enforced_hill_climbing(line, line.distance)
        >>> result.length, result.final_state
        (5, 7)
    """
    stats = Stats()
    budget = Budget(limits, stats)
    helpful = getattr(problem, "helpful", None)
    current = problem.initial
    best = h(current)
    path: list[S] = [current]
    moves: list[M] = []
    cost = 0.0
    with interruptible(budget):
        while not problem.is_goal(current):
            parents: dict[S, tuple[S, M, float] | None] = {current: None}
            frontier: deque[S] = deque([current])
            found: S | None = None
            while frontier and found is None:
                limit = budget.exceeded()
                if limit is not None:
                    budget.stop_clock()
                    return no_path(Status.LIMIT_REACHED, stats, limit)
                state = frontier.popleft()
                stats.expanded += 1
                if observer is not None:
                    observer(Expand(state, 0.0, best, best, 0, len(frontier)))
                arcs = list(problem.successors(state))
                if helpful is not None:
                    names = helpful(state)
                    arcs.sort(key=lambda arc: str(arc[0]) not in names)
                for move, child, step in arcs:
                    check_cost(step, state, move)
                    stats.generated += 1
                    if child in parents:
                        continue
                    parents[child] = (state, move, step)
                    value = h(child)
                    if value < best or problem.is_goal(child):
                        found, best = child, value
                        break
                    frontier.append(child)
                stats.max_frontier = max(stats.max_frontier, len(frontier))
            if found is None:
                budget.stop_clock()
                return no_path(Status.EXHAUSTED, stats)
            leg: list[tuple[S, M, float]] = []
            step_to = parents[found]
            at = found
            while step_to is not None:
                leg.append((at, step_to[1], step_to[2]))
                at = step_to[0]
                step_to = parents[at]
            for state, move, step in reversed(leg):
                path.append(state)
                moves.append(move)
                cost += step
            current = found
        budget.stop_clock()
        if observer is not None:
            observer(Solution(tuple(path), cost, 1))
        return SearchResult(Status.SOLVED, tuple(path), tuple(moves), cost, stats)


ENFORCED_HILL_CLIMBING = Algorithm(
    enforced_hill_climbing, "ehc", "Enforced hill climbing",
    "enforced hill climbing: breadth-first to a strictly better state, again and again",
    "local", "queue", "none", heuristic=True, aliases=("enforced-hill-climbing",), order=12,
)  # fmt: skip
