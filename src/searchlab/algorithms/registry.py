"""Every algorithm under the name the command line, the viewer and the experiments use
for it, behind one calling convention, so a domain can offer "any algorithm of the
engine" and every front end derives its choices from this one table.

Each entry says what the algorithm needs (a heuristic, a random state for restarts),
which options it takes (``Option`` specs: the weight of weighted A*, hill climbing's
tie-break, sideways moves, restarts and variant, annealing's schedule), and what it
promises: the cheapest path, the fewest moves, or nothing. An algorithm that yields
every solution lazily (``stream``) is built as a ``Solutions`` stream by
``stream_algorithm``; one that ``needs`` a constraint satisfaction problem (the CSP
solvers) runs on a ``CSPProblem`` only, and is offered by the domains made of one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from inspect import signature
from typing import Any, Literal

from searchlab.algorithms.best_first import (
    _graph_search,
    astar,
    best_first,
    greedy_best_first,
    uniform_cost,
    weighted_astar,
)
from searchlab.algorithms.csp.local import min_conflicts
from searchlab.algorithms.csp.problem import CSPProblem
from searchlab.algorithms.csp.search import (
    BACKTRACKS,
    INFERENCES,
    PREPROCESSING,
    VALUE_ORDERS,
    VARIABLE_ORDERS,
    CSPSolutions,
    Strategy,
    _Engine,
)
from searchlab.algorithms.linear_memory import ida_star, rbfs
from searchlab.algorithms.local import (
    STRATEGIES,
    TIE_BREAKS,
    VARIANTS,
    exponential_schedule,
    hill_climbing,
    simulated_annealing,
)
from searchlab.algorithms.memory import late_acceptance, tabu_search
from searchlab.algorithms.population import (
    CROSSOVERS,
    SELECTIONS,
    generations_of,
    genetic_algorithm,
    local_beam_search,
)
from searchlab.algorithms.uninformed import (
    Solutions,
    bounded_rounds,
    breadth_first,
    depth_first,
    iterative_deepening,
)
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.options import Option, parse_options
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult, Status, no_path

Promise = Literal["cost", "moves", "none"]
Needs = Literal["csp", "graph", "genome"]
"""What a solution found promises: the cheapest path (given an admissible heuristic,
if the algorithm takes one), the fewest moves (the cheapest only when every move costs
the same), or nothing."""

WEIGHT = Option(
    "weight", "float", "weight w of h in f = g + w·h", default=2.0, low=1, high=100, metavar="W"
)
TIE_BREAK = Option(
    "tie_break",
    "choice",
    "which of equally good successors to take (last: seed 000's Prolog)",
    default="first",
    choices=TIE_BREAKS,
)
SIDEWAYS = Option(
    "sideways",
    "int",
    "moves in a row allowed to an equally good state",
    default=0,
    low=0,
    high=1000,
    metavar="K",
)
RESTARTS = Option(
    "restarts",
    "int",
    "random restarts after a climb that fails",
    default=0,
    low=0,
    high=1000,
    metavar="R",
)
VARIANT = Option(
    "variant",
    "choice",
    "steepest: the best better successor; first-choice: the first met in random "
    "order; stochastic: a better one at random, weighted by its gain",
    default="steepest",
    choices=VARIANTS,
)
TEMPERATURE = Option(
    "temperature", "float", "starting temperature", default=20.0, low=1e-9, high=1e9, metavar="T"
)
COOLING = Option(
    "cooling",
    "float",
    "factor the temperature is multiplied by at each step",
    default=0.995,
    low=1e-9,
    high=1.0,
    metavar="C",
)
VARIABLE_ORDER = Option(
    "variable_order",
    "choice",
    "which variable gets a value next: static (the CSP's order), mrv (minimum remaining "
    "values), mrv-degree (MRV, ties to the most constraints on unassigned variables)",
    default="mrv",
    choices=VARIABLE_ORDERS,
    aliases={"minimum-remaining-values": "mrv", "degree": "mrv-degree"},
)
VALUE_ORDER = Option(
    "value_order",
    "choice",
    "which value to try first: static (the domain's order), lcv (least constraining "
    "value: the one ruling out fewest values of unassigned neighbours)",
    default="static",
    choices=VALUE_ORDERS,
    aliases={"least-constraining": "lcv"},
)
INFERENCE = Option(
    "inference",
    "choice",
    "after each assignment: none (each value tested against the assigned neighbours), "
    "fc (forward checking), mac (maintaining arc consistency with AC-3)",
    default="fc",
    choices=INFERENCES,
    aliases={"forward-checking": "fc", "ac3": "mac"},
)
BACKTRACK = Option(
    "backtrack",
    "choice",
    "chronological, or cbj: conflict-directed backjumping (with inference none or fc)",
    default="chronological",
    choices=BACKTRACKS,
    aliases={"backjumping": "cbj", "conflict-directed": "cbj"},
)
PREPROCESS = Option(
    "preprocess",
    "choice",
    "none, or ac3: make every arc consistent before the search starts",
    default="none",
    choices=PREPROCESSING,
)
MAX_STEPS = Option(
    "max_steps",
    "int",
    "give up after this many repairs",
    default=10_000,
    low=0,
    high=10**7,
    metavar="K",
)
STEPS = Option(
    "steps",
    "int",
    "steps before the temperature drops to 0",
    default=10_000,
    low=0,
    high=10**8,
    metavar="K",
)
MAX_MOVES = Option(
    "max_moves",
    "int",
    "moves made (late acceptance: moves tried) before giving up",
    default=10_000,
    low=0,
    high=10**7,
    metavar="K",
)
BEAM = Option(
    "beam", "int", "states kept by local beam search", default=10, low=1, high=10_000, metavar="K"
)
KEEP = Option(
    "keep",
    "choice",
    "which successors become the beam: best (the lowest h) or stochastic (drawn at random, "
    "weighted to the better)",
    default="best",
    choices=("best", "stochastic"),
)
POPULATION = Option(
    "population",
    "int",
    "individuals in each generation",
    default=100,
    low=1,
    high=100_000,
    metavar="P",
)
GENERATIONS = Option(
    "generations",
    "int",
    "generations before giving up",
    default=1000,
    low=0,
    high=10**6,
    metavar="G",
)
MUTATION = Option(
    "mutation",
    "float",
    "probability that a child has one gene changed at random",
    default=0.1,
    low=0,
    high=1,
    metavar="P",
)
SELECTION = Option(
    "parents",
    "choice",
    "how parents are chosen (AIMA's selection; apart from the route domain's landmark "
    "selection): proportional (to fitness, AIMA's) or tournament (the fittest "
    "of --tournament drawn at random)",
    default="proportional",
    choices=SELECTIONS,
)
TOURNAMENT = Option(
    "tournament",
    "int",
    "individuals drawn for each tournament",
    default=3,
    low=1,
    high=1000,
    metavar="K",
)
CROSSOVER = Option(
    "crossover",
    "choice",
    "one-point (one parent up to a random cut, the other after it: AIMA's) or uniform "
    "(each gene from either parent)",
    default="one-point",
    choices=CROSSOVERS,
)
ELITE = Option(
    "elite",
    "int",
    "the fittest individuals copied unchanged into the next generation (at most the population)",
    default=0,
    low=0,
    high=100_000,
    metavar="E",
)
TENURE = Option(
    "tenure",
    "int",
    "moves a state stays tabu",
    default=10,
    low=0,
    high=10**6,
    metavar="T",
)
HISTORY = Option(
    "history",
    "int",
    "late acceptance: how many iterations back a candidate is compared with",
    default=50,
    low=1,
    high=10**6,
    metavar="L",
)


@dataclass(frozen=True)
class Run:
    """Everything one run of an algorithm is handed, whichever algorithm it is."""

    problem: Problem[Any, Any]
    h: Heuristic[Any] | None
    options: Mapping[str, Any]
    seed: int | None
    random_state: Callable[[random.Random], Any] | None
    limits: Limits
    observer: Observer | None
    constraint: Callable[[Any], bool] | None = None  # a test on states entered (dfs)


Runner = Callable[[Run], SearchResult[Any, Any]]
Arguments = Callable[[Run], dict[str, Any]]
Loop = tuple[Callable[..., Any], ...]

_FROM_THE_RUN = ("seed", "random_state", "constraint")
"""The parts of a run passed to an algorithm's function when it takes them."""


