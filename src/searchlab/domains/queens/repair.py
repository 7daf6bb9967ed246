"""Repairing a large N-queens board: the one way in, whichever engine does the work.

Two engines repair a board until no queen is attacked. ``generic`` is min-conflicts in
Python with numpy (``searchlab.domains.queens.conflicts``): a random attacked queen
moves to the least-attacked row of its column. ``kernel`` is the compiled
permutation-and-swap repair of Sosic & Gu (``searchlab.domains.queens.kernels.repair``):
two queens swap rows whenever that lowers the attacks, a million queens in about a
second. ``repair`` picks one (``auto``: the kernel from ``KERNEL_FROM_N`` queens), answers
n = 2 and 3 without searching (they have no solution), refuses boards too large to hold
before allocating them, and calls a board solved only when the independent
``verify_queens`` accepts it.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from searchlab.core import allowance
from searchlab.core.errors import InputError
from searchlab.domains.queens.conflicts import (
    DEFAULT_MAX_STEPS,
    Init,
    count_conflicted,
    min_conflicts_search,
)
from searchlab.domains.queens.engines import (
    BYTES_PER_QUEEN,
    GENERIC_BYTES_PER_QUEEN,
    UNSOLVABLE,
    choose_engine,
)


def kernel_default_steps(n: int) -> int:
    """The kernel's step limit when none is given: 100·n + 10,000 candidate swaps."""
    return 100 * n + 10_000


@dataclass(frozen=True)
class MinConflictsResult:
    """How a repair ended, from either engine.

    One convention: ``rows[c - 1]`` is the 1-based row of the queen in column c (a
    numpy array; empty when no search ran), worked out on first use from ``board``,
    the engine's own array (the generic engine's rows by column, 0-based; the kernel's
    columns by row, 0-based, int32: inverting it doubles the memory of a huge board).
    ``steps`` are moves (generic) or candidate swaps examined (kernel), see
    ``step_unit``. ``seconds`` times the search alone (start and repair);
    ``setup_seconds`` the loading of the compiled kernel (numba's cache load or
    compile, paid once per process), the independent check neither.
    ``conflicted`` counts queens still attacked; ``initial_conflicted`` those attacked
    at the start (generic engine only). ``reason`` says why no search ran.
    """

    n: int
    solved: bool
    board: npt.NDArray[np.integer] = field(repr=False, compare=False)
    steps: int
    seconds: float
    seed: int
    engine: Literal["generic", "kernel"]
    setup_seconds: float = 0.0
    initial_conflicted: int | None = None
    conflicted: int | None = None
    reason: str | None = None

    @functools.cached_property
    def rows(self) -> npt.NDArray[np.int64]:
        """The 1-based row of each column's queen."""
        if self.engine == "generic" or self.reason is not None:
            return np.asarray(self.board, dtype=np.int64) + (0 if self.reason else 1)
        rows = np.empty(self.n, dtype=np.int64)  # the kernel's board is a permutation
        rows[self.board] = np.arange(1, self.n + 1, dtype=np.int64)
        return rows

    @property
    def status(self) -> str:
        """The house status: solved, exhausted (no solution exists) or limit_reached
        (the step limit came first)."""
        if self.solved:
            return "solved"
        return "exhausted" if self.reason is not None else "limit_reached"

    @property
    def step_unit(self) -> str:
        return "candidate swaps" if self.engine == "kernel" else "moves"

    @property
    def queens(self) -> tuple[tuple[int, int], ...]:
        """The queens as (row, col) pairs, column by column."""
        return tuple((int(row), col) for col, row in enumerate(self.rows.tolist(), start=1))

    def to_dict(self, *, with_rows: bool = True) -> dict[str, Any]:
        """The result as JSON-ready data; fields that do not apply (None) are left out."""
        payload: dict[str, Any] = {
            "n": self.n,
            "status": self.status,
            "solved": self.solved,
            "limit": "max_steps" if self.status == "limit_reached" else None,
            "steps": self.steps,
            "initial_conflicted": self.initial_conflicted,
            "conflicted": self.conflicted,
            "seconds": round(self.seconds, 6),
            "setup_seconds": round(self.setup_seconds, 6),
            "seed": self.seed,
            "engine": self.engine,
            "reason": self.reason,
        }
        if with_rows and self.reason is None:
            payload["rows"] = self.rows.tolist()
        return {key: value for key, value in payload.items() if value is not None}


