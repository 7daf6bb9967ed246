"""The water-jug puzzle: with jugs of 4 and 3 litres, a tap and a drain, measure exactly
2 litres in one of the jugs.

A state is the litres in each jug, e.g. ``(4, 2)``. A move fills a jug from the tap,
empties it, or pours one jug into another until the first is empty or the second is
full; moves are named by the jugs' capacities ("fill 4", "empty 3", "pour 4→3"), so the
capacities must differ. Moves that change nothing are not offered. Every move costs 1.
A target that is larger than every jug, or not a multiple of the capacities' greatest
common divisor, can never be measured: the search then ends exhausted.
"""

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar

State = tuple[int, ...]


@dataclass(frozen=True)
class WaterJugs:
    """Jugs of the given capacities, all empty at the start; goal: one holds ``target``."""

    capacities: tuple[int, ...]
    target: int
    unit_costs: ClassVar[bool] = True

    @property
    def initial(self) -> State:
        return (0,) * len(self.capacities)

    def is_goal(self, state: State) -> bool:
        return self.target in state

    def successors(self, state: State) -> Iterator[tuple[str, State, int]]:
        caps = self.capacities
        for i, cap in enumerate(caps):
            if state[i] < cap:
                yield f"fill {cap}", _change(state, {i: cap}), 1
        for i, cap in enumerate(caps):
            if state[i] > 0:
                yield f"empty {cap}", _change(state, {i: 0}), 1
        for i, j in permutations(range(len(caps)), 2):
            poured = min(state[i], caps[j] - state[j])
            if poured > 0:
                after = _change(state, {i: state[i] - poured, j: state[j] + poured})
                yield f"pour {caps[i]}→{caps[j]}", after, 1

    @property
    def heuristics(self) -> dict[str, Callable[[State], float]]:
        return {}  # none worth the name: the state space is tiny

    def format_state(self, state: State) -> str:
        jugs = zip(state, self.capacities, strict=True)
        return "  ".join(f"{litres}/{cap} L" for litres, cap in jugs)


def _change(state: State, changes: dict[int, int]) -> State:
    """``state`` with the jugs numbered in ``changes`` holding their new amounts."""
    return tuple(changes.get(jug, litres) for jug, litres in enumerate(state))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def problem(capacities: Iterable[int] = (4, 3), target: int = 2) -> WaterJugs:
    """Jugs of ``capacities`` litres (distinct whole numbers ≥ 1); measure ``target``."""
    try:
        caps = tuple(capacities)
    except TypeError:
        raise ValueError(f"capacities must be a list of litres, not {capacities!r}") from None
    if not caps or not all(_whole(c) and c >= 1 for c in caps):
        raise ValueError(f"capacities must be whole numbers of litres ≥ 1, not {caps!r}")
    if len(set(caps)) != len(caps):
        raise ValueError(f"capacities must differ (moves are named by them), not {caps!r}")
    if not _whole(target) or target < 1:
        raise ValueError(f"target must be a whole number of litres ≥ 1, not {target!r}")
    return WaterJugs(caps, target)
