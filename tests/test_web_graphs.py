"""The graph editor's server side (web/graphs.py, graph_files.py, graph_routes.py):
bad graphs refused by field, the heuristic's check against exact costs computed here by
brute force over simple paths, every algorithm run on a drawn graph through the API,
and each exported file read back by the command that reads it (the route readers, and
``searchlab run``) with the same cheapest cost.
"""

from __future__ import annotations

import copy
import itertools
import json
import math
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import report_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.domains.routes.readers import read_csv, read_dimacs
from searchlab.web import create_app
from searchlab.web.graph_files import examples
from searchlab.web.graphs import exact_costs, heuristic_warnings, read_graph

BASE = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=BASE) as made:
        yield made


def brute_force(graph: dict[str, Any]) -> dict[str, float]:
    """The cheapest cost from each node to the goal, over every simple path (tiny graphs)."""
    out: dict[str, list[tuple[str, float]]] = {node["name"]: [] for node in graph["nodes"]}
    for arc in graph["arcs"]:
        out[arc["from"]].append((arc["to"], float(arc["cost"])))
        if not graph.get("directed"):
            out[arc["to"]].append((arc["from"], float(arc["cost"])))
    best: dict[str, float] = {}

    def walk(node: str, cost: float, seen: frozenset[str], first: str) -> None:
        if node == graph["goal"]:
            best[first] = min(best.get(first, math.inf), cost)
            return
        for head, step in out[node]:
            if head not in seen:
                walk(head, cost + step, seen | {head}, first)

    for name in out:
        walk(name, 0.0, frozenset({name}), name)
    return {name: best.get(name, math.inf) for name in out}


def test_the_examples_exact_costs_are_the_brute_forces() -> None:
    for graph in examples().values():
        if len(graph["nodes"]) > 10:
            continue  # Romania's simple paths are too many to list; its cost is below
        exact = exact_costs(read_graph(graph))
        names = [node["name"] for node in graph["nodes"]]
        assert dict(zip(names, exact, strict=True)) == brute_force(graph)


