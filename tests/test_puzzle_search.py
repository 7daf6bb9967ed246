"""Heuristics by hand and over the whole 8-puzzle space; solving with every algorithm
checked against breadth-first distances; 15-puzzles a few dozen moves deep."""

from __future__ import annotations

import random

import pytest
from test_puzzle_helpers import blank_moves, cached_distances, check_path, random_walk

from searchlab.core.errors import InputError
from searchlab.core.limits import Limits
from searchlab.core.result import Status
from searchlab.domains.puzzle import (
    ADMISSIBLE,
    BRATKO_GOAL,
    BRATKO_POSITIONS,
    HEURISTICS,
    SlidingPuzzle,
    is_admissible,
    make_heuristic,
    random_board,
    run_experiment,
    seq_score,
    solve,
    standard_goal,
    totdist,
)

STANDARD = standard_goal(3)
START3 = (2, 1, 6, 4, 0, 8, 7, 5, 3)


# --- heuristic values worked out by hand -------------------------------------------


def test_bratko_position_a_as_the_document_says() -> None:
    a = BRATKO_POSITIONS["a"]
    assert totdist(a, BRATKO_GOAL) == 4
    assert seq_score(a) == 6
    assert make_heuristic("bratko", BRATKO_GOAL)(a) == 22


def test_bratko_position_b_by_hand() -> None:
    # 2 8 3 / 1 6 4 / 7 _ 5 against 1 2 3 / 8 _ 4 / 7 6 5.
    # totdist: 2→1, 8→2, 1→1, 6→1, others home: 5.
    # seq (clockwise from the top-left): 2 then 8 (want 3): 2; 8 then 3 (want 1): 2;
    # 3 then 4: 0; 4 then 5: 0; 5 then blank (want 6): 2; 7 then 1 (want 8): 2;
    # 1 then 2: 0; 6 in the centre: 1. seq = 9, h = 5 + 27 = 32.
    b = BRATKO_POSITIONS["b"]
    assert totdist(b, BRATKO_GOAL) == 5
    assert seq_score(b) == 9
    assert make_heuristic("bratko", BRATKO_GOAL)(b) == 32
    assert seq_score(BRATKO_GOAL) == 0


def test_start3_against_the_standard_goal_by_hand() -> None:
    # 2 1 6 / 4 _ 8 / 7 5 3 against 1 2 3 / 4 5 6 / 7 8 _.
    # misplaced: 2, 1, 6, 8, 5, 3 (4 and 7 are home): 6.
    # manhattan: 2→1, 1→1, 6→1, 8→2, 5→1, 3→2: 8.
    # linear conflict: top row holds 2 and 1 of its own tiles, reversed: one must
    # leave, +2; right column holds 6 and 3 of its own, reversed: +2. Total 12.
    assert make_heuristic("misplaced", STANDARD)(START3) == 6
    assert make_heuristic("manhattan", STANDARD)(START3) == 8
    assert make_heuristic("linear-conflict", STANDARD)(START3) == 12


def test_linear_conflict_counts_tiles_to_remove_not_pairs() -> None:
    # 3 2 1 / 4 5 6 / 8 7 _: manhattan 3→2, 1→2, 8→1, 7→1 = 6. The top row's three
    # tiles are reversed: two must leave (+4, where counting pairs would say +6);
    # the bottom row's 8 7 one (+2). Total 12.
    board = (3, 2, 1, 4, 5, 6, 8, 7, 0)
    assert make_heuristic("manhattan", STANDARD)(board) == 6
    assert make_heuristic("linear-conflict", STANDARD)(board) == 12


def test_heuristics_are_zero_at_the_goal() -> None:
    for name in ("misplaced", "manhattan", "linear-conflict"):
        assert make_heuristic(name, STANDARD)(STANDARD) == 0
    assert make_heuristic("bratko", BRATKO_GOAL)(BRATKO_GOAL) == 0


def test_bratko_heuristic_refused_off_its_goal() -> None:
    with pytest.raises(InputError, match="only for Bratko's 3×3 goal"):
        make_heuristic("bratko", STANDARD)
    with pytest.raises(InputError, match="only for Bratko's 3×3 goal"):
        make_heuristic("bratko", standard_goal(4))
    with pytest.raises(InputError, match="unknown heuristic 'euclid'"):
        make_heuristic("euclid", STANDARD)


