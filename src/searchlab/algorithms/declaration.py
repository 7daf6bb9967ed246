"""An algorithm declared once, beside its function: the ``Algorithm`` a module names
under the ``searchlab.algorithms`` entry-point group (``algorithms.registry`` collects
them, searchlab's own exactly as a third-party package's).

A declaration says what every front end asks about an algorithm instead of matching
its name: its title, its family and the kind of frontier it keeps (how the viewer
explains a step), what it needs (a heuristic, a random state, a constraint
satisfaction problem), what a solution it finds promises, whether it yields every
solution lazily, and its options. An option's default is read from the signature of
the function that takes it (``__post_init__``), so the library and the front ends can
never default differently; an option the function takes under another name (annealing's
temperature is ``exponential_schedule``'s ``start``) says where with ``default_of``.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, Protocol

from searchlab.core.declared import DEFAULT_ORDER
from searchlab.core.events import Observer
from searchlab.core.limits import Limits
from searchlab.core.options import Option
from searchlab.core.problem import Heuristic, Problem
from searchlab.core.result import SearchResult, Stats, Status, no_path

Promise = Literal["cost", "moves", "none"]
"""What a solution found promises: the cheapest path (given an admissible heuristic,
if the algorithm takes one), the fewest moves (the cheapest only when every move costs
the same), or nothing."""
Needs = Literal["csp", "graph", "genome"]
"""The kind of problem an algorithm runs on, when not any: a ``CSPProblem``, a route
over a graph, or a problem whose states are written as genes (``core.problem.Genome``)."""
Family = Literal["graph", "tree", "local", "csp"]
"""graph: a search keeping a closed set (a state is refused once reached at no lower
cost); tree: a search of the tree of paths (no closed set); local: a walk of states
towards lower h (h required); csp: a solver of constraint satisfaction problems."""
Frontier = Literal[
    "queue", "tree-queue", "two-queues", "path", "path-depth", "path-f", "path-siblings",
    "state", "states", "assignment", "jump-points",
]  # fmt: skip
"""What it keeps besides the best found: a queue of states (best-first or FIFO); a queue
of tree nodes (Bratko); two queues (a search from each end); only the path it is on
(``path``; in rounds bounded by depth, ``path-depth``, or by f = g + h, ``path-f``); the
path and the successors along it, under an f-limit (RBFS, ``path-siblings``); one current
state; several (a beam, a population); a partial assignment (CSP backtracking); a queue
of a grid's jump points, the cells between them walked, not queued (jump point search)."""
Detail = Literal["frontier", "ceiling", "scores"]
"""What it reports to an observer that asks for detail (``core.events.Detail``): the
head of its frontier, its f-limit, or every successor's score."""

_FROM_THE_RUN = ("seed", "random_state", "constraint")
"""The parts of a run passed to an algorithm's function when it takes them."""
RESERVED = frozenset(
    {*_FROM_THE_RUN, "problem", "h", "limits", "observer", "start", "goal", "algorithm",
     "heuristic", "engine", "max_expanded", "max_seconds", "json"}
)  # fmt: skip
"""Names no option may take: a run's own parts, and a request's fields (which the
command line and the viewer read by name beside the options)."""


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


class Stream(Protocol):
    """What a streaming algorithm's function returns (``uninformed.Solutions``): its
    solutions one by one, then how it ended."""

    status: Status | None
    stats: Stats
    limit: str | None

    def __next__(self) -> SearchResult[Any, Any]: ...


Runner = Callable[[Run], SearchResult[Any, Any]]
Arguments = Callable[[Run], dict[str, Any]]
Loop = tuple[Callable[..., Any], ...]


def default_of(function: Callable[..., Any], parameter: str) -> Any:
    """The default ``function``'s signature gives ``parameter`` (a TypeError if none):
    for an option that a function takes under another name or inside another value."""
    found = inspect.signature(function).parameters.get(parameter)
    if found is None or found.default is inspect.Parameter.empty:
        raise TypeError(f"{function.__qualname__} has no default for {parameter!r}")
    return found.default


