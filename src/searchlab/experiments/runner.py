"""Run many independent trials on a WorkerPool, keeping every finished one.

A trial is a JSON-ready dict of parameters (its *spec*) handed to a top-level function
that returns a JSON-ready dict of results. Trials travel to workers in chunks (a task
per trial costs more than a small trial on Dask), but are written one JSON line each,
flushed, as their chunk comes back. So a crash, a Ctrl-C or a killed worker loses at
most the chunks in flight, and ``resume`` picks up from what the file holds.

The runner speaks no front end's language: it reports progress to a callback the
caller passes (the command line's progress bar), and its errors name their field.
"""

from __future__ import annotations

import contextlib
import math
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Future, wait
from pathlib import Path
from typing import Any

from searchlab.core.errors import InputError, SearchlabError
from searchlab.experiments.executors import WorkerPool
from searchlab.experiments.triallog import TrialLog, trial_key

Spec = dict[str, Any]
Result = dict[str, Any]
TrialFunction = Callable[[Spec], Result]
Chunk = list[tuple[str, Spec]]  # (key, spec) of the trials sent in one task
Progress = Callable[[int, int], None]
"""Told ``(done, total)`` of the trials this run has to do: once before the first, then
after every chunk that comes back."""

# A pool that breaks this many times in one run is not going to get better.
MAX_POOL_RENEWALS = 5


class WorkerFailure(SearchlabError):
    """Workers kept dying: the run stops (finished trials are kept in the trial file)."""


class TrialsInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: the workers are stopped, and ``finished`` trials are kept in
    ``out`` (None when the run kept no file) for a run that resumes it."""

    def __init__(self, finished: int, out: Path | None) -> None:
        super().__init__("trials interrupted")
        self.finished = finished
        self.out = out


def run_chunk(function: TrialFunction, specs: list[Spec]) -> tuple[list[Result], float]:
    """One task: several trials in a row, and the seconds they took (top level, so that
    workers can unpickle it)."""
    started = time.perf_counter()
    results = [function(spec) for spec in specs]
    return results, time.perf_counter() - started


def notify_stderr(message: str) -> None:
    print(f"searchlab: {message}", file=sys.stderr, flush=True)


# Chunks aim at this many seconds of work: long enough to hide the cost of a task
# (~2 ms on Dask), short enough that a Ctrl-C or a dead worker loses little.
CHUNK_SECONDS = 0.5
FIRST_CHUNK = 2


class ChunkSizer:
    """How many trials to send in the next task, learnt from the chunks that came back."""

    def __init__(self, workers: int, largest: int) -> None:
        self.workers = workers
        self.largest = max(1, largest)
        self.trials = 0
        self.seconds = 0.0

    def record(self, trials: int, seconds: float) -> None:
        self.trials += trials
        self.seconds += seconds

    def next_size(self, remaining: int) -> int:
        if self.trials == 0:
            size = FIRST_CHUNK
        else:
            per_trial = max(self.seconds / self.trials, 1e-6)
            size = math.floor(CHUNK_SECONDS / per_trial)
        # Keep at least a few chunks per worker so that none sits idle at the end.
        balanced = math.ceil(remaining / (4 * self.workers))
        return max(1, min(size, balanced, self.largest))


def check_out(path: Path | None, *, resume: bool) -> None:
    """Refuse, before any work, a trial file that cannot be used: a folder, a file that
    already holds trials when not resuming, resuming without a file."""
    if path is None:
        if resume:
            raise InputError(
                "resume needs the file of trials to resume from",
                field="resume",
                hint=("out", "FILE"),
            )
        return
    if path.is_dir():
        raise InputError(f"out {path} is a folder, not a file", field="out")
    if not resume and path.exists() and path.stat().st_size > 0:
        raise InputError(
            f"{path} already holds trials: resume it, or choose another file", field="out"
        )


def run_trials(
    function: TrialFunction,
    specs: Sequence[Spec],
    *,
    pool: WorkerPool,
    out: Path | None = None,
    resume: bool = False,
    largest_chunk: int = 64,
    progress: Progress | None = None,
    notify: Callable[[str], None] = notify_stderr,
    settings: Mapping[str, Any] | None = None,
    schema: Mapping[str, str] | None = None,
) -> list[Result]:
    """The result of every spec, in the order of ``specs``, whichever worker ran it.

    With ``out``, each finished trial is appended to that file as it arrives; with
    ``resume`` too, trials already in it are not run again. A local worker that dies is
    reported and its unfinished trials are run again in a new pool. ``settings`` (the
    experiment, its parameters, searchlab's version) and ``schema`` (its result fields)
    let a resumed file be checked against this run (see ``triallog``). Ctrl-C ends the
    workers at once and raises ``TrialsInterrupted``, which says how many trials the
    file keeps.
    """
    check_out(out, resume=resume)
    keys = [trial_key(spec) for spec in specs]
    log = None
    if out is not None:
        wanted = dict(zip(keys, specs, strict=True))
        log = TrialLog(
            out, resume=resume, wanted=wanted, settings=settings, schema=schema, notify=notify
        )
    results: dict[str, Result] = {}
    try:
        if log is not None:
            results.update({key: log.done[key] for key in keys if key in log.done})
            if resume and results:
                notify(f"resuming: {len(results)} of {len(keys)} trials already in {out}")
        todo: deque[tuple[str, Spec]] = deque()
        seen: set[str] = set(results)
        for key, spec in zip(keys, specs, strict=True):
            if key not in seen:
                seen.add(key)
                todo.append((key, spec))
        sizer = ChunkSizer(pool.workers, largest_chunk)
        counter = _Counter(len(todo), progress)
        _drive(function, todo, sizer, pool, results, log, counter, notify)
    except KeyboardInterrupt as interrupt:
        pool.abort()
        if isinstance(interrupt, TrialsInterrupted):
            raise
        raise TrialsInterrupted(len(results), out) from interrupt
    finally:
        if log is not None:
            log.close()
    return [results[key] for key in keys]


@contextlib.contextmanager
def _uninterrupted() -> Iterator[None]:
    """Hold a Ctrl-C back until the block ends, so that trials recorded in memory and
    written to the file stay in step. Python runs signal handlers in the main thread
    whichever thread the signal reached (blocking SIGINT there does not keep it out:
    the pool's own threads take it), so the handler is replaced for the block by one
    that notes the signal, and the one before is called at the end."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _frame: held.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held:
        if callable(previous):
            previous(held[0], None)
        elif previous != signal.SIG_IGN:
            raise KeyboardInterrupt


class _Counter:
    """Counts the trials done for a ``Progress`` callback (none: counts for nobody)."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total = total
        self.done = 0
        self.progress = progress
        if progress is not None:
            progress(0, total)

    def advance(self, steps: int) -> None:
        self.done += steps
        if self.progress is not None:
            self.progress(self.done, self.total)


def _is_cluster_failure(error: Exception) -> bool:
    """A lost scheduler connection, or a task that killed Dask worker after worker
    (Dask retries those itself before giving up with KilledWorker)."""
    return isinstance(error, OSError | TimeoutError) or type(error).__name__ == "KilledWorker"


def _drive(
    function: TrialFunction,
    todo: deque[tuple[str, Spec]],
    sizer: ChunkSizer,
    pool: WorkerPool,
    results: dict[str, Result],
    log: TrialLog | None,
    counter: _Counter,
    notify: Callable[[str], None],
) -> None:
    retry: deque[Chunk] = deque()  # chunks a broken pool lost, sent again first
    in_flight: dict[Future[tuple[list[Result], float]], Chunk] = {}
    renewals = 0
    while todo or retry or in_flight:
        window = 1 if pool.kind == "serial" else 2 * pool.workers
        while (todo or retry) and len(in_flight) < window:
            if retry:
                chunk = retry.popleft()
            else:
                size = sizer.next_size(len(todo))
                chunk = [todo.popleft() for _ in range(min(size, len(todo)))]
            future = pool.executor.submit(run_chunk, function, [spec for _, spec in chunk])
            in_flight[future] = chunk
        finished, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
        broken = False
        for future in finished:
            chunk = in_flight.pop(future)
            try:
                chunk_results, seconds = future.result()
            except BrokenExecutor:
                broken = True
                retry.append(chunk)
                continue
            except Exception as error:
                if pool.kind == "dask" and _is_cluster_failure(error):
                    raise WorkerFailure(
                        f"the Dask cluster failed ({type(error).__name__}: "
                        f"{str(error).split('. ')[0]}); "
                        f"{len(results)} trials finished"
                    ) from None
                raise
            sizer.record(len(chunk), seconds)
            with _uninterrupted():  # a Ctrl-C waits: the count said is the count written
                for (key, spec), result in zip(chunk, chunk_results, strict=True):
                    results[key] = result
                    if log is not None:
                        log.write(spec, result)
            counter.advance(len(chunk))
        if broken:
            retry.extend(in_flight.values())
            in_flight.clear()
            renewals += 1
            if renewals > MAX_POOL_RENEWALS or pool.kind != "processes":
                raise WorkerFailure(
                    f"worker processes died {renewals} times; stopping "
                    f"({len(results)} trials finished)"
                )
            lost = sum(len(chunk) for chunk in retry)
            notify(f"a worker process died; running its unfinished trials again ({lost} trials)")
            pool.renew()
