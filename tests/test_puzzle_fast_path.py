"""The 15-puzzle fast path as users reach it: `puzzle solve` on 4×4 boards picks the
compiled IDA*, `--engine generic` the engine, and both agree; `puzzle korf100`."""

from __future__ import annotations

import json
import random

from conftest import Refused, RunCli

from searchlab.domains.puzzle import apply_move, make_heuristic, solve, standard_goal
from searchlab.domains.puzzle.kernels import load_korf100
from searchlab.domains.puzzle.kernels.pdb import best_present


def scrambled(moves: int, seed: int) -> tuple[int, ...]:
    """A 4×4 board a random walk of ``moves`` blank moves away from the standard goal."""
    rng = random.Random(seed)
    board = standard_goal(4)
    for _ in range(moves):
        for move in rng.sample(["up", "down", "left", "right"], 4):
            try:
                board = apply_move(board, move)
                break
            except ValueError:
                continue
    return board


def flat(board: tuple[int, ...]) -> str:
    return ",".join(map(str, board))


def test_solve_on_4x4_uses_the_kernel_and_agrees_with_the_generic_engine(
    run_cli: RunCli,
) -> None:
    for seed in range(3):
        board = scrambled(30, seed)
        fast = run_cli("puzzle", "solve", flat(board), "--json")
        slow = run_cli(
            "puzzle",
            "solve",
            flat(board),
            "--engine",
            "generic",
            "-H",
            "linear-conflict",
            "--json",
        )
        assert fast.code == slow.code == 0, fast.stderr + slow.stderr
        fast_json, slow_json = json.loads(fast.stdout), json.loads(slow.stdout)
        assert fast_json["run"]["engine"] == "kernel"
        assert fast_json["run"]["heuristic"] == "pdb-663"
        assert slow_json["run"]["engine"] == "generic"
        # loading the compiled solver is set-up, apart from the search's seconds
        assert fast_json["stats"]["setup_seconds"] >= 0
        assert slow_json["stats"]["setup_seconds"] == 0
        assert fast_json["length"] == slow_json["length"]
        path = [tuple(cells) for cells in fast_json["path"]]
        assert path[0] == board and path[-1] == standard_goal(4)
        for before, move, after in zip(path, fast_json["moves"], path[1:], strict=False):
            assert apply_move(before, move) == after


def test_kernel_expansion_limit_is_a_limit_status() -> None:
    board = load_korf100()[0][0]
    korf_goal = tuple(range(16))
    from searchlab.core.limits import Limits

    result = solve(board, korf_goal, heuristic="manhattan", limits=Limits(max_expanded=500))
    assert result.status == "limit_reached"
    assert result.limit == "max_expanded"


def test_engine_kernel_refuses_what_it_cannot_do(refused: Refused) -> None:
    refused("puzzle", "solve", "1,2,3,4,5,6,7,8,0", "--engine", "kernel", says="4×4")


def test_pattern_databases_refuse_other_sizes(refused: Refused) -> None:
    run = refused("puzzle", "solve", "1,2,3,4,5,6,7,0,8", "-H", "pdb-663", says="4×4")
    assert "pdb-663" in run.stderr


def test_pattern_database_heuristic_is_admissible_on_short_walks() -> None:
    goal = standard_goal(4)
    h = make_heuristic("pdb-663", goal)
    assert h(goal) == 0
    for seed in range(5):
        board = scrambled(12, seed)
        length = len(solve(board, goal, heuristic="manhattan", engine="generic").moves)
        assert h(board) <= length


def test_korf100_first_instances_match_published_lengths(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "korf100", "--first", "3", "--json")
    assert run.code == 0, run.stderr
    payload = json.loads(run.stdout)
    published = [optimal for _, optimal in load_korf100()[:3]]
    assert [row["length"] for row in payload["rows"]] == published == [57, 55, 59]
    assert [row["instance"] for row in payload["rows"]] == [1, 2, 3]
    assert payload["seconds"] > 0
    assert payload["heuristic"] == best_present(tuple(range(16)))  # said, and the best cached


def test_korf100_refuses_a_bad_count(refused: Refused) -> None:
    refused("puzzle", "korf100", "--first", "0", says="--first")
