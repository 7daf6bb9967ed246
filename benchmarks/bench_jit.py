"""JIT cold start (empty numba cache: compile) against warm start (load from the cache)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.harness import Section, ratio, seconds

KERNELS = {
    "queens counting": (
        "from searchlab.domains.queens.kernels import count_solutions; count_solutions(8)"
    ),
    "queens repair": (
        "from searchlab.domains.queens.repair import repair; repair(8, engine='kernel', seed=1)"
    ),
    "15-puzzle IDA*": (
        "from searchlab.domains.puzzle.kernels import solve_15; "
        "solve_15((*range(1, 15), 0, 15), heuristic='manhattan')"
    ),
    "pattern-database BFS": (
        "from searchlab.domains.puzzle.kernels.pdb import Pattern, build_table; "
        "build_table(Pattern((0, 1), 15))"
    ),
}

TIMED = "import time; _t = time.process_time(); {code}; print(time.process_time() - _t)"


def _run(code: str, cache: Path) -> float:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    env.pop("SEARCHLAB_DISABLE_JIT", None)
    out = subprocess.run(
        [sys.executable, "-c", TIMED.format(code=code)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.split()[-1])


def jit_section(quick: bool, runs: int) -> Section:
    section = Section(
        "JIT: cold start (compile) vs warm start (numba's on-disk cache)",
        ["kernel", "cold", "warm", "cold / warm"],
        notes=[
            "Each figure is one fresh process importing the kernel and making one tiny call, "
            "timed inside the process in CPU seconds (interpreter start-up excluded, "
            "numba's own import included). Cold: an empty NUMBA_CACHE_DIR; warm: the same "
            "directory afterwards.",
        ],
    )
    chosen = dict(list(KERNELS.items())[:1]) if quick else KERNELS
    for name, code in chosen.items():
        colds, warms = [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as scratch:
                colds.append(_run(code, Path(scratch)))
                warms.append(_run(code, Path(scratch)))
        cold, warm = statistics.median(colds), statistics.median(warms)
        section.add(name, seconds(cold), seconds(warm), ratio(cold, warm))
    return section
