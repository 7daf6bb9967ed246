"""Local search: hill climbing (steepest, first-choice, stochastic; sideways moves and
random restarts) and simulated annealing.

These keep one state, not a path: ``SearchResult.path`` is the sequence of states
visited by the last climb, ``stats.iterations`` the moves made over all climbs. The
heuristic is the objective to drive to its minimum; a goal state ends the search.
Every successor of a state is listed (and counted in ``generated``) before one is
chosen, so a negative cost anywhere is reported, whichever move is taken.

A problem with an incremental ``Evaluator`` (``core.problem``) for the heuristic is
climbed through it: the same moves in the same order, scored by their delta in O(1)
instead of building each successor and scoring it in full; the choices, tie-breaks and
counts are the same (tests/test_incremental.py holds the two paths to one climb).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, Literal, TypeVar

from searchlab.algorithms.common import check_cost, checks_problem, interruptible
from searchlab.algorithms.declaration import Algorithm, Run, default_of
from searchlab.core.docstrings import SEED, VALUE, search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import Candidates, Expand, Observer, Restart, Solution, Step, detail_of
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.options import Option
from searchlab.core.problem import Evaluator, Heuristic, M, Problem, S, evaluator_of
from searchlab.core.result import SearchResult, Stats, Status

T = TypeVar("T")
K = TypeVar("K")  # a candidate move: a successor (move, state, cost) or an evaluator's key

TieBreak = Literal["first", "last", "random"]
Variant = Literal["steepest", "first-choice", "stochastic"]
TIE_BREAKS: tuple[TieBreak, ...] = ("first", "last", "random")
VARIANTS: tuple[Variant, ...] = ("steepest", "first-choice", "stochastic")


class _Choice(Generic[T]):
    """Keeps the best item seen so far under a tie-break policy, one offer at a time.

    ``random`` is reservoir sampling: each of k equal items is kept with probability
    1/k, without storing them all.
    """

    __slots__ = ("item", "policy", "rng", "ties", "value")

    def __init__(self, policy: TieBreak, rng: random.Random) -> None:
        self.policy = policy
        self.rng = rng
        self.value = math.inf
        self.item: T | None = None
        self.ties = 0

    def offer(self, item: T, value: float) -> None:
        if value < self.value:
            self.value, self.item, self.ties = value, item, 1
        elif value == self.value:
            self.ties += 1
            if self.policy == "last" or (
                self.policy == "random" and self.rng.randrange(self.ties) == 0
            ):
                self.item = item


def _random_order(items: list[T], rng: random.Random) -> Iterator[T]:
    """The items in a random order, drawn lazily: Fisher–Yates from the end, as
    ``rng.shuffle`` draws it, handing out each item as it is placed, so a walk that
    stops early has not paid for shuffling the rest."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]
        yield items[i]
    if items:
        yield items[0]


Arc = tuple[M, S, float]
Keyed = tuple[int | None, float, bool, int]
"""What a step through an evaluator chooses: the move's key (None: a local optimum),
the value after it, whether it is sideways, and how many better moves it kept."""


class _Pick(Generic[S, M]):
    """The successor a step moves to, with its value and whether the move is sideways."""

    __slots__ = ("cost", "move", "sideways", "state", "value")

    def __init__(self, arc: tuple[M, S, float], value: float, sideways: bool) -> None:
        self.move, self.state, self.cost = arc
        self.value = value
        self.sideways = sideways


