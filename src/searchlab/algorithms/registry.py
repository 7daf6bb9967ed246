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
Streamer = Callable[[Run], Solutions[Any, Any]]


@dataclass(frozen=True)
class AlgorithmInfo:
    """What a caller needs to know before running an algorithm."""

    run: Runner
    function: Callable[..., Any]  # the public function it runs (shown as its source)
    summary: str
    informed: bool  # takes a heuristic
    promise: Promise
    local: bool = False  # walks one state towards lower h (h is required)
    solutions: Streamer | None = None  # every solution, one more on request
    options: tuple[Option, ...] = ()
    random: bool = False  # makes random choices (reports the seed that repeats it)
    loop: tuple[Callable[..., Any], ...] = ()  # the code holding its search loop, if not
    # ``function`` itself (the viewer shows these first: the code that actually runs)
    needs: Needs | None = None  # the kind of problem it runs on (None: any problem; genome:
    # one whose states are written as genes, ``core.problem.Genome``)

    @property
    def stream(self) -> bool:
        """Whether it can yield every solution, one more on request."""
        return self.solutions is not None

    @property
    def optimal(self) -> bool:
        """Whether it can promise a cheapest path (when its conditions hold)."""
        return self.promise != "none"


def _systematic(function: Callable[..., SearchResult[Any, Any]], informed: bool) -> Runner:
    def run(it: Run) -> SearchResult[Any, Any]:
        if informed:
            return function(it.problem, it.h, limits=it.limits, observer=it.observer)
        return function(it.problem, limits=it.limits, observer=it.observer)

    return run


def _weighted(it: Run) -> SearchResult[Any, Any]:
    assert it.h is not None
    weight = it.options["weight"]
    return weighted_astar(it.problem, it.h, weight, limits=it.limits, observer=it.observer)


def _depth_first(it: Run) -> Solutions[Any, Any]:
    return depth_first(it.problem, constraint=it.constraint, limits=it.limits, observer=it.observer)


def _csp(it: Run) -> CSPProblem:
    if not isinstance(it.problem, CSPProblem):
        raise InputError(
            "this algorithm solves constraint satisfaction problems (variables, domains, "
            "constraints): the problem is not one",
            field="algorithm",
        )
    return it.problem


def _csp_backtracking(it: Run) -> Solutions[Any, Any]:
    options = it.options
    strategy = Strategy(
        options["variable_order"],
        options["value_order"],
        options["inference"],
        options["backtrack"],
        options["preprocess"],
    )
    return CSPSolutions(_csp(it), strategy, limits=it.limits, observer=it.observer)


def _min_conflicts(it: Run) -> SearchResult[Any, Any]:
    return min_conflicts(
        _csp(it),
        max_steps=it.options["max_steps"],
        seed=it.seed,
        preprocess=it.options["preprocess"],
        limits=it.limits,
        observer=it.observer,
    )


def _first_solution(stream: Streamer) -> Runner:
    """The first solution of a stream, or how it ended without one."""

    def run(it: Run) -> SearchResult[Any, Any]:
        solutions = stream(it)
        found = next(solutions, None)
        if found is not None:
            return found
        return no_path(solutions.status or Status.EXHAUSTED, solutions.stats, solutions.limit)

    return run


def _climb(it: Run) -> SearchResult[Any, Any]:
    assert it.h is not None
    return hill_climbing(
        it.problem,
        it.h,
        tie_break=it.options["tie_break"],
        sideways=it.options["sideways"],
        restarts=it.options["restarts"],
        variant=it.options["variant"],
        random_state=it.random_state,
        seed=it.seed,
        limits=it.limits,
        observer=it.observer,
    )


def _anneal(it: Run) -> SearchResult[Any, Any]:
    assert it.h is not None
    options = it.options
    schedule = exponential_schedule(options["temperature"], options["cooling"], options["steps"])
    return simulated_annealing(
        it.problem, it.h, schedule=schedule, seed=it.seed, limits=it.limits, observer=it.observer
    )


def _beam(it: Run) -> SearchResult[Any, Any]:
    assert it.h is not None
    return local_beam_search(
        it.problem,
        it.h,
        beam=it.options["beam"],
        stochastic=it.options["keep"] == "stochastic",
        max_moves=it.options["max_moves"],
        random_state=it.random_state,
        seed=it.seed,
        limits=it.limits,
        observer=it.observer,
    )


def _genetic(it: Run) -> SearchResult[Any, Any]:
    assert it.h is not None
    options = it.options
    return genetic_algorithm(
        it.problem,
        it.h,
        population=options["population"],
        generations=options["generations"],
        mutation=options["mutation"],
        selection=options["parents"],
        tournament=options["tournament"],
        crossover=options["crossover"],
        elite=options["elite"],
        random_state=it.random_state,
        seed=it.seed,
        limits=it.limits,
        observer=it.observer,
        history=generations_of(it.observer),
    )


def _tabu(it: Run) -> SearchResult[Any, Any]:
    assert it.h is not None
    return tabu_search(
        it.problem,
        it.h,
        tenure=it.options["tenure"],
        max_moves=it.options["max_moves"],
        seed=it.seed,
        limits=it.limits,
        observer=it.observer,
    )


def _late(it: Run) -> SearchResult[Any, Any]:
    assert it.h is not None
    return late_acceptance(
        it.problem,
        it.h,
        history=it.options["history"],
        max_moves=it.options["max_moves"],
        seed=it.seed,
        limits=it.limits,
        observer=it.observer,
    )


