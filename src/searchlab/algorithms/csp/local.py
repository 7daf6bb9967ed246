"""Min-conflicts local search over any CSP (AIMA's MIN-CONFLICTS).

It starts from a complete assignment made greedily (each variable in turn takes a value
with the fewest conflicts with those already given, ties at random), then repeats: pick
a variable in conflict at random and give it the value with the fewest conflicts (ties
at random), until no constraint is violated or ``max_steps`` steps are spent. For every
variable and value it keeps the number of neighbours whose current value conflicts
with it, updated when a neighbour changes (a few values for not-equal and queens), so
a step costs the neighbours of one variable, not the whole CSP.

It cannot prove that there is no solution: a run that stops short says only that it
stopped (``limit_reached``, ``max_steps``), except when a domain is empty from the
start (``exhausted``).
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from searchlab.algorithms.common import interruptible
from searchlab.algorithms.csp.consistency import ac3
from searchlab.algorithms.csp.model import CSP
from searchlab.algorithms.csp.network import bits
from searchlab.algorithms.csp.problem import CSPProblem, CSPState, csp_problem
from searchlab.algorithms.csp.search import PREPROCESS
from searchlab.algorithms.declaration import Algorithm
from searchlab.core.docstrings import CSP_PROBLEM, SEED, search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Observer, Solution, Step
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.options import Option
from searchlab.core.result import SearchResult, Stats, Status, no_path

WALK_CELLS = 20_000_000
"""A result keeps the last states of the walk that fit this many values (all of it
unless the walk is longer than WALK_CELLS / n states)."""


@search_doc(
    "max_steps: the most steps (a variable given a new value).",
    SEED,
    'preprocess: "none", or "ac3" to narrow the domains by arc consistency first.',
    returns="A ``SearchResult``: solved, or local_optimum (the walk, ending where the "
    "steps ran out), exhausted (a domain empty after preprocessing), or limit_reached.",
    problem=CSP_PROBLEM,
)
def min_conflicts(
    problem: CSPProblem | CSP,
    *,
    max_steps: int = 10_000,
    seed: int | None = None,
    preprocess: str = "none",
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[CSPState, tuple[Any, Any]]:
    """Min-conflicts from a greedy start (see the module docstring). The path is the
    walk, from the start to where it stopped (its last states only, past
    ``WALK_CELLS`` values); ``iterations`` counts the steps, ``generated`` the values
    weighed, ``checks`` the constraints evaluated.

    {sections}

    Examples:
        Australia's map in three colours, neighbours different (AIMA's Figure 6.1):

        >>> from searchlab.algorithms.csp import CSP, CSPProblem, NotEqual
        >>> borders = ["WA NT", "WA SA", "NT SA", "NT Q", "SA Q", "SA NSW", "SA V", "Q NSW",
        ...            "NSW V"]
        >>> regions = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
        >>> csp = CSP({region: ["red", "green", "blue"] for region in regions},
        ...           [NotEqual(*border.split()) for border in borders])
        >>> found = min_conflicts(CSPProblem(csp), seed=0)
        >>> colours = found.final_state.assignment()
        >>> found.solved, all(colours[a] != colours[b] for a, b in map(str.split, borders))
        (True, True)
    """
    if max_steps < 0:
        raise InputError(f"max-steps must be 0 or more, not {max_steps}", field="max_steps")
    problem = csp_problem(problem, "min_conflicts")  # a CSP is taken as it is too
    rng = random.Random(seed)
    net = problem.network
    csp = net.csp
    n = net.n
    stats = Stats(setup_seconds=problem.build_seconds)  # compiling the CSP
    budget = Budget(limits, stats)
    domains = list(net.root)
    if preprocess == "ac3":
        narrowed = ac3(problem)
        stats.checks += narrowed.stats.checks
        assert narrowed.state.domains is not None
        domains = list(narrowed.state.domains)
    if not all(domains):
        budget.stop_clock()
        return no_path(Status.EXHAUSTED, stats)
    choices = [list(bits(mask)) for mask in domains]
    neighbours, masks = net.neighbours, net.masks
    count = [[0] * len(values) for values in net.values]  # conflicts of each value
    current = [-1] * n

    def move(y: int, new: int) -> None:
        """y takes value index ``new``: its neighbours' counts follow."""
        old = current[y]
        current[y] = new
        for x, relation in zip(neighbours[y], masks[y], strict=True):
            stats.checks += 1
            row = count[x]
            if old >= 0:
                for a in bits(relation[old]):
                    row[a] -= 1
            for a in bits(relation[new]):
                row[a] += 1

    def nary_conflicts(v: int, a: int) -> int:
        """The constraints over more variables that v = a violates (those whose other
        variables all have values)."""
        violated = 0
        if not net.constraints_of[v]:
            return 0
        trial = list(current)
        trial[v] = a
        for c in net.constraints_of[v]:
            nary = net.nary[c]
            if all(trial[u] >= 0 for u in nary.variables):
                stats.checks += 1
                violated += not nary.holds(trial)
        return violated

    def best_value(v: int) -> int:
        best: list[int] = []
        fewest = -1
        row = count[v]
        for a in choices[v]:
            stats.generated += 1
            conflicts = row[a] + nary_conflicts(v, a)
            if fewest < 0 or conflicts < fewest:
                fewest, best = conflicts, [a]
            elif conflicts == fewest:
                best.append(a)
        return best[0] if len(best) == 1 else rng.choice(best)

    def in_conflict(v: int) -> bool:
        a = current[v]
        return count[v][a] > 0 or nary_conflicts(v, a) > 0

    def violations() -> int:
        pairs = sum(count[v][current[v]] for v in range(n)) // 2
        return pairs + sum(not nary.holds(current) for nary in net.nary)

    def state() -> CSPState:
        return CSPState(tuple(current), None, csp)

    keep = max(2, WALK_CELLS // max(1, n))
    walk: deque[CSPState] = deque(maxlen=keep)
    steps: deque[tuple[Any, Any]] = deque(maxlen=keep - 1)
    status: Status = Status.LIMIT_REACHED
    limit: str | None = "max_steps"
    with interruptible(budget):
        for v in range(n):  # a million updates for 1,000 queens: the clock is read
            if budget.out_of_time():
                limit = "max_seconds"
                break
            move(v, best_value(v))
        walk.append(state())
        if observer is not None and limit != "max_seconds":
            observer(Expand(walk[0], 0.0, violations(), violations(), 0, 0))
        while limit != "max_seconds":
            conflicted = [v for v in range(n) if in_conflict(v)]
            if not conflicted:
                status, limit = Status.SOLVED, None
                break
            if stats.iterations >= max_steps:
                break
            reached = budget.exceeded()
            if reached is not None:
                limit = reached
                break
            stats.expanded += 1
            v = rng.choice(conflicted)
            a = best_value(v)
            if a != current[v]:
                move(v, a)
            stats.iterations += 1
            stats.assignments += 1
            step = (csp.variables[v], net.values[v][a])
            before = walk[-1]
            walk.append(state())
            steps.append(step)
            if observer is not None:
                observer(Step(before, step, walk[-1], violations()))
    path = tuple(walk)
    moves = tuple(steps)
    if status is Status.SOLVED and observer is not None:
        observer(Solution(path, float(len(moves)), 1))
    return SearchResult(status, path, moves, float(len(moves)), stats, limit)


MAX_STEPS = Option(
    "max_steps", "int", "give up after this many repairs", low=0, high=10**7, metavar="K"
)

MIN_CONFLICTS = Algorithm(
    min_conflicts, "min-conflicts", "Min-conflicts",
    "min-conflicts: from a greedy complete assignment, a variable in conflict takes "
    "its least conflicting value, until none is in conflict",
    "csp", "state", "none", random=True, needs="csp", options=(MAX_STEPS, PREPROCESS),
    aliases=("minconflicts",), order=18,
)  # fmt: skip
