"""Local search with a memory of where it has been: tabu search (Glover) and late
acceptance hill climbing (Burke & Bykov). Both may take worse moves, so neither stops
at a local minimum: they run until a goal or ``max_moves`` moves, and report the best
state met (``SearchResult.path`` is the walk from the start to it).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Final, Literal

from searchlab.algorithms.common import check_cost, checks_problem, interruptible
from searchlab.algorithms.declaration import Algorithm
from searchlab.core.docstrings import SEED, VALUE, search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Observer, Solution, Step
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.options import Option
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.result import SearchResult, Stats, Status


class _Best:
    """The walk so far and the best state on it (the result is the walk up to it)."""

    def __init__(self, state: object, value: float) -> None:
        self.path: list[object] = [state]
        self.moves: list[object] = []
        self.costs: list[float] = [0.0]
        self.value = value
        self.at = 0

    def step(self, move: object, state: object, cost: float, value: float) -> None:
        self.path.append(state)
        self.moves.append(move)
        self.costs.append(self.costs[-1] + cost)
        if value < self.value:
            self.value, self.at = value, len(self.moves)

    def result(self, status: Status, stats: Stats, limit: str | None = None) -> SearchResult:  # type: ignore[type-arg]
        return SearchResult(
            status,
            tuple(self.path[: self.at + 1]),
            tuple(self.moves[: self.at]),
            self.costs[self.at],
            stats,
            limit,
        )


REJECTED: Final = "rejected"
"""What a strategy answers when it turns its candidate down: the walk stays put."""

Choice = tuple[M, S, float, float]
"""A move taken: the move, the state it reaches, its cost and that state's value."""

Chooser = Callable[
    [list[tuple[M, S, float]], float, int, float], Choice[M, S] | Literal["rejected"] | None
]
"""``choose(arcs, value, iteration, best value)``: the move to take from the current
state (of the given value) among its successors ``arcs``; ``REJECTED`` to stay; None
when there is no move at all (a local optimum)."""


def _walk(
    problem: Problem[S, M],
    h: Heuristic[S],
    choose: Chooser[M, S],
    memory: Callable[[], int],
    max_moves: int,
    limits: Limits,
    observer: Observer | None,
) -> SearchResult[S, M]:
    """The loop tabu search and late acceptance share: at most ``max_moves``
    iterations, each listing the successors and taking the move ``choose`` picks.
    ``memory()`` is what the ``Expand`` event reports as the frontier (the tabu list,
    the history)."""
    stats = Stats()
    budget = Budget(limits, stats)
    state, value = problem.initial, h(problem.initial)
    best = _Best(state, value)
    with interruptible(budget):
        for iteration in range(max_moves + 1):
            if problem.is_goal(state):
                if observer is not None:
                    observer(Solution(tuple(best.path), best.costs[-1], 1))
                best.at, best.value = len(best.moves), value
                return best.result(Status.SOLVED, stats)
            if iteration == max_moves:
                break
            limit = budget.exceeded()
            if limit is not None:
                return best.result(Status.LIMIT_REACHED, stats, limit)
            stats.expanded += 1
            if observer is not None:
                observer(Expand(state, best.costs[-1], value, value, len(best.moves), memory()))
            arcs = list(problem.successors(state))
            for move, _child, cost in arcs:
                check_cost(cost, state, move)
            stats.generated += len(arcs)
            choice = choose(arcs, value, iteration, best.value)
            if choice is None:
                return best.result(Status.LOCAL_OPTIMUM, stats)
            if choice == REJECTED:
                continue
            move, child, cost, child_value = choice
            if observer is not None:
                observer(Step(state, move, child, child_value, child_value == value))
            stats.iterations += 1
            state, value = child, child_value
            best.step(move, child, cost, value)
    return best.result(Status.LOCAL_OPTIMUM, stats)


