"""The web viewer's API through Starlette's test client: answers checked against facts
computed here independently (brute-force N-queens, puzzle moves, attack counts)."""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, sessions_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.domains.queens.board import SEED_CASES, parse_board
from searchlab.domains.queens.climb import climb
from searchlab.domains.registry import get_domain
from searchlab.web import WebLimits, create_app
from searchlab.web.eventlog import EventLog
from searchlab.web.searches import start_search
from searchlab.web.sessions import SessionGone, SessionStore
from searchlab.web.sources import LiveSearch, RecordedRun

CASE_1 = "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]"
CASE_4 = "[(1,1),(2,1),(3,1),(4,1),(5,1),(6,1),(7,1),(8,1)]"
START_B = "[2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3]"
START_C = "[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]"
BRATKO_GOAL = [1, 2, 3, 8, 0, 4, 7, 6, 5]
FIFTEEN_NEAR = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15"  # one move from standard
BASE = "http://127.0.0.1:8000"  # a name the server answers to (not the client's testserver)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=BASE) as test_client:
        yield test_client


def make_client(**limits: Any) -> TestClient:
    return TestClient(create_app(WebLimits(**limits)), base_url=BASE)


def brute_force_queens(n: int) -> list[list[int]]:
    """Every placement of n non-attacking queens, by trying all permutations."""
    return [
        list(perm)
        for perm in itertools.permutations(range(1, n + 1))
        if all(abs(perm[i] - perm[j]) != j - i for i in range(n) for j in range(i + 1, n))
    ]


def attacks_summed(queens: list[list[int]]) -> int:
    """Seed 000's h2, written out here: for each queen, the queens it attacks."""
    total = 0
    for (r1, c1), (r2, c2) in itertools.permutations(queens, 2):
        if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
            total += 1
    return total


SEARCH = "/api/domains/{}/search"
QUEENS, PUZZLE = SEARCH.format("queens"), SEARCH.format("puzzle")


def start_backtrack(client: TestClient, n: int) -> str:
    reply = client.post(QUEENS, json={"start": str(n)})
    assert reply.status_code == 200, reply.text
    assert reply.json()["live"] and reply.json()["run"]["algorithm"] == "dfs"
    session: str = reply.json()["session"]
    return session


def live_source(client: TestClient, session: str) -> LiveSearch:
    source = sessions_of(client).get(session).source
    assert isinstance(source, LiveSearch)
    return source


def pull(client: TestClient, session: str, start: int, **params: Any) -> dict[str, Any]:
    reply = client.get(f"/api/sessions/{session}/events", params={"from": start, **params})
    assert reply.status_code == 200, reply.text
    page: dict[str, Any] = reply.json()
    return page


def all_solutions(client: TestClient, session: str) -> tuple[list[list[int]], dict[str, Any]]:
    """Ask "next solution" until the page says there are no more."""
    found: list[list[int]] = []
    start = 0
    while True:
        page = pull(client, session, start, until="solution", max=5)
        start = page["next"]
        solutions = [e for e in page["events"] if e["kind"] == "solution"]
        found += [event["path"][-1] for event in solutions]
        if page["done"]:
            assert not solutions or page["events"][-1]["kind"] != "solution"
            return found, page


# -- backtracking ------------------------------------------------------------------------


def test_next_solution_continues_the_same_search_and_says_when_there_are_no_more(
    client: TestClient,
) -> None:
    session = start_backtrack(client, 4)
    first = pull(client, session, 0, until="solution", max=2000)
    assert first["events"][-1]["kind"] == "solution"
    assert first["events"][-1]["path"][-1] == [2, 4, 1, 3]
    second = pull(client, session, first["next"], until="solution", max=2000)
    assert second["events"][0]["i"] == first["next"]  # resumed, not restarted
    assert second["events"][-1]["path"][-1] == [3, 1, 4, 2]
    last = pull(client, session, second["next"], until="solution", max=2000)
    assert last["done"] and last["status"] == "exhausted"
    assert "no more solutions" in last["message"]
    assert all(event["kind"] != "solution" for event in last["events"])
    again = pull(client, session, last["next"], until="solution")
    assert again["done"] and again["events"] == [] and "no more" in again["message"]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6])
