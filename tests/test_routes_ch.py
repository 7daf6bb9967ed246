"""Contraction hierarchies: every query's cost equals Dijkstra's (the compiled kernel,
an independent search over the original arcs), the unpacked path is made of the
graph's arcs and costs that much, distance tables agree entry by entry, and a saved
hierarchy is read back only for its own graph."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import RunCli
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.core.errors import InputError
from searchlab.domains.routes import ch, kernel
from searchlab.domains.routes.generate import road_graph
from searchlab.domains.routes.graph import Graph, from_arcs


def _random_graph(n: int, arcs: int, seed: int, *, directed: bool) -> Graph:
    rng = np.random.default_rng(seed)
    tails = rng.integers(0, n, arcs)
    heads = rng.integers(0, n, arcs)
    weights = rng.integers(0, 20, arcs).astype(float)  # zeros, ties and parallel arcs
    return from_arcs(n, tails, heads, weights, directed=directed)


def _check_all_pairs(graph: Graph, hierarchy: ch.Hierarchy) -> None:
    arrays = (graph.indptr, graph.indices, graph.weights)
    space = ch.Workspace(graph.n)
    for s in range(graph.n):
        truth = kernel.distances_from(arrays, s)
        for t in range(graph.n):
            cost, path = ch.query(hierarchy, space, s, t)
            assert cost == truth[t], (s, t)
            if np.isinf(truth[t]):
                assert path == []
            else:
                assert path[0] == s and path[-1] == t
                assert graph.cost_of(path) == cost  # raises on a step that is no arc


GRAPHS = [
    ("directed, sparse", 40, 90, True),
    ("directed, dense", 30, 200, True),
    ("undirected", 40, 70, False),
]


@pytest.mark.parametrize(("name", "n", "arcs", "directed"), GRAPHS, ids=[g[0] for g in GRAPHS])
def test_every_query_costs_what_dijkstra_finds_and_its_path_is_the_graphs(
    name: str, n: int, arcs: int, directed: bool
) -> None:
    for seed in range(3):
        graph = _random_graph(n, arcs, seed, directed=directed)
        _check_all_pairs(graph, ch.build(graph))


def test_a_witness_search_cut_short_only_adds_shortcuts_never_a_wrong_cost() -> None:
    graph = road_graph(80, 3)
    _check_all_pairs(graph, ch.build(graph, witness_limit=1))


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(0, 9)),
                max_size=30,
            ),
            st.booleans(),
        )
    )
)
def test_any_small_graph(case: tuple[int, list[tuple[int, int, int]], bool]) -> None:
    n, arcs, directed = case
    table = np.asarray(arcs, dtype=float).reshape(-1, 3)
    graph = from_arcs(n, table[:, 0], table[:, 1], table[:, 2], directed=directed)
    _check_all_pairs(graph, ch.build(graph))


def test_a_distance_table_is_dijkstras_row_by_row() -> None:
    graph = _random_graph(60, 150, 7, directed=True)
    hierarchy = ch.build(graph)
    sources, targets = [0, 5, 17, 59, 5], [3, 0, 44, 12]
    table = ch.distance_table(hierarchy, sources, targets)
    arrays = (graph.indptr, graph.indices, graph.weights)
    for i, s in enumerate(sources):
        assert table[i].tolist() == kernel.distances_from(arrays, s)[targets].tolist()
    assert ch.distance_table(hierarchy, [], targets).shape == (0, 4)


def test_a_saved_hierarchy_is_read_back_for_its_graph_only(tmp_path: Path) -> None:
    graph = road_graph(300, 1)
    built = ch.build(graph)
    path = tmp_path / "road.ch.npz"
    ch.save(built, path)
    loaded = ch.load(path, graph)
    for name in ch.FIELDS:
        assert np.array_equal(getattr(loaded, name), getattr(built, name)), name
    with pytest.raises(InputError, match="another graph"):
        ch.load(path, road_graph(300, 2))
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    with pytest.raises(InputError, match="not a contraction hierarchy"):
        ch.load(tmp_path / "bad.npz", graph)


def test_the_cache_builds_once_and_reuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    graph = road_graph(200, 4)
    first = ch.cached(graph)
    assert ch.cache_path(graph).exists()
    again = ch.cached(graph)
    assert again is not first and np.array_equal(again.up_head, first.up_head)


def test_route_solve_by_ch_finds_dijkstras_cost(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    costs = {}
    for algorithm in ("uniform-cost", "ch"):
        run = run_cli("route", "solve", "road:3000:2:7", "-g", "2900", "-a", algorithm, "--json")
        assert run.code == 0, run.stderr
        document = json.loads(run.stdout)
        costs[algorithm] = document["cost"]
        assert document["path"][0] == "7" and document["path"][-1] == "2900"
    assert costs["ch"] == costs["uniform-cost"]
    assert list((tmp_path / "ch").glob("*.npz"))  # saved for the next query
