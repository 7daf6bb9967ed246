"""A lecture in classroom mode: 100 simulated students on one ``searchlab serve``.

Starts ``searchlab serve --classroom --host 127.0.0.1`` (loopback only: nothing leaves
this machine) and has every student, from a thread of its own, do what a student's
page does: open the join link (the token once, then the seat cookie), load the page
and GET /api/options, start searches on several domains (A* on the 8-puzzle and on
Romania, a live backtracking search, a climb, Sudoku, a schedule, map colouring),
read their events page by page and drop them. A student told to wait (429) waits as
told (Retry-After) and tries again, at most ``RETRIES`` times: a run then ends as
finished, or turned away with the server's message, which must say what to do. One
student floods (``--flood`` heavy climbs at once), the teacher leads with Follow me,
and requests without a seat, with a wrong token, or under ``Host: localhost`` are sent
and must be refused.

Reported: GET latency (p50, p99, max) over every plain GET the students sent (a live
search's pages compute, and are shown apart), the
runs finished and turned away, the server's peak RSS (from /proc, so Linux only).
Bounded: at most ``MAX_STUDENTS`` students and ``--seconds`` of wall time, after which
no student starts anything and the server is stopped. Run it as
``python -m benchmarks.classroom_load`` or ``python -m benchmarks --only classroom``;
tests/test_web_classroom.py drives ``simulate`` with 10 students.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import multiprocessing
import os
import random
import re
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from benchmarks.harness import Section, verdict
from searchlab.web.launch import serving

MAX_STUDENTS = 200
IDLE_PROBES = 25
RETRIES = 3
CLEAR = ("try again", "wait until")
"""What a 429's message says to do (the busy server's, the student's own share's)."""
RUNS: list[tuple[str, dict[str, Any]]] = [  # what the lecture has students start
    ("puzzle", {"start": "8 6 7/2 5 4/3 _ 1", "heuristic": "manhattan"}),
    ("route", {"start": "Arad", "goal": "Bucharest"}),
    ("queens", {"start": "8"}),  # depth-first: a live search, read to its first solution
    ("queens", {"start": "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]", "moves": "free"}),
    ("sudoku", {"start": "easy"}),
    ("schedule", {"start": "example"}),
    ("map-colouring", {"start": "australia"}),
    ("puzzle", {"start": "2 8 3/1 6 4/7 _ 5", "goal": "bratko", "algorithm": "ida"}),
]
FLOOD = {  # one heavy climb: a random 20-queens board, free moves, up to the 5 s cap
    "algorithm": "hill-climbing",
    "moves": "free",
    "sideways": 1000,
    "restarts": 200,
}


PAGE_FILES = ("/static/style.css", "/static/js/main.js", "/static/js/api.js")
"""A few of the files a page loads after the join link's redirect (to /)."""


def proc_cpu(pid: int) -> float:
    """The CPU seconds (user and system) the process has used, from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss(pid: int) -> float:
    """The process's resident memory in MB, from /proc."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Client:
    """One browser: its own cookies, every request timed, nothing past ``deadline``."""

    def __init__(self, base: str, deadline: float, host: str | None = None) -> None:
        self.base = base
        self.deadline = deadline
        self.host = host
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.gets: list[float] = []  # plain GETs: the page, its files, options, recorded events
        self.computing: list[float] = []  # GETs that advance a live search (in the work queue)

    def request(
        self,
        path: str,
        method: str = "GET",
        body: Any = None,
        timed: bool = True,
        computes: bool = False,
    ) -> tuple[int, Any, dict[str, str]]:
        """Status, JSON answer (or text) and headers; errors are answers too."""
        data = None if body is None else json.dumps(body).encode()
        headers = {} if body is None else {"content-type": "application/json"}
        if self.host is not None:
            headers["host"] = self.host
        outgoing = urllib.request.Request(self.base + path, data, headers, method=method)
        timeout = max(1.0, self.deadline - time.monotonic())
        began = time.perf_counter()
        try:
            with self.opener.open(outgoing, timeout=timeout) as reply:
                status, raw, answer_headers = reply.status, reply.read(), dict(reply.headers)
        except urllib.error.HTTPError as refused:
            status, raw, answer_headers = refused.code, refused.read(), dict(refused.headers)
        if method == "GET" and timed:
            (self.computing if computes else self.gets).append(time.perf_counter() - began)
        try:
            return status, json.loads(raw or b"null"), answer_headers
        except ValueError:
            return status, raw.decode("utf-8", "replace"), answer_headers

    def join(self, link: str) -> int:
        """Open a join link (the redirect followed): the page's status."""
        parts = urlsplit(link)
        return self.request(f"/?{parts.query}")[0]


