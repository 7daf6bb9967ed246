"""GraphML as OSMnx saves it (issue 30): a file written by hand in the schema of
``osmnx.save_graphml`` (networkx's GraphML writer on a MultiDiGraph, every value a
string; the graph's ``crs``, nodes' ``y``/``x`` as latitude/longitude, edges'
``length`` in metres, ``oneway``, parallel edges keyed by ``id``), read as the streets
it describes, searched with the great-circle estimate; and a document type
declaration refused, since entities are how XML bombs expand."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from conftest import Refused, RunCli

from searchlab.domains.routes.readers import read_graphml

# four corners of a block in Oakland, (longitude, latitude)
CORNERS = {
    "53017091": (-122.2468, 37.8252),
    "53064327": (-122.2441, 37.8252),
    "53075599": (-122.2441, 37.8271),
    "53018411": (-122.2468, 37.8271),
}
A, B, C, D = CORNERS


def metres(u: str, v: str) -> float:
    """The great circle between two corners (OSMnx's own radius), 10 % longer: streets
    are not straight, and lengths in a file are written to the millimetre."""
    (lon1, lat1), (lon2, lat2) = CORNERS[u], CORNERS[v]
    p1, p2 = math.radians(lat1), math.radians(lat2)
    s = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    )
    return round(1.1 * 2 * 6_371_009 * math.asin(math.sqrt(s)), 3)


# (source, target, key, oneway, length): A–B both ways with a longer parallel edge
# A→B (key 1), B→C one way, C–D and D–A both ways
STREETS = [
    (A, B, 0, False, metres(A, B)),
    (B, A, 0, False, metres(A, B)),
    (A, B, 1, False, 2 * metres(A, B)),
    (B, C, 0, True, metres(B, C)),
    (C, D, 0, False, metres(C, D)),
    (D, C, 0, False, metres(C, D)),
    (D, A, 0, False, metres(D, A)),
    (A, D, 0, False, metres(D, A)),
]


def osmnx_graphml(crs: str = "epsg:4326", edgedefault: str = "directed") -> str:
    """The text ``osmnx.save_graphml`` writes for these streets (keys as networkx numbers
    them: edges', then nodes', then the graph's)."""
    keys = [
        ("d0", "edge", "geometry"), ("d1", "edge", "length"), ("d2", "edge", "reversed"),
        ("d3", "edge", "oneway"), ("d4", "edge", "highway"), ("d5", "edge", "name"),
        ("d6", "edge", "osmid"), ("d7", "node", "street_count"), ("d8", "node", "x"),
        ("d9", "node", "y"), ("d10", "graph", "simplified"), ("d11", "graph", "crs"),
        ("d12", "graph", "created_with"),
    ]  # fmt: skip
    lines = [
        "<?xml version='1.0' encoding='utf-8'?>",
        '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
        'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
        *(
            f'  <key id="{ident}" for="{kind}" attr.name="{name}" attr.type="string" />'
            for ident, kind, name in keys
        ),
        f'  <graph edgedefault="{edgedefault}">',
        '    <data key="d10">True</data>',
        f'    <data key="d11">{crs}</data>',
        '    <data key="d12">OSMnx 1.9.3</data>',
    ]
    for node, (lon, lat) in CORNERS.items():
        lines += [
            f'    <node id="{node}">',
            f'      <data key="d7">3</data><data key="d8">{lon}</data><data key="d9">{lat}</data>',
            "    </node>",
        ]
    for source, target, key, oneway, length in STREETS:
        (x1, y1), (x2, y2) = CORNERS[source], CORNERS[target]
        lines += [
            f'    <edge source="{source}" target="{target}" id="{key}">',
            f'      <data key="d0">LINESTRING ({x1} {y1}, {x2} {y2})</data>',
            f'      <data key="d1">{length}</data><data key="d2">False</data>',
            f'      <data key="d3">{oneway}</data><data key="d4">residential</data>',
            '      <data key="d5">Rose Avenue</data><data key="d6">[6345781, 6345782]</data>',
            "    </edge>",
        ]
    return "\n".join([*lines, "  </graph>", "</graphml>", ""])


@pytest.fixture
def streets(tmp_path: Path) -> Path:
    path = tmp_path / "piedmont.graphml"
    path.write_text(osmnx_graphml(), encoding="utf-8")
    return path


def test_read_as_streets_in_longitude_and_latitude(streets: Path) -> None:
    graph = read_graphml(streets)
    assert graph.kind == "geographic" and graph.directed and graph.n == 4
    assert graph.coords is not None
    assert tuple(graph.coords[graph.node(A)]) == CORNERS[A]  # x is the longitude
    assert graph.arcs == 7  # the longer of the two A→B edges is not kept
    assert graph.cost_of([graph.node(A), graph.node(B)]) == metres(A, B)


def test_searched_with_great_circles_to_dijkstras_costs(run_cli: RunCli, streets: Path) -> None:
    def solve(source: str, target: str, *more: str) -> dict[str, object]:
        run = run_cli("route", "solve", f"{streets}:{source}", "--goal", target, "--json", *more)
        assert run.code == 0, run.stderr
        document: dict[str, object] = json.loads(run.stdout)
        return document

    there = solve(A, C)
    assert there["run"]["heuristic"] == "great-circle"  # type: ignore[index]
    assert there["cost"] == pytest.approx(metres(A, B) + metres(B, C), abs=0.01)  # as written
    back = solve(C, B)  # B→C is one way: back round the block
    assert back["path"] == [C, D, A, B]
    assert back["cost"] == pytest.approx(metres(C, D) + metres(D, A) + metres(A, B), abs=0.01)
    assert solve(C, B, "-a", "uniform-cost")["cost"] == back["cost"]


def test_a_projected_graph_is_on_a_plane(tmp_path: Path) -> None:
    path = tmp_path / "projected.graphml"
    path.write_text(osmnx_graphml(crs="epsg:32610"), encoding="utf-8")
    assert read_graphml(path).kind == "plane"


def test_one_way_in_an_undirected_file(tmp_path: Path) -> None:
    path = tmp_path / "undirected.graphml"
    path.write_text(osmnx_graphml(edgedefault="undirected"), encoding="utf-8")
    graph = read_graphml(path)
    a, b, c = graph.node(A), graph.node(B), graph.node(C)
    heads_of_c = graph.indices[graph.indptr[c] : graph.indptr[c + 1]].tolist()
    assert graph.directed and b not in heads_of_c  # no arc back along B→C
    assert graph.cost_of([a, b]) == metres(A, B) and graph.cost_of([b, a]) == metres(A, B)


def test_an_entity_declaration_is_refused(refused: Refused, tmp_path: Path) -> None:
    bomb = tmp_path / "lol.graphml"
    laughs = "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10 if i else "lol"}">' for i in range(9))
    bomb.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE graphml [{laughs}]>\n'
        '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph edgedefault="directed">'
        '<node id="&lol8;"/></graph></graphml>',
        encoding="utf-8",
    )
    run = refused("route", "solve", f"{bomb}:a", "--goal", "a", says="line 2: a <!DOCTYPE>")
    assert len(run.stderr.strip().splitlines()) == 1
