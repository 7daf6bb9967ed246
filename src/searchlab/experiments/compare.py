"""Every algorithm on the same starts, for any domain: the experiment every domain gets.

Each (algorithm, heuristic) pair the domain offers (or those named) runs from the same
starts: the domain's named starts by default, or starts given as text, or random
starts drawn with seeds made from ``seed`` and the start's index alone. One row per
pair: how many starts it solved, the mean cost and length of its solutions, the mean
states expanded and generated, whether every solution was optimal, the mean time.
Everything goes through ``Domain.request`` and ``Domain.search``, so a domain another
package registers, or a user's own problem, is compared exactly as searchlab's own.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import TYPE_CHECKING, Any

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.core.errors import InputError
from searchlab.core.limits import MAX_EXPANDED, Limits
from searchlab.core.options import MAX_SEED, Option
from searchlab.core.seeds import trial_seed
from searchlab.experiments.base import Experiment, Parameters, pair_label
from searchlab.experiments.report import Report, mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from searchlab.domains.base import Domain, SearchRequest

NAME = "compare"
NO_HEURISTIC = "-"

DOMAIN = Option(
    "domain", "text", "the domain to compare the algorithms on (a registered one)", metavar="DOMAIN"
)
PROBLEM = Option(
    "problem",
    "text",
    "your own problem instead of a domain: file.py, file.py:factory or module:factory",
    metavar="TARGET",
)
PARAM = Option(
    "param",
    "text",
    "a keyword argument for your problem's factory, KEY=VALUE (a Python literal, or text)",
    metavar="KEY=VALUE",
    many=True,
    separator=None,
)
ALGORITHM = Option(
    "algorithm",
    "text",
    "algorithms to compare (default: every one the domain offers from every start)",
    metavar="A[,...]",
    many=True,
)
HEURISTIC = Option(
    "heuristic",
    "text",
    "heuristics for the informed algorithms (default: every one that applies to every start)",
    metavar="H[,...]",
    many=True,
)
START = Option(
    "start",
    "text",
    "a start in the domain's notation, or the name of one of its named starts (default: "
    "every named start)",
    metavar="TEXT",
    many=True,
    separator=None,
)
RANDOM = Option(
    "random",
    "int",
    "this many random starts too (for a domain that draws them)",
    low=1,
    high=10_000,
    metavar="K",
)
SIZE = Option(
    "size",
    "int",
    "the size of the random starts (the domain's own default and cap apply)",
    low=1,
    high=10**6,
    metavar="N",
)
LIMIT = dataclasses.replace(
    MAX_EXPANDED,
    summary="stop each search after expanding this many states (it then counts as unsolved)",
    low=1,
    default=100_000,
)


@cache
def _domain(name: str | None, problem: str | None, param: tuple[str, ...]) -> Domain[Any, Any]:
    """The registered domain ``name``, or the domain of the user's ``problem`` (loaded
    once per process: workers load it too)."""
    if problem is not None:
        from searchlab.domains.user import load_problem, parse_params

        try:
            return load_problem(problem, parse_params(param))
        except InputError as error:
            raise error.about("problem") from None
    from searchlab.domains.registry import get_domain

    assert name is not None
    try:
        return get_domain(name)
    except InputError as error:
        raise error.about("domain") from None


def _start(domain: Domain[Any, Any], start: dict[str, Any], seed: int) -> Any:
    """A start as the trial describes it: text (a named start or the domain's notation),
    the problem's own initial state, or random start number ``random`` of ``size``."""
    if "text" in start:
        return domain.parse_start(start["text"])
    if "random" in start:
        rng = random.Random(trial_seed(seed, start["random"]))
        try:
            return domain.random_start(rng, start["size"], {})
        except InputError as error:
            raise error.about("size") from None
    return domain.default_start()


def _request(
    domain: Domain[Any, Any],
    start: Any,
    algorithm: str,
    heuristic: str | None,
    *,
    seed: int,
    max_expanded: int,
    engine: str | None,
) -> SearchRequest:
    return domain.request(
        start,
        parsed=True,
        algorithm=algorithm,
        heuristic=heuristic,
        seed=seed & MAX_SEED,
        limits=Limits(max_expanded=max_expanded),
        engine=engine,
    )


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One search from one start (runs in a worker)."""
    domain = _domain(spec["domain"], spec["problem"], tuple(spec["param"] or ()))
    start = _start(domain, spec["start"], spec["seed"])
    heuristic = spec["heuristic"]
    request = _request(
        domain,
        start,
        spec["algorithm"],
        None if heuristic == NO_HEURISTIC else heuristic,
        seed=trial_seed(spec["seed"], "search", spec["index"]),
        max_expanded=spec["max_expanded"],
        engine=spec["engine"],
    )
    domain.prepare(request)
    result = domain.search(request)
    return {
        "status": str(result.status),
        "solved": result.solved,
        "optimal": result.optimal,
        "cost": result.cost if result.solved else None,
        "length": result.length if result.solved else None,
        "expanded": result.stats.expanded,
        "generated": result.stats.generated,
        "seconds": result.stats.seconds,
    }


def _starts(domain: Domain[Any, Any], parameters: Parameters) -> list[dict[str, Any]]:
    """The starts to run from, as JSON: given as text, drawn at random, or else the
    domain's named starts (its one initial state, for a user's problem)."""
    title = domain.title or domain.name
    starts: list[dict[str, Any]] = [{"text": text} for text in parameters["start"] or ()]
    count, size = parameters["random"], parameters["size"]
    if count is not None:
        if not domain.has_random:
            raise InputError(f"{title} has no random starts: give starts as text", field="random")
        if domain.size is not None:
            size = domain.size.parse(size)
        starts += [{"random": index, "size": size} for index in range(count)]
    elif size is not None:
        raise InputError(
            "size is the size of random starts: say how many to draw too",
            field="size",
            hint=("random", "10"),
        )
    if starts:
        return starts
    if domain.presets:
        return [{"text": name} for name in domain.presets]
    if domain.has_default_start:
        return [{"initial": True}]
    raise InputError(f"{title} has no named starts: give starts to compare on", field="start")


def _canonical(names: list[str] | None, canonical: Any, field: str) -> list[str] | None:
    if names is None:
        return None
    try:
        return list(dict.fromkeys(canonical(name) for name in names))
    except InputError as error:
        raise error.about(field) from None


def check(parameters: Parameters) -> Parameters:
    """Load the domain, read every start, and keep the pairs that can run from every
    start: a pair made of defaults that does not apply (a heuristic defined for other
    boards, an algorithm not offered from a start) is left out; a named one is refused."""
    name, problem = parameters["domain"], parameters["problem"]
    if (name is None) == (problem is None):
        raise InputError(
            "name one domain to compare the algorithms on, or give your own problem",
            field="domain" if name is None else "problem",
        )
    if parameters["param"] and problem is None:
        raise InputError("param is for your own problem's factory", field="param")
    domain = _domain(name, problem, tuple(parameters["param"] or ()))
    starts = _starts(domain, parameters)
    seed = parameters["seed"]
    parsed = []
    for start in starts:
        try:
            parsed.append(_start(domain, start, seed))
        except InputError as error:
            raise error.about("start") from None
    named_algorithms = _canonical(parameters["algorithm"], ALGORITHMS.canonical, "algorithm")
    named_heuristics = _canonical(parameters["heuristic"], domain.heuristics.canonical, "heuristic")
    algorithms = named_algorithms or [
        algorithm
        for algorithm in domain.algorithms
        if all(algorithm in domain.offered(start) for start in parsed)
    ]
    heuristics = named_heuristics or list(domain.heuristics)
    engine = "generic" if "generic" in domain.engines else None  # the algorithms as named
    pairs: list[tuple[str, str]] = []
    refusal: InputError | None = None
    for algorithm in algorithms:
        informed = ALGORITHMS[algorithm].informed
        for heuristic in heuristics if informed else [None]:
            try:
                for start in parsed:
                    _request(
                        domain,
                        start,
                        algorithm,
                        heuristic,
                        seed=seed,
                        max_expanded=parameters["max_expanded"],
                        engine=engine,
                    )
            except InputError as error:
                if error.field == "heuristic":
                    named = named_heuristics is not None
                else:
                    named = named_algorithms is not None
                if named:
                    raise
                refusal = error
                continue
            pairs.append((algorithm, heuristic or NO_HEURISTIC))
    if not pairs:
        raise refusal or InputError("no algorithm to compare", field="algorithm")
    return {
        "domain": domain.name,
        "problem": problem,
        "param": parameters["param"],
        "starts": starts,
        "algorithm": list(dict.fromkeys(algorithm for algorithm, _ in pairs)),
        "heuristic": list(dict.fromkeys(h for _, h in pairs if h != NO_HEURISTIC)),
        "pairs": [list(pair) for pair in pairs],
        "engine": engine,
        "max_expanded": parameters["max_expanded"],
        "seed": seed,
    }


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    return [
        {
            "experiment": NAME,
            "domain": parameters["domain"],
            "problem": parameters["problem"],
            "param": parameters["param"],
            "start": start,
            "index": index,
            "algorithm": algorithm,
            "heuristic": heuristic,
            "engine": parameters["engine"],
            "max_expanded": parameters["max_expanded"],
            "seed": parameters["seed"],
        }
        for algorithm, heuristic in parameters["pairs"]
        for index, start in enumerate(parameters["starts"])
    ]


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per pair, in the order they ran. Cost and length are means over the
    starts solved; expanded, generated and time over every start."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        groups.setdefault((spec["algorithm"], spec["heuristic"]), []).append(result)
    rows = []
    for (algorithm, heuristic), group in groups.items():
        solved = [result for result in group if result["solved"]]
        rows.append(
            {
                "algorithm": algorithm,
                "heuristic": heuristic,
                "starts": len(group),
                "solved": len(solved),
                "mean_cost": mean([result["cost"] for result in solved]),
                "mean_length": mean([float(result["length"]) for result in solved]),
                "mean_expanded": mean([float(result["expanded"]) for result in group]),
                "mean_generated": mean([float(result["generated"]) for result in group]),
                "optimal": all(result["optimal"] for result in solved) if solved else None,
                "mean_seconds": mean([result["seconds"] for result in group]),
                "seconds": sum(result["seconds"] for result in group),
            }
        )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Mean states expanded per pair, log scale; hatched: some start was not solved."""
    from searchlab.experiments.plotting import figure

    rows = report.rows
    names = [pair_label(row["algorithm"], row["heuristic"]) for row in rows]
    chart, axes = figure(8.0, 0.3 * len(rows) + 1.6)
    values = [max(1.0, row["mean_expanded"] or 0.0) for row in rows]
    bars = axes.barh(list(range(len(rows))), values, 0.7, color="#4c72b0")
    for bar, row in zip(bars, rows, strict=True):
        if row["solved"] < row["starts"]:
            bar.set_hatch("///")
            bar.set_edgecolor("black")
    axes.set_xscale("log")
    axes.set_yticks(list(range(len(rows))), names, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("states expanded, mean per start (log scale; hatched: not every start solved)")
    axes.grid(True, axis="x", which="both", alpha=0.3)
    starts = len(report.parameters.get("starts") or ())
    axes.set_title(
        f"{report.parameters.get('domain')}: every algorithm on the same {starts} starts"
    )
    return chart


def milliseconds(value: Any) -> str:
    return f"{1000 * value:.2f}"


EXPERIMENT = Experiment(
    name=NAME,
    title="{domain}: every algorithm on the same starts "
    "(max {max_expanded:,} expansions per search, seed {seed})",
    summary="any domain: every algorithm and heuristic on the same starts",
    help="Every (algorithm, heuristic) pair a domain offers, run from the same starts, "
    "one row per pair.\n\n"
    "DOMAIN is any registered domain (`searchlab --help` lists them), or --problem "
    "names your own (as `searchlab run` takes it). The starts are the domain's named "
    "starts, or those given with --start (repeatable), or --random K starts of --size N "
    "drawn with --seed. Each row: starts solved, mean cost and length of the solutions, "
    "mean states expanded and generated, whether every solution was optimal, mean "
    "milliseconds per search. --max-expanded stops any search that runs too long (it "
    "then counts as unsolved).",
    examples=(
        "puzzle",
        "puzzle --algorithm astar,ida --random 20 --size 3 --plot cmp.svg",
        "queens --start 8 --start 12",
        "--problem examples/romania.py --json",
    ),
    domain=None,
    options=(PROBLEM, PARAM, ALGORITHM, HEURISTIC, START, RANDOM, SIZE, LIMIT),
    check=check,
    specs=specs,
    trial=trial,
    summarize=summarize,
    headers={
        "heuristic": "h",
        "mean_cost": "cost",
        "mean_length": "length",
        "mean_expanded": "expanded",
        "mean_generated": "generated",
        "optimal": "optimal?",
        "mean_seconds": "ms / search",
    },
    formats={"mean_seconds": milliseconds},
    chunk=16,
    unit="searches",
    plot=draw,
    arguments=(DOMAIN,),
    order=90,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
