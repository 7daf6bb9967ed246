"""Every algorithm on the same starts, for any domain: the experiment every domain gets.

Each (algorithm, heuristic) pair the domain offers (or those named) runs from the same
starts: the domain's named starts by default, or starts given as text, or random
starts drawn with seeds made from ``seed`` and the start's index alone. One row per
pair: how many starts it solved, the mean cost and length of its solutions, the mean
states expanded and generated, whether every solution was optimal, the mean time.
Everything goes through ``Domain.request_from`` (the one request builder, as on the
command line and in the viewer) and ``Domain.search``, so a domain another
package registers, or a user's own problem, is compared exactly as searchlab's own.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.core.errors import InputError
from searchlab.core.limits import MAX_EXPANDED, Limits
from searchlab.core.options import MAX_SEED, Option, parse_options
from searchlab.core.seeds import trial_seed
from searchlab.experiments.base import (
    NO_HEURISTIC,
    Experiment,
    Parameters,
    count_option,
    pair_label,
    pair_names,
)
from searchlab.experiments.report import Report, mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from searchlab.domains.base import Domain, SearchRequest

NAME = "compare"

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
    "a parameter of the domain (e.g. moves=free for queens), or a keyword argument of "
    "your problem's factory: KEY=VALUE, VALUE a Python literal or text",
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
GOAL = Option(
    "goal",
    "text",
    "the goal of every start, for a domain that takes one: one of its named goals, or a "
    "state (default: the domain's own)",
    metavar="G",
)
RANDOM = count_option(
    "random", "this many random starts too (for a domain that draws them)", high=10_000, metavar="K"
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
    """The registered domain ``name``, or the domain of the user's ``problem`` made by its
    factory with ``param`` (loaded once per process: workers load it too)."""
    if problem is not None:
        from searchlab.domains.user import load_problem, parse_params

        try:
            return load_problem(problem, parse_params(param))
        except InputError as error:
            raise error.about("problem") from None
    from searchlab.domains.registry import get_domain

    assert name is not None
    return get_domain(name)  # DOMAIN is an argument, not an option: the error names no field


def _domain_params(
    domain: Domain[Any, Any], problem: str | None, param: list[str] | None
) -> dict[str, Any]:
    """The domain's own parameters (e.g. the queens' ``moves``), parsed and checked; a
    user's problem takes ``param`` in its factory instead."""
    from searchlab.domains.user import parse_params

    if problem is not None:
        return {}
    given = parse_params(tuple(param or ()))
    try:
        return parse_options(domain.params, given, where=domain.title or domain.name)
    except InputError as error:
        raise InputError(f"param {error.field}: {error}", field="param") from None


def _start(
    domain: Domain[Any, Any],
    start: dict[str, Any],
    *,
    seed: int,
    params: dict[str, Any],
    goal: str | None,
) -> Any:
    """A start as the trial describes it: text (a named start or the domain's notation),
    the problem's own initial state, or random start number ``random`` of ``size`` (one
    that can reach ``goal``)."""
    if "text" in start:
        return domain.parse_start(start["text"])
    if "random" in start:
        from searchlab.domains.base import RandomSpec

        rng = random.Random(trial_seed(seed, start["random"]))
        try:
            return domain.random_start(rng, RandomSpec(start["size"], goal, params))
        except InputError as error:
            raise error.about("size") from None
    return domain.default_start()


def _request(
    domain: Domain[Any, Any],
    start: Any,
    algorithm: str,
    heuristic: str | None,
    *,
    goal: str | None,
    params: dict[str, Any],
    seed: int,
    max_expanded: int,
    engine: str | None,
) -> SearchRequest:
    """The request of one pair from one (parsed) start, built by the one request
    builder as the command line and the viewer build theirs."""
    fields = {
        "goal": goal,
        "algorithm": algorithm,
        "heuristic": heuristic,
        "seed": seed & MAX_SEED,
        "engine": engine,
        **params,
    }
    return domain.request_from(fields, Limits(max_expanded=max_expanded), start=start)


