"""Parallel and distributed IDA*: each iteration cut into subtrees, searched by workers.

Every iteration of IDA* is a depth-first search bounded by a threshold. Here the top of
that tree is walked in this process in the kernel's own order (the same moves, the same
tests, the same counting), and the nodes it reaches at the cut become subtrees: the
kernel's ``search`` below each, with the same threshold. Consecutive subtrees are
batched into tasks of about ``task_nodes`` nodes and handed to an executor (a process
pool or a Dask cluster; None: here, one after the other).

Only the serial search's work is wanted, and it stops at its first goal: every subtree
after the one holding the answer is waste. So tasks are handed out lazily, at most one
per worker out and not yet read (a worker that finishes ahead of the task being read
waits rather than search further past it), they are read back in the serial order,
and a task stops at its own first goal. Once a task holds the answer the tasks not
handed out are never searched; those already running (the kernel cannot be interrupted)
are waited for, and their CPU and nodes are reported as waste. The nodes counted are
exactly those the serial search counts up to its goal, so the answer and the node counts
equal ``solve_15``'s (the tests hold them to it).

How many tasks an iteration gets follows its expected size: the last iteration's nodes
times its growth over the one before, over ``task_nodes``. An iteration expected to fit
in one task is searched here, without a round trip. The cut goes one move deeper at a
time (starting a move above the last iteration's) until there are two subtrees per
task, and the subtrees are batched by their expected work: r^((T - f) / 2) for a root
with f = g + h under the threshold T, r the observed growth.

Because the tasks are read in the serial order, the search can stop between two of them
and go on later from there (``SearchState``: the iteration's threshold, its cut and
batches, the tasks read and their counters): ``max_seconds`` stops it so, ``checkpoint``
hears the state every ``checkpoint_every`` seconds and at a stop, and ``resume`` goes on
from one, in this process or another, with the same answer and node counts. Ctrl-C is
such a stop too (the kernel answers it between tasks, which take milliseconds).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from searchlab.core.errors import InputError
from searchlab.core.options import Option

Board = tuple[int, ...]

MAX_SPLIT_DEPTH = 12

TASK_NODES = Option(
    "task_nodes",
    "int",
    "nodes a task aims at (default 300,000 for a local process or thread pool, 1,000,000 "
    "for any other executor: a task costs about 0.5 ms of CPU through a process pool "
    "and several through Dask, against some 25 ms for 300,000 nodes of the kernel)",
    low=1_000,
    high=10**9,
)
LOCAL_TASK_NODES = 300_000
CLUSTER_TASK_NODES = 1_000_000

WINDOW_PER_WORKER = 1
"""Tasks handed out and not yet read, per worker. With two, the nodes searched came to
1.10 against 1.03 times the serial ones (Korf's four hardest instances, 2 workers,
200,000-node tasks); with one, a worker that finishes ahead of the task being read
waits: the CPU target comes first."""

GROWTH = 6.0
"""How much larger an iteration is taken to be than the last before two have been seen
(with pattern databases the 15-puzzle's iterations grow some 4 to 8 times)."""

MAX_TASKS = 4096
"""At most this many tasks an iteration: the top walk runs in Python."""

STOP_SECONDS = 60.0
"""How long the tasks running past the answer are waited for, to count their CPU."""


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
    """Consecutive subtrees of one iteration, in the serial order: the board at each
    root and the moves (kernel codes) from the start to it, under ``threshold``."""

    roots: tuple[tuple[Board, tuple[int, ...]], ...]
    threshold: int


@dataclass(frozen=True)
class Outcome:
    """A task searched up to its first goal: which root holds it (-1: none) and the
    moves from that root; the counters summed over the subtrees searched, the smallest f
    over the threshold met, and the CPU seconds of the search and of the worker's
    set-up (loading the kernel and the databases, if this task did it; else 0)."""

    found_at: int
    moves: tuple[int, ...]
    generated: int
    expanded: int
    next_threshold: int
    cpu_seconds: float
    setup_seconds: float


@dataclass(frozen=True)
class SplitSolution:
    """``solve_15``'s answer and counters, and what the split cost."""

    moves: list[str] | None  # None: stopped by max_seconds (see paused)
    generated: int
    expanded: int
    iterations: int
    seconds: float  # wall time of the search, workers included (before a resume too)
    tasks: int  # tasks searched and read, over every iteration
    worker_seconds: float  # CPU seconds the tasks took, summed
    wasted_seconds: float  # ... of which in tasks the serial search would not enter
    wasted_generated: int = 0  # nodes generated in those tasks
    wasted_tasks: int = 0  # how many there were
    top_seconds: float = 0.0  # CPU seconds of the walks of the tops, in this process
    setup_seconds: float = 0.0  # CPU seconds the workers spent loading, during the search
    paused: SearchState | None = None  # stopped by max_seconds (moves None): go on from here


_LOADED: dict[Settings, tuple[ModuleType, tuple[Any, ...]]] = {}


def _loaded(settings: Settings) -> tuple[ModuleType, tuple[Any, ...], float]:
    """The kernel and its arguments for these settings, loaded once per process, and
    the CPU seconds loading took in this call (0 once loaded)."""
    if settings in _LOADED:
        return (*_LOADED[settings], 0.0)
    from searchlab.domains.puzzle.kernels import _ida, kernel_arguments

    began = time.thread_time()
    loaded = (
        _ida(),
        kernel_arguments(
            settings.goal,
            settings.heuristic,
            reflect=settings.reflect,
            move_order=settings.move_order,
            cache_dir=Path(settings.cache_dir) if settings.cache_dir else None,
        ),
    )
    _LOADED[settings] = loaded
    return (*loaded, time.thread_time() - began)


def search_subtrees(settings: Settings, task: Task) -> Outcome:
    """One task, in whichever process runs it (a top-level function: it pickles): its
    subtrees in order, stopping at the first goal as the serial search does."""
    ida, arguments, setup = _loaded(settings)
    moves = np.zeros(ida.MAX_DEPTH, dtype=np.int64)
    counters = np.zeros(4, dtype=np.int64)  # the kernel adds to [0] and [1]
    next_threshold = 1 << 30
    began = time.thread_time()
    found_at, found = -1, 0
    for at, (board, path) in enumerate(task.roots):
        found = ida.search(
            np.asarray(board, dtype=np.int64),
            *arguments,
            (len(path), path[-1]),
            (task.threshold, 0),
            moves,
            counters,
        )
        next_threshold = min(next_threshold, int(counters[3]))
        if found >= 0:
            found_at = at
            break
    cpu = time.thread_time() - began
    path = tuple(int(m) for m in moves[:found]) if found_at >= 0 else ()
    return Outcome(found_at, path, int(counters[0]), int(counters[1]), next_threshold, cpu, setup)


@dataclass(frozen=True)
class _Leaf:
    """A subtree's root met by the top walk, with its f and the nodes generated and
    expanded in the top before it (what the serial search has counted on reaching it)."""

    board: Board
    path: tuple[int, ...]
    f: int
    generated: int
    expanded: int


@dataclass
class _Top:
    """The walk of the top of one iteration's tree, in the serial order."""

    leaves: list[_Leaf] = field(default_factory=list)
    goal: _Leaf | None = None  # a goal within the top: the walk stops there
    generated: int = 0
    expanded: int = 1  # the root
    next_threshold: int = 1 << 30


def _heuristic(ida: ModuleType, arguments: tuple[Any, ...]) -> Callable[[Board], int]:
    """The kernel's h of a board, from scratch (the larger sum when reflected), and
    remembered: the top of every iteration walks mostly the same boards."""
    heuristic, _ = arguments
    index = np.zeros(max(heuristic[4].shape[0], 1), dtype=np.int64)
    known: dict[Board, int] = {}

    def h(board: Board) -> int:
        value = known.get(board)
        if value is None:
            cells = np.asarray(board, dtype=np.int64)
            value = int(ida.evaluate(cells, heuristic, index, 0))
            if heuristic[1] == ida.REFLECTED_DB and value:
                value = max(value, int(ida.evaluate(cells, heuristic, index, 1)))
            known[board] = value
        return value

    return h


def _walk_top(
    h: Callable[[Board], int], order: Sequence[int], start: Board, threshold: int, depth: int
) -> _Top:
    """The top ``depth`` moves of one iteration, as the kernel's search walks them."""
    top = _Top()
    width = math.isqrt(len(start))

    def visit(board: Board, blank: int, path: tuple[int, ...]) -> bool:
        for direction in order:
            if path and (path[-1] ^ 1) == direction:
                continue
            target = _neighbour(blank, direction, width)
            if target < 0:
                continue
            top.generated += 1
            cells = list(board)
            cells[blank], cells[target] = cells[target], 0
            child = tuple(cells)
            value = h(child)
            f = len(path) + 1 + value
            if f > threshold:
                top.next_threshold = min(top.next_threshold, f)
                continue
            moves = (*path, direction)
            if value == 0 or len(moves) == depth:
                leaf = _Leaf(child, moves, f, top.generated, top.expanded)
                if value == 0:
                    top.goal = leaf
                    return True  # the serial search stops at its first goal
                top.leaves.append(leaf)  # its search counts its root's expansion
                continue
            top.expanded += 1
            if visit(child, target, moves):
                return True
        return False

    visit(start, start.index(0), ())
    return top


def _neighbour(blank: int, direction: int, width: int) -> int:
    """The square the blank moves to on a board ``width`` wide (-1: off the board);
    0 up, 1 down, 2 left, 3 right."""
    row, column = divmod(blank, width)
    if direction == 0:
        return blank - width if row > 0 else -1
    if direction == 1:
        return blank + width if row < width - 1 else -1
    if direction == 2:
        return blank - 1 if column > 0 else -1
    return blank + 1 if column < width - 1 else -1


LEAVES_PER_TASK = 2
"""The cut goes deep enough to give each task about this many subtrees to balance."""


def _plan(
    walk: Callable[[int], _Top], threshold: int, cut: int, deepen: bool, tasks: int, growth: float
) -> tuple[_Top, list[int], int]:
    """The top walked ``cut`` moves down (``deepen``: one move deeper at a time until
    there are ``LEAVES_PER_TASK`` leaves per task, or none: the iteration's whole tree
    is in the top), its leaves batched into about ``tasks`` tasks of equal expected
    work: the top, the bounds (the first leaf of each task, then the end) and the cut."""
    top = walk(cut)
    while deepen and tasks > 1 and top.goal is None and top.leaves and cut < MAX_SPLIT_DEPTH:
        if len(top.leaves) >= LEAVES_PER_TASK * tasks:
            break
        cut += 1
        top = walk(cut)
    weights = [growth ** ((threshold - leaf.f) / 2) for leaf in top.leaves]
    share = sum(weights) / tasks
    bounds = [0]
    load = 0.0
    for end, weight in enumerate(weights, start=1):
        load += weight
        if load >= share and end < len(weights):
            bounds.append(end)
            load = 0.0
    if weights:
        bounds.append(len(weights))
    return top, bounds, cut


class _Runs:
    """One iteration's tasks, searched here in order, or handed to an executor lazily
    (at most ``window`` handed out and not yet read) and read back in order; ``stop``
    cancels those not started and counts the CPU of those that ran anyway."""

    def __init__(
        self, executor: Executor | None, settings: Settings, tasks: list[Task], window: int
    ) -> None:
        self.executor = executor
        self.settings = settings
        self.tasks = tasks
        self.window = window
        self.futures: list[Future[Outcome]] = []
        self.read = 0
        self.cpu_seconds = 0.0
        self.setup_seconds = 0.0

    def next(self) -> Outcome:
        """The next task's outcome, in the serial order (the tasks after it that have
        finished stay to be read; the workers get new ones as any finishes)."""
        if self.executor is None:
            outcome = search_subtrees(self.settings, self.tasks[self.read])
        else:
            self._hand_out()
            future = self.futures[self.read]
            while not future.done():
                running = [other for other in self.futures[self.read :] if not other.done()]
                wait(running, return_when=FIRST_COMPLETED)
                self._hand_out()
            outcome = future.result()
        self.read += 1
        self.cpu_seconds += outcome.cpu_seconds
        self.setup_seconds += outcome.setup_seconds
        return outcome

    def _hand_out(self) -> None:
        assert self.executor is not None
        while len(self.futures) < len(self.tasks) and len(self.futures) - self.read < self.window:
            task = self.tasks[len(self.futures)]
            self.futures.append(self.executor.submit(search_subtrees, self.settings, task))

    def stop(self) -> list[Outcome]:
        """Cancel the tasks after the one read last; the outcomes of those that ran
        anyway (searched for nothing), waiting for the ones already started (at most
        ``STOP_SECONDS``: a cluster's own cancellation may never answer)."""
        started = [future for future in self.futures[self.read :] if not future.cancel()]
        finished, _ = wait(started, timeout=STOP_SECONDS)
        outcomes = [
            future.result()
            for future in finished
            if not future.cancelled() and future.exception() is None
        ]
        self.setup_seconds += sum(outcome.setup_seconds for outcome in outcomes)
        return outcomes


def _tasks(top: _Top, bounds: list[int], threshold: int) -> list[Task]:
    """The leaves between consecutive bounds, as tasks."""
    return [
        Task(tuple((leaf.board, leaf.path) for leaf in top.leaves[a:b]), threshold)
        for a, b in itertools.pairwise(bounds)
    ]


@dataclass
class Totals:
    """The counters over the iterations read so far, and what the split cost."""

    generated: int = 0
    expanded: int = 0
    iterations: int = 0
    tasks: int = 0
    worker_seconds: float = 0.0
    wasted_seconds: float = 0.0
    wasted_generated: int = 0
    wasted_tasks: int = 0
    top_seconds: float = 0.0
    setup_seconds: float = 0.0
    last_generated: int = 0  # the last iteration's nodes generated
    next_threshold: int = 1 << 30  # ... and its smallest f over the threshold


@dataclass(frozen=True)
class Partial:
    """An iteration read up to a point: the tasks read (counted from the iteration's
    first) and what they counted (``next_threshold``: the smallest f over the threshold
    met so far, the top's included)."""

    read: int = 0
    generated: int = 0
    expanded: int = 0
    next_threshold: int = 1 << 30


@dataclass(frozen=True)
class SearchState:
    """Where a split search stands between two tasks: the iteration under way (its
    threshold, the cut and the batches its top was cut into, and how far it was read),
    the sizes of the iterations before it, the totals and the seconds so far. Enough to
    go on in another process with the same answer and counters (``solve_15_split``'s
    ``resume``; ``checkpoint`` writes it to a file)."""

    threshold: int
    cut: int
    bounds: tuple[int, ...]
    partial: Partial
    sizes: tuple[int, ...]
    totals: Totals
    seconds: float


Pause = Callable[[Partial], bool]
"""Asked after each task read: True stops the iteration there."""


@dataclass(frozen=True)
class _Stop:
    """An iteration stopped before its end: how far it was read, and whether Ctrl-C
    stopped it (else ``Pause``)."""

    partial: Partial
    interrupted: bool


def _read_iteration(
    totals: Totals,
    runs: _Runs,
    top: _Top,
    bounds: list[int],
    partial: Partial,
    pause: Pause,
) -> tuple[int, ...] | _Stop | None:
    """Read one iteration's tasks (from ``partial.read`` on, whose counts ``partial``
    holds) in the serial order: the moves to the goal if it holds one (counting stops
    where the serial search stops), None when it holds none (``totals`` then has it), or
    a ``_Stop`` when ``pause`` stopped it or Ctrl-C came (the tasks out are
    waste, searched again on resuming)."""
    generated, expanded = partial.generated, partial.expanded
    next_threshold = min(top.next_threshold, partial.next_threshold)
    found: tuple[int, ...] | None = None
    stop: _Leaf | None = top.goal  # where counting in the top ends (None: its end)
    paused: _Stop | None = None
    firsts = bounds[partial.read : -1]
    for read, first in enumerate(firsts, start=partial.read + 1):
        try:
            outcome = runs.next()
        except KeyboardInterrupt:
            paused = _Stop(Partial(read - 1, generated, expanded, next_threshold), True)
            break
        generated += outcome.generated
        expanded += outcome.expanded
        next_threshold = min(next_threshold, outcome.next_threshold)
        if outcome.found_at >= 0:
            stop = top.leaves[first + outcome.found_at]
            found = stop.path + outcome.moves
            break
        if read < len(bounds) - 1 and pause(Partial(read, generated, expanded, next_threshold)):
            paused = _Stop(Partial(read, generated, expanded, next_threshold), False)
            break
    else:
        found = None if top.goal is None else top.goal.path
    past = runs.stop() if found is not None or paused is not None else []
    wasted = sum(outcome.cpu_seconds for outcome in past)
    totals.tasks += runs.read
    totals.worker_seconds += runs.cpu_seconds + wasted
    totals.wasted_seconds += wasted
    totals.wasted_generated += sum(outcome.generated for outcome in past)
    totals.wasted_tasks += len(past)
    totals.setup_seconds += runs.setup_seconds
    if paused is not None:
        return paused
    generated += top.generated if stop is None else stop.generated
    expanded += top.expanded if stop is None else stop.expanded
    totals.iterations += 1
    totals.generated += generated
    totals.expanded += expanded
    totals.last_generated = generated
    totals.next_threshold = next_threshold
    return found


def _solution(totals: Totals, moves: list[str] | None, seconds: float) -> SplitSolution:
    return SplitSolution(
        moves,
        totals.generated,
        totals.expanded,
        totals.iterations,
        seconds,
        totals.tasks,
        totals.worker_seconds,
        totals.wasted_seconds,
        totals.wasted_generated,
        totals.wasted_tasks,
        totals.top_seconds,
        totals.setup_seconds,
    )


def _check(value: object, low: int, high: int, what: str, field: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{what} must be {low:,} to {high:,}, not {value!r}", field=field)


class _Watch:
    """When a split search stops (``max_seconds``) and when its state is heard
    (``checkpoint`` every ``every`` seconds); the seconds it has run, ``before`` a
    resume included."""

    def __init__(
        self,
        max_seconds: float | None,
        checkpoint: Callable[[SearchState], None] | None,
        every: float,
        before: float,
    ) -> None:
        self.began = self.saved = time.perf_counter()
        self.deadline = self.began + max_seconds if max_seconds is not None else math.inf
        self.checkpoint = checkpoint
        self.every = every
        self.before = before

    def seconds(self) -> float:
        return self.before + time.perf_counter() - self.began

    def past_deadline(self) -> bool:
        return time.perf_counter() >= self.deadline

    def pause(self, state: Callable[[Partial], SearchState], read: Partial) -> bool:
        """Asked after each task: stop past the deadline; hear the state when due."""
        now = time.perf_counter()
        if now >= self.deadline:
            return True
        if self.checkpoint is not None and now - self.saved >= self.every:
            self.checkpoint(state(read))
            self.saved = now
        return False


def _state(
    threshold: int,
    cut: int,
    bounds: tuple[int, ...],
    sizes: tuple[int, ...],
    totals: Totals,
    watch: _Watch,
    read: Partial,
) -> SearchState:
    """The search's state with this iteration read as far as ``read``."""
    return SearchState(
        threshold, cut, bounds, read, sizes, dataclasses.replace(totals), watch.seconds()
    )


def solve_15_split(
    board: Sequence[int],
    goal: Sequence[int] | None = None,
    *,
    heuristic: str | None = None,
    reflect: bool = True,
    move_order: str | None = None,
    executor: Executor | None = None,
    depth: int | None = None,
    task_nodes: int | None = None,
    workers: int | None = None,
    cache_dir: Path | None = None,
    max_seconds: float | None = None,
    checkpoint: Callable[[SearchState], None] | None = None,
    checkpoint_every: float = 60.0,
    resume: SearchState | None = None,
    iteration: Callable[[int, int], None] | None = None,
) -> SplitSolution:
    """``solve_15`` with each iteration split into subtrees searched over ``executor``
    (None: here), in tasks of about ``task_nodes`` nodes (None: see ``TASK_NODES``), at
    most ``workers`` (default: a local pool's own, else the machine's cores) handed out
    at a time; the cut ``depth`` moves down (None: chosen per iteration). Same moves,
    same node counts, on 4×4 and 5×5 boards; see the module.

    Past ``max_seconds`` (checked between tasks) the search stops with ``moves`` None
    and ``paused`` its state; ``checkpoint(state)`` hears the state every
    ``checkpoint_every`` seconds and at such a stop or Ctrl-C (which is then raised
    again); ``resume`` goes on from a state of the same board, goal and settings.
    ``iteration(threshold, generated)`` hears after each iteration.
    """
    from searchlab.domains.puzzle.kernels import (
        MOVE_NAMES,
        _kernel_board,
        default_heuristic_for,
        standard_goal_for,
    )
    from searchlab.domains.puzzle.problem import DEFAULT_MOVE_ORDER
    from searchlab.domains.puzzle.solvability import check_solvable

    if depth is not None:
        _check(depth, 1, MAX_SPLIT_DEPTH, "the split depth", "depth")
    local = executor is None or isinstance(executor, ProcessPoolExecutor | ThreadPoolExecutor)
    if task_nodes is None:
        task_nodes = LOCAL_TASK_NODES if local else CLUSTER_TASK_NODES
    task_nodes = TASK_NODES.parse(task_nodes)
    if workers is not None:
        _check(workers, 1, 1024, "the number of workers", "workers")
    elif local and executor is not None:  # the workers the pool was made with (CPython's)
        workers = int(getattr(executor, "_max_workers", 0)) or None
    window = WINDOW_PER_WORKER * (workers or os.cpu_count() or 1)
    start = _kernel_board(board, "board")
    target = (
        _kernel_board(goal, "goal", math.isqrt(len(start)))
        if goal is not None
        else standard_goal_for(start)
    )
    check_solvable(start, target)
    settings = Settings(
        target,
        heuristic or default_heuristic_for(target),
        reflect,
        move_order or DEFAULT_MOVE_ORDER,
        str(cache_dir) if cache_dir is not None else None,
    )
    ida, arguments, _ = _loaded(settings)
    h = _heuristic(ida, arguments)
    order = [int(direction) for direction in arguments[1]]
    watch = _Watch(max_seconds, checkpoint, checkpoint_every, resume.seconds if resume else 0.0)
    totals = dataclasses.replace(resume.totals) if resume is not None else Totals()
    sizes = list(resume.sizes) if resume is not None else []  # nodes of each iteration
    threshold = resume.threshold if resume is not None else h(start)
    cut = resume.cut if resume is not None else 1  # the last iteration's cut
    while threshold > 0:
        walked = time.thread_time()
        walk = functools.partial(_walk_top, h, order, start, threshold)
        if resume is not None:  # the iteration the state stopped in: its own cut and batches
            cut, bounds, partial = resume.cut, list(resume.bounds), resume.partial
            top = walk(cut)
            increasing = all(a < b for a, b in itertools.pairwise(bounds))
            if (
                not increasing
                or bounds[:1] != [0]
                or len(top.leaves) != bounds[-1]
                or not 0 <= partial.read < len(bounds) - 1
            ):
                raise InputError(
                    "the saved search does not match this board, goal and settings", field="resume"
                )
            resume = None
        else:
            if len(sizes) >= 2:
                growth = min(max(sizes[-1] / max(sizes[-2], 1), 1.5), 20.0)
                tasks = min(max(round(sizes[-1] * growth / task_nodes), 1), MAX_TASKS)
            else:
                growth, tasks = GROWTH, window
            first = depth or max(cut - 1, 1)  # tops grow: the last cut, or one above it
            top, bounds, cut = _plan(walk, threshold, first, depth is None, tasks, growth)
            partial = Partial()
        totals.top_seconds += time.thread_time() - walked
        pieces = _tasks(top, bounds, threshold)[partial.read :]
        runs = _Runs(executor if len(pieces) > 1 else None, settings, pieces, window)

        state = functools.partial(
            _state, threshold, cut, tuple(bounds), tuple(sizes), totals, watch
        )
        pause = functools.partial(watch.pause, state)
        found = _read_iteration(totals, runs, top, bounds, partial, pause)
        if isinstance(found, _Stop):
            stopped = state(found.partial)
            if checkpoint is not None:
                checkpoint(stopped)
            if found.interrupted:
                raise KeyboardInterrupt  # Ctrl-C: the state is saved, the caller hears it
            outcome = _solution(totals, None, stopped.seconds)
            return dataclasses.replace(outcome, paused=stopped)
        if iteration is not None:
            iteration(threshold, totals.last_generated)
        if found is not None:
            moves = [MOVE_NAMES[m] for m in found]
            return _solution(totals, moves, watch.seconds())
        sizes.append(totals.last_generated)
        threshold = totals.next_threshold
        if threshold >= 1 << 30:  # pragma: no cover - the parity test rules it out
            raise AssertionError("IDA* exhausted a solvable puzzle")
    return _solution(totals, [], watch.seconds())
