"""Routes: Dijkstra, A*, bidirectional and ALT on road graphs of growing size

Nodes expanded and time per query against graph size for Dijkstra, A* with straight
lines, bidirectional Dijkstra, bidirectional A*, ALT (16 landmarks) and a contraction
hierarchy (built once per graph, not timed per query); on grid maps (--kind rooms or
maze) jump point search too, and A* with the octile estimate.

Graphs are road-like (searchlab route generate road): planar, distances as weights; or
generated grid maps of about as many cells. Every search answers the same random
queries; 'agree' counts the costs equal to Dijkstra's.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.core.seeds import trial_seed
from searchlab.domains.routes.caps import MAX_LANDMARKS
from searchlab.experiments.base import (
    Experiment,
    Parameters,
    count_option,
    fixed,
    names_option,
)
from searchlab.experiments.report import Report, mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NAME = "routes"
MAX_NODES = 2_000_000
"""The largest graph of the experiment (the benchmark goes to a million and beyond)."""

SEARCHES: dict[str, tuple[str, str | None]] = {
    "dijkstra": ("uniform-cost", None),
    "astar": ("astar", "straight-line"),
    "bidirectional": ("bidirectional", None),
    "bidirectional-astar": ("bidirectional-astar", "straight-line"),
    "alt": ("astar", "landmarks"),
    "jps": ("jps", None),
    "ch": ("ch", None),
}
"""Each search of the experiment as the route domain's (algorithm, heuristic)."""

NODES = Option(
    "nodes",
    "int",
    f"graph sizes in nodes, at most {MAX_NODES:,}",
    default="1000,4000,16000,64000",
    low=2,
    high=MAX_NODES,
    metavar="N[,...]",
    many=True,
)
QUERIES = count_option("queries", "random queries per graph", default=20, high=10_000, metavar="Q")
GRID_ONLY = ("jps",)
"""Searches of grid maps only."""
SEARCH = names_option(
    "search",
    SEARCHES,
    "the searches compared (jps on grid maps only; ch, whose hierarchy takes a while to "
    "build, only when named)",
    default=",".join(name for name in SEARCHES if name not in (*GRID_ONLY, "ch")),
    metavar="S[,...]",
)
KIND = Option(
    "kind",
    "choice",
    "road: road-like graphs of N nodes; rooms, maze: grid maps of about N cells",
    default="road",
    choices=("road", "rooms", "maze"),
)
LANDMARKS = count_option("landmarks", "ALT's landmarks (farthest)", default=16, high=MAX_LANDMARKS)
ENGINE = Option(
    "engine",
    "choice",
    "compiled: Dijkstra, A* and ALT on the kernel; generic: on the engine's own searches",
    default="compiled",
    choices=("compiled", "generic"),
)


def check(parameters: Parameters) -> Parameters:
    if not parameters["search"]:
        raise InputError("choose at least one search", field="search")
    total = len(parameters["nodes"]) * parameters["queries"] * len(parameters["search"])
    if total > 200_000:
        raise InputError(f"{total:,} searches: at most 200,000 in one run", field="queries")
    kind = parameters.get("kind") or "road"
    grid_only = [name for name in parameters["search"] if name in GRID_ONLY]
    if kind == "road" and grid_only:
        raise InputError(
            f"{grid_only[0]} searches grid maps only: a kind of rooms or maze, not road",
            field="kind",
        )
    return {
        "nodes": sorted(parameters["nodes"]),
        "queries": parameters["queries"],
        "search": list(dict.fromkeys(parameters["search"])),
        "landmarks": parameters["landmarks"],
        "engine": parameters["engine"],
        "kind": kind,
        "seed": parameters["seed"],
    }


def specs(parameters: Parameters) -> list[dict[str, Any]]:
    """One trial per query and search: the graph of n nodes is ``road_graph(n, seed)``
    and its query i joins two nodes drawn with a seed made from ``seed``, n and i alone.
    Dijkstra answers every query, so that every search's cost is checked against it."""
    seed = parameters["seed"]
    kind = parameters.get("kind", "road")
    out = []
    for n in parameters["nodes"]:
        graph, cells = graph_spec(kind, n, seed)
        for index in range(parameters["queries"]):
            rng = random.Random(trial_seed(seed, n, index))
            source: int | str
            target: int | str
            if cells is None:
                source, target = rng.randrange(n), rng.randrange(n)
            else:
                source, target = rng.choice(cells), rng.choice(cells)
            for search in ("dijkstra", *parameters["search"]):
                out.append(
                    {
                        "experiment": NAME,
                        "nodes": n,
                        "index": index,
                        "seed": seed,
                        "source": source,
                        "target": target,
                        "search": search,
                        "landmarks": parameters["landmarks"],
                        "engine": parameters["engine"],
                        **({} if kind == "road" else {"graph": graph}),
                    }
                )
    return list({_key(spec): spec for spec in out}.values())