def no_solution_reason(n: int) -> str:
    return f"no solution exists for n = {n}"


def repair(
    n: int,
    *,
    engine: str = "auto",
    seed: int | None = None,
    max_steps: int | None = None,
    init: Init | None = None,
) -> MinConflictsResult:
    """Repair a random board of n queens until none is attacked, or ``max_steps`` run out.

    ``max_steps`` defaults to 100,000 moves (generic) or 100·n + 10,000 candidate swaps
    (kernel). ``init`` chooses the generic engine's start (``greedy``, the default, or
    ``random``); the kernel builds its own. Without ``seed`` one is drawn and reported.
    """
    used = choose_engine(n, engine)
    if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 0):
        raise InputError(f"the step limit must be 0 or more, not {max_steps!r}")
    if init is not None and init not in ("greedy", "random"):
        raise InputError(f"unknown start {init!r}: choose greedy or random")
    if used == "kernel" and init is not None:
        raise InputError(
            f"the compiled repair (used for n = {n:,}) builds its own start: "
            "a chosen start applies to the generic engine only"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if n in UNSOLVABLE:
        empty = np.zeros(0, dtype=np.int64)
        return MinConflictsResult(n, False, empty, 0, 0.0, seed, used, reason=no_solution_reason(n))
    if used == "kernel":
        return _repair_kernel(n, seed, kernel_default_steps(n) if max_steps is None else max_steps)
    return _repair_generic(
        n, seed, DEFAULT_MAX_STEPS if max_steps is None else max_steps, init or "greedy"
    )


def _verified(columns_by_row: npt.NDArray[np.integer]) -> bool:
    from searchlab.domains.queens.kernels import verify_queens

    return verify_queens(columns_by_row)


def _repair_generic(n: int, seed: int, max_steps: int, init: Init) -> MinConflictsResult:
    _afford(n, GENERIC_BYTES_PER_QUEEN * n)
    started = time.perf_counter()
    run = min_conflicts_search(n, seed=seed, max_steps=max_steps, init=init)
    seconds = time.perf_counter() - started
    # verify_queens reads one column per row; a board's transpose (row and column
    # swapped) is a solution exactly when the board is, so the rows by column will do
    solved = run.conflicted == 0 and _verified(run.rows)
    return MinConflictsResult(
        n,
        solved,
        run.rows,
        run.steps,
        seconds,
        seed,
        "generic",
        initial_conflicted=run.initial_conflicted,
        conflicted=run.conflicted,
    )


@functools.cache
def _kernel() -> Callable[[int, int, int, npt.NDArray[np.int32]], tuple[int, int]]:
    """The compiled repair, loaded (numba's cache, or a compile) and run once on a tiny
    board: its first call still links code, which is set-up, not search."""
    from searchlab.domains.queens.kernels.repair import solve

    solve(8, 1, 0, np.zeros(8, dtype=np.int32))
    return solve


def kernel_bytes(n: int) -> int:
    """The memory the compiled repair of n queens takes (its arrays, and the check's bits)."""
    return BYTES_PER_QUEEN * n + (5 * n) // 8


def _afford(n: int, nbytes: int) -> None:
    """Refuse a board past the memory budget before it is allocated."""
    advice = "a smaller n, or a larger --max-memory"
    allowance.afford(f"repairing {n:,} queens", nbytes, "n", advice)


def _repair_kernel(n: int, seed: int, max_steps: int) -> MinConflictsResult:
    _afford(n, kernel_bytes(n))
    loading = time.perf_counter()
    solve = _kernel()
    setup_seconds = time.perf_counter() - loading
    columns = np.zeros(n, dtype=np.int32)  # the kernel's way: columns[r] of row r, 0-based
    started = time.perf_counter()
    found, steps = solve(n, seed & 0xFFFFFFFF, max_steps, columns)
    seconds = time.perf_counter() - started
    solved = bool(found) and _verified(columns)
    return MinConflictsResult(
        n,
        solved,
        columns,
        int(steps),
        seconds,
        seed,
        "kernel",
        setup_seconds=setup_seconds,
        # a board and its transpose have the same attacked queens
        conflicted=0 if solved else count_conflicted(columns.astype(np.int64)),
    )
