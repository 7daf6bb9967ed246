"""A Prolog query in the viewer: the API that starts it and serves its ports as a
session's events, the .pl source of every Prolog problem, the files a request may
name (only those the server was started with), and the page stepping seed 002's
program as the course's applet did (Debian's chromium through Playwright)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, served
from prolog_support import JUGS, require_swipl, write_pl
from starlette.testclient import TestClient
from test_prolog_query import SEED_002
from test_web_browser import browser, expect, viewer  # noqa: F401 - browser is a fixture

from searchlab.domains.prolog import load_prolog
from searchlab.web import create_app
from searchlab.web.limits import WebLimits
from searchlab.web.prolog_queries import read_program

require_swipl()

BASE = "http://127.0.0.1"


def starts_of(path: Path, name: str) -> list[int]:
    """The lines of ``path`` where a clause of ``name`` starts (read from the text)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [number for number, line in enumerate(lines, 1) if line.startswith(f"{name}(")]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    jugs = load_prolog(JUGS)
    app = create_app(domains=[jugs], programs=[read_program(SEED_002, "seed")])
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client
    jugs.close()


def events(client: TestClient, session: str, start: int, **more: Any) -> dict[str, Any]:
    reply = client.get(f"/api/sessions/{session}/events", params={"from": start, **more})
    assert reply.status_code == 200, reply.text
    page: dict[str, Any] = reply.json()
    return page


def test_the_options_list_every_prolog_file_with_its_clauses(client: TestClient) -> None:
    programs = {item["name"]: item for item in client.get("/api/options").json()["prolog"]}
    assert set(programs) == {"water-jugs", "seed"}
    assert programs["water-jugs"]["search"] and not programs["seed"]["search"]
    assert programs["seed"]["source"] == SEED_002.read_text(encoding="utf-8")
    for name in ("construct_solution", "find_solution", "noattack"):
        assert programs["seed"]["clauses"][f"{name}/{3 if name == 'noattack' else 2}"] == (
            starts_of(SEED_002, name)
        )
    assert programs["water-jugs"]["clauses"]["s/3"] == starts_of(JUGS, "s")


def test_a_query_is_a_session_of_ports_then_answers(client: TestClient) -> None:
    reply = client.post("/api/prolog/seed/query", json={"query": "nqueens(5, P)"})
    assert reply.status_code == 200, reply.text
    started = reply.json()
    assert started["variables"] == ["P"]
    first = events(client, started["session"], 0, max=4)
    assert [event["port"] for event in first["events"]] == ["call", "unify", "call", "unify"]
    assert first["events"][1]["line"] == starts_of(SEED_002, "nqueens")[0]
    assert first["next"] == 4 and not first["done"]
    answer = events(client, started["session"], 4, max=50, until="solution")
    last = answer["events"][-1]
    assert last["kind"] == "answer" and last["bindings"] == [["P", "[4,2,5,3,1]"]]
    assert last["drawing"]["kind"] == "grid" and last["drawing"]["cells"].count("Q") == 5
    assert answer["skipped"] > 0 and len(answer["events"]) == 50
    refused = client.get(f"/api/sessions/{started['session']}/events", params={"from": 3})
    assert refused.status_code == 409  # in order only: the page keeps what it was given
    assert client.delete(f"/api/sessions/{started['session']}").status_code == 200


def test_a_query_runs_to_its_last_answer(client: TestClient) -> None:
    session = client.post("/api/prolog/seed/query", json={"query": "nqueens(5, P)"}).json()
    start, answers = 0, []
    while True:
        page = events(client, session["session"], start, max=2000)
        answers += [event for event in page["events"] if event["kind"] == "answer"]
        start = page["next"]
        if page["done"]:
            break
    assert len(answers) == 10 and page["status"] == "exhausted"


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        ({"query": "nqueens(5, P"}, "query", "Syntax error"),
        ({"query": "nqueen(5, P)"}, "query", "nqueen/2, which is not defined"),
        ({}, "query", "write a query"),
        ({"query": "true", "file": "/etc/passwd"}, "file", "only its text"),
        ({"query": "x" * 3000}, "query", "at most 2,000 characters"),
    ],
)
def test_a_bad_query_is_refused_by_its_field(
    client: TestClient, body: dict[str, Any], field: str, says: str
) -> None:
    reply = client.post("/api/prolog/seed/query", json=body)
    assert reply.status_code == 400
    assert reply.json()["field"] == field and says in reply.json()["error"]


