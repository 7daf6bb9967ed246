"""Parallel and distributed IDA*: each iteration cut into subtrees, searched by workers.

Every iteration of IDA* is a depth-first search bounded by a threshold. Here the top of
that tree, down to ``depth`` moves, is walked in this process in the kernel's own order
(the same moves, the same tests, the same counting), and each node it reaches at that
depth becomes a task: the kernel's ``search`` below that node, with the same threshold,
run by an executor (a process pool or a Dask cluster; None: here, one after the other).
The results are then read back in the serial order: the first subtree holding a goal
gives the answer, and the nodes counted are exactly those the serial search would have
counted up to that goal, so the answer and the node counts equal ``solve_15``'s (the
tests hold them to it). Subtrees after that one were searched for nothing: their CPU
time is reported as ``wasted_seconds``, the price of the split.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.core.errors import InputError

SPLIT_DEPTH = 4
"""How many moves the top of the tree goes before it is cut (up to 3**4 subtrees)."""

MAX_SPLIT_DEPTH = 12

STOP_SECONDS = 60.0
"""How long the subtrees running past the answer are waited for, to count their CPU."""


@dataclass(frozen=True)
class Settings:
    """What a worker needs to search a subtree (picklable: plain values)."""

    goal: tuple[int, ...]
    heuristic: str
    reflect: bool
    move_order: str
    cache_dir: str | None


@dataclass(frozen=True)
class Task:
    """A subtree: the board at its root, reached from the start by ``path`` (kernel
    move codes), under ``threshold``."""

    board: tuple[int, ...]
    path: tuple[int, ...]
    threshold: int


@dataclass(frozen=True)
class Outcome:
    """A subtree searched: the moves from its root to a goal (None: none within the
    threshold), its counters, the smallest f over the threshold met, CPU seconds."""

    moves: tuple[int, ...] | None
    generated: int
    expanded: int
    next_threshold: int
    cpu_seconds: float


@dataclass(frozen=True)
class SplitSolution:
    """``solve_15``'s answer and counters, and what the split cost."""

    moves: list[str]
    generated: int
    expanded: int
    iterations: int
    seconds: float  # wall time of the search, workers included
    tasks: int  # subtrees searched, over every iteration
    worker_seconds: float  # CPU seconds the subtrees took, summed
    wasted_seconds: float  # ... of which in subtrees the serial search would not enter


@functools.cache
def _loaded(settings: Settings) -> tuple[ModuleType, tuple[Any, ...]]:
    """The kernel and its arguments for these settings, loaded once per process."""
    from searchlab.domains.puzzle.kernels import _ida, kernel_arguments

    return _ida(), kernel_arguments(
        settings.goal,
        settings.heuristic,
        reflect=settings.reflect,
        move_order=settings.move_order,
        cache_dir=Path(settings.cache_dir) if settings.cache_dir else None,
    )


def search_subtree(settings: Settings, task: Task) -> Outcome:
    """One task, in whichever process runs it (a top-level function: it pickles)."""
    ida, arguments = _loaded(settings)
    moves = np.zeros(ida.MAX_DEPTH, dtype=np.int64)
    counters = np.zeros(4, dtype=np.int64)
    began = time.thread_time()
    found = ida.search(
        np.asarray(task.board, dtype=np.int64),
        *arguments,
        len(task.path),
        task.path[-1],
        task.threshold,
        0,
        moves,
        counters,
    )
    cpu = time.thread_time() - began
    path = tuple(int(m) for m in moves[:found]) if found >= 0 else None
    return Outcome(path, int(counters[0]), int(counters[1]), int(counters[3]), cpu)


Item = tuple[Task | tuple[int, ...], int, int]
"""A subtree to search, or the moves to a goal met in the top; with the nodes
generated and expanded in the top up to it."""


@dataclass
class _Top:
    """The walk of the top of one iteration's tree, in the serial order."""

    items: list[Item]
    generated: int = 0
    expanded: int = 1  # the root
    next_threshold: int = 1 << 30


def _heuristic(
    ida: ModuleType, arguments: tuple[Any, ...]
) -> Callable[[npt.NDArray[np.int64]], int]:
    """The kernel's h of a board, from scratch (the larger sum when reflected)."""
    heuristic, _ = arguments
    index = np.zeros(max(heuristic[4].shape[0], 1), dtype=np.int64)

    def h(board: npt.NDArray[np.int64]) -> int:
        value = int(ida.evaluate(board, heuristic, index, 0))
        if heuristic[1] == ida.REFLECTED_DB and value:
            value = max(value, int(ida.evaluate(board, heuristic, index, 1)))
        return value

    return h


def _walk_top(
    h: Callable[[npt.NDArray[np.int64]], int],
    order: npt.NDArray[np.int64],
    start: npt.NDArray[np.int64],
    threshold: int,
    depth: int,
) -> _Top:
    """The top ``depth`` moves of one iteration, as the kernel's search walks them."""
    top = _Top([])

    def visit(board: npt.NDArray[np.int64], path: tuple[int, ...]) -> bool:
        blank = int(np.flatnonzero(board == 0)[0])
        for direction in (int(d) for d in order):
            if path and (path[-1] ^ 1) == direction:
                continue
            target = _neighbour(blank, direction)
            if target < 0:
                continue
            top.generated += 1
            child = board.copy()
            child[blank], child[target] = child[target], 0
            value = h(child)
            f = len(path) + 1 + value
            if f > threshold:
                top.next_threshold = min(top.next_threshold, f)
                continue
            if value == 0:
                top.items.append(((*path, direction), top.generated, top.expanded))
                return True  # the serial search stops at its first goal
            if len(path) + 1 == depth:  # the subtree's search counts its root's expansion
                task = Task(tuple(int(v) for v in child), (*path, direction), threshold)
                top.items.append((task, top.generated, top.expanded))
                continue
            top.expanded += 1
            if visit(child, (*path, direction)):
                return True
        return False

    visit(start, ())
    return top


