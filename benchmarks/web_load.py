"""The web viewer under load: memory, threads and the latency of a plain GET while many
heavy searches arrive at once, and after their sessions are dropped.

Starts the real ``searchlab serve --port 0 --json`` in a subprocess and measures it from
outside (RSS and threads from /proc/PID/status, so Linux only), issuing requests from
threads with the standard library's urllib. Run it as ``python -m benchmarks.web_load``
(``--quick`` for a short pass) or as part of the suite: ``python -m benchmarks --only
web-load``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from benchmarks.harness import Section, ratio
from searchlab.web.launch import serving

CLIMB_N = 24  # a free-move climb of a 24-queens board with sideways moves: the 5 s cap
HARD_8_PUZZLE = "8 6 7/2 5 4/3 _ 1"  # 31 moves; A* with misplaced tiles hits 20,000 expansions


@dataclass
class Server:
    pid: int
    url: str


@contextmanager
def serve() -> Iterator[Server]:
    """``searchlab serve --port 0 --json`` in a subprocess (this Python's searchlab)."""
    with serving() as address:
        yield Server(address["pid"], address["url"])


def proc_status(pid: int) -> tuple[float, int]:
    """The process's resident memory (MB) and thread count, from /proc."""
    rss, threads = 0.0, 0
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    return rss, threads


def request(
    url: str, method: str = "GET", body: dict[str, Any] | None = None, timeout: float = 120
) -> tuple[int, dict[str, Any], dict[str, str]]:
    """Status, JSON answer and headers of one request (errors are answers too)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {} if body is None else {"content-type": "application/json"}
    outgoing = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(outgoing, timeout=timeout) as reply:
            return reply.status, json.loads(reply.read() or b"null"), dict(reply.headers)
    except urllib.error.HTTPError as refused:
        payload = refused.read()
        try:
            answer = json.loads(payload)
        except ValueError:
            answer = {"error": payload.decode("utf-8", "replace")}
        return refused.code, answer, dict(refused.headers)


def get_seconds(server: Server) -> float:
    """The latency of one plain GET (the page's options)."""
    started = time.perf_counter()
    status, _, _ = request(server.url + "api/options", timeout=60)
    assert status == 200, status
    return time.perf_counter() - started


@dataclass
class Figures:
    """One phase's measurements."""

    rss: float  # MB, the highest seen in the phase
    threads: int  # the most seen
    gets: list[float]  # plain GET latencies (s)
    note: str = ""

    @property
    def get_median(self) -> float:
        return statistics.median(self.gets)

    @property
    def get_max(self) -> float:
        return max(self.gets)


def idle(server: Server, gets: int = 15) -> Figures:
    """The server at rest: memory, threads, then a few GETs one after the other."""
    rss, threads = proc_status(server.pid)
    latencies = [get_seconds(server) for _ in range(gets)]
    return Figures(rss, threads, latencies)


@dataclass
class Sampler:
    """Watches the server while a phase runs: memory, threads, and a GET every 0.1 s."""

    server: Server
    rss: float = 0.0
    threads: int = 0
    gets: list[float] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def _memory(self) -> None:
        while not self._stop.is_set():
            rss, threads = proc_status(self.server.pid)
            self.rss, self.threads = max(self.rss, rss), max(self.threads, threads)
            self._stop.wait(0.05)

    def _latency(self) -> None:
        while not self._stop.is_set():
            self.gets.append(get_seconds(self.server))
            self._stop.wait(0.1)

    @contextmanager
    def running(self) -> Iterator[Sampler]:
        workers = [threading.Thread(target=self._memory), threading.Thread(target=self._latency)]
        for worker in workers:
            worker.start()
        try:
            yield self
        finally:
            self._stop.set()
            for worker in workers:
                worker.join()

    def figures(self, note: str) -> Figures:
        return Figures(self.rss, self.threads, self.gets, note)


def climb_body(seed: int) -> dict[str, Any]:
    return {
        "algorithm": "hill-climbing",
        "moves": "free",
        "sideways": 1000,
        "restarts": 200,
        "seed": seed,
    }


def concurrent_climbs(server: Server, count: int) -> tuple[Figures, list[str]]:
    """``count`` heavy climbs sent at the same moment, not retried: how many ran, how
    long they took, and how many the server turned away (429)."""
    _, board, _ = request(
        server.url + "api/domains/queens/random",
        "POST",
        {"size": CLIMB_N, "moves": "free", "seed": 1},
    )
    start = threading.Barrier(count)

    def climb(seed: int) -> tuple[int, float, str | None]:
        body = {**climb_body(seed), "start": board["start"]}
        start.wait()
        began = time.perf_counter()
        status, answer, _ = request(server.url + "api/domains/queens/search", "POST", body)
        return status, time.perf_counter() - began, answer.get("session")

    with Sampler(server).running() as sampler, ThreadPoolExecutor(count) as pool:
        outcomes = list(pool.map(climb, range(count)))
    ran = [seconds for status, seconds, _ in outcomes if status == 200]
    refused = [seconds for status, seconds, _ in outcomes if status == 429]
    other = len(outcomes) - len(ran) - len(refused)
    note = f"{len(ran)} ran"
    if ran:
        note += f" ({min(ran):.1f}–{max(ran):.1f} s each)"
    if refused:
        note += f", {len(refused)} refused with 429 (after {max(refused):.1f} s at most)"
    if other:
        note += f", {other} other answers"
    sessions = [session for _, _, session in outcomes if session]
    return sampler.figures(note), sessions


def heavy_puzzles(server: Server, count: int, clients: int) -> tuple[Figures, list[str]]:
    """``count`` A* runs that each record 20,000 expansions, from ``clients`` threads
    that retry when the server says it is busy (429, Retry-After)."""
    body = {"start": HARD_8_PUZZLE, "goal": "standard", "heuristic": "misplaced"}
    retries = [0]

    def solve(_: int) -> str:
        while True:
            status, answer, headers = request(
                server.url + "api/domains/puzzle/search", "POST", body
            )
            if status == 200:
                return str(answer["session"])
            if status != 429:
                raise RuntimeError(f"the server answered {status}: {answer}")
            retries[0] += 1
            time.sleep(float(headers.get("Retry-After", "1")))

    began = time.perf_counter()
    with Sampler(server).running() as sampler, ThreadPoolExecutor(clients) as pool:
        sessions = list(pool.map(solve, range(count)))
    took = time.perf_counter() - began
    note = f"{count} runs from {clients} clients in {took:.1f} s, {retries[0]} retries after 429"
    return sampler.figures(note), sessions


def drop(server: Server, sessions: list[str]) -> str:
    """DELETE every session; how the server answered."""
    answers = [request(f"{server.url}api/sessions/{session}", "DELETE")[0] for session in sessions]
    kept = answers.count(200)
    return f"{len(answers)} DELETEs: {kept} dropped, {len(answers) - kept} already gone"


def measure(climbs: int, puzzles: int, clients: int, settle: float) -> list[tuple[str, Figures]]:
    with serve() as server:
        # warm up: every module the searches load, so that "before" is a server in use
        for _ in range(2):
            _, warm, _ = request(
                server.url + "api/domains/puzzle/search", "POST", {"start": "1 2 3/4 5 6/7 _ 8"}
            )
            request(f"{server.url}api/sessions/{warm['session']}", "DELETE")
        phases = [("before (idle, warmed up)", idle(server))]
        during, climb_sessions = concurrent_climbs(server, climbs)
        phases.append((f"during {climbs} simultaneous 5 s climbs", during))
        loaded, sessions = heavy_puzzles(server, puzzles, clients)
        phases.append((f"during {puzzles} heavy 8-puzzle A* runs", loaded))
        held = idle(server)
        held.note = "sessions kept, nothing running"
        phases.append(("after the runs, sessions held", held))
        note = drop(server, climb_sessions + sessions)
        time.sleep(settle)
        after = idle(server)
        after.note = f"{note}; measured {settle:g} s later"
        phases.append(("after DELETE of every session", after))
    return phases


def section(phases: list[tuple[str, Figures]]) -> Section:
    base = phases[0][1]
    table = Section(
        "Web viewer under load (benchmarks/web_load.py)",
        [
            "phase",
            "RSS",
            "× before",
            "threads",
            "GET median",
            "× before",
            "GET max",
            "what happened",
        ],
        notes=[
            "`searchlab serve --port 0 --json` in a subprocess, measured from outside: RSS "
            "and threads from /proc/PID/status (the highest seen during a phase), GET = "
            "GET /api/options, one every 0.1 s while a phase runs. Climbs: free moves on a "
            f"random {CLIMB_N}-queens board with 1000 sideways moves and 200 restarts, which "
            f"runs into the viewer's 5 s cap. A* runs: {HARD_8_PUZZLE!r} with misplaced "
            "tiles, 20,000 expansions recorded each. Requests from threads with urllib.",
        ],
    )
    for name, figures in phases:
        table.add(
            name,
            f"{figures.rss:.0f} MB",
            ratio(figures.rss, base.rss),
            figures.threads,
            f"{figures.get_median * 1e3:.1f} ms",
            ratio(figures.get_median, base.get_median),
            f"{figures.get_max * 1e3:.0f} ms",
            figures.note,
        )
    return table


def web_load_section(quick: bool, runs: int) -> list[Section]:
    """The suite's entry (``--only web-load``); one pass whatever ``runs`` says, since
    the figures are maxima and ratios under load, not timings to take medians of."""
    del runs
    if quick:
        return [section(measure(climbs=8, puzzles=16, clients=4, settle=2.0))]
    return [section(measure(climbs=45, puzzles=120, clients=8, settle=3.0))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.web_load",
        description="Load the web viewer with heavy searches and print its memory, threads "
        "and GET latency before, during and after (as a Markdown table).",
    )
    parser.add_argument("--climbs", type=int, default=45, help="simultaneous 5 s climbs")
    parser.add_argument("--puzzles", type=int, default=120, help="heavy A* runs")
    parser.add_argument("--clients", type=int, default=8, help="threads sending the A* runs")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to wait after DELETE")
    args = parser.parse_args(argv)
    for name in ("climbs", "puzzles", "clients"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be 1 or more")
    phases = measure(args.climbs, args.puzzles, args.clients, args.settle)
    print()
    print(section(phases).markdown())
    return 0


if __name__ == "__main__":
    sys.exit(main())