def test_every_solution_arrives_once_in_lexicographic_order(client: TestClient, n: int) -> None:
    found, page = all_solutions(client, start_backtrack(client, n))
    assert found == brute_force_queens(n)  # itertools.permutations is lexicographic too
    assert page["status"] == "exhausted"


def test_small_pages_give_the_same_stream_as_one_big_page() -> None:
    with make_client(max_page_events=7) as small, make_client() as big:
        events_small: list[dict[str, Any]] = []
        session, start = start_backtrack(small, 5), 0
        while True:
            page = pull(small, session, start, max=7)
            assert len(page["events"]) <= 7
            events_small += page["events"]
            start = page["next"]
            if page["done"]:
                break
        session, start, events_big = start_backtrack(big, 5), 0, []
        while True:
            page = pull(big, session, start, max=2000)
            events_big += page["events"]
            start = page["next"]
            if page["done"]:
                break
    assert events_small == events_big
    assert [event["i"] for event in events_big] == list(range(len(events_big)))
    kinds = {event["kind"] for event in events_big}
    assert kinds == {"expand", "generate", "prune", "backtrack", "solution"}
    # every refused square is really attacked by a queen above it
    for event in events_big:
        if event["kind"] == "prune":
            *above, col = event["state"]
            row = len(above) + 1
            assert any(c == col or abs(c - col) == row - r for r, c in enumerate(above, start=1)), (
                event
            )
    solutions = [event["path"][-1] for event in events_big if event["kind"] == "solution"]
    assert solutions == brute_force_queens(5)
    assert events_big[-1]["c"][4] == 10  # the running count of solutions


def test_a_page_asked_past_the_page_cap_is_refused(client: TestClient) -> None:
    session = start_backtrack(client, 4)
    reply = client.get(f"/api/sessions/{session}/events", params={"from": 0, "max": 10**6})
    assert reply.status_code == 400
    assert reply.json()["field"] == "max"


def test_running_until_a_solution_keeps_the_last_events_and_counts_the_rest(
    client: TestClient,
) -> None:
    session = start_backtrack(client, 8)
    page = pull(client, session, 0, until="solution", max=10)
    assert len(page["events"]) == 10
    assert page["skipped"] + 10 == page["next"]
    assert page["events"][-1]["path"][-1] == brute_force_queens(8)[0]


def test_the_expansion_limit_stops_a_live_search_with_a_message() -> None:
    with make_client(live_max_expanded=50) as client:
        session = start_backtrack(client, 8)
        page = pull(client, session, 0, until="solution", max=2000)
    assert page["done"] and page["status"] == "limit_reached"
    assert "50" in page["message"]
    assert all(event["kind"] != "solution" for event in page["events"])
    assert page["events"][-1]["c"][0] <= 50


def test_a_request_returns_when_its_time_slice_ends() -> None:
    # n = 24 takes far longer than a 0.05 s slice to reach its first solution
    with make_client(slice_seconds=0.05) as client:
        session = start_backtrack(client, 24)
        page = pull(client, session, 0, until="solution", max=100)
        assert not page["done"]
        assert all(event["kind"] != "solution" for event in page["events"])
        following = pull(client, session, page["next"], max=3)
        assert following["events"][0]["i"] == page["next"]


def test_a_search_past_its_time_budget_says_so() -> None:
    with make_client(slice_seconds=0.05, live_budget_seconds=0.1) as client:
        session = start_backtrack(client, 24)
        start = 0
        page: dict[str, Any] = {"done": False}
        for _ in range(100):
            page = pull(client, session, start, until="solution", max=10)
            start = page["next"]
            if page["done"]:
                break
    assert page["done"] and page["status"] == "limit_reached"
    assert "time budget" in page["message"]
    assert "searchlab queens solve 24" in page["message"]  # where to go on from here


