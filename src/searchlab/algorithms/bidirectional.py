"""The searches that run on a route over a graph only (``needs="graph"``, so only the
route domain offers them): bidirectional Dijkstra and bidirectional A*. Their loop
(``searchlab.domains.routes.bidirectional``) is imported on the first search, so that
importing searchlab or listing the algorithms loads neither numpy nor the route domain."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from searchlab.algorithms.declaration import Algorithm
from searchlab.core.docstrings import search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult

ROUTE = "problem: a route over a graph (``RouteProblem``: a start and a goal node)."


def _searched(
    problem: Any, h: Callable[[int], float] | None, limits: Limits, observer: Observer | None
) -> SearchResult[int, str]:
    """Both searches at once, from the start and from the goal (``h`` for A*, whose
    backward search estimates from the start what an ``Estimate`` gives turned round;
    a plain callable gives it none)."""
    from searchlab.domains.routes.bidirectional import bidirectional
    from searchlab.domains.routes.problem import Estimate, RouteProblem

    if not isinstance(problem, RouteProblem):
        raise InputError(
            "this algorithm searches a graph from both ends: the problem is not a route",
            field="algorithm",
        )
    from_start = h.toward(problem.source) if isinstance(h, Estimate) else None
    return bidirectional(problem, h, from_start, limits=limits, observer=observer)


@search_doc(raises=(), problem=ROUTE)
def bidirectional_dijkstra(
    problem: Any, *, limits: Limits = NO_LIMITS, observer: Observer | None = None
) -> SearchResult[int, str]:
    """Dijkstra from the start and from the goal at once, stopped when the two least
    keys add up to the best path met: the cheapest path.

    {sections}

    Examples:
        >>> from searchlab.domains.routes.problem import romania_trip
        >>> trip, _ = romania_trip()
        >>> found = bidirectional_dijkstra(trip)  # AIMA's cheapest, as uniform-cost finds
        >>> found.cost, found.moves
        (418.0, ('Sibiu', 'Rimnicu Vilcea', 'Pitesti', 'Bucharest'))
    """
    return _searched(problem, None, limits, observer)


@search_doc(
    "h: the estimate of the cost to the goal (an ``Estimate`` also turns round for the "
    "search from the goal).",
    raises=(),
    problem=ROUTE,
)
def bidirectional_astar(
    problem: Any,
    h: Callable[[int], float],
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[int, str]:
    """Bidirectional A*: both searches on costs reduced by the average of the two
    estimates, stopped by the same rule; the cheapest path with a consistent estimate.

    {sections}

    Examples:
        >>> from searchlab.domains.routes.problem import romania_trip
        >>> trip, h = romania_trip()
        >>> bidirectional_astar(trip, h).cost
        418.0
    """
    return _searched(problem, h, limits, observer)


BIDIRECTIONAL = Algorithm(
    bidirectional_dijkstra, "bidirectional", "Bidirectional Dijkstra",
    "bidirectional Dijkstra: from the start and from the goal at once, stopped when "
    "the two least keys add up to the best path met",
    "graph", "two-queues", "cost", needs="graph",
    aliases=("bidirectional-dijkstra", "bidi"), order=19,
)  # fmt: skip
BIDIRECTIONAL_ASTAR = Algorithm(
    bidirectional_astar, "bidirectional-astar", "Bidirectional A*",
    "bidirectional A*: both searches on costs reduced by the average of the two "
    "estimates, stopped by the same rule",
    "graph", "two-queues", "cost", heuristic=True, needs="graph",
    aliases=("bidirectional-a*", "bidi-astar"), order=20,
)  # fmt: skip

GRAPH_SEARCHES = (BIDIRECTIONAL.name, BIDIRECTIONAL_ASTAR.name)
"""What the route domain offers besides the searches of any problem."""
