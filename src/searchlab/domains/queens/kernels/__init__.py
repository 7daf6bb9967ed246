"""Fast N-queens: count every solution (bitboards) and repair a million-queen board.

The compiled parts load on first use, so importing this package is cheap; the first
call in a process pays numba's cache load (or compile). Entry points:

- ``load_counter()``: load the compiled counter now and say how long that took, so
  that set-up is reported apart from counting.
- ``count_solutions(n, executor=None)``: the number of solutions, by mirror symmetry
  (first queen in the left half; for odd n, first queen in the middle and second in
  the left half) and an explicit-stack bitboard walk. With an executor the work is
  split by the first rows' placements (``count_tasks``) and ``count_task`` is mapped
  over it; both are top-level so they pickle to worker processes.
- ``repair.solve``: the compiled permutation-and-swap repair, reached through
  ``searchlab.domains.queens.repair.repair`` (which checks, times and verifies it).
- ``verify_queens(columns)``: an independent O(n) check of a claimed solution.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor

import numpy as np
import numpy.typing as npt

from searchlab.core.errors import InputError

MAX_COUNT_N = 30
"""The largest n ``count_solutions`` accepts (masks are 64-bit; n = 30 would take ages)."""

Task = tuple[tuple[int, ...], int]
"""A piece of a count: the columns of the first rows, and how many mirror images it stands for."""


def _check_count_n(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InputError(f"the number of queens must be a whole number 0 or more, not {n!r}")
    if n > MAX_COUNT_N:
        raise InputError(f"counting is limited to n ≤ {MAX_COUNT_N} queens, not {n}")


def _safe(prefix: tuple[int, ...], column: int) -> bool:
    row = len(prefix)
    return all(c != column and abs(c - column) != row - r for r, c in enumerate(prefix))


def count_tasks(n: int, depth: int = 1) -> list[Task]:
    """Split the count of n-queens into independent pieces by the first ``depth`` rows.

    Summing ``count_task(n, task)`` over the list gives the number of solutions. Mirror
    symmetry halves the work: only prefixes whose first queen stands in the left half
    (or, for odd n, in the middle with the second queen in the left half) are listed,
    each standing for itself and its mirror image.
    """
    _check_count_n(n)
    if n <= 1:
        return [((0,) if n == 1 else (), 1)]
    half = n // 2
    tasks: list[Task] = [((c,), 2) for c in range(half)]
    if n % 2 == 1:
        tasks += [((half, c), 2) for c in range(half) if _safe((half,), c)]
    for _ in range(max(0, min(depth, n) - 1)):
        deeper: list[Task] = []
        for prefix, weight in tasks:
            if len(prefix) >= depth or len(prefix) >= n:
                deeper.append((prefix, weight))
                continue
            deeper += [((*prefix, c), weight) for c in range(n) if _safe(prefix, c)]
        tasks = deeper
    return tasks


@functools.cache
def _counter() -> Callable[[int, npt.NDArray[np.int64]], int]:
    """The compiled counter, loaded (numba's cache, or a compile) and called once on a
    small board: its first call still links code, which is set-up, not counting."""
    from searchlab.domains.queens.kernels.counting import count_completions

    count_completions(6, np.zeros(0, dtype=np.int64))
    return count_completions


def load_counter() -> float:
    """Load the compiled counter into this process now; the seconds it took (about 0
    once loaded). ``count_solutions`` does it before its first piece, so a caller that
    wants the counting timed alone calls this first and starts its clock after."""
    started = time.perf_counter()
    _counter()
    return time.perf_counter() - started


def count_task(n: int, task: Task) -> int:
    """The solutions one piece of ``count_tasks(n)`` stands for (a top-level function, so
    that it pickles to worker processes)."""
    prefix, weight = task
    return weight * int(_counter()(n, np.asarray(prefix, dtype=np.int64)))


def count_solutions(
    n: int,
    *,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """The number of ways to place n non-attacking queens on an n×n board (1 for n = 0).

    The work is cut into pieces by the first rows (``count_tasks``), run here one after
    the other or mapped over ``executor``; ``progress(done, total)`` hears after each
    piece, and Ctrl-C is honoured between pieces (a compiled piece cannot be interrupted).
    The compiled counter is loaded first (``load_counter``, which times it); worker
    processes of an executor load their own copy during their first piece.
    """
    _check_count_n(n)
    load_counter()
    tasks = count_tasks(n, depth=3 if n >= 12 else 1)
    if executor is None:
        results: Iterable[int] = (count_task(n, task) for task in tasks)
    else:
        results = executor.map(count_task, [n] * len(tasks), tasks)  # lists: Dask needs len()
    total = 0
    for done, count in enumerate(results, start=1):
        total += count
        if progress is not None:
            progress(done, len(tasks))
    return total


def verify_queens(columns: Sequence[int] | npt.NDArray[np.integer]) -> bool:
    """Whether ``columns`` (one 0-based column per row) is an n-queens solution.

    Independent of the search that produced it: counts queens per column and per
    diagonal with numpy in O(n) and accepts only if every count is at most one.
    """
    cols = np.asarray(columns, dtype=np.int64)
    n = cols.shape[0]
    if cols.ndim != 1 or n == 0:
        return cols.ndim == 1  # the empty board is the one solution for n = 0
    if cols.min() < 0 or cols.max() >= n:
        return False
    rows = np.arange(n, dtype=np.int64)
    return bool(
        np.bincount(cols, minlength=n).max() <= 1
        and np.bincount(rows + cols, minlength=2 * n - 1).max() <= 1
        and np.bincount(rows - cols + n - 1, minlength=2 * n - 1).max() <= 1
    )


__all__ = [
    "MAX_COUNT_N",
    "Task",
    "count_solutions",
    "count_task",
    "count_tasks",
    "load_counter",
    "verify_queens",
]
