"""The user problems in ``examples/``, each checked against facts found outside its own
code: the published figures (AIMA's Romania routes, 2^n − 1 for Hanoi, 11 crossings),
answers worked out by hand in the comments, and brute-force searches written here.

``examples/`` is not a package on sys.path, so each module is loaded by path, the way
a user who copied one file would load it (without registering it in sys.modules).
"""

from __future__ import annotations

import ast
import heapq
import importlib.util
import inspect
import json
import math
import re
import sys
from collections import deque
from collections.abc import Callable, Hashable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from test_algorithms_support import reachable, reverse_dijkstra

import searchlab
from searchlab import SearchResult, Status

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


water_jugs = load("water_jugs")
romania = load("romania")
missionaries = load("missionaries")
hanoi = load("hanoi")
EXAMPLES: dict[str, ModuleType] = {
    "water_jugs": water_jugs,
    "romania": romania,
    "missionaries": missionaries,
    "hanoi": hanoi,
}


def zero(_state: object) -> float:
    return 0.0


# ---------------------------------------------------------------------------------------
# Generic helpers: a valid path, and the whole reachable space


def assert_valid_path(problem: Any, result: SearchResult[Any, Any]) -> None:
    """Solved; starts at the initial state; each step is one of the problem's own arcs
    (move, next state and cost alike); the cost is the sum of the step costs; the last
    state is a goal."""
    assert result.status is Status.SOLVED, result.status
    assert result.path[0] == problem.initial
    assert len(result.moves) == len(result.path) - 1
    total = 0.0
    for state, move, after in zip(result.path, result.moves, result.path[1:], strict=False):
        arcs = [(m, s, c) for m, s, c in problem.successors(state) if m == move and s == after]
        assert len(arcs) == 1, f"{move!r} from {state!r} to {after!r} is not one arc"
        total += arcs[0][2]
    assert result.cost is not None and math.isclose(result.cost, total)
    assert problem.is_goal(result.path[-1])


def costs_to_goal(problem: Any) -> dict[Any, float]:
    """h*: the cheapest cost from every reachable state to a goal, infinity where none."""
    arcs = reachable(problem)
    return reverse_dijkstra(arcs, arcs, problem.is_goal)


UNINFORMED: dict[str, Callable[[Any], SearchResult[Any, Any]]] = {
    "bfs": searchlab.breadth_first,
    "iterative-deepening": searchlab.iterative_deepening,
    "uniform-cost": searchlab.uniform_cost,
    "dfs": searchlab.depth_first,
}
INFORMED: dict[str, Callable[[Any, Any], SearchResult[Any, Any]]] = {
    "astar": searchlab.astar,
    "ida": searchlab.ida_star,
    "rbfs": searchlab.rbfs,
    "best-first": searchlab.best_first,
    "greedy": searchlab.greedy_best_first,
}
CHEAPEST = {"uniform-cost", "astar", "ida", "rbfs", "best-first"}  # given an admissible h
FEWEST_MOVES = {"bfs", "iterative-deepening"}

# The cheapest cost and the fewest moves of each default problem (the facts below).
DEFAULT_OPTIMUM = {
    "water_jugs": (4, 4),
    "romania": (418, 3),
    "missionaries": (11, 11),
    "hanoi": (7, 7),
}

# Every algorithm on every default problem; the informed ones with each of the
# problem's heuristics, or with h = 0 when it has none.
CASES = [(name, algorithm, None) for name in EXAMPLES for algorithm in UNINFORMED] + [
    (name, algorithm, heuristic)
    for name, module in EXAMPLES.items()
    for heuristic in module.problem().heuristics or ["zero"]
    for algorithm in INFORMED
]


@pytest.mark.parametrize(
    ("name", "algorithm", "heuristic"),
    CASES,
    ids=[f"{name}-{algorithm}" + (f"[{h}]" if h else "") for name, algorithm, h in CASES],
)
def test_every_algorithm_returns_a_valid_path(
    name: str, algorithm: str, heuristic: str | None
) -> None:
    problem = EXAMPLES[name].problem()
    if heuristic is None:
        result = UNINFORMED[algorithm](problem)
        admissible = True
    else:
        h = problem.heuristics.get(heuristic, zero)
        result = INFORMED[algorithm](problem, h)
        admissible = getattr(h, "admissible", True)
    assert_valid_path(problem, result)
    cheapest_cost, fewest_moves = DEFAULT_OPTIMUM[name]
    if algorithm in CHEAPEST and admissible:
        assert result.cost == cheapest_cost
    if algorithm in FEWEST_MOVES:
        assert len(result.moves) == fewest_moves


