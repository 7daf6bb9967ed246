"""A user's problem in the viewer (``searchlab serve --problem``), whose code runs on the
server's worker threads, where no SIGALRM arrives (issue 26): a successors() or a
heuristic that never returns is stopped at the run's time limit and the request names
it; a call stuck in C, which nothing stops, is answered anyway and its worker counted
busy until it returns."""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.domains import user
from searchlab.domains.user import load_problem
from searchlab.web import WebLimits, create_app

BASE = "http://127.0.0.1:8000"

ENDLESS = """
import time

class Endless:
    '''From 0 (or the start typed), a step up; at 1, successors() in the way MODE says.'''
    def __init__(self, mode):
        self.mode = mode
    initial = 0
    def successors(self, state):
        if state == 1 and self.mode == "spin":
            while True:
                pass
        if state == 1 and self.mode == "sleep":
            time.sleep(4)  # one call into C: no bytecode runs until it returns
        yield "up", state + 1, 1
    def is_goal(self, state):
        return state == 3
    def h(self, state):
        while self.mode == "h" and state == 1:
            pass
        return 3 - state

def problem(mode="spin"):
    return Endless(mode)
"""


def served(tmp_path: Path, mode: str, **limits: Any) -> TestClient:
    path = tmp_path / f"endless_{mode}.py"
    path.write_text(ENDLESS)
    domain = load_problem(str(path), {"mode": mode})
    return TestClient(create_app(WebLimits(**limits), domains=[domain]), base_url=BASE)


def answered(ask: Callable[[], Any], seconds: float = 60) -> Any:
    """``ask()``'s answer, or a failure (not a hung test) when it does not come."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(ask()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert result, f"no answer within {seconds} s"
    return result[0]


NEVER_RETURNING = [  # the problem's mode, the algorithm, and the call the answer names
    ("spin", "astar", "successors(1)"),
    ("spin", "bfs", "successors(1)"),
    ("h", "greedy", "the heuristic 'h' on 1"),
]


@pytest.mark.parametrize(("mode", "algorithm", "named"), NEVER_RETURNING)
def test_user_code_that_never_returns_is_stopped_and_named(
    tmp_path: Path, mode: str, algorithm: str, named: str
) -> None:
    """Before: the request never answered, and its worker spun for ever."""
    with served(tmp_path, mode, run_seconds=0.5) as client:
        name = f"endless-{mode}"
        reply = answered(
            lambda: client.post(f"/api/domains/{name}/search", json={"algorithm": algorithm})
        )
        assert reply.status_code == 422, reply.text
        assert f"{named} did not return within 0.5 s" in reply.json()["error"]
        # the worker is free again: a search that ends is answered as ever
        fine = client.post(f"/api/domains/{name}/search", json={"start": "2"})
        assert fine.status_code == 200 and fine.json()["result"]["status"] == "solved"


def test_a_live_search_stuck_in_the_users_code_ends_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a live (depth-first) search has no time limit of its own: each step has one
    monkeypatch.setattr(user, "UNATTENDED_SECONDS", 0.5)
    with served(tmp_path, "spin") as client:
        live = client.post("/api/domains/endless-spin/search", json={"algorithm": "dfs"})
        assert live.status_code == 200, live.text
        session = live.json()["session"]
        page = answered(
            lambda: client.get(f"/api/sessions/{session}/events", params={"from": 0}).json()
        )
        assert page["done"] and page["status"] == "error", page
        assert "successors(1) did not return within 0.5 s" in page["message"]


def test_a_call_stuck_in_c_is_answered_and_its_worker_counted_busy(tmp_path: Path) -> None:
    """Before: the request waited for the call (here 4 s; for sum(range(10**13)), hours)."""
    limits = {"run_seconds": 0.3, "abandon_seconds": 1.0, "max_concurrent_searches": 1,
              "queue_seconds": 0.1}  # fmt: skip
    with served(tmp_path, "sleep", **limits) as client:
        started = time.monotonic()
        reply = answered(lambda: client.post("/api/domains/endless-sleep/search", json={}))
        assert reply.status_code == 503, reply.text
        assert "successors() is stuck in one call" in reply.json()["error"]
        # the one worker is still in that call: the server says it is busy, not that it
        # computes on a thread it does not have
        busy = client.post("/api/domains/endless-sleep/search", json={"start": "2"})
        if time.monotonic() - started < 3.5:  # the call has not returned yet
            assert busy.status_code == 429, busy.text
        time.sleep(max(0.0, started + 4.5 - time.monotonic()))
        fine = client.post("/api/domains/endless-sleep/search", json={"start": "2"})
        assert fine.status_code == 200, fine.text
