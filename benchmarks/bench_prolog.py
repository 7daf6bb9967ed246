"""Prolog problems (issue 17): successors through the bridge to SWI-Prolog, against the
same problem in native Python, and against SWI-Prolog running Bratko's own best-first
procedure on the same file.

Times here are wall-clock seconds (medians), not the suite's CPU seconds: the work is
split between this process and the ``swipl`` one, and the CPU column adds both.
"""

from __future__ import annotations

import functools
import importlib
import os
import shutil
import statistics
import subprocess
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.harness import Section, ratio, seconds, verdict
from searchlab.core.result import Stats

ROOT = Path(__file__).resolve().parent.parent
PUZZLE_FILE = ROOT / "examples" / "prolog" / "bratko_puzzle.pl"
SCHEDULE_FILE = ROOT / "examples" / "prolog" / "bratko_schedule.pl"
RUN_BESTFIRST = Path(__file__).resolve().parent / "prolog" / "run_bestfirst.pl"
SCHEDULE_START = "[t1/4,t2/2,t3/2,t4/20,t5/20,t6/11,t7/11]*[idle/0,idle/0,idle/0]*0"


def _cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _timed(
    function: Callable[[], Any], runs: int, child: int | None = None
) -> tuple[float, float, Any]:
    """Median wall seconds and median CPU seconds (this process, plus ``child``'s) of
    ``runs`` calls, and the last result."""
    walls: list[float] = []
    cpus: list[float] = []
    result: Any = None
    for _ in range(runs):
        cpu = time.process_time() + (_cpu_of(child) if child else 0.0)
        wall = time.perf_counter()
        result = function()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() + (_cpu_of(child) if child else 0.0) - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def _states(count: int) -> list[tuple[int, ...]]:
    """The first ``count`` boards breadth-first search meets from Bratko's (c)."""
    from searchlab.domains.puzzle import BRATKO_GOAL, SlidingPuzzle
    from searchlab.domains.puzzle.bratko import BRATKO_POSITIONS

    puzzle = SlidingPuzzle(BRATKO_POSITIONS["c"], BRATKO_GOAL)
    seen = {puzzle.initial}
    queue = deque([puzzle.initial])
    order: list[tuple[int, ...]] = []
    while queue and len(order) < count:
        board = queue.popleft()
        order.append(board)
        for _, child, _ in puzzle.successors(board):
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return order


Route = tuple[Callable[[], int], int | None]
"""What one route runs (returning the successors it saw), and the pid of the process
that shares its work (None: all in this one)."""


def _interleaved(routes: dict[str, Route], runs: int) -> dict[str, tuple[float, float, int]]:
    """Median wall and CPU seconds of every route, running them in turn in each round
    so that the shared machine's drifting load falls on all of them alike."""
    walls: dict[str, list[float]] = {name: [] for name in routes}
    cpus: dict[str, list[float]] = {name: [] for name in routes}
    totals: dict[str, int] = {}
    for _ in range(runs):
        for name, (function, child) in routes.items():
            wall, cpu, totals[name] = _timed(function, 1, child)
            walls[name].append(wall)
            cpus[name].append(cpu)
    return {
        name: (statistics.median(walls[name]), statistics.median(cpus[name]), totals[name])
        for name in routes
    }


def _pyswip_routes(texts: list[str]) -> tuple[dict[str, Route], Callable[[], int] | None]:
    """The in-process routes, when pyswip is installed (what decided the choice), and a
    bare goal test per state through it."""
    try:
        pyswip = importlib.import_module("pyswip")
    except ImportError:
        return {}, None
    prolog = pyswip.Prolog()
    prolog.consult(str(PUZZLE_FILE))
    prolog.assertz(
        "(searchlab_batch(Text, Out) :- term_string(S, Text), findall(Line, (s(S, C, K), "
        "with_output_to(string(CT), write_term(C, [quoted(true)])), "
        "(goal(C) -> G = 1 ; G = 0), h(C, H), "
        "format(string(Line), '~w\\t~w\\t~w\\t~w', [CT, K, G, H])), Lines), "
        "atomic_list_concat(Lines, '\\n', Out))"
    )

    def batched() -> int:
        total = 0
        for text in texts:
            for answer in prolog.query(f'searchlab_batch("{text}", Out)'):
                total += str(answer["Out"]).count("\n") + 1
        return total

    list(prolog.query("use_module(library(time))"))

    def limited() -> int:
        total = 0
        for text in texts:
            query = f'call_with_time_limit(10, searchlab_batch("{text}", Out))'
            for answer in prolog.query(query):
                total += str(answer["Out"]).count("\n") + 1
        return total

    def natural() -> int:
        total = 0
        for text in texts:
            total += len(list(prolog.query(f"s({text}, C, K), h(C, H)")))
        return total

    def goals() -> int:
        for text in texts:
            list(prolog.query(f"goal({text})"))
        return len(texts)

    return {
        "pyswip in process, one query an expansion, its answers as one atom": (batched, None),
        "... the same, each query under call_with_time_limit/2": (limited, None),
        "pyswip in process, s/3 and h/2 answers as dicts": (natural, None),
    }, goals


