"""The typed event stream every algorithm can report to an observer.

Consumers (statistics, the terminal step-through, the web viewer) are built on these
events alone. Algorithms test once whether an observer is attached, so an absent one
costs a single ``is None`` check per node and no event objects are built.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

PruneReason = Literal["cycle", "depth", "constraint", "bound", "stale", "closed"]


@dataclass(frozen=True, slots=True)
class Expand:
    """A state is taken from the frontier and its successors are about to be generated.

    ``frontier`` is the number of states left in the open list after taking this one;
    searches that hold a path rather than a list (depth-first, IDA*, local search)
    report 0, and RBFS the successors it holds along its recursion.
    """

    state: Hashable
    g: float
    h: float
    f: float
    depth: int
    frontier: int


@dataclass(frozen=True, slots=True)
class Generate:
    """A successor was produced (before any test on it)."""

    parent: Hashable
    move: Any
    state: Hashable
    g: float
    h: float


@dataclass(frozen=True, slots=True)
class Prune:
    """A generated state was refused: on the path already, past a bound, failing a test…"""

    state: Hashable
    reason: PruneReason


@dataclass(frozen=True, slots=True)
class Backtrack:
    """Depth-first search retreats from a state whose successors are used up."""

    state: Hashable
    depth: int


@dataclass(frozen=True, slots=True)
class Threshold:
    """An iterative algorithm starts a new round with this bound (depth or f)."""

    bound: float
    iteration: int


@dataclass(frozen=True, slots=True)
class Step:
    """Local search moves from one state to the next."""

    state: Hashable
    move: Any
    next_state: Hashable
    value: float  # the heuristic value of ``next_state``
    sideways: bool = False


@dataclass(frozen=True, slots=True)
class Restart:
    """Local search starts again from a fresh state."""

    state: Hashable
    value: float
    index: int


@dataclass(frozen=True, slots=True)
class Solution:
    """A goal was reached along ``path`` at ``cost``; ``index`` counts solutions from 1."""

    path: tuple[Hashable, ...]
    cost: float
    index: int


Event = Expand | Generate | Prune | Backtrack | Threshold | Step | Restart | Solution
Observer = Callable[[Event], None]
E = TypeVar("E", bound=Event)


class Recorder:
    """An observer that keeps every event, for tests and step-by-step viewers."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.events.append(event)

    def of_type(self, kind: type[E]) -> list[E]:
        return [event for event in self.events if isinstance(event, kind)]