class _Scores(Generic[M]):
    """Detail: the moves a step scored with their values (the first ``keep``), how many
    it scored and the least value, for the ``Candidates`` event."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self.scores: list[tuple[M, float]] = []
        self.total = 0
        self.best = math.inf

    def noting(
        self, scored: Iterator[tuple[Arc[M, Any], float]]
    ) -> Iterator[tuple[Arc[M, Any], float]]:
        self.scores, self.total, self.best = [], 0, math.inf
        for arc, value in scored:
            self.total += 1
            self.best = min(self.best, value)
            if len(self.scores) < self.keep:
                self.scores.append((arc[0], value))
            yield arc, value

    def noting_keys(
        self, evaluator: Evaluator[Any, M], valued: Iterator[tuple[int, float]]
    ) -> Iterator[tuple[int, float]]:
        """``noting`` for moves scored through an evaluator (named by ``move(key)``)."""
        self.scores, self.total, self.best = [], 0, math.inf
        for key, value in valued:
            self.total += 1
            self.best = min(self.best, value)
            if len(self.scores) < self.keep:
                self.scores.append((evaluator.move(key), value))
            yield key, value


class _Strategy(Generic[S, M]):
    """How one step of hill climbing chooses among the successors of a state (simpleai's
    "expanders"): the loop in ``hill_climbing`` is the same for every variant.

    ``choose`` sees the successors, counts them in ``stats.generated`` and returns the
    pick (or None: a local optimum) and how many strictly better candidates it kept.
    """

    def __init__(
        self,
        h: Heuristic[S],
        tie_break: TieBreak,
        rng: random.Random,
        sink: _Scores[M] | None = None,
    ) -> None:
        self.h = h
        self.tie_break = tie_break
        self.rng = rng
        self.sink = sink  # detail: where every score is written down (None: nowhere)

    def scored(
        self, state: S, arcs: Iterable[Arc[M, S]], stats: Stats
    ) -> Iterator[tuple[Arc[M, S], float]]:
        """Each successor with its value, checked and counted as it streams past (a board
        of n queens has ~n² of them: they are never all listed)."""
        if self.sink is not None:
            return self.sink.noting(self._scored(state, arcs, stats))
        return self._scored(state, arcs, stats)

    def _scored(
        self, state: S, arcs: Iterable[Arc[M, S]], stats: Stats
    ) -> Iterator[tuple[Arc[M, S], float]]:
        h = self.h
        for arc in arcs:
            check_cost(arc[2], state, arc[0])
            stats.generated += 1
            yield arc, h(arc[1])

    def choose(
        self, state: S, value: float, arcs: Iterable[Arc[M, S]], sideways: bool, stats: Stats
    ) -> tuple[_Pick[S, M] | None, int]:
        raise NotImplementedError

    def choose_keys(
        self, evaluator: Evaluator[S, M], value: float, sideways: bool, stats: Stats
    ) -> Keyed:
        """The same choice as ``choose``, the moves scored by the evaluator's deltas."""
        raise NotImplementedError

    def valued(
        self, evaluator: Evaluator[S, M], keys: Iterable[int], value: float
    ) -> Iterator[tuple[int, float]]:
        """Each move's key with the value after it (written down for detail)."""
        delta = evaluator.delta
        pairs = ((key, value + delta(key)) for key in keys)
        if self.sink is not None:
            return self.sink.noting_keys(evaluator, pairs)
        return pairs


class _Steepest(_Strategy[S, M]):
    """The best strictly better successor, ties broken by the policy (seed 000)."""

    def choose(
        self, state: S, value: float, arcs: Iterable[Arc[M, S]], sideways: bool, stats: Stats
    ) -> tuple[_Pick[S, M] | None, int]:
        best: _Choice[Arc[M, S]] = _Choice(self.tie_break, self.rng)
        level: _Choice[Arc[M, S]] = _Choice(self.tie_break, self.rng)
        kept = 0
        for arc, child_value in self.scored(state, arcs, stats):
            if child_value < value:
                kept += 1
                best.offer(arc, child_value)
            elif child_value == value and sideways:
                level.offer(arc, child_value)
        if best.item is not None:
            return _Pick(best.item, best.value, False), kept
        if level.item is not None:
            return _Pick(level.item, level.value, True), kept
        return None, kept

    def choose_keys(
        self, evaluator: Evaluator[S, M], value: float, sideways: bool, stats: Stats
    ) -> Keyed:
        scan = getattr(evaluator, "steepest", None)
        compiled = getattr(evaluator, "compiled", False)
        if scan is not None and compiled and self.tie_break != "random" and self.sink is None:
            chosen, after, flat, better, scored = scan(value, sideways, self.tie_break == "last")
            stats.generated += scored
            return chosen, after, flat, better
        best: _Choice[int] = _Choice(self.tie_break, self.rng)
        level: _Choice[int] = _Choice(self.tie_break, self.rng)
        kept = count = 0
        for key, child_value in self.valued(evaluator, evaluator.move_keys(), value):
            count += 1
            if child_value < value:
                kept += 1
                best.offer(key, child_value)
            elif child_value == value and sideways:
                level.offer(key, value)
        stats.generated += count
        if best.item is not None:
            return best.item, best.value, False, kept
        return level.item, value, level.item is not None, kept


