"""Route finding, part one: the array graph, AIMA's Romania, the file readers, the
road-like generator and Moving AI grid maps, each against facts written here (the
book's figures, hand-made files, a brute force over the grid)."""

from __future__ import annotations

import math
import random
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from searchlab.algorithms.best_first import astar, uniform_cost
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Solution
from searchlab.domains.routes.generate import road_graph
from searchlab.domains.routes.graph import Graph, from_arcs
from searchlab.domains.routes.grid import GridMap, maze, parse_map, parse_scen, rooms
from searchlab.domains.routes.problem import RouteProblem, build_estimate
from searchlab.domains.routes.readers import (
    read_csv,
    read_dimacs,
    read_graphml,
    read_npz,
    write_dimacs,
    write_npz,
)
from searchlab.domains.routes.romania import ROADS, STRAIGHT_LINE_TO_BUCHAREST, romania


def selections(graph: Graph, events: list[object]) -> list[str]:
    """The towns in the order the search took them from the frontier: every expansion,
    then the goal (taken, found a goal, not expanded)."""
    taken = [graph.name(e.state) for e in events if isinstance(e, Expand)]  # type: ignore[arg-type]
    goal = [e.path[-1] for e in events if isinstance(e, Solution)]
    return [*taken, graph.name(goal[0])]  # type: ignore[arg-type]


# -- Romania ------------------------------------------------------------------------------
def test_romania_is_the_books_map() -> None:
    graph = romania()
    assert graph.n == 20 and graph.edges == 23 and not graph.directed
    assert float(graph.weights.sum()) == 2 * sum(km for _, _, km in ROADS)
    assert dict(graph.neighbours(graph.node("Arad"))) == {
        graph.node("Zerind"): 75.0,
        graph.node("Sibiu"): 140.0,
        graph.node("Timisoara"): 118.0,
    }
    assert graph.node("rimnicu vilcea") == graph.node("Rimnicu Vilcea")


def test_astar_on_romania_expands_the_books_order() -> None:
    """AIMA Figure 3.24 (3rd ed.; 3.18 in the 4th): A* with the straight-line table takes
    Arad, Sibiu, Rimnicu Vilcea, Fagaras, Pitesti, then Bucharest at f = 418."""
    graph = romania()
    problem = RouteProblem(graph, graph.node("Arad"), graph.node("Bucharest"))
    h = build_estimate("straight-line", graph, problem.target)
    assert h(graph.node("Arad")) == 366 and h(graph.node("Sibiu")) == 253
    events: list[object] = []
    result = astar(problem, h, observer=events.append)
    assert result.cost == 418
    assert [graph.name(v) for v in result.path] == [
        "Arad",
        "Sibiu",
        "Rimnicu Vilcea",
        "Pitesti",
        "Bucharest",
    ]
    assert selections(graph, events) == [
        "Arad",
        "Sibiu",
        "Rimnicu Vilcea",
        "Fagaras",
        "Pitesti",
        "Bucharest",
    ]
    f_values = [e.f for e in events if isinstance(e, Expand)]
    assert f_values == [366, 393, 413, 415, 417]  # the figure's f = g + h


def test_uniform_cost_on_romania_takes_towns_by_road_distance() -> None:
    """Uniform-cost from Arad takes the towns in order of their road distance from
    Arad (worked out by hand from Figure 3.2) and reaches Bucharest at 418 by Pitesti,
    not at 450 by Fagaras; from Sibiu it takes Rimnicu Vilcea (80), Fagaras (99),
    ..., Pitesti (177) and finds Bucharest at 278 (Figure 3.15's example)."""
    graph = romania()
    events: list[object] = []
    result = uniform_cost(
        RouteProblem(graph, graph.node("Arad"), graph.node("Bucharest")), observer=events.append
    )
    assert result.cost == 418
    assert selections(graph, events) == [
        "Arad",
        "Zerind",
        "Timisoara",
        "Sibiu",
        "Oradea",
        "Rimnicu Vilcea",
        "Lugoj",
        "Fagaras",
        "Mehadia",
        "Pitesti",
        "Craiova",
        "Drobeta",
        "Bucharest",
    ]
    events = []
    result = uniform_cost(
        RouteProblem(graph, graph.node("Sibiu"), graph.node("Bucharest")), observer=events.append
    )
    assert result.cost == 278
    taken = selections(graph, events)
    assert taken[:3] == ["Sibiu", "Rimnicu Vilcea", "Fagaras"]
    assert taken.index("Pitesti") < taken.index("Bucharest") == len(taken) - 1