def _message(answer: Any) -> str:
    return str(answer.get("error", "")) if isinstance(answer, dict) else str(answer)


@dataclass
class Outcome:
    """How one run ended: finished (after how many waits) or turned away, and why."""

    finished: bool
    waits: int = 0
    message: str = ""
    status: int = 200


def run_one(client: Client, domain: str, body: dict[str, Any]) -> Outcome:
    """Start a search, read its events to the end (a live one to its first solution),
    drop it; waiting as told when the server says 429."""
    waits = 0
    while True:
        status, answer, headers = client.request(f"/api/domains/{domain}/search", "POST", body)
        if status == 200:
            break
        message = _message(answer)
        if status != 429 or waits >= RETRIES or time.monotonic() >= client.deadline:
            return Outcome(False, waits, message, status)
        waits += 1
        time.sleep(float(headers.get("Retry-After", "1")))
    session = answer["session"]
    start = 0
    until = "&until=solution" if answer["live"] else ""
    while time.monotonic() < client.deadline:
        status, page, headers = client.request(
            f"/api/sessions/{session}/events?from={start}{until}", computes=answer["live"]
        )
        if status == 429 and waits < RETRIES:  # a live search's page waits its turn too
            waits += 1
            time.sleep(float(headers.get("Retry-After", "1")))
            continue
        if status != 200:
            return Outcome(False, waits, _message(page), status)
        start = page["next"]
        if page["done"] or (answer["live"] and page.get("solutions")):
            break
    client.request(f"/api/sessions/{session}", "DELETE")
    return Outcome(True, waits)


@dataclass
class Report:
    """What a lecture's simulation found."""

    students: int
    outcomes: list[Outcome] = field(default_factory=list)
    gets: list[float] = field(default_factory=list)
    computing: list[float] = field(default_factory=list)
    probe: list[float] = field(default_factory=list)  # GET /api/options every 0.2 s, apart
    idle: list[float] = field(default_factory=list)  # ... before the students came
    rss_start: float = 0.0
    rss_peak: float = 0.0
    flood: Counter[int] = field(default_factory=Counter)
    flood_messages: list[str] = field(default_factory=list)
    refusals: dict[str, int] = field(default_factory=dict)
    follow_seen: int = 0
    joined: int = 0
    seconds: float = 0.0
    unfinished: int = 0  # runs not even started before the deadline
    client_cpu: float = 0.0  # CPU seconds the simulated students used (on the same machine)
    server_cpu: float = 0.0  # ... and the server, during the lecture
    load: tuple[float, float] = (0.0, 0.0)  # the machine's 1-minute load average, start and end

    @property
    def finished(self) -> int:
        return sum(outcome.finished for outcome in self.outcomes)

    @property
    def after_wait(self) -> int:
        return sum(outcome.finished and outcome.waits > 0 for outcome in self.outcomes)

    @property
    def turned_away(self) -> list[Outcome]:
        return [outcome for outcome in self.outcomes if not outcome.finished]

    @property
    def unclear(self) -> list[Outcome]:
        """Runs that neither finished nor were told clearly (429 saying what to do)."""
        return [
            outcome
            for outcome in self.turned_away
            if outcome.status != 429 or not any(words in outcome.message for words in CLEAR)
        ]

    def add(self, cohort: Cohort) -> None:
        _tally(self, cohort)
        self.client_cpu += cohort.cpu

    def p(self, share: float, gets: list[float] | None = None) -> float:
        ordered = sorted(self.gets if gets is None else gets)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


@dataclass(frozen=True)
class Lecture:
    """What every student is told: where, the link, and how they behave."""

    base: str
    join: str
    runs_each: int
    arrival: float  # the students come in over this many seconds
    think: float  # a student's pause between actions, on average (s)
    students: int


@dataclass
class Cohort:
    """What a group of students (one process) brings back."""

    outcomes: list[Outcome] = field(default_factory=list)
    gets: list[float] = field(default_factory=list)
    computing: list[float] = field(default_factory=list)
    follow_seen: int = 0
    joined: int = 0
    unfinished: int = 0
    cpu: float = 0.0  # CPU seconds the group's process used


TALLIED = ("outcomes", "gets", "computing", "follow_seen", "joined", "unfinished")
"""What a student's, a group's and the lecture's reports have in common, and add up."""


