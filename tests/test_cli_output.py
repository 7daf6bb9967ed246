"""What the commands print, as a user reads it (issue 27): the start a search really
started from, lines that paste back whole, the path of every solution on request, and
labels that say what ran."""

from __future__ import annotations

import json

import pytest
from conftest import RunCli

from searchlab.cli.report import LAST_MOVES


def test_the_start_block_has_the_colours_asked_for(run_cli: RunCli) -> None:
    """Before: australia with --colours 2 was drawn with red, green and blue."""
    run = run_cli("map-colouring", "solve", "australia", "--colours", "2", "-a", "min-conflicts")
    assert run.code == 3, run.stderr  # two colours cannot colour a triangle: the limit
    block = run.stdout.split("no solution found")[0]
    regions = block.splitlines()[1:]
    assert len(regions) == 7  # WA NT SA Q NSW V T
    assert all(line.split(None, 1)[1] == "{red, green}" for line in regions), block
    assert f"10,000 moves, the last {LAST_MOVES}:" in run.stdout
    three = run_cli("map-colouring", "solve", "usa", "--colours", "3", "-a", "min-conflicts")
    assert "{red, green, blue}" in three.stdout and "yellow" not in three.stdout


def _count_up_to_two(line: str) -> int:
    """Solutions of a Sudoku line, up to 2, by the generic CSP solver (MAC + MRV): not
    the compiled solver the generator itself calls."""
    from searchlab.algorithms.csp import CSPProblem, Strategy, backtracking
    from searchlab.domains.sudoku.grid import parse_puzzle, sudoku_csp

    stream = backtracking(
        CSPProblem(sudoku_csp(parse_puzzle(line))), Strategy("mrv", "static", "mac")
    )
    return sum(1 for _, _ in zip(range(2), stream, strict=False))


def test_sudoku_random_gives_puzzles_with_one_solution(run_cli: RunCli) -> None:
    """Before: 7 of the seeds 0-7 gave puzzles with several solutions."""
    for seed in range(24):
        run = run_cli("sudoku", "random", "--seed", str(seed), "--json")
        line = json.loads(run.stdout)["start"]
        assert _count_up_to_two(line) == 1, (seed, line)
        assert line.count(".") == round(0.55 * 81)  # as many blanks as before


def test_sudoku_random_keeps_its_seed(run_cli: RunCli) -> None:
    first = run_cli("sudoku", "random", "--seed", "7", "--size", "16").stdout
    assert first == run_cli("sudoku", "random", "--seed", "7", "--size", "16").stdout
    assert first != run_cli("sudoku", "random", "--seed", "8", "--size", "16").stdout


def test_sudoku_random_start_line_pastes_back_whole(run_cli: RunCli) -> None:
    """Before: the 81 cells were wrapped at 80 columns, two lines that solve refused."""
    for size in ("25", "16", "9"):
        run = run_cli("sudoku", "random", "--seed", "3", "--size", size)
        lines = run.stdout.splitlines()
        pasted = lines[lines.index("start:") + 1]
        expected = json.loads(
            run_cli("sudoku", "random", "--seed", "3", "--size", size, "--json").stdout
        )
        assert pasted == expected["start"]
    solved = run_cli("sudoku", "solve", pasted, "--json")  # a line solve reads back
    assert solved.code == 0 and json.loads(solved.stdout)["solved"]


def test_dfs_show_path_draws_every_state_of_the_path(run_cli: RunCli) -> None:
    """Before: ``run examples/romania.py -a dfs --show-path`` printed the last town only."""
    args = ("run", "examples/romania.py", "-a", "dfs")
    document = json.loads(run_cli(*args, "--json").stdout)
    run = run_cli(*args, "--show-path")
    assert run.code == 0, run.stderr
    drawn = run.stdout.split("\n\n")[1].split("\n---\n")
    assert drawn == document["path"] and len(drawn) == document["length"] + 1 >= 3
    assert f"Solution 1: Bucharest (cost {document['cost']:g} in " in run.stdout
    assert all(move in run.stdout for move in document["moves"])
    assert "---" not in run_cli(*args).stdout  # the path on request only


NEAR_GOAL_15 = "1,2,3,4,5,6,7,8,9,10,0,11,13,14,15,12"  # two moves from the goal


def test_a_compiled_15_puzzle_run_says_ida_ran(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "astar with manhattan (compiled IDA*)", naming the algorithm that did
    not run first. The kernel is loaded first: in a process without it a board this
    small is solved by the same IDA* in plain Python, and the line says so."""
    from searchlab.domains.puzzle import kernels

    kernels.load_solver()
    run = run_cli("puzzle", "solve", NEAR_GOAL_15, "-H", "manhattan")
    verdict = run.stdout.split("solved in 2 moves (shortest), ")[1].split("\nmoves:")[0]
    said = " ".join(verdict.split())
    assert said == (
        "the compiled IDA* with manhattan, standing in for astar (the same shortest length)"
    )
    ida = run_cli("puzzle", "solve", NEAR_GOAL_15, "-H", "manhattan", "-a", "ida").stdout
    assert "), the compiled IDA* with manhattan\n" in ida
    generic = run_cli("puzzle", "solve", NEAR_GOAL_15, "-H", "manhattan", "--engine", "generic")
    assert "), astar with manhattan\n" in generic.stdout and "IDA*" not in generic.stdout
    monkeypatch.setattr(kernels, "kernel_loaded", lambda: False)  # as in a fresh process
    small = " ".join(run_cli("puzzle", "solve", NEAR_GOAL_15, "-H", "manhattan").stdout.split())
    assert "(shortest), IDA* with manhattan in plain Python (a small board: " in small
    assert small.count("moves: right down") == 1  # the same moves as the kernel's


def test_random_help_says_how_each_domain_draws(run_cli: RunCli) -> None:
    """`sudoku random` promised "uniformly among the starts that can reach the goal",
    which its generator (a full grid emptied while singles still fill it) is not."""
    sudoku = " ".join(run_cli("sudoku", "random", "--help").stdout.split())
    assert "exactly one solution" in sudoku and "uniformly among the starts" not in sudoku
    puzzle = " ".join(run_cli("puzzle", "random", "--help").stdout.split())
    assert "uniformly among the starts that can reach the goal" in puzzle
