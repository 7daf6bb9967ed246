"""The N-queens kernels against published counts, the generic engine, and brute force."""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_algorithms_support import RowByRow, last_queen_safe

from searchlab.algorithms.uninformed import depth_first_solutions
from searchlab.core.errors import InputError
from searchlab.domains.queens.backtracking import count_classes_generic
from searchlab.domains.queens.kernels import (
    class_task,
    class_tasks,
    count_classes,
    count_solutions,
    count_task,
    count_tasks,
    verify_queens,
)
from searchlab.domains.queens.repair import repair
from searchlab.domains.queens.symmetry import images

# OEIS A000170, n = 0 … 13
PUBLISHED = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
# OEIS A002562 (essentially different solutions), n = 0 … 15 (a(0) = 1: the empty board)
UNIQUE = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053]
TOTAL_14_15 = [365596, 2279184]  # A000170 at n = 14, 15


def test_counts_match_the_published_sequence() -> None:
    assert [count_solutions(n) for n in range(len(PUBLISHED))] == PUBLISHED


@pytest.mark.parametrize("n", range(1, 9))
def test_counts_match_the_generic_engine(n: int) -> None:
    generic = sum(1 for _ in depth_first_solutions(RowByRow(n), constraint=last_queen_safe))
    assert count_solutions(n) == generic


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_any_split_of_the_work_adds_up(depth: int) -> None:
    for n in (1, 2, 5, 8, 9, 10):
        assert sum(count_task(n, task) for task in count_tasks(n, depth)) == PUBLISHED[n]


def test_executors_give_the_same_count() -> None:
    with ThreadPoolExecutor(2) as threads:
        assert count_solutions(12, executor=threads) == PUBLISHED[12]
    with ProcessPoolExecutor(2) as processes:
        assert count_solutions(11, executor=processes) == PUBLISHED[11]


def test_full_symmetry_counts_match_both_published_sequences() -> None:
    counted = [count_classes(n) for n in range(len(UNIQUE))]
    assert [c.unique for c in counted] == UNIQUE
    assert [c.total for c in counted] == PUBLISHED + TOTAL_14_15


@pytest.mark.parametrize("n", range(1, 9))
def test_full_symmetry_classes_equal_every_solution_compared_with_its_images(n: int) -> None:
    """The kernel visits an eighth of the tree and compares with rotations by bit
    tricks; the reference lists every solution and its eight images as tuples."""
    assert count_classes(n).classes_of == count_classes_generic(n).classes_of


def test_eight_queens_has_eleven_classes_of_eight_and_one_of_four() -> None:
    assert count_classes(8).classes_of == {8: 11, 4: 1, 2: 0, 1: 0}


def test_a_solutions_images_are_solutions_and_its_class_has_8_4_or_2() -> None:
    for n in (4, 5, 6, 8, 9):
        solutions = [p for p in itertools.permutations(range(n)) if verify_queens(p)]
        assert len(solutions) == PUBLISHED[n]
        for columns in solutions:
            members = images(columns)
            assert all(verify_queens(member) for member in members)
            assert len(members) in (2, 4, 8)
            assert all(images(member) == members for member in members)


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_any_split_of_the_full_symmetry_count_adds_up(depth: int) -> None:
    for n in (4, 5, 8, 11, 12):
        pieces = [class_task(n, task) for task in class_tasks(n, depth)]
        assert sum(8 * a + 4 * b + 2 * c for a, b, c in pieces) == PUBLISHED[n]
        assert sum(a + b + c for a, b, c in pieces) == UNIQUE[n]


def test_executors_give_the_same_classes() -> None:
    with ProcessPoolExecutor(2) as processes:
        assert count_classes(12, executor=processes).unique == UNIQUE[12]


def test_count_refuses_bad_n() -> None:
    with pytest.raises(InputError):
        count_solutions(-1)
    with pytest.raises(InputError):
        count_solutions(31)
    with pytest.raises(InputError):
        count_classes(31)