def _tally(total: Report | Cohort, part: Cohort) -> None:
    """Add ``part``'s runs, latencies and counts to ``total``'s."""
    for name in TALLIED:
        setattr(total, name, getattr(total, name) + getattr(part, name))


def _student(lecture: Lecture, index: int, deadline: float) -> Cohort:
    """One student's lecture: join, load the page, runs with pauses between them."""
    chance = random.Random(index)
    done = Cohort()
    time.sleep(index * lecture.arrival / lecture.students)
    client = Client(lecture.base, deadline)
    if client.join(lecture.join) != 200:
        return done
    for path in PAGE_FILES:
        client.request(path)
    client.request("/api/options")
    client.request("/api/classroom")
    for turn in range(lecture.runs_each):
        time.sleep(chance.uniform(0.5, 1.5) * lecture.think)
        if time.monotonic() >= deadline:
            done.unfinished += lecture.runs_each - turn
            break
        domain, body = RUNS[(index + turn) % len(RUNS)]
        done.outcomes.append(run_one(client, domain, body))
    # the teacher moved before the students came: answered at once
    _, position, _ = client.request("/api/classroom/follow?after=0", timed=False)
    done.joined = 1
    done.gets, done.computing = client.gets, client.computing
    done.follow_seen = int(isinstance(position, dict) and position.get("tab") == "puzzle-puzzle")
    return done


def _cohort(lecture: Lecture, indices: list[int], seconds: float) -> Cohort:
    """A group of students, a thread each, in a process of its own (so the clients'
    own interpreter lock is not what the latency measures)."""
    deadline = time.monotonic() + seconds
    began = time.process_time()
    group = Cohort()
    with ThreadPoolExecutor(max(1, len(indices))) as threads:
        for one in threads.map(lambda index: _student(lecture, index, deadline), indices):
            _tally(group, one)
    group.cpu = time.process_time() - began
    return group


def simulate(
    students: int = 100,
    runs_each: int = 2,
    flood: int = 8,
    seconds: float = 240.0,
    progress: Callable[[str], None] = lambda _: None,
    arrival: float = 10.0,
    think: float = 1.0,
    processes: int = 4,
) -> Report:
    """One lecture (see the module docstring)."""
    if not 1 <= students <= MAX_STUDENTS:
        raise ValueError(f"students must be between 1 and {MAX_STUDENTS}")
    processes = max(1, min(processes, students))
    began = time.monotonic()
    deadline = began + seconds
    report = Report(students)
    load_before = os.getloadavg()[0]
    with serving("--classroom", "--host", "127.0.0.1") as address:
        base = str(address["url"]).rstrip("/")
        if urlsplit(base).hostname != "127.0.0.1":
            raise RuntimeError(f"the server is not on loopback: {base}")
        pid = int(address["pid"])
        report.rss_start = report.rss_peak = proc_rss(pid)
        stop = threading.Event()

        def watch() -> None:
            while not stop.is_set():
                report.rss_peak = max(report.rss_peak, proc_rss(pid))
                stop.wait(0.05)

        def probe(client: Client) -> None:
            """The teacher's page asking for the options every 0.2 s: a GET timed from
            outside the crowd's processes."""
            while not stop.is_set():
                client.request("/api/options")
                stop.wait(0.2)

        _refusals(base, address, deadline, report)
        teacher = Client(base, deadline)
        teacher.join(address["teacher"])
        teacher.gets.clear()
        for _ in range(IDLE_PROBES):  # the same GET with nobody else on the server
            teacher.request("/api/options")
            time.sleep(0.2)
        report.idle, teacher.gets = teacher.gets, []
        watcher = threading.Thread(target=watch)
        prober = threading.Thread(target=probe, args=(teacher,))
        watcher.start()
        prober.start()
        server_cpu = proc_cpu(pid)
        try:
            lock = threading.Lock()

            def flooder() -> None:
                client = Client(base, deadline)
                client.join(address["join"])
                _, board, _ = client.request(
                    "/api/domains/queens/random", "POST", {"size": 20, "moves": "free", "seed": 1}
                )
                body = {**FLOOD, "start": board["start"]}

                def one(seed: int) -> tuple[int, Any]:
                    status, answer, _ = client.request(
                        "/api/domains/queens/search", "POST", {**body, "seed": seed}
                    )
                    return status, answer

                with ThreadPoolExecutor(flood) as burst:
                    for status, answer in burst.map(one, range(flood)):
                        with lock:
                            report.flood[status] += 1
                            if status != 200:
                                report.flood_messages.append(str(answer.get("error")))

            teacher.request(
                "/api/classroom/follow",
                "POST",
                {"on": True, "tab": "puzzle-puzzle", "state": {"start": "a", "step": "3"}},
            )
            progress(f"{students} students join and start {students * runs_each} runs")
            groups = [list(range(students))[at::processes] for at in range(processes)]
            lecture = Lecture(base, address["join"], runs_each, arrival, think, students)
            spawn = multiprocessing.get_context("spawn")  # no fork of a threaded process
            with (
                ThreadPoolExecutor(1) as flooding,
                ProcessPoolExecutor(processes, mp_context=spawn) as room,
            ):
                flooded = flooding.submit(flooder) if flood else None
                remaining = deadline - time.monotonic()
                for cohort in room.map(
                    _cohort, [lecture] * processes, groups, [remaining] * processes
                ):
                    report.add(cohort)
                if flooded is not None:
                    flooded.result()
        finally:
            report.server_cpu = proc_cpu(pid) - server_cpu
            stop.set()
            watcher.join()
            prober.join()
            report.probe = teacher.gets
    report.seconds = time.monotonic() - began
    report.load = (load_before, os.getloadavg()[0])
    return report


