"""Contraction hierarchies as a search of a route (``needs="graph"``, so only the route
domain offers it): the graph's hierarchy is built once (or read from the cache) and each
query searches upward from both ends. Its loop (``searchlab.domains.routes.ch``) is
imported on the first search, so that listing the algorithms loads no numpy."""

from __future__ import annotations

from typing import Any

from searchlab.algorithms.bidirectional import ROUTE
from searchlab.algorithms.declaration import Algorithm
from searchlab.core.docstrings import search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Observer, Solution
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.result import SearchResult, Stats, Status, no_path


@search_doc(raises=(), problem=ROUTE)
def contraction_hierarchy(
    problem: Any, *, limits: Limits = NO_LIMITS, observer: Observer | None = None
) -> SearchResult[int, str]:
    """The cheapest path by a contraction hierarchy: the graph's nodes ordered by
    importance, shortcuts added as each is contracted, then two searches that only
    climb the order, from the start and from the goal, meeting at the top. The
    hierarchy is built on the first query of a graph (``problem.hierarchy`` when set,
    else the cache's); the expanded count is the nodes both searches reached, each
    reported as an expansion on its side.

    {sections}

    Examples:
        >>> from searchlab.domains.routes.problem import romania_trip
        >>> trip, _ = romania_trip()
        >>> route = contraction_hierarchy(trip)
        >>> route.cost, [trip.graph.name(node) for node in route.path]
        (418.0, ['Arad', 'Sibiu', 'Rimnicu Vilcea', 'Pitesti', 'Bucharest'])
    """
    import itertools

    from searchlab.domains.routes import ch
    from searchlab.domains.routes.problem import RouteProblem

    if not isinstance(problem, RouteProblem):
        raise InputError(
            "a contraction hierarchy searches a graph: the problem is not a route",
            field="algorithm",
        )
    graph = problem.graph
    hierarchy = getattr(problem, "hierarchy", None) or ch.cached(graph)
    stats = Stats()
    budget = Budget(limits, stats)
    space = ch.workspace(graph)
    cost, path = ch.query(hierarchy, space, problem.source, problem.target)
    stats.expanded = space.settled
    stats.max_frontier = space.settled
    budget.stop_clock()
    if observer is not None:
        for side, name in ((0, "forward"), (1, "backward")):
            for v in space.touched[side][: space.counts[side]].tolist():
                g = float(space.dist[side][v])
                observer(Expand(problem.state_of(v), g, 0.0, g, 0, 0, name))
    if not path:
        return no_path(Status.EXHAUSTED, stats)
    moves = tuple(problem.move_name(a, b) for a, b in itertools.pairwise(path))
    if observer is not None:
        observer(Solution(tuple(problem.state_of(v) for v in path), cost, 1))
    return SearchResult(Status.SOLVED, tuple(path), moves, cost, stats)


CONTRACTION_HIERARCHY = Algorithm(
    contraction_hierarchy, "ch", "Contraction hierarchy",
    "contraction hierarchy: shortcuts added in an order of importance, then two "
    "searches that only climb it, from both ends",
    "graph", "two-queues", "cost", needs="graph",
    aliases=("contraction-hierarchy", "contraction-hierarchies"), order=21,
)  # fmt: skip
