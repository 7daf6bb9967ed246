"""The typed event stream every algorithm can report to an observer.

Consumers (statistics, the terminal step-through, the web viewer) are built on these
events alone. Algorithms test once whether an observer is attached, so an absent one
costs a single ``is None`` check per node and no event objects are built.

An observer may also ask for *detail* (``detail_of``): what an algorithm holds that the
events above leave out, for a viewer that explains each step: the open list of a
best-first search (``Frontier``), RBFS's f-limit (``Ceiling``), and every successor
local search scored (``Candidates``). Only an observer with a ``detail`` attribute gets
them; for any other the stream is exactly the one described above, and the work they
take is done only inside the algorithms' ``observer is not None`` checks.
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
    report 0, and RBFS the successors it holds along its recursion. ``side`` says which
    of the two searches of a bidirectional search expands it ("forward" from the start,
    "backward" from the goal); None for every other search.
    """

    state: Hashable
    g: float
    h: float
    f: float
    depth: int
    frontier: int
    side: str | None = None


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
    """A generated state was refused, and why (``reason``):

    - ``cycle``: on the current path already (depth-first searches, IDA*, RBFS, Bratko's);
    - ``depth``: past the round's depth bound (iterative deepening);
    - ``bound``: its f = g + h past the round's bound (IDA*);
    - ``constraint``: failing the test on the states entered (a CSP's constraints, a
      queen that is attacked);
    - ``closed``: reached before at no greater cost, or not to be reopened (graph
      searches);
    - ``stale``: taken from the open list after a cheaper path to its state was found.
    """

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


@dataclass(frozen=True, slots=True)
class Entry:
    """An entry of a best-first search's open list, as ``Frontier`` reports it."""

    state: Hashable
    g: float
    h: float
    f: float  # the value the open list is ordered by (g + h for A*, h for greedy, …)
    node: int  # the entry's number: the start is 0, then one more for each entry pushed
    stale: bool = False  # a cheaper path to its state was found since: skipped when taken


@dataclass(frozen=True, slots=True)
class Frontier:
    """Detail, after each expansion of a best-first search: the entry just expanded
    (``node``), the entries its successors added (``pushed``, in the order generated: a
    successor refused is not among them), the first entries of the open list in the
    order the search will take them (``head``), how many it holds (``size``), and the
    way the state expanded was reached (``via``: its parent and the move; None at the
    start)."""

    node: int
    pushed: tuple[Entry, ...]
    head: tuple[Entry, ...]
    size: int
    via: tuple[Hashable, Any] | None = None


@dataclass(frozen=True, slots=True)
class Ceiling:
    """Detail, right after RBFS expands ``state``: the f-limit it works under (the lower
    of its parent's limit and the f of the best alternative), past which it backs up."""

    state: Hashable
    limit: float


@dataclass(frozen=True, slots=True)
class Candidates:
    """Detail, after local search has scored the successors of ``state`` (before it
    moves or gives up): each move with the heuristic value it leads to, in the order
    scored (the first ``detail`` of them), how many were scored, and the least value."""

    state: Hashable
    scores: tuple[tuple[Any, float], ...]
    total: int
    best: float


Detail = Frontier | Ceiling | Candidates


@dataclass(frozen=True, slots=True)
class Narrow:
    """Constraint inference removed ``values`` from the domain of ``variable`` (forward
    checking, arc consistency): ``by`` is the variable whose assignment or domain
    caused it (None for a constraint over several), ``state`` the node after it."""

    state: Hashable
    variable: Hashable
    values: tuple[Any, ...]
    by: Hashable | None


@dataclass(frozen=True, slots=True)
class Wipeout:
    """Constraint inference emptied the domain of ``variable``: the assignment just
    made cannot be part of a solution (a Prune of that assignment follows)."""

    state: Hashable
    variable: Hashable


Event = (
    Expand
    | Generate
    | Prune
    | Backtrack
    | Threshold
    | Step
    | Restart
    | Solution
    | Narrow
    | Wipeout
    | Detail
)
Observer = Callable[[Event], None]
E = TypeVar("E", bound=Event)


def detail_of(observer: Observer | None) -> int:
    """How many items an observer wants in each list of detail (the open list's head,
    the candidates scored): its ``detail`` attribute, 0 when it has none (no detail
    events at all: the stream is exactly the usual one). An algorithm asks again after
    each detail event it sends, so an observer may ask for less as it goes (down to 0:
    no more detail)."""
    if observer is None:
        return 0
    wanted = getattr(observer, "detail", 0)
    return wanted if isinstance(wanted, int) and wanted > 0 else 0


class Recorder:
    """An observer that keeps every event, for tests and step-by-step viewers."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.events.append(event)

    def of_type(self, kind: type[E]) -> list[E]:
        return [event for event in self.events if isinstance(event, kind)]

    def __repr__(self) -> str:
        from searchlab.core import display

        return display.events_repr(self.events)

    def _repr_html_(self) -> str:
        """A notebook's view: how many events of each kind, then the first and last."""
        from searchlab.core import display

        return display.events_html(self.events)
