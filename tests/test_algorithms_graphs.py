"""The systematic algorithms on small hand-made graphs whose answers are worked out
in the comments: optimality, fewest moves, agreement, and the bad inputs they refuse."""

from __future__ import annotations

import math

import pytest
from test_algorithms_support import (
    FEWEST_MOVES,
    INFORMED,
    OPTIMAL_INFORMED,
    UNINFORMED,
    Graph,
    Informed,
    Uninformed,
    no_hang,  # noqa: F401
)

from searchlab import (
    Expand,
    Heuristic,
    InputError,
    Limits,
    Recorder,
    Status,
    astar,
    best_first,
    greedy_best_first,
    ida_star,
    iterative_deepening,
    rbfs,
    uniform_cost,
    weighted_astar,
)
from searchlab.algorithms.registry import (
    ALGORITHMS,
    CSP_SOLVERS,
    SEARCHES,
    run_algorithm,
    stream_algorithm,
)

# S -1-> A -10-> G            cheapest: S-B-C-G = 2+2+2 = 6
# S -2-> B -2-> C -2-> G      fewest moves: S-A-G (2 moves, cost 11)
TRAP = [("S", "A", 1), ("S", "B", 2), ("A", "G", 10), ("B", "C", 2), ("C", "G", 2)]
# Admissible (true distances: S 6, A 10, B 4, C 2), but A looks nearest the goal.
TRAP_H = {"S": 5, "A": 3, "B": 4, "C": 2, "G": 0}


def trap() -> Graph[str]:
    return Graph(TRAP, "S", ["G"])


def h_trap(state: str) -> float:
    return TRAP_H[state]


def zero(_state: object) -> float:
    return 0.0


def test_astar_is_optimal_where_greedy_is_not() -> None:
    found = astar(trap(), h_trap)
    assert found.status is Status.SOLVED
    assert found.path == ("S", "B", "C", "G")
    assert found.moves == ("S>B", "B>C", "C>G")
    assert found.cost == 6
    # Greedy expands S, then A (h 3 < 4), which generates G: it takes the 11 path.
    greedy = greedy_best_first(trap(), h_trap)
    assert greedy.status is Status.SOLVED
    assert greedy.path == ("S", "A", "G")
    assert greedy.cost == 11


@pytest.mark.parametrize("search", OPTIMAL_INFORMED)
@pytest.mark.parametrize("h", [h_trap, zero])
def test_informed_optimal_searches_agree_on_the_cheapest_path(
    search: Informed, h: Heuristic[str]
) -> None:
    graph = trap()
    found = search(graph, h)
    assert found.status is Status.SOLVED
    assert found.path == ("S", "B", "C", "G")
    assert found.cost == 6 == graph.path_cost(found.path, found.moves)


def test_uniform_cost_is_astar_with_zero_h_event_for_event() -> None:
    graph = Graph([*TRAP, ("A", "B", 0), ("C", "S", 1), ("B", "G", 5)], "S", ["G"])
    seen_ucs, seen_astar = Recorder(), Recorder()
    by_ucs = uniform_cost(graph, observer=seen_ucs)
    by_astar = astar(graph, zero, observer=seen_astar)
    assert by_ucs.path == by_astar.path
    assert by_ucs.cost == by_astar.cost == 5  # S-A-B-C-G = 1+0+2+2
    assert seen_ucs.events == seen_astar.events
    assert by_ucs.stats.expanded == by_astar.stats.expanded


@pytest.mark.parametrize("search", FEWEST_MOVES)
def test_uninformed_searches_find_fewest_moves(search: Uninformed) -> None:
    found = search(trap())
    assert found.status is Status.SOLVED
    assert found.path == ("S", "A", "G")
    assert found.cost == 11


def test_uniform_cost_is_cheapest_not_shortest() -> None:
    found = uniform_cost(trap())
    assert (found.path, found.cost) == (("S", "B", "C", "G"), 6)