@pytest.mark.parametrize(
    "name", ["nope", "..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd.pl", "seed.pl"]
)
def test_only_the_files_the_server_was_started_with_may_be_queried(
    client: TestClient, name: str
) -> None:
    reply = client.post(f"/api/prolog/{name}/query", json={"query": "true"})
    assert reply.status_code == 404  # a name, never a path: none names a program
    assert "root:" not in reply.text


def test_a_query_that_raises_ends_with_its_error(client: TestClient) -> None:
    session = client.post("/api/prolog/seed/query", json={"query": "X is foo + 1"}).json()
    page = events(client, session["session"], 0)
    assert page["done"] and page["status"] == "error"
    assert "raised an error" in page["message"]


def test_the_help_shows_the_pl_source_of_a_prolog_problem(client: TestClient) -> None:
    """Before, the help showed the Python wrapper (PrologProblem) as the problem's code."""
    sources = client.get("/api/source/water-jugs", params={"algorithm": "astar"}).json()
    last = sources["sources"][-1]
    assert last["file"] == "water_jugs.pl" and last["code"] == JUGS.read_text(encoding="utf-8")
    assert all("PrologProblem" not in item["name"] for item in sources["sources"])


def test_serve_refuses_a_pl_file_that_does_not_load(tmp_path: Path, run_cli: RunCli) -> None:
    broken = write_pl(tmp_path, "p(X :- q.\n", "broken.pl")
    run = run_cli("serve", "--port", "0", "--problem", broken)
    assert run.code == 2 and "broken.pl:1" in run.stderr  # one that does not load: refused


# -- the page --------------------------------------------------------------------------


