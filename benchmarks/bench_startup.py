"""Start-up of the command line: ``searchlab --help`` (which lists every registered
domain, read from its descriptor's source) against ``searchlab --version`` (which loads nothing), and
``searchlab DOMAIN --help`` for each domain, each as a whole fresh process."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from benchmarks.harness import Section, ratio, seconds, verdict

COMMAND = [sys.executable, "-c", "from searchlab.cli.main import main; main()"]


def _wall(args: list[str], runs: int) -> float:
    """The median wall time of ``searchlab ARGS`` as a new process."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([*COMMAND, *args], capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def startup_section(quick: bool, runs: int) -> Section:
    section = Section(
        "Command-line start-up: `--help` against `--version`",
        ["command", "wall time", "/ --version"],
        notes=[
            "Whole processes (interpreter start-up included), median of the runs. "
            "`--version` imports click and searchlab's CLI module only; `--help` also reads "
            "the entry points and, from the sources without importing them, each domain's "
            "name and summary and each command's one-line help (core/declared.py); "
            "`DOMAIN --help` imports that domain's descriptor and the domain commands, no "
            "other domain. None of them imports numpy, numba, rich or the web stack "
            "(tests/test_one_vocabulary.py, tests/test_cli_startup.py check it).",
        ],
    )
    runs = max(3, runs if not quick else 3) * (1 if quick else 2)
    base = _wall(["--version"], runs)
    section.add("searchlab --version", seconds(base), "1.00×")
    commands = [["--help"]]
    if not quick:
        commands += [["queens", "--help"], ["puzzle", "--help"], ["schedule", "--help"]]
    for args in commands:
        took = _wall(args, runs)
        section.add("searchlab " + " ".join(args), seconds(took), ratio(took, base))
        if args == ["--help"]:
            verdict(
                "`searchlab --help` within 1.5× `searchlab --version`",
                ratio(took, base),
                took <= 1.5 * base,
            )
    return section
