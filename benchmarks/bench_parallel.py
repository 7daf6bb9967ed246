"""Parallel IDA*: what splitting each iteration into subtrees costs, and what it gains.

Korf's instances that take longest here with pdb-663 reflected, solved by the serial
kernel, by ``solve_15_split`` in this process (the split's own cost: the top walks and
the task loop), over a process pool and over a local Dask cluster with as many workers
as the machine reports. Every way runs once a round, in turns, so drifting load falls
on all alike; the figures are medians over the rounds. Answers and node counts are
checked equal to the serial ones. CPU is the whole process tree's (this process and
every worker, read from /proc), so pickling, the pool's threads and Dask's scheduler
count too; nodes are those the workers generated, the subtrees past the answer
included. A control row runs the serial kernel in as many processes at once, unsplit:
what running side by side costs on this machine, apart from anything the split does.
"""

from __future__ import annotations

import functools
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass

from benchmarks.harness import Section, seconds, verdict

INSTANCES = (15, 32, 88, 49)
"""Korf's instances (1-based) that take longest with pdb-663 and reflection here."""
QUICK_INSTANCES = (3, 9)
ONE_MOVE = (1, 0, *range(2, 16))
"""A board one move from Korf's goal: solving it loads a worker, and takes no time."""

Board = tuple[int, ...]


def _descendants() -> dict[int, float]:
    """The processes below this one now alive, with the CPU seconds (user and system,
    from Linux's /proc) each has used."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[tuple[int, float]]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        cpu = (int(fields[11]) + int(fields[12])) / tick
        children.setdefault(int(fields[1]), []).append((int(name), cpu))
    found: dict[int, float] = {}
    below = [os.getpid()]
    while below:
        for pid, cpu in children.get(below.pop(), []):
            found[pid] = cpu
            below.append(pid)
    return found


Answer = tuple[list[str] | None, int]
"""An instance's moves and nodes generated."""


@dataclass(frozen=True)
class Done:
    """What one way did over the instances: each answer, the nodes every search
    generated, and for a split the CPU seconds in the kernel (wherever it ran), those
    of the tasks past the answer, and those of the top walks."""

    answers: list[Answer]
    nodes: int
    kernel: float | None = None
    wasted: float = 0.0
    top: float = 0.0


@dataclass(frozen=True)
class Round:
    """One way's run over the instances: wall and CPU seconds (all processes, and this
    one alone), and what it did."""

    wall: float
    cpu: float
    caller_cpu: float
    done: Done

    def work(self, serial: Round) -> float | None:
        """The split's work against the serial run of the same round: the nodes it
        searched at the serial run's CPU per node, plus every CPU second spent outside
        the kernel (top walks, task loop, pickling, pool or Dask). What it leaves out
        is the kernel itself running slower when several run at once (the control
        row shows how much)."""
        if self.done.kernel is None:
            return None
        outside = self.cpu - self.done.kernel
        return (self.done.nodes / serial.done.nodes) + outside / serial.cpu


def _serial_search(board: Board) -> Answer:
    """The serial kernel on one board (a top-level function: it pickles)."""
    from searchlab.domains.puzzle.kernels import KORF_GOAL, solve_15

    found = solve_15(board, KORF_GOAL)
    return found.moves, found.generated


Way = Callable[[], Done]
"""Solves every instance."""


def _measure(way: Way, expected: list[Answer], workers: frozenset[int]) -> Round:
    """Run ``way`` and time it. CPU: with ``workers`` (their process ids), this
    process's (every thread: a Dask scheduler runs here) and theirs; without, this
    thread's alone, so that idle workers of the other ways do not count."""
    clock = time.process_time if workers else time.thread_time
    before, began_caller, began = _descendants(), clock(), time.perf_counter()
    done = way()
    wall = time.perf_counter() - began
    caller = clock() - began_caller
    after = _descendants()
    cpu = caller + sum(after.get(pid, 0.0) - before.get(pid, 0.0) for pid in workers)
    assert done.answers == expected, "a split search differs from the serial one"
    return Round(wall, cpu, caller, done)


