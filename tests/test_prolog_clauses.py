"""The clause of the successor relation that gave each successor, in the viewer: the
driver reports it with each answer (SWI-Prolog's own tracer says which clause exited),
the search's events carry it, the source beside the search highlights that one clause;
and `searchlab serve` names a Prolog file's relations as `searchlab prolog` does (seed
000's rainhas_v2.pl served with mover/3, --third value, climbs as its hill/2 does)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, served
from prolog_support import require_swipl, write_pl
from starlette.testclient import TestClient
from test_prolog_seeds import CASES, VERSIONS, hill_ends
from test_web_browser import browser, expect, viewer  # noqa: F401 - browser is a fixture

from searchlab.domains.prolog import load_prolog
from searchlab.domains.prolog.relations import Relations
from searchlab.web import create_app

require_swipl()

BASE = "http://127.0.0.1"

BRANCHES = """\
% Successors from different clauses; the cut in the third stops the fourth.
after(a, b, 1).
after(a, c, 1) :- true.
after(X, Y, 1) :-
    X == a, !,
    member(Y, [d, e]).
after(a, never, 1).
after(b, z, 1).
after(d, z, 1).
arrived(z).
start(a).
"""
"""after/3's clauses, counted from 1 in the order of the text: a gives b (clause 1),
c (clause 2), d and e (clause 3, whose cut leaves clause 4 untried); b and d give z
(clauses 5 and 6)."""

MADE_BY = {("a", "b"): 1, ("a", "c"): 2, ("a", "d"): 3, ("a", "e"): 3, ("b", "z"): 5}
"""Which clause gives each successor, read from the text above."""


def clause_starts(text: str, name: str) -> list[int]:
    """The lines where the clauses of ``name`` start (read from the text)."""
    lines = text.splitlines()
    return [number for number, line in enumerate(lines, 1) if line.startswith(f"{name}(")]


@pytest.fixture()
def branches(tmp_path: Path) -> str:
    return write_pl(tmp_path, BRANCHES, "branches.pl")


def test_each_successor_comes_with_the_clause_that_gave_it(branches: str) -> None:
    domain = load_prolog(branches, relations=Relations(successor="after", goal="arrived"))
    try:
        # the command line's search asks for no clause: its moves are plain texts
        plain = domain.search(domain.request("a", algorithm="breadth-first"))
        assert [type(move) for move in plain.moves] == [str, str]
        app = create_app(domains=[domain])
        with TestClient(app, base_url=BASE) as client:
            program = client.get("/api/options").json()["prolog"][0]
            assert program["relations"] == {
                "successor": "after/3",
                "goal": "arrived/1",
                "start": "start/1",
            }
            assert program["clauses"]["after/3"] == clause_starts(BRANCHES, "after")
            run = client.post(
                "/api/domains/branches/search", json={"algorithm": "breadth-first"}
            ).json()
            assert run["result"]["moves"] == ["b", "z"]  # a move is still its text alone
            page = client.get(f"/api/sessions/{run['session']}/events", params={"from": 0})
        expansions = [event for event in page.json()["events"] if event["kind"] == "expand"]
        first = expansions[0]
        assert first["state"] == "a"
        made = {(first["state"], child["state"]): child["clause"] for child in first["children"]}
        assert made == {key: value for key, value in MADE_BY.items() if key[0] == "a"}
        second = expansions[1]  # b gives z by clause 5
        assert second["state"] == "b"
        assert [child["clause"] for child in second["children"]] == [MADE_BY[("b", "z")]]
        with TestClient(app, base_url=BASE) as client:  # a search that says its via too
            run = client.post(
                "/api/domains/branches/search", json={"algorithm": "uniform-cost"}
            ).json()
            page = client.get(f"/api/sessions/{run['session']}/events", params={"from": 0})
        vias = {
            event["state"]: event["via"]["clause"]
            for event in page.json()["events"]
            if event["kind"] == "expand" and "via" in event
        }
        assert vias == {child: clause for (_, child), clause in MADE_BY.items() if child != "z"}
    finally:
        domain.close()


def test_a_climbs_step_says_its_clause(branches: str) -> None:
    climb = write_pl(
        Path(branches).parent,
        "down(N, M, 1) :- N > 0, M is N - 1.\ndown(N, M, 1) :- N > 5, M is N - 2.\nvalue(N, N).\n",
        "down.pl",
    )
    domain = load_prolog(climb, relations=Relations(successor="down"))
    try:
        with TestClient(create_app(domains=[domain]), base_url=BASE) as client:
            run = client.post(
                "/api/domains/down/search", json={"start": "7", "algorithm": "hill-climbing"}
            ).json()
            page = client.get(f"/api/sessions/{run['session']}/events", params={"from": 0})
        steps = [event for event in page.json()["events"] if event["kind"] == "step"]
        # 7 -> 5 (clause 2: minus two), 5 -> 4 (clause 1: clause 2 needs N > 5), ... -> 0
        assert [(step["next"], step["clause"]) for step in steps] == [
            ("5", 2),
            ("4", 1),
            ("3", 1),
            ("2", 1),
            ("1", 1),
            ("0", 1),
        ]
    finally:
        domain.close()


def get_json(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as reply:
        return json.loads(reply.read())


def test_serve_names_the_relations_of_seed_000s_file() -> None:
    oracle = hill_ends(VERSIONS[2])  # the printed v2 calls heuristica_1 in mover and hill
    options = ("--successor", "mover/3", "--third", "value", "--value", "heuristica_1/2")
    with served("--problem", str(VERSIONS[2]), *options) as address:
        url = address["url"]
        program = get_json(url + "api/options")["prolog"][0]
        assert program["relations"]["successor"] == "mover/3"
        for case, end in zip(CASES, oracle, strict=True):
            body = {
                "start": case,
                "algorithm": "hill-climbing",
                "heuristic": "value",
                "tie_break": "last",
            }
            run = get_json(url + "api/domains/rainhas-v2/search", body)
            assert run["result"]["path"][-1] == end, case


def test_serve_refuses_relation_names_without_a_prolog_file(branches: str, run_cli: RunCli) -> None:
    alone = run_cli("serve", "--port", "0", "--successor", "mover/3")
    assert alone.code == 2
    assert "--successor names a relation of a Prolog file: give a --problem FILE.pl" in alone.stderr
    missing = run_cli("serve", "--port", "0", "--problem", branches, "--successor", "mover/3")
    assert missing.code == 2 and "defines no mover/3" in missing.stderr


def test_the_source_highlights_the_one_clause_of_each_successor(
    branches: str,
    browser: Any,  # noqa: F811
) -> None:
    starts = clause_starts(BRANCHES, "after")
    with (
        served("--problem", branches, "--successor", "after/3", "--goal", "arrived/1") as address,
        viewer(browser, address["url"]) as page,
    ):
        page.locator("#tab-branches-generic").click()
        page.select_option("#gn-branches-algorithm", "bfs")
        page.click("#gn-branches-run")
        page.click("#gn-branches-step")  # the expansion of a: clauses 1, 2 and 3
        running = page.locator(".prolog-source .source-line.running")
        clause_3 = list(range(starts[2], starts[3]))  # its three lines
        expect(running).to_have_count(2 + len(clause_3))
        shown = [
            int(line) for line in running.evaluate_all("rows => rows.map(r => r.dataset.line)")
        ]
        assert shown == [starts[0], starts[1], *clause_3]  # not clause 4, after the cut
        page.click("#gn-branches-step")  # the expansion of b: clause 5 alone
        expect(running).to_have_count(1)
        expect(running).to_have_attribute("data-line", str(starts[4]))
        # iterative deepening's step at b also generates c, a's successor, after
        # backtracking: b's own successor's clause alone is lit
        page.select_option("#gn-branches-algorithm", "iterative-deepening")
        page.click("#gn-branches-run")
        steps = ("bound 0", "expand a", "bound 1", "expand a", "expand b")
        for _ in steps:
            page.click("#gn-branches-step")
        expect(page.locator("#gn-branches-status")).to_contain_text("Expansion 3")
        expect(running).to_have_count(1)
        expect(running).to_have_attribute("data-line", str(starts[4]))


def test_a_clause_of_a_file_it_loads_is_counted_but_not_lit(tmp_path: Path) -> None:
    """s/3's second clause lives in the file the served one loads: it counts in the
    clause numbers (the third is still the third) and has no line in this source."""
    write_pl(tmp_path, ":- multifile s/3.\ns(a, c, 1).\n", "more.pl")
    main = write_pl(
        tmp_path,
        ":- multifile s/3.\ns(a, b, 1).\n:- ensure_loaded(more).\ns(a, d, 1).\ngoal(d).\n",
        "main.pl",
    )
    domain = load_prolog(main)
    try:
        app = create_app(domains=[domain])
        with TestClient(app, base_url=BASE) as client:
            program = client.get("/api/options").json()["prolog"][0]
            assert program["clauses"]["s/3"] == [2, 0, 4]  # the lines of clauses 1, 2, 3
            run = client.post("/api/domains/main/search", json={"start": "a", "algorithm": "bfs"})
            page = client.get(f"/api/sessions/{run.json()['session']}/events")
            first = next(event for event in page.json()["events"] if event["kind"] == "expand")
            assert [(child["state"], child["clause"]) for child in first["children"]] == [
                ("b", 1),
                ("c", 2),
                ("d", 3),
            ]
            query = client.post("/api/prolog/main/query", json={"query": "s(a, X, _)"}).json()
            ports = client.get(f"/api/sessions/{query['session']}/events").json()["events"]
            exits = [(p["clause"], p["line"]) for p in ports if p.get("port") == "exit"]
            assert exits[:3] == [(1, 2), (2, None), (3, 4)]  # clause 2's line is more.pl's
    finally:
        domain.close()
