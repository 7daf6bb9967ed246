"""The batch 9×9 Sudoku solver (``kernels.nine``), the bulk reader and validator
(``domains.sudoku.batch``), and ``sudoku bulk``'s two rates.

The batch solver is checked against facts found independently of it: the general
compiled solver (a different propagation: singles only, full rescans) on the project's
hard set, the pure-Python validator on every answer, and hand-built grids whose count
is known (the empty grid has many solutions, clashing givens none).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import Refused, RunCli

from searchlab.domains.sudoku.batch import clashing, read_lines, valid_solutions
from searchlab.domains.sudoku.domain import PUZZLES
from searchlab.domains.sudoku.grid import Puzzle, parse_puzzle, solved_grid, valid_solution
from searchlab.domains.sudoku.kernels.nine import solve_many, tables
from searchlab.domains.sudoku.kernels.solver import solve

SET = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "sudoku_hard.txt"


def _grid(line: str) -> list[int]:
    return list(parse_puzzle(line).cells)


def _hard_set(count: int) -> list[str]:
    lines = [line for line in SET.read_text().splitlines() if line and not line.startswith("#")]
    return lines[:count]


def test_the_batch_agrees_with_the_general_solver_on_the_hard_set() -> None:
    lines = _hard_set(300) + [PUZZLES[name] for name in ("easy", "hard", "several", "none")]
    grids = np.array([_grid(line) for line in lines], dtype=np.int8)
    counts, solutions, guesses = solve_many(grids, 2)
    for line, count, solution in zip(lines, counts, solutions, strict=True):
        puzzle = parse_puzzle(line)
        expected, first, _ = solve(9, puzzle.cells, 2)
        assert count == expected, line
        if count:
            assert valid_solution(puzzle, tuple(int(v) for v in solution)), line
        if count == 1:
            assert tuple(int(v) for v in solution) == first, line  # the one solution
        else:
            assert count != 0 or not solution.any()
    assert list(counts[-4:]) == [1, 1, 2, 0]
    assert guesses[-4] == 0  # Project Euler's first grid needs no guess
    assert (guesses[:300] > 0).any()


def test_limits_and_grids_whose_counts_are_known() -> None:
    empty = np.zeros((1, 81), dtype=np.int8)
    for limit in (1, 2, 5):
        counts, solutions, _ = solve_many(empty, limit)
        assert counts[0] == limit  # the empty grid has billions of solutions
        assert valid_solution(parse_puzzle("." * 81), tuple(int(v) for v in solutions[0]))
    clash = np.zeros((1, 81), dtype=np.int8)
    clash[0, 0] = clash[0, 80] = 4  # no rule broken: r1c1 and r9c9 share nothing
    clash[0, 10] = 4  # r2c2 shares box 1 with r1c1: broken
    assert solve_many(clash, 2)[0][0] == 0
    full = np.array([solved_grid(9, __import__("random").Random(7))], dtype=np.int8)
    counts, solutions, guesses = solve_many(full, 2)
    assert counts[0] == 1 and (solutions == full).all() and guesses[0] == 0


def test_the_segments_are_box_line_intersections() -> None:
    peers, units, segments = tables()
    assert peers.shape == (81, 20) and units.shape == (27, 9) and segments.shape == (54, 15)
    unit_sets = [set(u) for u in units.tolist()]
    for segment in segments.tolist():
        inside, line_rest, box_rest = set(segment[:3]), set(segment[3:9]), set(segment[9:])
        line = next(u for u in unit_sets[:18] if inside | line_rest == u)
        box = next(u for u in unit_sets[18:] if inside | box_rest == u)
        assert line & box == inside and len(inside | line_rest | box_rest) == 15


def test_the_vectorised_checks_agree_with_the_plain_ones() -> None:
    import random

    rng = random.Random(11)
    givens, answers, expected = [], [], []
    for _ in range(60):
        grid = solved_grid(9, rng)
        given = [v if rng.random() < 0.3 else 0 for v in grid]
        answer = list(grid)
        damage = rng.randrange(4)
        if damage == 1:  # two cells swapped
            a, b = rng.sample(range(81), 2)
            answer[a], answer[b] = answer[b], answer[a]
        elif damage == 2:  # a value out of range
            answer[rng.randrange(81)] = 0
        elif damage == 3:  # a given not kept (the grid itself may stay valid)
            given[0] = grid[0] % 9 + 1
        givens.append(given)
        answers.append(answer)
        expected.append(valid_solution(Puzzle(9, tuple(given)), answer))
    checked = valid_solutions(np.array(givens, np.int8), np.array(answers, np.int8))
    assert checked.tolist() == expected and 0 < sum(expected) < 60
    clashes = [any(len({g[i] for i in u} - {0}) < sum(1 for i in u if g[i]) for u in tables()[1])
               for g in givens]  # fmt: skip
    assert clashing(np.array(givens, np.int8)).tolist() == clashes


def test_reading_a_mixed_file() -> None:
    spaced = " ".join(PUZZLES["hard"])  # a 9×9 written with spaces: not a fast line
    text = "\ufeff# comment\n" + PUZZLES["easy"] + "\n\n" + spaced + "\n" + PUZZLES["16x16"] + "\n"
    batch = read_lines(text, "f.txt")
    assert batch.lines == [2, 4, 5]
    assert sorted(batch.nine_at) == [0, 1] and list(batch.others) == [2]
    assert batch.puzzle(0) == parse_puzzle(PUZZLES["easy"])
    assert batch.puzzle(1) == parse_puzzle(PUZZLES["hard"])
    assert batch.puzzle(2) == parse_puzzle(PUZZLES["16x16"])


@pytest.mark.parametrize(
    ("second", "says"),
    [
        ("5...5" + "." * 76, "f.txt line 2: cell r1c5: 5 is given twice in row 1 (also at r1c1)"),
        ("x" + "." * 80, "f.txt line 2: cell r1c1: 'x' is not a value"),
        ("." * 80, "f.txt line 2: a Sudoku has 81, 256 or 625 cells"),
    ],
)
def test_the_first_bad_line_is_named(second: str, says: str) -> None:
    from searchlab.core.errors import InputError

    text = PUZZLES["easy"] + "\n" + second + "\n" + "1" * 81 + "\n"  # line 3 is bad too
    with pytest.raises(InputError, match=None) as error:
        read_lines(text, "f.txt")
    assert str(error.value).startswith(says)


def test_bulk_names_the_solvers_rate_and_the_commands(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text("\n".join(_hard_set(50) * 4) + "\n")
    run = run_cli("sudoku", "bulk", str(path), "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["count"] == document["unique"] == 200
    for key in ("seconds", "command_seconds", "setup_seconds"):
        assert document[key] >= 0
    assert document["seconds"] <= document["command_seconds"]  # the solver is part of it
    assert document["command_puzzles_per_second"] <= document["puzzles_per_second"]
    assert document["puzzles"][0]["solution"] == "".join(
        map(str, solve(9, parse_puzzle(_hard_set(1)[0]).cells, 1)[1] or ())
    )
    text = run_cli("sudoku", "bulk", str(path), "--quiet").stdout
    assert "Solver:" in text and "puzzles/s; whole" in text.replace("\n", " ")


def test_bulk_refuses_a_clash_after_good_lines(refused: Refused, tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLES["easy"] + "\n" * 3 + PUZZLES["hard"][:80] + "8\n")
    refused("sudoku", "bulk", str(path), says="line 4: cell r9c9: 8 is given twice")
