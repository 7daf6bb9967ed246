"""A failed local search prints a summary and its last moves, not its whole walk,
unless --show-path asks for it; --json likewise (issue 26)."""

from __future__ import annotations

import json

from conftest import RunCli

from searchlab.cli.report import LAST_MOVES

WALK = ("sudoku", "solve", "hard", "-a", "min-conflicts", "--seed", "1")


def test_a_failed_walk_prints_its_last_moves(run_cli: RunCli) -> None:
    """Before: all 10,000 moves (72 KB here; 1.7 MB on a larger problem)."""
    result = run_cli(*WALK)
    assert result.code == 3, result.stderr
    assert f"10,000 moves, the last {LAST_MOVES}:" in result.stdout
    line = result.stdout.split("moves, the last")[1].split("\nexpanded")[0]
    assert len(line.split()) == LAST_MOVES + 1  # "20:" and the moves


def test_show_path_prints_the_whole_walk(run_cli: RunCli) -> None:
    result = run_cli(*WALK, "--show-path")
    assert result.code == 3
    assert "moves: " in result.stdout and "the last" not in result.stdout


def test_json_of_a_failed_walk_carries_its_end_only(run_cli: RunCli) -> None:
    """Before: the whole walk and every state of it (1 MB here; 26.7 MB larger)."""
    document = json.loads(run_cli(*WALK, "--json").stdout)
    assert len(document["moves"]) == LAST_MOVES
    assert len(document["path"]) == LAST_MOVES + 1
    assert document["moves_omitted"] == 10_000 - LAST_MOVES
    whole = json.loads(run_cli(*WALK, "--json", "--show-path").stdout)
    assert len(whole["moves"]) == 10_000 and "moves_omitted" not in whole
    assert whole["moves"][-LAST_MOVES:] == document["moves"]


def test_a_solution_is_printed_whole(run_cli: RunCli) -> None:
    document = json.loads(run_cli("sudoku", "solve", "easy", "--json").stdout)
    assert document["solved"] and "moves_omitted" not in document
    assert len(document["moves"]) == document["length"]
