"""The engine's opt-in detail (``detail_of``): an observer with a ``detail`` attribute
also hears the open list of a best-first search (``Frontier``), RBFS's f-limit
(``Ceiling``) and every successor hill climbing scored (``Candidates``); any other
observer hears exactly the usual stream.

The frontiers are checked against ones worked out by hand on the graph of
test_events_astar.py, and against a reference A* written here with a plain list
sorted at every step (no heap), on random graphs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from typing import Any

from test_algorithms_support import Graph

from searchlab import Recorder, astar, best_first, hill_climbing, rbfs
from searchlab.algorithms.best_first import greedy_best_first, uniform_cost, weighted_astar
from searchlab.core.encoding import EventEncoder
from searchlab.core.events import (
    Candidates,
    Ceiling,
    Entry,
    Event,
    Expand,
    Frontier,
    Generate,
    Prune,
    detail_of,
)
from searchlab.core.result import SearchResult

CONSISTENT = [
    ("S", "A", 1.0),
    ("S", "B", 2.0),
    ("A", "C", 2.0),
    ("B", "C", 1.0),
    ("C", "G", 3.0),
    ("B", "G", 6.0),
]
H_CONSISTENT = {"S": 4.0, "A": 4.0, "B": 3.0, "C": 3.0, "G": 0.0}


class Detailed(Recorder):
    """A recorder that asks for ``detail`` items of each list."""

    def __init__(self, detail: int = 50) -> None:
        super().__init__()
        self.detail = detail


def plain(events: list[Event]) -> list[Event]:
    return [e for e in events if not isinstance(e, Frontier | Ceiling | Candidates)]


def heads(events: list[Event]) -> list[list[tuple[Hashable, float, float, float, bool]]]:
    return [
        [(e.state, e.g, e.h, e.f, e.stale) for e in event.head]
        for event in events
        if isinstance(event, Frontier)
    ]


def test_detail_is_asked_for_by_an_attribute_and_off_otherwise() -> None:
    assert detail_of(None) == 0
    assert detail_of(Recorder()) == 0
    assert detail_of(Detailed(7)) == 7
    quiet, loud = Recorder(), Detailed()
    h = H_CONSISTENT.__getitem__
    astar(Graph(CONSISTENT, "S", ["G"]), lambda s: h(str(s)), observer=quiet)
    astar(Graph(CONSISTENT, "S", ["G"]), lambda s: h(str(s)), observer=loud)
    assert plain(loud.events) == quiet.events  # the usual stream, detail added between
    assert not any(isinstance(e, Frontier) for e in quiet.events)


def test_the_frontier_after_each_expansion_is_the_one_worked_out_by_hand() -> None:
    seen = Detailed()
    astar(Graph(CONSISTENT, "S", ["G"]), lambda s: H_CONSISTENT[str(s)], observer=seen)
    assert heads(seen.events) == [
        # S expanded: A (1+4, h 4) and B (2+3, h 3) tie at f 5: the lower h first
        [("B", 2, 3, 5, False), ("A", 1, 4, 5, False)],
        # B expanded: C (3+3) and G (8+0) join
        [("A", 1, 4, 5, False), ("C", 3, 3, 6, False), ("G", 8, 0, 8, False)],
        # A expanded: its way to C is not cheaper (refused), nothing joins
        [("C", 3, 3, 6, False), ("G", 8, 0, 8, False)],
        # C expanded: G at 6 joins; the entry of G at 8 is stale now
        [("G", 6, 0, 6, False), ("G", 8, 0, 8, True)],
    ]
    frontiers = [e for e in seen.events if isinstance(e, Frontier)]
    assert [e.size for e in frontiers] == [2, 3, 2, 2]
    assert [[p.state for p in e.pushed] for e in frontiers] == [["A", "B"], ["C", "G"], [], ["G"]]
    # the entries are numbered in the order pushed: S 0, A 1, B 2, C 3, G 4, G 5
    assert [e.node for e in frontiers] == [0, 2, 1, 3]
    assert [p.node for e in frontiers for p in e.pushed] == [1, 2, 3, 4, 5]
    # each Frontier comes right after its expansion's generations and prunes
    kinds = [type(e).__name__ for e in seen.events]
    assert kinds[:4] == ["Expand", "Generate", "Generate", "Frontier"]


def test_the_head_is_cut_to_the_detail_asked_for() -> None:
    seen = Detailed(1)
    astar(Graph(CONSISTENT, "S", ["G"]), lambda s: H_CONSISTENT[str(s)], observer=seen)
    assert [len(h) for h in heads(seen.events)] == [1, 1, 1, 1]


def reference_astar_frontiers(
    graph: Graph[Hashable],
    h: Callable[[Hashable], float],
    weight: float,
    reopen: bool,
    g_weight: float,
) -> list[list[tuple[Hashable, float, float, float, bool]]]:
    """A* (and its kin: f = g_weight·g + weight·h) with the open list a plain list,
    sorted at every step: after each expansion, the whole list in the order taken (f,
    then h, then first pushed), entries whose state has a cheaper g marked stale."""
    best: dict[Hashable, float] = {graph.initial: 0.0}
    pushed = 0
    opened: list[tuple[float, float, int, float, Hashable]] = [
        (weight * h(graph.initial), h(graph.initial), 0, 0.0, graph.initial)
    ]
    out: list[list[tuple[Hashable, float, float, float, bool]]] = []
    while opened:
        opened.sort(key=lambda entry: entry[:3])
        _, _, _, g, state = opened.pop(0)
        if g > best[state]:
            continue
        if graph.is_goal(state):
            break
        for _, child, cost in graph.out.get(state, ()):
            child_g = g + cost
            known = best.get(child)
            if known is not None and (child_g >= known or not reopen):
                continue
            best[child] = child_g
            pushed += 1
            hc = h(child)
            opened.append((g_weight * child_g + weight * hc, hc, pushed, child_g, child))
        opened.sort(key=lambda entry: entry[:3])
        out.append([(s, gs, hs, fs, gs > best[s]) for fs, hs, _, gs, s in opened])
    return out


def random_graph(rng: random.Random) -> tuple[Graph[Hashable], dict[Hashable, float]]:
    states = [f"n{i}" for i in range(rng.randint(3, 9))]
    arcs = [
        (a, b, float(rng.randint(0, 5)))
        for a in states
        for b in states
        if a != b and rng.random() < 0.35
    ]
    h: dict[Hashable, float] = {s: float(rng.randint(0, 6)) for s in states}
    return Graph(arcs, states[0], [states[-1]]), h


def test_every_frontier_matches_a_reference_a_star_on_random_graphs() -> None:
    rng = random.Random(11)
    searches: list[tuple[str, Callable[..., SearchResult[Any, Any]], float, bool, float]] = [
        ("astar", astar, 1.0, True, 1.0),
        ("greedy", greedy_best_first, 1.0, False, 0.0),
        ("weighted", lambda p, h, **kw: weighted_astar(p, h, 3.0, **kw), 3.0, True, 1.0),
        ("uniform", lambda p, _h, **kw: uniform_cost(p, **kw), 0.0, True, 1.0),
    ]
    compared = 0
    for _ in range(150):
        graph, table = random_graph(rng)
        h = table.__getitem__
        for name, search, weight, reopen, g_weight in searches:
            seen = Detailed(1000)
            search(graph, h, observer=seen)
            zero: Callable[[Hashable], float] = (lambda _s: 0.0) if name == "uniform" else h
            expected = reference_astar_frontiers(graph, zero, weight, reopen, g_weight)
            assert heads(seen.events) == expected, name
            compared += len(expected)
    assert compared > 500


def test_bratko_numbers_its_nodes_so_the_tree_can_be_drawn() -> None:
    # S -> A, B; A -> S (on the path: refused), G; B -> G. h = 0: a tree search on g.
    graph = Graph.s_to_g(
        [("S", "A", 1.0), ("S", "B", 2.0), ("A", "S", 1.0), ("A", "G", 5.0), ("B", "G", 1.0)]
    )
    seen = Detailed()
    best_first(graph, lambda _s: 0.0, observer=seen)
    frontiers = [e for e in seen.events if isinstance(e, Frontier)]
    # S (0) pushes A 1, B 2; A (1) pushes G 3 (S refused: a cycle); B (2) pushes G 4
    assert [(e.node, [(p.state, p.node) for p in e.pushed]) for e in frontiers] == [
        (0, [("A", 1), ("B", 2)]),
        (1, [("G", 3)]),
        (2, [("G", 4)]),
    ]
    assert [(p.state, p.f) for p in frontiers[-1].head] == [("G", 3), ("G", 6)]
    assert [(e.state, e.reason) for e in seen.events if isinstance(e, Prune)] == [("S", "cycle")]


def test_rbfs_tells_the_f_limit_of_each_expansion() -> None:
    # test_events_astar's graph: A (f 1) under the limit 2 (B), B (2) under 6 (A backed
    # up), C (3) under 6, then A (6) again under 7 (B backed up).
    graph = Graph.s_to_g(
        [("S", "A", 1.0), ("S", "B", 2.0), ("A", "G", 5.0), ("B", "C", 1.0), ("C", "G", 4.0)]
    )
    seen = Detailed()
    rbfs(graph, lambda _s: 0.0, observer=seen)
    limits = [(e.state, e.limit) for e in seen.events if isinstance(e, Ceiling)]
    assert limits == [("S", math.inf), ("A", 2), ("B", 6), ("C", 6), ("A", 7)]
    expands = [e.state for e in seen.events if isinstance(e, Expand)]
    assert expands == [state for state, _ in limits]
    quiet = Recorder()
    rbfs(graph, lambda _s: 0.0, observer=quiet)
    assert plain(seen.events) == quiet.events


class Line:
    """Walk along 0..9 towards 7 by steps of 1 or 3; h = distance to 7 (4 if at 3)."""

    initial = 0

    def successors(self, state: int) -> Any:
        for step in (1, 3, -1):
            if 0 <= state + step <= 9:
                yield f"{step:+d}", state + step, 1.0

    def is_goal(self, state: int) -> bool:
        return state == 7


def line_h(state: int) -> float:
    return 4.0 if state == 3 else float(abs(7 - state))


def test_hill_climbing_tells_every_score_before_each_move() -> None:
    for variant in ("steepest", "first-choice", "stochastic"):
        seen = Detailed()
        hill_climbing(Line(), line_h, variant=variant, seed=3, observer=seen)
        scored = [e for e in seen.events if isinstance(e, Candidates)]
        assert scored, variant
        for event in scored:
            moves = {move: value for move, value in event.scores}
            # each value is h of the successor the move leads to, as worked out here
            for move, value in moves.items():
                assert value == line_h(event.state + int(move)), (variant, event)  # type: ignore[operator]
            assert event.best == min(moves.values())
            assert event.total == len(event.scores)
        if variant == "steepest":
            assert [(e.state, e.scores) for e in scored][:2] == [
                (0, (("+1", 6.0), ("+3", 4.0))),
                (3, (("+1", 3.0), ("+3", 1.0), ("-1", 5.0))),
            ]
        quiet = Recorder()
        hill_climbing(Line(), line_h, variant=variant, seed=3, observer=quiet)
        assert plain(seen.events) == quiet.events, variant


def test_candidates_keep_the_first_detail_scores_and_count_them_all() -> None:
    seen = Detailed(1)
    hill_climbing(Line(), line_h, observer=seen)
    first = next(e for e in seen.events if isinstance(e, Candidates))
    assert (first.scores, first.total, first.best) == ((("+1", 6.0),), 2, 4.0)


def test_detail_events_encode_without_numbers_or_counts() -> None:
    encoder = EventEncoder()
    expand = encoder(Expand("S", 0, 4, 4, 0, 0))
    detail = encoder(Frontier(0, (Entry("A", 1, 4, 5, 1),), (Entry("A", 1, 4, 5, 1, True),), 1))
    after = encoder(Generate("S", "m", "A", 1, 4))
    assert (expand["i"], after["i"]) == (0, 1)  # the detail took no number
    assert "i" not in detail and "c" not in detail
    assert detail["head"] == [{"state": "A", "g": 1, "h": 4, "f": 5, "node": 1, "stale": True}]
    assert encoder(Ceiling("S", math.inf)) == {"state": "S", "limit": None, "kind": "ceiling"}