# ---------------------------------------------------------------------------------------
# Conventions every example keeps (the front ends rely on them)


@pytest.mark.parametrize("name", EXAMPLES)
def test_factory_has_only_keyword_parameters_with_defaults(name: str) -> None:
    factory = EXAMPLES[name].problem
    for parameter in inspect.signature(factory).parameters.values():
        assert parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
        assert parameter.default is not parameter.empty, parameter.name
    problem = factory()
    for attribute in ("initial", "successors", "is_goal", "heuristics", "format_state"):
        assert hasattr(problem, attribute), attribute
    assert isinstance(problem.unit_costs, bool)


def plain(value: object) -> bool:
    """Built only of tuples, strings and ints (so it goes to JSON and back unchanged)."""
    if isinstance(value, tuple):
        return all(plain(item) for item in value)
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def from_json(value: Any) -> Any:
    return tuple(from_json(item) for item in value) if isinstance(value, list) else value


ALL_SPACES = {
    "water_jugs": [water_jugs.problem(), water_jugs.problem(capacities=(8, 5, 3), target=4)],
    "romania": [romania.problem(), romania.problem(start="Neamt", goal="Timisoara")],
    "missionaries": [missionaries.problem(), missionaries.problem(4, 4, 3)],
    "hanoi": [hanoi.problem(), hanoi.problem(discs=4)],
}


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_state_is_hashable_plain_and_readable_on_one_line(name: str) -> None:
    for problem in ALL_SPACES[name]:
        arcs = reachable(problem)
        for state, out in arcs.items():
            assert isinstance(state, Hashable)
            hash(state)
            assert plain(state), state
            assert from_json(json.loads(json.dumps(state))) == state
            text = problem.format_state(state)
            assert isinstance(text, str) and text.strip() and "\n" not in text
            assert isinstance(problem.is_goal(state), bool)
            assert out == list(problem.successors(state))  # the same arcs, in the same order
            assert len({move for move, _, _ in out}) == len(out)  # moves are told apart
            for move, _, cost in out:
                assert isinstance(move, str) and move
                assert cost > 0
                if problem.unit_costs:
                    assert cost == 1


@pytest.mark.parametrize("name", EXAMPLES)
def test_format_state_reads_every_state_of_a_solution_on_one_line(name: str) -> None:
    problem = EXAMPLES[name].problem()
    result = searchlab.breadth_first(problem)
    for state in result.path:
        text = problem.format_state(state)
        assert isinstance(text, str) and text.strip() and "\n" not in text


