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
- ``count_classes(n, executor=None)``: the solutions and the classes of essentially
  different ones (OEIS A000170 and A002562) by the board's full symmetry
  (``symmetry.py``: about an eighth of the tree), split into pieces the same way
  (``class_tasks``, ``class_task``).
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
from searchlab.domains.queens.engines import MAX_COUNT_N
from searchlab.domains.queens.symmetry import ClassCount

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


Prefix = npt.NDArray[np.int64]

ClassTask = tuple[int, int, tuple[int, ...]]
"""A piece of a count by full symmetry: corner or edge, bound1, the columns of the
first rows."""


def class_tasks(n: int, depth: int = 2) -> list[ClassTask]:
    """Split a count by full symmetry into pieces: each corner and edge start
    (``symmetry.py``), extended by every safe column of the next rows until it fixes
    ``depth`` rows beyond its own (pieces that break a rule count nothing)."""
    _check_count_n(n)
    from searchlab.domains.queens.kernels.symmetry import CORNER, EDGE

    tasks: list[ClassTask] = [(CORNER, b, (0, b)) for b in range(2, n - 1)]
    tasks += [(EDGE, b, (b,)) for b in range(1, n) if b < n - 1 - b]
    for _ in range(depth):
        deeper: list[ClassTask] = []
        for kind, bound1, prefix in tasks:
            if len(prefix) >= n - 2:
                deeper.append((kind, bound1, prefix))
                continue
            deeper += [(kind, bound1, (*prefix, c)) for c in range(n) if _safe(prefix, c)]
        tasks = deeper
    return tasks


@functools.cache
def _class_counter() -> Callable[[int, int, int, Prefix, Prefix], None]:
    """The compiled class counter, loaded and called once on a small board (set-up)."""
    from searchlab.domains.queens.kernels.symmetry import CORNER, count_classes

    count_classes(6, CORNER, 2, np.array([0, 2], dtype=np.int64), np.zeros(3, dtype=np.int64))
    return count_classes


def load_class_counter() -> float:
    """Load the compiled class counter now; the seconds it took (see ``load_counter``)."""
    started = time.perf_counter()
    _class_counter()
    return time.perf_counter() - started


def class_task(n: int, task: ClassTask) -> tuple[int, int, int]:
    """The classes of 8, 4 and 2 solutions one piece of ``class_tasks(n)`` counts (a
    top-level function, so that it pickles to worker processes)."""
    kind, bound1, prefix = task
    counts = np.zeros(3, dtype=np.int64)
    _class_counter()(n, kind, bound1, np.asarray(prefix, dtype=np.int64), counts)
    return int(counts[0]), int(counts[1]), int(counts[2])


def count_classes(
    n: int,
    *,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ClassCount:
    """Every solution of n-queens and its classes, by the full symmetry of the board.

    Works like ``count_solutions`` (pieces run here or over ``executor``, ``progress``
    after each, the counter loaded first) on about a quarter of its tree. Boards below
    4×4 have no room for the method's corner and edge cases and are counted directly.
    """
    _check_count_n(n)
    if n < 4:
        return ClassCount(n, {8: 0, 4: 0, 2: 0, 1: 1 if n <= 1 else 0})
    load_class_counter()
    tasks = class_tasks(n, depth=2 if n >= 12 else 0)
    if executor is None:
        results: Iterable[tuple[int, int, int]] = (class_task(n, task) for task in tasks)
    else:
        results = executor.map(class_task, [n] * len(tasks), tasks)
    eights = fours = twos = 0
    for done, (eight, four, two) in enumerate(results, start=1):
        eights, fours, twos = eights + eight, fours + four, twos + two
        if progress is not None:
            progress(done, len(tasks))
    return ClassCount(n, {8: eights, 4: fours, 2: twos, 1: 0})


COMPACT_CHECK_FROM = 1_000_000
"""From this many queens ``verify_queens`` checks with bits, not counts."""


def verify_queens(columns: Sequence[int] | npt.NDArray[np.integer]) -> bool:
    """Whether ``columns`` (one 0-based column per row) is an n-queens solution.

    Independent of the search that produced it: counts queens per column and per
    diagonal with numpy in O(n) and accepts only if every count is at most one; from
    ``COMPACT_CHECK_FROM`` queens, one bit per line instead (``verify.py``), in a
    fraction of the memory.
    """
    if isinstance(columns, np.ndarray) and columns.ndim == 1 and len(columns) >= COMPACT_CHECK_FROM:
        from searchlab.domains.queens.kernels.verify import verify_bits

        return bool(verify_bits(np.asarray(columns, dtype=np.int32)))
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
    "ClassCount",
    "ClassTask",
    "Task",
    "class_task",
    "class_tasks",
    "count_classes",
    "count_solutions",
    "count_task",
    "count_tasks",
    "load_class_counter",
    "load_counter",
    "verify_queens",
]
