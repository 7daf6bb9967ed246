"""The Tower of Hanoi: move a stack of ``n`` discs from peg A to peg C, one disc at a
time, never putting a disc on a smaller one. The fewest moves is 2^n − 1 (Lucas, 1883;
by induction: the largest disc moves once, with the n − 1 others moved off it and back).

A state is one tuple per peg, listing its discs from the bottom up by size (1 is the
smallest): ``((3, 2, 1), (), ())`` is the start with three discs. A move names the
disc and the pegs ("1: A→C"); every move costs 1.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
PEGS = "ABC"


@dataclass(frozen=True)
class Hanoi:
    """Move ``discs`` discs from peg A to peg C."""

    discs: int
    unit_costs: ClassVar[bool] = True

    @property
    def initial(self) -> State:
        return (tuple(range(self.discs, 0, -1)), (), ())

    def is_goal(self, state: State) -> bool:
        return len(state[2]) == self.discs

    def successors(self, state: State) -> Iterator[tuple[str, State, int]]:
        for src, dst in permutations(range(3), 2):
            if not state[src]:
                continue
            disc = state[src][-1]
            if state[dst] and state[dst][-1] < disc:
                continue  # never onto a smaller disc
            pegs = list(state)
            pegs[src], pegs[dst] = state[src][:-1], (*state[dst], disc)
            yield f"{disc}: {PEGS[src]}→{PEGS[dst]}", (pegs[0], pegs[1], pegs[2]), 1

    @property
    def heuristics(self) -> dict[str, Callable[[State], float]]:
        return {"off-target": off_target}

    def format_state(self, state: State) -> str:
        pegs = zip(PEGS, state, strict=True)
        return "  ".join(f"{name}[{' '.join(map(str, discs))}]" for name, discs in pegs)


class OffTarget:
    """Discs not yet on peg C: each needs at least one more move."""

    admissible = True  # it never overestimates: front ends may call its paths optimal

    def __call__(self, state: State) -> float:
        return len(state[0]) + len(state[1])


off_target = OffTarget()


def problem(discs: int = 3) -> Hanoi:
    """A tower of ``discs`` discs (a whole number ≥ 1; the space has 3^discs states)."""
    if not isinstance(discs, int) or isinstance(discs, bool) or discs < 1:
        raise ValueError(f"discs must be a whole number ≥ 1, not {discs!r}")
    return Hanoi(discs)
