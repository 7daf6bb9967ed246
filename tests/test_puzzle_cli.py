"""``searchlab puzzle``: outputs, JSON shapes, exit codes, and every refusal."""

from __future__ import annotations

import json
import re

import pytest
from conftest import Refused, RunCli
from test_puzzle_board import BAD_STARTS
from test_puzzle_helpers import cached_distances, check_path

from searchlab.domains.puzzle import (
    BRATKO_GOAL,
    BRATKO_POSITIONS,
    is_solvable,
    run_experiment,
    standard_goal,
)

START3_BRATKO = "[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]"
START3_GRID = "2 1 6/4 _ 8/7 5 3"


def test_solve_json_shape(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "solve", START3_BRATKO, "--json")
    assert run.code == 0, run.stderr
    data = json.loads(run.stdout)
    assert {"start", "goal", "status", "length", "moves", "path", "stats"} <= set(data)
    assert data["start"] == [2, 1, 6, 4, 0, 8, 7, 5, 3]
    assert data["goal"] == list(BRATKO_GOAL)  # Bratko notation -> Bratko's goal
    assert data["status"] == "solved"
    assert data["length"] == 18 == len(data["moves"])
    path = [tuple(board) for board in data["path"]]
    check_path(path, data["moves"], tuple(data["start"]), BRATKO_GOAL)
    assert {"expanded", "generated", "max_frontier", "seconds"} <= set(data["stats"])
    assert data["guaranteed_shortest"] is True


def test_solve_text_with_path(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "solve", START3_GRID, "--goal", "bratko", "--show-path")
    assert run.code == 0, run.stderr
    assert "solved in 18 moves (shortest)" in run.stdout
    assert "expanded" in run.stdout and "generated" in run.stdout
    assert run.stdout.count("\n---\n") == 18
    assert "1 2 3\n8 _ 4\n7 6 5" in run.stdout


def test_solve_best_first_bratko_says_not_guaranteed(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "solve", START3_BRATKO, "-a", "best-first", "-H", "bratko")
    assert run.code == 0, run.stderr
    assert "not guaranteed shortest" in run.stdout
    data = json.loads(
        run_cli(
            "puzzle", "solve", START3_BRATKO, "-a", "best-first", "-H", "bratko", "--json"
        ).stdout
    )
    assert data["guaranteed_shortest"] is False
    assert data["heuristic"] == "bratko"


def test_solve_reads_stdin_and_default_goal(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "solve", "-", "--json", input="1 2 3\n4 5 6\n7 0 8\n")
    data = json.loads(run.stdout)
    assert data["goal"] == list(standard_goal(3))
    assert data["moves"] == ["right"]


def test_solve_weighted_and_uninformed(run_cli: RunCli) -> None:
    weighted = json.loads(
        run_cli(
            "puzzle", "solve", START3_BRATKO, "-a", "weighted-astar", "-w", "3", "--json"
        ).stdout
    )
    assert weighted["weight"] == 3.0 and weighted["guaranteed_shortest"] is False
    assert weighted["length"] >= 18
    bfs = json.loads(run_cli("puzzle", "solve", START3_BRATKO, "-a", "bfs", "--json").stdout)
    assert bfs["length"] == 18 and bfs["heuristic"] is None


def test_limit_reached_exits_3_with_stats(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "solve", START3_BRATKO, "-a", "bfs", "--max-expanded", "5")
    assert run.code == 3
    assert "limit reached (max-expanded)" in run.stdout
    assert "expanded 5" in run.stdout
    data = json.loads(
        run_cli("puzzle", "solve", START3_BRATKO, "--max-expanded", "3", "--json").stdout
    )
    assert data["status"] == "limit_reached" and data["length"] is None


def test_random_is_solvable_and_reproducible(run_cli: RunCli) -> None:
    first = json.loads(run_cli("puzzle", "random", "--size", "4", "--seed", "9", "--json").stdout)
    again = json.loads(run_cli("puzzle", "random", "--size", "4", "--seed", "9", "--json").stdout)
    assert first == again
    assert is_solvable(tuple(first["board"]), standard_goal(4))
    text = run_cli("puzzle", "random", "--size", "3", "--seed", "1")
    assert text.code == 0 and "flat:" in text.stdout and "bratko: [" in text.stdout
    board = json.loads(
        run_cli("puzzle", "random", "-k", "3", "--goal", "bratko", "--seed", "3", "--json").stdout
    )["board"]
    assert tuple(board) in cached_distances(BRATKO_GOAL)


