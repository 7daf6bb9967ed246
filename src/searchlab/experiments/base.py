"""An experiment declared once for every front end: the ``Experiment`` descriptor.

An experiment is many runs of a search, summarised as one table and a chart. Its
descriptor says, once, everything a front end needs to offer it: its name, title and
help (with an example), the domain it measures (None: any), its parameters as
``Option`` specs (so the command line builds its flags from them, with their caps),
and the four steps every experiment takes: ``check`` the parameters (refusing bad
ones before any work), list the trials (``specs``: JSON-ready dicts, the same for the
same parameters on any machine), run one (``trial``: a top-level function, so that
worker processes and Dask can unpickle it), and ``summarize`` the results as a
``Report``, whose table takes its headers and formats and whose chart its ``plot``
from here. The front ends iterate the registry (``searchlab.experiments.registry``)
and never name an experiment.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from searchlab.core import options as core_options
from searchlab.core.declared import docstring_texts
from searchlab.core.options import Option, parse_options
from searchlab.core.registry import Registry
from searchlab.experiments.report import Report, filled
from searchlab.experiments.runner import Progress, notify_stderr, run_trials
from searchlab.experiments.triallog import check_schema

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from searchlab.core.result import SearchResult
    from searchlab.experiments.executors import WorkerPool

Spec = dict[str, Any]
Result = dict[str, Any]
Parameters = dict[str, Any]

SEED = dataclasses.replace(
    core_options.SEED,
    summary="fixes every random choice: the same seed gives the same numbers on any "
    "number of processes or machines",
    default=1,
)
"""Every experiment's seed: 1 unless told otherwise, so a run repeats by default."""