def test_warnings_name_the_node_and_arc_that_break_the_promise() -> None:
    graph = copy.deepcopy(examples()["greedy"])
    assert heuristic_warnings(read_graph(graph)) == []  # the example is sound
    graph["nodes"][2]["h"] = 4  # B: its cheapest path to G costs 3
    found = heuristic_warnings(read_graph(graph))
    assert {(w["kind"], w.get("node"), tuple(w.get("arc", ()))) for w in found} == {
        ("admissible", "B", ()),
        ("consistent", None, ("B", "G")),  # 4 > 3 + 0
    }
    directed = {**graph, "directed": True}
    directed["nodes"] = [{**node, "h": 0} for node in graph["nodes"]]
    directed["arcs"] = [{"from": "S", "to": "G", "cost": 2}]
    directed["nodes"][1]["h"] = 5  # A cannot reach G: any h is admissible there
    assert heuristic_warnings(read_graph(directed)) == []


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: g["nodes"][0].update(h=float("nan")), "graph.nodes[0].h"),
        (lambda g: g["nodes"][0].update(h=-1), "graph.nodes[0].h"),
        (lambda g: g["arcs"][0].update(cost=1e300), "graph.arcs[0].cost"),
        (lambda g: g["arcs"][0].update(cost="two"), "graph.arcs[0].cost"),
        (lambda g: g["arcs"][0].update(to="Z"), "graph.arcs[0].to"),
        (lambda g: g["arcs"][0].update(to=g["arcs"][0]["from"]), "graph.arcs[0]"),
        (lambda g: g["arcs"].append(dict(g["arcs"][0])), "graph.arcs[4]"),
        (lambda g: g["nodes"][1].update(name="S"), "graph.nodes[1].name"),
        (lambda g: g["nodes"][1].update(name="a,b"), "graph.nodes[1].name"),
        (lambda g: g.update(goal="Nowhere"), "graph.goal"),
        (lambda g: g.update(nodes=[dict(name=f"n{i}") for i in range(201)]), "graph.nodes"),
        (lambda g: g.update(directed="yes"), "graph.directed"),
        (lambda g: g.update(title='x"""\\n'), "graph.title"),
        (lambda g: g.update(title="two\nlines"), "graph.title"),
        (lambda g: g.update(colour="red"), "graph"),
    ],
)
def test_bad_graphs_are_refused_by_their_field(client: TestClient, change: Any, field: str) -> None:
    graph = copy.deepcopy(examples()["greedy"])
    change(graph)
    for path in ("/api/graphs/check", "/api/graphs/search"):
        raw = json.dumps({"graph": graph})  # NaN written as JSON's parser reads it
        answer = client.post(path, content=raw, headers={"content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert answer.json()["field"] == field
        assert "\n" not in answer.json()["error"]


def test_a_search_request_names_what_is_missing(client: TestClient) -> None:
    answer = client.post("/api/graphs/search", json={"algorithm": "astar"})
    assert (answer.status_code, answer.json()["field"]) == (400, "graph")
    graph = examples()["greedy"]
    answer = client.post("/api/graphs/export", json={"graph": graph, "format": "pdf"})
    assert (answer.status_code, answer.json()["field"]) == (400, "format")
    answer = client.post("/api/graphs/search", json={"graph": graph, "algorithm": "nope"})
    assert (answer.status_code, answer.json()["field"]) == (400, "algorithm")


def test_every_algorithm_runs_on_a_drawn_graph_with_the_teaching_panels(client: TestClient) -> None:
    options = client.get("/api/graphs").json()
    graph = options["examples"]["greedy"]
    costs = {}
    for algorithm in options["domain"]["algorithms"]:
        answer = client.post(
            "/api/graphs/search", json={"graph": graph, "algorithm": algorithm["name"], "seed": 1}
        )
        assert answer.status_code == 200, (algorithm["name"], answer.text)
        info = answer.json()
        page = client.get(f"/api/sessions/{info['session']}/events?max=500").json()
        assert page["events"], algorithm["name"]
        if not info["live"] and info["result"]["solved"]:
            costs[algorithm["name"]] = info["result"]["cost"]
    # the facts of the example: greedy is fooled by h(A) = 1, the optimal ones are not
    assert costs["greedy"] == 11
    assert costs["astar"] == costs["uniform-cost"] == costs["best-first"] == 6
    info = client.post("/api/graphs/search", json={"graph": graph, "algorithm": "astar"}).json()
    events = client.get(f"/api/sessions/{info['session']}/events").json()["events"]
    first = next(event for event in events if event["kind"] == "expand")
    assert [child["state"] for child in first["children"]] == ["A", "B"]
    assert [entry["state"] for entry in first["head"]] == ["A", "B"]  # f = 2, then f = 6


def test_romania_gives_the_books_costs(client: TestClient) -> None:
    graph = examples()["romania"]
    for algorithm, cost in (("astar", 418), ("greedy", 450)):
        info = client.post("/api/graphs/search", json={"graph": graph, "algorithm": algorithm})
        assert info.json()["result"]["cost"] == cost
    assert client.post("/api/graphs/check", json={"graph": graph}).json()["warnings"] == []


def _export(client: TestClient, graph: dict[str, Any], kind: str, folder: Path) -> Path:
    answer = client.post("/api/graphs/export", json={"graph": graph, "format": kind})
    assert answer.status_code == 200, answer.text
    written = folder / str(answer.json()["filename"])
    written.write_text(answer.json()["text"], encoding="utf-8")
    return written


def test_exports_read_back_as_the_same_graph(client: TestClient, tmp_path: Path) -> None:
    for key, graph in examples().items():
        drawn = read_graph(graph)
        expected = sorted(
            (drawn.names[tail], drawn.names[head], cost)
            for tail, heads in enumerate(drawn.neighbours())
            for head, cost in heads
        )
        dimacs = read_dimacs(_export(client, graph, "dimacs", tmp_path))
        csv = read_csv(_export(client, graph, "csv", tmp_path))
        for read, name in ((dimacs, drawn.names.__getitem__), (csv, csv.name)):
            arcs = sorted(
                (name(tail), name(int(head)), float(weight))
                for tail in range(read.n)
                for head, weight in zip(
                    read.indices[read.indptr[tail] : read.indptr[tail + 1]],
                    read.weights[read.indptr[tail] : read.indptr[tail + 1]],
                    strict=True,
                )
            )
            assert arcs == expected, key
        again = json.loads(_export(client, graph, "json", tmp_path).read_text())
        assert read_graph(again) == drawn


def test_a_directed_graph_is_not_exported_as_an_undirected_csv(client: TestClient) -> None:
    graph = {**examples()["greedy"], "directed": True}
    answer = client.post("/api/graphs/export", json={"graph": graph, "format": "csv"})
    assert (answer.status_code, answer.json()["field"]) == (400, "format")


def test_exported_files_give_the_same_cheapest_cost_on_the_command_line(
    client: TestClient, tmp_path: Path
) -> None:
    for key in ("greedy", "bratko"):
        graph = examples()[key]
        viewer = client.post("/api/graphs/search", json={"graph": graph, "algorithm": "astar"})
        cost = viewer.json()["result"]["cost"]
        assert cost == brute_force(graph)[graph["start"]]
        python = _export(client, graph, "python", tmp_path)
        ran = report_of("run", str(python), "--algorithm", "astar", "--heuristic", "drawn")
        ends = (graph["start"], graph["goal"])
        assert (ran["cost"], ran["path"][0], ran["path"][-1]) == (cost, *ends)
        greedy = report_of("run", str(python), "--algorithm", "greedy", "--heuristic", "drawn")
        shown = client.post("/api/graphs/search", json={"graph": graph, "algorithm": "greedy"})
        assert greedy["path"] == shown.json()["result"]["path"]
        csv = _export(client, graph, "csv", tmp_path)
        route = report_of(f"route solve {csv}:{graph['start']} --goal {graph['goal']}")
        assert route["cost"] == cost
        number = [node["name"] for node in graph["nodes"]].index
        dimacs = _export(client, graph, "dimacs", tmp_path)
        goal = number(graph["goal"]) + 1
        route = report_of(f"route solve {dimacs}:{number(graph['start']) + 1} --goal {goal}")
        assert route["cost"] == cost


def test_the_heuristic_warnings_agree_with_brute_force_on_random_graphs() -> None:
    rng = random.Random(31)
    for _ in range(40):
        names = [f"n{i}" for i in range(5)]
        pairs = [p for p in itertools.combinations(names, 2) if rng.random() < 0.5]
        graph: dict[str, Any] = {
            "nodes": [{"name": n, "h": rng.randint(0, 6)} for n in names],
            "arcs": [{"from": a, "to": b, "cost": rng.randint(1, 4)} for a, b in pairs],
            "start": "n0",
            "goal": "n4",
        }
        exact = brute_force(graph)
        over = {n["name"] for n in graph["nodes"] if n["h"] > exact[n["name"]]}
        found = {w["node"] for w in heuristic_warnings(read_graph(graph)) if "node" in w}
        assert found == over
