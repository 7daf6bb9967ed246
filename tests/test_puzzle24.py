"""The 24-puzzle: the compiled IDA* on 5×5 boards, the 5-wide partitions, Korf and
Taylor's instances and ``puzzle korf24``. The 6-6-6-6 tables take minutes to build, so
the kernel is held here to small 5-wide tables (pdb-444444) on boards a few dozen moves
from the goal: lengths against the generic A* with Manhattan, node counts against a
plain-Python IDA* that recomputes every heuristic from scratch."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from conftest import Refused, RunCli

from searchlab.core.errors import InputError
from searchlab.domains.puzzle import solve
from searchlab.domains.puzzle.board import parse_board
from searchlab.domains.puzzle.kernels import (
    KORF_GOAL_24,
    STANDARD_GOAL_24,
    kernel_arguments,
    korf24,
    solve_15,
)
from searchlab.domains.puzzle.kernels.korf_taylor import KORF_TAYLOR
from searchlab.domains.puzzle.kernels.pdb import (
    build_estimate,
    mirror_map,
    partition_cells,
    partition_patterns,
    partition_width,
    pattern_databases,
)
from searchlab.domains.puzzle.problem import apply_move
from searchlab.domains.puzzle.solvability import unsolvable_reason

WIDTH = 5
STEP = {0: -WIDTH, 1: WIDTH, 2: -1, 3: 1}  # the kernel's move codes: up, down, left, right


def _neighbour(blank: int, move: int) -> int:
    row, col = divmod(blank, WIDTH)
    if (move == 0 and row == 0) or (move == 1 and row == WIDTH - 1):
        return -1
    if (move == 2 and col == 0) or (move == 3 and col == WIDTH - 1):
        return -1
    return blank + STEP[move]


def _walk(goal: tuple[int, ...], moves: int, seed: int) -> tuple[int, ...]:
    """A board ``moves`` random moves of the blank from ``goal`` (never straight back)."""
    rng = random.Random(seed)
    board = list(goal)
    last = -1
    for _ in range(moves):
        blank = board.index(0)
        choices = [m for m in range(4) if _neighbour(blank, m) >= 0 and m != last ^ 1]
        move = rng.choice(choices)
        target = _neighbour(blank, move)
        board[blank], board[target] = board[target], 0
        last = move
    return tuple(board)


def _inversions(tiles: Sequence[int]) -> int:
    order = [t for t in tiles if t]
    return sum(1 for i, a in enumerate(order) for b in order[i + 1 :] if a > b)


def _manhattan(board: Sequence[int], goal: Sequence[int]) -> int:
    where = {tile: cell for cell, tile in enumerate(goal)}
    return sum(
        abs(c // WIDTH - where[t] // WIDTH) + abs(c % WIDTH - where[t] % WIDTH)
        for c, t in enumerate(board)
        if t
    )


def test_korf_taylor_instances_are_the_published_ten() -> None:
    assert [i.name for i in KORF_TAYLOR] == [str(n) for n in range(1, 11)]
    assert [i.optimal for i in KORF_TAYLOR] == [100, 95, 108, 98, 101, 96, 104, 97, 113, 114]
    for instance in KORF_TAYLOR:
        board = instance.board
        assert sorted(board) == list(range(25)), instance.name
        # odd width: a board reaches the goal iff its inversions have the goal's parity (0)
        assert _inversions(board) % 2 == 0, instance.name
        assert unsolvable_reason(board, KORF_GOAL_24) is None
        # every move moves the blank one square: the length has the parity of its distance
        blank = board.index(0)
        assert (instance.optimal - (blank // WIDTH + blank % WIDTH)) % 2 == 0, instance.name
        assert _manhattan(board, KORF_GOAL_24) <= instance.optimal


@pytest.mark.parametrize("name", ["pdb-6666", "pdb-444444"])
def test_five_wide_partitions_cover_every_tile_once(name: str) -> None:
    assert partition_width(name) == 5
    for blank in range(25):
        cells = [c for group in partition_cells(name, blank, 5) for c in group]
        assert sorted(cells) == sorted(set(range(25)) - {blank})
    with pytest.raises(InputError, match="is for 5×5 boards, not 4×4"):
        partition_cells(name, 15, 4)


def test_pdb_6666_is_korf_and_felners_partition() -> None:
    tiles = {frozenset(t) for _, t in partition_patterns("pdb-6666", KORF_GOAL_24)}
    assert tiles == {
        frozenset({1, 2, 5, 6, 7, 12}),
        frozenset({3, 4, 8, 9, 13, 14}),
        frozenset({10, 11, 15, 16, 20, 21}),
        frozenset({17, 18, 19, 22, 23, 24}),
    }
    assert all(p.entries == 127_512_000 and p.width == 5 for p, _ in partition_patterns(
        "pdb-6666", KORF_GOAL_24
    ))
    # Korf's solver reflects about the main diagonal: ref[] = 0, 5, 10, 15, 20, 1, 6, ...
    assert mirror_map(0, 5) == [5 * (c % 5) + c // 5 for c in range(25)]
    assert mirror_map(24, 5) == mirror_map(0, 5)
    assert mirror_map(4, 5) == [5 * (4 - c % 5) + 4 - c // 5 for c in range(25)]
    assert mirror_map(1, 5) is None


def test_build_estimate_for_the_6666_tables_says_disk_memory_and_time(tmp_path: Path) -> None:
    said = build_estimate("pdb-6666", KORF_GOAL_24, tmp_path)
    assert said is not None
    assert said.startswith("building the pdb-6666 databases (6, 6, 6 and 6 tiles): ")
    tables = 4 * math.perm(25, 6)  # four tables, a byte per abstract state: 510,048,000 bytes
    assert f"{tables / 2**20:,.0f} MB of disk" in said, said  # 486 binary megabytes
    assert "minutes on one core" in said


def _reference_ida(
    board: tuple[int, ...], goal: tuple[int, ...], name: str, reflect: bool, order: str
) -> tuple[int, int]:
    """IDA* in plain Python, every heuristic from scratch (``PatternDatabases.sums``),
    counting as the kernel does: (length, nodes generated)."""
    dbs = pattern_databases(name, goal, reflect=reflect)
    codes = [int(c) for c in kernel_arguments(goal, name, move_order=order)[1]]

    def h(state: list[int]) -> tuple[int, int]:
        regular, mirrored = dbs.sums(state)
        return regular, max(regular, mirrored)

    generated = 0

    def dfs(state: list[int], g: int, last: int, threshold: int, bound: list[int]) -> int:
        nonlocal generated
        blank = state.index(0)
        for move in codes:
            if last >= 0 and last ^ 1 == move:
                continue
            target = _neighbour(blank, move)
            if target < 0:
                continue
            generated += 1
            state[blank], state[target] = state[target], 0
            regular, value = h(state)
            f = g + 1 + value
            found = -1
            if f > threshold:
                bound[0] = min(bound[0], f)
            elif regular == 0:
                found = g + 1
            else:
                found = dfs(state, g + 1, move, threshold, bound)
            state[target], state[blank] = state[blank], 0
            if found >= 0:
                return found
        return -1

    start = list(board)
    threshold = h(start)[1]
    while threshold:
        bound = [1 << 30]
        found = dfs(start, 0, -1, threshold, bound)
        if found >= 0:
            return found, generated
        threshold = bound[0]
    return 0, 0


@pytest.mark.parametrize(
    ("seed", "reflect", "order", "goal"),
    [
        (1, True, "up-left-right-down", KORF_GOAL_24),
        (3, False, "up-down-left-right", KORF_GOAL_24),
        (8, True, "up-down-left-right", STANDARD_GOAL_24),
        (14, False, "up-left-right-down", STANDARD_GOAL_24),
    ],
)
def test_kernel_counts_equal_a_search_that_recomputes_every_heuristic(
    seed: int, reflect: bool, order: str, goal: tuple[int, ...]
) -> None:
    board = _walk(goal, 44, seed)  # 34 to 42 moves: 3 to 5 iterations, 1,000s of nodes
    found = solve_15(board, goal, heuristic="pdb-444444", reflect=reflect, move_order=order)
    assert found.moves is not None
    length, generated = _reference_ida(board, goal, "pdb-444444", reflect, order)
    assert (len(found.moves), found.generated) == (length, generated)
    shortest = solve(board, goal, algorithm="astar", heuristic="manhattan")
    assert len(found.moves) == len(shortest.moves)
    state = board
    for move in found.moves:
        state = apply_move(state, move)
    assert state == goal


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict", "pdb-444444"])
def test_every_kernel_heuristic_finds_the_shortest_length_on_5x5(heuristic: str) -> None:
    for seed in range(3):
        board = _walk(STANDARD_GOAL_24, 30, 10 + seed)
        found = solve_15(board, heuristic=heuristic)
        shortest = solve(board, STANDARD_GOAL_24, algorithm="astar", heuristic="manhattan")
        assert found.moves is not None and len(found.moves) == len(shortest.moves), seed


def test_kernel_evaluate_matches_the_plain_sums_and_the_reflected_board() -> None:
    from searchlab.domains.puzzle.kernels import _ida

    ida = _ida()
    dbs = pattern_databases("pdb-444444", KORF_GOAL_24, reflect=True)
    heuristic, _ = kernel_arguments(KORF_GOAL_24, "pdb-444444")
    mirror = mirror_map(0, 5)
    assert mirror is not None
    index = np.zeros(heuristic[4].shape[0], dtype=np.int64)
    rng = random.Random(5)
    for _ in range(20):
        board = _walk(KORF_GOAL_24, 200, rng.randrange(10**6))
        regular, mirrored = dbs.sums(board)
        array = np.asarray(board, dtype=np.int64)
        assert int(ida.evaluate(array, heuristic, index, 0)) == regular
        assert int(ida.evaluate(array, heuristic, index, 1)) == mirrored
        # the reflected sum is the regular sum of the board reflected independently:
        # tile t moves to the mirror of its square and becomes the tile whose goal
        # square mirrors t's (on Korf's goal, tile t's goal square is t)
        reflected = [0] * 25
        for cell, tile in enumerate(board):
            reflected[mirror[cell]] = mirror[tile] if tile else 0
        assert dbs.sums(reflected)[0] == mirrored


def test_the_expansion_limit_stops_a_5x5_search() -> None:
    board = KORF_TAYLOR[1].board
    found = solve_15(board, KORF_GOAL_24, heuristic="pdb-444444", max_expanded=1000)
    assert found.moves is None and found.expanded == 1001


@pytest.mark.parametrize(
    "text",
    [
        "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24",
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24",
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,_,24]",
        "1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 _ 24",
    ],
)
def test_a_5x5_board_reads_in_every_notation(text: str) -> None:
    parsed = parse_board(text)
    assert parsed.size == 5 and parsed.tiles == (*range(1, 24), 0, 24)
    found = solve_15(parsed.tiles, heuristic="manhattan")
    assert found.moves == ["right"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 24", "appears more"),
        ("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0", "needs 25 cells, but 24"),
        ("1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0", "row"),
        ("1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 25 0", "25"),
    ],
)
def test_a_malformed_5x5_board_is_refused(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_board(text)


def test_korf24_checks_names_and_limits() -> None:
    with pytest.raises(InputError, match="no instance '11'"):
        korf24(["11"], heuristic="pdb-444444")
    with pytest.raises(InputError, match="between 1 and 10"):
        korf24(first=0, heuristic="pdb-444444")
    run = korf24(["2", "6"], heuristic="pdb-444444", max_expanded=500)
    assert [row.instance for row in run.rows] == [2, 6]
    assert [row.optimal for row in run.rows] == [95, 96]
    assert all(row.length is None and row.expanded == 501 for row in run.rows)


def test_korf24_command_json_and_exit_status(run_cli: RunCli, refused: Refused) -> None:
    run = run_cli(
        "puzzle", "korf24", "--only", "2", "--heuristic", "pdb-444444",
        "--max-expanded", "2000", "--json",
    )
    assert run.code == 3, run.stderr
    payload = json.loads(run.stdout)
    assert payload["heuristic"] == "pdb-444444" and payload["reflect"] is True
    (row,) = payload["rows"]
    assert row["instance"] == 2 and row["optimal"] == 95 and row["length"] is None
    assert row["optimal_found"] is False and row["expanded"] == 2001
    help_text = run_cli("puzzle", "korf24", "--help").stdout
    assert "searchlab puzzle korf24 --only 2" in help_text and "1<=x<=10" in help_text
    refused("puzzle", "korf24", "--first", "11", says="--first")
    refused("puzzle", "korf24", "--max-expanded", "-1", says="max-expanded")


def test_puzzle_solve_on_5x5_runs_the_compiled_solver(run_cli: RunCli) -> None:
    board = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 0 23 24"
    run = run_cli("puzzle", "solve", board, "--heuristic", "pdb-444444", "--json")
    assert run.code == 0, run.stderr
    payload = json.loads(run.stdout)
    assert payload["moves"] == ["right", "right"] and payload["run"]["engine"] == "kernel"


def test_pdb_6666_names_its_board(refused: Refused) -> None:
    refused("puzzle", "solve", "1 2 3/4 5 6/7 0 8", "--heuristic", "pdb-6666", says="5×5")
    refused(
        "puzzle", "solve", "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 0 23 24",
        "--heuristic", "pdb-663", says="4×4",
    )