@pytest.mark.parametrize("n", [1, 4, 5, 6, 7, 8, 9, 10, 20, 50, 200])
def test_kernel_repair_solves_small_and_medium_boards(n: int) -> None:
    for seed in range(3):
        result = repair(n, engine="kernel", seed=seed)
        assert result.solved and result.engine == "kernel" and result.conflicted == 0
        assert sorted(result.rows.tolist()) == list(range(1, n + 1))  # a permutation
        assert verify_queens(result.rows - 1)  # the transposed board: same verdict
        assert result.steps >= 0


def test_kernel_repair_knows_two_and_three_have_no_solution() -> None:
    for n in (2, 3):
        result = repair(n, engine="kernel", seed=1)
        assert not result.solved and result.steps == 0
        assert result.reason == f"no solution exists for n = {n}"


def test_hundred_thousand_queens_pass_the_independent_check() -> None:
    result = repair(100_000, engine="kernel", seed=7)
    assert result.solved
    assert verify_queens(result.rows - 1)


def test_kernel_repair_step_limit_stops_it() -> None:
    result = repair(1000, engine="kernel", seed=1, max_steps=0)
    assert not result.solved and result.steps == 0
    assert result.conflicted is not None and result.conflicted > 0
    with pytest.raises(InputError):
        repair(0, engine="kernel", seed=1)


def brute_force_ok(columns: list[int]) -> bool:
    n = len(columns)
    if any(not 0 <= c < n for c in columns):
        return False
    return all(
        columns[a] != columns[b] and abs(columns[a] - columns[b]) != b - a
        for a, b in itertools.combinations(range(n), 2)
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=-1, max_value=8), min_size=1, max_size=8))
def test_verify_agrees_with_pairwise_brute_force(columns: list[int]) -> None:
    assert verify_queens(columns) == brute_force_ok(columns)


def test_verify_accepts_every_eight_queens_solution() -> None:
    found = [p for p in itertools.permutations(range(8)) if brute_force_ok(list(p))]
    assert len(found) == 92
    assert all(verify_queens(np.array(p)) for p in found)


def test_loading_the_counter_is_timed_apart_from_counting() -> None:
    from searchlab.domains.queens.kernels import load_counter

    assert load_counter() >= 0
    assert load_counter() < 0.01  # loaded once a process
    assert count_solutions(8) == 92


def test_a_fresh_process_reports_loading_as_set_up_not_counting() -> None:
    import json
    import subprocess
    import sys

    from searchlab import jit
    from searchlab.domains.queens.small_count import SMALL_COUNT_MAX_N

    n = SMALL_COUNT_MAX_N + 1  # the smallest board the kernel counts (smaller: plain Python)
    code = f"from searchlab.cli.main import main; main(['queens', 'count', '{n}', '--json'])"
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    payload = json.loads(run.stdout)
    assert payload["count"] == TOTAL_14_15[n - 14] and payload["setup_seconds"] >= 0
    if jit.JIT_ENABLED:  # loading numba's code takes far longer than counting 14 queens
        assert payload["seconds"] < payload["setup_seconds"]


def test_a_board_larger_than_the_memory_available_is_refused_before_allocating(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from searchlab.core import allowance
    from searchlab.domains.queens.repair import kernel_bytes

    allowance.set_max_memory(2**30)
    try:  # 8 bytes a queen and 5 bits for the check: 8,625,000,000 bytes
        with pytest.raises(InputError, match=r"needs about 8\.0 GB; --max-memory is 1\.0 GB"):
            repair(10**9, engine="kernel", seed=1)
    finally:
        allowance.set_max_memory(None)
    assert kernel_bytes(10**8) < 2**30  # 10**8 queens fit in a gigabyte


def test_compact_check_agrees_with_the_counting_check() -> None:
    from searchlab.domains.queens.kernels.verify import verify_bits

    rng = np.random.default_rng(5)
    for n in (1, 4, 8, 50, 300):
        solved = repair(n, engine="kernel", seed=2) if n >= 4 else None
        boards = [rng.permutation(n), rng.integers(0, n, n)]
        if solved is not None:
            boards.append(np.argsort(solved.rows))  # the solution, as columns by row
        for board in boards:
            columns = np.asarray(board, dtype=np.int32)
            assert verify_bits(columns) == verify_queens(columns.astype(np.int64)), (n, board)
    assert not verify_bits(np.array([0, 5], dtype=np.int32))  # off the board