@checks_problem
@search_doc(
    VALUE,
    "tenure: how many of the last moves' states are tabu.",
    "max_moves: the most moves made.",
    SEED,
    returns="A ``SearchResult``: solved, or local_optimum (the walk up to the best state "
    "met, when the moves ran out or every successor was tabu), or limit_reached.",
)
def tabu_search(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    tenure: int = 10,
    max_moves: int = 10_000,
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Move to the best successor that is not tabu, better or worse; the states of the
    last ``tenure`` moves are tabu (so the walk does not fall straight back), except
    that a tabu state better than any met so far may be entered (aspiration). Ties go
    to the first successor listed; ``seed`` is unused (the search is deterministic).

    {sections}

    Examples:
        From 0 to 7 on a line of 0..10, h the distance: seven steps up.

        >>> from searchlab.core.problem import NumberLine
        >>> line = NumberLine(start=0, goal=7)
        >>> found = tabu_search(line, line.distance)
        >>> found.status, found.final_state, found.length
        (<Status.SOLVED: 'solved'>, 7, 7)
    """
    if tenure < 0:
        raise InputError(f"the tabu tenure must be 0 or more, not {tenure}")
    if max_moves < 0:
        raise InputError(f"the move limit must be 0 or more, not {max_moves}")
    recent: deque[S] = deque([problem.initial], maxlen=tenure)

    def choose(
        arcs: list[tuple[M, S, float]], _value: float, _iteration: int, best_value: float
    ) -> Choice[M, S] | None:
        chosen: Choice[M, S] | None = None
        for move, child, cost in arcs:
            child_value = h(child)
            if chosen is not None and child_value >= chosen[3]:
                continue
            if child in recent and not child_value < best_value:
                continue  # tabu, and no better than the best met: no aspiration
            chosen = (move, child, cost, child_value)
        if chosen is not None:
            recent.append(chosen[1])
        return chosen  # None: every successor tabu

    return _walk(problem, h, choose, lambda: len(recent), max_moves, limits, observer)


@checks_problem
@search_doc(
    VALUE,
    "history: how many past values a candidate may be compared with.",
    "max_moves: the most iterations (candidates tried).",
    SEED,
    returns="A ``SearchResult``: solved, or local_optimum (the walk up to the best state "
    "met), or limit_reached.",
)
def late_acceptance(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    history: int = 50,
    max_moves: int = 10_000,
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Late acceptance hill climbing: a random successor is taken if it is no worse
    than the current state or than the state of ``history`` iterations ago (a list of
    that many past values, all the start's at first).

    {sections}

    Examples:
        From 0 to 7 on a line of 0..10, h the distance: a random walk that never goes
        below the value of ``history`` iterations ago, so it reaches the goal.

        >>> from searchlab.core.problem import NumberLine
        >>> line = NumberLine(start=0, goal=7)
        >>> found = late_acceptance(line, line.distance, history=2, seed=1)
        >>> found.status, found.final_state
        (<Status.SOLVED: 'solved'>, 7)
    """
    if history < 1:
        raise InputError(f"the history length must be 1 or more, not {history}")
    if max_moves < 0:
        raise InputError(f"the iteration limit must be 0 or more, not {max_moves}")
    rng = random.Random(seed)
    past = [h(problem.initial)] * history

    def choose(
        arcs: list[tuple[M, S, float]], value: float, iteration: int, _best: float
    ) -> Choice[M, S] | Literal["rejected"] | None:
        if not arcs:
            return None
        move, child, cost = rng.choice(arcs)
        child_value = h(child)
        slot = iteration % history
        if child_value <= past[slot] or child_value <= value:
            past[slot] = child_value
            return (move, child, cost, child_value)
        past[slot] = value
        return REJECTED

    return _walk(problem, h, choose, lambda: history, max_moves, limits, observer)


MAX_MOVES = Option(
    "max_moves", "int", "moves made (late acceptance: moves tried) before giving up", low=0,
    high=10**7, metavar="K",
)  # fmt: skip
"""Shared by tabu search, late acceptance and local beam search (one meaning, one spec)."""
TENURE = Option("tenure", "int", "moves a state stays tabu", low=0, high=10**6, metavar="T")
HISTORY = Option(
    "history", "int", "late acceptance: how many iterations back a candidate is compared with",
    low=1, high=10**6, metavar="L",
)  # fmt: skip

TABU_SEARCH = Algorithm(
    tabu_search, "tabu", "Tabu search",
    "tabu search: the best successor not visited in the last moves, better or worse",
    "local", "state", "none", heuristic=True, options=(TENURE, MAX_MOVES),
    aliases=("tabu-search",), order=15,
)  # fmt: skip
LATE_ACCEPTANCE = Algorithm(
    late_acceptance, "late-acceptance", "Late acceptance",
    "late acceptance hill climbing: a random successor no worse than now or than L iterations ago",
    "local", "state", "none", heuristic=True, random=True, options=(HISTORY, MAX_MOVES),
    aliases=("lahc",), order=16,
)  # fmt: skip