class _FirstChoice(_Strategy[S, M]):
    """The first strictly better successor met, visiting them in random order: they
    must all be listed first, to be shuffled."""

    def choose(
        self, state: S, value: float, arcs: Iterable[Arc[M, S]], sideways: bool, stats: Stats
    ) -> tuple[_Pick[S, M] | None, int]:
        listed = list(arcs)
        for move, _child, arc_cost in listed:
            check_cost(arc_cost, state, move)
        stats.generated += len(listed)
        h = self.h
        scored: Iterator[tuple[Arc[M, S], float]] = (
            (arc, h(arc[1])) for arc in _random_order(listed, self.rng)
        )
        if self.sink is not None:  # detail: the same walk, every score written down
            scored = self.sink.noting(scored)
        return self._first(scored, value, sideways)

    def choose_keys(
        self, evaluator: Evaluator[S, M], value: float, sideways: bool, stats: Stats
    ) -> Keyed:
        listed = list(evaluator.move_keys())
        stats.generated += len(listed)
        level: _Choice[int] = _Choice(self.tie_break, self.rng)
        for key, child_value in self.valued(evaluator, _random_order(listed, self.rng), value):
            if child_value < value:
                return key, child_value, False, 1
            if child_value == value and sideways:
                level.offer(key, value)
        return level.item, value, level.item is not None, 0

    def _first(
        self, scored: Iterator[tuple[Arc[M, S], float]], value: float, sideways: bool
    ) -> tuple[_Pick[S, M] | None, int]:
        level: _Choice[Arc[M, S]] = _Choice(self.tie_break, self.rng)
        for arc, child_value in scored:
            if child_value < value:
                return _Pick(arc, child_value, False), 1
            if child_value == value and sideways:
                level.offer(arc, child_value)
        if level.item is not None:
            return _Pick(level.item, level.value, True), 0
        return None, 0


class _Stochastic(_Strategy[S, M]):
    """A strictly better successor at random, weighted by how much better it is."""

    def choose(
        self, state: S, value: float, arcs: Iterable[Arc[M, S]], sideways: bool, stats: Stats
    ) -> tuple[_Pick[S, M] | None, int]:
        improving: list[tuple[Arc[M, S], float]] = []
        level: _Choice[Arc[M, S]] = _Choice(self.tie_break, self.rng)
        for arc, child_value in self.scored(state, arcs, stats):
            if child_value < value:
                improving.append((arc, child_value))
            elif child_value == value and sideways:
                level.offer(arc, child_value)
        if improving:
            weights = [value - child_value for _, child_value in improving]
            arc, child_value = self.rng.choices(improving, weights=weights)[0]
            return _Pick(arc, child_value, False), len(improving)
        if level.item is not None:
            return _Pick(level.item, level.value, True), 0
        return None, 0

    def choose_keys(
        self, evaluator: Evaluator[S, M], value: float, sideways: bool, stats: Stats
    ) -> Keyed:
        improving: list[tuple[int, float]] = []
        level: _Choice[int] = _Choice(self.tie_break, self.rng)
        count = 0
        for key, child_value in self.valued(evaluator, evaluator.move_keys(), value):
            count += 1
            if child_value < value:
                improving.append((key, child_value))
            elif child_value == value and sideways:
                level.offer(key, value)
        stats.generated += count
        if improving:
            weights = [value - child_value for _, child_value in improving]
            key, child_value = self.rng.choices(improving, weights=weights)[0]
            return key, child_value, False, len(improving)
        return level.item, value, level.item is not None, 0