def _split_way(boards: Sequence[Board], executor: Executor | None, workers: int) -> Way:
    from searchlab.domains.puzzle.kernels import KORF_GOAL
    from searchlab.domains.puzzle.kernels.parallel import solve_15_split

    def way() -> Done:
        found = [
            solve_15_split(board, KORF_GOAL, executor=executor, workers=workers) for board in boards
        ]
        return Done(
            [(f.moves, f.generated) for f in found],
            sum(f.generated + f.wasted_generated for f in found),
            sum(f.worker_seconds for f in found),
            sum(f.wasted_seconds for f in found),
            sum(f.top_seconds for f in found),
        )

    return way


@contextmanager
def _warm_pool(workers: int) -> Iterator[tuple[Executor, float]]:
    """A process pool with the kernel and the databases loaded in every worker, and the
    seconds that took (wall: the workers load at once; forked from this process, which
    has loaded them, they find them loaded)."""
    began = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(_serial_search, [ONE_MOVE] * workers))
        yield pool, time.perf_counter() - began


@contextmanager
def _warm_dask(workers: int) -> Iterator[tuple[Executor, float]]:
    """A local Dask cluster, warmed up the same way."""
    from searchlab.experiments.executors import executor_for

    began = time.perf_counter()
    with executor_for(workers, "local") as cluster:
        list(cluster.map(_serial_search, [ONE_MOVE] * workers))
        yield cluster, time.perf_counter() - began


def _idle_cpu(workers: frozenset[int], seconds: float = 2.0) -> float:
    """CPU seconds a second this process and ``workers`` spend with nothing to do."""
    before, began = _descendants(), time.process_time()
    time.sleep(seconds)
    after = _descendants()
    spent = time.process_time() - began
    return (spent + sum(after.get(pid, 0.0) - before.get(pid, 0.0) for pid in workers)) / seconds


ROUNDS = 5
"""At least this many rounds: on a shared machine one run's CPU drifts by ±15 %."""


Starter = Callable[[int], AbstractContextManager[tuple[Executor, float]]]
"""Starts an executor with its workers loaded, and says how long that took."""

SERIAL = "serial kernel"
HERE = "split here (no workers)"


def parallel_section(quick: bool, runs: int) -> Section:
    from searchlab.domains.puzzle.kernels import load_korf100, load_solver

    load_solver()
    workers = os.cpu_count() or 1
    numbers = QUICK_INSTANCES if quick else INSTANCES
    boards = [load_korf100()[number - 1][0] for number in numbers]
    expected = [_serial_search(board) for board in boards]  # databases load here
    serial_nodes = sum(generated for _, generated in expected)
    rounds = 1 if quick else max(runs, ROUNDS)
    counts = {SERIAL: 1, HERE: 1}
    measured: dict[str, list[tuple[Round, Round]]] = {}  # label: (run, its round's serial)

    def serial() -> Done:
        return Done([_serial_search(board) for board in boards], serial_nodes)

    setups: list[str] = []
    phases: list[tuple[str, Starter]] = [(f"process pool, {workers} workers", _warm_pool)]
    if not quick and _has_dask():
        phases.append((f"Dask local cluster, {workers} workers", _warm_dask))
    for label, start in phases:  # one executor up at a time: an idle one costs CPU too
        before = set(_descendants())
        with start(workers) as (executor, setup):
            pids = frozenset(_descendants()) - before
            setups.append(
                f"{label.split(',')[0]} {seconds(setup)}, then "
                f"{_idle_cpu(pids):.3f} CPU seconds a second idle"
            )
            ways = {label: (_split_way(boards, executor, workers), pids)}
            counts[label] = workers
            if isinstance(executor, ProcessPoolExecutor):
                control = f"control: serial kernel in {workers} processes at once, unsplit"
                ways[control] = (_side_by_side(executor, boards, serial_nodes), pids)
                ways[HERE] = (_split_way(boards, None, workers), frozenset())
                counts[control] = workers
            for _ in range(rounds):
                reference = _measure(serial, expected, frozenset())
                measured.setdefault(SERIAL, []).append((reference, reference))
                for name, (way, own) in ways.items():
                    measured.setdefault(name, []).append((_measure(way, expected, own), reference))
    section = Section(
        "Parallel IDA*: each iteration split into subtrees (Korf's instances "
        + ", ".join(str(n) for n in numbers)
        + ", pdb-663 reflected)",
        [
            "how",
            "wall",
            "CPU (all processes)",
            "CPU / serial",
            "work / serial",
            "nodes / serial",
            "wasted CPU",
            "top walks' CPU",
            "idle per worker",
            "speed-up (wall)",
        ],
        notes=[
            f"{workers} workers where there are workers (os.cpu_count()). {rounds} rounds, "
            "each running every way once in turn: medians, and the ratios are medians of "
            "each round's ratio to that round's serial run. CPU: user and system seconds "
            "of this process and all its child processes (from /proc), so the top walks, "
            "pickling, the pool's threads and Dask's scheduler are in it. Nodes: generated "
            "by every search, the subtrees past the answer included. Wasted: CPU of the "
            "tasks that ran past the one holding the answer. Idle per worker: wall × "
            "workers − the workers' CPU, shared out. The cut is chosen per iteration, "
            "tasks of about 300,000 nodes (1,000,000 on Dask), one per worker out at a "
            "time. Every answer and node count equals the serial search's. Set-up, apart "
            "from the figures (start, and load the kernel and the databases in every "
            "worker; wall): " + "; ".join(setups) + ".",
        ],
    )
    _rows(section, {label: counts[label] for label in counts if label in measured}, measured)
    return section


