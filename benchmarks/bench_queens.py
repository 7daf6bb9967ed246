"""N-queens: counting (kernel vs gcc -O2 C vs the generic engine) and million-queen repair."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.generic_queens import count_generic
from benchmarks.harness import Section, median_time, ratio, seconds, verdict

# OEIS A000170
PUBLISHED = {
    8: 92,
    9: 352,
    10: 724,
    11: 2680,
    12: 14200,
    13: 73712,
    14: 365596,
    15: 2279184,
    16: 14772512,
    17: 95815104,
    18: 666090624,
}
# OEIS A002562: the essentially different solutions
UNIQUE = {
    8: 12,
    9: 46,
    10: 92,
    11: 341,
    12: 1787,
    13: 9233,
    14: 45752,
    15: 285053,
    16: 1846955,
    17: 11977939,
    18: 83263591,
}
# issue 16's targets for the full-symmetry count, seconds on one core
SYMMETRY_TARGETS = {16: 1.2, 17: 8.0, 18: 60.0}
SYMMETRY_ONLY = 18
"""From this n only the full-symmetry count runs (once): the mirror counters would take
minutes (about 7× their Q(17))."""
C_SOURCE = Path(__file__).with_name("queens_count.c")


def compile_c(directory: Path) -> Path | None:
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    binary = directory / "queens_count"
    subprocess.run([gcc, "-O2", "-o", str(binary), str(C_SOURCE)], check=True)
    return binary


def c_count(binary: Path, n: int, runs: int) -> tuple[float, int]:
    """Median of the C program's own timing (process start-up excluded)."""
    times = []
    count = 0
    for _ in range(runs):
        out = subprocess.run([str(binary), str(n)], capture_output=True, text=True, check=True)
        count_text, secs = out.stdout.split()
        count = int(count_text)
        times.append(float(secs))
    times.sort()
    return times[len(times) // 2], count


def counting(quick: bool, runs: int) -> Section:
    from searchlab.domains.queens.kernels import (
        count_classes,
        count_solutions,
        load_class_counter,
        load_counter,
    )

    load_counter()  # load the compiled code before timing
    load_class_counter()
    section = Section(
        "N-queens: counting every solution",
        [
            "n",
            "solutions",
            "unique",
            "kernel (mirror)",
            "C -O2 (mirror)",
            "kernel / C",
            "full symmetry",
            "mirror / full",
            "generic engine",
            "generic / kernel",
        ],
        notes=[
            "Kernel (mirror): numba bitboards, mirror symmetry, explicit stack, one core. "
            "C: the same algorithm in benchmarks/queens_count.c, timed inside the program. "
            "Full symmetry: the kernel that counts each class of solutions under the eight "
            "symmetries once (Takaken's method, symmetry.py), also giving the essentially "
            "different solutions. Generic: searchlab.algorithms.depth_first_solutions with a "
            "constraint (benchmarks/generic_queens.py), run for n ≤ 11 only. Medians of the "
            "runs (one run from n = 17; at n = 18 the full-symmetry count alone); every "
            "count is checked against OEIS A000170 and A002562. Below n = 12 a count takes "
            "microseconds, so those ratios measure call overhead more than counting.",
        ],
    )
    generic_ns = range(8, 10) if quick else range(8, 12)
    kernel_ns = range(12, 14) if quick else range(12, SYMMETRY_ONLY + 1)
    c_ratios: list[float] = []
    full_times: dict[int, float] = {}
    c_times: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        binary = compile_c(Path(scratch))
        for n in [*generic_ns, *kernel_ns]:
            runs_here = 1 if n >= 17 else runs
            full_time, classes = median_time(partial(count_classes, n), runs_here)
            assert (classes.total, classes.unique) == (PUBLISHED[n], UNIQUE[n]), n
            full_times[n] = full_time
            if n >= SYMMETRY_ONLY:
                section.add(n, classes.total, classes.unique, *"–––", seconds(full_time), *"–––")
                continue
            kernel_time, count = median_time(partial(count_solutions, n), runs_here)
            assert count == PUBLISHED[n], (n, count)
            c_cell = ratio_cell = "–"
            if binary is not None:
                c_time, c_value = c_count(binary, n, runs_here)
                assert c_value == PUBLISHED[n]
                c_cell, ratio_cell = seconds(c_time), ratio(kernel_time, c_time)
                c_times[n] = c_time
                if n >= 12:
                    c_ratios.append(kernel_time / c_time)
            generic_cell = generic_ratio = "–"
            if n in generic_ns:
                generic_time, generic_value = median_time(partial(count_generic, n), runs)
                assert generic_value == PUBLISHED[n]
                generic_cell, generic_ratio = (
                    seconds(generic_time),
                    ratio(generic_time, kernel_time),
                )
            section.add(
                n,
                count,
                UNIQUE[n],
                seconds(kernel_time),
                c_cell,
                ratio_cell,
                seconds(full_time),
                ratio(kernel_time, full_time),
                generic_cell,
                generic_ratio,
            )
    if not quick:
        section.notes.append(parallel_note(15))
    for n, target in SYMMETRY_TARGETS.items():
        if n in full_times:
            reference = (
                f"C mirror counter {seconds(c_times[n])} in the same run"
                if n in c_times
                else "C mirror counter not run at this n"
            )
            verdict(
                f"Q({n}) by full symmetry within {target:g} s on one core",
                f"{seconds(full_times[n])} ({reference})",
                full_times[n] <= target,
            )
    if c_ratios:
        verdict(
            "counting within 1.5× of the gcc -O2 C counter (n = 12 … 15)",
            f"worst kernel / C ratio {max(c_ratios):.2f}×",
            max(c_ratios) <= 1.5,
        )
    return section


def parallel_note(n: int) -> str:
    """Wall time of a count split over two worker processes (--jobs 2), checked."""
    import time
    from concurrent.futures import ProcessPoolExecutor

    from searchlab.domains.queens.kernels import count_solutions

    started = time.perf_counter()
    serial = count_solutions(n)
    serial_wall = time.perf_counter() - started
    started = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        split = count_solutions(n, executor=pool)
    pool_wall = time.perf_counter() - started
    assert serial == split == PUBLISHED[n]
    return (
        f"- n = {n} split by the first three rows over 2 worker processes: {split:,} "
        f"solutions (correct) in {seconds(pool_wall)} wall, serial {seconds(serial_wall)} "
        "wall (2 vCPUs giving about one core of throughput, start-up included)."
    )


HUGE_TARGETS = {10**7: 5.0, 10**8: 90.0}
"""Issue 16's targets: seconds of search on one core for 10**7 and 10**8 queens."""
HUGE_MEMORY = 10**9
"""... and the memory 10**8 queens must fit in (the whole process's peak)."""

_HUGE_RUN = """
import json, resource, sys
from searchlab.domains.queens.repair import repair
result = repair(int(sys.argv[1]), engine="kernel", seed=1)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"solved": result.solved, "seconds": result.seconds,
                  "steps": result.steps, "peak": peak}))
"""


def repair(quick: bool, runs: int) -> Section:
    import json
    import sys

    import numpy as np

    from searchlab.domains.queens.kernels import verify_queens
    from searchlab.domains.queens.repair import repair as repair_board

    repair_board(8, engine="kernel", seed=0)  # load the compiled code
    section = Section(
        "N-queens: million-queen repair (permutation and swaps, Sosic & Gu)",
        ["n", "solve (median)", "steps (median)", "independent check", "peak memory"],
        notes=[
            "repair(n, engine='kernel', seed=s) for seeds 1…runs; the time is the result's "
            "own seconds (wall clock of the greedy start and the repair, kernel loading "
            "excluded); a step is one candidate swap examined. The check is verify_queens "
            "(numpy counts per column and diagonal; bits from 10**6 queens), timed "
            "separately. From 10**7 queens one run (seed 1) in a fresh process, whose "
            "peak resident memory (interpreter, numpy and numba included) is shown.",
        ],
    )
    for n in (10**4, 10**5) if quick else (10**4, 10**5, 10**6):
        times = []
        steps = []
        board: np.ndarray[Any, Any] = np.zeros(0, dtype=np.int32)
        for seed in range(1, runs + 1):
            result = repair_board(n, engine="kernel", seed=seed)
            assert result.solved
            times.append(result.seconds)
            steps.append(result.steps)
            board = result.board  # the kernel's columns by row
        check_time, ok = median_time(partial(verify_queens, board), 1)
        assert ok
        section.add(
            f"{n:,}",
            seconds(float(np.median(times))),
            f"{int(np.median(steps)):,}",
            f"passed ({seconds(check_time)})",
            "–",
        )
    for n, target in () if quick else HUGE_TARGETS.items():
        out = subprocess.run(
            [sys.executable, "-c", _HUGE_RUN, str(n)], capture_output=True, text=True, check=True
        )
        run = json.loads(out.stdout)
        assert run["solved"], n
        section.add(
            f"{n:,}",
            seconds(run["seconds"]),
            f"{run['steps']:,}",
            "passed (in the run)",
            f"{run['peak'] / 1e6:,.0f} MB",
        )
        within = run["seconds"] <= target and (n < 10**8 or run["peak"] <= HUGE_MEMORY)
        memory = f" within {HUGE_MEMORY / 1e9:g} GB" if n >= 10**8 else ""
        verdict(
            f"{n:,} queens repaired within {target:g} s{memory}",
            f"{seconds(run['seconds'])}, peak {run['peak'] / 1e6:,.0f} MB",
            within,
        )
    return section
