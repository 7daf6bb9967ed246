"""Depth-first backtracking as a lazy stream of solutions: every solution exactly once,
in the problem's order, nothing computed past the one asked for."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from test_algorithms_support import (
    Graph,
    RowByRow,
    last_queen_safe,
    no_hang,  # noqa: F401
    parse_arcs,
    simple_paths_to_goals,
)

from searchlab import Expand, InputError, Limits, Prune, Recorder, Status, depth_first_solutions

# A DAG with 2 * 3 * 2 + extra routes from S to G; arcs listed in a deliberate order.
DAG = parse_arcs("S-B 1, S-A 1, A-D 1, A-C 1, B-C 1, B-G 9, C-E 1, C-D 1, D-G 1, E-G 1, E-D 1")
# Every state of S, A, B, C and D linked to every other, both ways; no goal among them.
CLIQUE = [(a, b, 1) for a in "SABCD" for b in "SABCD" if a != b]


def test_yields_every_simple_path_once_in_successor_order() -> None:
    graph = Graph(DAG, "S", ["G"])
    found = [s.path for s in depth_first_solutions(graph)]
    # The order of a depth-first walk, arcs in the order given, worked out by hand:
    assert found == [
        ("S", "B", "C", "E", "G"),
        ("S", "B", "C", "E", "D", "G"),
        ("S", "B", "C", "D", "G"),
        ("S", "B", "G"),
        ("S", "A", "D", "G"),
        ("S", "A", "C", "E", "G"),
        ("S", "A", "C", "E", "D", "G"),
        ("S", "A", "C", "D", "G"),
    ]
    assert found == simple_paths_to_goals(graph)
    assert len(set(found)) == len(found)


def test_each_solution_carries_its_moves_and_cost() -> None:
    graph = Graph(DAG, "S", ["G"])
    for solution in depth_first_solutions(graph):
        assert solution.status is Status.SOLVED
        assert solution.cost == graph.path_cost(solution.path, solution.moves)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_complete_digraph_has_the_counted_number_of_simple_paths(n: int) -> None:
    # In the complete digraph on n states, simple paths from 0 to n-1 pick an ordered
    # subset of the n-2 others: sum over k of (n-2)! / (n-2-k)!  (1, 2, 5, 16, 65).
    arcs = [(a, b, 1) for a in range(n) for b in range(n) if a != b]
    graph = Graph(arcs, 0, [n - 1])
    expected = sum(len(list(itertools.permutations(range(n - 2), k))) for k in range(n - 1))
    solutions = depth_first_solutions(graph)
    assert sum(1 for _ in solutions) == expected == [1, 2, 5, 16, 65][n - 2]
    assert solutions.exhausted


def preorder(graph: Graph[str]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """The walk depth-first search should make, written out independently: ("expand",
    path) when a non-goal state's successors are asked for, ("solution", path) at a goal."""

    def walk(path: tuple[str, ...]) -> Iterator[tuple[str, tuple[str, ...]]]:
        if path[-1] in graph.goals:
            yield ("solution", path)
            return
        yield ("expand", path)
        for _, child, _ in graph.out.get(path[-1], ()):
            if child not in path:
                yield from walk((*path, child))

    return walk((graph.initial,))


def test_computes_nothing_past_the_solution_asked_for() -> None:
    graph = Graph(DAG, "S", ["G"])
    walk = list(preorder(graph))
    solutions = depth_first_solutions(graph)
    assert graph.calls == 0  # building the stream computes nothing
    for k in range(1, 9):
        nth = next(solutions)
        # the preorder walk up to the k-th solution, and not one step further
        upto = list(itertools.islice((i for i, e in enumerate(walk) if e[0] == "solution"), k))
        expands = sum(1 for e in walk[: upto[-1] + 1] if e[0] == "expand")
        assert nth.path == walk[upto[-1]][1]
        assert graph.calls == expands == solutions.stats.expanded
        assert solutions.found == k
        assert solutions.status is None and not solutions.exhausted
    assert next(solutions, None) is None
    assert solutions.exhausted and solutions.status is Status.EXHAUSTED


def test_pulls_successors_one_at_a_time() -> None:
    # S has many successors; the first is a goal: only it may have been pulled.
    graph = Graph([("S", "G", 1)] + [("S", f"X{i}", 1) for i in range(50)], "S", ["G"])
    solutions = depth_first_solutions(graph)
    assert next(solutions).path == ("S", "G")
    assert graph.pulled == 1
    assert solutions.stats.generated == 1


def test_exhausted_only_after_the_end_is_proved() -> None:
    graph = Graph([("S", "G", 1), ("S", "A", 1), ("A", "G", 1)], "S", ["G"])
    solutions = depth_first_solutions(graph)
    first, second = next(solutions), next(solutions)
    assert (first.path, second.path) == (("S", "G"), ("S", "A", "G"))
    assert not solutions.exhausted  # nobody has asked whether there is a third
    assert list(solutions) == []
    assert solutions.exhausted
    assert list(solutions) == []  # stays ended


def test_a_goal_start_is_one_solution_and_is_not_expanded() -> None:
    graph = Graph([("S", "A", 1), ("A", "S", 1)], "S", ["S"])
    solutions = depth_first_solutions(graph)
    assert [s.path for s in solutions] == [("S",)]
    assert graph.calls == 0