@pytest.mark.parametrize("goal", ["standard", "blank-first", "bratko"])
@pytest.mark.parametrize("size", [3, 4])
def test_random_board_pastes_back_into_solve(run_cli: RunCli, goal: str, size: int) -> None:
    # Every printed notation, with the --goal the output says to add, is a board that
    # `solve` accepts for the goal it was drawn for (a bare Bratko-notation start
    # defaults to Bratko's goal, which the standard goal's boards cannot reach).
    if goal == "bratko" and size == 4:
        return
    run = run_cli("puzzle", "random", "-k", str(size), "--goal", goal, "--seed", "7")
    assert run.code == 0, run.stderr
    lines = [line for line in run.stdout.splitlines() if line.startswith(("flat:", "bratko:"))]
    assert len(lines) == (2 if size == 3 else 1)
    for line in lines:
        board, _, hint = line.split(" ", 1)[1].partition("  (add ")
        options = hint.rstrip(")").split() if hint else []
        checked = run_cli("puzzle", "solve", board, *options, "--max-expanded", "1", "--json")
        assert checked.code in (0, 3), (line, checked.stderr)  # accepted: searched, not refused
        drawn_for = json.loads(
            run_cli("puzzle", "random", "-k", str(size), "-g", goal, "--seed", "7", "--json").stdout
        )["goal"]
        assert json.loads(checked.stdout)["goal"] == drawn_for


def test_bratko_experiment_checks_the_documents_claims() -> None:
    # The document (Bratko, fig. 12.7): Bratko's h under best-first solves (a) and (b)
    # "without a single step off the shortest path", and (c) in 18 moves.
    rows = {(row.position, row.heuristic): row for row in run_experiment()}
    for position in "ab":
        row = rows[(position, "bratko")]
        assert row.is_shortest and row.off_path == 0
        assert row.expanded == row.length == {"a": 4, "b": 5}[position]
    assert rows[("c", "bratko")].length == 18


def test_bratko_experiment(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "bratko", "--json")
    assert run.code == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["goal"] == list(BRATKO_GOAL)
    shortest = {row["position"]: row["shortest"] for row in data["runs"]}
    assert shortest == {"a": 4, "b": 5, "c": 18}
    for row in data["runs"]:
        assert row["length"] >= row["shortest"]
        assert row["is_shortest"] == (row["length"] == row["shortest"])
    assert data["positions"]["a"] == list(BRATKO_POSITIONS["a"])
    text = run_cli("puzzle", "bratko")
    assert "h = 22 but h* = 4" in text.stdout
    assert "off path" in text.stdout
    whole = text.stdout.replace("\n  ", " ")  # each verdict wrapped to 80 columns, made whole
    verdicts = [line for line in whole.splitlines() if line.startswith("(")]
    assert verdicts[0].startswith('(a) the document: "without a single step off')
    assert verdicts[0].endswith("off its path.") and ": holds;" in verdicts[0]


def test_help_teaches(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "--help")
    assert run.code == 0 and "Bratko" in run.stdout and "blank" in run.stdout
    # click cuts a command's one-line help at the first period unless it is given whole
    assert "(Bratko's fig. 12.7) and judge it." in run.stdout
    assert "Print a random solvable start, ready to paste into solve." in run.stdout
    solve_help = run_cli("puzzle", "solve", "--help").stdout
    assert "3 a limit stopped it first" in solve_help


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("solve", "1,2,3,4,5,6,7,8,0", "--goal", "1,2,3,0"), "different sizes|but the goal is"),
        (("solve", "1,2,3,4,5,6,8,7,0"), "unsolvable"),
        (("solve", "1,2,3,4,5,6,7,8,0", "--goal", "nowhere"), "unknown --goal"),
        (("solve", "1,2,3,4,5,6,7,8,0", "-H", "bratko"), "only for Bratko's 3×3 goal"),
        (("solve", "1,2,3,4,5,6,7,8,0", "-H", "euclid"), "unknown --heuristic"),
        (("solve", "1,2,3,4,5,6,7,8,0", "-a", "quantum"), "unknown --algorithm"),
        (("solve", "1,2,3,4,5,6,7,8,0", "-a", "dfs"), "does not offer the algorithm dfs"),
        (("solve", "1,2,3,4,5,6,7,8,0", "--weight", "2"), "--weight does not apply to .* astar"),
        (("solve", "1,2,3,4,5,6,7,8,0", "-a", "wastar", "--weight", "-1"), "--weight must be 1 or"),
        (("solve", "1,2,3,4,5,6,7,8,0", "--max-expanded", "-1"), "--max-expanded must be 0 or"),
        (("solve", "1,2,3,0", "--goal", "bratko"), "bratko goal is a 3×3 board"),
        (("random", "--size", "1"), "--size must be 2 or more"),
        (("random", "--size", "3", "--goal", "1,2,3,0"), "but the goal is"),
    ],
)
def test_refusals_exit_2_with_message(
    refused: Refused, args: tuple[str, ...], message: str
) -> None:
    refused("puzzle", *args, says=re.compile(message))


@pytest.mark.parametrize(("start", "fault"), BAD_STARTS)
def test_a_board_that_does_not_read_is_refused_in_the_librarys_words(
    refused: Refused, start: str, fault: str
) -> None:
    refused("puzzle", "solve", start, says=fault)