def test_viewers_have_their_own_searches(client: TestClient) -> None:
    one, two = start_backtrack(client, 4), start_backtrack(client, 4)
    a1 = pull(client, one, 0, until="solution")
    b1 = pull(client, two, 0, until="solution")
    a2 = pull(client, one, a1["next"], until="solution")
    b2 = pull(client, two, b1["next"], until="solution")
    assert [p["events"][-1]["path"][-1] for p in (a1, b1, a2, b2)] == [
        [2, 4, 1, 3],
        [2, 4, 1, 3],
        [3, 1, 4, 2],
        [3, 1, 4, 2],
    ]


def test_viewers_in_threads_each_get_every_solution() -> None:
    results: dict[int, list[list[int]]] = {}
    with make_client() as client:

        def watch(index: int) -> None:
            results[index] = all_solutions(client, start_backtrack(client, 6))[0]

        threads = [threading.Thread(target=watch, args=(index,)) for index in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert results == {index: brute_force_queens(6) for index in range(4)}


def test_asking_out_of_order_is_a_conflict(client: TestClient) -> None:
    session = start_backtrack(client, 4)
    pull(client, session, 0, max=5)
    reply = client.get(f"/api/sessions/{session}/events", params={"from": 0})
    assert reply.status_code == 409
    assert "at 5" in reply.json()["error"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"start": "0"}, "start", "from 1 to 1,000"),
        ({"start": "65"}, "start", "too large for dfs (at most 64)"),
        ({"start": "four"}, "start", ""),
        ({"start": 4}, "start", "must be text"),
        ({"start": True}, "start", "must be text"),
        ({"start": ""}, "start", "type a start"),
        ({"start": "8", "algorithm": "astar"}, "algorithm", "does not offer"),
    ],
)
def test_bad_board_sizes_are_refused(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    reply = client.post(QUEENS, json=body)
    assert reply.status_code == 400
    assert reply.json()["field"] == field
    assert words in reply.json()["error"] and reply.json()["error"]


def test_a_body_that_is_not_a_json_object_is_refused(client: TestClient) -> None:
    for raw in (b"{", b"[1, 2]", b"\xff"):
        reply = client.post(QUEENS, content=raw, headers={"content-type": "application/json"})
        assert reply.status_code == 400
        assert "JSON" in reply.json()["error"]
    huge = client.post(QUEENS, json={"start": "1," * 20000})
    assert huge.status_code == 413 and "too large" in huge.json()["error"]


def test_unknown_and_expired_sessions_say_so() -> None:
    with make_client(max_sessions=2) as client:
        first = start_backtrack(client, 4)
        start_backtrack(client, 4)
        start_backtrack(client, 4)  # drops the least recently used: the first
        reply = client.get(f"/api/sessions/{first}/events", params={"from": 0})
        assert reply.status_code == 404
        assert "press Start again" in reply.json()["error"]
        assert len(sessions_of(client)) == 2


def test_idle_sessions_expire_and_their_search_ends() -> None:
    now = [0.0]
    store = SessionStore(max_sessions=10, idle_seconds=60, clock=lambda: now[0])
    started = start_search(get_domain("queens"), {"start": "6"}, WebLimits(), registered=True)
    live = started.source
    assert isinstance(live, LiveSearch)
    live.pull(0, 10, until_solution=False, seconds=5)  # the search is under way
    assert not live.done
    kept = store.add("queens", live, {})
    now[0] = 61.0
    with pytest.raises(SessionGone):
        store.get(kept.id)
    assert live.done and live.status == "cancelled"  # its generator closed and let go


def live_search(client: TestClient, session: str) -> LiveSearch:
    """The live search behind a backtracking session, once it has started."""
    pull(client, session, 0, max=10)
    source = live_source(client, session)
    assert not source.done
    return source


def test_idle_sessions_are_reaped_even_when_nobody_asks_again() -> None:
    with make_client(idle_seconds=0.2) as client:
        source = live_search(client, start_backtrack(client, 12))
        store = sessions_of(client)
        for _ in range(100):  # the server's reaper, not a request, ends it
            if not len(store):
                break
            time.sleep(0.1)
        assert len(store) == 0
        assert source.done and source.status == "cancelled"


def test_server_shutdown_ends_every_live_search() -> None:
    with make_client() as client:
        sources = [live_search(client, start_backtrack(client, n)) for n in (10, 12, 14)]
    assert all(source.done and source.status == "cancelled" for source in sources)


def test_a_pull_computes_nothing_past_the_solution_asked_for(client: TestClient) -> None:
    """The live search is the engine's event generator, advanced only by requests: after
    running until 8-queens' first solution (event 1,858), the engine has expanded and
    generated exactly what the page was told (a thread once ran on to 31,640), and
    stepping on shows every attempt, one event per request."""
    session = start_backtrack(client, 8)
    source = live_source(client, session)
    page = pull(client, session, 0, until="solution", max=10)
    last = page["events"][-1]
    assert last["kind"] == "solution" and page["next"] == last["i"] + 1 == 1858
    stats = source.stream.stats
    assert (stats.expanded, stats.generated) == (last["c"][0], last["c"][1])
    assert sum(last["c"]) == page["next"]  # every event computed was delivered or skipped
    kinds = []
    for start in range(page["next"], page["next"] + 40):
        step = pull(client, session, start, max=1)
        (event,) = step["events"]
        assert event["i"] == start
        assert (stats.expanded, stats.generated) == (event["c"][0], event["c"][1])
        kinds.append(event["kind"])
    assert kinds[0] == "backtrack"  # the retreat from the solution, then the next attempts
    assert {"generate", "prune", "backtrack", "expand"} <= set(kinds)


# -- hill climbing -----------------------------------------------------------------------

RANDOM = "/api/domains/queens/random"


def climb_events(client: TestClient, body: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    reply = client.post(QUEENS, json={"algorithm": "hill-climbing", **body})
    assert reply.status_code == 200, reply.text
    info = reply.json()
    assert not info["live"]
    events: list[Any] = []
    start = 0
    while True:
        page = pull(client, info["session"], start)
        events += page["events"]
        start = page["next"]
        if page["done"]:
            return info, events


@pytest.mark.parametrize("index", range(8))
@pytest.mark.parametrize("moves", ["column", "free"])
def test_climbs_from_the_document_cases_are_true_to_their_states(
    client: TestClient, index: int, moves: str
) -> None:
    text = str(SEED_CASES[index])
    body = {"start": text, "moves": moves, "heuristic": "attacks", "tie_break": "last"}
    if moves == "column" and index in (3, 5, 6):  # cases 4, 6, 7: not one queen per column
        reply = client.post(QUEENS, json=body)
        assert reply.status_code == 400
        assert reply.json()["field"] == "start"
        assert "one queen per column" in reply.json()["error"]
        assert "--moves" not in reply.json()["error"]  # the page has no command-line options
        assert "choose free for moves" in reply.json()["error"]
        return
    info, events = climb_events(client, body)
    steps = [event for event in events if event["kind"] == "step"]
    queens = info["run"]["start"]
    assert queens == [list(square) for square in SEED_CASES[index].queens]
    h = attacks_summed(queens)
    result = info["result"]
    assert result["h_start"] == h
    if info["origin"] is not None:  # a solved start is never expanded
        assert info["origin"]["state"] == queens and info["origin"]["h"] == h
    for step in steps:
        assert step["state"] == queens
        changed = [i for i, (a, b) in enumerate(zip(queens, step["next"], strict=True)) if a != b]
        assert len(changed) == 1  # one queen moved
        assert step["move"] == [queens[changed[0]], step["next"][changed[0]]]
        assert step["value"] == attacks_summed(step["next"]) < h  # strictly better
        queens, h = step["next"], step["value"]
    assert result["final"] == queens and result["h_final"] == h
    assert result["solved"] == (h == 0)
    assert result["status"] == ("solved" if h == 0 else "local_optimum")
    expected = climb(SEED_CASES[index], moves=moves, heuristic="attacks", tie_break="last")
    assert result["length"] == len(expected.moves)


def test_a_climb_ends_as_the_command_line_says(client: TestClient, run_cli: RunCli) -> None:
    info, _ = climb_events(client, {"start": CASE_1})
    cli = run_cli("queens", "solve", CASE_1, "--algorithm", "hill-climbing", "--json")
    said = json.loads(cli.stdout)
    for key in ("status", "final", "length", "h_start", "h_final", "moves", "path"):
        assert info["result"][key] == said[key], key
    expected = climb(parse_board(CASE_1))  # the domain's defaults, as the page's
    assert info["result"]["status"] == str(expected.status)
    assert info["run"]["heuristic"] == said["run"]["heuristic"] == "attacks"
    verdict = "a solution" if expected.solved else "not a solution (local minimum)"
    assert verdict in info["description"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"start": ""}, "start", "type a start, or choose a named one (case1"),
        ({"start": "[(1,1),(9,9)]"}, "start", ""),
        ({"start": "hello"}, "start", ""),
        ({"start": CASE_4, "moves": "column"}, "start", "one queen per column"),
        ({"start": CASE_1, "moves": "teleport"}, "moves", "choose one of"),
        ({"start": CASE_1, "heuristic": "h9"}, "heuristic", "choose one of"),
        ({"start": CASE_1, "sideways": -1}, "sideways", "0 or more"),
        ({"start": CASE_1, "restarts": 10**6}, "restarts", "at most 1,000"),
        ({"start": CASE_1, "weight": 2}, "weight", "does not apply to the algorithm"),
        ({"start": CASE_1, "algorithm": "dfs"}, "algorithm", "does not offer"),
        ({"start": CASE_1, "colour": "red"}, None, "no field 'colour'"),
    ],
)
def test_bad_climbs_are_refused_with_the_field_named(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    reply = client.post(QUEENS, json={"algorithm": "hill-climbing", **body})
    assert reply.status_code == 400
    assert reply.json()["field"] == field
    assert words in reply.json()["error"] and reply.json()["error"]


def test_random_boards_parse_back_and_fit_the_operator(client: TestClient) -> None:
    reply = client.post(RANDOM, json={"size": 10, "moves": "column", "seed": 3})
    board = parse_board(reply.json()["start"])
    assert board.n == 10 and reply.json()["size"] == 10
    assert sorted(col for _, col in board.queens) == list(range(1, 11))
    too_large = client.post(RANDOM, json={"size": 1001})  # the domain's own cap
    assert too_large.status_code == 400 and too_large.json()["field"] == "size"
    unknown = client.post(RANDOM, json={"size": 4, "n": 4})
    assert unknown.status_code == 400 and "no field 'n'" in unknown.json()["error"]


def test_a_climb_with_random_choices_repeats_from_the_seed_it_reports(
    client: TestClient,
) -> None:
    body = {"start": str(SEED_CASES[1]), "moves": "free", "tie_break": "random", "restarts": 5}
    first, first_events = climb_events(client, body)
    seed = first["run"]["seed"]
    assert 0 <= seed < 2**31  # short enough to type back
    again, again_events = climb_events(client, {**body, "seed": seed})
    assert again["run"]["seed"] == seed
    assert again_events == first_events
    assert again["result"]["final"] == first["result"]["final"]
    assert again["description"] == first["description"]
    # and the run is the domain's own climb with that seed
    expected = climb(SEED_CASES[1], moves="free", tie_break="random", restarts=5, seed=seed)
    assert first["result"]["length"] == len(expected.moves)
    assert first["result"]["final"] == [list(square) for square in expected.final_state]


def test_a_random_board_repeats_from_its_seed(client: TestClient) -> None:
    one = client.post(RANDOM, json={"size": 9, "moves": "free"}).json()
    two = client.post(RANDOM, json={"size": 9, "moves": "free", "seed": one["seed"]})
    assert two.json()["start"] == one["start"]


@pytest.mark.parametrize("seed", [-1, 2**53, "abc", 1.5, [1]])
def test_bad_seeds_are_refused_next_to_the_field(client: TestClient, seed: Any) -> None:
    reply = client.post(QUEENS, json={"start": CASE_1, "seed": seed})
    assert reply.status_code == 400
    assert reply.json()["field"] == "seed"


def test_climbs_past_the_run_cap_stop_at_the_limit() -> None:
    with make_client(run_max_expanded=2) as client:
        info, events = climb_events(client, {"start": str(SEED_CASES[1]), "moves": "free"})
    assert info["result"]["status"] == "limit_reached"
    assert info["result"]["limit"] == "max_expanded" and info["run"]["max_expanded"] == 2
    assert "stopped at the max-expanded limit" in info["description"]
    assert "2 expansions" in info["limit_note"]
    assert len([e for e in events if e["kind"] == "step"]) <= 2


# -- sliding puzzle ----------------------------------------------------------------------


def blank_neighbours(tiles: list[int]) -> list[list[int]]:
    k = round(len(tiles) ** 0.5)
    blank = tiles.index(0)
    out = []
    for target in (blank - k, blank + k, blank - 1, blank + 1):
        if 0 <= target < len(tiles) and (target // k == blank // k or target % k == blank % k):
            swapped = list(tiles)
            swapped[blank], swapped[target] = swapped[target], 0
            out.append(swapped)
    return out


def solve(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    reply = client.post(PUZZLE, json=body)
    assert reply.status_code == 200, reply.text
    info: dict[str, Any] = reply.json()
    return info


@pytest.mark.parametrize(("start", "length"), [(START_B, 5), (START_C, 18)])
def test_the_document_positions_are_solved_at_their_lengths(
    client: TestClient, start: str, length: int
) -> None:
    info = solve(client, {"start": start, "algorithm": "astar", "heuristic": "manhattan"})
    path = info["result"]["path"]
    assert len(path) - 1 == info["result"]["length"] == length  # fig. 12.7: (b) 5, (c) 18
    assert path[-1] == BRATKO_GOAL == info["run"]["goal"]
    assert info["run"]["engine"] == "generic"  # the viewer records events: never the kernel
    for before, after in itertools.pairwise(path):
        assert after in blank_neighbours(before)
    page = pull(client, info["session"], 0, max=2000)
    expands = [event for event in page["events"] if event["kind"] == "expand"]
    assert expands[0]["state"] == path[0] == info["run"]["start"]
    assert all(event["f"] == event["g"] + event["h"] for event in expands)
    assert expands[-1]["c"][0] == info["result"]["stats"]["expanded"]
    assert info["description"].startswith(f"solved in {length} moves (shortest)")


def test_bratko_best_first_with_his_heuristic_solves_b(client: TestClient) -> None:
    info = solve(client, {"start": START_B, "algorithm": "best-first", "heuristic": "bratko"})
    assert len(info["result"]["moves"]) == 5
    assert info["result"]["optimal"] is False
    assert "not guaranteed shortest" in info["description"]


def test_a_search_past_the_run_cap_reports_the_limit() -> None:
    with make_client(run_max_expanded=10) as client:
        info = solve(client, {"start": START_C, "heuristic": "misplaced"})
    assert info["result"]["status"] == "limit_reached"
    assert info["result"]["path"] is None and info["result"]["limit"] == "max_expanded"
    assert info["description"].startswith("limit reached (max-expanded) before a solution")
    assert "10 expansions" in info["limit_note"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"start": ""}, "start", "type a start, or choose a named one (a, b, c)"),
        ({"start": "1,2,3"}, "start", ""),
        ({"start": "1,2,3,4,5,6,8,7,0"}, "start", "unsolvable"),  # odd permutation
        ({"start": START_B, "goal": "1,2,3,4,0,5"}, "goal", ""),
        ({"start": START_B, "goal": "sideways"}, "goal", "unknown goal"),
        ({"start": START_B, "algorithm": "quantum"}, "algorithm", "choose one of"),
        ({"start": START_B, "algorithm": "dfs"}, "algorithm", "does not offer"),
        ({"start": START_B, "heuristic": "psychic"}, "heuristic", "choose one of"),
        ({"start": START_B, "heuristic": 3}, "heuristic", "must be text"),
        ({"start": START_B, "algorithm": "weighted-astar", "weight": 0}, "weight", "1 or more"),
        ({"start": START_B, "weight": 2}, "weight", "does not apply to the algorithm astar"),
        ({"start": ",".join(str(i) for i in range(121))}, "start", "11×11"),
        ({"start": START_B, "heuristic": "pdb-663"}, "heuristic", "4×4 boards only"),
        ({"start": START_B, "heuristic": "pdb-555"}, "heuristic", "4×4 boards only"),
        (  # a 4×4 goal of the user's own would cost a new set of databases: refused
            {"start": FIFTEEN_NEAR, "goal": FIFTEEN_NEAR, "heuristic": "pdb-663"},
            "heuristic",
            "standard and blank-first only",
        ),
        ({"start": START_B, "drawings": "yes"}, "drawings", "true or false"),
    ],
)
def test_bad_puzzles_are_refused_with_the_field_named(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    reply = client.post(PUZZLE, json=body)
    assert reply.status_code == 400, reply.text
    assert reply.json()["field"] == field
    assert words in reply.json()["error"] and reply.json()["error"]


def test_a_hint_is_phrased_as_a_choice_not_a_flag(client: TestClient, run_cli: RunCli) -> None:
    """The library's refusal with its hint (another goal that works): the command line
    says it as a flag, the page as the choice to make; the rest is the same words."""
    reply = client.post(PUZZLE, json={"start": "1,2,3,4,5,6,8,7,0", "goal": "standard"})
    assert reply.status_code == 400 and reply.json()["field"] == "start"
    message = reply.json()["error"]
    assert message.endswith(" (choose bratko for goal)") and "--" not in message
    cli = run_cli("puzzle", "solve", "1,2,3,4,5,6,8,7,0", "--goal", "standard")
    assert cli.code == 2
    said = cli.stderr.strip().removeprefix("searchlab: error: ")
    assert said.removesuffix(" (use --goal bratko)") == message.removesuffix(
        " (choose bratko for goal)"
    )


def test_recorded_runs_serve_until_a_solution() -> None:
    events = [{"kind": kind, "i": i} for i, kind in enumerate(["expand", "expand", "solution"])]
    run = RecordedRun(EventLog.of(events), "solved", "done")
    page = run.pull(0, 1, until_solution=True, seconds=1)
    assert json.loads(page.body())["events"] == events[2:] and page.skipped == 2 and page.done


# -- the page, its options and its source ----------------------------------------------------


def test_the_page_and_its_modules_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for module in re.findall(r'src="(/static/js/[a-z]+\.js)"', page.text):
        reply = client.get(module)
        assert reply.status_code == 200
        assert "javascript" in reply.headers["content-type"]
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/api/nothing").json()["error"].startswith("no such API path")


def test_nothing_in_the_page_comes_from_elsewhere() -> None:
    static = Path(__file__).parent.parent / "src" / "searchlab" / "web" / "static"
    imports: set[str] = set()
    for path in static.rglob("*"):
        if path.suffix in (".html", ".css", ".js"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(src|href|url)\s*[=(]\s*[\"']?(https?:)?//", text), path
            imports |= set(re.findall(r'from "\./([a-z]+\.js)"', text))
    assert imports <= {path.name for path in (static / "js").glob("*.js")}


def test_options_list_the_document_cases_and_positions(client: TestClient) -> None:
    options = {item["name"]: item for item in client.get("/api/options").json()["domains"]}
    assert list(options["queens"]["presets"].values()) == [str(case) for case in SEED_CASES]
    assert options["puzzle"]["presets"]["b"] == START_B
    assert options["queens"]["views"] == ["backtrack", "climb"]
    assert options["puzzle"]["views"] == ["puzzle"]


@pytest.mark.parametrize(
    ("query", "needle"),
    [
        ("queens?algorithm=dfs", "def last_queen_safe"),
        ("queens?algorithm=dfs", "def depth_first"),
        ("queens?algorithm=hill-climbing", "def hill_climbing"),
        ("puzzle", "def astar"),
        ("puzzle?algorithm=rbfs", "def rbfs"),
        ("schedule", "class SchedulingProblem"),
    ],
)
def test_the_source_shown_is_the_installed_code(
    client: TestClient, query: str, needle: str
) -> None:
    sources = client.get(f"/api/source/{query}").json()["sources"]
    assert any(needle in item["code"] for item in sources)
    root = Path(__file__).parent.parent / "src"
    for item in sources:
        code = (root / item["file"]).read_text(encoding="utf-8").splitlines(keepends=True)
        first = item["line"] - 1
        assert "".join(code[first : first + item["code"].count("\n")]) == item["code"]


def test_unknown_domains_and_algorithms_have_no_source(client: TestClient) -> None:
    assert client.get("/api/source/chess").status_code == 404
    assert client.get("/api/source/puzzle?algorithm=magic").json()["field"] == "algorithm"
    refused = client.get("/api/source/puzzle?algorithm=dfs")  # not offered, as in the CLI
    assert refused.status_code == 400 and "does not offer" in refused.json()["error"]
    missing = client.post("/api/domains/chess/search", json={"start": "e4"})
    assert missing.status_code == 404 and "queens, puzzle, schedule" in missing.json()["error"]


def attacking_pairs_of(queens: list[list[int]]) -> int:
    """The textbook's h, written out here: pairs of queens on one line."""
    return sum(
        1
        for (r1, c1), (r2, c2) in itertools.combinations(queens, 2)
        if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)
    )


GENETIC = {"algorithm": "genetic", "start": "8", "heuristic": "pairs", "population": "20"}


def test_a_genetic_search_answers_each_generation_and_a_climb_none(client: TestClient) -> None:
    reply = client.post(QUEENS, json={**GENETIC, "generations": "15", "seed": "5"})
    assert reply.status_code == 200, reply.text
    info = reply.json()
    population, result = info["population"], info["result"]
    count = result["stats"]["iterations"] + 1  # the first population, then each bred
    for key in ("best", "median", "worst", "h", "individuals"):
        assert len(population[key]) == count, key
    boards = population["individuals"]
    for best, h, board in zip(population["best"], population["h"], boards, strict=True):
        assert attacking_pairs_of(board) == h and best == 28 - h
    assert population["individuals"][-1] == result["final"]
    assert population["h"][-1] == result["h_final"]
    climb = client.post(QUEENS, json={"algorithm": "hill-climbing", "start": CASE_1}).json()
    assert "population" not in climb


def test_a_genetic_runs_boards_are_left_out_past_a_page_of_bytes() -> None:
    with make_client(max_page_bytes=2000) as small:
        info = small.post(QUEENS, json={**GENETIC, "generations": "100", "seed": "5"}).json()
    population = info["population"]
    count = info["result"]["stats"]["iterations"] + 1
    assert count > 40  # about 60 bytes a board: past 2,000 in all
    assert population["individuals"] is None
    assert len(population["best"]) == len(population["median"]) == count


def test_the_start_drawn_is_the_searchs_own_with_its_colours(client: TestClient) -> None:
    """With two colours the start's regions may each take two, not the map's default
    three (the viewer drew the domain's default CSP, as the command line did)."""
    body = {"start": "australia", "colours": "2", "algorithm": "min-conflicts"}
    drawn = client.post("/api/domains/map-colouring/search", json=body).json()["start_drawing"]
    assert {tuple(area["left"]) for area in drawn["areas"]} == {("red", "green")}


def test_help_panels_asked_at_once_never_parse_two_modules_together(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CPython 3.11's ``ast.parse`` fails in two threads at once ("AST constructor
    recursion depth mismatch", seen in CI when the accessibility test opened two help
    panels): the source panel reads classes one at a time."""
    import ast

    from searchlab.web import source_code

    parse = ast.parse
    inside = 0
    most = 0
    count = threading.Lock()

    def slow_parse(*args: Any, **kwargs: Any) -> Any:
        nonlocal inside, most
        with count:
            inside += 1
            most = max(most, inside)
        time.sleep(0.02)
        try:
            return parse(*args, **kwargs)
        finally:
            with count:
                inside -= 1

    monkeypatch.setattr(ast, "parse", slow_parse)
    source_code.source_of.cache_clear()
    names = ("searchlab.core.errors.InputError", "searchlab.domains.base.Domain")
    threads = [
        threading.Thread(target=source_code.source_of.__wrapped__, args=(names[i % 2],))
        for i in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    source_code.source_of.cache_clear()
    assert most == 1
