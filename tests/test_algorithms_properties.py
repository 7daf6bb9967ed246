"""Property tests on random small weighted digraphs: the engine's answers against a
Dijkstra, a breadth-first search and a brute-force path enumeration written here."""

from __future__ import annotations

import math
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_algorithms_support import (
    FEWEST_MOVES,
    INFORMED,
    OPTIMAL_INFORMED,
    Graph,
    dijkstra_to_goal,
    fewest_moves,
    no_hang,  # noqa: F401
    simple_paths_to_goals,
)

from searchlab import (
    Heuristic,
    SearchResult,
    Status,
    depth_first_solutions,
    uniform_cost,
    weighted_astar,
)

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def graphs(draw: st.DrawFn, max_states: int = 7, max_cost: int = 9) -> Graph[int]:
    """A random digraph on states 0..n-1, start 0: each state gets one to three arcs
    (parallel arcs and self-loops allowed, zero costs too); state n-1 is a goal, and
    sometimes one more state is."""
    n = draw(st.integers(2, max_states))
    arcs = [
        (state, target, cost)
        for state in range(n)
        for target, cost in draw(
            st.lists(
                st.tuples(st.integers(0, n - 1), st.integers(0, max_cost)), min_size=1, max_size=3
            )
        )
    ]
    goals = {n - 1} | draw(st.sets(st.integers(0, n - 1), max_size=1))
    return Graph(arcs, 0, goals)


@st.composite
def graphs_with_admissible_h(draw: st.DrawFn) -> tuple[Graph[int], dict[int, float], float]:
    """A graph, a heuristic h = h* · factor (factor in [0, 1] per state, so admissible;
    inf where no goal is reachable, which is exact), and the optimal cost."""
    graph = draw(graphs())
    exact = dijkstra_to_goal(graph)
    h: dict[int, float] = {}
    for state in sorted(exact, key=repr):
        factor = draw(st.sampled_from([0.0, 0.25, 0.5, 1.0]))
        h[state] = exact[state] if math.isinf(exact[state]) else exact[state] * factor
    return graph, h, exact[graph.initial]


OPTIMAL: dict[str, Callable[[Graph[int], Heuristic[int]], SearchResult[int, str]]] = {
    **{search.__name__: search for search in OPTIMAL_INFORMED},
    "uniform_cost": lambda g, _h: uniform_cost(g),
}


@SETTINGS
@given(graphs_with_admissible_h())
def test_optimal_searches_cost_what_dijkstra_says(
    case: tuple[Graph[int], dict[int, float], float],
) -> None:
    graph, h, optimum = case
    for name, search in OPTIMAL.items():
        found = search(graph, h.__getitem__)
        if math.isinf(optimum):
            assert found.status is Status.EXHAUSTED, name
            assert (found.path, found.cost) == ((), None), name
        else:
            assert found.status is Status.SOLVED, name
            assert found.cost == optimum, name
            assert graph.path_cost(found.path, found.moves) == optimum, name
            assert graph.is_goal(found.final_state), name


@SETTINGS
@given(graphs())
def test_zero_heuristic_gives_the_same_optimum(graph: Graph[int]) -> None:
    optimum = dijkstra_to_goal(graph)[graph.initial]
    for name, search in OPTIMAL.items():
        found = search(graph, lambda _s: 0)
        assert found.solved is (not math.isinf(optimum)), name
        if found.solved:
            assert found.cost == optimum, name


@SETTINGS
@given(graphs_with_admissible_h(), st.sampled_from([1.0, 1.5, 2.0, 5.0]))
def test_weighted_astar_stays_within_its_factor(
    case: tuple[Graph[int], dict[int, float], float], weight: float
) -> None:
    graph, h, optimum = case
    found = weighted_astar(graph, h.__getitem__, weight)
    assert found.solved is (not math.isinf(optimum))
    if found.solved:
        assert found.cost is not None
        assert optimum <= found.cost <= weight * optimum
        assert graph.path_cost(found.path, found.moves) == found.cost


@SETTINGS
@given(graphs(), st.lists(st.integers(0, 30), min_size=7, max_size=7))
def test_any_heuristic_gives_a_real_path_whose_cost_is_reported(
    graph: Graph[int], values: list[int]
) -> None:
    # Inadmissible h: no optimality promise, but the path must be real, end at a goal,
    # and cost what is reported; and a goal is found exactly when one is reachable.
    reachable = not math.isinf(dijkstra_to_goal(graph)[graph.initial])

    def h(state: int) -> float:
        return values[state]

    for search in INFORMED:
        found = search(graph, h)
        assert found.solved is reachable, search.__name__
        if found.solved:
            assert graph.path_cost(found.path, found.moves) == found.cost, search.__name__
            assert graph.is_goal(found.final_state)
        else:
            assert found.status is Status.EXHAUSTED


@SETTINGS
@given(graphs())
def test_breadth_first_and_iterative_deepening_find_fewest_moves(graph: Graph[int]) -> None:
    shortest = fewest_moves(graph)
    for search in FEWEST_MOVES:
        found = search(graph)
        if math.isinf(shortest):
            assert found.status is Status.EXHAUSTED, search.__name__
        else:
            assert found.solved, search.__name__
            assert len(found.moves) == shortest, search.__name__
            assert graph.path_cost(found.path, found.moves) == found.cost


@SETTINGS
@given(graphs(max_states=5))
def test_depth_first_yields_exactly_the_simple_paths_in_order(graph: Graph[int]) -> None:
    solutions = depth_first_solutions(graph)
    found = [s.path for s in solutions]
    assert found == simple_paths_to_goals(graph)
    assert solutions.exhausted
    for solution in depth_first_solutions(graph):
        assert solution.cost == graph.path_cost(solution.path, solution.moves)


@SETTINGS
@given(graphs(max_states=5), st.integers(0, 4))
def test_depth_bound_keeps_exactly_the_short_enough_paths(graph: Graph[int], bound: int) -> None:
    found = [s.path for s in depth_first_solutions(graph, depth_bound=bound)]
    assert found == [p for p in simple_paths_to_goals(graph) if len(p) - 1 <= bound]
