"""What the server holds and computes at once: sessions under a memory budget, stored
compactly and given back; searches on a few workers, 429 past them, and light requests
never queued behind them."""

from __future__ import annotations

import gc
import json
import sys
import threading
import time
import tracemalloc
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import anyio
import anyio.to_thread
import pytest
from conftest import served, sessions_of
from helpers import rss_mb

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.domains.registry import get_domain
from searchlab.domains.routes.caps import BUILD_BYTES
from searchlab.web import WebLimits, create_app
from searchlab.web.pool import SWITCH_SECONDS, Overloaded, WorkPool
from searchlab.web.searches import Started, start_search
from searchlab.web.sessions import SESSION_BYTES, SessionGone, SessionStore
from searchlab.web.sources import Page, RecordedRun

BASE = "http://127.0.0.1:8000"
HARD = {"start": "8 6 7/2 5 4/3 _ 1", "goal": "standard", "heuristic": "misplaced"}
"""31 moves from the goal: A* with misplaced tiles records every expansion up to the cap."""
SOLVE = "api/domains/puzzle/search"
EASY = {"start": "1 2 3/4 5 6/7 _ 8"}


def start_puzzle(body: dict[str, Any], limits: WebLimits) -> Started:
    return start_search(get_domain("puzzle"), body, limits, registered=True)


def make_client(**limits: Any) -> TestClient:
    return TestClient(create_app(WebLimits(**limits)), base_url=BASE)


# -- the memory budget -------------------------------------------------------------------


class Sized:
    """A source holding ``nbytes``, recording whether it was closed."""

    def __init__(self, nbytes: int) -> None:
        self.nbytes = nbytes
        self.closed = False

    def pull(self, start: int, limit: int, *, until_solution: bool, seconds: float) -> Page:
        return Page(events=[], next=0, done=True)

    def close(self) -> None:
        self.closed = True


def test_the_store_drops_the_least_recently_used_past_its_byte_budget() -> None:
    unit = 100_000
    store = SessionStore(max_sessions=100, idle_seconds=60, max_bytes=3 * (unit + SESSION_BYTES))
    one, two, three = (Sized(unit) for _ in range(3))
    first, second, _ = (store.add("puzzle", source, {}) for source in (one, two, three))
    assert len(store) == 3 and store.nbytes == 3 * (unit + SESSION_BYTES)
    store.get(first.id)  # used again: now the second is the least recently used
    four = Sized(unit)
    store.add("puzzle", four, {})
    assert two.closed and not one.closed
    with pytest.raises(SessionGone):
        store.get(second.id)
    assert store.max_bytes is not None and store.nbytes <= store.max_bytes
    big = Sized(10 * unit)  # alone past the budget: kept, and every other dropped
    kept = store.add("puzzle", big, {})
    assert len(store) == 1 and store.get(kept.id).source is big
    assert one.closed and three.closed and four.closed
    assert store.take_freed() == 4 * (unit + SESSION_BYTES) and store.take_freed() == 0
    assert store.remove(kept.id) and not store.remove(kept.id)
    assert store.nbytes == 0 and store.take_freed() == 10 * unit + SESSION_BYTES


def test_heavy_runs_beyond_the_budget_drop_the_oldest() -> None:
    with make_client(run_max_expanded=4000, max_session_bytes=2_000_000) as client:
        sessions = []
        for _ in range(6):
            reply = client.post("/" + SOLVE, json=HARD)
            assert reply.status_code == 200, reply.text
            sessions.append(reply.json()["session"])
        store = sessions_of(client)
        assert store.nbytes <= 2_000_000 and 1 <= len(store) < 6
        assert client.get(f"/api/sessions/{sessions[0]}/events").status_code == 404
        assert client.get(f"/api/sessions/{sessions[-1]}/events").status_code == 200


def test_a_recorded_run_is_kept_about_as_small_as_its_json() -> None:
    limits = WebLimits(run_max_expanded=3000, run_seconds=60)  # the cap, not the clock, ends it
    start_puzzle(HARD, limits)  # warm up: heuristics, caches
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        source, info = start_puzzle(HARD, limits)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    served = source.pull(0, 10**6, until_solution=False, seconds=1).body()
    events = json.loads(served)["events"]
    assert len(events) == info["total"] == 3000
    # as dicts of lists the same events took about five times their JSON
    assert held < 1.3 * len(served), (held, len(served))
    assert isinstance(source, RecordedRun)
    assert source.nbytes < 1.1 * len(served)