def test_weighted_astar_trades_cost_for_speed_within_its_bound() -> None:
    # S -3-> A -2-> G  (cost 5, optimal)     h(A) = 2 (exact)
    # S -1-> B -5-> G  (cost 6)              h(B) = 0 (admissible, true 5)
    graph = Graph([("S", "A", 3), ("S", "B", 1), ("A", "G", 2), ("B", "G", 5)], "S", ["G"])
    h = {"S": 0, "A": 2, "B": 0, "G": 0}.__getitem__
    # w = 3: f(A) = 3 + 6 = 9, f(B) = 1; B is expanded, G enters at f = 6 < 9 and wins.
    heavy = weighted_astar(graph, h, 3.0)
    assert (heavy.path, heavy.cost) == (("S", "B", "G"), 6)
    assert heavy.cost is not None and heavy.cost <= 3.0 * 5
    # w = 1 is A*: f(A) = 5 < 6, so A is expanded and G improves to 5 before it is taken.
    plain = weighted_astar(graph, h, 1.0)
    assert (plain.path, plain.cost) == (("S", "A", "G"), 5)
    assert plain.path == astar(graph, h).path
    # w = 0 is uniform cost.
    assert weighted_astar(graph, h, 0.0).cost == 5


@pytest.mark.parametrize("weight", [-1.0, math.nan, math.inf])
def test_weighted_astar_refuses_a_meaningless_weight(weight: float) -> None:
    with pytest.raises(InputError, match="weight"):
        weighted_astar(trap(), h_trap, weight)


def unreachable() -> Graph[str]:
    # G exists but no arc leads to it; A <-> B is a cycle every search must survive.
    return Graph([("S", "A", 1), ("A", "B", 1), ("B", "A", 1), ("B", "S", 2)], "S", ["G"])


@pytest.mark.parametrize("search", INFORMED)
def test_informed_searches_say_exhausted_when_no_goal_is_reachable(search: Informed) -> None:
    found = search(unreachable(), zero)
    assert found.status is Status.EXHAUSTED
    assert (found.path, found.moves, found.cost, found.length) == ((), (), None, None)
    assert found.stats.expanded >= 3  # S, A and B were all looked at


@pytest.mark.parametrize("search", UNINFORMED)
def test_uninformed_searches_say_exhausted_when_no_goal_is_reachable(search: Uninformed) -> None:
    found = search(unreachable())
    assert found.status is Status.EXHAUSTED
    assert found.stats.expanded >= 3


def test_rbfs_and_ida_star_skip_states_whose_h_is_infinite() -> None:
    # h = inf marks a dead end: nothing below A may be expanded, and with it the goal
    # is still found through B; with every child dead the answer is exhausted, not a hang.
    graph = Graph([("S", "A", 1), ("S", "B", 5), ("A", "X", 1), ("B", "G", 1)], "S", ["G"])
    h = {"S": 0, "A": math.inf, "B": 0, "X": 0, "G": 0}.__getitem__
    for search in (rbfs, ida_star, astar, best_first):
        found = search(graph, h)
        assert (found.path, found.cost) == (("S", "B", "G"), 6), search.__name__
    dead = {"S": 0, "A": math.inf, "B": math.inf, "X": 0, "G": 0}.__getitem__
    for search in (rbfs, ida_star):
        assert search(graph, dead).status is Status.EXHAUSTED, search.__name__


@pytest.mark.parametrize("search", INFORMED)
def test_informed_searches_take_a_goal_start_as_it_is(search: Informed) -> None:
    graph = Graph([("S", "A", 1)], "S", ["S"])
    found = search(graph, zero)
    assert (found.status, found.path, found.moves, found.cost) == (Status.SOLVED, ("S",), (), 0)
    assert found.stats.expanded == 0


@pytest.mark.parametrize("search", UNINFORMED)
def test_uninformed_searches_take_a_goal_start_as_it_is(search: Uninformed) -> None:
    found = search(Graph([("S", "A", 1)], "S", ["S"]))
    assert (found.status, found.path, found.cost) == (Status.SOLVED, ("S",), 0)
    assert found.stats.expanded == 0


