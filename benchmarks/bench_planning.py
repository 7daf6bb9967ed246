"""Classical planning against pyperplan (PyPI), the same algorithm and heuristic in the
same run, each task parsed, grounded and searched by each planner in this process (CPU
seconds, ``harness.clock``, and a CPU-time limit for both). Expansions are counted for
pyperplan by wrapping its ``get_successor_states`` (called once per expansion). The
default run takes task01–03 of each domain, 3 s each: breadth-first, A* with LM-cut and
greedy with h_FF; ``planning-full`` (opt-in) is the issue's sweep: every task, 60 s each,
with A* and h_max too."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from benchmarks.harness import Section, clock, ratio, seconds, verdict

SUITE = Path("/work/shared/pddl")
DOMAINS = ("blocks", "gripper", "logistics", "miconic", "elevators", "satellite")
CONFIGS = (("bfs", None), ("astar", "hmax"), ("astar", "lmcut"), ("greedy", "ff"))


class _OutOfTime(BaseException):  # never caught as an Exception on its way out
    pass


def _alarm(_signum: int, _frame: Any) -> None:
    raise _OutOfTime


@contextlib.contextmanager
def _cpu_limit(limit: float) -> Iterator[None]:
    """Raise ``_OutOfTime`` inside the block after ``limit`` CPU seconds (the same
    clock for both planners: the machine is shared, wall time counts others' load)."""
    signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def _pyperplan(domain: Path, problem: Path, algorithm: str, heuristic: str | None,
               limit: float) -> tuple[int | None, int | None, float]:  # fmt: skip
    """(plan length or None, expansions, CPU seconds) of pyperplan on one task."""
    from pyperplan import planner
    from pyperplan.heuristics.lm_cut import LmCutHeuristic
    from pyperplan.heuristics.relaxation import hFFHeuristic, hMaxHeuristic
    from pyperplan.search import astar_search, breadth_first_search, greedy_best_first_search

    heuristics: dict[str | None, Callable[[Any], Any]] = {
        "hmax": hMaxHeuristic, "lmcut": LmCutHeuristic, "ff": hFFHeuristic
    }  # fmt: skip
    start = clock()
    expanded = [0]
    try:
        with _cpu_limit(limit):
            task = planner._ground(planner._parse(str(domain), str(problem)))
            original = task.get_successor_states

            def counted(state: Any) -> Any:
                expanded[0] += 1
                return original(state)

            task.get_successor_states = counted
            if algorithm == "bfs":
                plan = breadth_first_search(task)
            elif algorithm == "astar":
                plan = astar_search(task, heuristics[heuristic](task))
            else:
                plan = greedy_best_first_search(task, heuristics[heuristic](task))
    except _OutOfTime:
        return None, None, clock() - start
    return (None if plan is None else len(plan)), expanded[0], clock() - start


def _searchlab(domain: Path, problem: Path, algorithm: str, heuristic: str | None,
               limit: float) -> tuple[int | None, int | None, float]:  # fmt: skip
    """The same for searchlab: parse, ground (never cached between runs) and search."""
    from searchlab.algorithms.registry import run_algorithm
    from searchlab.domains.planning.grounding import ground
    from searchlab.domains.planning.lifted import read_task
    from searchlab.domains.planning.problem import HEURISTICS, PlanningProblem

    start = clock()
    try:
        with _cpu_limit(limit):
            task = ground(read_task(domain, problem))
            h = HEURISTICS[heuristic][2](task) if heuristic else None
            result = run_algorithm(algorithm, PlanningProblem(task), h)
    except _OutOfTime:
        return None, None, clock() - start
    return (result.length if result.solved else None), result.stats.expanded, clock() - start


def planning_sections(quick: bool, runs: int, *, full: bool = False) -> list[Section]:
    """One table per configuration: each task's plan length, expansions and CPU time."""
    if not SUITE.is_dir():
        section = Section("Classical planning against pyperplan", ["note"])
        section.add(f"the task suite {SUITE} is not here")
        return [section]
    _searchlab(SUITE / "blocks/domain.pddl", SUITE / "blocks/task01.pddl", "bfs", None, 60)
    _pyperplan(SUITE / "blocks/domain.pddl", SUITE / "blocks/task01.pddl", "bfs", None, 60)
    limit = 60.0 if full else (1.0 if quick else 3.0)
    numbers = None if full else (1, 2) if quick else (1, 2, 3)
    configs = CONFIGS if full else CONFIGS[2:] if quick else (CONFIGS[0], *CONFIGS[2:])
    sections = []
    for algorithm, heuristic in configs:
        how = algorithm + (f" with {heuristic}" if heuristic else "")
        section = Section(
            f"Classical planning: {how}, against pyperplan ({limit:g} s a task)",
            ["task", "length (searchlab / pyperplan)", "expanded (searchlab / pyperplan)",
             "searchlab", "pyperplan", "speed-up"],
        )  # fmt: skip
        section.notes.append(
            "CPU seconds for parsing, grounding and search, one run each after one warm-up "
            "task each (the pddl package builds its grammar once a process; the machine is "
            "shared). Expansions differ where the two order equal-valued states "
            "differently (operator order)."
        )
        ours_solved = theirs_solved = 0
        ours_total = theirs_total = 0.0
        for domain in DOMAINS:
            tasks = sorted((SUITE / domain).glob("task*.pddl"))
            if numbers is not None:
                tasks = [t for t in tasks if int(t.stem[4:]) in numbers]
            for task in tasks:
                dom = SUITE / domain / "domain.pddl"
                ours = _searchlab(dom, task, algorithm, heuristic, limit)
                theirs = _pyperplan(dom, task, algorithm, heuristic, limit)
                ours_solved += ours[0] is not None
                theirs_solved += theirs[0] is not None
                if ours[0] is not None and theirs[0] is not None:
                    ours_total += ours[2]
                    theirs_total += theirs[2]
                section.add(
                    f"{domain}/{task.stem}",
                    f"{ours[0]} / {theirs[0]}",
                    f"{ours[1]} / {theirs[1]}",
                    seconds(ours[2]),
                    seconds(theirs[2]),
                    ratio(theirs[2], ours[2]),
                )
        section.notes.append(
            f"Solved within the limit: searchlab {ours_solved}, pyperplan {theirs_solved}; "
            f"on the tasks both solved, {seconds(ours_total)} against {seconds(theirs_total)}."
        )
        verdict(
            f"planning {how}: at least pyperplan's coverage",
            f"{ours_solved} against {theirs_solved}",
            ours_solved >= theirs_solved,
        )
        sections.append(section)
    return sections


def planning_full_sections(quick: bool, runs: int) -> list[Section]:
    """Every task of the suite, 60 s each (the issue's sweep; opt-in, hours)."""
    return planning_sections(quick, runs, full=True)