def successors_section(quick: bool, runs: int) -> Section:
    from searchlab.domains.prolog import PrologProblem, PrologSearch
    from searchlab.domains.puzzle import BRATKO_GOAL, SlidingPuzzle, make_heuristic
    from searchlab.domains.puzzle.board import to_bratko

    boards = _states(300 if quick else 3000)
    texts = [to_bratko(board) for board in boards]
    puzzle = SlidingPuzzle(boards[0], BRATKO_GOAL)
    h = make_heuristic("bratko", BRATKO_GOAL)

    def native() -> int:
        total = 0
        for board in boards:
            for _, child, _ in puzzle.successors(board):
                puzzle.is_goal(child)
                h(child)
                total += 1
        return total

    problem = PrologProblem(PUZZLE_FILE)
    view = PrologSearch(problem, "h", 10.0, limited=False)

    def bridged() -> int:
        total = 0
        for text in texts:
            for _, child, _ in view.successors(text):
                view.is_goal(child)
                view.estimate("h", child)
                total += 1
        return total

    def goals() -> int:
        for text in texts:
            problem.bridge.ask("goal", 10.0, text)
        return len(texts)

    process = problem.bridge._process
    child = process.pid if process is not None else None
    bridge_name = "bridge: swipl subprocess (searchlab's)"
    routes: dict[str, Route] = {"native Python": (native, None), bridge_name: (bridged, child)}
    in_process, in_process_goals = _pyswip_routes(texts)
    routes.update(in_process)
    timed = _interleaved(routes, runs)
    bare = {"bridge": (goals, child)}
    if in_process_goals is not None:
        bare["pyswip"] = (in_process_goals, None)
    round_trips = _interleaved(bare, runs)
    problem.close()
    section = Section(
        "Prolog: successors of the 8-puzzle through the bridge",
        [
            "route",
            "expansions",
            "successors",
            "wall",
            "CPU (both sides)",
            "successors / s",
            "per expansion (wall)",
            "slower than native",
        ],
        notes=[
            f"The first {len(boards):,} boards breadth-first search meets from Bratko's "
            "position (c); for each, every successor with its goal test and Bratko's h "
            "(what best-first search asks). Native: searchlab.domains.puzzle "
            "(SlidingPuzzle and the bratko heuristic). Bridge: examples/prolog/"
            "bratko_puzzle.pl (the book's s/3, goal/1, h/2) through "
            "searchlab.domains.prolog, one round trip to the swipl process an expansion "
            "(the goal tests and h values come with the successors). pyswip: the same "
            "file consulted in this process, the same work asked as one query an "
            "expansion (its answers joined into one atom, as the bridge's reply), the same "
            "under call_with_time_limit/2 (how an in-process adapter would stop a "
            "predicate that never ends; the bridge sends a signal only when a call's time "
            "is up), or s/3 and h/2 queried directly (each answer converted to Python). "
            "The routes "
            f"run in turn, {runs} rounds; wall seconds are medians, CPU adds the swipl "
            "process's to this one's.",
        ],
    )
    if not in_process:
        section.notes.append("pyswip is not installed here: its rows are left out.")
    native_wall, _, native_total = timed["native Python"]
    native_rate = native_total / native_wall
    for name, (wall, cpu, total) in timed.items():
        assert total == native_total, f"{name} saw other successors than the native problem"
        section.add(
            name,
            f"{len(boards):,}",
            f"{total:,}",
            seconds(wall),
            seconds(cpu),
            f"{total / wall:,.0f}",
            f"{wall / len(boards) * 1e6:.0f} µs",
            ratio(native_rate, total / wall),
        )
    trips = ", ".join(
        f"{name} {wall / len(texts) * 1e6:.0f} µs" for name, (wall, _, _) in round_trips.items()
    )
    section.notes.append(f"The bare round trip, goal/1 on one state (median wall): {trips}.")
    per_call = timed[bridge_name][0] / len(boards)
    verdict(
        "a successor call through the Prolog bridge well under a millisecond (issue 17)",
        f"{per_call * 1e6:.0f} µs per expansion (8-puzzle, goal test and h included)",
        per_call < 0.25e-3,
    )
    return section