@dataclass(frozen=True)
class Experiment:
    """The descriptor of an experiment (see the module docstring).

    ``check`` takes the options parsed (defaults filled in, ``seed`` included) and
    returns the parameters that fix the numbers: canonical names, JSON-ready, what
    ``--json`` prints as ``parameters``; it raises ``InputError`` naming the field.
    ``specs(parameters)`` lists the trials, ``trial(spec)`` runs one (in a worker) and
    ``summarize(parameters, specs, results)`` makes the report, one row per thing
    compared."""

    name: str
    title: str  # the table's title: a template over the report's parameters
    summary: str  # one line, for `searchlab experiment --help`
    help: str  # what it measures and why, for the command's --help
    examples: tuple[str, ...]  # arguments after `searchlab experiment NAME`, for --help
    domain: str | None  # the registered domain it measures; None: any (given when run)
    options: tuple[Option, ...]
    check: Callable[[Parameters], Parameters]
    specs: Callable[[Parameters], list[Spec]]
    trial: Callable[[Spec], Result]
    summarize: Callable[[Parameters, list[Spec], list[Result]], Report]
    headers: Mapping[str, str] = field(default_factory=dict)  # row key -> column header
    formats: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)  # row key ->
    chunk: int = 64  # the most trials sent to a worker in one task
    unit: str = "trials"  # what a trial is, for the progress display
    plot: Callable[[Report], Figure] | None = None  # the chart of a report
    arguments: tuple[Option, ...] = ()  # positional parameters (before the options)
    order: int = 100  # place among the experiments (searchlab's own first)
    notes: Callable[[Parameters], list[str]] = lambda _parameters: []  # worth telling first
    result: Mapping[str, str] = field(default_factory=dict)  # a trial's result fields ->
    # kind ("bool", "count", "number", "text"; "?" after it: or null), checked on --resume

    def __post_init__(self) -> None:
        check_schema(self.result)

    @classmethod
    def of_module(cls, module: str, **fields: Any) -> Experiment:
        """The descriptor of the experiment that the module ``module`` is: its ``NAME``,
        its summary and help (its docstring: see ``docstring_texts``), and the steps
        found there by name (``check``, ``specs``, ``trial``, ``summarize``, and ``RESULT``,
        ``draw`` and ``notes`` if it has them), so that a declaration says only what is
        its own; ``fields`` are the rest (title, options, ...) and win over what is
        found."""
        found = vars(sys.modules[module])
        texts = docstring_texts(found.get("__doc__"))
        steps = {step: found[step] for step in STEPS}
        extras = {field: found[name] for field, name in EXTRAS.items() if name in found}
        return cls(**{"name": found["NAME"], **texts, **steps, **extras, **fields})

    @property
    def every_option(self) -> tuple[Option, ...]:
        """The arguments, the options and the seed: every parameter ``check`` is given."""
        return (*self.arguments, *self.options, SEED)

    def parameters(self, given: Mapping[str, Any] | None = None, **values: Any) -> Parameters:
        """The parameters of a run from ``given`` values (text, JSON or typed; missing
        ones take their defaults), parsed by each option's rule and checked by the
        experiment. An option the experiment does not take is refused."""
        merged = {**(given or {}), **values}
        parsed = parse_options(self.every_option, merged, where=f"the experiment {self.name}")
        return self.check(parsed)

    def title_for(self, parameters: Mapping[str, Any]) -> str:
        """The title template filled in from ``parameters`` (as it is, if it cannot be)."""
        return filled(self.title, parameters)

    def header(self, key: str) -> str:
        """A row key as a column header: the experiment's own, else the house's; a mean
        ``mean_x`` is headed as ``x`` would be (the title says what is averaged)."""
        if key in self.headers:
            return self.headers[key]
        if key in HEADERS:
            return HEADERS[key]
        if key.startswith("mean_"):
            return self.header(key.removeprefix("mean_"))
        return key.replace("_", " ")

    def format_of(self, key: str) -> Callable[[Any], str] | None:
        """How a row key's values are written: the experiment's own way, else the
        house's, else None (by type)."""
        return self.formats.get(key, FORMATS.get(key))

    def settings(self, parameters: Parameters) -> dict[str, Any]:
        """What a trial file records of a run, so that a resume cannot mix two runs:
        the experiment, its parameters and searchlab's version."""
        from searchlab import __version__

        return {"experiment": self.name, "parameters": parameters, "searchlab": __version__}

    def run(
        self,
        parameters: Parameters,
        *,
        pool: WorkerPool,
        out: Path | None = None,
        resume: bool = False,
        progress: Progress | None = None,
        notify: Callable[[str], None] = notify_stderr,
    ) -> Report:
        """Every trial of a run on ``pool`` (kept in ``out`` as they finish, those already
        there skipped when resuming, after checking they are this run's), summarised."""
        specs = self.specs(parameters)
        results = run_trials(
            self.trial,
            specs,
            pool=pool,
            out=out,
            resume=resume,
            largest_chunk=self.chunk,
            progress=progress,
            notify=notify,
            settings=self.settings(parameters),
            schema=self.result,
        )
        return self.summarize(parameters, specs, results)


STEPS = ("check", "specs", "trial", "summarize")
"""The steps every experiment module defines, found by name (``Experiment.of_module``)."""
EXTRAS = {"plot": "draw", "notes": "notes", "result": "RESULT"}
"""The descriptor's optional steps, and the names a module defines them under."""


def names_option(
    name: str,
    registry: Registry[Any] | Iterable[str],
    summary: str,
    *,
    default: Any = None,
    only: tuple[str, ...] | None = None,
    metavar: str | None = None,
) -> Option:
    """A list option choosing among the names of ``registry`` (``only`` those, if given),
    a registry's aliases accepted (e.g. the queens' ``h1`` for ``attackers``); a table
    (a dict or a tuple of names) has none."""
    names = tuple(only if only is not None else registry)
    aliases = (
        {alias: target for target in names for alias in registry.aliases_of(target)}
        if isinstance(registry, Registry)
        else {}
    )
    return Option(
        name,
        "choice",
        summary,
        default=default,
        choices=names,
        aliases=aliases,
        metavar=metavar or f"{name.upper()}[,...]",
        many=True,
    )