def test_the_straight_line_table_is_consistent_on_the_roads() -> None:
    """The book's table never drops by more than a road's length: A* with it never
    re-opens a town, so the order above is A*'s order, not an accident."""
    for a, b, km in ROADS:
        assert abs(STRAIGHT_LINE_TO_BUCHAREST[a] - STRAIGHT_LINE_TO_BUCHAREST[b]) <= km


def test_straight_lines_to_other_towns_never_overestimate() -> None:
    graph = romania()
    target = graph.node("Iasi")
    h = build_estimate("straight-line", graph, target)
    result = uniform_cost(RouteProblem(graph, graph.node("Timisoara"), target))
    for v in range(graph.n):
        exact = uniform_cost(RouteProblem(graph, v, target)).cost
        assert exact is not None and h(v) <= exact + 1e-9
    assert result.cost == 118 + 418 + 85 + 142 + 92  # by Arad, then Bucharest's 418


# -- readers ------------------------------------------------------------------------------
DIMACS = """c a small graph
p sp 4 5
a 1 2 7
a 2 3 1
a 1 3 9
a 3 4 2
a 4 1 3
"""


def test_dimacs_reads_a_directed_graph(tmp_path: Path) -> None:
    path = tmp_path / "small.gr"
    path.write_text(DIMACS)
    (tmp_path / "small.co").write_text(
        "p aux sp co 4\nv 1 -73000000 40000000\n"
        "v 2 -73100000 40000000\nv 3 -73000000 40100000\n"
        "v 4 -73100000 40100000\n"
    )
    graph = read_dimacs(path)
    assert graph.directed and graph.n == 4 and graph.arcs == 5 and graph.first_id == 1
    assert graph.neighbours(0) == [(1, 7.0), (2, 9.0)]
    assert graph.node("4") == 3 and graph.name(3) == "4"
    assert graph.kind == "geographic" and graph.coords is not None
    assert graph.coords[0].tolist() == [-73.0, 40.0]
    assert graph.reverse().neighbours(0) == [(3, 3.0)]


@pytest.mark.parametrize(
    ("arcs", "directed"),
    [
        ("a 1 2 5\na 2 1 5\na 2 3 4\na 3 2 4\n", False),  # every arc and its twin
        ("a 1 2 5\na 2 1 6\na 2 3 4\na 3 2 4\n", True),  # a twin of another cost
        ("a 1 2 5\na 2 3 4\na 3 2 4\na 1 2 5\n", True),  # the same arc twice
    ],
)
def test_dimacs_with_every_arc_twinned_is_undirected(
    tmp_path: Path, arcs: str, directed: bool
) -> None:
    path = tmp_path / "twins.gr"
    path.write_text("p sp 3 4\n" + arcs)
    graph = read_dimacs(path)
    assert graph.directed is directed and graph.arcs == 4
    from searchlab.domains.routes import landmarks as lm

    built = lm.build(graph, 2)
    assert (built.to is built.from_) is not directed  # one table per landmark when undirected


def test_dimacs_comments_between_arcs_take_the_careful_path(tmp_path: Path) -> None:
    path = tmp_path / "g.gr"
    path.write_text(DIMACS.replace("a 3 4 2\n", "c a comment\na 3 4 2\n"))
    assert read_dimacs(path).arcs == 5


@pytest.mark.parametrize(
    ("replace", "says"),
    [
        (
            "a 2 3 1\n",
            "a 2 3 x\n",
        ),
        ("a 2 3 1\n", "a 2 3 -1\n"),
        ("a 2 3 1\n", "a 2 3 nan\n"),
        ("a 2 3 1\n", "a 2 9 1\n"),
        ("a 2 3 1\n", "a 2 3\n"),
    ],
)
def test_dimacs_names_the_bad_line(tmp_path: Path, replace: str, says: str) -> None:
    path = tmp_path / "bad.gr"
    path.write_text(DIMACS.replace(replace, says))
    with pytest.raises(InputError, match=r"line 4\b"):
        read_dimacs(path)