def test_zero_cost_cycles_do_not_trap_any_search() -> None:
    graph = Graph.s_to_g(
        [("S", "A", 0), ("A", "S", 0), ("A", "B", 0), ("B", "A", 0), ("B", "G", 3), ("S", "G", 4)]
    )
    for search in (astar, best_first, ida_star, rbfs):
        found = search(graph, zero)
        assert (found.path, found.cost) == (("S", "A", "B", "G"), 3), search.__name__
    assert uniform_cost(graph).cost == 3


def test_iterative_deepening_max_depth_stops_the_deepening() -> None:
    assert iterative_deepening(trap(), max_depth=1).status is Status.EXHAUSTED
    assert iterative_deepening(trap(), max_depth=2).path == ("S", "A", "G")
    # rounds: bounds 0, 1, 2
    assert iterative_deepening(trap()).stats.iterations == 3
    with pytest.raises(InputError):
        iterative_deepening(trap(), max_depth=-1)


def test_bratko_best_first_keeps_only_its_own_path() -> None:
    # A diamond: D is reached twice. A graph search enters D once; Bratko's tree form
    # keeps both nodes (different paths) and expands D twice.
    # Heap (f, newest first): S | A(1), B(1) -> B is newer -> expand B, push D_B(2)
    # | A(1) < D_B(2) -> expand A, push D_A(2) | D_A is newer -> expand D_A, push G_A(12)
    # | expand D_B, push G_B(12) | G_B is newer: the path found runs through B.
    graph = Graph.s_to_g(
        [("S", "A", 1), ("S", "B", 1), ("A", "D", 1), ("B", "D", 1), ("D", "G", 10)]
    )
    seen = Recorder()
    found = best_first(graph, zero, observer=seen)
    expanded = [e.state for e in seen.of_type(Expand)]
    assert expanded == ["S", "B", "A", "D", "D"]
    assert [e.g for e in seen.of_type(Expand)][3:] == [2, 2]
    assert (found.path, found.cost) == (("S", "B", "D", "G"), 12)
    # A* (ties: lower h, then first pushed): S, A, B, D (B's D is no cheaper: closed).
    graph_search = astar(graph, zero)
    assert graph_search.stats.expanded == 4
    assert graph_search.path == ("S", "A", "D", "G")


def test_run_algorithm_finds_every_registered_name() -> None:
    for name in SEARCHES:
        info = ALGORITHMS[name]
        found = run_algorithm(name, trap(), h_trap if info.informed else None)
        assert found.status is Status.SOLVED, name
        if info.optimal and info.informed:
            assert found.cost == 6, name
    for name in CSP_SOLVERS:  # the others run on constraint satisfaction problems only
        with pytest.raises(InputError, match="solves constraint satisfaction problems"):
            run_algorithm(name, trap())
        if ALGORITHMS[name].stream:
            with pytest.raises(InputError, match="solves constraint satisfaction problems"):
                stream_algorithm(name, trap())


def test_run_algorithm_refuses_unknown_names_and_missing_heuristics() -> None:
    with pytest.raises(InputError, match="unknown algorithm 'astra'"):
        run_algorithm("astra", trap(), h_trap)
    with pytest.raises(InputError, match="needs a heuristic"):
        run_algorithm("astar", trap())
    with pytest.raises(InputError, match="weight must be 1 or more"):
        run_algorithm("weighted-astar", trap(), h_trap, options={"weight": -2})
    with pytest.raises(InputError, match="weight does not apply to the algorithm astar"):
        run_algorithm("astar", trap(), h_trap, options={"weight": 2})
    assert run_algorithm("A*", trap(), h_trap).cost == 6  # aliases and case
    assert run_algorithm("weighted_astar", trap(), h_trap, options={"weight": 1.0}).cost == 6
    assert run_algorithm("dfs", trap(), limits=Limits(max_expanded=0)).status is (
        Status.LIMIT_REACHED
    )