def count_option(
    name: str, summary: str, *, default: int | None = None, high: int, metavar: str = ""
) -> Option:
    """A number of things to run (trials, boards, queries) or a limit on a run: a whole
    number from 1 to ``high``, the cap that keeps one run of an experiment bounded."""
    return Option(name, "int", summary, default=default, low=1, high=high, metavar=metavar)


NO_HEURISTIC = "-"
"""The heuristic of a pair whose algorithm takes none (a table's cell, a JSON value)."""


SEARCH_RESULT = {
    "status": "text",
    "length": "count?",
    "expanded": "count",
    "generated": "count",
    "seconds": "number",
}
"""The result fields of a trial that is one search, and their kinds (what a resumed
trial file must hold); an experiment measuring more adds its own."""


def search_outcome(result: SearchResult[Any, Any], **more: Any) -> dict[str, Any]:
    """A search's trial result, as ``SEARCH_RESULT`` lists it (and ``more``)."""
    return {
        "status": str(result.status),
        "length": len(result.moves) if result.solved else None,
        "expanded": result.stats.expanded,
        "generated": result.stats.generated,
        **more,
        "seconds": result.stats.seconds,
    }


def heuristic_of(spec: Mapping[str, Any]) -> str:
    """The heuristic a trial's search is given: a pair without one (``NO_HEURISTIC``)
    still passes a name, which its uninformed algorithm ignores."""
    heuristic: str = spec["heuristic"]
    return "manhattan" if heuristic == NO_HEURISTIC else heuristic


def systematic(algorithms: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``algorithms`` that a seed does not change (local search is another study)."""
    from searchlab.algorithms.registry import ALGORITHMS

    return tuple(name for name in algorithms if not ALGORITHMS[name].local)


def algorithm_pairs(algorithms: list[str], heuristics: list[str]) -> list[tuple[str, str]]:
    """Every (algorithm, heuristic) to run, once each: informed algorithms with each
    heuristic, uninformed ones once, with NO_HEURISTIC."""
    from searchlab.algorithms.registry import ALGORITHMS

    out: list[tuple[str, str]] = []
    for name in algorithms:
        if ALGORITHMS[name].informed:
            out.extend((name, heuristic) for heuristic in heuristics)
        else:
            out.append((name, NO_HEURISTIC))
    return list(dict.fromkeys(out))


def pair_names(pairs: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The algorithms and the heuristics actually run, in order, for an experiment's
    checked parameters."""
    return {
        "algorithm": list(dict.fromkeys(algorithm for algorithm, _ in pairs)),
        "heuristic": list(dict.fromkeys(h for _, h in pairs if h != NO_HEURISTIC)),
    }


def pair_label(algorithm: str, heuristic: str | None) -> str:
    """``astar (manhattan)``, or the algorithm alone when it takes no heuristic."""
    return algorithm if heuristic in (None, NO_HEURISTIC) else f"{algorithm} ({heuristic})"


def percent(value: Any) -> str:
    """A share as a percentage without the sign (the header says %)."""
    return f"{100 * value:.1f}"


def fixed(digits: int) -> Callable[[Any], str]:
    """A number with ``digits`` decimals."""
    return lambda value: f"{value:.{digits}f}"


HEADERS: Mapping[str, str] = {
    "heuristic": "h",
    "success_rate": "solved %",
    "is_shortest": "shortest?",
    "optimal": "optimal?",
    "stopped": "stopped?",
}
"""The house's column headers: the same row key is headed the same in every table
(an experiment's own ``headers`` come first)."""
FORMATS: Mapping[str, Callable[[Any], str]] = {"success_rate": percent}
"""The house's formats of row keys (an experiment's own ``formats`` come first)."""
