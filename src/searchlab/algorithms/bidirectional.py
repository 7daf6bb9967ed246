"""The searches that run on a route over a graph only (``needs="graph"``, so only the
route domain offers them): bidirectional Dijkstra and bidirectional A*. Their loop
(``searchlab.domains.routes.bidirectional``) is imported on the first search, so that
listing the algorithms loads neither numpy nor the route domain."""

from __future__ import annotations

from typing import Any

from searchlab.algorithms.declaration import Algorithm, Run
from searchlab.core.errors import InputError
from searchlab.core.result import SearchResult


def bidirectional_search(it: Run) -> SearchResult[Any, Any]:
    """Bidirectional Dijkstra or, given a heuristic, bidirectional A*: the loop is
    ``searchlab.domains.routes.bidirectional.bidirectional``."""
    from searchlab.domains.routes.bidirectional import bidirectional
    from searchlab.domains.routes.problem import Estimate, RouteProblem

    problem = it.problem
    if not isinstance(problem, RouteProblem):
        raise InputError(
            "this algorithm searches a graph from both ends: the problem is not a route",
            field="algorithm",
        )
    toward_goal = it.h
    # the backward search's own estimate of d(start, v); a plain callable gets none (0)
    from_start = toward_goal.toward(problem.source) if isinstance(toward_goal, Estimate) else None
    return bidirectional(problem, toward_goal, from_start, limits=it.limits, observer=it.observer)


BIDIRECTIONAL = Algorithm(
    bidirectional_search, "bidirectional", "Bidirectional Dijkstra",
    "bidirectional Dijkstra: from the start and from the goal at once, stopped when "
    "the two least keys add up to the best path met",
    "graph", "two-queues", "cost", needs="graph", aliases=("bidirectional-dijkstra", "bidi"),
    order=19, runner=bidirectional_search,
)  # fmt: skip
BIDIRECTIONAL_ASTAR = Algorithm(
    bidirectional_search, "bidirectional-astar", "Bidirectional A*",
    "bidirectional A*: both searches on costs reduced by the average of the two "
    "estimates, stopped by the same rule",
    "graph", "two-queues", "cost", heuristic=True, needs="graph",
    aliases=("bidirectional-a*", "bidi-astar"), order=20, runner=bidirectional_search,
)  # fmt: skip

GRAPH_SEARCHES = (BIDIRECTIONAL.name, BIDIRECTIONAL_ASTAR.name)
"""What the route domain offers besides the searches of any problem."""
