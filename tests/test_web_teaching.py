"""What the viewer's server adds to a run for a teacher (web/teaching.py), through the
API: checked against facts worked out by hand on small graphs (the graphs of
test_events_astar.py), against a reference A* written here (a plain list sorted at
every step) on Bratko's 8-puzzle positions, and against attack counts computed here.
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_events_detail import CONSISTENT, H_CONSISTENT  # the same hand-made graph

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.core.problem import NumberLine
from searchlab.domains.base import Domain
from searchlab.domains.user import problem_domain
from searchlab.web import WebLimits, create_app

BASE = "http://127.0.0.1:8000"
Arc = tuple[str, str, float]
Events = list[dict[str, Any]]

INCONSISTENT: list[Arc] = [("S", "A", 1), ("S", "B", 3), ("A", "B", 1), ("B", "G", 3)]
H_INCONSISTENT = {"S": 0.0, "A": 4.0, "B": 0.0, "G": 0.0}


class HandGraph:
    """A small weighted graph from S to G as a user's problem; moves are "a>b"."""

    initial = "S"

    def __init__(self, arcs: list[Arc], h: dict[str, float]) -> None:
        self.arcs = arcs
        self.heuristics: dict[str, Callable[[str], float]] = {"h": h.__getitem__}

    def successors(self, state: str) -> Iterator[tuple[str, str, float]]:
        for a, b, cost in self.arcs:
            if a == state:
                yield f"{a}>{b}", b, cost

    def is_goal(self, state: str) -> bool:
        return state == "G"

    def format_state(self, state: str) -> str:
        return state


def client_for(*domains: Domain[Any, Any], **limits: Any) -> TestClient:
    return TestClient(create_app(WebLimits(**limits), domains=domains), base_url=BASE)