def _refusals(base: str, address: dict[str, Any], deadline: float, report: Report) -> None:
    """Requests that must be refused: no seat, a wrong token, a seat under another name."""
    port = address["port"]
    no_seat = Client(base, deadline)
    report.refusals["no seat: GET /api/options"] = no_seat.request("/api/options")[0]
    report.refusals["no seat: GET /"] = no_seat.request("/")[0]
    as_localhost = Client(base, deadline, host=f"localhost:{port}")
    report.refusals["no seat, Host: localhost"] = as_localhost.request("/api/options")[0]
    report.refusals["wrong token"] = no_seat.request("/?join=not-the-token")[0]
    student = Client(base, deadline)
    student.join(address["join"])
    report.refusals["a student leads"] = student.request(
        "/api/classroom/follow", "POST", {"on": True, "tab": "x", "state": {}}
    )[0]
    no_seat.gets.clear()  # refusals are not the students' GETs


def section(report: Report, flood: int) -> Section:
    table = Section(
        "Classroom mode under load (benchmarks/classroom_load.py)",
        ["what", "measured"],
        notes=[
            "`searchlab serve --classroom --host 127.0.0.1` in a subprocess; every simulated "
            "student a thread with its own cookies (urllib): join link, GET /api/options, "
            "runs on several domains (8-puzzle A* and IDA*, Romania A*, 8-queens live "
            "backtracking and a climb, Sudoku, a schedule, Australia's map), each read page "
            "by page and dropped; a 429 is waited out as its Retry-After says, at most "
            f"{RETRIES} times. One student floods with {flood} heavy 20-queens climbs at once. "
            "GET latency over every plain GET the students sent (the page and its files, "
            "options, recorded events); the pages of a live search compute it (up to 2 s "
            "each, in the fair work queue), so they are shown apart. RSS from /proc (peak).",
        ],
    )
    runs = len(report.outcomes)
    table.add("students (joined)", f"{report.students} ({report.joined})")
    table.add("wall time", f"{report.seconds:.0f} s")
    table.add(
        "machine load (1-min average, start / end)",
        f"{report.load[0]:.1f} / {report.load[1]:.1f} on {os.cpu_count()} CPUs",
    )
    table.add(
        f"CPU used: the server / the simulated students (the same {os.cpu_count()} CPUs)",
        f"{report.server_cpu:.0f} s / {report.client_cpu:.0f} s",
    )
    table.add("GETs", len(report.gets))
    table.add(
        "GET p50 / p99 / max",
        f"{report.p(0.5) * 1e3:.0f} / {report.p(0.99) * 1e3:.0f} / {report.p(1.0) * 1e3:.0f} ms",
    )
    if report.idle:
        table.add(
            "the same GET before the students came (idle server, same machine)",
            f"{report.p(0.5, report.idle) * 1e3:.0f} / {report.p(0.99, report.idle) * 1e3:.0f}"
            f" / {report.p(1.0, report.idle) * 1e3:.0f} ms ({len(report.idle)} GETs)",
        )
    if report.probe:
        table.add(
            "GET /api/options every 0.2 s from outside the crowd: p50 / p99 / max",
            f"{report.p(0.5, report.probe) * 1e3:.0f} / {report.p(0.99, report.probe) * 1e3:.0f}"
            f" / {report.p(1.0, report.probe) * 1e3:.0f} ms ({len(report.probe)} GETs)",
        )
    if report.computing:
        table.add(
            "live search pages (computing, in the fair queue): p50 / max",
            f"{report.p(0.5, report.computing) * 1e3:.0f} / "
            f"{report.p(1.0, report.computing) * 1e3:.0f} ms",
        )
    table.add("runs finished", f"{report.finished} of {runs} ({report.after_wait} after waiting)")
    turned = Counter(
        re.sub(r"\(\d+ more", "(N more", outcome.message) for outcome in report.turned_away
    )
    told = "; ".join(f"{count}× “{message}”" for message, count in turned.items()) or "none"
    table.add("runs turned away (with the message)", f"{len(report.turned_away)}: {told}")
    table.add("runs with no clear answer", len(report.unclear) + report.unfinished)
    flood_said = Counter(
        re.sub(r"\(\d+ more", "(N more", message) for message in report.flood_messages
    )
    table.add(
        "the flooding student",
        f"{report.flood[200]} ran, {sum(report.flood.values()) - report.flood[200]} refused"
        + "".join(f"; {count}× “{message}”" for message, count in flood_said.items()),
    )
    table.add("follow me: students who got the teacher's position", report.follow_seen)
    table.add(
        "refused as they must be",
        ", ".join(f"{what}: {status}" for what, status in report.refusals.items()),
    )
    table.add("server RSS start / peak", f"{report.rss_start:.0f} / {report.rss_peak:.0f} MB")
    return table