ALGORITHMS: Registry[AlgorithmInfo] = Registry("algorithm")
ALGORITHMS.add(
    "astar",
    AlgorithmInfo(
        _systematic(astar, True),
        astar,
        "A*: f = g + h, graph search",
        True,
        "cost",
        loop=(_graph_search,),
    ),
    "a*",
    "a-star",
)
ALGORITHMS.add(
    "best-first",
    AlgorithmInfo(
        _systematic(best_first, True),
        best_first,
        "Bratko's tree-form best-first search on f = g + h",
        True,
        "cost",
    ),
    "bratko-best-first",
)
ALGORITHMS.add(
    "greedy",
    AlgorithmInfo(
        _systematic(greedy_best_first, True),
        greedy_best_first,
        "greedy best-first on h alone",
        True,
        "none",
        loop=(_graph_search,),
    ),
)
ALGORITHMS.add(
    "weighted-astar",
    AlgorithmInfo(
        _weighted,
        weighted_astar,
        "weighted A*: f = g + w·h",
        True,
        "none",
        options=(WEIGHT,),
        loop=(_graph_search,),
    ),
    "wastar",
)
ALGORITHMS.add(
    "ida",
    AlgorithmInfo(
        _systematic(ida_star, True),
        ida_star,
        "IDA*: depth-first rounds on f",
        True,
        "cost",
        loop=(bounded_rounds, Solutions._walk),
    ),
    "ida*",
)
ALGORITHMS.add(
    "rbfs",
    AlgorithmInfo(_systematic(rbfs, True), rbfs, "recursive best-first search", True, "cost"),
)
ALGORITHMS.add(
    "bfs",
    AlgorithmInfo(
        _systematic(breadth_first, False),
        breadth_first,
        "breadth-first: fewest moves",
        False,
        "moves",
    ),
    "breadth-first",
)
ALGORITHMS.add(
    "uniform-cost",
    AlgorithmInfo(
        _systematic(uniform_cost, False),
        uniform_cost,
        "uniform-cost (Dijkstra)",
        False,
        "cost",
        loop=(_graph_search,),
    ),
    "ucs",
    "dijkstra",
)
ALGORITHMS.add(
    "iterative-deepening",
    AlgorithmInfo(
        _systematic(iterative_deepening, False),
        iterative_deepening,
        "depth-first with growing depth bounds: fewest moves",
        False,
        "moves",
        loop=(bounded_rounds, Solutions._walk),
    ),
    "iddfs",
)
ALGORITHMS.add(
    "dfs",
    AlgorithmInfo(
        _first_solution(_depth_first),
        depth_first,
        "depth-first backtracking: every solution, one more on request",
        False,
        "none",
        solutions=_depth_first,
        loop=(Solutions._walk,),
    ),
    "depth-first",
    "backtracking",
)
ALGORITHMS.add(
    "hill-climbing",
    AlgorithmInfo(
        _climb,
        hill_climbing,
        "hill climbing: to a strictly better successor until none is better",
        True,
        "none",
        local=True,
        options=(TIE_BREAK, SIDEWAYS, RESTARTS, VARIANT),
        random=True,
        loop=(hill_climbing, *(strategy.choose for strategy in STRATEGIES.values())),
    ),
    "hill",
    "climb",
)
ALGORITHMS.add(
    "simulated-annealing",
    AlgorithmInfo(
        _anneal,
        simulated_annealing,
        "simulated annealing: random successors, worse ones taken less as it cools",
        True,
        "none",
        local=True,
        options=(TEMPERATURE, COOLING, STEPS),
        random=True,
    ),
    "annealing",
)
ALGORITHMS.add(
    "local-beam",
    AlgorithmInfo(
        _beam,
        local_beam_search,
        "local beam search: the k best successors of k states (or k drawn at random)",
        True,
        "none",
        local=True,
        options=(BEAM, KEEP, MAX_MOVES),
        random=True,
    ),
    "beam",
)
ALGORITHMS.add(
    "genetic",
    AlgorithmInfo(
        _genetic,
        genetic_algorithm,
        "genetic algorithm: selection, crossover and mutation of gene strings (fitness: "
        "the heuristic's ceiling less h)",
        True,
        "none",
        local=True,
        options=(POPULATION, GENERATIONS, MUTATION, SELECTION, TOURNAMENT, CROSSOVER, ELITE),
        random=True,
        needs="genome",
    ),
    "genetic-algorithm",
    "ga",
)
ALGORITHMS.add(
    "tabu",
    AlgorithmInfo(
        _tabu,
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
        _late,
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
        _first_solution(_csp_backtracking),
        CSPSolutions,
        "constraint satisfaction by backtracking: variable and value ordering, forward "
        "checking or MAC, backjumping; every solution, one more on request",
        False,
        "none",
        solutions=_csp_backtracking,
        options=(VARIABLE_ORDER, VALUE_ORDER, INFERENCE, BACKTRACK, PREPROCESS),
        needs="csp",
    ),
    "csp",
    "csp-bt",
)
ALGORITHMS.add(
    "min-conflicts",
    AlgorithmInfo(
        _min_conflicts,
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
    if info.solutions is None:
        raise InputError(
            f"the algorithm {canonical} finds one solution, not every one", field="algorithm"
        )
    parsed = algorithm_options(canonical, options or {})
    return info.solutions(Run(problem, None, parsed, None, None, limits, observer, constraint))