def test_dimacs_round_trip_of_a_generated_graph(tmp_path: Path) -> None:
    graph = road_graph(500, seed=3)
    written = write_dimacs(graph, tmp_path / "road.gr")
    assert [p.suffix for p in written] == [".gr", ".co"]
    again = read_dimacs(tmp_path / "road.gr")
    assert again.kind == "plane" and again.coords is not None and graph.coords is not None
    assert np.allclose(again.coords, graph.coords)
    assert np.array_equal(again.indptr, graph.indptr)
    assert np.array_equal(again.indices, graph.indices)
    assert np.array_equal(again.weights, graph.weights)


def test_npz_round_trip(tmp_path: Path) -> None:
    graph = romania()
    write_npz(graph, tmp_path / "r.npz")
    again = read_npz(tmp_path / "r.npz")
    assert again.names == graph.names and again.fingerprint() == graph.fingerprint()


def test_csv_with_header_and_coordinates(tmp_path: Path) -> None:
    (tmp_path / "roads.csv").write_text("from,to,km\nA,B,5\nB,C,2.5\n# note\nA,C,9\n")
    (tmp_path / "roads.coords.csv").write_text("node,x,y\nA,0,0\nB,3,4\nC,5,4\n")
    graph = read_csv(tmp_path / "roads.csv")
    assert graph.names == ("A", "B", "C") and graph.edges == 3 and not graph.directed
    assert graph.coords is not None and graph.coords[1].tolist() == [3.0, 4.0]
    result = uniform_cost(RouteProblem(graph, graph.node("A"), graph.node("C")))
    assert result.cost == 7.5


def test_csv_refuses_a_negative_weight_by_line(tmp_path: Path) -> None:
    (tmp_path / "bad.csv").write_text("A,B,1\nB,C,-2\n")
    with pytest.raises(InputError, match="line 2"):
        read_csv(tmp_path / "bad.csv")


GRAPHML = """<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="node" attr.name="x" attr.type="double"/>
  <key id="d1" for="node" attr.name="y" attr.type="double"/>
  <key id="d2" for="edge" attr.name="weight" attr.type="double"/>
  <graph id="G" edgedefault="undirected">
    <node id="a"><data key="d0">0</data><data key="d1">0</data></node>
    <node id="b"><data key="d0">1</data><data key="d1">0</data></node>
    <node id="c"><data key="d0">1</data><data key="d1">1</data></node>
    <edge source="a" target="b"><data key="d2">1.5</data></edge>
    <edge source="b" target="c"><data key="d2">1</data></edge>
    <edge source="a" target="c"><data key="d2">4</data></edge>
  </graph>
</graphml>
"""


def test_graphml(tmp_path: Path) -> None:
    (tmp_path / "g.graphml").write_text(GRAPHML)
    graph = read_graphml(tmp_path / "g.graphml")
    assert graph.names == ("a", "b", "c") and not graph.directed and graph.kind == "plane"
    result = uniform_cost(RouteProblem(graph, graph.node("a"), graph.node("c")))
    assert result.cost == 2.5


def test_graphml_malformed_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "g.graphml").write_text(GRAPHML.replace('<node id="c">', '<node id="c"'))
    with pytest.raises(InputError, match="line 9: not well-formed XML"):
        read_graphml(tmp_path / "g.graphml")


def test_from_arcs_refuses_nan_and_negative() -> None:
    with pytest.raises(InputError, match="weight"):
        from_arcs(2, [0], [1], [math.nan], directed=False)
    with pytest.raises(InputError, match="weight"):
        from_arcs(2, [0], [1], [-1.0], directed=False)


# -- the generator -----------------------------------------------------------------------
def reachable(graph: Graph, source: int) -> int:
    seen = {source}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v, _ in graph.neighbours(u):
            if v not in seen:
                seen.add(v)
                queue.append(v)
    return len(seen)


@pytest.mark.parametrize("n", [2, 3, 10, 101, 1000])
def test_road_graphs_are_connected_planar_sized_and_seeded(n: int) -> None:
    graph = road_graph(n, seed=5)
    assert graph.n == n and reachable(graph, 0) == n
    assert graph.edges <= 3 * n - 6 or n < 3  # a planar graph has at most 3n − 6 edges
    assert road_graph(n, seed=5).fingerprint() == graph.fingerprint()
    if n > 10:
        assert road_graph(n, seed=6).fingerprint() != graph.fingerprint()
    assert graph.coords is not None
    tails = np.repeat(np.arange(n), np.diff(graph.indptr))
    straight = np.hypot(*(graph.coords[tails] - graph.coords[graph.indices]).T)
    assert np.all(graph.weights >= straight)  # so straight lines never overestimate


