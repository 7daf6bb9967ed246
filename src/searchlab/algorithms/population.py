"""Population methods of local search: local beam search (k states, and its stochastic
variant) and a genetic algorithm (AIMA 4.1.4; simpleai's ``beam`` and ``genetic``).

Both keep several states instead of one. ``SearchResult.path`` is the best state's
own line (beam search: its ancestors; the genetic algorithm: the best individual
alone, since children have two parents); ``stats.iterations`` counts steps or
generations and ``stats.generated`` the states made.
"""

from __future__ import annotations

import bisect
import itertools
import random
import statistics
from collections.abc import Callable
from typing import Any, Literal

from searchlab.algorithms.common import check_cost, checks_problem, interruptible
from searchlab.algorithms.declaration import Algorithm, Run, default_of
from searchlab.algorithms.memory import MAX_MOVES
from searchlab.core.docstrings import SEED, VALUE, search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Observer, Solution, Step
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.options import Option
from searchlab.core.problem import Genome, Heuristic, M, Problem, S, genome_of
from searchlab.core.result import SearchResult, Stats, Status

Selection = Literal["proportional", "tournament"]
Crossover = Literal["one-point", "uniform"]
SELECTIONS: tuple[Selection, ...] = ("proportional", "tournament")
CROSSOVERS: tuple[Crossover, ...] = ("one-point", "uniform")