STRATEGIES: dict[Variant, type[_Strategy[Any, Any]]] = {
    "steepest": _Steepest,
    "first-choice": _FirstChoice,
    "stochastic": _Stochastic,
}


class _Walk(Generic[S, M]):
    """One state walked by local search: where it is, its value, the path of the current
    climb, the statistics and the budget; how every local search starts, steps, restarts,
    checks its goal and limits, and ends."""

    def __init__(
        self, problem: Problem[S, M], h: Heuristic[S], limits: Limits, observer: Observer | None
    ) -> None:
        self.problem = problem
        self.h = h
        self.observer = observer
        self.stats = Stats()
        self.budget = Budget(limits, self.stats)
        self.start(problem.initial, h(problem.initial))

    def start(self, state: S, value: float) -> None:
        self.state, self.value = state, value
        self.path: list[S] = [state]
        self.moves: list[M] = []
        self.cost = 0.0

    def ended(self) -> SearchResult[S, M] | None:
        """The result if the search ends before expanding the current state (a goal, or
        a limit); otherwise count the expansion and report it."""
        if self.problem.is_goal(self.state):
            if self.observer is not None:
                self.observer(Solution(tuple(self.path), self.cost, 1))
            return self.result(Status.SOLVED)
        limit = self.budget.exceeded()
        if limit is not None:
            return self.result(Status.LIMIT_REACHED, limit)
        self.stats.expanded += 1
        if self.observer is not None:
            value = self.value
            self.observer(Expand(self.state, self.cost, value, value, len(self.moves), 0))
        return None

    def step(self, move: M, state: S, cost: float, value: float, sideways: bool) -> None:
        if self.observer is not None:
            self.observer(Step(self.state, move, state, value, sideways))
        self.stats.iterations += 1
        self.state, self.value = state, value
        self.path.append(state)
        self.moves.append(move)
        self.cost += cost

    def restart(self, state: S) -> None:
        self.stats.restarts += 1
        self.start(state, self.h(state))
        if self.observer is not None:
            self.observer(Restart(state, self.value, self.stats.restarts))

    def result(self, status: Status, limit: str | None = None) -> SearchResult[S, M]:
        self.budget.stop_clock()
        path, moves = tuple(self.path), tuple(self.moves)
        return SearchResult(status, path, moves, self.cost, self.stats, limit)


