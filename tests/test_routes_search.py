"""Route finding, part two: bidirectional Dijkstra and A*, ALT and the compiled kernel
against a Dijkstra written here, on thousands of random queries over small random
graphs (a wrong stopping rule returns a slightly longer path); Romania through the
domain on every engine; and a Moving AI scenario file reproduced to its precision."""

from __future__ import annotations

import heapq
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_routes_graph import brute_force_grid

from searchlab.algorithms.best_first import astar
from searchlab.domains.routes import kernel
from searchlab.domains.routes import landmarks as lm
from searchlab.domains.routes.bidirectional import bidirectional
from searchlab.domains.routes.domain import ROUTE, kernel_arguments
from searchlab.domains.routes.graph import Graph, from_arcs
from searchlab.domains.routes.grid import parse_scen
from searchlab.domains.routes.problem import NamedRoute, RouteProblem, build_estimate
from searchlab.domains.routes.scenarios import run_scenarios

DATA = Path(__file__).parent / "data" / "routes"
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dijkstra(n: int, arcs: list[tuple[int, int, float]], source: int) -> list[float]:
    """Every cheapest cost from ``source``, over a plain list of arcs (the oracle)."""
    out: dict[int, list[tuple[int, float]]] = {u: [] for u in range(n)}
    for u, v, w in arcs:
        out[u].append((v, w))
    best = [math.inf] * n
    best[source] = 0.0
    heap = [(0.0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > best[u]:
            continue
        for v, w in out[u]:
            if d + w < best[v]:
                best[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return best


@st.composite
def graphs(draw: st.DrawFn) -> tuple[Graph, list[tuple[int, int, float]]]:
    """A random graph of 2 to 10 nodes on random points: directed or not, some arcs of
    weight 0, some weights far above the straight line and some as short as it allows
    (so the scaled straight line is tight somewhere), parallel arcs and self-loops."""
    n = draw(st.integers(2, 10))
    directed = draw(st.booleans())
    coords = [(draw(st.integers(0, 20)), draw(st.integers(0, 20))) for _ in range(n)]
    arcs: list[tuple[int, int, float]] = []
    for _ in range(draw(st.integers(0, 3 * n))):
        u, v = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        w = float(draw(st.sampled_from([0, 1, 2, 3, 5, 8, 13, 21, 34])))
        arcs.append((u, v, w))
    graph = from_arcs(
        n,
        [u for u, _, _ in arcs],
        [v for _, v, _ in arcs],
        [w for _, _, w in arcs],
        directed=directed,
        coords=coords,
        kind="plane",
    )
    every = arcs if directed else arcs + [(v, u, w) for u, v, w in arcs]
    return graph, every


def same(a: float | None, b: float) -> bool:
    if a is None:
        return math.isinf(b)
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


@SETTINGS
@given(graphs())
def test_bidirectional_searches_equal_dijkstra(
    case: tuple[Graph, list[tuple[int, int, float]]],
) -> None:
    """Every pair of nodes: bidirectional Dijkstra, and bidirectional A* with straight
    lines and with landmarks, find Dijkstra's cost (or none when it finds none), and the
    path they return costs what they say."""
    graph, arcs = case
    marks = lm.build(graph, 3, "farthest", seed=1)
    for s in range(graph.n):
        truth = dijkstra(graph.n, arcs, s)
        for t in range(graph.n):
            problem = RouteProblem(graph, s, t)
            found = bidirectional(problem)
            assert same(found.cost, truth[t]), ("dijkstra", s, t, found.cost, truth[t])
            for name in ("straight-line", "landmarks"):
                h = build_estimate(name, graph, t, marks)
                found = bidirectional(problem, h, h.toward(s))
                assert same(found.cost, truth[t]), (name, s, t, found.cost, truth[t])
                if found.path:
                    assert found.path[0] == s and found.path[-1] == t
                    assert math.isclose(graph.cost_of(found.path), truth[t], abs_tol=1e-9)


@SETTINGS
@given(graphs(), st.sampled_from(["farthest", "random"]), st.integers(1, 4))
def test_alt_and_the_kernel_equal_dijkstra(
    case: tuple[Graph, list[tuple[int, int, float]]], selection: str, count: int
) -> None:
    """Every pair: the generic A* with landmarks, and the compiled kernel with no
    estimate (Dijkstra), straight lines, Manhattan scaled, and landmarks, find
    Dijkstra's cost; the kernel's path costs what it says."""
    graph, arcs = case
    marks = lm.build(graph, count, selection, seed=2)
    space = kernel.Workspace(graph.n)
    arrays = (graph.indptr, graph.indices, graph.weights)
    for s in range(graph.n):
        truth = dijkstra(graph.n, arcs, s)
        for t in range(graph.n):
            h = build_estimate("landmarks", graph, t, marks)
            assert same(astar(RouteProblem(graph, s, t), h).cost, truth[t])
            route = NamedRoute(graph, s, t)
            route.landmarks = marks
            for name in (None, "straight-line", "manhattan", "landmarks"):
                outcome = kernel.search(arrays, space, s, t, **kernel_arguments(name, route))
                cost = float(space.dist[t]) if outcome == "found" else None
                assert same(cost, truth[t]), (name, s, t, cost, truth[t])
                if cost is not None:
                    assert math.isclose(graph.cost_of(space.path_to(t)), cost, abs_tol=1e-9)


@SETTINGS
@given(graphs())
def test_landmark_tables_are_dijkstra_distances(
    case: tuple[Graph, list[tuple[int, int, float]]],
) -> None:
    graph, arcs = case
    marks = lm.build(graph, 2, "random", seed=3)
    reverse = [(v, u, w) for u, v, w in arcs]
    for k, node in enumerate(marks.nodes.tolist()):
        assert np.allclose(marks.from_[k], dijkstra(graph.n, arcs, node))
        assert np.allclose(marks.to[k], dijkstra(graph.n, reverse, node))


def test_the_kernel_stops_at_its_limit_and_goes_on_in_slices() -> None:
    from searchlab.domains.routes.generate import road_graph

    graph = road_graph(2500, seed=4)
    space = kernel.Workspace(graph.n)
    arrays = (graph.indptr, graph.indices, graph.weights)
    assert kernel.search(arrays, space, 0, graph.n - 1, max_expanded=10) == "max_expanded"
    assert space.expanded == 10
    saved = kernel.SLICE
    try:
        kernel.SLICE = 7  # many slices: the heap and the counts survive between them
        assert kernel.search(arrays, space, 0, graph.n - 1) == "found"
        sliced = (float(space.dist[graph.n - 1]), space.expanded)
    finally:
        kernel.SLICE = saved
    assert kernel.search(arrays, space, 0, graph.n - 1) == "found"
    assert sliced == (float(space.dist[graph.n - 1]), space.expanded)


def test_landmarks_are_saved_and_reused(tmp_path: Path) -> None:
    from searchlab.core.errors import InputError
    from searchlab.domains.routes.generate import road_graph

    graph = road_graph(300, seed=1)
    built = lm.build(graph, 4, "farthest", seed=0)
    lm.save(built, tmp_path / "marks.npz")
    again = lm.load(tmp_path / "marks.npz", graph)
    assert np.array_equal(again.nodes, built.nodes) and np.array_equal(again.from_, built.from_)
    with pytest.raises(InputError, match="another graph"):
        lm.load(tmp_path / "marks.npz", road_graph(300, seed=2))
    (tmp_path / "junk.npz").write_bytes(b"not an archive")
    with pytest.raises(InputError, match="not a landmarks file"):
        lm.load(tmp_path / "junk.npz", graph)


# -- Romania through the domain, every engine -------------------------------------------
@pytest.mark.parametrize(
    ("algorithm", "heuristic", "engine", "expanded"),
    [
        ("astar", None, "generic", 5),
        ("astar", None, "compiled", 5),
        ("uniform-cost", None, "generic", 12),
        ("uniform-cost", None, "compiled", 12),
        ("astar", "landmarks", "compiled", None),
        ("astar", "landmarks", "generic", None),
        ("bidirectional", None, "generic", None),
        ("bidirectional-astar", None, "generic", None),
        ("bidirectional-astar", "landmarks", "generic", None),
        ("ch", None, "generic", None),
    ],
)
def test_romania_costs_418_on_every_engine(
    algorithm: str, heuristic: str | None, engine: str, expanded: int | None
) -> None:
    request = ROUTE.request(
        "Arad", goal="Bucharest", algorithm=algorithm, heuristic=heuristic, engine=engine
    )
    result = ROUTE.search(request)
    assert result.solved and result.optimal and result.cost == 418
    assert [str(state) for state in result.path] == [
        "Arad",
        "Sibiu",
        "Rimnicu Vilcea",
        "Pitesti",
        "Bucharest",
    ]
    if expanded is not None:
        assert result.stats.expanded == expanded
    document = ROUTE.document(request, result)
    assert document["path"][0] == "Arad" and document["run"]["start"] == "romania:Arad"


def test_the_compiled_kernel_expands_what_the_generic_engine_does() -> None:
    """Same ties (lower h first), same expansions, same cost, on a generated graph."""
    for heuristic in ("straight-line", "landmarks"):
        runs = [
            ROUTE.search(ROUTE.request("road:3000:2:0", goal="2999", heuristic=heuristic, engine=e))
            for e in ("generic", "compiled")
        ]
        assert runs[0].cost == runs[1].cost
        assert runs[0].stats.expanded == runs[1].stats.expanded


# -- a Moving AI scenario file ---------------------------------------------------------
def test_the_fixtures_lengths_are_the_brute_forces() -> None:
    """The fixture's optimal lengths, checked by the brute force written in the tests
    (Dijkstra over the cells from the format's rules), not by searchlab's code."""
    rows = (DATA / "tiny.map").read_text().splitlines()[4:]
    for scenario in parse_scen((DATA / "tiny.map.scen").read_text()):
        truth = brute_force_grid(rows, scenario.start, 8)[scenario.goal]
        assert abs(truth - scenario.optimal) <= 1e-8


@pytest.mark.parametrize("engine", ["compiled", "generic"])
def test_a_scenario_file_is_reproduced_to_its_precision(engine: str) -> None:
    _, outcomes, _ = run_scenarios(DATA / "tiny.map.scen", engine=engine)
    assert len(outcomes) == 24
    assert all(outcome.agrees for outcome in outcomes), [
        o.to_dict() for o in outcomes if not o.agrees
    ]


def test_great_circles_on_longitude_and_latitude_equal_dijkstra() -> None:
    """A random graph around New York in degrees, weights in metres at least the great
    circle (kernel and engine), and an estimate that stays admissible when some roads
    are shorter than the great circle between their ends (the scale finds it)."""
    import random as stdlib_random

    from searchlab.domains.routes.graph import distance

    rng = stdlib_random.Random(7)
    n = 40
    coords = np.array([(-74 + rng.random() * 0.3, 40.6 + rng.random() * 0.3) for _ in range(n)])
    arcs = [(rng.randrange(n), rng.randrange(n)) for _ in range(120)]
    lengths = distance("geographic", coords[[a for a, _ in arcs]], coords[[b for _, b in arcs]])
    for shrink in (1.0, 0.5):  # 0.5: roads shorter than the great circle
        weights = [float(w) * shrink * (1 + rng.random()) for w in lengths]
        graph = from_arcs(
            n,
            [a for a, _ in arcs],
            [b for _, b in arcs],
            weights,
            directed=True,
            coords=coords,
            kind="geographic",
        )
        every = [(a, b, w) for (a, b), w in zip(arcs, weights, strict=True)]
        space = kernel.Workspace(n)
        arrays = (graph.indptr, graph.indices, graph.weights)
        for s in range(0, n, 3):
            truth = dijkstra(n, every, s)
            for t in range(n):
                h = build_estimate("great-circle", graph, t)
                assert same(astar(RouteProblem(graph, s, t), h).cost, truth[t])
                found = kernel.search(
                    arrays, space, s, t, mode="great-circle", xy=graph.coords, scale=h.scale
                )
                assert same(float(space.dist[t]) if found == "found" else None, truth[t])