class _Runs:
    """One iteration's subtrees, searched here in order or submitted to an executor all
    at once and read back in order; ``stop`` cancels those not started yet."""

    def __init__(self, executor: Executor | None, settings: Settings, tasks: list[Task]):
        self.settings = settings
        self.tasks = tasks
        self.read = 0
        self.cpu_seconds = 0.0
        self.futures: list[Future[Outcome]] | None = None
        if executor is not None:
            self.futures = [executor.submit(search_subtree, settings, task) for task in tasks]

    @property
    def started(self) -> int:
        return self.read

    def next(self) -> Outcome:
        """The next subtree's outcome, in the serial order."""
        if self.futures is None:
            outcome = search_subtree(self.settings, self.tasks[self.read])
        else:
            outcome = self.futures[self.read].result()
        self.read += 1
        self.cpu_seconds += outcome.cpu_seconds
        return outcome

    def stop(self) -> float:
        """Cancel the subtrees after the one read last; the CPU seconds of those that
        ran anyway (searched for nothing), waiting for the ones already started (at most
        ``STOP_SECONDS``: a cluster's own cancellation may never answer)."""
        if self.futures is None:
            return 0.0
        started = [future for future in self.futures[self.read :] if not future.cancel()]
        finished, _ = wait(started, timeout=STOP_SECONDS)
        return sum(
            future.result().cpu_seconds
            for future in finished
            if not future.cancelled() and future.exception() is None
        )


def _neighbour(blank: int, direction: int) -> int:
    """The square the blank moves to (-1: off the board); 0 up, 1 down, 2 left, 3 right."""
    if direction == 0:
        return blank - 4 if blank >= 4 else -1
    if direction == 1:
        return blank + 4 if blank < 12 else -1
    if direction == 2:
        return blank - 1 if blank & 3 else -1
    return blank + 1 if (blank & 3) != 3 else -1


def solve_15_split(
    board: Sequence[int],
    goal: Sequence[int] | None = None,
    *,
    heuristic: str | None = None,
    reflect: bool = True,
    move_order: str | None = None,
    executor: Executor | None = None,
    depth: int = SPLIT_DEPTH,
    cache_dir: Path | None = None,
) -> SplitSolution:
    """``solve_15`` with each iteration split into subtrees ``depth`` moves down, run
    over ``executor`` (None: here). Same moves, same node counts; see the module."""
    from searchlab.domains.puzzle.kernels import (
        DEFAULT_HEURISTIC,
        MOVE_NAMES,
        STANDARD_GOAL,
        _four_by_four,
    )
    from searchlab.domains.puzzle.problem import DEFAULT_MOVE_ORDER
    from searchlab.domains.puzzle.solvability import check_solvable

    if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= MAX_SPLIT_DEPTH:
        raise InputError(
            f"the split depth must be 1 to {MAX_SPLIT_DEPTH}, not {depth!r}", field="depth"
        )
    start = _four_by_four(board, "board")
    target = _four_by_four(goal, "goal") if goal is not None else STANDARD_GOAL
    check_solvable(start, target)
    settings = Settings(
        target,
        heuristic or DEFAULT_HEURISTIC,
        reflect,
        move_order or DEFAULT_MOVE_ORDER,
        str(cache_dir) if cache_dir is not None else None,
    )
    ida, arguments = _loaded(settings)
    h = _heuristic(ida, arguments)
    root = np.asarray(start, dtype=np.int64)
    began = time.perf_counter()
    generated = expanded = iterations = tasks = 0
    worker = 0.0
    threshold = h(root)
    while threshold > 0:
        iterations += 1
        top = _walk_top(h, arguments[1], root, threshold, depth)
        pending = [item for item, _, _ in top.items if isinstance(item, Task)]
        runs = _Runs(executor, settings, pending)
        below_generated = below_expanded = 0
        next_threshold = top.next_threshold
        found: tuple[int, ...] | None = None
        for item, shallow_generated, shallow_expanded in top.items:
            if isinstance(item, Task):
                outcome = runs.next()
                below_generated += outcome.generated
                below_expanded += outcome.expanded
                next_threshold = min(next_threshold, outcome.next_threshold)
                if outcome.moves is not None:
                    found = item.path + outcome.moves
            else:
                found = item  # a goal within the top: always the walk's last item
            if found is not None:
                wasted = runs.stop()
                return SplitSolution(
                    [MOVE_NAMES[m] for m in found],
                    generated + shallow_generated + below_generated,
                    expanded + shallow_expanded + below_expanded,
                    iterations,
                    time.perf_counter() - began,
                    tasks + runs.started,
                    worker + runs.cpu_seconds + wasted,
                    wasted,
                )
        tasks += runs.started
        worker += runs.cpu_seconds
        generated += top.generated + below_generated
        expanded += top.expanded + below_expanded
        threshold = next_threshold
        if threshold >= 1 << 30:  # pragma: no cover - the parity test rules it out
            raise AssertionError("IDA* exhausted a solvable 15-puzzle")
    return SplitSolution([], 0, 0, 0, time.perf_counter() - began, 0, 0.0, 0.0)