def run(
    client: TestClient, domain: str, **body: Any
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Start a recorded run; its info and every event kept."""
    reply = client.post(f"/api/domains/{domain}/search", json=body)
    assert reply.status_code == 200, reply.text
    info: dict[str, Any] = reply.json()
    events: Events = []
    start = 0
    while True:
        page = client.get(f"/api/sessions/{info['session']}/events", params={"from": start})
        assert page.status_code == 200, page.text
        events += page.json()["events"]
        start = page.json()["next"]
        if page.json()["done"]:
            return info, events


def expansions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event for event in events if event["kind"] == "expand"]


def head_of(event: dict[str, Any]) -> list[tuple[str, float, float, float, bool]]:
    return [(e["text"], e["g"], e["h"], e["f"], e["stale"]) for e in event["head"]]


def test_a_star_shows_after_each_expansion_the_frontier_worked_out_by_hand() -> None:
    graph = problem_domain(HandGraph(CONSISTENT, H_CONSISTENT), "hand")
    with client_for(graph) as client:
        info, events = run(client, "hand", algorithm="astar", drawings=True)
    steps = expansions(events)
    assert [e["state"] for e in steps] == ["S", "B", "A", "C"]
    assert [head_of(e) for e in steps] == [
        [("B", 2, 3, 5, False), ("A", 1, 4, 5, False)],  # f ties at 5: lower h first
        [("A", 1, 4, 5, False), ("C", 3, 3, 6, False), ("G", 8, 0, 8, False)],
        [("C", 3, 3, 6, False), ("G", 8, 0, 8, False)],
        [("G", 6, 0, 6, False), ("G", 8, 0, 8, True)],  # the entry of G at 8 went stale
    ]
    assert [e["size"] for e in steps] == [2, 3, 2, 2]
    assert [e["closed"] for e in steps] == [1, 2, 3, 4]
    assert [e.get("via") for e in steps] == [
        None,
        {"move": "S>B", "from": "S"},
        {"move": "S>A", "from": "S"},
        {"move": "B>C", "from": "B"},
    ]
    fates = [
        [
            (c["text"], c["g"], c["h"], c.get("f"), c["status"], c.get("known"))
            for c in e["children"]
        ]
        for e in steps
    ]
    assert fates == [
        [("A", 1, 4, 5, "new", None), ("B", 2, 3, 5, "new", None)],
        [("C", 3, 3, 6, "new", None), ("G", 8, 0, 8, "new", None)],
        [("C", 3, 3, None, "refused", 3)],  # reached before at g 3: not cheaper
        [("G", 6, 0, 6, "better", 8)],  # a cheaper path to G, still waiting at 8
    ]
    assert steps[2]["children"][0]["reason"] == "closed"
    # the run ends on the goal, with the move that reached it
    assert events[-1]["kind"] == "solution" and events[-1]["path"] == ["S", "B", "C", "G"]
    assert info["result"]["moves"] == ["S>B", "B>C", "C>G"]
    assert info["teaching"]["family"] == "graph"


def test_a_state_expanded_again_with_a_lower_g_is_shown_reopened() -> None:
    graph = problem_domain(HandGraph(INCONSISTENT, H_INCONSISTENT), "hand")
    with client_for(graph) as client:
        _, events = run(client, "hand", algorithm="astar", drawings=True)
    steps = expansions(events)
    assert [(e["state"], e["g"]) for e in steps] == [("S", 0), ("B", 3), ("A", 1), ("B", 2)]
    assert [(c["text"], c["status"], c["known"]) for c in steps[2]["children"]] == [
        ("B", "reopened", 3)
    ]
    assert steps[3]["closed"] == 3  # B counts once in the closed set


def test_greedy_says_a_cheaper_path_is_refused_because_it_never_reopens() -> None:
    arcs: list[Arc] = [("S", "A", 1), ("S", "B", 5), ("A", "B", 1), ("B", "G", 1)]
    h = {"S": 3.0, "A": 1.0, "B": 2.0, "G": 0.0}
    with client_for(problem_domain(HandGraph(arcs, h), "hand")) as client:
        _, events = run(client, "hand", algorithm="greedy", drawings=True)
    assert [e["state"] for e in expansions(events)] == ["S", "A", "B"]
    children = [c for e in expansions(events) for c in e.get("children", [])]
    refused = [c for c in children if c["status"] == "refused"]
    # S -> B at g 5 first; A -> B at g 2 is cheaper, but greedy keeps the first
    assert [(c["text"], c["g"], c["known"]) for c in refused] == [("B", 2, 5)]
    assert events[-1]["path"] == ["S", "B", "G"]


def manhattan(tiles: tuple[int, ...], goal: tuple[int, ...]) -> int:
    where = {tile: divmod(index, 3) for index, tile in enumerate(goal)}
    return sum(
        abs(r - where[t][0]) + abs(c - where[t][1])
        for index, t in enumerate(tiles)
        if t
        for r, c in [divmod(index, 3)]
    )


def blank_moves(tiles: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The boards one slide away, blank moving up, down, left, right (the domain's order)."""
    blank = tiles.index(0)
    row, col = divmod(blank, 3)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < 3 and 0 <= c < 3:
            board = list(tiles)
            board[blank], board[r * 3 + c] = board[r * 3 + c], 0
            yield tuple(board)


def reference_heads(
    start: tuple[int, ...], goal: tuple[int, ...], count: int
) -> list[list[tuple[list[int], int, int, int]]]:
    """A* written here: the open list a plain list sorted by (f, h, first pushed), stale
    entries left in; the first ``count`` entries after each expansion."""
    best = {start: 0}
    pushed = itertools.count()
    opened = [(manhattan(start, goal), manhattan(start, goal), next(pushed), 0, start)]
    heads: list[list[tuple[list[int], int, int, int]]] = []
    while opened:
        opened.sort()
        _, _, _, g, board = opened.pop(0)
        if g > best[board]:
            continue
        if board == goal:
            return heads
        for child in blank_moves(board):
            if child in best and best[child] <= g + 1:
                continue
            best[child] = g + 1
            h = manhattan(child, goal)
            opened.append((g + 1 + h, h, next(pushed), g + 1, child))
        opened.sort()
        heads.append([(list(b), gs, hs, fs) for fs, hs, _, gs, b in opened[:count]])
    return heads


@pytest.mark.parametrize("position", ["a", "b", "c"])
def test_the_puzzle_frontiers_match_a_reference_a_star(position: str) -> None:
    with client_for() as client:
        info, events = run(client, "puzzle", start=position, heuristic="manhattan")
    start, goal = tuple(info["run"]["start"]), tuple(info["run"]["goal"])
    count = info["teaching"]["head"]
    expected = reference_heads(start, goal, count)
    shown = [[(e["state"], e["g"], e["h"], e["f"]) for e in x["head"]] for x in expansions(events)]
    assert shown == expected
    assert events[-1]["kind"] == "solution" and tuple(events[-1]["path"][-1]) == goal


def test_bratko_numbers_the_tree_it_grows() -> None:
    with client_for() as client:
        _, events = run(client, "puzzle", start="b", algorithm="best-first", heuristic="bratko")
    steps = expansions(events)
    seen: dict[int, dict[str, Any]] = {}
    for step in steps:
        if step["parent"] is None:
            assert step["node"] == 0 and not seen
        else:
            parent = seen[step["parent"]]  # the parent was expanded before
            made = [c for c in parent["children"] if c.get("node") == step["node"]]
            assert len(made) == 1 and made[0]["state"] == step["state"]
            assert made[0]["move"] == step["via"]["move"]
        seen[step["node"]] = step
    goal = events[-1]
    assert goal["kind"] == "solution"
    made = [c for c in seen[goal["parent"]]["children"] if c.get("node") == goal["node"]]
    assert made and made[0]["state"] == goal["path"][-1]
    assert all(c["reason"] == "cycle" for s in steps for c in s["children"] if "reason" in c)


def test_ida_star_shows_its_bound_and_the_successors_past_it() -> None:
    with client_for() as client:
        _, events = run(client, "puzzle", start="c", algorithm="ida", heuristic="manhattan")
    bound = None
    refused = 0
    for event in events:
        if event["kind"] == "threshold":
            bound = event["bound"]
        elif event["kind"] == "expand":
            assert event["bound"] == bound
            for child in event.get("children", []):
                if child.get("reason") == "bound":
                    assert child["g"] + child["h"] > bound
                    refused += 1
    assert refused > 10 and bound == 18  # position (c) is 18 moves from the goal


def test_rbfs_shows_the_f_limit_of_each_expansion() -> None:
    arcs: list[Arc] = [("S", "A", 1), ("S", "B", 2), ("A", "G", 5), ("B", "C", 1), ("C", "G", 4)]
    graph = problem_domain(HandGraph(arcs, dict.fromkeys("SABCG", 0.0)), "hand")
    with client_for(graph) as client:
        _, events = run(client, "hand", algorithm="rbfs", drawings=True)
    steps = expansions(events)
    assert [(e["state"], e["limit"]) for e in steps] == [
        ("S", None),  # no limit at the root (∞)
        ("A", 2),
        ("B", 6),
        ("C", 6),
        ("A", 7),
    ]
    # A is expanded twice: two nodes of the tree, both children of S
    assert [(e["node"], e["parent"]) for e in steps] == [(0, None), (1, 0), (2, 0), (3, 2), (4, 0)]
    assert events[-1]["kind"] == "solution" and events[-1]["parent"] == 4


def attacks(queens: list[list[int]]) -> int:
    """Seed 000's h2 written out: for each queen, the queens it attacks."""
    return sum(
        1
        for (r1, c1), (r2, c2) in itertools.permutations(queens, 2)
        if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)
    )


