"""Contraction hierarchies on a generated road-like graph (issue 30): preprocessing
time, query time against the compiled Dijkstra and ALT on the same random queries
(every cost checked against Dijkstra's), and a distance table against SciPy's
multi-source ``csgraph.dijkstra``, all from the same run.

The default size keeps the workload to a couple of minutes on a shared machine; the
issue's million-node graph is ``SEARCHLAB_BENCH_CH_NODES=1000000`` (long: see the
report's preprocessing row).
"""

from __future__ import annotations

import os
import random
import statistics

import numpy as np

from benchmarks.harness import Section, clock, ratio, seconds, verdict


def ch_sections(quick: bool, runs: int) -> list[Section]:
    from searchlab.domains.routes import ch, kernel
    from searchlab.domains.routes import landmarks as lm
    from searchlab.domains.routes.generate import road_graph

    n = int(os.environ.get("SEARCHLAB_BENCH_CH_NODES") or (5_000 if quick else 20_000))
    queries = 100 if quick else 1_000
    graph = road_graph(n, 1)
    arrays = (graph.indptr, graph.indices, graph.weights)
    space = kernel.Workspace(graph.n)
    kernel.search(arrays, space, 0, 1)  # numba's cache loaded before any clock
    ch.build(road_graph(50, 1))
    began = clock()
    hierarchy = ch.build(graph)
    built = clock() - began
    marks = lm.build(graph, 16, "farthest", seed=0)
    rng = random.Random(2026)
    pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(queries)]
    workspace = ch.Workspace(graph.n)
    times: dict[str, list[float]] = {"dijkstra": [], "alt": [], "ch": []}
    settled: dict[str, list[int]] = {"dijkstra": [], "alt": [], "ch": []}
    wrong = 0
    for s, t in pairs:
        started = clock()
        kernel.search(arrays, space, s, t)
        times["dijkstra"].append(clock() - started)
        settled["dijkstra"].append(space.expanded)
        truth = float(space.dist[t])
        started = clock()
        kernel.search(arrays, space, s, t, mode="landmarks", lm_from=marks.from_, lm_to=marks.to)
        times["alt"].append(clock() - started)
        settled["alt"].append(space.expanded)
        started = clock()
        cost, path = ch.query(hierarchy, workspace, s, t)
        times["ch"].append(clock() - started)
        settled["ch"].append(workspace.settled)
        if cost != truth or graph.cost_of(path) != truth:
            wrong += 1
    table = Section(
        f"Routes: contraction hierarchy on the {n:,}-node road graph",
        ["search", "queries", "median per query", "median nodes reached", "vs ALT"],
    )
    table.notes.append(
        f"Preprocessing {seconds(built)} CPU ({hierarchy.shortcuts:,} shortcuts on "
        f"{graph.arcs:,} arcs; hierarchy {hierarchy.nbytes / 1e6:.0f} MB). {queries:,} "
        "random pairs (seed 2026), each answered by the compiled Dijkstra, ALT (16 farthest "
        "landmarks) and the hierarchy (two upward searches and the path unpacked); "
        f"{queries - wrong:,} of the hierarchy's costs and paths equal Dijkstra's."
    )
    alt = statistics.median(times["alt"])
    for name, label in (("dijkstra", "compiled Dijkstra"), ("alt", "compiled ALT"), ("ch", "CH")):
        median = statistics.median(times[name])
        table.add(
            label,
            f"{queries:,}",
            seconds(median),
            f"{statistics.median(settled[name]):,.0f}",
            ratio(alt, median),
        )
    sections = [table]
    ch_median = statistics.median(times["ch"])
    verdict("every CH query equals Dijkstra's cost", f"{queries - wrong}/{queries}", wrong == 0)
    verdict(
        f"CH query at least 10× ALT's (median, {n:,} nodes)",
        f"{alt / ch_median:.1f}×",
        alt >= 10 * ch_median,
    )
    if n >= 1_000_000:
        verdict("CH preprocessing ≤ 120 s on the 1M graph", seconds(built), built <= 120)
        verdict("CH query ≤ 1 ms median on the 1M graph", seconds(ch_median), ch_median <= 1e-3)
    sections.append(_table_section(graph, hierarchy, quick))
    return sections


def _table_section(graph: object, hierarchy: object, quick: bool) -> Section:
    """A many-to-many table by buckets against SciPy's Dijkstra from each source."""
    from searchlab.domains.routes import ch

    size = 20 if quick else 100
    rng = random.Random(7)
    n = hierarchy.n  # type: ignore[attr-defined]
    sources = [rng.randrange(n) for _ in range(size)]
    targets = [rng.randrange(n) for _ in range(size)]
    began = clock()
    ours = ch.distance_table(hierarchy, sources, targets)  # type: ignore[arg-type]
    mine = clock() - began
    section = Section(f"Routes: a {size}×{size} distance table", ["method", "CPU", "vs SciPy"])
    try:
        from scipy import sparse
        from scipy.sparse import csgraph
    except ImportError:
        section.notes.append("SciPy is not installed: its row is skipped.")
        section.add("CH buckets", seconds(mine), "–")
        return section
    matrix = sparse.csr_matrix(
        (graph.weights, graph.indices, graph.indptr),  # type: ignore[attr-defined]
        shape=(n, n),
    )
    began = clock()
    theirs = csgraph.dijkstra(matrix, directed=True, indices=sources)[:, targets]
    spent = clock() - began
    assert np.allclose(ours, theirs), "the distance table differs from SciPy's"
    section.add("CH buckets", seconds(mine), ratio(spent, mine))
    section.add("SciPy csgraph.dijkstra, one row a source", seconds(spent), "1.00×")
    section.notes.append("Every entry checked against SciPy's.")
    return section
