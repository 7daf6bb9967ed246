"""Local search with a memory of where it has been: tabu search (Glover) and late
acceptance hill climbing (Burke & Bykov). Both may take worse moves, so neither stops
at a local minimum: they run until a goal or ``max_moves`` moves, and report the best
state met (``SearchResult.path`` is the walk from the start to it).
"""

from __future__ import annotations

import math
import random
from collections import deque

from searchlab.algorithms.common import check_cost, interruptible
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Observer, Solution, Step
from searchlab.core.limits import NO_LIMITS, Budget, Limits
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


def tabu_search(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    tenure: int = 10,
    max_moves: int = 1000,
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Move to the best successor that is not tabu, better or worse; the states of the
    last ``tenure`` moves are tabu (so the walk does not fall straight back), except
    that a tabu state better than any met so far may be entered (aspiration). Ties go
    to the first successor listed; ``seed`` is unused (the search is deterministic)."""
    if tenure < 0:
        raise InputError(f"the tabu tenure must be 0 or more, not {tenure}")
    if max_moves < 0:
        raise InputError(f"the move limit must be 0 or more, not {max_moves}")
    stats = Stats()
    budget = Budget(limits, stats)
    state, value = problem.initial, h(problem.initial)
    best = _Best(state, value)
    recent: deque[S] = deque([state], maxlen=tenure) if tenure else deque(maxlen=0)
    with interruptible(budget):
        for _ in range(max_moves + 1):
            if problem.is_goal(state):
                if observer is not None:
                    observer(Solution(tuple(best.path), best.costs[-1], 1))
                best.at, best.value = len(best.moves), value
                return best.result(Status.SOLVED, stats)
            if stats.iterations >= max_moves:
                break
            limit = budget.exceeded()
            if limit is not None:
                return best.result(Status.LIMIT_REACHED, stats, limit)
            stats.expanded += 1
            if observer is not None:
                observer(Expand(state, best.costs[-1], value, value, len(best.moves), len(recent)))
            chosen: tuple[M, S, float] | None = None
            chosen_value = math.inf
            for move, child, cost in problem.successors(state):
                check_cost(cost, state, move)
                stats.generated += 1
                child_value = h(child)
                if child_value >= chosen_value:
                    continue
                if child in recent and not child_value < best.value:
                    continue  # tabu, and no better than the best met: no aspiration
                chosen, chosen_value = (move, child, cost), child_value
            if chosen is None:
                return best.result(Status.LOCAL_OPTIMUM, stats)  # every successor tabu
            move, child, cost = chosen
            if observer is not None:
                observer(Step(state, move, child, chosen_value, chosen_value == value))
            stats.iterations += 1
            recent.append(child)
            state, value = child, chosen_value
            best.step(move, child, cost, value)
    return best.result(Status.LOCAL_OPTIMUM, stats)


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
    that many past values, all the start's at first). ``max_moves`` bounds the
    iterations (candidates tried)."""
    if history < 1:
        raise InputError(f"the history length must be 1 or more, not {history}")
    if max_moves < 0:
        raise InputError(f"the iteration limit must be 0 or more, not {max_moves}")
    rng = random.Random(seed)
    stats = Stats()
    budget = Budget(limits, stats)
    state, value = problem.initial, h(problem.initial)
    best = _Best(state, value)
    past = [value] * history
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
                observer(Expand(state, best.costs[-1], value, value, len(best.moves), history))
            arcs = list(problem.successors(state))
            for move, _child, cost in arcs:
                check_cost(cost, state, move)
            stats.generated += len(arcs)
            if not arcs:
                return best.result(Status.LOCAL_OPTIMUM, stats)
            move, child, cost = rng.choice(arcs)
            child_value = h(child)
            slot = iteration % history
            if child_value <= past[slot] or child_value <= value:
                if observer is not None:
                    observer(Step(state, move, child, child_value, child_value == value))
                stats.iterations += 1
                state, value = child, child_value
                best.step(move, child, cost, value)
            past[slot] = value
    return best.result(Status.LOCAL_OPTIMUM, stats)
