"""Start-up of the command line: ``searchlab --help`` (which lists every registered
domain, read from its descriptor's source) against ``searchlab --version`` (which loads
nothing), and ``searchlab DOMAIN --help`` for each domain, each as a whole fresh process."""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys

from benchmarks.harness import Section, ratio, seconds, verdict

COMMAND = [sys.executable, "-c", "from searchlab.cli.main import main; main()"]


def _cpu_times(commands: list[list[str]], runs: int) -> list[float]:
    """The median CPU time (user + system) of ``searchlab ARGS`` as a new process, for
    each command of ``commands``; the commands take turns, run after run, so that a
    change in the machine's load falls on all of them alike."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for args, taken in zip(commands, times, strict=True):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([*COMMAND, *args], capture_output=True, check=True)
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
