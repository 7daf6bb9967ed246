"""Every algorithm, collected from the ``searchlab.algorithms`` entry-point group, under
the name the command line, the viewer and the experiments use for it, behind one
calling convention.

Each algorithm declares itself once, beside its function (``declaration.Algorithm``:
its title, family, frontier, what it needs and promises, its options with the defaults
of its function's signature); searchlab's own are registered in ``pyproject.toml``
exactly as a third-party package's would be. This module only collects them (on the
first lookup, so that a plug-in may import ``searchlab.domains``) and runs one by name:
``run_algorithm`` (one result), ``stream_algorithm`` (every solution, lazily, for an
algorithm that ``stream``\\s). A plug-in that fails to load, or takes a name or alias
already taken, is left out and the reason kept (``load_errors``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from searchlab.algorithms.csp.problem import CSPProblem
from searchlab.algorithms.declaration import Algorithm, Needs, Promise, Run
from searchlab.algorithms.uninformed import Solutions
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.options import Option, parse_options
from searchlab.core.plugins import PluginGroup
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult

__all__ = [
    "ALGORITHMS",
    "ALGORITHM_OPTIONS",
    "CSP_SOLVERS",
    "GROUP",
    "SEARCHES",
    "Algorithm",
    "AlgorithmInfo",
    "Needs",
    "Promise",
    "Run",
    "algorithm_options",
    "algorithm_title",
    "load_errors",
    "promises_optimum",
    "run_algorithm",
    "stream_algorithm",
]

GROUP = "searchlab.algorithms"

AlgorithmInfo = Algorithm
"""The declaration's former name (``ALGORITHMS[name]`` is one)."""

_PLUGINS: PluginGroup[Algorithm] = PluginGroup(GROUP, Algorithm, "algorithm")


def _own_first(algorithm: Algorithm) -> bool:
    return not algorithm.function.__module__.startswith("searchlab.")


def _collect(registry: Registry[Algorithm]) -> None:
    """Every algorithm of the entry-point group into ``registry`` (called once, on the
    first lookup), searchlab's own first, each group in its order. One whose name or an
    alias is taken, or with an option named like another algorithm's but not the same
    (a name means one thing on the command line and in a request), is left out, and
    said why."""
    options: dict[str, Option] = {}
    for algorithm in sorted(_PLUGINS.load().values(), key=_own_first):
        taken = registry.taken(algorithm.name, *algorithm.aliases)
        clashes = [o.name for o in algorithm.options if options.get(o.name, o) != o]
        if taken:
            why = f"{', '.join(taken)} already names another"
        elif clashes:
            why = f"the option {', '.join(clashes)} means another thing for another algorithm"
        else:
            options.update((option.name, option) for option in algorithm.options)
            registry.add(algorithm.name, algorithm, *algorithm.aliases)
            continue
        _PLUGINS.errors.append(f"the algorithm {algorithm.name!r} is left out: {why}")


ALGORITHMS: Registry[Algorithm] = Registry("algorithm", _collect)


def load_errors() -> list[str]:
    """Why some registered algorithms were left out (empty when every one loaded)."""
    len(ALGORITHMS)  # collected
    return list(_PLUGINS.errors)


class Names(Sequence[str]):
    """The names of the algorithms ``keep`` accepts, read from the registry when asked
    (a constant of this module, so every plug-in is counted)."""

    def __init__(self, keep: Callable[[Algorithm], bool]) -> None:
        self.keep = keep

    def _names(self) -> tuple[str, ...]:
        return tuple(name for name, algorithm in ALGORITHMS.items() if self.keep(algorithm))

    def __getitem__(self, index: Any) -> Any:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __repr__(self) -> str:
        return repr(self._names())


SEARCHES: Sequence[str] = Names(lambda algorithm: algorithm.needs is None)
"""The algorithms that run on any problem (the others need a CSP, a graph or genes)."""
CSP_SOLVERS: Sequence[str] = Names(lambda algorithm: algorithm.needs == "csp")
"""The algorithms that run on a constraint satisfaction problem only."""


class _EveryOption(Mapping[str, Option]):
    """Every algorithm option by name (a name means the same thing for every algorithm),
    read from the registry when asked."""

    def _options(self) -> dict[str, Option]:
        return {option.name: option for info in ALGORITHMS.values() for option in info.options}

    def __getitem__(self, name: str) -> Option:
        return self._options()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._options())

    def __len__(self) -> int:
        return len(self._options())


ALGORITHM_OPTIONS: Mapping[str, Option] = _EveryOption()


def algorithm_title(name: str) -> str:
    """``astar`` -> ``A*``: the human name of a registered algorithm (its key if none)."""
    try:
        return ALGORITHMS[name].title
    except InputError:
        return name


def promises_optimum(name: str, *, admissible: bool, unit_costs: bool) -> bool:
    """Whether algorithm ``name`` returns a cheapest path, given whether its heuristic
    (if it takes one) is admissible and whether every move of the problem costs the same."""
    info = ALGORITHMS[name]
    if info.promise == "none" or (info.heuristic and not admissible):
        return False
    return info.promise == "cost" or unit_costs


def algorithm_options(name: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of algorithm ``name``, parsed, defaults filled in; an option it does
    not take is refused (e.g. a weight for A*)."""
    canonical = ALGORITHMS.canonical(name)
    return parse_options(ALGORITHMS[canonical].options, given, where=f"the algorithm {canonical}")


def _check_fits(info: Algorithm, problem: object) -> None:
    """An InputError when the algorithm needs a kind of problem ``problem`` is not (the
    CSP solvers read the variables, domains and constraints only a CSP has)."""
    if info.needs == "csp" and not isinstance(problem, CSPProblem):
        raise InputError(
            f"{info.name} solves constraint satisfaction problems (variables, domains, "
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
    if info.heuristic and h is None:
        raise InputError(f"the algorithm {canonical!r} needs a heuristic", field="heuristic")
    _check_fits(info, problem)
    parsed = algorithm_options(canonical, options or {})
    result = info.run(
        Run(
            problem,
            h if info.heuristic else None,
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
    _check_fits(info, problem)
    parsed = algorithm_options(canonical, options or {})
    solutions: Solutions[S, M] = info.call(
        Run(problem, None, parsed, None, None, limits, observer, constraint)
    )
    return solutions