def judge(report: Report) -> None:
    """The issue's targets, for the suite's summary."""
    verdict("classroom: GET p99 < 200 ms", f"{report.p(0.99) * 1e3:.0f} ms", report.p(0.99) < 0.2)
    clear = not report.unclear and not report.unfinished
    verdict(
        "classroom: every run finishes or is told clearly",
        f"{report.finished} finished, {len(report.turned_away)} told to wait",
        clear,
    )
    verdict("classroom: RSS < 1.5 GB", f"{report.rss_peak:.0f} MB", report.rss_peak < 1536)


def classroom_section(quick: bool, runs: int) -> list[Section]:
    """The suite's entry (``--only classroom``): one lecture, whatever ``runs`` says."""
    del runs
    students, flood = (20, 4) if quick else (100, 8)
    report = simulate(students, 2, flood, progress=print)
    judge(report)
    return [section(report, flood)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.classroom_load",
        description="Simulate a lecture on `searchlab serve --classroom` (loopback only) and "
        "print GET latency, runs finished or turned away, and the server's RSS.",
    )
    parser.add_argument("--students", type=int, default=100, help=f"at most {MAX_STUDENTS}")
    parser.add_argument(
        "--runs",
        type=int,
        default=2,
        help="runs each student starts (0-5; 0 with --flood 0: only the page, a control)",
    )
    parser.add_argument("--flood", type=int, default=8, help="heavy climbs of the flooder")
    parser.add_argument("--seconds", type=float, default=240.0, help="stop after (10-600)")
    parser.add_argument("--arrival", type=float, default=10.0, help="students come in over (s)")
    parser.add_argument("--think", type=float, default=1.0, help="pause between runs (s, mean)")
    parser.add_argument("--processes", type=int, default=4, help="client processes (1-16)")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= MAX_STUDENTS:
        parser.error(f"--students must be between 1 and {MAX_STUDENTS}")
    if not 0 <= args.runs <= 5:
        parser.error("--runs must be between 0 and 5")
    if not 0 <= args.flood <= 20:
        parser.error("--flood must be between 0 and 20")
    if not 10 <= args.seconds <= 600:
        parser.error("--seconds must be between 10 and 600")
    if not (0 <= args.arrival <= 120 and 0 <= args.think <= 30):
        parser.error("--arrival must be 0-120 s and --think 0-30 s")
    if not 1 <= args.processes <= 16:
        parser.error("--processes must be between 1 and 16")
    report = simulate(
        args.students,
        args.runs,
        args.flood,
        args.seconds,
        progress=print,
        arrival=args.arrival,
        think=args.think,
        processes=args.processes,
    )
    print()
    print(section(report, args.flood).markdown())
    print(f"GET p50 {statistics.median(report.gets) * 1e3:.0f} ms" if report.gets else "")
    return 0 if not report.unclear and not report.unfinished else 1


if __name__ == "__main__":
    sys.exit(main())