@dataclass(frozen=True)
class AlgorithmInfo:
    """What a caller needs to know before running an algorithm, and how to run it:
    ``function`` called with the problem (and the heuristic, if ``informed``), each of
    its ``options`` it takes under its own name, the run's seed, random start and
    constraint if it takes them, and the keywords ``arguments(run)`` adds (an option
    renamed, or several made into one)."""

    function: Callable[..., Any]  # the public function it runs (shown as its source)
    summary: str
    informed: bool  # takes a heuristic
    promise: Promise
    local: bool = False  # walks one state towards lower h (h is required)
    stream: bool = False  # ``function`` returns ``Solutions``: every solution, one by one
    options: tuple[Option, ...] = ()
    random: bool = False  # makes random choices (reports the seed that repeats it)
    loop: Loop = ()  # the code holding its search loop, if not
    # ``function`` itself (the viewer shows these first: the code that actually runs)
    needs: Needs | None = None  # the kind of problem it runs on (None: any problem; genome:
    # one whose states are written as genes, ``core.problem.Genome``)
    arguments: Arguments | None = None
    runner: Runner | None = None  # a run that is not a call of ``function`` as above

    @property
    def optimal(self) -> bool:
        """Whether it can promise a cheapest path (when its conditions hold)."""
        return self.promise != "none"

    @cached_property
    def _takes(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The options, and the parts of a run, that ``function`` takes (read once)."""
        takes = signature(self.function).parameters
        return (
            tuple(option.name for option in self.options if option.name in takes),
            tuple(name for name in _FROM_THE_RUN if name in takes),
        )

    def call(self, it: Run) -> Any:
        """``function`` called with what ``it`` holds (see the class docstring)."""
        options, parts = self._takes
        keywords = {name: it.options[name] for name in options}
        keywords.update((name, getattr(it, name)) for name in parts)
        if self.arguments is not None:
            keywords.update(self.arguments(it))
        problem = (it.problem, it.h) if self.informed else (it.problem,)
        return self.function(*problem, **keywords, limits=it.limits, observer=it.observer)

    def run(self, it: Run) -> SearchResult[Any, Any]:
        """One search: its result, or a stream's first solution (or how it ended)."""
        if self.runner is not None:
            return self.runner(it)
        if not self.stream:
            result: SearchResult[Any, Any] = self.call(it)
            return result
        solutions: Solutions[Any, Any] = self.call(it)
        found = next(solutions, None)
        if found is not None:
            return found
        return no_path(solutions.status or Status.EXHAUSTED, solutions.stats, solutions.limit)


def _strategy(it: Run) -> dict[str, Any]:
    options = it.options
    return {
        "strategy": Strategy(
            options["variable_order"],
            options["value_order"],
            options["inference"],
            options["backtrack"],
            options["preprocess"],
        )
    }


def _schedule(it: Run) -> dict[str, Any]:
    temperature, cooling, steps = (it.options[name] for name in ("temperature", "cooling", "steps"))
    return {"schedule": exponential_schedule(temperature, cooling, steps)}


def _beam(it: Run) -> dict[str, Any]:
    return {"stochastic": it.options["keep"] == "stochastic"}


def _breeding(it: Run) -> dict[str, Any]:
    return {"selection": it.options["parents"], "history": generations_of(it.observer)}


ALGORITHMS: Registry[AlgorithmInfo] = Registry("algorithm")
TITLES: dict[str, str] = {
    "astar": "A*",
    "best-first": "Best-first (Bratko)",
    "greedy": "Greedy best-first",
    "weighted-astar": "Weighted A*",
    "ida": "IDA*",
    "rbfs": "Recursive best-first (RBFS)",
    "bfs": "Breadth-first",
    "uniform-cost": "Uniform-cost",
    "iterative-deepening": "Iterative deepening",
    "dfs": "Depth-first",
    "hill-climbing": "Hill climbing",
    "simulated-annealing": "Simulated annealing",
    "local-beam": "Local beam search",
    "genetic": "Genetic algorithm",
    "tabu": "Tabu search",
    "late-acceptance": "Late acceptance",
    "csp-backtracking": "CSP backtracking",
    "min-conflicts": "Min-conflicts",
    # registered by the route domain (domains/routes/algorithms.py)
    "bidirectional": "Bidirectional Dijkstra",
    "bidirectional-astar": "Bidirectional A*",
}
"""Each algorithm's name as people say it (tabs and titles); its key stays the name
typed on the command line and sent in requests."""


def algorithm_title(name: str) -> str:
    """``astar`` -> ``A*``: the human name of a registered algorithm (its key if none)."""
    return TITLES.get(name, name)

_GRAPH_LOOP: Loop = (_graph_search,)
_ROUNDS_LOOP: Loop = (bounded_rounds, Solutions._walk)
_CLIMB_LOOP: Loop = (hill_climbing, *(strategy.choose for strategy in STRATEGIES.values()))
_CSP_OPTIONS = (VARIABLE_ORDER, VALUE_ORDER, INFERENCE, BACKTRACK, PREPROCESS)
_GENETIC_OPTIONS = (POPULATION, GENERATIONS, MUTATION, SELECTION, TOURNAMENT, CROSSOVER, ELITE)

ALGORITHMS.add(
    "astar",
    AlgorithmInfo(astar, "A*: f = g + h, graph search", True, "cost", loop=_GRAPH_LOOP),
    "a*",
    "a-star",
)
ALGORITHMS.add(
    "best-first",
    AlgorithmInfo(best_first, "Bratko's tree-form best-first search on f = g + h", True, "cost"),
    "bratko-best-first",
)
ALGORITHMS.add(
    "greedy",
    AlgorithmInfo(
        greedy_best_first, "greedy best-first on h alone", True, "none", loop=_GRAPH_LOOP
    ),
)
ALGORITHMS.add(
    "weighted-astar",
    AlgorithmInfo(
        weighted_astar,
        "weighted A*: f = g + w·h",
        True,
        "none",
        options=(WEIGHT,),
        loop=_GRAPH_LOOP,
    ),
    "wastar",
)
ALGORITHMS.add(
    "ida",
    AlgorithmInfo(ida_star, "IDA*: depth-first rounds on f", True, "cost", loop=_ROUNDS_LOOP),
    "ida*",
)
ALGORITHMS.add("rbfs", AlgorithmInfo(rbfs, "recursive best-first search", True, "cost"))
ALGORITHMS.add(
    "bfs",
    AlgorithmInfo(breadth_first, "breadth-first: fewest moves", False, "moves"),
    "breadth-first",
)
ALGORITHMS.add(
    "uniform-cost",
    AlgorithmInfo(uniform_cost, "uniform-cost (Dijkstra)", False, "cost", loop=_GRAPH_LOOP),
    "ucs",
    "dijkstra",
)
ALGORITHMS.add(
    "iterative-deepening",
    AlgorithmInfo(
        iterative_deepening,
        "depth-first with growing depth bounds: fewest moves",
        False,
        "moves",
        loop=_ROUNDS_LOOP,
    ),
    "iddfs",
)
ALGORITHMS.add(
    "dfs",
    AlgorithmInfo(
        depth_first,
        "depth-first backtracking: every solution, one more on request",
        False,
        "none",
        stream=True,
        loop=(Solutions._walk,),
    ),
    "depth-first",
    "backtracking",
)
ALGORITHMS.add(
    "hill-climbing",
    AlgorithmInfo(
        hill_climbing,
        "hill climbing: to a strictly better successor until none is better",
        True,
        "none",
        local=True,
        options=(TIE_BREAK, SIDEWAYS, RESTARTS, VARIANT),
        random=True,
        loop=_CLIMB_LOOP,
    ),
    "hill",
    "climb",
)
ALGORITHMS.add(
    "simulated-annealing",
    AlgorithmInfo(
        simulated_annealing,
        "simulated annealing: random successors, worse ones taken less as it cools",
        True,
        "none",
        local=True,
        options=(TEMPERATURE, COOLING, STEPS),
        random=True,
        arguments=_schedule,
    ),
    "annealing",
)
ALGORITHMS.add(
    "local-beam",
    AlgorithmInfo(
        local_beam_search,
        "local beam search: the k best successors of k states (or k drawn at random)",
        True,
        "none",
        local=True,
        options=(BEAM, KEEP, MAX_MOVES),
        random=True,
        arguments=_beam,
    ),
    "beam",
)
ALGORITHMS.add(
    "genetic",
    AlgorithmInfo(
        genetic_algorithm,
        "genetic algorithm: selection, crossover and mutation of gene strings (fitness: "
        "the heuristic's ceiling less h)",
        True,
        "none",
        local=True,
        options=_GENETIC_OPTIONS,
        random=True,
        needs="genome",
        arguments=_breeding,
    ),
    "genetic-algorithm",
    "ga",
)
ALGORITHMS.add(
    "tabu",
    AlgorithmInfo(
        tabu_search,
        "tabu search: the best successor not visited in the last moves, better or worse",
        True,
        "none",
        local=True,
        options=(TENURE, MAX_MOVES),
    ),
    "tabu-search",
)
ALGORITHMS.add(
    "late-acceptance",
    AlgorithmInfo(
        late_acceptance,
        "late acceptance hill climbing: a random successor no worse than now or than "
        "L iterations ago",
        True,
        "none",
        local=True,
        options=(HISTORY, MAX_MOVES),
        random=True,
    ),
    "lahc",
)
ALGORITHMS.add(
    "csp-backtracking",
    AlgorithmInfo(
        CSPSolutions,
        "constraint satisfaction by backtracking: variable and value ordering, forward "
        "checking or MAC, backjumping; every solution, one more on request",
        False,
        "none",
        stream=True,
        options=_CSP_OPTIONS,
        loop=(CSPSolutions._backtrack, _Engine),
        needs="csp",
        arguments=_strategy,
    ),
    "csp",
    "csp-bt",
)
ALGORITHMS.add(
    "min-conflicts",
    AlgorithmInfo(
        min_conflicts,
        "min-conflicts: from a greedy complete assignment, a variable in conflict takes "
        "its least conflicting value, until none is in conflict",
        False,
        "none",
        options=(MAX_STEPS, PREPROCESS),
        random=True,
        needs="csp",
    ),
    "minconflicts",
)

SEARCHES: tuple[str, ...] = tuple(name for name, info in ALGORITHMS.items() if info.needs is None)
"""The algorithms that run on any problem (the others need a CSP)."""
CSP_SOLVERS: tuple[str, ...] = tuple(
    name for name, info in ALGORITHMS.items() if info.needs == "csp"
)
"""The algorithms that run on a constraint satisfaction problem only."""

ALGORITHM_OPTIONS: dict[str, Option] = {
    option.name: option for info in ALGORITHMS.values() for option in info.options
}
"""Every algorithm option by name (a name means the same thing for every algorithm)."""


def promises_optimum(name: str, *, admissible: bool, unit_costs: bool) -> bool:
    """Whether algorithm ``name`` returns a cheapest path, given whether its heuristic
    (if it takes one) is admissible and whether every move of the problem costs the same."""
    info = ALGORITHMS[name]
    if info.promise == "none" or (info.informed and not admissible):
        return False
    return info.promise == "cost" or unit_costs


def algorithm_options(name: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of algorithm ``name``, parsed, defaults filled in; an option it does
    not take is refused (e.g. a weight for A*)."""
    canonical = ALGORITHMS.canonical(name)
    return parse_options(ALGORITHMS[canonical].options, given, where=f"the algorithm {canonical}")


def _check_fits(name: str, info: AlgorithmInfo, problem: object) -> None:
    """An InputError when ``name`` needs a kind of problem ``problem`` is not (the CSP
    solvers read the variables, domains and constraints only a CSP has)."""
    if info.needs == "csp" and not isinstance(problem, CSPProblem):
        raise InputError(
            f"{name} solves constraint satisfaction problems (variables, domains, "
            "constraints): the problem is not one",
            field="algorithm",
        )


def run_algorithm(
    name: str,
    problem: Problem[S, M],
    h: Heuristic[S] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    random_state: Callable[[random.Random], S] | None = None,
    admissible: bool = False,
    unit_costs: bool = False,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
    constraint: Callable[[S], bool] | None = None,
) -> SearchResult[S, M]:
    """Run the algorithm called ``name`` with its ``options`` (an InputError if there is
    no such algorithm, if it needs a heuristic and got none, or for an option it does not
    take). The result's ``optimal`` says whether its path is guaranteed cheapest: see
    ``promises_optimum`` for what ``admissible`` and ``unit_costs`` mean. ``constraint``
    is a test every state depth-first search enters must pass (ignored by the others)."""
    canonical = ALGORITHMS.canonical(name)
    info = ALGORITHMS[canonical]
    if info.informed and h is None:
        raise InputError(f"the algorithm {canonical!r} needs a heuristic", field="heuristic")
    _check_fits(canonical, info, problem)
    parsed = algorithm_options(canonical, options or {})
    result = info.run(
        Run(
            problem,
            h if info.informed else None,
            parsed,
            seed,
            random_state,
            limits,
            observer,
            constraint,
        )
    )
    if result.solved and promises_optimum(canonical, admissible=admissible, unit_costs=unit_costs):
        return SearchResult(
            result.status, result.path, result.moves, result.cost, result.stats, None, True
        )
    return result


def stream_algorithm(
    name: str,
    problem: Problem[S, M],
    *,
    options: Mapping[str, Any] | None = None,
    constraint: Callable[[S], bool] | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> Solutions[S, M]:
    """Every solution of ``problem`` by the algorithm called ``name``, lazily (an
    InputError for an algorithm that finds one solution, not every one)."""
    canonical = ALGORITHMS.canonical(name)
    info = ALGORITHMS[canonical]
    if not info.stream:
        raise InputError(
            f"the algorithm {canonical} finds one solution, not every one", field="algorithm"
        )
    _check_fits(canonical, info, problem)
    parsed = algorithm_options(canonical, options or {})
    solutions: Solutions[S, M] = info.call(
        Run(problem, None, parsed, None, None, limits, observer, constraint)
    )
    return solutions