# -- grid maps --------------------------------------------------------------------------
SMALL_MAP = """type octile
height 4
width 5
map
.....
.@@..
...@.
T.G..
"""


def brute_force_grid(
    passable: list[str], start: tuple[int, int], neighbours: int
) -> dict[tuple[int, int], float]:
    """Dijkstra over the cells, written from the Moving AI rules alone: straight moves
    cost 1, diagonal ones √2 and only when both cells beside them are free."""
    import heapq

    free = {(x, y) for y, row in enumerate(passable) for x, c in enumerate(row) if c in ".GS"}
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        d, (x, y) = heapq.heappop(heap)
        if d > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or (neighbours == 4 and dx and dy):
                    continue
                nxt = (x + dx, y + dy)
                if nxt not in free:
                    continue
                if dx and dy and ((x + dx, y) not in free or (x, y + dy) not in free):
                    continue
                cost = d + (math.sqrt(2) if dx and dy else 1.0)
                if cost < best.get(nxt, math.inf):
                    best[nxt] = cost
                    heapq.heappush(heap, (cost, nxt))
    return best


@pytest.mark.parametrize("neighbours", [8, 4])
def test_grid_moves_follow_the_format(neighbours: int) -> None:
    grid = parse_map(SMALL_MAP, "small.map")
    grid.neighbours = neighbours
    graph = grid.graph()
    rows = SMALL_MAP.splitlines()[4:]
    truth = brute_force_grid(rows, (0, 0), neighbours)
    for (x, y), cost in truth.items():
        result = uniform_cost(RouteProblem(graph, 0, grid.index(x, y)))
        assert result.cost == pytest.approx(cost, abs=1e-9), (x, y)
    # no corner cutting: from 0,2 to 1,1 is blocked (1,1 is a wall); 2,2 -> 3,1 passes
    # between 3,2 (a wall) and 2,1 (a wall): not allowed, so it goes round
    assert grid.passable[2, 3] == False  # noqa: E712
    assert (3, 1) in truth


def test_grid_cells_are_checked() -> None:
    grid = parse_map(SMALL_MAP, "small.map")
    with pytest.raises(InputError, match="wall"):
        grid.cell("1,1")
    with pytest.raises(InputError, match="off the map"):
        grid.cell("5,0")
    with pytest.raises(InputError, match="x,y"):
        grid.cell("a")
    assert grid.cell("2,3") == 17


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (SMALL_MAP.replace("...@.\n", ""), "rows expected"),
        (SMALL_MAP.replace(".@@..", ".@@."), "line 6"),
        (SMALL_MAP.replace(".@@..", ".@X.."), "line 6"),
        (SMALL_MAP.replace("width 5", "width five"), "width"),
    ],
)
def test_bad_maps_are_refused(text: str, says: str) -> None:
    with pytest.raises(InputError, match=says):
        parse_map(text, "small.map")


def test_scen_for_another_map_is_refused() -> None:
    grid = parse_map(SMALL_MAP, "small.map")
    good = "version 1\n0\tsmall.map\t5\t4\t0\t0\t4\t3\t5.82842712\n"
    assert parse_scen(good, grid)[0].goal == (4, 3)
    with pytest.raises(InputError, match=r"not small\.map"):
        parse_scen(good.replace("small.map", "other.map"), grid)
    with pytest.raises(InputError, match=r"line 2.*wall"):
        parse_scen(good.replace("\t0\t0\t4", "\t1\t1\t4"), grid)


def test_mazes_are_perfect_and_rooms_connected() -> None:
    grid = maze(6, 5, random.Random(1))
    graph = grid.graph()
    free = int(grid.passable.sum())
    start = grid.index(1, 1)
    assert reachable(graph, start) == free
    assert graph.edges == free - 1  # a tree: one way between any two cells (4 straight)
    room_map = rooms(40, 30, 8, random.Random(2))
    room_graph = room_map.graph()
    ys, xs = np.nonzero(room_map.passable)
    assert reachable(room_graph, int(ys[0] * 40 + xs[0])) == len(ys)


def test_grid_map_text_round_trip() -> None:
    grid = maze(3, 3, random.Random(4))
    again = parse_map(grid.text(), grid.name)
    assert np.array_equal(again.passable, grid.passable)
    assert isinstance(again, GridMap)