def _check_count(value: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InputError(f"the {what} must be 1 or more, not {value!r}")


@checks_problem
@search_doc(
    VALUE,
    "beam: how many states are kept.",
    "stochastic: draw the states kept at random, weighted, instead of the best.",
    "max_moves: the most steps.",
    "random_state: draws the other starting states from a ``random.Random``.",
    SEED,
    returns="A ``SearchResult``: solved, or local_optimum (the path to the best state "
    "kept), or limit_reached.",
)
def local_beam_search(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    beam: int = 10,
    stochastic: bool = False,
    max_moves: int = 10_000,
    random_state: Callable[[random.Random], S] | None = None,
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[S, M]:
    """Keep ``beam`` states: the problem's start and, with ``random_state``, beam − 1
    random ones. Each step lists the successors of them all; a goal among them ends
    the search, otherwise the ``beam`` best (lowest h; ties in the order listed)
    become the new states, or with ``stochastic`` ``beam`` drawn at random with weight
    1 / (1 + h − least h) (AIMA's stochastic beam search). It stops at a local
    optimum when no successor is better than the best state kept, or after
    ``max_moves`` steps.

    {sections}

    Examples:
        From 0 to 7 on a line of 0..10, h the distance: three states kept, the best
        successors taken, seven steps up.

        >>> from searchlab.core.problem import NumberLine
        >>> line = NumberLine(start=0, goal=7)
        >>> found = local_beam_search(line, line.distance, beam=3)
        >>> found.status, found.path
        (<Status.SOLVED: 'solved'>, (0, 1, 2, 3, 4, 5, 6, 7))
    """
    _check_count(beam, "beam width")
    if max_moves < 0:
        raise InputError(f"the step limit must be 0 or more, not {max_moves}")
    rng = random.Random(seed)
    stats = Stats()
    budget = Budget(limits, stats)
    starts = [problem.initial]
    if random_state is not None:
        starts += [random_state(rng) for _ in range(beam - 1)]
    # each kept state with its value and the path that reached it
    kept: list[tuple[float, S, tuple[S, ...], tuple[M, ...], float]] = [
        (h(state), state, (state,), (), 0.0) for state in starts
    ]

    def result(status: Status, limit: str | None = None) -> SearchResult[S, M]:
        budget.stop_clock()
        _value, _state, path, moves, cost = min(kept, key=lambda entry: entry[0])
        return SearchResult(status, path, moves, cost, stats, limit)

    with interruptible(budget):
        for entry in kept:
            if problem.is_goal(entry[1]):
                kept = [entry]
                if observer is not None:
                    observer(Solution(entry[2], entry[4], 1))
                return result(Status.SOLVED)
        for _ in range(max_moves + 1):
            limit = budget.exceeded()
            if limit is not None:
                return result(Status.LIMIT_REACHED, limit)
            best_value = min(entry[0] for entry in kept)
            children: list[tuple[float, S, tuple[S, ...], tuple[M, ...], float]] = []
            for value, state, path, moves, spent in kept:
                stats.expanded += 1
                if observer is not None:
                    observer(Expand(state, spent, value, value, len(moves), len(kept)))
                for move, child, cost in problem.successors(state):
                    check_cost(cost, state, move)
                    stats.generated += 1
                    entry = (h(child), child, (*path, child), (*moves, move), spent + cost)
                    if problem.is_goal(child):
                        kept = [entry]
                        if observer is not None:
                            observer(Step(state, move, child, entry[0], False))
                            observer(Solution(entry[2], entry[4], 1))
                        stats.iterations += 1
                        return result(Status.SOLVED)
                    children.append(entry)
            stats.max_frontier = max(stats.max_frontier, len(children))
            if not children or min(child[0] for child in children) >= best_value:
                return result(Status.LOCAL_OPTIMUM)
            if stochastic:
                least = min(child[0] for child in children)
                weights = [1.0 / (1.0 + child[0] - least) for child in children]
                kept = rng.choices(children, weights=weights, k=beam)
            else:
                order = sorted(range(len(children)), key=lambda index: children[index][0])
                kept = [children[index] for index in order[:beam]]
            stats.iterations += 1
            if observer is not None:
                top = min(kept, key=lambda entry: entry[0])
                before = top[2][-2] if len(top[2]) > 1 else top[1]
                observer(Step(before, top[3][-1], top[1], top[0], False))
    return result(Status.LOCAL_OPTIMUM)


Individual = tuple[int, ...]


def _proportional(
    population: list[Individual], fitness: list[float], rng: random.Random
) -> Callable[[], Individual]:
    """Draw individuals with probability proportional to fitness (AIMA's
    ``weighted_sampler``); all of fitness 0: uniformly."""
    totals = list(itertools.accumulate(fitness))
    if totals[-1] <= 0:
        return lambda: rng.choice(population)
    return lambda: population[
        min(bisect.bisect(totals, rng.uniform(0, totals[-1])), len(population) - 1)
    ]


def _tournament(
    population: list[Individual], fitness: list[float], rng: random.Random, size: int
) -> Callable[[], Individual]:
    """Draw ``size`` individuals at random and keep the fittest."""
    indices = range(len(population))

    def draw() -> Individual:
        entrants = [rng.choice(indices) for _ in range(size)]
        return population[max(entrants, key=lambda index: fitness[index])]

    return draw


def _recombine(
    x: Individual, y: Individual, crossover: Crossover, rng: random.Random
) -> Individual:
    """One-point: x up to a random cut, then y (AIMA's ``recombine``); uniform: each
    gene from either parent with probability 1/2."""
    if crossover == "one-point":
        cut = rng.randrange(0, len(x))
        return x[:cut] + y[cut:]
    return tuple(a if rng.random() < 0.5 else b for a, b in zip(x, y, strict=True))


def _mutate(x: Individual, alleles: tuple[int, ...], rate: float, rng: random.Random) -> Individual:
    """With probability ``rate``, one gene at random takes a random allele (AIMA's
    ``mutate``)."""
    if rng.uniform(0, 1) >= rate:
        return x
    where = rng.randrange(len(x))
    return (*x[:where], rng.choice(alleles), *x[where + 1 :])


Generation = tuple[float, float, float]
"""The best, median and worst fitness of one generation."""


def generations_of(observer: Observer | None) -> list[Generation] | None:
    """The list an observer keeps each generation's fitness in: its ``generations``
    attribute, when it is a list (as ``events.detail_of`` reads ``detail``), so a front
    end running a population method by name gets the ``history`` of
    ``genetic_algorithm``; None when it asks for none."""
    wanted = getattr(observer, "generations", None)
    return wanted if isinstance(wanted, list) else None


@checks_problem
@search_doc(
    VALUE,
    "population: how many individuals a generation has.",
    "generations: the most generations bred.",
    "mutation: the probability that a child is mutated.",
    'selection: how parents are drawn: "proportional" or "tournament".',
    "tournament: how many individuals a tournament draws.",
    'crossover: "one-point" or "uniform".',
    "elite: how many of the fittest pass to the next generation unchanged.",
    "random_state: draws the other starting states from a ``random.Random``.",
    SEED,
    "history: a list that receives each generation's best, median and worst fitness.",
    returns="A ``SearchResult``: solved, or local_optimum (the fittest individual of the "
    "last generation), or limit_reached.",
    raises=("InputError: a problem without a ``Genome``, or a parameter out of range.",),
)
def genetic_algorithm(
    problem: Problem[S, M],
    h: Heuristic[S],
    *,
    population: int = 100,
    generations: int = 1000,
    mutation: float = 0.1,
    selection: Selection = "proportional",
    tournament: int = 3,
    crossover: Crossover = "one-point",
    elite: int = 0,
    random_state: Callable[[random.Random], S] | None = None,
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
    history: list[Generation] | None = None,
) -> SearchResult[S, M]:
    """AIMA's genetic algorithm on a problem with a ``Genome`` (``core.problem``).

    Fitness is ``genome.ceiling(h) − h`` (for N-queens with attacking pairs: the pairs
    not attacking, 28 at most on 8 queens). The first population is the problem's
    start and random states; each generation the ``elite`` fittest pass unchanged and
    the rest are children of two parents chosen by ``selection`` (proportional to
    fitness, or the fittest of ``tournament`` drawn at random), recombined by
    ``crossover`` and mutated with probability ``mutation``. It stops at a goal or
    after ``generations``; ``history`` (if given) receives each generation's best,
    median and worst fitness.

    {sections}

    Examples:
        Six queens, one per column (a state is each column's row): the fitness is the
        pairs of queens not attacking each other, 15 for a solution.

        >>> import random
        >>> from searchlab.domains.queens.board import random_board
        >>> from searchlab.domains.queens.climb import ClimbProblem
        >>> from searchlab.domains.queens.heuristics import attacking_pairs
        >>> from searchlab.domains.queens.moves import MOVES
        >>> def board(rng):
        ...     return random_board(6, "column", rng).queens
        >>> problem = ClimbProblem(6, board(random.Random(0)), MOVES["column"])
        >>> history = []
        >>> found = genetic_algorithm(
        ...     problem, attacking_pairs, random_state=board, seed=1, history=history
        ... )
        >>> found.solved, attacking_pairs(found.final_state), history[-1][0]
        (True, 0, 15.0)
    """
    genome = genome_of(problem)
    if genome is None:
        raise InputError(
            "the genetic algorithm needs a problem whose states are written as genes "
            "(e.g. queens with column moves)",
            field="algorithm",
        )
    _check_count(population, "population")
    if generations < 0:
        raise InputError(f"the number of generations must be 0 or more, not {generations}")
    if not 0 <= mutation <= 1:
        raise InputError(f"the mutation rate must be from 0 to 1, not {mutation}")
    if selection not in SELECTIONS:
        raise InputError(f"unknown selection {selection!r}: choose one of {', '.join(SELECTIONS)}")
    if crossover not in CROSSOVERS:
        raise InputError(f"unknown crossover {crossover!r}: choose one of {', '.join(CROSSOVERS)}")
    _check_count(tournament, "tournament size")
    if not 0 <= elite <= population:
        raise InputError(f"the elite must be from 0 to the population ({population}), not {elite}")
    rng = random.Random(seed)
    stats = Stats()
    budget = Budget(limits, stats)
    top = genome.ceiling(h)
    people = [genome.encode(problem.initial)]
    while len(people) < population:
        state = random_state(rng) if random_state is not None else problem.initial
        people.append(genome.encode(state))
    return _evolve(
        problem, h, genome, people, top, generations, mutation, selection, tournament,
        crossover, elite, rng, stats, budget, observer, history,
    )  # fmt: skip


def _evolve(
    problem: Problem[S, M],
    h: Heuristic[S],
    genome: Genome,
    people: list[Individual],
    top: float,
    generations: int,
    mutation: float,
    selection: Selection,
    tournament: int,
    crossover: Crossover,
    elite: int,
    rng: random.Random,
    stats: Stats,
    budget: Budget,
    observer: Observer | None,
    history: list[Generation] | None,
) -> SearchResult[S, M]:
    """The generations of ``genetic_algorithm``."""

    def result(best: Individual, status: Status, limit: str | None = None) -> SearchResult[S, M]:
        budget.stop_clock()
        return SearchResult(status, (genome.decode(best),), (), 0.0, stats, limit)

    with interruptible(budget):
        for generation in itertools.count():
            states = [genome.decode(person) for person in people]
            fitness = [top - h(state) for state in states]
            stats.generated += len(people)
            ranked = sorted(range(len(people)), key=lambda index: -fitness[index])
            best = ranked[0]
            if history is not None:
                history.append((fitness[best], statistics.median(fitness), fitness[ranked[-1]]))
            if observer is not None:
                value = top - fitness[best]
                observer(Expand(states[best], 0.0, value, value, generation, len(people)))
            if problem.is_goal(states[best]):
                if observer is not None:
                    observer(Solution((states[best],), 0.0, 1))
                return result(people[best], Status.SOLVED)
            if generation >= generations:
                return result(people[best], Status.LOCAL_OPTIMUM)
            limit = budget.exceeded()
            if limit is not None:
                return result(people[best], Status.LIMIT_REACHED, limit)
            stats.expanded += 1
            stats.iterations += 1
            if selection == "proportional":
                draw = _proportional(people, fitness, rng)
            else:
                draw = _tournament(people, fitness, rng, tournament)
            children = [people[index] for index in ranked[:elite]]
            while len(children) < len(people):
                child = _recombine(draw(), draw(), crossover, rng)
                children.append(_mutate(child, genome.alleles, mutation, rng))
            people = children
    raise AssertionError("unreachable")  # pragma: no cover


BEAM = Option("beam", "int", "states kept by local beam search", low=1, high=10_000, metavar="K")
KEEP = Option(
    "keep", "choice",
    "which successors become the beam: best (the lowest h) or stochastic (drawn at random, "
    "weighted to the better)",
    default="stochastic" if default_of(local_beam_search, "stochastic") else "best",
    choices=("best", "stochastic"),
)  # fmt: skip


def _beam(it: Run) -> dict[str, Any]:
    """The option keep made into local beam search's ``stochastic``."""
    return {"stochastic": it.options["keep"] == "stochastic"}


LOCAL_BEAM_SEARCH = Algorithm(
    local_beam_search, "local-beam", "Local beam search",
    "local beam search: the k best successors of k states (or k drawn at random)",
    "local", "states", "none", heuristic=True, random=True, options=(BEAM, KEEP, MAX_MOVES),
    aliases=("beam",), order=13, arguments=_beam,
)  # fmt: skip

POPULATION = Option(
    "population", "int", "individuals in each generation", low=1, high=100_000, metavar="P"
)
GENERATIONS = Option(
    "generations", "int", "generations before giving up", low=0, high=10**6, metavar="G"
)
MUTATION = Option(
    "mutation", "float", "probability that a child has one gene changed at random", low=0,
    high=1, metavar="P",
)  # fmt: skip
SELECTION = Option(
    "parents", "choice",
    "how parents are chosen (AIMA's selection; apart from the route domain's landmark "
    "selection): proportional (to fitness, AIMA's) or tournament (the fittest "
    "of --tournament drawn at random)",
    default=default_of(genetic_algorithm, "selection"), choices=SELECTIONS,
)  # fmt: skip
TOURNAMENT = Option(
    "tournament", "int", "individuals drawn for each tournament", low=1, high=1000, metavar="K"
)
CROSSOVER = Option(
    "crossover", "choice",
    "one-point (one parent up to a random cut, the other after it: AIMA's) or uniform "
    "(each gene from either parent)",
    choices=CROSSOVERS,
)  # fmt: skip
ELITE = Option(
    "elite", "int",
    "the fittest individuals copied unchanged into the next generation (at most the population)",
    low=0, high=100_000, metavar="E",
)  # fmt: skip


def _breeding(it: Run) -> dict[str, Any]:
    """The option parents as ``selection``, and the observer's list of generations."""
    return {"selection": it.options["parents"], "history": generations_of(it.observer)}


GENETIC_ALGORITHM = Algorithm(
    genetic_algorithm, "genetic", "Genetic algorithm",
    "genetic algorithm: selection, crossover and mutation of gene strings (fitness: "
    "the heuristic's ceiling less h)",
    "local", "states", "none", heuristic=True, random=True, needs="genome",
    options=(POPULATION, GENERATIONS, MUTATION, SELECTION, TOURNAMENT, CROSSOVER, ELITE),
    aliases=("genetic-algorithm", "ga"), order=14, arguments=_breeding,
)  # fmt: skip