def test_hill_climbing_scores_every_move_and_says_why_it_restarted() -> None:
    with client_for() as client:
        info, events = run(client, "queens", start="case4", moves="free", restarts=3, seed=5)
    checked = 0
    board = info["run"]["start"]
    for event in events:
        if event["kind"] not in ("step", "restart"):
            continue
        scores = event["scores"]
        of = board if event["kind"] == "step" else scores["of"]
        assert scores["total"] == len(scores["moves"])
        for (source, target), value in scores["moves"]:
            after = [[*target] if queen == source else queen for queen in of]
            assert value == attacks(after)
            checked += 1
        assert scores["best"] == min(value for _, value in scores["moves"])
        if event["kind"] == "restart":
            h, best = attacks(of), scores["best"]
            assert best >= h  # stuck: no move lowers h
            stuck = "a plateau" if best == h else "a local minimum"
            assert event["reason"].startswith(f"{stuck} at h = {h}")
            board = event["state"]
        else:
            board = event["next"]
    assert checked > 100
    assert any(e["kind"] == "restart" for e in events)
    if info["result"]["status"] == "local_optimum":
        assert f"at h = {info['result']['h_final']}" in info["teaching"]["reason"]


class Plateau(NumberLine):
    """Walk 0..6 towards 6; h is 3, then a plateau of 2 from 1 to 4, then 1 and 0."""

    def __init__(self) -> None:
        super().__init__(start=0, goal=6, end=6)
        self.heuristics = {"h": lambda state: [3, 2, 2, 2, 2, 1, 0][state]}