def test_seed_002_steps_like_the_applet(browser: Any) -> None:  # noqa: F811
    with (
        served("--problem", str(SEED_002), "--problem", str(JUGS)) as address,
        viewer(browser, address["url"]) as page,
    ):
        tab = page.locator("#tab-seed002-nqueens-prolog")
        expect(tab).to_have_text("seed002_nqueens.pl · query")
        tab.click()
        prefix = "#pq-seed002-nqueens"
        page.fill(f"{prefix}-query", "construct_solution(4, P), find_solution(P, [1,2,3,4])")
        page.click(f"{prefix}-run")
        status = page.locator(f"{prefix}-status")
        expect(status).to_contain_text("Port 1 (depth 1) — Call: Prolog calls construct_solution")
        page.click(f"{prefix}-step")  # unify: clause 2 of construct_solution/2, its line
        expect(status).to_contain_text("Unify: the head of clause 2 of construct_solution/2")
        running = page.locator(f"{prefix}-source .source-line.running")
        line = starts_of(SEED_002, "construct_solution")[1]
        expect(running.first).to_have_attribute("data-line", str(line))
        expect(running).to_have_count(2)  # the clause runs over two lines
        page.check(f"{prefix}-stable")  # as the applet: stable boards only
        boards = []
        for _ in range(5):
            page.click(f"{prefix}-step")
            expect(page.locator(f"{prefix}-board .grid")).to_be_visible()
            boards.append(page.locator(f"{prefix}-bindings dd").first.text_content())
        blank = re.compile(r"_\d+")
        # the empty board, then the seed's walk-through: [3,1] placed (figure 1), the
        # third queen cannot be, so the second moves: [4,1] (figure 2), then the third
        assert [blank.sub("_", text or "") for text in boards] == [
            "[_,_,_,_]",
            "[_,_,_,1]",
            "[_,_,3,1]",
            "[_,_,4,1]",
            "[_,2,4,1]",
        ]
        page.click(f"{prefix}-next")
        expect(status).to_contain_text("Answer 1: P = [3,1,4,2]")
        page.click(f"{prefix}-next")
        expect(status).to_contain_text("Answer 2: P = [2,4,1,3]")
        expect(page.locator(f"{prefix}-answers li")).to_have_count(2)
        page.click(f"{prefix}-next")
        expect(status).to_contain_text("no more answers")
        page.click(f"{prefix}-back")  # back through what was shown
        expect(status).not_to_contain_text("no more answers")
        shown = status.text_content() or ""
        port = re.match(r"Port (\d+) ", shown)
        assert port is not None, shown
        expect(page).to_have_url(re.compile(rf"step={port[1]}\b"))
        page.reload()  # the address holds the moment: the query, the port
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        expect(status).to_have_text(shown)
        expect(page.locator(f"{prefix}-stable")).to_be_checked()

        page.locator("#tab-water-jugs-generic").click()  # a search shows its source too
        page.click("#gn-water-jugs-run")
        page.click("#gn-water-jugs-step")
        expect(page.locator("#gn-water-jugs-status")).to_contain_text("Expansion 1")
        # jugs(0,0) has two successors: fill the big jug (clause 1), fill the small (2)
        lit = page.locator("#view-water-jugs-generic .source-line.running")
        starts = starts_of(JUGS, "s")
        expect(lit).to_have_count(2)
        expect(lit.first).to_have_attribute("data-line", str(starts[0]))
        expect(lit.last).to_have_attribute("data-line", str(starts[1]))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_query_tab_has_no_serious_accessibility_violation(
    browser: Any,  # noqa: F811
    scheme: str,
) -> None:
    from test_web_accessibility import blocking_violations

    with served("--problem", str(SEED_002)) as address, viewer(browser, address["url"]) as page:
        page.emulate_media(color_scheme=scheme)
        page.locator("#tab-seed002-nqueens-prolog").click()
        prefix = "#pq-seed002-nqueens"
        page.fill(f"{prefix}-query", "nqueens(5, P)")
        page.click(f"{prefix}-run")
        for _ in range(40):
            page.click(f"{prefix}-step")
        expect(page.locator(f"{prefix}-status")).to_contain_text("Port 41")
        page.locator(".prolog-help summary").click()
        assert blocking_violations(page, f"the query tab ({scheme})") == []


def test_two_files_of_one_name_are_refused(tmp_path: Path, run_cli: RunCli) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        write_pl(tmp_path / folder, "p(1).\n", "same.pl")
    run = run_cli(
        "serve", "--port", "0", "--problem", str(tmp_path / "a" / "same.pl"),
        "--problem", str(tmp_path / "b" / "same.pl"),
    )  # fmt: skip
    assert run.code == 2 and "two Prolog files are called 'same'" in run.stderr


LONG = "numlist(1, 30, L), construct_solution(30, P), find_solution(P, L)"
"""Seed 002's program on 30 queens: its first answer takes far longer than a test."""


def test_a_query_stops_at_the_viewers_limits() -> None:
    """A query that never answers is stopped as a live search is: at its ports, then
    at its time (both made small here)."""
    program = read_program(SEED_002, "seed")
    for limits, says in (
        (WebLimits(live_max_expanded=30), "limit of 30 ports"),
        (WebLimits(live_budget_seconds=0.5, slice_seconds=0.2), "time limit (0.5 s"),
    ):
        with TestClient(create_app(limits, programs=[program]), base_url=BASE) as client:
            started = client.post("/api/prolog/seed/query", json={"query": LONG})
            session, start = started.json()["session"], 0
            for _ in range(100):
                page = events(client, session, start, max=20, until="solution")
                start = page["next"]
                if page["done"]:
                    break
            assert page["status"] == "limit_reached" and says in page["message"]
            assert start <= limits.live_max_expanded