def _bratko_own(problem_file: Path, starts: list[str], repeat: int) -> list[list[float]]:
    """Bratko's procedure in SWI-Prolog: per start, moves, expanded, generated, and CPU
    and wall seconds of one search (the mean of ``repeat``)."""
    swipl = shutil.which("swipl")
    assert swipl is not None
    command = [swipl, "-q", "-f", "none", str(RUN_BESTFIRST), "--", str(problem_file)]
    out = subprocess.run(
        [*command, str(repeat), *starts],
        capture_output=True,
        text=True,
        check=True,
        stdin=subprocess.DEVNULL,
    )
    rows = []
    for line in out.stdout.splitlines():
        moves, expanded, generated, cpu, wall = (float(field) for field in line.split("\t"))
        rows.append([moves, expanded, generated, cpu / repeat, wall / repeat])
    return rows


def bestfirst_section(quick: bool, runs: int) -> Section:
    from searchlab.domains.prolog import load_prolog
    from searchlab.domains.puzzle.board import to_bratko
    from searchlab.domains.puzzle.bratko import BRATKO_POSITIONS
    from searchlab.domains.registry import get_domain

    section = Section(
        "Prolog: Bratko's best-first search three ways on the same problems",
        [
            "problem",
            "search",
            "moves",
            "expanded",
            "generated",
            "time (one search)",
            "successors / s",
        ],
        notes=[
            "searchlab's best-first (its tree search on f = g + h, the newest first among "
            "equal f) on the native domain and through the adapter on the book's own "
            "s/3, goal/1, h/2 (examples/prolog/), and the book's own procedure (figure "
            "12.3, benchmarks/prolog/bestfirst.pl, two counters added) run by SWI-Prolog "
            "on the same file. Generated counts every answer of s/3, those on the path "
            "included. Times: one search, wall seconds (median of runs for searchlab; "
            "the mean of many runs inside swipl, with Prolog's own clock, for the "
            "book's). The counts differ only by the order of ties (docs/prolog.md).",
        ],
    )
    repeat = 20 if quick else 200
    puzzle_domain = get_domain("puzzle")
    adapter = load_prolog(PUZZLE_FILE)
    starts = {name: to_bratko(board) for name, board in BRATKO_POSITIONS.items()}
    own = dict(zip(starts, _bratko_own(PUZZLE_FILE, list(starts.values()), repeat), strict=True))
    for name, text in starts.items():
        native_request = puzzle_domain.request(
            f"{name}", algorithm="best-first", heuristic="bratko", goal="bratko"
        )
        adapter_request = adapter.request(text, algorithm="best-first", heuristic="h")
        for label, domain, request in (
            ("searchlab, native puzzle", puzzle_domain, native_request),
            ("searchlab, through the adapter", adapter, adapter_request),
        ):
            wall, _, result = _timed(functools.partial(domain.search, request), runs)
            stats = result.stats
            _row(section, f"8-puzzle ({name})", label, len(result.moves), stats, wall)
        moves, expanded, generated, _, wall = own[name]
        _row(section, f"8-puzzle ({name})", BRATKO_OWN, moves, (expanded, generated), wall)
    adapter.close()
    schedule_domain = get_domain("schedule")
    schedule = load_prolog(SCHEDULE_FILE)
    for label, domain, request in (
        (
            "searchlab, native schedule",
            schedule_domain,
            schedule_domain.request("example", algorithm="best-first"),
        ),
        (
            "searchlab, through the adapter",
            schedule,
            schedule.request(SCHEDULE_START, algorithm="best-first", heuristic="h"),
        ),
    ):
        wall, _, result = _timed(functools.partial(domain.search, request), runs)
        _row(section, "schedule (cost 24)", label, len(result.moves), result.stats, wall)
    schedule.close()
    moves, expanded, generated, _, wall = _bratko_own(SCHEDULE_FILE, [SCHEDULE_START], repeat)[0]
    _row(section, "schedule (cost 24)", BRATKO_OWN, moves, (expanded, generated), wall)
    return section


BRATKO_OWN = "Bratko's procedure in SWI-Prolog"


def _row(
    section: Section,
    problem: str,
    label: str,
    moves: float,
    stats: Stats | tuple[float, float],
    wall: float,
) -> None:
    """One row: moves, nodes expanded and generated (a run's Stats, or the Prolog
    procedure's own counts), the time and nodes generated per second."""
    expanded, generated = (stats.expanded, stats.generated) if isinstance(stats, Stats) else stats
    section.add(
        problem,
        label,
        int(moves),
        int(expanded),
        int(generated),
        seconds(wall),
        f"{generated / wall:,.0f}",
    )


def prolog_sections(quick: bool, runs: int) -> list[Section]:
    if shutil.which("swipl") is None:
        section = Section("Prolog problems", ["skipped"])
        section.add("swipl is not installed (Debian: apt-get install swi-prolog-nox)")
        return [section]
    return [successors_section(quick, runs), bestfirst_section(quick, runs)]