def graph_spec(kind: str, n: int, seed: int) -> tuple[str, list[str] | None]:
    """The graph of ``n`` nodes as the route domain names it, and for a grid map its
    free cells (queries join two of them): rooms of 8 on a side of √n, or a maze of
    (√n − 1) / 2 rooms a side."""
    if kind == "road":
        return f"road:{n}:{seed}", None
    from searchlab.domains.routes.library import load_graph

    side = max(3, math.isqrt(n))
    spec = (
        f"rooms:{side}:{side}:{seed}"
        if kind == "rooms"
        else f"maze:{max(1, (side - 1) // 2)}:{max(1, (side - 1) // 2)}:{seed}"
    )
    graph, _ = load_graph(spec)
    grid: Any = graph.grid
    ys, xs = grid.passable.nonzero()
    return spec, [f"{x},{y}" for x, y in zip(xs.tolist(), ys.tolist(), strict=True)]


def _key(spec: dict[str, Any]) -> tuple[Any, ...]:
    return (spec["nodes"], spec["index"], spec["search"])


RESULT = {
    "status": "text",
    "cost": "number?",
    "expanded": "count",
    "seconds": "number",
    "engine": "text",
}
"""A trial's result fields and their kinds: what a resumed trial file must hold."""


def trial(spec: dict[str, Any]) -> dict[str, Any]:
    """One query by one search (runs in a worker; graphs and landmarks are cached). The
    bidirectional searches run on Python over the arrays whatever the engine: the row's
    ``engine`` says so."""
    from searchlab.domains.routes.domain import COMPILED, JUMP, ROUTE

    algorithm, heuristic = SEARCHES[spec["search"]]
    graph = spec.get("graph")
    if graph is not None and heuristic == "straight-line":
        heuristic = "octile"  # a grid's own estimate, exact where no wall is in the way
    engine = spec["engine"] if algorithm in (*COMPILED, JUMP) else "generic"
    request = ROUTE.request(
        f"{graph}:{spec['source']}"
        if graph
        else f"road:{spec['nodes']}:{spec['seed']}:{spec['source']}",
        goal=str(spec["target"]),
        algorithm=algorithm,
        heuristic=heuristic,
        params={"landmarks": spec["landmarks"]},
        engine=engine,
    )
    ROUTE.prepare(request)
    result = ROUTE.search(request)
    return {
        "status": str(result.status),
        "cost": result.cost,
        "expanded": result.stats.expanded,
        "seconds": result.stats.seconds,
        "engine": request.engine,
    }


def summarize(
    parameters: Parameters, trial_specs: list[dict[str, Any]], results: list[dict[str, Any]]
) -> Report:
    """One row per (graph size, search): mean nodes expanded and milliseconds per query,
    and how many of its costs equal Dijkstra's."""
    truth: dict[tuple[int, int], float | None] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        if spec["search"] == "dijkstra":
            truth[(spec["nodes"], spec["index"])] = result["cost"]
    groups: dict[tuple[int, str], list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for spec, result in zip(trial_specs, results, strict=True):
        groups.setdefault((spec["nodes"], spec["search"]), []).append((spec, result))
    rows = []
    for (n, search), group in groups.items():
        if search not in parameters["search"]:
            continue
        agree = 0
        for spec, result in group:
            expected = truth[(n, spec["index"])]
            cost = result["cost"]
            if (cost is None and expected is None) or (
                cost is not None
                and expected is not None
                and abs(cost - expected) <= 1e-9 * max(1.0, expected)
            ):
                agree += 1
        rows.append(
            {
                "nodes": n,
                "search": search,
                "engine": group[0][1]["engine"],
                "queries": len(group),
                "mean_expanded": mean([r["expanded"] for _, r in group]),
                "ms_per_query": 1000 * (mean([r["seconds"] for _, r in group]) or 0.0),
                "agree": agree,
            }
        )
    return Report(NAME, parameters, rows)


def draw(report: Report) -> Figure:
    """Nodes expanded and time per query against graph size, log-log, a line a search."""
    from searchlab.experiments.plotting import figure, finish, lines, titled

    chart, (left, right) = figure(10.0, 4.2, columns=2)
    for axes, key, label in (
        (left, "mean_expanded", "nodes expanded (mean)"),
        (right, "ms_per_query", "ms per query (mean)"),
    ):
        lines(axes, report.rows, "nodes", key, lambda row: row["search"])
        finish(
            axes,
            xscale="log",
            yscale="log",
            xlabel="graph size (nodes)",
            ylabel=label,
            grid="both",
            legend=axes is left,
        )
    return titled(chart, "Road-like graphs: {queries} random queries per size", report)


EXPERIMENT = Experiment.of_module(
    __name__,
    title="Routes on road-like graphs ({queries} queries per size, {engine}, seed {seed})",
    examples=(
        "--nodes 1000,10000,100000 --queries 20 --plot routes.svg",
        "--search astar,alt --nodes 10000..10010 --queries 5",
        "--kind rooms --search astar,jps --nodes 10000,250000 --queries 20",
    ),
    domain="route",
    options=(NODES, QUERIES, SEARCH, LANDMARKS, ENGINE, KIND),
    headers={"ms_per_query": "ms/query"},
    formats={"ms_per_query": fixed(3), "mean_expanded": fixed(0)},
    chunk=16,
    unit="queries",
    order=60,
)
"""The registered descriptor (``pyproject.toml``'s ``searchlab.experiments`` group)."""