def _side_by_side(pool: Executor, boards: Sequence[Board], nodes: int) -> Way:
    """The control: the serial kernel on the instances, in the pool's processes."""

    def way() -> Done:
        return Done(list(pool.map(_serial_search, boards)), nodes)

    return way


def _rows(
    section: Section, counts: dict[str, int], measured: dict[str, list[tuple[Round, Round]]]
) -> None:
    """A row a way (medians; ratios against the serial run of the same round), and the
    target's verdict on the process pool, judged on the CPU all its processes spent."""
    ratios: dict[str, float] = {}
    works: dict[str, float] = {}
    serial_nodes = measured[SERIAL][0][0].done.nodes
    for label, count in counts.items():
        pairs = measured[label]
        median = functools.partial(_median, [run for run, _ in pairs])
        ratios[label] = statistics.median(r.cpu / s.cpu for r, s in pairs)
        work = [w for r, s in pairs if (w := r.work(s)) is not None]
        if work:
            works[label] = statistics.median(work)
        wall = median(lambda r: r.wall)
        workers_cpu = median(lambda r: r.cpu - r.caller_cpu)
        split = label in works
        section.add(
            label,
            seconds(wall),
            seconds(median(lambda r: r.cpu)),
            f"{ratios[label]:.2f}×",
            f"{works[label]:.2f}×" if split else "–",
            f"{median(lambda r: r.done.nodes) / serial_nodes:.3f}×",
            seconds(median(lambda r: r.done.wasted)) if split else "–",
            seconds(median(lambda r: r.done.top)) if split else "–",
            seconds(max(0.0, wall * count - workers_cpu) / count) if count > 1 else "–",
            f"{statistics.median(s.wall / r.wall for r, s in pairs):.2f}×",
        )
    pool = next(label for label in counts if label.startswith("process pool"))
    control = next(label for label in counts if label.startswith("control"))
    nodes = _median([run for run, _ in measured[pool]], lambda r: r.done.nodes)
    verdict(
        "parallel IDA* spends at most 10 % more CPU than the serial search",
        f"{ratios[pool]:.2f}× the serial CPU ({counts[pool]} workers; the work alone, "
        f"{nodes / serial_nodes:.3f}× its nodes at the serial rate plus all CPU outside the "
        f"kernel: {works[pool]:.2f}×; two unsplit serial searches side by side "
        f"{ratios[control]:.2f}×)",
        ratios[pool] <= 1.10,  # the words: CPU in total, every process's
    )


def _median(runs: list[Round], figure: Callable[[Round], float]) -> float:
    return statistics.median(figure(run) for run in runs)


def _has_dask() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True