def test_goals_are_leaves() -> None:
    # G1 is a goal with a goal G2 beyond it: G2 is reached only by the path avoiding G1.
    graph = Graph([("S", "G1", 1), ("G1", "G2", 1), ("S", "G2", 5)], "S", ["G1", "G2"])
    assert [s.path for s in depth_first_solutions(graph)] == [("S", "G1"), ("S", "G2")]


def test_path_cycle_checking_terminates_on_a_graph_full_of_cycles() -> None:
    # Only simple paths are walked.
    graph = Graph(CLIQUE, "S", ["Z"])
    seen = Recorder()
    solutions = depth_first_solutions(graph, observer=seen)
    assert list(solutions) == []
    assert solutions.exhausted
    # one expansion per simple path from S: 1 + 4 + 12 + 24 + 24
    assert solutions.stats.expanded == 65
    assert {e.reason for e in seen.of_type(Prune)} == {"cycle"}
    assert solutions.stats.max_frontier == 5  # the longest path holds all five states


def test_depth_bound_refuses_deeper_states() -> None:
    graph = Graph(DAG, "S", ["G"])
    seen = Recorder()
    solutions = depth_first_solutions(graph, depth_bound=3, observer=seen)
    paths = [s.path for s in solutions]
    assert paths == [p for p in simple_paths_to_goals(graph) if len(p) - 1 <= 3]
    assert paths == [("S", "B", "G"), ("S", "A", "D", "G")]
    assert solutions.exhausted and solutions.cutoff
    assert {e.reason for e in seen.of_type(Prune)} == {"depth"}
    assert max(e.depth for e in seen.of_type(Expand)) == 3
    # with a bound the space fits in, nothing is cut off
    unbounded = depth_first_solutions(graph, depth_bound=10)
    assert len(list(unbounded)) == 8 and not unbounded.cutoff
    assert [s.path for s in depth_first_solutions(graph, depth_bound=0)] == []
    with pytest.raises(InputError, match="depth bound"):
        depth_first_solutions(graph, depth_bound=-1)


def test_constraint_refusals_are_reported_and_obeyed() -> None:
    graph = Graph(DAG, "S", ["G"])
    seen = Recorder()
    paths = [
        s.path for s in depth_first_solutions(graph, constraint=lambda s: s != "C", observer=seen)
    ]
    assert paths == [p for p in simple_paths_to_goals(graph) if "C" not in p]
    assert paths == [("S", "B", "G"), ("S", "A", "D", "G")]
    refused = [e for e in seen.of_type(Prune) if e.reason == "constraint"]
    assert [e.state for e in refused] == ["C", "C"]  # from B, then from A


@pytest.mark.parametrize(("n", "count"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_n_queens_by_constraint_matches_the_published_counts(n: int, count: int) -> None:
    solutions = depth_first_solutions(RowByRow(n), constraint=last_queen_safe)
    assert sum(1 for _ in solutions) == count
    assert solutions.exhausted


def test_first_eight_queens_solution_is_the_lexicographically_first() -> None:
    first = next(depth_first_solutions(RowByRow(8), constraint=last_queen_safe))
    assert tuple(c + 1 for c in first.final_state) == (1, 5, 8, 6, 3, 7, 2, 4)


def test_max_expanded_ends_the_stream_with_limit_reached() -> None:
    solutions = depth_first_solutions(Graph(CLIQUE, "S", ["Z"]), limits=Limits(max_expanded=10))
    assert list(solutions) == []
    assert solutions.status is Status.LIMIT_REACHED and solutions.limit == "max_expanded"
    assert solutions.stats.expanded == 10
    assert not solutions.exhausted


class FakeClock:
    """Stands in for ``time`` in the engine so time limits can be tested exactly."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


def test_time_between_requests_is_not_search_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import searchlab.algorithms.uninformed
    import searchlab.core.limits

    clock = FakeClock()
    monkeypatch.setattr(searchlab.core.limits, "time", clock)
    monkeypatch.setattr(searchlab.algorithms.uninformed, "time", clock)

    class Slow(Graph[str]):
        def successors(self, state: str) -> Iterator[tuple[str, str, float]]:
            clock.now += 10.0  # every expansion takes 10 "seconds"
            return super().successors(state)

    arcs = [("S", "G", 1), ("S", "A", 1), ("A", "G", 1), ("A", "B", 1), ("B", "G", 1)]
    solutions = depth_first_solutions(Slow(arcs, "S", ["G"]), limits=Limits(max_seconds=25.0))
    clock.now += 1000.0  # built long before it is used
    assert next(solutions).path == ("S", "G")  # 10 s spent
    clock.now += 1000.0  # the user reads the first solution
    assert next(solutions).path == ("S", "A", "G")  # 20 s spent
    assert solutions.stats.seconds == 20.0
    clock.now += 1000.0
    # B would be the third expansion, at 20 s; the fourth (none) would start at 30 s
    assert next(solutions).path == ("S", "A", "B", "G")
    assert next(solutions, None) is None
    assert solutions.status is Status.EXHAUSTED
    # with 15 s, the check before A's expansion sees 10 s (go on), the one before B's
    # sees 20 s (stop): two solutions, then limit_reached
    tight = depth_first_solutions(Slow(arcs, "S", ["G"]), limits=Limits(max_seconds=15.0))
    assert [s.path for s in tight] == [("S", "G"), ("S", "A", "G")]
    assert tight.status is Status.LIMIT_REACHED and tight.limit == "max_seconds"
    assert tight.stats.expanded == 2
