"""The problem interface every algorithm walks (Bratko's s/3, goal/1 and h/2).

A problem is any object with an ``initial`` state, a ``successors`` relation that
yields ``(move, next_state, cost)`` triples and an ``is_goal`` test. Heuristics are
separate callables, so one problem can be searched with many of them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Protocol, TypeVar

S = TypeVar("S", bound=Hashable)
"""A state: hashable, immutable (every module of the engine types states with this)."""
M = TypeVar("M")
"""A move."""
M_co = TypeVar("M_co", covariant=True)

Heuristic = Callable[[S], float]
"""An estimate of the cheapest cost from a state to a goal (lower is closer)."""


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