RESULT = {
    "status": "text",
    "solved": "bool",
    "optimal": "bool",
    "cost": "number?",
    "length": "count?",
    "expanded": "count",
    "generated": "count",
    "seconds": "number",
}
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial_request(spec: dict[str, Any]) -> tuple[Domain[Any, Any], SearchRequest]:
    """The domain of a trial and the request it runs (``spec``: one of ``specs``)."""
    problem, param = spec["problem"], spec["param"]
    domain = _domain(spec["domain"], problem, tuple(param or ()))
    params = _domain_params(domain, problem, param)
    start = _start(domain, spec["start"], seed=spec["seed"], params=params, goal=spec["goal"])
    heuristic = spec["heuristic"]
    request = _request(
        domain,
        start,
        spec["algorithm"],
        None if heuristic == NO_HEURISTIC else heuristic,
        goal=spec["goal"],
        params=params,
        seed=trial_seed(spec["seed"], "search", spec["index"]),
        max_expanded=spec["max_expanded"],
        engine=spec["engine"],
    )
    return domain, request


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One search from one start (runs in a worker)."""
    domain, request = trial_request(spec)
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


def _starts(domain: Domain[Any, Any], parameters: Parameters) -> tuple[list[dict[str, Any]], bool]:
    """The starts to run from, as JSON: given as text, drawn at random, or else the
    domain's named starts (its one initial state, for a user's problem); and whether
    they were chosen (not the defaults)."""
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
        return starts, True
    if domain.presets:
        return [{"text": name} for name in domain.presets], False
    if domain.has_default_start:
        return [{"initial": True}], False
    raise InputError(f"{title} has no named starts: give starts to compare on", field="start")


def _canonical(names: list[str] | None, canonical: Any, field: str) -> list[str] | None:
    if names is None:
        return None
    try:
        return list(dict.fromkeys(canonical(name) for name in names))
    except InputError as error:
        raise error.about(field) from None


def _reason(error: InputError, domain: Domain[Any, Any]) -> str:
    """Why a start was left out, with the domain parameter that would take it if the
    domain knows one (e.g. the queens' ``moves=free``)."""
    reason = str(error)
    names = {option.name for option in domain.params}
    if error.hint is not None and error.hint[0] in names:
        reason += f" (the parameter {error.hint[0]}={error.hint[1]} would take it)"
    return reason


def check(parameters: Parameters) -> Parameters:
    """Load the domain, read every start, and keep the pairs that can run from every
    start. Defaults give way: a named start of the domain that no pair can run from is
    left out (and listed, with the reason, in ``left_out``), and a pair that cannot run
    is skipped (a heuristic defined for other boards, an algorithm not offered from a
    start) unless everything in it was named. An algorithm or heuristic named that ends
    up in no pair is refused, with the reason."""
    name, problem, param = parameters["domain"], parameters["problem"], parameters["param"]
    if name is None and problem is None:
        raise InputError(
            "name the domain to compare the algorithms on, or give your own problem",
            hint=("problem", "FILE.py"),
        )
    if name is not None and problem is not None:
        raise InputError(
            f"problem {problem}: compare on a domain or on your own problem, not both",
            field="problem",
        )
    domain = _domain(name, problem, tuple(param or ()))
    params = _domain_params(domain, problem, param)
    goal = parameters["goal"]
    starts, chosen = _starts(domain, parameters)
    seed, max_expanded = parameters["seed"], parameters["max_expanded"]
    parsed = []
    for start in starts:
        try:
            parsed.append(_start(domain, start, seed=seed, params=params, goal=goal))
        except InputError as error:
            raise error.about("start") from None
    named_algorithms = _canonical(parameters["algorithm"], ALGORITHMS.canonical, "algorithm")
    named_heuristics = _canonical(parameters["heuristic"], domain.heuristics.canonical, "heuristic")
    algorithms = named_algorithms or [
        algorithm
        for algorithm in domain.algorithms
        if any(algorithm in domain.offered(start) for start in parsed)
    ]
    heuristics = named_heuristics or list(domain.heuristics)
    engine = "generic" if "generic" in domain.engines else None  # the algorithms as named
    refusals: dict[tuple[str, str | None], list[InputError | None]] = {}
    for algorithm in algorithms:
        for heuristic in heuristics if ALGORITHMS[algorithm].informed else [None]:
            row: list[InputError | None] = []
            for start in parsed:
                try:
                    _request(
                        domain,
                        start,
                        algorithm,
                        heuristic,
                        goal=goal,
                        params=params,
                        seed=seed,
                        max_expanded=max_expanded,
                        engine=engine,
                    )
                    row.append(None)
                except InputError as error:
                    row.append(error)
            refusals[algorithm, heuristic] = row
    kept = list(range(len(starts)))
    left_out: list[dict[str, Any]] = []
    if not chosen:  # a named start that no pair can run from gives way
        kept = [i for i in kept if any(row[i] is None for row in refusals.values())]
        if not kept:
            raise _first(refusals, range(len(starts))) or InputError("no start to compare on")
        for i in sorted(set(range(len(starts))) - set(kept)):
            reason = _first(refusals, [i])
            assert reason is not None
            left_out.append({**starts[i], "reason": _reason(reason, domain)})
    pairs: list[tuple[str, str]] = []
    for (algorithm, heuristic), row in refusals.items():
        refusal = next((row[i] for i in kept if row[i] is not None), None)
        if refusal is None:
            pairs.append((algorithm, heuristic or NO_HEURISTIC))
        elif named_algorithms and (heuristic is None or named_heuristics):
            raise refusal  # all of it was named
    for algorithm in named_algorithms or ():
        if all(a != algorithm for a, _ in pairs):
            raise _first(refusals, kept, algorithm=algorithm) or InputError(
                f"the algorithm {algorithm} runs from no start", field="algorithm"
            )
    for heuristic in named_heuristics or ():
        if all(h != heuristic for _, h in pairs):
            raise _first(refusals, kept, heuristic=heuristic) or InputError(
                f"no informed algorithm is compared to use the heuristic {heuristic}",
                field="heuristic",
            )
    if not pairs:
        raise _first(refusals, kept) or InputError("no algorithm to compare", field="algorithm")
    return {
        "domain": domain.name,
        "problem": problem,
        "param": param,
        "goal": goal,
        "starts": [starts[i] for i in kept],
        "left_out": left_out,
        **pair_names(pairs),
        "pairs": [list(pair) for pair in pairs],
        "engine": engine,
        "max_expanded": max_expanded,
        "seed": seed,
    }


def _first(
    refusals: dict[tuple[str, str | None], list[InputError | None]],
    starts: Iterable[int],
    *,
    algorithm: str | None = None,
    heuristic: str | None = None,
) -> InputError | None:
    """The first refusal among ``starts`` (of pairs with that algorithm or heuristic)."""
    for (a, h), row in refusals.items():
        if algorithm not in (None, a) or heuristic not in (None, h):
            continue
        for i in starts:
            if row[i] is not None:
                return row[i]
    return None


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    return [
        {
            "experiment": NAME,
            "domain": parameters["domain"],
            "problem": parameters["problem"],
            "param": parameters["param"],
            "start": start,
            "goal": parameters["goal"],
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
    from searchlab.experiments.plotting import figure, hatch, ranked

    rows = report.rows
    names = [pair_label(row["algorithm"], row["heuristic"]) for row in rows]
    chart, axes = figure(8.0, 0.3 * len(rows) + 1.6)
    values = [max(1.0, row["mean_expanded"] or 0.0) for row in rows]
    bars = axes.barh(list(range(len(rows))), values, 0.7, color="#4c72b0")
    hatch(bars, [row["solved"] < row["starts"] for row in rows])
    ranked(
        axes, names, "states expanded, mean per start (log scale; hatched: not every start solved)"
    )
    starts = len(report.parameters.get("starts") or ())
    axes.set_title(
        f"{report.parameters.get('domain')}: every algorithm on the same {starts} starts"
    )
    return chart


def notes(parameters: Parameters) -> list[str]:
    """The named starts left out, and why."""
    return [
        f"left out the start {item['text']}: {item['reason']}"
        for item in parameters.get("left_out") or ()
    ]


def milliseconds(value: Any) -> str:
    return f"{1000 * value:.2f}"


EXPERIMENT = Experiment.of_module(
    __name__,
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
    options=(PROBLEM, PARAM, ALGORITHM, HEURISTIC, START, GOAL, RANDOM, SIZE, LIMIT),
    headers={"mean_seconds": "ms / search"},
    formats={"mean_seconds": milliseconds},
    chunk=16,
    unit="searches",
    arguments=(DOMAIN,),
    order=90,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
