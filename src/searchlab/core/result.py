"""The one result type every algorithm returns, and its statistics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic

from searchlab.core import display
from searchlab.core.problem import M, S


class Status(StrEnum):
    """How a search ended."""

    SOLVED = "solved"
    EXHAUSTED = "exhausted"  # the space was searched and holds no (further) goal
    LOCAL_OPTIMUM = "local_optimum"  # local search stopped short of a goal
    LIMIT_REACHED = "limit_reached"  # a node or time limit stopped the search


@dataclass
class Stats:
    """What a search did. Mutable: algorithms update it in place as they go.

    The same words mean the same thing in every algorithm:

    - ``expanded``: times a state's successors were asked for (``problem.successors``
      called). A goal is never expanded; a state expanded again (a re-opened state, a
      later deepening round, a subtree RBFS re-enters) counts again. ``max_expanded``
      stops a search before the expansion that would pass it.
    - ``generated``: ``(move, state, cost)`` triples received from ``successors``,
      whether or not they were then refused (on the path, closed, past a bound).
    - ``max_frontier``: the most states held for later at one time. Best-first searches:
      heap entries (stale ones awaiting lazy deletion included); breadth-first: the
      queue; depth-first, iterative deepening and IDA*: the states on the current path;
      RBFS: the successor lists held along the recursion; hill climbing: the strictly
      better candidates kept at one step (seed 000 stores only those); simulated
      annealing: the successors listed at one step.
    - ``iterations``: deepening rounds (iterative deepening, IDA*), or moves made by
      local search over all its climbs.
    - ``restarts``: random restarts taken by hill climbing.
    - ``assignments``: constraint satisfaction: times a variable was given a value that
      passed the consistency test (with inference, every value tried is one).
    - ``checks``: constraint satisfaction: consistency checks, each the test of one
      value of one variable against one constraint: against the values of its other
      variables (backtracking's test of a value against an assigned neighbour, a
      constraint tested once its variables all have values), or for a support in their
      current domains (forward checking tests every value left to each unassigned
      neighbour, AC-3's revise every value of the variable revised, least-constraining
      value every value of every neighbour for each value ordered); min-conflicts one
      per constraint evaluated when a variable changes value. The count is of these
      logical tests, whatever the representation (bit masks test many at once).
    - ``backtracks``: times a backtracking search went back up the tree: from a node
      whose values (successors) are used up, or from a solution to look for the next;
      a backjump over several levels counts once.
    - ``seconds``: time spent searching (for a lazy depth-first stream, only while a
      solution was being computed).
    - ``setup_seconds``: time spent before the search could start and not counted in
      ``seconds``: loading a compiled kernel, building or reading pattern databases.
    """

    expanded: int = 0
    generated: int = 0
    max_frontier: int = 0
    iterations: int = 0
    restarts: int = 0
    assignments: int = 0
    checks: int = 0
    backtracks: int = 0
    seconds: float = 0.0
    setup_seconds: float = 0.0

    def to_dict(self) -> dict[str, int | float]:
        return {
            "expanded": self.expanded,
            "generated": self.generated,
            "max_frontier": self.max_frontier,
            "iterations": self.iterations,
            "restarts": self.restarts,
            "assignments": self.assignments,
            "checks": self.checks,
            "backtracks": self.backtracks,
            "seconds": round(self.seconds, 6),
            "setup_seconds": round(self.setup_seconds, 6),
        }


@dataclass(frozen=True)
class SearchResult(Generic[S, M]):
    """The end of a search: its status, the path walked and what it cost.

    A result says plainly what it holds:

    - solved: ``path`` runs from the initial state to a goal, ``cost`` is its cost;
    - local search (hill climbing, annealing) that stopped short of a goal, or was
      stopped by a limit: ``path`` is the walk of the last climb, ending where it
      stopped, and ``cost`` is its cost;
    - any other search that found nothing (the space exhausted, a limit reached):
      no path (``()``) and no cost (``None``).

    ``optimal`` is True only for a solved result whose path is guaranteed cheapest
    (an optimal algorithm, with an admissible heuristic if it takes one); the
    algorithms leave it False and ``run_algorithm`` sets it, since only the caller
    knows whether the heuristic is admissible.
    """

    status: Status
    path: tuple[S, ...]  # see the class docstring: empty when there is none
    moves: tuple[M, ...]  # the moves between consecutive states of ``path``
    cost: float | None  # the cost of ``path``; None exactly when there is no path
    stats: Stats = field(default_factory=Stats)
    limit: str | None = None  # which limit stopped the search, if one did
    optimal: bool = False

    def __post_init__(self) -> None:
        if (self.cost is None) != (not self.path):
            raise ValueError("a SearchResult has a cost exactly when it has a path")
        if self.path and len(self.moves) != len(self.path) - 1:
            raise ValueError("a SearchResult needs one move between each two states")
        if self.status is Status.SOLVED and not self.path:
            raise ValueError("a solved SearchResult needs its path")
        if self.optimal and self.status is not Status.SOLVED:
            raise ValueError("only a solved search can be optimal")

    def __repr__(self) -> str:
        return display.result_repr(self)

    def _repr_html_(self) -> str:
        """A notebook's view: status, counters and the path (states as text; draw them
        with ``searchlab.show(domain, result)``)."""
        return display.result_html(self)

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def length(self) -> int | None:
        """The number of moves of the path, or None when there is no path."""
        return len(self.moves) if self.path else None

    @property
    def final_state(self) -> S:
        """The last state of the path: the goal, or where a local search stopped."""
        if not self.path:
            raise LookupError(f"this search found no path ({self.status})")
        return self.path[-1]

    def to_dict(
        self,
        encode_state: Callable[[S], Any] = lambda state: state,
        encode_move: Callable[[M], Any] = lambda move: move,
    ) -> dict[str, Any]:
        """A JSON-ready view; the domains say how their states and moves are written.

        ``path``, ``moves``, ``cost``, ``length`` and ``final`` are null when there is
        no path (see the class docstring).
        """
        has_path = bool(self.path)
        return {
            "status": str(self.status),
            "solved": self.solved,
            "optimal": self.optimal,
            "cost": self.cost,
            "length": self.length,
            "moves": [encode_move(move) for move in self.moves] if has_path else None,
            "path": [encode_state(state) for state in self.path] if has_path else None,
            "final": encode_state(self.path[-1]) if has_path else None,
            "limit": self.limit,
            "stats": self.stats.to_dict(),
        }


def no_path(status: Status, stats: Stats, limit: str | None = None) -> SearchResult[Any, Any]:
    """The result of a search that ends without a path (exhausted, or stopped)."""
    return SearchResult(status, (), (), None, stats, limit)
