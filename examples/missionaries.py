"""Missionaries and cannibals: three missionaries and three cannibals must cross a river
in a boat that holds two. The boat needs at least one person aboard to cross, and
cannibals may never outnumber the missionaries on either bank where there are
missionaries (those in the boat count with the bank it lands at). The shortest
solution takes 11 crossings (Amarel, 1968; AIMA, exercise 3.9 in the 3rd edition).

A state is ``(m, c, boat)``: the missionaries and cannibals still on the starting bank,
and ``boat`` 1 while the boat is there, 0 once it is across. A move names who is in the
boat and which way it goes ("MC →", "M ←"); every crossing costs 1.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import ceil
from typing import ClassVar

State = tuple[int, int, int]


@dataclass(frozen=True)
class MissionariesAndCannibals:
    """Take everybody across; goal ``(0, 0, 0)``."""

    missionaries: int
    cannibals: int
    boat: int  # how many people the boat holds
    unit_costs: ClassVar[bool] = True

    @property
    def initial(self) -> State:
        return (self.missionaries, self.cannibals, 1)

    def is_goal(self, state: State) -> bool:
        return state == (0, 0, 0)

    def safe(self, m: int, c: int) -> bool:
        """No bank has missionaries outnumbered by cannibals (``m``, ``c``: start bank)."""
        m_across, c_across = self.missionaries - m, self.cannibals - c
        return (m == 0 or m >= c) and (m_across == 0 or m_across >= c_across)

    def successors(self, state: State) -> Iterator[tuple[str, State, int]]:
        m, c, boat_here = state
        sign, arrow = (-1, "→") if boat_here else (1, "←")
        for dm in range(self.boat + 1):
            for dc in range(self.boat + 1 - dm):
                after = (m + sign * dm, c + sign * dc, 1 - boat_here)
                fits = 0 <= after[0] <= self.missionaries and 0 <= after[1] <= self.cannibals
                if dm + dc > 0 and fits and self.safe(after[0], after[1]):
                    yield f"{'M' * dm}{'C' * dc} {arrow}", after, 1

    @property
    def heuristics(self) -> dict[str, Callable[[State], float]]:
        return {"crossings": Crossings(self.boat)}

    def format_state(self, state: State) -> str:
        m, c, boat_here = state
        here = "M" * m + "C" * c
        across = "M" * (self.missionaries - m) + "C" * (self.cannibals - c)
        river = "boat~~~~~~" if boat_here else "~~~~~~boat"
        width = self.missionaries + self.cannibals  # so the river lines up down a path
        return f"{here or '-':>{width}} {river} {across or '-'}"


class Crossings:
    """Fewest crossings left if nobody could be eaten.

    Each crossing over and back moves at most ``boat - 1`` people across for good,
    the last crossing over at most ``boat``; with the boat across, someone must
    first bring it back (one crossing, one person more to carry).
    """

    admissible = True  # it never overestimates: front ends may call its paths optimal

    def __init__(self, boat: int) -> None:
        self.boat = boat  # how many people the boat holds

    def __call__(self, state: State) -> float:
        m, c, boat_here = state
        if m + c == 0:
            return 0
        people = m + c + (1 - boat_here)
        round_trips = ceil(max(people - self.boat, 0) / max(self.boat - 1, 1))
        return (1 - boat_here) + 2 * round_trips + 1


def problem(missionaries: int = 3, cannibals: int = 3, boat: int = 2) -> MissionariesAndCannibals:
    """``missionaries`` and ``cannibals`` (no more cannibals than missionaries) and a
    boat for ``boat`` people; with a boat of 2, more than three of each cannot cross."""
    for name, value in (("missionaries", missionaries), ("cannibals", cannibals), ("boat", boat)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a whole number ≥ 1, not {value!r}")
    if cannibals > missionaries:
        raise ValueError(
            f"cannibals ({cannibals}) must not outnumber missionaries ({missionaries}) at the start"
        )
    return MissionariesAndCannibals(missionaries, cannibals, boat)