@dataclass(frozen=True)
class Algorithm:
    """One algorithm: what a caller needs to know before running it, and how to run it.

    ``function`` is called with the problem (and the heuristic, if ``heuristic``), each
    of its ``options`` it takes under its own name, the run's seed, random start and
    constraint if it takes them, and the keywords ``arguments(run)`` adds (an option
    renamed, or several made into one). ``loop`` is the code holding its search loop
    when that is not ``function`` itself (the viewer shows it first: the code that
    actually runs); ``runner`` replaces the call altogether."""

    function: Callable[..., Any]  # the public function it runs (shown as its source)
    name: str  # the key typed on the command line and sent in requests
    title: str  # as people say it: tabs and titles
    summary: str
    family: Family
    frontier: Frontier
    promise: Promise
    heuristic: bool = False  # takes a heuristic (required)
    random: bool = False  # makes random choices (reports the seed that repeats it)
    needs: Needs | None = None  # None: runs on any problem
    stream: bool = False  # ``function`` returns every solution, one by one (``Stream``)
    detail: Detail | None = None
    options: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()
    order: int = DEFAULT_ORDER  # place in lists (searchlab's own first)
    loop: Loop = ()
    arguments: Arguments | None = None
    runner: Runner | None = None

    def __post_init__(self) -> None:
        takes = inspect.signature(self.function).parameters
        filled = []
        for option in self.options:
            if option.name in RESERVED:
                raise TypeError(f"{self.name}: an option may not be called {option.name!r}")
            parameter = takes.get(option.name)
            if parameter is None:
                if option.default is None:
                    raise TypeError(
                        f"{self.name}: {self.function.__qualname__} does not take "
                        f"{option.name!r}: give its default with default_of"
                    )
                filled.append(option)
                continue
            if parameter.default is inspect.Parameter.empty:
                raise TypeError(
                    f"{self.name}: {self.function.__qualname__}'s {option.name} has no default"
                )
            if option.default is not None and option.default != parameter.default:
                raise TypeError(
                    f"{self.name}: {option.name} defaults to {parameter.default!r} in "
                    f"{self.function.__qualname__}, not {option.default!r}: say it once there"
                )
            filled.append(dataclasses.replace(option, default=parameter.default))
        object.__setattr__(self, "options", tuple(filled))

    @property
    def informed(self) -> bool:
        """Takes a heuristic (the name every front end read before ``heuristic``)."""
        return self.heuristic

    @property
    def local(self) -> bool:
        """Walks states towards lower h (h is required): no path is promised."""
        return self.family == "local"

    @property
    def optimal(self) -> bool:
        """Whether it can promise a cheapest path (when its conditions hold)."""
        return self.promise != "none"

    def option(self, name: str) -> Option:
        """Its option called ``name``, default filled in (a KeyError if it has none)."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(f"the algorithm {self.name} has no option {name!r}")

    def fields(self) -> dict[str, Any]:
        """What it declares, as JSON (``searchlab algorithms --json``, the viewer)."""
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "title": self.title,
            "summary": self.summary,
            "family": self.family,
            "frontier": self.frontier,
            "heuristic": self.heuristic,
            "promise": self.promise,
            "every_solution": self.stream,
            "local": self.local,
            "random": self.random,
            "needs": self.needs,
        }

    @cached_property
    def _takes(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The options, and the parts of a run, that ``function`` takes (read once)."""
        takes = inspect.signature(self.function).parameters
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
        problem = (it.problem, it.h) if self.heuristic else (it.problem,)
        return self.function(*problem, **keywords, limits=it.limits, observer=it.observer)

    def run(self, it: Run) -> SearchResult[Any, Any]:
        """One search: its result, or a stream's first solution (or how it ended)."""
        if self.runner is not None:
            return self.runner(it)
        if not self.stream:
            result: SearchResult[Any, Any] = self.call(it)
            return result
        return first_solution(self.call(it))


def first_solution(solutions: Stream) -> SearchResult[Any, Any]:
    """A stream's first solution, or (none found) how the stream ended."""
    found = next(solutions, None)
    if found is not None:
        return found
    return no_path(solutions.status or Status.EXHAUSTED, solutions.stats, solutions.limit)
