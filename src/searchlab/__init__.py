"""searchlab: state-space search on classic puzzles.

A problem (``initial``, ``successors``, ``is_goal``) is handed to an algorithm, which
may report events to an observer and returns one ``SearchResult`` (the streams of
every solution, ``depth_first_solutions`` and the CSP solver ``backtracking``, yield
one a solution). Every algorithm the front ends offer by name is exported here.
"""

from typing import Any

from searchlab.algorithms.best_first import (
    astar,
    best_first,
    greedy_best_first,
    uniform_cost,
    weighted_astar,
)
from searchlab.algorithms.bidirectional import bidirectional_astar, bidirectional_dijkstra
from searchlab.algorithms.csp.local import min_conflicts
from searchlab.algorithms.csp.search import backtracking
from searchlab.algorithms.hierarchy import contraction_hierarchy
from searchlab.algorithms.linear_memory import ida_star, rbfs
from searchlab.algorithms.local import exponential_schedule, hill_climbing, simulated_annealing
from searchlab.algorithms.memory import late_acceptance, tabu_search
from searchlab.algorithms.population import genetic_algorithm, local_beam_search
from searchlab.algorithms.uninformed import (
    Solutions,
    breadth_first,
    depth_first,
    depth_first_solutions,
    iterative_deepening,
)
from searchlab.core.errors import InputError, NegativeCostError, SearchInterrupted, SearchlabError
from searchlab.core.events import (
    Backtrack,
    Event,
    Expand,
    Generate,
    Observer,
    Prune,
    Recorder,
    Restart,
    Solution,
    Step,
    Threshold,
)
from searchlab.core.limits import Limits
from searchlab.core.problem import Heuristic, Problem
from searchlab.core.result import SearchResult, Stats, Status

__version__ = "0.1.0"


def show(domain: Any, thing: Any, problem: Any = None) -> Any:
    """``thing`` (a state, a result, an event stream) drawn by ``domain``'s own drawing,
    for a notebook (SVG/HTML) or a terminal (text): ``searchlab.notebook.show``.

    Args:
        domain: a registered domain's name, a ``Domain``, or your own problem object.
        thing: a state, a ``SearchResult``, a ``Recorder`` or list of events, a report.
        problem: the problem the states belong to, for a drawing that needs it.

    Returns:
        What a notebook shows as SVG/HTML and a terminal as text.

    Raises:
        InputError: ``domain`` names no registered domain.

    Examples:
        >>> show("puzzle", (1, 2, 3, 4, 0, 5, 6, 7, 8))
        1 2 3
        4 _ 5
        6 7 8
    """
    from searchlab.notebook.display import show as draw

    return draw(domain, thing, problem)

__all__ = [
    "Backtrack",
    "Event",
    "Expand",
    "Generate",
    "Heuristic",
    "InputError",
    "Limits",
    "NegativeCostError",
    "Observer",
    "Problem",
    "Prune",
    "Recorder",
    "Restart",
    "SearchInterrupted",
    "SearchResult",
    "SearchlabError",
    "Solution",
    "Solutions",
    "Stats",
    "Status",
    "Step",
    "Threshold",
    "__version__",
    "astar",
    "backtracking",
    "best_first",
    "bidirectional_astar",
    "bidirectional_dijkstra",
    "breadth_first",
    "contraction_hierarchy",
    "depth_first",
    "depth_first_solutions",
    "exponential_schedule",
    "genetic_algorithm",
    "greedy_best_first",
    "hill_climbing",
    "ida_star",
    "iterative_deepening",
    "late_acceptance",
    "local_beam_search",
    "min_conflicts",
    "rbfs",
    "show",
    "simulated_annealing",
    "tabu_search",
    "uniform_cost",
    "weighted_astar",
]
