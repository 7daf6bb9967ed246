"""Parallel IDA*: what splitting each iteration into subtrees costs, and what it gains.

The same Korf instances solved by the serial kernel and by ``solve_15_split`` here (in
this process: the top walk's overhead alone), over a process pool and over a local Dask
cluster with as many workers as the machine reports. Answers and node counts are
checked equal to the serial ones; the figures are the CPU seconds the workers spent
(work efficiency against the serial search), the part wasted in subtrees after the
answer, the workers' idle time, and the wall-time speed-up.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager

from benchmarks.harness import Section, seconds, verdict

INSTANCES = (60, 66, 82, 88)
"""Korf's instances (1-based) that take longest with 6-6-3 and reflection here."""
QUICK_INSTANCES = (3, 9)

Pool = Callable[[], AbstractContextManager[Executor | None]]
"""Starts an executor (None: the split runs in this process) and stops it after."""


def parallel_section(quick: bool, runs: int) -> Section:
    from searchlab.domains.puzzle.kernels import KORF_GOAL, load_korf100, load_solver, solve_15
    from searchlab.domains.puzzle.kernels.parallel import solve_15_split

    load_solver()
    workers = os.cpu_count() or 1
    boards = [load_korf100()[number - 1][0] for number in (QUICK_INSTANCES if quick else INSTANCES)]
    section = Section(
        "Parallel IDA*: each iteration split into subtrees (Korf's instances "
        + ", ".join(str(n) for n in (QUICK_INSTANCES if quick else INSTANCES))
        + ", pdb-663 reflected)",
        [
            "how",
            "wall",
            "search CPU",
            "CPU / serial",
            "wasted CPU",
            "idle per worker",
            "speed-up (wall)",
        ],
        notes=[
            f"{workers} workers where there are workers (os.cpu_count()). Search CPU: the "
            "serial kernel's own clock, or the subtrees' CPU summed over the workers (the "
            "top of each iteration, walked in the caller, is in the wall time only). Wasted: "
            "subtrees searched after the one holding the answer. Idle per worker: wall × "
            "workers − their CPU, shared out. The split depth is 4 (up to 81 subtrees an "
            "iteration). Every answer and node count equals the serial search's.",
        ],
    )
    serial = [solve_15(board, KORF_GOAL) for board in boards]  # databases load here
    started = time.perf_counter()
    serial = [solve_15(board, KORF_GOAL) for board in boards]
    serial_wall = time.perf_counter() - started
    serial_cpu = sum(found.seconds for found in serial)
    section.add(
        "serial kernel", seconds(serial_wall), seconds(serial_cpu), "1.00×", "–", "–", "1.00×"
    )

    def split_run(label: str, pool: Pool, count: int) -> None:
        with pool() as executor:
            if executor is not None:  # start the workers and load their databases first
                solve_15_split(boards[0], KORF_GOAL, executor=executor)
            began = time.perf_counter()
            found = [solve_15_split(board, KORF_GOAL, executor=executor) for board in boards]
            wall = time.perf_counter() - began
        for mine, theirs in zip(found, serial, strict=True):
            assert mine.moves == theirs.moves and mine.generated == theirs.generated
        cpu = sum(f.worker_seconds for f in found)
        wasted = sum(f.wasted_seconds for f in found)
        idle = max(0.0, wall * count - cpu) / count
        section.add(
            label,
            seconds(wall),
            seconds(cpu),
            f"{cpu / serial_cpu:.2f}×",
            seconds(wasted),
            seconds(idle) if count > 1 else "–",
            f"{serial_wall / wall:.2f}×",
        )
        if label.startswith("process pool"):
            verdict(
                "parallel IDA* spends at most 10 % more CPU than the serial search",
                f"{cpu / serial_cpu:.2f}× the serial CPU ({count} workers)",
                cpu <= 1.10 * serial_cpu,
            )

    split_run("split here (no workers)", contextlib.nullcontext, 1)
    split_run(f"process pool, {workers} workers", lambda: ProcessPoolExecutor(workers), workers)
    if not quick:
        dask = _dask_cluster(workers)
        if dask is not None:
            split_run(f"Dask local cluster, {workers} workers", dask, workers)
    return section


def _dask_cluster(workers: int) -> Pool | None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return None
    from searchlab.experiments.executors import executor_for

    return lambda: executor_for(workers, "local")