def test_admissibility_over_the_whole_3x3_space() -> None:
    # h ≤ h* on all 181,440 boards, h* from breadth-first search; and linear conflict
    # is never below manhattan, which is never below misplaced.
    distances = cached_distances(BRATKO_GOAL)
    misplaced, manhattan, linear = (
        make_heuristic(name, BRATKO_GOAL) for name in ("misplaced", "manhattan", "linear-conflict")
    )
    for board, true in distances.items():
        lc = linear(board)
        assert lc <= true, board
        md = manhattan(board)
        assert misplaced(board) <= md <= lc
    bratko = make_heuristic("bratko", BRATKO_GOAL)
    assert any(bratko(board) > true for board, true in distances.items())
    assert set(ADMISSIBLE) == {"misplaced", "manhattan", "linear-conflict"}
    assert not is_admissible("bratko")
    assert set(HEURISTICS) >= {"misplaced", "manhattan", "linear-conflict", "bratko"}


# --- the state space ---------------------------------------------------------------


def test_successors_are_the_legal_moves_in_fixed_order() -> None:
    problem = SlidingPuzzle(START3, BRATKO_GOAL)
    arcs = list(problem.successors(START3))
    assert [move for move, _, _ in arcs] == ["up", "down", "left", "right"]
    assert [(move, board) for move, board, _ in arcs] == blank_moves(START3)
    assert all(cost == 1 for _, _, cost in arcs)
    corner = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert [move for move, _, _ in problem.successors(corner)] == ["down", "right"]


# --- the document's positions ------------------------------------------------------


@pytest.mark.parametrize(("name", "length"), [("a", 4), ("b", 5), ("c", 18)])
def test_document_positions_lengths(name: str, length: int) -> None:
    start = BRATKO_POSITIONS[name]
    assert cached_distances(BRATKO_GOAL)[start] == length  # breadth-first, independently
    for algorithm, heuristic in [("astar", "manhattan"), ("best-first", "bratko")]:
        result = solve(start, BRATKO_GOAL, algorithm=algorithm, heuristic=heuristic)
        assert result.status is Status.SOLVED
        check_path(result.path, result.moves, start, BRATKO_GOAL)
        if algorithm == "astar":
            assert len(result.moves) == length


def test_experiment_rows_match_breadth_first() -> None:
    distances = cached_distances(BRATKO_GOAL)
    rows = run_experiment()
    assert [(row.position, row.heuristic) for row in rows] == [
        (p, h) for p in "abc" for h in ("bratko", "manhattan")
    ]
    for row in rows:
        assert row.shortest == distances[BRATKO_POSITIONS[row.position]]
        assert row.is_shortest == (row.length == row.shortest)
        assert 0 <= row.off_path < row.expanded or row.off_path == 0
        assert row.expanded >= row.length


# --- algorithms against breadth-first distances -------------------------------------

EXACT = [
    ("astar", "manhattan"),
    ("astar", "linear-conflict"),
    ("astar", "misplaced"),
    ("ida", "manhattan"),
    ("ida", "linear-conflict"),
    ("rbfs", "manhattan"),
    ("rbfs", "linear-conflict"),
    ("best-first", "linear-conflict"),
    ("bfs", "manhattan"),
    ("uniform-cost", "manhattan"),
]


@pytest.fixture(scope="module")
def random_3x3() -> list[tuple[tuple[int, ...], int]]:
    """Four boards drawn uniformly and one random walk, with their true distances."""
    rng = random.Random(2024)
    distances = cached_distances(STANDARD)
    boards = [random_board(3, rng) for _ in range(4)]
    boards.append(random_walk(STANDARD, 14, rng))
    return [(board, distances[board]) for board in boards]


@pytest.mark.parametrize(("algorithm", "heuristic"), EXACT)
def test_optimal_algorithms_agree_with_breadth_first(
    random_3x3: list[tuple[tuple[int, ...], int]], algorithm: str, heuristic: str
) -> None:
    checked = 0
    for board, true in random_3x3:
        if algorithm in ("best-first", "rbfs", "bfs", "uniform-cost") and true > 22:
            continue  # these expand a lot on deep boards: keep the suite lean
        checked += 1
        result = solve(board, STANDARD, algorithm=algorithm, heuristic=heuristic)
        assert result.status is Status.SOLVED
        assert len(result.moves) == true, (board, algorithm, heuristic)
        check_path(result.path, result.moves, board, STANDARD)
        assert result.optimal  # the result itself says the path is guaranteed shortest
    assert checked >= 2


