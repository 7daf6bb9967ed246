"""Every request inside its budget: a generated graph past the request's memory or
seconds is refused before it is built, with the figure; set-up (the graph, the
landmarks) counts against the run's seconds; landmarks and a puzzle's tables are built
in memory, never written to the user's cache, and tables past the budget not at all;
and a large graph is not kept once the request is done."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.core import allowance
from searchlab.core.resources import size_text
from searchlab.domains.puzzle.kernels import pdb
from searchlab.domains.registry import get_domain
from searchlab.domains.routes import generate, kernel, library
from searchlab.domains.routes.caps import BUILD_BYTES
from searchlab.web import WebLimits, create_app

BASE = "http://127.0.0.1:8000"
SMALL = 40 * 2**20
"""A build allowance small enough to test around: road:N up to N = SMALL / 500."""


def client_with(**limits: Any) -> TestClient:
    return TestClient(create_app(WebLimits(**limits)), base_url=BASE)


@pytest.fixture
def small() -> Iterator[TestClient]:
    with client_with(max_build_bytes=SMALL, keep_build_bytes=2**20) as client:
        yield client


def route(client: TestClient, start: str, goal: str = "5", **more: Any) -> Any:
    return client.post("/api/domains/route/search", json={"start": start, "goal": goal, **more})


def never_built(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("built a graph past the allowance")

    monkeypatch.setattr(library, "road_graph", refuse)
    monkeypatch.setattr(library, "maze", refuse)
    monkeypatch.setattr(library, "rooms", refuse)


def test_a_graph_past_the_memory_is_refused_before_it_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """road:2000000 took 32 s of set-up and 2 GB; now a 400 at once, with the figures."""
    never_built(monkeypatch)
    with client_with() as client:
        most = WebLimits().max_build_bytes // BUILD_BYTES["road"]
        for start in ("road:2000000:1:0", "maze:4000:4000:1,1", "rooms:8192:8192:1,1"):
            reply = route(client, start)
            assert reply.status_code == 400, reply.text
            answer = reply.json()
            assert (
                answer["field"] == "start" and "the viewer builds at most 256 MB" in answer["error"]
            )
        assert f"road:N up to N = {most:,}" in route(client, "road:2000000:0").json()["error"]
        figure = f"would take some {size_text(2_000_000 * BUILD_BYTES['road'])} to build"
        assert figure in route(client, "road:2000000:0").json()["error"]
        drawn = client.post("/api/domains/route/map", json={"start": "road:2000000:1:0"})
        assert drawn.status_code == 400 and "256 MB" in drawn.json()["error"]


def test_the_cap_follows_the_servers_limits(small: TestClient) -> None:
    most = SMALL // BUILD_BYTES["road"]
    assert route(small, f"road:{most}:1:0").status_code == 200
    refused = route(small, f"road:{most + 1}:1:0")
    assert refused.status_code == 400 and f"up to N = {most:,}" in refused.json()["error"]


def test_the_command_line_builds_any_size() -> None:
    """No allowance outside a request: the library's own caps only."""
    assert allowance.current() is None
    graph, _ = library.load_graph(f"road:{SMALL // BUILD_BYTES['road'] + 1}:3")
    assert graph.n == SMALL // BUILD_BYTES["road"] + 1


def test_set_up_counts_against_the_runs_seconds(
    small: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A graph whose building took the whole run leaves the search no time: it stops at
    the viewer's limit (it was given its full seconds after any set-up)."""
    library._LOADED.clear()
    solved = route(small, "road:4000:2:0", "3999").json()
    assert solved["result"]["status"] == "solved"
    real = generate.road_graph

    def slow(n: int, seed: int = 0) -> Any:
        graph = real(n, seed)
        spent = allowance.current()
        assert spent is not None
        spent.started -= spent.seconds  # as if building had taken the run's seconds
        return graph

    monkeypatch.setattr(library, "road_graph", slow)
    stopped = route(small, "road:4000:5:0", "3999").json()  # another seed: built again
    assert stopped["result"]["status"] == "limit_reached"
    assert stopped["stopped"] == "stopped after 5 s, the viewer's limit per run"


def test_landmarks_stop_once_they_have_taken_the_runs_seconds(
    small: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = kernel.distances_from
    calls: list[int] = []

    def slow(*args: Any) -> Any:
        calls.append(1)
        spent = allowance.current()
        assert spent is not None
        spent.started -= spent.seconds
        return real(*args)

    monkeypatch.setattr(kernel, "distances_from", slow)
    reply = route(small, "road:4000:1:0", "3999", heuristic="landmarks", landmarks=16)
    assert reply.status_code == 400 and reply.json()["field"] == "landmarks"
    assert "building the landmarks took more than the viewer's 5 s" in reply.json()["error"]
    assert len(calls) <= 2  # stopped after the first table, not after sixteen


def test_too_many_landmarks_for_the_memory_are_refused_up_front(
    small: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kernel, "distances_from", None)  # never reached
    reply = route(small, "road:60000:1:0", "59999", heuristic="landmarks", landmarks=64)
    assert reply.status_code == 400 and reply.json()["field"] == "landmarks"
    assert "64 landmarks on 60,000 nodes would take some" in reply.json()["error"]


def test_no_request_writes_the_users_cache(
    small: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each road:N request wrote its landmarks (128 MB for two million nodes) into the
    user's cache; the command line still keeps them there."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(cache))
    for _ in range(2):
        reply = route(small, "road:3000:9:0", "2999", heuristic="landmarks")
        assert reply.status_code == 200 and reply.json()["result"]["status"] == "solved"
    assert not cache.exists() or list(cache.rglob("*")) == []
    domain = get_domain("route")
    request = domain.request("road:3000:9:0", goal="2999", heuristic="landmarks")
    domain.prepare(request)
    assert len(list(cache.rglob("*.npz"))) == 1


def test_a_large_graph_is_let_go_after_its_request(small: TestClient) -> None:
    library._LOADED.clear()
    assert route(small, "road:100:4:0", "99").status_code == 200
    assert route(small, "road:50000:4:0", "49999").status_code == 200  # ~5 MB: past 1 MB kept
    kept = {key[0] for key in library._LOADED}
    assert "road:100:4" in kept and "road:50000:4" not in kept


@pytest.fixture
def no_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache, and no tables in memory."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(cache))
    pdb.forget_loaded()
    yield cache
    pdb.forget_loaded()


def test_tables_past_the_budget_are_refused_before_they_are_built(
    no_tables: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pdb-6666 for a named 5×5 goal was built by a request: some 770 MB, ten minutes."""

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("built tables past the budget")

    monkeypatch.setattr(pdb, "build_table", refuse)
    board = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 _ 24"
    with client_with() as client:
        body = {"start": board, "goal": "standard", "heuristic": "pdb-6666", "algorithm": "ida"}
        reply = client.post("/api/domains/puzzle/search", json=body)
    assert reply.status_code == 400 and reply.json()["field"] == "heuristic", reply.text
    said = r"building the pdb-6666 databases would take some \d{3} MB and \d+ minutes, past"
    assert re.search(said, reply.json()["error"]), reply.text


def test_tables_a_request_builds_stay_out_of_the_cache(no_tables: Path) -> None:
    board = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 _ 15"
    with client_with() as client:
        body = {"start": board, "goal": "standard", "heuristic": "pdb-555", "algorithm": "ida"}
        reply = client.post("/api/domains/puzzle/search", json=body)
    assert reply.status_code == 200 and reply.json()["result"]["status"] == "solved"
    assert not no_tables.exists() or list(no_tables.rglob("*")) == []
