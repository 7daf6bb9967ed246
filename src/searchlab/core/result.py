"""The one result type every algorithm returns, and its statistics."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


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
    - ``seconds``: time spent searching (for a lazy depth-first stream, only while a
      solution was being computed).
    """

    expanded: int = 0
    generated: int = 0
    max_frontier: int = 0
    iterations: int = 0
    restarts: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, int | float]:
        return {
            "expanded": self.expanded,
            "generated": self.generated,
            "max_frontier": self.max_frontier,
            "iterations": self.iterations,
            "restarts": self.restarts,
            "seconds": round(self.seconds, 6),
        }


@dataclass(frozen=True)
class SearchResult(Generic[S, M]):
    """The end of a search: its status, the path walked and what it cost."""

    status: Status
    path: tuple[S, ...]  # states from the initial one to the last one reached
    moves: tuple[M, ...]  # the moves between consecutive states of ``path``
    cost: float
    stats: Stats = field(default_factory=Stats)
    limit: str | None = None  # which limit stopped the search, if one did

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def final_state(self) -> S:
        return self.path[-1]

    def to_dict(
        self,
        encode_state: Callable[[S], Any] = lambda state: state,
        encode_move: Callable[[M], Any] = lambda move: move,
    ) -> dict[str, Any]:
        """A JSON-ready view; the domains say how their states and moves are written."""
        return {
            "status": str(self.status),
            "path": [encode_state(state) for state in self.path],
            "moves": [encode_move(move) for move in self.moves],
            "cost": self.cost,
            "limit": self.limit,
            "stats": self.stats.to_dict(),
        }
