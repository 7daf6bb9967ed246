"""Timing, machine description and table rendering shared by the benchmark modules."""

from __future__ import annotations

import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class Section:
    """One workload's table: what was measured, and how to read it."""

    title: str
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        print(f"  [{self.title}]", flush=True)

    def add(self, *cells: object) -> None:
        """Append one row; a row of another width than the headers is a bug in the workload
        (the report's table would shift its columns), so it is refused."""
        if len(cells) != len(self.headers):
            raise ValueError(
                f"{self.title}: a row of {len(cells)} cells under {len(self.headers)} headers"
            )
        self.rows.append([str(cell) for cell in cells])
        print("  " + " | ".join(self.rows[-1]), flush=True)

    def markdown(self) -> str:
        lines = [f"## {self.title}", ""]
        lines += self.notes
        if self.notes:
            lines.append("")
        lines.append("| " + " | ".join(self.headers) + " |")
        lines.append("|" + "|".join("---" for _ in self.headers) + "|")
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return "\n".join(lines) + "\n"


VERDICTS: list[tuple[str, str, bool]] = []
"""(target, what was measured, met?) collected by the workloads for the report's summary."""


def verdict(target: str, measured: str, met: bool) -> None:
    VERDICTS.append((target, measured, met))


def clock() -> float:
    """CPU seconds of this process: the machine is shared, and wall time would count
    other jobs' load. Every workload measured here runs on one thread."""
    return time.process_time()


def median_time(function: Callable[[], T], runs: int) -> tuple[float, T]:
    """The median CPU time of ``runs`` calls, and the last call's result."""
    times: list[float] = []
    result: Any = None
    for _ in range(runs):
        started = clock()
        result = function()
        times.append(clock() - started)
    return statistics.median(times), result


def interleaved(functions: dict[str, Callable[[], Any]], runs: int) -> dict[str, tuple[float, Any]]:
    """Median CPU time of each function, running them in turn in every round so that
    drifting machine load falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    results: dict[str, Any] = {}
    for _ in range(runs):
        for name, function in functions.items():
            started = clock()
            results[name] = function()
            times[name].append(clock() - started)
    return {name: (statistics.median(times[name]), results[name]) for name in functions}


def seconds(value: float) -> str:
    if value >= 100:
        return f"{value:.0f} s"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.1f} ms"
    return f"{value * 1e6:.0f} µs"


def ratio(numerator: float, denominator: float) -> str:
    if denominator <= 0:
        return "–"
    return f"{numerator / denominator:.2f}×"


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def gcc_version() -> str | None:
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    out = subprocess.run([gcc, "--version"], capture_output=True, text=True, check=False)
    return out.stdout.splitlines()[0] if out.stdout else "gcc"


def kernels() -> str:
    """How the kernels run: ``numba 0.60.0``, or ``python`` (no numba, or disabled)."""
    from searchlab.jit import JIT_ENABLED

    if not JIT_ENABLED:
        return "python"
    import numba

    return f"numba {numba.__version__}"


def machine() -> list[str]:
    """Lines describing where the figures come from."""
    import numpy

    from searchlab import __version__

    return [
        f"- machine: {_cpu_model()}, {os.cpu_count()} logical CPUs, {platform.system()} "
        f"{platform.release()}",
        f"- Python {sys.version.split()[0]} ({platform.python_implementation()}), "
        f"numpy {numpy.__version__}, kernels: {kernels()}, searchlab {__version__}",
        f"- C reference: {gcc_version() or 'gcc not found (C column skipped)'}",
        f"- run: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
    ]