@pytest.mark.parametrize(
    ("sideways", "words"),
    [
        (0, "a plateau at h = 2: no move lowers h, and sideways moves are off"),
        (1, "a plateau at h = 2: no move lowers h, and the 1 sideways moves allowed"),
    ],
)
def test_a_climb_stuck_on_a_plateau_says_so(sideways: int, words: str) -> None:
    with client_for(problem_domain(Plateau(), "plateau")) as client:
        info, _ = run(client, "plateau", algorithm="hill-climbing", sideways=sideways)
    assert info["result"]["status"] == "local_optimum"
    assert info["teaching"]["reason"].startswith(words)


def test_detail_stops_at_its_byte_budget_and_says_where() -> None:
    with client_for(max_detail_bytes=20_000) as client:
        info, events = run(client, "puzzle", start="c", heuristic="manhattan")
    steps = expansions(events)
    shown = [e for e in steps if "head" in e]
    assert 0 < len(shown) < len(steps)
    assert steps[: len(shown)] == shown  # the first ones, then none
    assert f"up to expansion {len(shown) + 1:,}" in info["teaching"]["cut"]
    assert all("closed" in e and "size" in e for e in steps)  # the light notes stay


def test_a_run_stopped_by_the_server_says_which_limit_in_words() -> None:
    with client_for(run_max_expanded=50) as client:
        info, _ = run(client, "puzzle", start="c", algorithm="bfs")
        assert info["stopped"] == "stopped after 50 states expanded, the viewer's limit per run"
    with client_for(run_seconds=0.01) as client:
        info, _ = run(
            client, "queens", start="3", algorithm="hill-climbing", sideways=1000, restarts=1000
        )
        assert info["stopped"] == "stopped after 0.01 s, the viewer's limit per run"


def test_the_source_shown_for_a_star_is_the_loop_that_runs() -> None:
    with client_for() as client:
        reply = client.get("/api/source/puzzle", params={"algorithm": "astar"})
        assert reply.status_code == 200
        first = reply.json()["sources"][0]
        assert first["name"] == "searchlab.algorithms.best_first._graph_search"
        assert "heapq.heappop" in first["code"] and len(first["code"].splitlines()) > 40
        ida = client.get("/api/source/puzzle", params={"algorithm": "ida"}).json()["sources"]
        assert [s["name"].rsplit(".", 1)[-1] for s in ida[:3]] == [
            "bounded_rounds",
            "_walk",
            "ida_star",
        ]


def test_live_backtracking_numbers_its_nodes_and_the_columns_tried() -> None:
    with client_for() as client:
        reply = client.post("/api/domains/queens/search", json={"start": "4"})
        session = reply.json()["session"]
        events = client.get(
            f"/api/sessions/{session}/events", params={"from": 0, "max": 2000}
        ).json()["events"]
    nodes: dict[int, list[int]] = {}
    for event in events:
        if event["kind"] == "expand":
            if event["parent"] is not None:
                parent = nodes[event["parent"]]
                assert parent == event["state"][:-1]  # the queens of the rows above
                # the columns tried before this one in its row: backtracking tries
                # them from the left
                assert event["tried"] == list(range(1, event["state"][-1]))
            nodes[event["node"]] = event["state"]
        elif event["kind"] in ("generate", "prune"):
            assert event["at"] in nodes
    solutions = [e for e in events if e["kind"] == "solution"]
    assert [nodes[s["parent"]] for s in solutions] == [[2, 4, 1], [3, 1, 4]]
    assert math.isfinite(len(nodes))
