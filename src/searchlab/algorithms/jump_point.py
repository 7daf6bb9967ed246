"""Jump point search as a registered algorithm (``needs="graph"``: only the route
domain offers it, and it runs on a grid map's route only). Its loop is the compiled one
of ``searchlab.domains.routes.jump``, imported on the first search; an observer is told
the jump points it expanded, in turn, once the search is over."""

from __future__ import annotations

import itertools
from typing import Any

from searchlab.algorithms.declaration import Algorithm
from searchlab.core.docstrings import search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Observer, Solution
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult, Stats, Status, no_path

GRID_ROUTE = (
    "problem: a route over a grid map's graph (``RouteProblem``: a start and a goal "
    "cell), 8-connected."
)


@search_doc(raises=(), problem=GRID_ROUTE)
def jump_point_search(
    problem: Any, *, limits: Limits = NO_LIMITS, observer: Observer | None = None
) -> SearchResult[int, str]:
    """A* over jump points with the octile estimate: the cheapest path on a grid where
    a diagonal never cuts a corner, found by expanding only the cells where a path may
    have to turn (an InputError on a graph that is not a grid map).

    {sections}

    Examples:
        >>> from searchlab.domains.routes.grid import parse_map
        >>> from searchlab.domains.routes.problem import RouteProblem
        >>> grid = parse_map("type octile\\nheight 3\\nwidth 4\\nmap\\n....\\n.@@.\\n....")
        >>> found = jump_point_search(RouteProblem(grid.graph(), 0, 11))
        >>> found.cost, found.moves  # no diagonal past the walls' corners
        (5.0, ('E', 'E', 'E', 'S', 'S'))
    """
    from searchlab.domains.routes import jump
    from searchlab.domains.routes.graph import distance
    from searchlab.domains.routes.problem import RouteProblem

    if not isinstance(problem, RouteProblem):
        raise InputError(
            "jump point search runs on a route over a grid map: the problem is not a route",
            field="algorithm",
        )
    grid = jump.grid_of(problem.graph)
    space = jump.space_for(grid)
    began = _now()
    deadline = None if limits.max_seconds is None else began + limits.max_seconds
    outcome = space.search(
        problem.source,
        problem.target,
        max_expanded=limits.max_expanded,
        deadline=deadline,
        trace=observer is not None,
    )
    stats = Stats(
        expanded=space.expanded,
        generated=space.generated,
        max_frontier=space.max_frontier,
        seconds=_now() - began,
    )
    if observer is not None:
        coords = problem.graph.coords
        assert coords is not None  # a grid's graph has its cells'
        goal = coords[problem.target]
        for node, g, depth in space.expanded_nodes():
            h = float(distance("grid", coords[node], goal))
            observer(Expand(problem.state_of(node), g, h, g + h, depth, 0))
    if outcome == "exhausted":
        return no_path(Status.EXHAUSTED, stats)
    if outcome != "found":
        return no_path(Status.LIMIT_REACHED, stats, outcome)
    path = space.path()
    states = tuple(problem.state_of(v) for v in path)
    moves = tuple(problem.move_name(a, b) for a, b in itertools.pairwise(path))
    if observer is not None:
        observer(Solution(states, space.length, 1))
    return SearchResult(Status.SOLVED, states, moves, space.length, stats)


def _now() -> float:
    import time

    return time.perf_counter()


JPS = Algorithm(
    jump_point_search, "jps", "Jump point search",
    "jump point search: A* over the cells where a path on a grid map may turn, "
    "walking straight and diagonal runs without a queue (8-connected, no corner cutting)",
    "graph", "jump-points", "cost", needs="graph",
    aliases=("jump-point", "jump-point-search"), order=21,
)  # fmt: skip
