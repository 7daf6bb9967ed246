"""The problem interface every algorithm walks (Bratko's s/3, goal/1 and h/2).

A problem is any object with an ``initial`` state, a ``successors`` relation that
yields ``(move, next_state, cost)`` triples and an ``is_goal`` test. Heuristics are
separate callables, so one problem can be searched with many of them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol, TypeVar

S = TypeVar("S", bound=Hashable)
"""A state: hashable, immutable (every module of the engine types states with this)."""
M = TypeVar("M")
"""A move."""
M_co = TypeVar("M_co", covariant=True)

Heuristic = Callable[[S], float]
"""An estimate of the cheapest cost from a state to a goal (lower is closer)."""

HeuristicStep = Callable[[S, float, S], float]
"""``step(parent, h_parent, child)``: h of ``child`` worked out from its parent's value,
equal to ``h(child)`` exactly (see ``with_step``)."""


def with_step(h: Callable[[S], float], step: HeuristicStep[S]) -> Heuristic[S]:
    """Give the heuristic ``h`` a ``step``: a way to get a successor's value from its
    parent's in less work than ``h`` itself (a sliding tile changes one term of a sum).

    The graph searches use ``h.step`` when it is there; every other caller keeps calling
    ``h``, so a step must give exactly what ``h`` gives.

    Args:
        h: the heuristic, a function of one state (it gets the attribute ``step``).
        step: ``step(parent, h_parent, child)`` equal to ``h(child)``.

    Returns:
        ``h`` itself, now carrying ``step``.

    Examples:
        >>> def h(n: int) -> float:
        ...     return float(abs(n))
        >>> stepped = with_step(h, lambda parent, h_parent, child: float(abs(child)))
        >>> stepped(-3), stepped.step(-3, 3.0, -2)  # type: ignore[attr-defined]
        (3.0, 2.0)
    """
    setattr(h, "step", step)  # noqa: B010 - a function's attribute, read by getattr
    return h


def step_of(h: Callable[[S], float]) -> HeuristicStep[S] | None:
    """The ``step`` the heuristic offers (``with_step``), or None.

    Args:
        h: a heuristic, a function of one state.

    Returns:
        Its ``step(parent, h_parent, child)``, or None when it offers none.

    Examples:
        >>> step_of(lambda state: 0.0) is None
        True
    """
    step: HeuristicStep[S] | None = getattr(h, "step", None)
    return step if callable(step) else None


class Problem(Protocol[S, M_co]):
    """A state space: where to start, how states connect, and which ones are goals."""

    @property
    def initial(self) -> S:
        """The start state: hashable and immutable."""
        ...

    def successors(self, state: S) -> Iterable[tuple[M_co, S, float]]:
        """Every arc out of ``state`` as ``(move, next_state, cost)``, in a fixed order."""
        ...

    def is_goal(self, state: S) -> bool:
        """Whether ``state`` is a goal."""
        ...


class Evaluator(Protocol[S, M_co]):
    """An optional helper a problem may give local search: it holds one state in place
    and says what each move would do to the heuristic without building the successor.

    ``load`` takes a state and returns its value (the heuristic's own, exactly);
    ``move_keys`` lists the moves of the loaded state as small keys, in the order
    ``successors`` yields the same moves; ``delta(key)`` is h(after) − h(now), exactly;
    ``apply(key)`` makes the move in place and returns it with the new (immutable)
    state; ``move(key)`` names a move without making it. Every move costs ``cost``. A
    climb using it makes the same choices as one scoring every successor with the
    heuristic, at O(1) per move instead of O(n).

    An evaluator with a true ``compiled`` attribute may also offer ``steepest(value,
    sideways, last)``: a whole steepest step's choice at once (tie-break first, or last),
    returning the key (None: no move), the value after it, whether it is level, the
    improving moves and the moves scored.
    """

    cost: float

    def load(self, state: S) -> float: ...

    def move_keys(self) -> Iterable[int]: ...

    def delta(self, key: int) -> float: ...

    def apply(self, key: int) -> tuple[M_co, S]: ...

    def move(self, key: int) -> M_co: ...


def evaluator_of(problem: object, h: object) -> Evaluator[Any, Any] | None:
    """The problem's incremental evaluator for heuristic ``h``, if it has one: a method
    ``evaluator(h)`` returning one, or None when it knows no shortcut for that h."""
    make = getattr(problem, "evaluator", None)
    if make is None:
        return None
    evaluator: Evaluator[Any, Any] | None = make(h)
    return evaluator


class Genome(Protocol):
    """How a problem's states are written as strings of genes, for a genetic algorithm.

    ``encode`` and ``decode`` convert a state to its genes (a tuple of ints, one per
    position) and back; ``alleles`` are the values a gene may take (mutation draws from
    them); ``ceiling(h)`` bounds h from above over every state, so that the fitness
    ``ceiling(h) − h(state)`` is never negative (for N-queens and attacking pairs it is
    the textbook's fitness: the pairs of queens not attacking each other)."""

    alleles: tuple[int, ...]

    def encode(self, state: Any) -> tuple[int, ...]: ...

    def decode(self, genes: tuple[int, ...]) -> Any: ...

    def ceiling(self, h: Any) -> float: ...


def genome_of(problem: object) -> Genome | None:
    """The problem's genome (a method ``genome()`` returning one, or None)."""
    make = getattr(problem, "genome", None)
    if make is None:
        return None
    genome: Genome | None = make()
    return genome


class NumberLine:
    """The smallest problem meeting the protocol, for examples: the states are the
    whole numbers 0 to ``end``, each a step of cost 1 from its neighbours ("-1" and
    "+1"), from ``start`` to ``goal``. Its heuristic is ``distance``."""

    def __init__(self, start: int = 0, goal: int = 7, end: int = 10) -> None:
        self.initial = start
        self.goal = goal
        self.end = end

    def successors(self, x: int) -> list[tuple[str, int, float]]:
        """The neighbours of ``x`` on the line, ``(move, state, cost)``."""
        return [(f"{step:+d}", x + step, 1.0) for step in (-1, 1) if 0 <= x + step <= self.end]

    def is_goal(self, x: int) -> bool:
        return x == self.goal

    def distance(self, x: int) -> float:
        """How many steps ``x`` is from the goal (exact, so admissible)."""
        return float(abs(x - self.goal))
