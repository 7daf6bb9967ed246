"""The plain-Python count by symmetry (``small_count``) that ``searchlab queens count``
takes on small boards: the same classes as the compiled kernel on every board it takes,
and the published sequences."""

from __future__ import annotations

import json

import pytest
from conftest import RunCli

from searchlab.domains.queens import solutions
from searchlab.domains.queens.backtracking import solution_columns
from searchlab.domains.queens.kernels import count_classes
from searchlab.domains.queens.small_count import SMALL_COUNT_MAX_N, count_classes_small
from searchlab.domains.queens.symmetry import classes_of_solutions

# OEIS A000170 (every solution) and A002562 (essentially different), n = 0 … 13
A000170 = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
A002562 = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233]


@pytest.mark.parametrize("n", range(SMALL_COUNT_MAX_N + 1))
def test_the_python_count_is_the_kernels(n: int) -> None:
    assert count_classes_small(n) == count_classes(n)


@pytest.mark.parametrize("n", range(len(A000170)))
def test_the_python_count_is_the_published_one(n: int) -> None:
    counted = count_classes_small(n)
    assert (counted.total, counted.unique) == (A000170[n], A002562[n])


@pytest.mark.parametrize("n", range(4, 9))
def test_each_class_is_counted_by_its_size_as_every_solution_shows(n: int) -> None:
    assert count_classes_small(n) == classes_of_solutions(n, solution_columns(solutions(n)))


def test_the_command_counts_small_boards_in_python_and_large_ones_with_the_kernel(
    run_cli: RunCli,
) -> None:
    small = json.loads(run_cli("queens", "count", str(SMALL_COUNT_MAX_N), "--json").stdout)
    assert (small["count"], small["unique"]) == (A000170[13], A002562[13])
    assert small["setup_seconds"] == 0  # nothing was loaded
    large = json.loads(run_cli("queens", "count", str(SMALL_COUNT_MAX_N + 1), "--json").stdout)
    assert (large["count"], large["unique"]) == (365596, 45752)  # A000170, A002562 at 14