@pytest.mark.parametrize("name", EXAMPLES)
def test_heuristics_say_what_they_estimate_and_keep_their_word(name: str) -> None:
    for problem in ALL_SPACES[name]:
        truth = costs_to_goal(problem)
        for label, h in problem.heuristics.items():
            assert isinstance(h.admissible, bool), label
            assert h.__doc__ and h.__doc__.strip().splitlines()[0], label
            if h.admissible:
                for state, cost in truth.items():
                    assert h(state) <= cost, (label, state, h(state), cost)


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_are_plain_python(name: str) -> None:
    tree = ast.parse((EXAMPLES_DIR / f"{name}.py").read_text(encoding="utf-8"))
    assert ast.get_docstring(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert not any(alias.name.startswith("searchlab") for alias in node.names)
        if isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("searchlab")


BAD_PARAMETERS = [
    (romania, {"start": "Paris"}, ["'Paris'", "Arad", "Zerind"]),
    (romania, {"goal": "Atlantis"}, ["'Atlantis'", "Bucharest"]),
    (romania, {"start": 3}, ["3", "Arad"]),
    (hanoi, {"discs": 0}, ["discs", "0"]),
    (hanoi, {"discs": "3"}, ["discs", "'3'"]),
    (hanoi, {"discs": True}, ["discs", "True"]),
    (water_jugs, {"capacities": (4, 4)}, ["(4, 4)"]),
    (water_jugs, {"capacities": (4, 0)}, ["(4, 0)"]),
    (water_jugs, {"capacities": ()}, ["()"]),
    (water_jugs, {"capacities": 4}, ["capacities", "4"]),
    (water_jugs, {"capacities": (4, 2.5)}, ["2.5"]),
    (water_jugs, {"target": 0}, ["target", "0"]),
    (water_jugs, {"target": "2"}, ["target", "'2'"]),
    (missionaries, {"cannibals": 4}, ["cannibals", "4", "3"]),
    (missionaries, {"boat": 0}, ["boat", "0"]),
    (missionaries, {"missionaries": -1}, ["missionaries", "-1"]),
]


@pytest.mark.parametrize(("module", "params", "named"), BAD_PARAMETERS)
def test_bad_parameters_raise_one_line_naming_the_bad_value(
    module: ModuleType, params: dict[str, Any], named: list[str]
) -> None:
    with pytest.raises(ValueError) as caught:
        module.problem(**params)
    message = str(caught.value)
    assert "\n" not in message
    for fragment in named:
        assert fragment in message


# ---------------------------------------------------------------------------------------
# Romania: AIMA's figures, and distances computed here from the road list

AIMA_ASTAR_ROUTE = ("Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest")  # 418 km
AIMA_GREEDY_ROUTE = ("Arad", "Sibiu", "Fagaras", "Bucharest")  # 450 km


def road_distances(goal: str) -> dict[str, float]:
    """Dijkstra written out here over ``romania.ROADS``: km from every city to ``goal``."""
    links: dict[str, list[tuple[str, int]]] = {}
    for a, b, km in romania.ROADS:
        links.setdefault(a, []).append((b, km))
        links.setdefault(b, []).append((a, km))
    best = {goal: 0.0}
    heap = [(0.0, goal)]
    done: set[str] = set()
    while heap:
        km_so_far, city = heapq.heappop(heap)
        if city in done:
            continue
        done.add(city)
        for other, km in links[city]:
            if km_so_far + km < best.get(other, math.inf):
                best[other] = km_so_far + km
                heapq.heappush(heap, (km_so_far + km, other))
    return best


def test_romania_astar_with_straight_line_is_the_books_418_route() -> None:
    problem = romania.problem()
    result = searchlab.astar(problem, problem.heuristics["straight-line"])
    assert_valid_path(problem, result)
    assert result.path == AIMA_ASTAR_ROUTE
    assert result.cost == 418 == 140 + 80 + 97 + 101


def test_romania_greedy_with_straight_line_is_the_books_450_route() -> None:
    problem = romania.problem()
    result = searchlab.greedy_best_first(problem, problem.heuristics["straight-line"])
    assert_valid_path(problem, result)
    assert result.path == AIMA_GREEDY_ROUTE
    assert result.cost == 450 == 140 + 99 + 211


def test_romania_uniform_cost_is_418_and_sibiu_to_bucharest_is_278() -> None:
    # AIMA's uniform-cost example (4th ed. fig. 3.10, 3rd ed. fig. 3.15): from Sibiu,
    # the 310 km via Fagaras is found first but 278 via Rimnicu Vilcea and Pitesti wins.
    result = searchlab.uniform_cost(romania.problem())
    assert result.cost == 418 and result.path == AIMA_ASTAR_ROUTE
    from_sibiu = searchlab.uniform_cost(romania.problem(start="Sibiu"))
    assert from_sibiu.cost == 278 == 80 + 97 + 101
    assert from_sibiu.path == ("Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest")


# The 23 lengths printed on the map (AIMA 3rd ed. fig. 3.2, 4th ed. fig. 3.1), read off it
# in the figure's own order, apart from which cities each joins.
MAP_LENGTHS = [71, 75, 118, 111, 70, 75, 120, 151, 140, 99, 80, 97, 101, 211, 138, 146, 85,
               90, 98, 142, 92, 87, 86]  # fmt: skip


def test_romania_road_lengths_are_the_ones_printed_on_the_map() -> None:
    assert sorted(km for _, _, km in romania.ROADS) == sorted(MAP_LENGTHS)


def test_romania_map_has_20_cities_and_23_roads_each_way() -> None:
    cities = {city for a, b, _ in romania.ROADS for city in (a, b)}
    assert len(cities) == 20 and cities == set(romania.STRAIGHT_LINE_TO_BUCHAREST)
    assert len(romania.ROADS) == 23
    assert len({frozenset((a, b)) for a, b, _ in romania.ROADS}) == 23  # no road twice
    problem = romania.problem()
    arcs = {(a, b): km for a in cities for _, b, km in problem.successors(a)}
    assert len(arcs) == 46  # every road, both ways
    for (a, b), km in arcs.items():
        assert arcs[(b, a)] == km
    assert set(reachable(problem)) == cities  # the map is connected


@pytest.mark.parametrize("start", sorted(romania.STRAIGHT_LINE_TO_BUCHAREST))
def test_romania_straight_line_never_exceeds_the_road_distance(start: str) -> None:
    truth = road_distances("Bucharest")
    h = romania.problem().heuristics["straight-line"]
    assert h(start) <= truth[start]
    result = searchlab.uniform_cost(romania.problem(start=start))
    assert result.cost == truth[start]
    result = searchlab.astar(romania.problem(start=start), h)
    assert result.cost == truth[start]


def test_romania_straight_line_is_consistent_as_its_docstring_says() -> None:
    h = romania.straight_line
    for a, b, km in romania.ROADS:
        assert abs(h(a) - h(b)) <= km, (a, b)


@pytest.mark.parametrize(("start", "goal"), [("Arad", "Iasi"), ("Neamt", "Drobeta")])
def test_romania_other_goals_get_no_straight_line_heuristic(start: str, goal: str) -> None:
    problem = romania.problem(start=start, goal=goal)
    assert problem.heuristics == {}
    result = searchlab.uniform_cost(problem)
    assert_valid_path(problem, result)
    assert result.cost == road_distances(goal)[start]


def test_romania_city_names_are_matched_without_regard_to_case() -> None:
    problem = romania.problem(start="arad", goal=" rimnicu vilcea ")
    assert (problem.initial, problem.goal) == ("Arad", "Rimnicu Vilcea")


# ---------------------------------------------------------------------------------------
# Tower of Hanoi: 2^n − 1 (Lucas), and the rule checked move by move


def lucas_moves(n: int, source: str = "A", spare: str = "B", target: str = "C") -> list[str]:
    """The textbook recursion: n − 1 discs out of the way, the largest across, and the
    n − 1 back on top of it."""
    if n == 0:
        return []
    return [
        *lucas_moves(n - 1, source, target, spare),
        f"{n}: {source}→{target}",
        *lucas_moves(n - 1, spare, source, target),
    ]


def assert_hanoi_legal(state: tuple[tuple[int, ...], ...], n: int) -> None:
    assert sorted(disc for peg in state for disc in peg) == list(range(1, n + 1))
    for peg in state:
        assert list(peg) == sorted(peg, reverse=True), f"a larger disc on a smaller: {state}"


@pytest.mark.parametrize("n", range(1, 7))
def test_hanoi_takes_2_to_the_n_minus_1_moves_none_onto_a_smaller_disc(n: int) -> None:
    problem = hanoi.problem(discs=n)
    for result in (
        searchlab.breadth_first(problem),
        searchlab.astar(problem, problem.heuristics["off-target"]),
    ):
        assert_valid_path(problem, result)
        assert len(result.moves) == result.cost == 2**n - 1
        for before, move, after in zip(result.path, result.moves, result.path[1:], strict=False):
            assert_hanoi_legal(after, n)
            parts = re.fullmatch(r"(\d+): ([ABC])→([ABC])", move)
            assert parts is not None, move
            disc, src, dst = parts.groups()
            i, j = "ABC".index(src), "ABC".index(dst)
            assert before[i][-1] == int(disc) == after[j][-1]  # the top disc, now on top
            assert len(after[j]) == 1 or after[j][-2] > int(disc)  # not onto a smaller one
    assert len(lucas_moves(n)) == 2**n - 1


@pytest.mark.parametrize("n", range(1, 6))
def test_hanoi_accepts_the_recursive_solution_move_by_move(n: int) -> None:
    problem = hanoi.problem(discs=n)
    state = problem.initial
    for move in lucas_moves(n):
        (after,) = [s for m, s, _ in problem.successors(state) if m == move]
        state = after
    assert problem.is_goal(state)


@pytest.mark.parametrize("n", range(1, 5))
def test_hanoi_has_3_to_the_n_states(n: int) -> None:
    assert len(reachable(hanoi.problem(discs=n))) == 3**n


# ---------------------------------------------------------------------------------------
# Missionaries and cannibals: 11 crossings, and a brute force written here


def crossings_by_brute_force(m_total: int, c_total: int, boat: int) -> int | None:
    """Fewest crossings, by a breadth-first search over (m, c, boat side) with its own
    rule: nobody outnumbered on a bank that has missionaries."""

    def safe(m: int, c: int) -> bool:
        return (m == 0 or m >= c) and (m_total - m == 0 or m_total - m >= c_total - c)

    start, goal = (m_total, c_total, 1), (0, 0, 0)
    depth = {start: 0}
    queue = deque([start])
    while queue:
        m, c, side = queue.popleft()
        if (m, c, side) == goal:
            return depth[goal]
        for load_m in range(boat + 1):
            for load_c in range(boat + 1):
                if not 1 <= load_m + load_c <= boat:
                    continue
                step = -1 if side == 1 else 1
                nm, nc = m + step * load_m, c + step * load_c
                nxt = (nm, nc, 1 - side)
                if 0 <= nm <= m_total and 0 <= nc <= c_total and safe(nm, nc) and nxt not in depth:
                    depth[nxt] = depth[(m, c, side)] + 1
                    queue.append(nxt)
    return None


def test_missionaries_cross_in_11_never_outnumbered() -> None:
    problem = missionaries.problem()
    assert problem.initial == (3, 3, 1)
    for result in (
        searchlab.breadth_first(problem),
        searchlab.astar(problem, problem.heuristics["crossings"]),
        searchlab.ida_star(problem, problem.heuristics["crossings"]),
    ):
        assert_valid_path(problem, result)
        assert len(result.moves) == result.cost == 11
        for (m, c, side), (m2, c2, side2) in zip(result.path, result.path[1:], strict=False):
            for here, there in ((m, c), (3 - m, 3 - c)):
                assert here == 0 or here >= there, f"missionaries outnumbered in {(m, c, side)}"
            assert side2 == 1 - side  # the boat crosses every time
            carried = abs(m - m2) + abs(c - c2)
            assert 1 <= carried <= 2
        m, c, _ = result.path[-1]
        assert 3 - m == 0 or 3 - m >= 3 - c


@pytest.mark.parametrize(
    ("m", "c", "boat"),
    [
        (3, 3, 2),
        (2, 2, 2),
        (1, 1, 2),
        (3, 2, 2),
        (4, 4, 2),
        (5, 5, 2),
        (4, 4, 3),
        (5, 5, 3),
        (6, 6, 3),
        (6, 6, 4),
    ],
)
def test_missionaries_agree_with_a_brute_force(m: int, c: int, boat: int) -> None:
    problem = missionaries.problem(missionaries=m, cannibals=c, boat=boat)
    expected = crossings_by_brute_force(m, c, boat)
    result = searchlab.breadth_first(problem)
    if expected is None:
        assert result.status is Status.EXHAUSTED
        assert searchlab.astar(problem, problem.heuristics["crossings"]).status is Status.EXHAUSTED
    else:
        assert_valid_path(problem, result)
        assert len(result.moves) == expected
        assert searchlab.astar(problem, problem.heuristics["crossings"]).cost == expected


def test_missionaries_four_pairs_with_a_boat_of_two_cannot_cross() -> None:
    # The well-known limit of the puzzle: with a boat of 2, no more than 3 pairs.
    assert crossings_by_brute_force(3, 3, 2) == 11
    assert crossings_by_brute_force(4, 4, 2) is None
    assert searchlab.breadth_first(missionaries.problem(4, 4, 2)).status is Status.EXHAUSTED


# ---------------------------------------------------------------------------------------
# Water jugs

# Jugs of 4 and 3, measure 2, worked out by hand. Breadth-first from (0, 0), the states
# new at each depth (each move: fill, empty, or pour until one end is reached):
#   depth 1: (4, 0) (0, 3)
#   depth 2: (4, 3) (1, 3) [pour 4→3 from (4, 0)]  (3, 0) [pour 3→4 from (0, 3)]
#   depth 3: (1, 0) [empty 3 from (1, 3)]  (3, 3) [fill 3 from (3, 0)]
#   depth 4: (0, 1) [empty 4 from (1, 0)]  (4, 2) [pour 3→4 from (3, 3)]  <- 2 litres
# No state before depth 4 holds 2, so the fewest moves is 4:
#   fill 3, pour 3→4, fill 3, pour 3→4  ->  (4, 2).
# (The other way round, starting with the 4-litre jug, needs 6:
#   fill 4, pour 4→3, empty 3, pour 4→3, fill 4, pour 4→3 -> (2, 3).)
HAND_WORKED_MOVES = ("fill 3", "pour 3→4", "fill 3", "pour 3→4")


def fewest_pours_by_brute_force(a: int, b: int, target: int) -> int | None:
    """Breadth-first over (x, y) with the six moves written out here, self-loops allowed."""
    start = (0, 0)
    depth = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        if target in (x, y):
            return depth[(x, y)]
        into_b, into_a = min(x, b - y), min(y, a - x)
        fills, empties = ((a, y), (x, b)), ((0, y), (x, 0))
        pours = ((x - into_b, y + into_b), (x + into_a, y - into_a))
        for nxt in (*fills, *empties, *pours):
            if nxt not in depth:
                depth[nxt] = depth[(x, y)] + 1
                queue.append(nxt)
    return None


def test_water_jugs_4_and_3_measure_2_in_4_moves() -> None:
    assert fewest_pours_by_brute_force(4, 3, 2) == 4
    problem = water_jugs.problem()
    result = searchlab.breadth_first(problem)
    assert_valid_path(problem, result)
    assert len(result.moves) == 4
    assert result.moves == HAND_WORKED_MOVES
    assert result.path[-1] == (4, 2)


@pytest.mark.parametrize(
    ("a", "b"), [(4, 3), (3, 4), (5, 3), (7, 5), (9, 4), (6, 4), (6, 9), (1, 2)]
)
def test_water_jugs_agree_with_brute_force_and_gcd(a: int, b: int) -> None:
    for target in range(1, max(a, b) + 2):
        problem = water_jugs.problem(capacities=(a, b), target=target)
        expected = fewest_pours_by_brute_force(a, b, target)
        measurable = target <= max(a, b) and target % math.gcd(a, b) == 0
        assert (expected is not None) == measurable, (a, b, target)
        result = searchlab.breadth_first(problem)
        if expected is None:
            assert result.status is Status.EXHAUSTED
        else:
            assert_valid_path(problem, result)
            assert len(result.moves) == expected


def test_water_jugs_die_hard_5_and_3_measure_4_in_6_moves() -> None:
    # Fill 5, pour 5→3, empty 3, pour 5→3, fill 5, pour 5→3: (4, 3); the other way
    # round (filling the 3 first) takes 8.
    result = searchlab.breadth_first(water_jugs.problem(capacities=(5, 3), target=4))
    assert len(result.moves) == 6
    assert result.path[-1] == (4, 3)


@pytest.mark.parametrize(("capacities", "target"), [((4, 3), 5), ((6, 4), 3), ((6, 9), 4)])
def test_water_jugs_impossible_target_is_exhausted(
    capacities: tuple[int, int], target: int
) -> None:
    problem = water_jugs.problem(capacities=capacities, target=target)
    for result in (
        searchlab.breadth_first(problem),
        searchlab.uniform_cost(problem),
        searchlab.astar(problem, zero),
        searchlab.iterative_deepening(problem),
    ):
        assert result.status is Status.EXHAUSTED
        assert result.path == () and result.moves == () and result.cost is None


# ---------------------------------------------------------------------------------------
# examples/README.md: its code runs and prints what its comments say


def test_readme_code_runs_and_prints_what_it_says(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (EXAMPLES_DIR / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    assert len(blocks) == 3
    monkeypatch.chdir(EXAMPLES_DIR.parent)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the first block adds examples/
    before = set(sys.modules)
    try:
        for block in blocks:
            exec(compile(block, "examples/README.md", "exec"), {"__name__": "readme"})
    finally:
        for name in set(sys.modules) - before:
            if name in EXAMPLES:
                del sys.modules[name]
    printed = capsys.readouterr().out.splitlines()
    assert printed == [
        "('Arad', 'Sibiu', 'Rimnicu Vilcea', 'Pitesti', 'Bucharest')",
        "15",
        "('10c', '10c', '10c')",
        "('25c', '1c', '1c', '1c', '1c', '1c')",
    ]
