"""aima-python's genetic algorithm, as the reference for ``bench_local``.

aima-python is not on PyPI, so its functions are copied here as they stand in
aimacode/aima-python: ``genetic_algorithm``, ``fitness_threshold``, ``init_population``,
``select``, ``recombine`` and ``mutate`` from search.py (commit 0160556e, "[Figure
4.8]"), ``weighted_sampler`` from utils.py, and the 8-queens fitness (non-attacking
pairs) from its search notebook. Only names and formatting differ; the module-level
``random`` of the original is passed in as ``rng`` so that a run can be seeded.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Sequence
from typing import Any

Individual = list[int]


def weighted_sampler(
    seq: Sequence[Any], weights: Sequence[float], rng: random.Random
) -> Callable[[], Any]:
    """Return a random-sample function that picks from seq weighted by weights."""
    totals: list[float] = []
    for w in weights:
        totals.append(w + totals[-1] if totals else w)
    return lambda: seq[bisect.bisect(totals, rng.uniform(0, totals[-1]))]


def init_population(
    pop_number: int, gene_pool: Sequence[int], state_length: int, rng: random.Random
) -> list[Individual]:
    g = len(gene_pool)
    return [
        [gene_pool[rng.randrange(0, g)] for _ in range(state_length)] for _ in range(pop_number)
    ]


def select(
    r: int,
    population: list[Individual],
    fitness_fn: Callable[[Individual], float],
    rng: random.Random,
) -> list[Individual]:
    fitnesses = list(map(fitness_fn, population))
    sampler = weighted_sampler(population, fitnesses, rng)
    return [sampler() for _ in range(r)]


def recombine(x: Individual, y: Individual, rng: random.Random) -> Individual:
    n = len(x)
    c = rng.randrange(0, n)
    return x[:c] + y[c:]


def mutate(x: Individual, gene_pool: Sequence[int], pmut: float, rng: random.Random) -> Individual:
    if rng.uniform(0, 1) >= pmut:
        return x
    n = len(x)
    g = len(gene_pool)
    c = rng.randrange(0, n)
    r = rng.randrange(0, g)
    new_gene = gene_pool[r]
    return x[:c] + [new_gene] + x[c + 1 :]  # noqa: RUF005 (as the original)


def fitness_threshold(
    fitness_fn: Callable[[Individual], float], f_thres: float | None, population: list[Individual]
) -> Individual | None:
    if not f_thres:
        return None
    fittest_individual = max(population, key=fitness_fn)
    if fitness_fn(fittest_individual) >= f_thres:
        return fittest_individual
    return None


def genetic_algorithm(
    population: list[Individual],
    fitness_fn: Callable[[Individual], float],
    rng: random.Random,
    gene_pool: Sequence[int] = (0, 1),
    f_thres: float | None = None,
    ngen: int = 1000,
    pmut: float = 0.1,
) -> tuple[Individual, int]:
    """[Figure 4.8]; also returns the generations run (for the benchmark's table)."""
    for i in range(ngen):
        next_population = []
        for _ in range(len(population)):
            x, y = select(2, population, fitness_fn, rng)
            next_population.append(mutate(recombine(x, y, rng), gene_pool, pmut, rng))
        population = next_population
        fittest_individual = fitness_threshold(fitness_fn, f_thres, population)
        if fittest_individual:
            return fittest_individual, i + 1
    return max(population, key=fitness_fn), ngen


def queens_fitness(q: Individual) -> int:
    """The notebook's 8-queens fitness: pairs of queens not attacking each other."""
    non_attacking = 0
    for row1 in range(len(q)):
        for row2 in range(row1 + 1, len(q)):
            if q[row1] != q[row2]:
                dx = abs(row1 - row2)
                dy = abs(q[row1] - q[row2])
                if dx != dy:
                    non_attacking += 1
    return non_attacking
