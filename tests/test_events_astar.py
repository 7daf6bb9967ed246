"""Exact event traces of A* on three small graphs, derived by hand below: with a
consistent, an inconsistent (admissible) and an inadmissible heuristic.

The open list orders entries by (f, h, push order): equal f goes to the lower h,
then to the entry pushed first. Expand's ``frontier`` is the heap size after the pop.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from test_algorithms_support import Graph, no_hang, parse_arcs  # noqa: F401

from searchlab import (
    Backtrack,
    Expand,
    Generate,
    Prune,
    Recorder,
    SearchResult,
    Solution,
    Status,
    Threshold,
    astar,
    breadth_first,
    depth_first,
    depth_first_solutions,
    ida_star,
    iterative_deepening,
    rbfs,
    uniform_cost,
)


def run(
    arcs: Iterable[tuple[str, str, float]], h: Mapping[str, float]
) -> tuple[Recorder, SearchResult[str, str]]:
    """A* from S to G on ``arcs`` with ``h`` as a table: the events seen, and the result."""
    seen = Recorder()
    found = astar(Graph(arcs, "S", ["G"]), h.__getitem__, observer=seen)
    return seen, found


def test_consistent_heuristic_expands_each_state_once_in_f_order() -> None:
    # h is consistent (h(u) <= c(u,v) + h(v) on every arc) and exact at C.
    arcs = parse_arcs("S-A 1, S-B 2, A-C 2, B-C 1, C-G 3, B-G 6")
    h = {"S": 4, "A": 4, "B": 3, "C": 3, "G": 0}
    seen, found = run(arcs, h)
    assert seen.events == [
        # pop S (f 4); push A (f 1+4=5, h 4) and B (f 2+3=5, h 3)
        Expand("S", 0, 4, 4, 0, 0),
        Generate("S", "S>A", "A", 1, 4),
        Generate("S", "S>B", "B", 2, 3),
        # f ties at 5: B has the lower h. Push C (3+3=6) and G (8+0=8)
        Expand("B", 2, 3, 5, 1, 1),
        Generate("B", "B>C", "C", 3, 3),
        Generate("B", "B>G", "G", 8, 0),
        # A (f 5); its path to C costs 3 again: not cheaper, refused
        Expand("A", 1, 4, 5, 1, 2),
        Generate("A", "A>C", "C", 3, 3),
        Prune("C", "closed"),
        # C (f 6): G improves from 8 to 6
        Expand("C", 3, 3, 6, 2, 1),
        Generate("C", "C>G", "G", 6, 0),
        # G at f 6 is taken before its stale entry at 8 ever surfaces
        Solution(("S", "B", "C", "G"), 6, 1),
    ]
    assert found.stats.expanded == 4
    assert found.stats.generated == 6
    assert found.stats.max_frontier == 3  # A, C, G after B


# S-A-B-G costs 5 (optimal); S-B-G costs 6. h is admissible (h*(A) = 4) but not
# consistent: h(A) = 4 > c(A,B) + h(B) = 1.
REOPENING = parse_arcs("S-A 1, S-B 3, A-B 1, B-G 3")
REOPENING_H = {"S": 0, "A": 4, "B": 0, "G": 0}


def test_inconsistent_heuristic_reopens_a_state_with_a_lower_g() -> None:
    seen, found = run(REOPENING, REOPENING_H)
    assert seen.events == [
        Expand("S", 0, 0, 0, 0, 0),
        Generate("S", "S>A", "A", 1, 4),  # f 5
        Generate("S", "S>B", "B", 3, 0),  # f 3
        Expand("B", 3, 0, 3, 1, 1),  # B first, with g 3
        Generate("B", "B>G", "G", 6, 0),  # f 6
        Expand("A", 1, 4, 5, 1, 1),
        Generate("A", "A>B", "B", 2, 0),  # cheaper than 3: B is re-opened
        Expand("B", 2, 0, 2, 2, 1),  # B again, with the lower g 2
        Generate("B", "B>G", "G", 5, 0),  # G improves from 6 to 5
        Solution(("S", "A", "B", "G"), 5, 1),
    ]
    expansions_of_b = [e.g for e in seen.of_type(Expand) if e.state == "B"]
    assert expansions_of_b == [3, 2]
    assert found.cost == 5


def test_inadmissible_heuristic_can_miss_the_cheapest_path() -> None:
    # The cheapest path is S-B-G (4), but h(B) = 10 > h*(B) = 2 hides it.
    # C is first reached at g 4, then at g 2 through A; the g-4 entry goes stale.
    arcs = parse_arcs("S-A 1, S-C 4, S-B 2, A-C 1, C-G 3, B-G 2")
    h = {"S": 0, "A": 0, "B": 10, "C": 0, "G": 0}
    seen, found = run(arcs, h)
    assert seen.events == [
        Expand("S", 0, 0, 0, 0, 0),
        Generate("S", "S>A", "A", 1, 0),  # f 1
        Generate("S", "S>C", "C", 4, 0),  # f 4
        Generate("S", "S>B", "B", 2, 10),  # f 12
        Expand("A", 1, 0, 1, 1, 2),
        Generate("A", "A>C", "C", 2, 0),  # f 2, improves C
        Expand("C", 2, 0, 2, 2, 2),  # heap left: C(4), B(12)
        Generate("C", "C>G", "G", 5, 0),  # f 5
        Prune("C", "stale"),  # the old C entry (f 4) surfaces and is skipped
        Solution(("S", "A", "C", "G"), 5, 1),  # G (5) before B (12): suboptimal
    ]
    assert found.status is Status.SOLVED
    assert found.cost == 5
    assert found.stats.expanded == 3
    assert uniform_cost(Graph(arcs, "S", ["G"])).cost == 4


def test_no_observer_gives_the_same_result() -> None:
    quiet = astar(Graph(REOPENING, "S", ["G"]), REOPENING_H.__getitem__)
    _, loud = run(REOPENING, REOPENING_H)
    assert (quiet.path, quiet.cost, quiet.stats.expanded) == (
        loud.path,
        loud.cost,
        loud.stats.expanded,
    )


def test_breadth_first_trace_tests_goals_when_generated() -> None:
    # S -> A, B; A -> S (closed), G. G is found when generated: B is never expanded.
    graph = Graph([("S", "A", 1), ("S", "B", 1), ("A", "S", 1), ("A", "G", 1)], "S", ["G"])
    seen = Recorder()
    found = breadth_first(graph, observer=seen)
    assert seen.events == [
        Expand("S", 0, 0, 0, 0, 0),
        Generate("S", "S>A", "A", 1, 0),
        Generate("S", "S>B", "B", 1, 0),
        Expand("A", 1, 0, 1, 1, 1),
        Generate("A", "A>S", "S", 2, 0),
        Prune("S", "closed"),
        Generate("A", "A>G", "G", 2, 0),
        Solution(("S", "A", "G"), 2, 1),
    ]
    assert found.stats.expanded == 2


def test_depth_first_trace_backtracks_and_refuses_cycles() -> None:
    # S -> A -> {S (on path), B (dead end)}; S -> G.
    graph = Graph([("S", "A", 1), ("A", "S", 1), ("A", "B", 1), ("S", "G", 5)], "S", ["G"])
    seen = Recorder()
    solutions = depth_first_solutions(graph, observer=seen)
    assert [s.path for s in solutions] == [("S", "G")]
    assert seen.events == [
        Expand("S", 0, 0, 0, 0, 0),
        Generate("S", "S>A", "A", 1, 0),
        Expand("A", 1, 0, 1, 1, 0),
        Generate("A", "A>S", "S", 2, 0),
        Prune("S", "cycle"),
        Generate("A", "A>B", "B", 2, 0),
        Expand("B", 2, 0, 2, 2, 0),
        Backtrack("B", 2),
        Backtrack("A", 1),
        Generate("S", "S>G", "G", 5, 0),
        Solution(("S", "G"), 5, 1),
        Backtrack("G", 1),
        Backtrack("S", 0),
    ]


def test_ida_star_trace_raises_its_bound_to_the_least_f_that_passed_it() -> None:
    # S -1-> A -1-> G and S -3-> G, h = 0: bounds 0, then 1 (A), then 2 (G via A).
    graph = Graph([("S", "A", 1), ("S", "G", 3), ("A", "G", 1)], "S", ["G"])
    seen = Recorder()
    found = ida_star(graph, lambda _s: 0, observer=seen)
    assert [e.bound for e in seen.of_type(Threshold)] == [0, 1, 2]
    assert [(e.state, e.reason) for e in seen.of_type(Prune)] == [
        ("A", "bound"),  # round 1 (bound 0): A (f 1) and G (f 3)
        ("G", "bound"),
        ("G", "bound"),  # round 2 (bound 1): G via A (f 2), then G direct (f 3)
        ("G", "bound"),
    ]
    assert (found.path, found.cost, found.stats.iterations) == (("S", "A", "G"), 2, 3)
    assert found.stats.expanded == len(seen.of_type(Expand)) == 1 + 2 + 2


def test_rbfs_backs_up_f_and_returns_to_a_forgotten_subtree() -> None:
    # S -1-> A -5-> G (6);  S -2-> B -1-> C -4-> G (7).  h = 0.
    # RBFS: A (f 1) first with ceiling 2 (B): A's child G has f 6 > 2, A backs up to 6.
    # B (f 2) with ceiling 6: C (f 3) with ceiling 6: G via C f 7 > 6 -> C backs up
    # to 7, B to 7. A (6) again with ceiling 7: G (6) is reached.
    graph = Graph.s_to_g(
        [("S", "A", 1), ("S", "B", 2), ("A", "G", 5), ("B", "C", 1), ("C", "G", 4)]
    )
    seen = Recorder()
    found = rbfs(graph, lambda _s: 0, observer=seen)
    assert [e.state for e in seen.of_type(Expand)] == ["S", "A", "B", "C", "A"]
    assert [e.f for e in seen.of_type(Expand)] == [0, 1, 2, 3, 6]
    assert (found.path, found.cost) == (("S", "A", "G"), 6)


def test_rbfs_children_inherit_a_backed_up_f() -> None:
    # S -1-> A -1-> X -4-> G (6);  S -2-> B -5-> G (7).  h = 0.
    # A (f 1, ceiling 2): X (f 2, ceiling 2): G f 6 > 2, X backs up to 6, A to 6.
    # B (f 2, ceiling 6): G f 7 > 6, B backs up to 7. A again (f 6, ceiling 7): its child
    # X takes max(static f 2, A's 6) = 6 (Korf's rule), and G (6) is reached under it.
    graph = Graph.s_to_g(
        [("S", "A", 1), ("S", "B", 2), ("A", "X", 1), ("X", "G", 4), ("B", "G", 5)]
    )
    seen = Recorder()
    found = rbfs(graph, lambda _s: 0, observer=seen)
    expanded = [(e.state, e.f) for e in seen.of_type(Expand)]
    assert expanded == [("S", 0), ("A", 1), ("X", 2), ("B", 2), ("A", 6), ("X", 6)]
    assert (found.path, found.cost) == (("S", "A", "X", "G"), 6)


def test_iterative_deepening_announces_each_round() -> None:
    graph = Graph([("S", "A", 1), ("A", "B", 1), ("B", "G", 1)], "S", ["G"])
    seen = Recorder()
    found = iterative_deepening(graph, observer=seen)
    assert [e.bound for e in seen.of_type(Threshold)] == [0, 1, 2, 3]
    assert found.path == ("S", "A", "B", "G")
    assert found.stats.expanded == len(seen.of_type(Expand))
    assert found.stats.generated == len(seen.of_type(Generate))


def test_max_frontier_counts_the_open_list_at_its_fullest() -> None:
    # S -> A, B, C; A -> D, E, G. Breadth-first: after S the queue holds A, B, C (3);
    # taking A leaves B, C, then D and E join (4) before G is generated and wins.
    arcs = [("S", x, 1) for x in "ABC"] + [("A", x, 1) for x in "DEG"]
    assert breadth_first(Graph(arcs, "S", ["G"])).stats.max_frontier == 4
    # A* with h = 0 (ties: first pushed): S -> heap A, B, C (3); A -> B, C, D, E, G (5)
    assert astar(Graph(arcs, "S", ["G"]), lambda _s: 0).stats.max_frontier == 5
    # depth-first: the path S, A, G is the most it holds
    assert depth_first(Graph(arcs, "S", ["G"])).stats.max_frontier == 3
