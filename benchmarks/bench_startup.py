"""Start-up of the command line: ``searchlab --help`` (which lists every registered
domain, read from its descriptor's source) against ``searchlab --version`` (which loads
nothing), and ``searchlab DOMAIN --help`` for each domain, each as a whole fresh process;
then the commands that run a kernel, on small inputs against ``--version`` and on
``queens count 16`` against Takaken's C counter (issue 29)."""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.harness import Section, ratio, seconds, verdict

COMMAND = [sys.executable, "-c", "from searchlab.cli.main import main; main()"]

CHILD_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
"""The children's environment: they may write bytecode, as an installed package has it
(pip compiles it at install), so that no run pays for compiling searchlab's sources."""


def _cpu_times(commands: list[list[str]], runs: int) -> list[float]:
    """The median CPU time (user + system) of ``searchlab ARGS`` as a new process, for
    each command of ``commands`` (one starting with "/" is a program of its own); the
    commands take turns, run after run, so that a change in the machine's load falls on
    all of them alike."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for args, taken in zip(commands, times, strict=True):
            command = args if args[0].startswith("/") else [*COMMAND, *args]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(command, capture_output=True, check=True, env=CHILD_ENV)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            taken.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return [statistics.median(taken) for taken in times]


def startup_section(quick: bool, runs: int) -> Section:
    section = Section(
        "Command-line start-up: `--help` against `--version`",
        ["command", "CPU time", "/ --version"],
        notes=[
            "Whole processes (interpreter start-up included): the CPU time of each (user "
            "and system), the commands taking turns, median of the runs. "
            "`--version` imports click and searchlab's CLI module only; `--help` also reads "
            "the entry points (the entry_points.txt files, without importlib.metadata) and, "
            "from the sources without importing them, each domain's "
            "name and summary and each command's one-line help (core/declared.py); "
            "`DOMAIN --help` imports that domain's descriptor and the domain commands, no "
            "other domain. None of them imports numpy, numba, rich or the web stack "
            "(tests/test_one_vocabulary.py, tests/test_cli_startup.py check it).",
        ],
    )
    runs = max(3, runs if not quick else 3) * (1 if quick else 2)
    commands = [["--version"], ["--help"]]
    if not quick:
        commands += [["queens", "--help"], ["puzzle", "--help"], ["schedule", "--help"]]
    measured = _cpu_times(commands, runs)
    base = measured[0]
    for args, took in zip(commands, measured, strict=True):
        section.add("searchlab " + " ".join(args), seconds(took), ratio(took, base))
        if args == ["--help"]:
            verdict(
                "`searchlab --help` within 1.5× `searchlab --version`",
                ratio(took, base),
                took <= 1.5 * base,
            )
    return section


KORF_1 = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3"
"""Korf's (1985) first instance, 57 moves (its goal: blank first, then 1 … 15)."""

EASY_15 = "9,2,5,10,6,1,12,8,11,3,15,4,13,0,14,7"
"""A 15-puzzle 42 moves from the standard goal: some 5,500 expansions under pdb-663."""

SMALL_INPUTS: list[list[str]] = [
    ["queens", "count", "8"],
    ["sudoku", "solve", "hard"],
    ["puzzle", "solve", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"],
    ["puzzle", "solve", EASY_15],
    ["puzzle", "solve", "c"],
]
"""A kernel command on a small input each (the puzzle's default heuristic is pdb-663 on
4×4; ``c`` is Bratko's 8-puzzle (c), 18 moves, A* with manhattan)."""

LARGE_INPUTS: list[list[str]] = [
    ["puzzle", "solve", KORF_1, "--goal", "blank-first"],
]
"""Kernel commands on inputs past the small path (shown, judged by no target)."""

STARTUP_ALLOWANCE = 0.4
"""Issue 29's target: a small input's whole process within this many CPU seconds of
``--version``'s."""


def limits_dir() -> Path | None:
    """``shared/limits`` (the fastest known programs, never part of searchlab) beside the
    project or beside a folder holding it, if there is one."""
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared" / "limits"
        if candidate.is_dir():
            return candidate
    return None


def build_takaken(directory: Path) -> Path | None:
    """Takaken's full-symmetry N-queens counter, built with ``cc -O2`` into
    ``directory``; None when its source or a C compiler is missing."""
    limits = limits_dir()
    compiler = shutil.which("cc") or shutil.which("gcc")
    if limits is None or compiler is None or not (limits / "takaken.c").is_file():
        return None
    binary = directory / "takaken"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(limits / "takaken.c")], check=True)
    return binary


