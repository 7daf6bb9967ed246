"""The route searches that run on a graph only, registered with every other algorithm
(marked ``needs="graph"``, so that only the route domain offers them): bidirectional
Dijkstra and bidirectional A*. Their code (``bidirectional.py``) is imported on the
first search, so that ``searchlab --help`` loads no numpy."""

from __future__ import annotations

from typing import Any

from searchlab.algorithms.registry import ALGORITHMS, AlgorithmInfo, Run
from searchlab.core.errors import InputError
from searchlab.core.result import SearchResult

GRAPH_SEARCHES = ("bidirectional", "bidirectional-astar")


def _route(it: Run) -> Any:
    from searchlab.domains.routes.problem import RouteProblem

    if not isinstance(it.problem, RouteProblem):
        raise InputError(
            "this algorithm searches a graph from both ends: the problem is not a route",
            field="algorithm",
        )
    return it.problem


def bidirectional_search(it: Run) -> SearchResult[Any, Any]:
    """Bidirectional Dijkstra or, given a heuristic, bidirectional A*: the loop is
    ``searchlab.domains.routes.bidirectional.bidirectional``."""
    from searchlab.domains.routes.bidirectional import bidirectional
    from searchlab.domains.routes.problem import Estimate

    problem = _route(it)
    toward_goal = it.h
    # the backward search's own estimate of d(start, v); a plain callable gets none (0)
    from_start = toward_goal.toward(problem.source) if isinstance(toward_goal, Estimate) else None
    return bidirectional(problem, toward_goal, from_start, limits=it.limits, observer=it.observer)


if "bidirectional" not in list(ALGORITHMS):
    ALGORITHMS.add(
        "bidirectional",
        AlgorithmInfo(
            bidirectional_search,
            "bidirectional Dijkstra: from the start and from the goal at once, stopped when "
            "the two least keys add up to the best path met",
            False,
            "cost",
            needs="graph",
            runner=bidirectional_search,
        ),
        "bidirectional-dijkstra",
        "bidi",
    )
    ALGORITHMS.add(
        "bidirectional-astar",
        AlgorithmInfo(
            bidirectional_search,
            "bidirectional A*: both searches on costs reduced by the average of the two "
            "estimates, stopped by the same rule",
            True,
            "cost",
            needs="graph",
            runner=bidirectional_search,
        ),
        "bidirectional-a*",
        "bidi-astar",
    )
