"""The batch 9×9 Sudoku solver (``kernels.bitboard``, its tables ``kernels.bands``), the
bulk reader and validator (``domains.sudoku.batch``), and ``sudoku bulk``'s two rates.

The batch solver is checked against facts found independently of it: the general
compiled solver (a different propagation: singles only, cell by cell, full rescans) on
samples of the project's hard set and of top95, the pure-Python validator on every
answer, and hand-built grids whose count is known (the empty grid has many solutions,
clashing givens none, a solved grid with a swappable rectangle blanked exactly two, a
row that needs a 9 its last column already has none).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import Refused, RunCli

from searchlab.core.errors import InputError
from searchlab.domains.sudoku.batch import clashing, read_lines, valid_solutions
from searchlab.domains.sudoku.domain import PUZZLES
from searchlab.domains.sudoku.grid import Puzzle, parse_puzzle, solved_grid, valid_solution
from searchlab.domains.sudoku.kernels import bands
from searchlab.domains.sudoku.kernels.bitboard import solve_many
from searchlab.domains.sudoku.kernels.solver import solve

DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data"
SET = DATA / "sudoku_hard.txt"
UNITS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [
        [(3 * (b // 3) + r) * 9 + 3 * (b % 3) + c for r in range(3) for c in range(3)]
        for b in range(9)
    ]
)


def _grid(line: str) -> list[int]:
    return list(parse_puzzle(line).cells)


def _read(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line and not line.startswith("#")]


def _hard_set(count: int) -> list[str]:
    return _read(SET)[:count]


def test_the_batch_agrees_with_the_general_solver_on_the_hard_set() -> None:
    top95 = _read(DATA / "top95.txt")
    lines = (
        _hard_set(280)
        + top95[::5]
        + [PUZZLES[name] for name in ("easy", "hard", "several", "none")]
    )
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


def _solved(seed: int) -> list[int]:
    return list(solved_grid(9, __import__("random").Random(seed)))


def _rectangle(grid: list[int]) -> tuple[int, ...] | None:
    """Four cells of a solved grid in two rows of one band (or two columns of one
    stack), holding a, b / b, a: they lie in two boxes, so swapping them gives a second
    solution. None when the grid has none."""
    for across in (9, 1):  # rows, then columns (the grid read transposed)
        down = 10 - across
        for r1 in range(9):
            for r2 in range(r1 + 1, 3 * (r1 // 3) + 3):
                for c1 in range(9):
                    for c2 in range(c1 + 1, 9):
                        cells = [r * across + c * down for r in (r1, r2) for c in (c1, c2)]
                        a, b, c, d = (grid[cell] for cell in cells)
                        if a == d and b == c:
                            return tuple(cells)
    return None


def test_several_and_none_counted_exactly() -> None:
    grids = []
    for line in _read(DATA / "top95.txt")[:40]:  # solved by the general solver
        grid = list(solve(9, parse_puzzle(line).cells, 1)[1] or ())
        cells = _rectangle(grid)
        if cells is not None:
            for cell in cells:
                grid[cell] = 0
            grids.append(grid)
    assert len(grids) >= 20
    counts, solutions, _ = solve_many(np.array(grids, dtype=np.int8), 5)
    assert counts.tolist() == [2] * len(grids)  # the rectangle's two ways, nothing else open
    assert valid_solutions(np.array(grids, np.int8), solutions).all()
    # row 1 needs a 9 in its last cell, and column 9 already has one: no solution, though
    # no two givens clash
    stuck = [1, 2, 3, 4, 5, 6, 7, 8, 0] + [0] * 8 + [9] + [0] * 63
    assert not clashing(np.array([stuck], np.int8))[0]
    counts, solutions, _ = solve_many(np.array([stuck], dtype=np.int8), 2)
    assert counts[0] == 0 and not solutions.any()


def test_a_clash_anywhere_is_no_solution() -> None:
    import random

    rng = random.Random(5)
    grids = []
    for _ in range(60):  # a solved grid's givens, with one value copied onto a peer
        grid = _solved(rng.randrange(10**6))
        puzzle = [v if rng.random() < 0.35 else 0 for v in grid]
        unit = rng.choice(UNITS)
        source, target = rng.sample(unit, 2)
        puzzle[source], puzzle[target] = grid[source], grid[source]
        grids.append(puzzle)
    batch = np.array(grids, dtype=np.int8)
    assert clashing(batch).all()
    assert solve_many(batch, 2)[0].tolist() == [0] * 60


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="limit"):
        solve_many(np.zeros((1, 81), dtype=np.int8), 0)
    bad = np.zeros((1, 81), dtype=np.int8)
    bad[0, 3] = 10
    with pytest.raises(ValueError, match="0 \\(blank\\) to 9"):
        solve_many(bad, 2)
    wide = np.zeros((1, 81), dtype=np.int64)
    wide[0, 0] = 265  # 9 once cut to a byte: refused, not read as 9
    with pytest.raises(ValueError, match="0 \\(blank\\) to 9"):
        solve_many(wide, 2)
    assert solve_many(np.zeros((0, 81), dtype=np.int8))[0].shape == (0,)


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


def test_the_band_tables_say_what_they_should() -> None:
    table = bands.TABLES
    assert table.shape == (bands.SIZE,)
    matched = table[bands.MATCHED : bands.MATCHED + 512].tolist()
    assert matched[0x1FF] == 0x1FF and matched[0b100_010_001] == 0b100_010_001
    assert matched[0b000_111_111] == 0  # a row with no box left: no placement
    assert matched[0b001_001_111] == 0  # two rows in one box only: no placement
    # row 0 may go anywhere, rows 1 and 2 only to boxes 1 and 2: row 0 must take box 0
    assert matched[0b110_110_111] == 0b110_110_001
    for pattern, kept in enumerate(matched):
        assert kept & ~pattern == 0
        assert kept == 0 or all(kept >> (3 * r) & 7 for r in range(3))  # every row kept
        cells = table[bands.KEEP + pattern]
        assert all(bool(cells >> (9 * (b // 3) + 3 * (b % 3)) & 7) == bool(kept >> b & 1)
                   for b in range(9))  # fmt: skip
    for cell in range(27):
        kept = int(table[bands.PEERS_KEPT + cell])
        assert kept >> cell & 1 and bin(kept).count("1") == 27 - 15 + 1  # its row and box go
        bit = 1 << cell
        assert table[bands.BIT_INDEX + (((bit * bands.DE_BRUIJN) & 0xFFFFFFFF) >> 27)] == cell
    assert [bin(int(v)).count("1") for v in table[bands.ROW_MASK : bands.ROW_MASK + 8]] == [
        0,
        9,
        9,
        18,
        9,
        18,
        18,
        27,
    ]


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
    clashes = [any(len({g[i] for i in u} - {0}) < sum(1 for i in u if g[i]) for u in UNITS)
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


def test_a_plain_file_is_read_as_line_by_line() -> None:
    lines = _hard_set(30)
    plain = "\n".join(lines)  # 81 symbols a line: read in one piece, no last newline
    loose = "# a comment\n" + "\n".join(line + " " for line in lines) + "\r\n"  # line by line
    fast, slow = read_lines(plain, "f"), read_lines(loose, "f")
    assert (fast.nine == slow.nine).all() and fast.nine.shape == (30, 81)
    assert fast.lines == list(range(1, 31)) and slow.lines == list(range(2, 32))
    assert fast.puzzle(4) == parse_puzzle(lines[4])
    with pytest.raises(InputError, match=r"^f line 3: cell r1c1: 'x' is not a value"):
        read_lines("\n".join([*lines[:2], "x" + lines[2][1:], *lines[3:]]), "f")