@checks_problem
@search_doc(
    VALUE,
    'tie_break: "first", "last" (seed 000\'s Prolog) or "random" among equal best.',
    "sideways: moves in a row allowed to an equal successor when none is better.",
    "restarts: climbs from ``random_state`` after one that fails.",
    "random_state: draws a start for a restart from a ``random.Random``.",
    'variant: "steepest", "first-choice" or "stochastic".',
    SEED,
    returns=(
        "A ``SearchResult``: solved, or local_optimum (a path to where the last climb stopped), or "
        "limit_reached."
    ),
    raises=(
        "InputError: an unknown ``tie_break`` or ``variant``, or restarts without a "
        "``random_state``.",
    ),
)
def hill_climbing(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    tie_break: TieBreak = "first",
    sideways: int = 0,
    restarts: int = 0,
    random_state: Callable[[random.Random], S] | None = None,
    variant: Variant = "steepest",
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Steepest descent as seed 000 describes it, and its usual variants.

    From the current state only successors strictly better than it are candidates;
    with none, the climb stops (a solution, or a local minimum). ``steepest`` moves to
    the best candidate, ties broken by ``tie_break`` (first or last in generation
    order, or at random); ``first-choice`` takes the first candidate met, visiting the
    successors in random order; ``stochastic`` picks a candidate at random, weighted by
    its improvement. When no successor is better, up to ``sideways`` moves in a row to
    an equal successor are allowed. A climb that fails is followed by up to
    ``restarts`` more from ``random_state(rng)``. An observer that asks for detail
    hears, before each move or stop, every successor scored (``Candidates``).

    {sections}

    Examples:
        >>> from searchlab.core.problem import NumberLine
        >>> line = NumberLine(start=0, goal=7)
        >>> result = hill_climbing(line, line.distance)
        >>> result.status, result.final_state
        (<Status.SOLVED: 'solved'>, 7)
    """
    if tie_break not in TIE_BREAKS:
        raise InputError(f"unknown tie-break {tie_break!r}: choose one of {', '.join(TIE_BREAKS)}")
    if variant not in VARIANTS:
        raise InputError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    if sideways < 0:
        raise InputError(f"sideways moves must be 0 or more, not {sideways}")
    if restarts < 0:
        raise InputError(f"restarts must be 0 or more, not {restarts}")
    if restarts and random_state is None:
        raise InputError("random restarts need a generator of random states")
    rng = random.Random(seed)
    detail = detail_of(observer)
    sink: _Scores[M] | None = _Scores(detail) if detail else None
    strategy: _Strategy[S, M] = STRATEGIES[variant](h, tie_break, rng, sink)
    walk: _Walk[S, M] = _Walk(problem, h, limits, observer)
    evaluator = evaluator_of(problem, h)
    if evaluator is not None:
        return _climb_keys(evaluator, strategy, walk, sideways, restarts, random_state, rng)

    def choose(allowed: bool) -> tuple[Callable[[], None] | None, bool, int]:
        arcs = problem.successors(walk.state)
        pick, kept = strategy.choose(walk.state, walk.value, arcs, allowed, walk.stats)
        if pick is None:
            return None, False, kept

        def take() -> None:
            walk.step(pick.move, pick.state, pick.cost, pick.value, pick.sideways)

        return take, pick.sideways, kept

    return _climb(walk, strategy, choose, lambda: None, sideways, restarts, random_state, rng)


def _climb_keys(
    evaluator: Evaluator[S, M],
    strategy: _Strategy[S, M],
    walk: _Walk[S, M],
    sideways: int,
    restarts: int,
    random_state: Callable[[random.Random], S] | None,
    rng: random.Random,
) -> SearchResult[S, M]:
    """``hill_climbing`` through an incremental evaluator: the same steps (and for an
    observer that asks for detail, the same ``Candidates``)."""
    check_cost(evaluator.cost, walk.state, None)
    evaluator.load(walk.state)

    def choose(allowed: bool) -> tuple[Callable[[], None] | None, bool, int]:
        key, value, level, kept = strategy.choose_keys(evaluator, walk.value, allowed, walk.stats)
        if key is None:
            return None, False, kept

        def take() -> None:
            move, state = evaluator.apply(key)
            walk.step(move, state, evaluator.cost, value, level)

        return take, level, kept

    def reload() -> None:
        evaluator.load(walk.state)

    return _climb(walk, strategy, choose, reload, sideways, restarts, random_state, rng)


def _climb(
    walk: _Walk[S, M],
    strategy: _Strategy[S, M],
    choose: Callable[[bool], tuple[Callable[[], None] | None, bool, int]],
    restarted: Callable[[], None],
    sideways: int,
    restarts: int,
    random_state: Callable[[random.Random], S] | None,
    rng: random.Random,
) -> SearchResult[S, M]:
    """The climb's loop, over the successors or an evaluator's keys: ``choose(whether
    a sideways move is allowed)`` gives the move to make (a call that makes it; None:
    none is good enough), whether it is sideways, and how many candidates it kept;
    ``restarted()`` follows each restart."""
    observer = walk.observer
    sideways_run = 0
    with interruptible(walk.budget):
        while True:
            ended = walk.ended()
            if ended is not None:
                return ended
            take, level, kept = choose(sideways_run < sideways)
            walk.stats.max_frontier = max(walk.stats.max_frontier, kept)
            sink = strategy.sink
            if observer is not None and sink is not None:
                observer(Candidates(walk.state, tuple(sink.scores), sink.total, sink.best))
                if not detail_of(observer):  # it wants no more
                    strategy.sink = None
                elif detail_of(observer) != sink.keep:
                    sink.keep = detail_of(observer)
            if take is None:
                if walk.stats.restarts >= restarts or random_state is None:
                    return walk.result(Status.LOCAL_OPTIMUM)
                walk.restart(random_state(rng))
                restarted()
                sideways_run = 0
                continue
            sideways_run = sideways_run + 1 if level else 0
            take()


Schedule = Callable[[int], float]
"""The temperature at step t; the search stops when it reaches 0."""


def exponential_schedule(
    start: float = 20.0, decay: float = 0.995, steps: int = 10_000
) -> Schedule:
    """T(t) = start · decay^t for t < steps, then 0.

    Args:
        start: the temperature at step 0.
        decay: the factor it is multiplied by at each step.
        steps: the step from which it is 0 (and annealing stops).

    Returns:
        The schedule, ``T(t)``.

    Raises:
        InputError: ``start`` not positive, ``decay`` outside (0, 1], negative ``steps``.

    Examples:
        >>> schedule = exponential_schedule(10.0, 0.5, 3)
        >>> [schedule(t) for t in range(4)]
        [10.0, 5.0, 2.5, 0.0]
    """
    if start <= 0 or not 0 < decay <= 1 or steps < 0:
        raise InputError("the schedule needs start > 0, 0 < decay <= 1 and steps >= 0")
    return lambda t: start * decay**t if t < steps else 0.0


@checks_problem
@search_doc(
    VALUE,
    "schedule: the temperature at step t (default ``exponential_schedule()``).",
    SEED,
    returns=(
        "A ``SearchResult``: solved, or local_optimum (the walk, ending where it stopped), or "
        "limit_reached."
    ),
    raises=(),
)
def simulated_annealing(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    schedule: Schedule | None = None,
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Pick a random successor; take it if better, or if worse with probability
    e^(-Δ/T) at the temperature T = schedule(t); stop at a goal or when T reaches 0.

    {sections}

    Examples:
        >>> from searchlab.core.problem import NumberLine
        >>> line = NumberLine(start=0, goal=7)
        >>> simulated_annealing(line, line.distance, seed=1).final_state
        7
    """
    schedule = schedule if schedule is not None else exponential_schedule()
    rng = random.Random(seed)
    walk: _Walk[S, M] = _Walk(problem, h, limits, observer)
    evaluator = evaluator_of(problem, h)
    if evaluator is not None:
        return _anneal_keys(evaluator, schedule, walk, rng)

    def arcs() -> list[tuple[M, S, float]]:
        listed = list(problem.successors(walk.state))
        for move, _child, arc_cost in listed:
            check_cost(arc_cost, walk.state, move)
        return listed

    def weigh(arc: tuple[M, S, float]) -> tuple[float, float]:
        value = h(arc[1])
        return value - walk.value, value

    def take(arc: tuple[M, S, float], delta: float, value: float) -> None:
        move, child, arc_cost = arc
        walk.step(move, child, arc_cost, value, delta == 0)

    return _anneal(walk, schedule, rng, arcs, weigh, take)


def _anneal_keys(
    evaluator: Evaluator[S, M], schedule: Schedule, walk: _Walk[S, M], rng: random.Random
) -> SearchResult[S, M]:
    """``simulated_annealing`` through an incremental evaluator: the same steps (the
    random successor is drawn from the keys listed in the successors' order)."""
    check_cost(evaluator.cost, walk.state, None)
    evaluator.load(walk.state)

    def weigh(key: Any) -> tuple[float, float]:
        delta = evaluator.delta(key)
        return delta, walk.value + delta

    def take(key: Any, delta: float, value: float) -> None:
        move, state = evaluator.apply(key)
        walk.step(move, state, evaluator.cost, value, delta == 0)

    return _anneal(walk, schedule, rng, lambda: list(evaluator.move_keys()), weigh, take)


def _anneal(
    walk: _Walk[S, M],
    schedule: Schedule,
    rng: random.Random,
    candidates: Callable[[], list[K]],
    weigh: Callable[[K], tuple[float, float]],
    take: Callable[[K, float, float], None],
) -> SearchResult[S, M]:
    """Annealing's loop over ``candidates()`` (the successors, or an evaluator's move
    keys): one drawn at random, ``weigh`` gives its change of value and its value, and
    ``take`` makes the move when it is accepted."""
    stats = walk.stats
    with interruptible(walk.budget):
        step = 0
        while True:
            if walk.problem.is_goal(walk.state):
                return walk.ended() or walk.result(Status.SOLVED)
            temperature = schedule(step)
            step += 1
            if temperature <= 0:
                return walk.result(Status.LOCAL_OPTIMUM)
            ended = walk.ended()
            if ended is not None:
                return ended
            listed = candidates()
            stats.generated += len(listed)
            stats.max_frontier = max(stats.max_frontier, len(listed))
            if not listed:
                return walk.result(Status.LOCAL_OPTIMUM)
            chosen = rng.choice(listed)
            delta, value = weigh(chosen)
            if delta < 0 or rng.random() < math.exp(-delta / temperature):
                take(chosen, delta, value)


TIE_BREAK = Option(
    "tie_break", "choice", "which of equally good successors to take (last: seed 000's Prolog)",
    choices=TIE_BREAKS,
)  # fmt: skip
SIDEWAYS = Option("sideways", "int", "moves in a row allowed to an equally good state",
                  low=0, high=1000, metavar="K")  # fmt: skip
RESTARTS = Option("restarts", "int", "random restarts after a climb that fails",
                  low=0, high=1000, metavar="R")  # fmt: skip
VARIANT = Option(
    "variant", "choice",
    "steepest: the best better successor; first-choice: the first met in random "
    "order; stochastic: a better one at random, weighted by its gain",
    choices=VARIANTS,
)  # fmt: skip
HILL_CLIMBING = Algorithm(
    hill_climbing, "hill-climbing", "Hill climbing",
    "hill climbing: to a strictly better successor until none is better",
    "local", "state", "none", heuristic=True, random=True, detail="scores",
    options=(TIE_BREAK, SIDEWAYS, RESTARTS, VARIANT), aliases=("hill", "climb"), order=11,
    loop=(hill_climbing, *(strategy.choose for strategy in STRATEGIES.values())),
)  # fmt: skip

TEMPERATURE = Option(
    "temperature", "float", "starting temperature",
    default=default_of(exponential_schedule, "start"), low=1e-9, high=1e9, metavar="T",
)  # fmt: skip
COOLING = Option(
    "cooling", "float", "factor the temperature is multiplied by at each step",
    default=default_of(exponential_schedule, "decay"), low=1e-9, high=1.0, metavar="C",
)  # fmt: skip
STEPS = Option(
    "steps", "int", "steps before the temperature drops to 0",
    default=default_of(exponential_schedule, "steps"), low=0, high=10**8, metavar="K",
)  # fmt: skip


def _schedule(it: Run) -> dict[str, Any]:
    """The options temperature, cooling and steps made into annealing's schedule."""
    temperature, cooling, steps = (it.options[name] for name in ("temperature", "cooling", "steps"))
    return {"schedule": exponential_schedule(temperature, cooling, steps)}


SIMULATED_ANNEALING = Algorithm(
    simulated_annealing, "simulated-annealing", "Simulated annealing",
    "simulated annealing: random successors, worse ones taken less as it cools",
    "local", "state", "none", heuristic=True, random=True,
    options=(TEMPERATURE, COOLING, STEPS), aliases=("annealing",), order=12,
    arguments=_schedule,
)  # fmt: skip