def kernel_startup_section(quick: bool, runs: int) -> Section:
    """Issue 29 part 4: kernel commands as whole processes against ``--version`` and,
    for ``queens count 16``, against Takaken's C counter, all in the same run."""
    section = Section(
        "Kernel commands as whole processes: small inputs against `--version`, "
        "`queens count 16` against Takaken's C counter",
        ["command", "CPU time", "− --version", "/ --version", "/ Takaken Q16"],
        notes=[
            "Whole processes, CPU time (user and system) of each, the commands taking turns, "
            "median of the runs, after one warm-up run of each (it writes the bytecode and "
            "numba's cache, builds missing pattern databases). Takaken's counter is "
            "shared/limits/takaken.c (version 3.1, 2003: each class of solutions counted once "
            "under the board's eight symmetries), built here with `cc -O2`, never part of "
            "searchlab. `queens count N` takes plain Python up to n = 13 "
            "(domains/queens/small_count.py: the kernel's method, without numpy or numba); "
            "`puzzle solve` on a 4×4 or 5×5 board runs the compiled IDA*'s search in plain "
            "Python (domains/puzzle/kernels/small.py, node for node the kernel's) up to "
            "20,000 expansions, loading the cached pattern databases but not numba, and "
            "past them the compiled kernel from the start (Korf's instance 1, 57 moves); "
            "`puzzle solve c` (an 8-puzzle) runs the generic A*.",
        ],
    )
    runs = max(3, runs if not quick else 2)
    with tempfile.TemporaryDirectory() as scratch:
        takaken = None if quick else build_takaken(Path(scratch))
        commands = [["--version"], *SMALL_INPUTS, *LARGE_INPUTS]
        if not quick:
            commands.append(["queens", "count", "16"])
        if takaken is not None:
            commands.append([str(takaken), "16"])
        _cpu_times(commands, 1)  # the warm-up
        measured = dict(zip(map(tuple, commands), _cpu_times(commands, runs), strict=True))
    base = measured[("--version",)]
    peer = measured.get((str(takaken), "16")) if takaken is not None else None
    for args, took in measured.items():
        name = (
            "Takaken's counter, n = 16 (C)"
            if args[0].startswith("/")
            else ("searchlab " + " ".join(f'"{arg}"' if " " in arg else arg for arg in args))
        )
        counts_16 = args in (("queens", "count", "16"), (str(takaken), "16"))
        versus_peer = ratio(took, peer) if peer is not None and counts_16 else ""
        section.add(name, seconds(took), seconds(took - base), ratio(took, base), versus_peer)
        if list(args) in SMALL_INPUTS:
            verdict(
                f"`{name}` within {STARTUP_ALLOWANCE} s of `searchlab --version` (CPU)",
                f"{seconds(took)} against {seconds(base)}: +{seconds(took - base)}",
                took - base <= STARTUP_ALLOWANCE,
            )
    q16 = measured.get(("queens", "count", "16"))
    if q16 is not None and peer is not None:
        verdict(
            "`searchlab queens count 16` as a whole process no slower than Takaken's counter",
            f"{seconds(q16)} against {seconds(peer)} ({ratio(q16, peer)})",
            q16 <= peer,
        )
    elif q16 is not None:
        section.notes.append("Takaken's counter was not measured: no shared/limits or no cc.")
    return section
