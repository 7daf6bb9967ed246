"""The CSP engine checked against independent facts: brute force on small CSPs, the
published N-queens counts (OEIS A000170), the solvers against each other, SEND+MORE=
MONEY's one solution, the maps' colourings, and the event stream."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from searchlab.algorithms.csp import (
    CSP,
    AllDifferent,
    CSPProblem,
    LinearSum,
    NotEqual,
    Predicate,
    Strategy,
    ac3,
    backtracking,
    count_solutions,
    min_conflicts,
)
from searchlab.algorithms.csp.problem import CSPState
from searchlab.algorithms.csp.search import (
    BACKTRACKS,
    INFERENCES,
    VALUE_ORDERS,
    VARIABLE_ORDERS,
)
from searchlab.algorithms.registry import run_algorithm
from searchlab.core.errors import InputError
from searchlab.core.events import (
    Backtrack,
    Expand,
    Generate,
    Narrow,
    Prune,
    Recorder,
    Solution,
    Wipeout,
)
from searchlab.core.limits import Limits
from searchlab.core.result import Status
from searchlab.domains.cryptarithm.puzzle import cryptarithm_csp, parse_cryptarithm
from searchlab.domains.mapcolouring.maps import MAPS, colouring_csp
from searchlab.domains.queens_csp.model import queens_csp

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]

STRATEGIES = [
    Strategy(variable, value, inference, back)
    for variable, value, inference, back in itertools.product(
        VARIABLE_ORDERS, VALUE_ORDERS, INFERENCES, BACKTRACKS
    )
    if not (inference == "mac" and back == "cbj")
] + [Strategy("static", "static", "fc", preprocess="ac3")]


def all_solutions(csp: CSP, strategy: Strategy) -> set[tuple[Any, ...]]:
    found = set()
    for result in backtracking(csp, strategy):
        assignment = result.final_state.assignment()
        assert csp.is_solution(assignment), strategy.label
        found.add(tuple(assignment[var] for var in csp.variables))
    return found


def brute_force(csp: CSP) -> set[tuple[Any, ...]]:
    """Every complete assignment tested against every constraint: the reference."""
    found = set()
    for values in itertools.product(*csp.domains):
        if csp.is_solution(dict(zip(csp.variables, values, strict=True))):
            found.add(values)
    return found


def random_network(
    rng: random.Random, names: list[str], values: int, sizes: tuple[int, int], density: float
) -> tuple[dict[str, list[int]], list[Any]]:
    """Domains drawn from range(values) with sizes in ``sizes``, a random relation on a
    ``density`` share of the pairs, and half the time an all-different on three."""
    domains = {name: rng.sample(range(values), rng.randint(*sizes)) for name in names}
    constraints: list[Any] = []
    for a, b in itertools.combinations(names, 2):
        if rng.random() < density:
            pairs = itertools.product(range(values), repeat=2)
            allowed = {pair for pair in pairs if rng.random() < 0.6}
            constraints.append(Predicate((a, b), lambda x, y, ok=allowed: (x, y) in ok))
    if rng.random() < 0.5:
        constraints.append(AllDifferent(tuple(rng.sample(names, 3))))
    return domains, constraints


def random_csp(rng: random.Random) -> CSP:
    """Four to six variables, small domains, random binary relations, an all-different
    on a few, sometimes a linear sum and a three-variable predicate."""
    names = [f"x{i}" for i in range(rng.randint(4, 6))]
    domains, constraints = random_network(rng, names, values=5, sizes=(2, 4), density=0.4)
    if rng.random() < 0.5:
        scope = tuple(rng.sample(names, 3))
        constraints.append(LinearSum(scope, (1, 1, -1), rng.randint(0, 4)))
    if rng.random() < 0.5:
        scope = tuple(rng.sample(names, 3))
        constraints.append(Predicate(scope, lambda x, y, z: (x + y + z) % 2 == 0))
    if rng.random() < 0.3:
        constraints.append(NotEqual(names[0], names[1], (0, 1)))
    return CSP(domains, constraints)


@pytest.mark.parametrize("seed", range(25))
def test_every_strategy_finds_exactly_the_brute_force_solutions(seed: int) -> None:
    csp = random_csp(random.Random(seed))
    expected = brute_force(csp)
    for strategy in STRATEGIES:
        assert all_solutions(csp, strategy) == expected, strategy.label
    # AC-3 never removes a value some solution uses, and proves "none" only when so
    narrowed = ac3(csp)
    if not narrowed.consistent:
        assert not expected
    else:
        for i, var in enumerate(csp.variables):
            kept = set(narrowed.state.domain(var))
            assert {solution[i] for solution in expected} <= kept
    # the generic engine's depth-first search on the same CSP agrees too
    generic = {
        tuple(r.final_state.assignment()[v] for v in csp.variables)
        for r in run_solutions_generic(csp)
    }
    assert generic == expected


def run_solutions_generic(csp: CSP) -> list[Any]:
    from searchlab.algorithms.registry import stream_algorithm

    return list(stream_algorithm("dfs", CSPProblem(csp)))


@pytest.mark.parametrize("strategy", STRATEGIES, ids=lambda s: s.label)
def test_n_queens_counts_are_the_published_ones(strategy: Strategy) -> None:
    for n in range(1, 9):
        assert count_solutions(queens_csp(n), strategy)[0] == A000170[n - 1], n


def test_ten_queens_and_a_thousand() -> None:
    assert count_solutions(queens_csp(10), Strategy("mrv", "static", "mac"))[0] == 724
    first = next(backtracking(queens_csp(1000), Strategy("mrv", "static", "fc")))
    rows = [first.final_state.value(f"Q{c}") for c in range(1, 1001)]
    # independent: one queen a row, and a diagonal each way
    assert len(set(rows)) == 1000
    assert len({r + c for c, r in enumerate(rows)}) == 1000
    assert len({r - c for c, r in enumerate(rows)}) == 1000
    assert first.stats.setup_seconds > 0  # compiling the CSP is set-up, not search


def test_backjumping_never_visits_more_nodes_than_chronological() -> None:
    csp = queens_csp(9)
    for inference in ("none", "fc"):
        plain = count_solutions(csp, Strategy("static", "static", inference))[1].stats
        jumping = count_solutions(csp, Strategy("static", "static", inference, "cbj"))[1].stats
        assert jumping.expanded <= plain.expanded
    # conflict sets pay off where a failure's cause lies far back: a chain whose end
    # contradicts its start, with free variables between (nothing to jump over in BT)
    names = [f"v{i}" for i in range(8)]
    csp = CSP(
        {name: range(3) for name in names},
        [NotEqual("v0", "v7"), Predicate(("v0", "v7"), lambda a, b: a == b)],
    )
    plain = count_solutions(csp, Strategy("static", "static", "none"))[1].stats
    jumping = count_solutions(csp, Strategy("static", "static", "none", "cbj"))[1].stats
    assert jumping.expanded < plain.expanded / 10


def test_a_checks_count_does_not_depend_on_how_a_constraint_is_written() -> None:
    colours = ("r", "g", "b")
    borders = MAPS["australia"].borders
    built_in = CSP(
        {r: colours for r in MAPS["australia"].regions}, [NotEqual(a, b) for a, b in borders]
    )
    predicates = CSP(
        {r: colours for r in MAPS["australia"].regions},
        [Predicate((a, b), lambda x, y: x != y) for a, b in borders],
    )
    for strategy in (Strategy("static", "static", "none"), Strategy("mrv", "lcv", "mac")):
        one = count_solutions(built_in, strategy)[1].stats
        other = count_solutions(predicates, strategy)[1].stats
        assert (one.checks, one.expanded, one.backtracks) == (
            other.checks,
            other.expanded,
            other.backtracks,
        )


def test_send_more_money_has_one_solution() -> None:
    csp = cryptarithm_csp(parse_cryptarithm("SEND+MORE=MONEY"))
    for strategy in (
        Strategy(),
        Strategy("static", "static", "none"),
        Strategy("mrv", "lcv", "mac"),
    ):
        count, stream = count_solutions(csp, strategy)
        assert count == 1 and stream.exhausted
        assert stream.last is not None
        digits = stream.last.final_state.assignment()
        word = {w: int("".join(str(digits[ch]) for ch in w)) for w in ("SEND", "MORE", "MONEY")}
        assert (word["SEND"], word["MORE"], word["MONEY"]) == (9567, 1085, 10652)


def test_several_addends_and_a_brute_force_check() -> None:
    puzzle = parse_cryptarithm("TWO+TWO=FOUR")
    csp = cryptarithm_csp(puzzle)
    found = [r.final_state.assignment() for r in backtracking(csp)]
    brute = 0
    letters = puzzle.letters
    for digits in itertools.permutations(range(10), len(letters)):
        value = dict(zip(letters, digits, strict=True))
        if (
            value["T"]
            and value["F"]
            and 2 * int("".join(str(value[c]) for c in "TWO"))
            == int("".join(str(value[c]) for c in "FOUR"))
        ):
            brute += 1
    assert len(found) == brute == 7
    three = count_solutions(cryptarithm_csp(parse_cryptarithm("A+B+C=DE")))[0]
    by_hand = sum(
        1 for a, b, c, d, e in itertools.permutations(range(10), 5) if d and a + b + c == 10 * d + e
    )
    assert three == by_hand


def test_the_maps_colourings() -> None:
    australia, usa = MAPS["australia"], MAPS["usa"]
    assert len(usa.regions) == 48
    assert count_solutions(colouring_csp(australia, 3))[0] == 18  # 6 for the mainland × 3 for T
    assert count_solutions(colouring_csp(australia, 2))[0] == 0
    first = next(backtracking(colouring_csp(usa, 4)))
    colours = first.final_state.assignment()
    assert all(colours[a] != colours[b] for a, b in usa.borders)
    none, stream = count_solutions(colouring_csp(usa, 3), Strategy("mrv-degree", "static", "mac"))
    assert none == 0 and stream.exhausted  # Nevada and its five neighbours need four


def test_min_conflicts_solves_large_boards_and_maps() -> None:
    result = run_algorithm(
        "min-conflicts", CSPProblem(queens_csp(200)), options={"max_steps": 5000}, seed=3
    )
    assert result.solved
    assert queens_csp(200).is_solution(result.final_state.assignment())
    colours = run_algorithm("min-conflicts", CSPProblem(colouring_csp(MAPS["usa"], 4)), seed=1)
    assert colours.solved and len(colours.moves) == len(colours.path) - 1
    stuck = min_conflicts(CSPProblem(colouring_csp(MAPS["australia"], 2)), max_steps=50, seed=1)
    assert stuck.status is Status.LIMIT_REACHED and stuck.limit == "max_steps"


def test_ac3_alone_solves_proves_or_narrows() -> None:
    forced = CSP({"a": (1,), "b": (1, 2), "c": (1, 2, 3)}, [AllDifferent(("a", "b", "c"))])
    assert ac3(forced).solved and ac3(forced).solution() == {"a": 1, "b": 2, "c": 3}
    wiped = ac3(CSP({"a": (1,), "b": (1,)}, [NotEqual("a", "b")]))
    assert not wiped.consistent and wiped.wiped in ("a", "b")
    open_ = ac3(colouring_csp(MAPS["australia"], 3))
    assert open_.consistent and not open_.solved and open_.removed == 0


def test_the_event_stream_speaks_the_engines_vocabulary() -> None:
    csp = queens_csp(4)
    seen = Recorder()
    stream = backtracking(csp, Strategy("static", "static", "fc"), observer=seen)
    assert sum(1 for _ in stream) == 2
    kinds = {type(event) for event in seen.events}
    assert kinds == {Expand, Generate, Narrow, Wipeout, Prune, Backtrack, Solution}
    first = seen.of_type(Generate)[0]
    assert isinstance(first.state, CSPState)
    assert first.move == ("Q1", 1) and first.state.assigned[0] == 0
    narrow = seen.of_type(Narrow)[0]
    assert narrow.by == "Q1" and narrow.values  # the rows Q1 attacks
    # the same search stepped one event at a time, with no observer, tells the same
    stepped = list(backtracking(csp, Strategy("static", "static", "fc")).events())
    assert [type(e) for e in stepped] == [type(e) for e in seen.events]
    # and without any observer it counts the same (events are built only when heard)
    silent = count_solutions(csp, Strategy("static", "static", "fc"))[1].stats
    assert (silent.checks, silent.expanded) == (stream.stats.checks, stream.stats.expanded)
    plain = Recorder()
    list(backtracking(csp, Strategy("static", "static", "none"), observer=plain))
    assert plain.of_type(Prune) and not plain.of_type(Narrow)  # a conflict, no inference


def test_limits_stop_the_stream() -> None:
    stream = backtracking(queens_csp(12), Strategy("static", "static", "none"), limits=Limits(20))
    assert list(stream) == []
    assert stream.status is Status.LIMIT_REACHED and stream.stats.expanded == 20


def test_a_model_that_cannot_be_built_says_why() -> None:
    with pytest.raises(InputError, match="names 'z', which is not a variable"):
        CSP({"x": (1, 2)}, [NotEqual("x", "z")])
    with pytest.raises(InputError, match="the domain of y is empty"):
        CSP({"x": (1,), "y": ()})
    with pytest.raises(InputError, match="works with inference none or fc"):
        Strategy(inference="mac", backtrack="cbj")
    with pytest.raises(InputError, match="unknown inference 'magic'"):
        Strategy(inference="magic")


KERNEL_STRATEGIES = [
    Strategy(order, "static", inference)
    for order in ("static", "mrv")
    for inference in ("none", "fc")
]


def _binary_csp(rng: random.Random) -> CSP:
    names = [f"x{i}" for i in range(rng.randint(3, 7))]
    return CSP(*random_network(rng, names, values=6, sizes=(1, 5), density=0.5))


def test_the_compiled_core_walks_the_same_tree() -> None:
    """Same solutions counted, and the same expansions, values tried, assignments,
    checks, backtracks and depth as the Python engine, on random binary CSPs, boards and
    Sudokus; the first solution is the Python engine's first."""
    from searchlab.algorithms.csp.kernel import run_kernel
    from searchlab.domains.sudoku.domain import PUZZLES
    from searchlab.domains.sudoku.grid import parse_puzzle, sudoku_csp

    rng = random.Random(7)
    every = [_binary_csp(rng) for _ in range(40)] + [queens_csp(n) for n in (1, 2, 6, 8)]
    cases = [
        (csp, strategy, at_most)
        for csp in every
        for strategy in KERNEL_STRATEGIES
        for at_most in (None, 1, 2)
    ]
    usa = colouring_csp(MAPS["usa"], 4)  # far too many colourings to count: the first two
    hard = sudoku_csp(parse_puzzle(PUZZLES["hard"]))  # forward checking only: BT is hours
    cases += [(usa, strategy, at_most) for strategy in KERNEL_STRATEGIES for at_most in (1, 2)]
    cases += [(hard, Strategy("mrv", "static", "fc"), 2)]
    for csp, strategy, at_most in cases:
        problem = CSPProblem(csp)
        compiled = run_kernel(problem.network, strategy, at_most=at_most)
        count, stream = count_solutions(problem, strategy, at_most=at_most)
        mine, theirs = compiled.stats, stream.stats
        assert (compiled.count, compiled.complete) == (count, stream.exhausted)
        assert (
            mine.expanded,
            mine.generated,
            mine.assignments,
            mine.checks,
            mine.backtracks,
            mine.max_frontier,
        ) == (
            theirs.expanded,
            theirs.generated,
            theirs.assignments,
            theirs.checks,
            theirs.backtracks,
            theirs.max_frontier,
        ), (strategy.label, at_most)
        if count:
            first = next(backtracking(problem, strategy))
            assert compiled.first == first.final_state.assignment()
    limited = run_kernel(
        CSPProblem(queens_csp(20)).network, Strategy("static", "static", "none"), max_expanded=50
    )
    assert limited.stopped and limited.stats.expanded == 50 and not limited.complete