def request(url: str, method: str = "GET", body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"}
    outgoing = urllib.request.Request(url, data=data, headers=headers, method=method)
    with urllib.request.urlopen(outgoing, timeout=60) as reply:
        return json.load(reply)


def solve(url: str) -> str:
    """A heavy A* run's session, asking again while the server is busy."""
    while True:
        try:
            return str(request(url + SOLVE, "POST", HARD)["session"])
        except urllib.error.HTTPError as refused:
            if refused.code != 429:
                raise
            time.sleep(0.5)


def test_memory_comes_back_once_the_sessions_are_dropped() -> None:
    """The real server (its own process, its own housekeeping), as benchmarks/web_load.py
    measures it: what eight heavy runs from four clients took is mostly given back after
    their DELETE (when sessions kept dicts, some 75 % of it stayed)."""
    with served() as address:
        url, pid = address["url"], address["pid"]
        session = request(url + SOLVE, "POST", HARD)["session"]
        request(f"{url}api/sessions/{session}", "DELETE")  # warm up: the first run loads things
        time.sleep(1.5)
        base = rss_mb(pid)
        with ThreadPoolExecutor(4) as clients:
            sessions = list(clients.map(lambda _: solve(url), range(8)))
        held = rss_mb(pid)
        assert held - base > 15, "eight heavy runs should hold some 20 MB"
        for session in sessions:
            request(f"{url}api/sessions/{session}", "DELETE")
        deadline = time.monotonic() + 5
        while rss_mb(pid) - base > 0.35 * (held - base) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert rss_mb(pid) - base <= 0.35 * (held - base), (base, held, rss_mb(pid))


def test_memory_comes_back_after_searches_on_the_largest_generated_graphs() -> None:
    """Three road graphs as large as a request may build (some 250 MB each with the
    lists the search steps on), one with landmarks: once their sessions end, the server
    is back within 50 MB of where it started (the library kept the last four graphs,
    their lists and scales for ever: 960 MB more after these three, and a graph of two
    million nodes left 1.7 GB behind)."""
    most = WebLimits().max_build_bytes // BUILD_BYTES["road"]
    path = "api/domains/route/search"
    with served() as address:
        url, pid = address["url"], address["pid"]
        # the first runs import things (the compiled kernels that build landmarks)
        warm = {"start": "road:3000:1:0", "goal": "2999", "heuristic": "landmarks"}
        request(f"{url}api/sessions/{request(url + path, 'POST', warm)['session']}", "DELETE")
        time.sleep(1.5)
        base = rss_mb(pid)
        sessions = []
        for seed in (1, 2, 3):
            body: dict[str, Any] = {"start": f"road:{most}:{seed}:0", "goal": str(most - 1)}
            if seed == 3:  # and its landmarks, built in memory for the request
                body.update(heuristic="landmarks", landmarks=4)
            answer = request(url + path, "POST", body)
            assert answer["result"]["graph"]["nodes"] == most
            sessions.append(answer["session"])
        for session in sessions:
            request(f"{url}api/sessions/{session}", "DELETE")
        deadline = time.monotonic() + 10
        while rss_mb(pid) - base > 50 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert rss_mb(pid) - base <= 50, (base, rss_mb(pid))


# -- the workers -------------------------------------------------------------------------


def test_the_pool_refuses_once_every_worker_stays_busy_for_the_wait() -> None:
    pool = WorkPool(workers=1, wait_seconds=0.2)
    release = threading.Event()

    async def scenario() -> tuple[str, Overloaded]:
        async with anyio.create_task_group() as group:
            done: list[str] = []

            async def hold() -> None:
                done.append(await pool.run(lambda: "held" if release.wait(5) else "timeout"))

            group.start_soon(hold)
            await anyio.sleep(0.05)
            with pytest.raises(Overloaded) as refused:
                await pool.run(lambda: "never")
            release.set()
        return done[0], refused.value

    held, refused = anyio.run(scenario)
    assert held == "held" and refused.retry_after >= 1


def hold_workers(client: TestClient, count: int) -> list[threading.Thread]:
    """``count`` requests that keep a worker busy for one time slice each: a live
    24-queens search asked to run until a solution it will not reach."""
    sessions = [
        client.post("/api/domains/queens/search", json={"start": "24"}).json()["session"]
        for _ in range(count)
    ]
    threads = [
        threading.Thread(
            target=client.get,
            args=(f"/api/sessions/{session}/events",),
            kwargs={"params": {"from": 0, "until": "solution"}},
        )
        for session in sessions
    ]
    for thread in threads:
        thread.start()
    time.sleep(0.3)  # every one has its worker (or is waiting for one)
    return threads


def test_a_search_that_finds_every_worker_busy_is_told_to_retry() -> None:
    with make_client(max_concurrent_searches=1, queue_seconds=0.3, slice_seconds=2.0) as client:
        threads = hold_workers(client, 1)
        began = time.perf_counter()
        reply = client.post("/" + SOLVE, json=EASY)
        waited = time.perf_counter() - began
        assert reply.status_code == 429, reply.text
        assert int(reply.headers["retry-after"]) >= 1
        assert set(reply.json()) == {"error", "field"} and "busy" in reply.json()["error"]
        assert 0.25 < waited < 1.5
        for thread in threads:
            thread.join()
        assert client.post("/" + SOLVE, json=EASY).status_code == 200


@pytest.fixture
def busy_client() -> Iterator[TestClient]:
    """A server as `searchlab serve` runs it (its thread switch interval), whose shared
    thread pool (files, light work) has only 2 threads, as many as its search workers:
    when searches ran on that pool, they took every one."""
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    limits = {"max_concurrent_searches": 2, "queue_seconds": 1.0, "slice_seconds": 2.0}
    try:
        with make_client(**limits) as client:
            assert client.portal is not None

            def shrink() -> None:
                anyio.to_thread.current_default_thread_limiter().total_tokens = 2

            client.portal.call(shrink)
            yield client
    finally:
        sys.setswitchinterval(switch)


def test_light_requests_do_not_queue_behind_searches(busy_client: TestClient) -> None:
    threads = hold_workers(busy_client, 3)  # two computing, one waiting for a worker
    try:
        for path in ("/", "/static/js/api.js", "/static/style.css", "/api/options"):
            began = time.perf_counter()
            assert busy_client.get(path).status_code == 200
            assert time.perf_counter() - began < 0.75, path
    finally:
        for thread in threads:
            thread.join()