@pytest.mark.parametrize(
    ("algorithm", "heuristic"), [("greedy", "manhattan"), ("weighted-astar", "linear-conflict")]
)
def test_other_algorithms_return_legal_paths_no_shorter_than_optimal(
    random_3x3: list[tuple[tuple[int, ...], int]], algorithm: str, heuristic: str
) -> None:
    for board, true in random_3x3:
        weight = 2.0 if algorithm == "weighted-astar" else None
        result = solve(board, STANDARD, algorithm=algorithm, heuristic=heuristic, weight=weight)
        check_path(result.path, result.moves, board, STANDARD)
        assert len(result.moves) >= true
        if algorithm == "weighted-astar":
            assert len(result.moves) <= 2 * true  # the weighted A* bound
        assert not result.optimal


def test_unsolvable_refused_before_search() -> None:
    with pytest.raises(InputError, match="unsolvable"):
        solve((1, 2, 3, 4, 5, 6, 8, 7, 0), STANDARD)


def test_limits_stop_the_search() -> None:
    result = solve(START3, BRATKO_GOAL, algorithm="bfs", limits=Limits(max_expanded=10))
    assert result.status is Status.LIMIT_REACHED
    assert result.limit == "max_expanded"


# --- the 15-puzzle -------------------------------------------------------------------


def test_fifteen_puzzle_ida_linear_conflict_is_optimal() -> None:
    # Random walks of 40 to 50 moves, solved by the generic engine's IDA* (engine
    # "generic": by default 4×4 boards go to the compiled kernel). The reference is
    # the compiled IDA* with pattern databases (other code, another admissible
    # heuristic). A shortest path has the walk's parity and is no longer than it.
    goal = standard_goal(4)
    rng = random.Random(15)
    lengths = []
    for steps in (40, 44, 46, 50):
        board = random_walk(goal, steps, rng)
        result = solve(board, goal, algorithm="ida", heuristic="linear-conflict", engine="generic")
        assert result.status is Status.SOLVED
        check_path(result.path, result.moves, board, goal)
        reference = solve(board, goal, algorithm="ida", heuristic="pdb-663", engine="kernel")
        assert len(result.moves) == len(reference.moves)
        assert len(result.moves) <= steps
        assert len(result.moves) % 2 == steps % 2
        lengths.append(len(result.moves))
    assert max(lengths) >= 30  # a few dozen moves deep, as intended


def test_off_path_run_counts_expanded_states_off_the_path() -> None:
    from searchlab.core.events import Expand, Recorder
    from searchlab.domains.puzzle import off_path_run
    from searchlab.experiments import bratko as experiment

    start = BRATKO_POSITIONS["c"]
    result, off_path = off_path_run(start, "astar", "manhattan")
    recorder = Recorder()
    watched = solve(start, BRATKO_GOAL, heuristic="manhattan", observer=recorder)
    expanded = {event.state for event in recorder.of_type(Expand)}
    assert off_path == len(expanded - set(watched.path)) > 0
    assert result.path == watched.path
    assert off_path_run(BRATKO_POSITIONS["a"], "best-first", "bratko")[1] == 0
    stopped, none = off_path_run(start, "bfs", "manhattan", limits=Limits(max_expanded=5))
    assert not stopped.solved and none is None
    # the experiment's trial is the same count
    spec = {"position": "c", "algorithm": "astar", "heuristic": "manhattan", "weight": 1.0}
    assert experiment.trial({**spec, "max_expanded": 200_000})["off_path"] == off_path


def test_the_documents_claims_are_judged_in_the_domain() -> None:
    import dataclasses

    from searchlab.domains.puzzle import CLAIMS, experiment_table, judge, verdict_lines

    rows = run_experiment()
    judgements = {judgement.position: judgement for judgement in judge(rows)}
    assert sorted(judgements) == ["a", "b", "c"] == sorted(CLAIMS)
    assert judgements["a"].verdict == judgements["b"].verdict == "holds"
    assert judgements["c"].verdict.startswith("holds only loosely")  # 22 of 40 off the path
    assert all(j.holds and j.reference is not None for j in judgements.values())
    # a path one move too long breaks the exact claim for (b)
    bratko_b = next(r for r in rows if r.position == "b" and r.heuristic == "bratko")
    longer = dataclasses.replace(bratko_b, length=7, is_shortest=False, off_path=2)
    (broken,) = judge([longer])
    assert broken.verdict == "does not hold" and not broken.holds
    assert "7 moves, 2 more than the fewest" in broken.line()
    lines = verdict_lines(rows)
    assert len(lines) == 4 and lines[-1].endswith("h = 22 but h* = 4: h is not admissible.")
    assert experiment_table(rows).splitlines()[0].split()[:3] == ["pos", "heuristic", "search"]
