"""The viewer iterates the registry: what it offers for each domain is read from the
descriptor, and is what the command line offers (the same algorithms, heuristics,
defaults, caps and refusals); a user's own problem is served beside the registered
domains; a start typed in the page reads no file on the server."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from conftest import RunCli

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.cli.main import cli as searchlab
from searchlab.core.errors import InputError
from searchlab.domains.drawing import to_json
from searchlab.domains.queens.board import SEED_CASES
from searchlab.domains.registry import domains, get_domain
from searchlab.domains.user import load_problem
from searchlab.web import WebLimits, create_app
from searchlab.web.catalog import option_json, param_json

BASE = "http://127.0.0.1:8000"
EXAMPLES = Path(__file__).parent.parent / "examples"
ROMANIA = str(EXAMPLES / "romania.py")


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=BASE) as test_client:
        yield test_client


def options_of(client: TestClient) -> dict[str, dict[str, Any]]:
    reply = client.get("/api/options")
    assert reply.status_code == 200
    return {entry["name"]: entry for entry in reply.json()["domains"]}


def search(client: TestClient, name: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/domains/{name}/search", json=body)


# -- the options are the descriptors ------------------------------------------------------


def test_the_options_list_every_registered_domain_from_its_descriptor(client: TestClient) -> None:
    offered = options_of(client)
    assert list(offered) == [domain.name for domain in domains()]
    for domain in domains():
        entry = offered[domain.name]
        assert entry["title"] == domain.title and entry["summary"] == domain.summary
        assert entry["notation"] == domain.notation and entry["help"] == domain.help
        assert entry["views"] == list(domain.views)
        assert entry["presets"] == dict(domain.presets)
        assert entry["goals"] == list(domain.goals) and entry["takes_goal"] == domain.takes_goal
        assert [item["name"] for item in entry["algorithms"]] == list(domain.algorithms)
        for item in entry["algorithms"]:
            info = ALGORITHMS[item["name"]]
            assert (item["summary"], item["informed"], item["promise"]) == (
                info.summary,
                info.informed,
                info.promise,
            )
            assert (item["local"], item["stream"], item["random"]) == (
                info.local,
                info.stream,
                info.random,
            )
            assert item["options"] == [option_json(option) for option in info.options]
        assert entry["default_algorithm"] == domain.default_algorithm
        assert entry["heuristics"] == [
            {"name": name, "summary": spec.summary, "admissible": spec.admissible}
            for name, spec in domain.heuristics.items()
        ]
        assert entry["default_heuristic"] == domain.default_heuristic
        assert entry["params"] == [  # a file of the server's (local) is never offered
            param_json(domain, option) for option in domain.params if not option.local
        ]
        assert entry["size"] == (None if domain.size is None else option_json(domain.size))
        assert entry["random"] == domain.has_random
        assert entry["sources"] == list(domain.sources)


def test_an_option_spec_carries_its_kind_default_choices_and_caps(client: TestClient) -> None:
    queens = options_of(client)["queens"]
    (moves,) = queens["params"]
    assert moves == {
        "name": "moves",
        "label": "moves",
        "kind": "choice",
        "summary": moves["summary"],
        "default": "column",
        "choices": ["column", "free"],
        "low": None,
        "high": None,
    }
    assert queens["size"]["high"] == 1000 and queens["size"]["default"] == 8
    climb = next(item for item in queens["algorithms"] if item["name"] == "hill-climbing")
    sideways = next(option for option in climb["options"] if option["name"] == "sideways")
    assert (sideways["kind"], sideways["default"], sideways["low"], sideways["high"]) == (
        "int",
        0,
        0,
        1000,
    )


def _one_of(help_text: str, flag: str) -> str:
    """The list after ``One of:`` in the help of ``flag`` (click wraps the lines)."""
    flat = " ".join(help_text.split()).replace("- ", "-")  # hill-climbing, wrapped
    match = re.search(re.escape(flag) + r" \S+ One of: (.*?)[.(]", flat)
    assert match, (flag, flat)
    return match.group(1).strip()


@pytest.mark.parametrize("name", ["queens", "puzzle", "schedule"])
def test_the_page_offers_what_the_command_line_offers(
    client: TestClient, run_cli: RunCli, name: str
) -> None:
    entry = options_of(client)[name]
    cli = run_cli(name, "solve", "--help")
    assert cli.code == 0
    flat = " ".join(cli.stdout.split()).replace("- ", "-")
    algorithms = [item["name"] for item in entry["algorithms"]]
    assert _one_of(cli.stdout, "--algorithm") == ", ".join(algorithms)
    assert f"(default {entry['default_algorithm']};" in flat
    heuristics = [
        item["name"] + ("" if item["admissible"] else " (not admissible)")
        for item in entry["heuristics"]
    ]
    assert f"One of: {', '.join(heuristics)}. Default: " in flat
    default = entry["default_heuristic"] or entry["default_heuristic_note"] or "the domain's"
    assert f"Default: {default}." in flat
    # every option the page can show (an algorithm's, the domain's) is a flag, and back
    shown = {option["label"] for item in entry["algorithms"] for option in item["options"]}
    shown |= {option["label"] for option in entry["params"]}
    context = click.Context(searchlab)
    group = searchlab.get_command(context, name)
    assert isinstance(group, click.Group)
    solve = group.get_command(context, "solve")
    assert solve is not None
    flags = {
        flag[2:]
        for param in solve.params
        if isinstance(param, click.Option) and not param.hidden
        for flag in param.opts
        if flag.startswith("--")
    }
    known = {"goal", "algorithm", "heuristic", "seed", "engine", "max-expanded", "max-seconds"}
    known |= {"all", "solutions", "next", "show-path", "trace-out", "json", "help"}
    known |= {"max-memory"}  # the command's budget; a request's is the server's allowance
    assert shown <= flags and flags - known == shown


CASES = [  # (domain, body for the page, arguments for `searchlab DOMAIN solve`)
    ("puzzle", {"start": "b", "algorithm": "dfs"}, ["b", "--algorithm", "dfs"]),
    ("puzzle", {"start": "b", "algorithm": "dfs"}, ["b", "-a", "depth-first"]),
    ("schedule", {"start": "example", "algorithm": "dfs"}, ["example", "--algorithm", "dfs"]),
    ("queens", {"start": "65"}, ["65"]),
    ("queens", {"start": "1001"}, ["1001"]),
    ("queens", {"start": str(SEED_CASES[0]), "algorithm": "bfs"}, [str(SEED_CASES[0]), "-a",
                                                                   "bfs"]),
    (
        "queens",
        {"start": "151", "algorithm": "hill-climbing", "moves": "free"},
        ["151", "--algorithm", "hill-climbing", "--moves", "free", "--engine", "generic"],
    ),
    (
        "puzzle",
        {"start": "b", "algorithm": "weighted-astar", "weight": 101},
        ["b", "--algorithm", "weighted-astar", "--weight", "101"],
    ),
    ("puzzle", {"start": "b", "weight": 3}, ["b", "--weight", "3"]),
    ("puzzle", {"start": "b", "heuristic": "bratko", "goal": "standard"},
     ["b", "-H", "bratko", "-g", "standard"]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "body", "args"), CASES)
def test_the_page_refuses_what_the_command_line_refuses_in_the_same_words(
    client: TestClient, run_cli: RunCli, name: str, body: dict[str, Any], args: list[str]
) -> None:
    """The domain checks both: the same refusal, worded for each (a flag on the command
    line, a choice on the page)."""
    reply = search(client, name, body)
    assert reply.status_code == 400, reply.text
    cli = run_cli(name, "solve", *args)
    assert cli.code == 2
    said = cli.stderr.strip().removeprefix("searchlab: error: ")
    said = re.sub(r" \(use --([a-z-]+) (\S+)\)$", r" (choose \2 for \1)", said)
    assert said.replace("--", "") == reply.json()["error"]


DEFAULTS = [  # (domain, body, arguments): the same defaults filled in
    ("puzzle", {"start": "b"}, ["b"]),
    ("puzzle", {"start": "b", "algorithm": "weighted-astar"}, ["b", "-a", "weighted-astar"]),
    ("puzzle", {"start": "b", "algorithm": "ida"}, ["b", "-a", "ida"]),
    ("queens", {"start": "6"}, ["6"]),
    ("queens", {"start": str(SEED_CASES[0])}, [str(SEED_CASES[0])]),
    ("queens", {"start": "8", "algorithm": "hill-climbing", "seed": 3},
     ["8", "-a", "hill-climbing", "--seed", "3"]),
    ("schedule", {"start": "example"}, ["example"]),
]  # fmt: skip
RUN_KEYS = ("algorithm", "heuristic", "weight", "moves", "tie_break", "sideways", "restarts")


@pytest.mark.parametrize(("name", "body", "args"), DEFAULTS)
def test_the_page_fills_in_the_defaults_the_command_line_fills_in(
    client: TestClient, run_cli: RunCli, name: str, body: dict[str, Any], args: list[str]
) -> None:
    reply = search(client, name, body)
    assert reply.status_code == 200, reply.text
    run = reply.json()["run"]
    cli = run_cli(name, "solve", *args, "--json")
    assert cli.code in (0, 1), cli.stderr
    said = json.loads(cli.stdout)["run"]
    for key in RUN_KEYS:
        assert run.get(key) == said.get(key), key
    assert run["start"] == said["start"] and run["goal"] == said["goal"]
    if "seed" in body:  # the same seed, the same climb
        assert reply.json()["result"]["final"] == json.loads(cli.stdout)["final"]


def test_a_random_start_is_the_one_the_command_line_draws(
    client: TestClient, run_cli: RunCli
) -> None:
    reply = client.post("/api/domains/puzzle/random", json={"size": 4, "seed": 11})
    cli = run_cli("puzzle", "random", "--size", "4", "--seed", "11", "--json")
    said = json.loads(cli.stdout)
    assert get_domain("puzzle").parse_start(reply.json()["start"]).tiles == tuple(said["start"])
    refused = client.post("/api/domains/schedule/random", json={})
    assert refused.status_code == 400 and "has no random starts" in refused.json()["error"]


# -- a user's own problem -----------------------------------------------------------------


def test_a_users_problem_is_served_beside_the_registered_domains(run_cli: RunCli) -> None:
    romania = load_problem(ROMANIA)
    with TestClient(create_app(domains=[romania]), base_url=BASE) as client:
        offered = options_of(client)
        assert list(offered) == [*(domain.name for domain in domains()), "romania"]
        entry = offered["romania"]
        assert entry["views"] == ["generic"] and entry["has_default_start"]
        assert entry["heuristics"][0]["name"] == "straight-line"
        assert entry["heuristics"][0]["admissible"]
        reply = search(client, "romania", {})
        assert reply.status_code == 200, reply.text
        document = reply.json()["result"]
        source = client.get("/api/source/romania").json()["sources"]
    cli = json.loads(run_cli("run", ROMANIA, "--json").stdout)
    for key in ("status", "cost", "path", "moves", "optimal"):
        assert document[key] == cli[key], key
    assert document["cost"] == 418
    assert any("class Romania" in item["code"] for item in source)


def test_two_problems_of_one_name_are_refused(run_cli: RunCli) -> None:
    with pytest.raises(InputError, match="two domains are called 'romania'"):
        create_app(domains=[load_problem(ROMANIA), load_problem(ROMANIA)])
    result = run_cli("serve", "--problem", ROMANIA, "--problem", ROMANIA, "--port", "0")
    assert result.code == 2 and "two domains are called 'romania'" in result.stderr
    result = run_cli("serve", "--problem", ROMANIA, "-p", "start=Nowhere", "--port", "0")
    assert result.code == 2 and "unknown start city 'Nowhere'" in result.stderr


BROKEN = '''
from searchlab.domains.drawing import Text


class Broken:
    """A problem whose code fails on some states."""

    initial = 0
    heuristics = {"h": lambda state: 0}

    def successors(self, state):
        if state == 3:
            raise KeyError(state)  # a bug in the user's code, three moves in
        yield "up", state + 1, 1
        if state == 5:
            yield "bad", [state], 1  # an unhashable state: breaks the protocol

    def is_goal(self, state):
        return state == 10

    def draw(self, state):
        return Text(str(1 / 0 if state == 2 else state))


def problem():
    return Broken()
'''


def test_a_users_problem_that_fails_is_a_422_or_a_refusal_never_a_500(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text(BROKEN)
    broken = load_problem(str(tmp_path / "broken.py"))
    with TestClient(create_app(domains=[broken]), base_url=BASE) as client:
        failed = search(client, "broken", {"algorithm": "greedy"})
        assert failed.status_code == 422, failed.text
        assert set(failed.json()) == {"error", "field"}
        assert "KeyError: 3 (broken.py, line 13)" in failed.json()["error"]
        refused = search(client, "broken", {"start": "5", "algorithm": "bfs"})
        assert refused.status_code == 400 and "unhashable state [5]" in refused.json()["error"]
        drawn = search(client, "broken", {"start": "2", "drawings": True})
        assert drawn.status_code == 422 and "ZeroDivisionError" in drawn.json()["error"]
        # a live search that fails says so on its last page, and stays answerable
        live = search(client, "broken", {"start": "1", "algorithm": "dfs"}).json()
        page = client.get(f"/api/sessions/{live['session']}/events", params={"from": 0}).json()
        assert page["done"] and page["status"] == "error" and "KeyError" in page["message"]
        assert client.get("/api/options").status_code == 200


# -- the server's own rules ---------------------------------------------------------------

INSTANCE = {"processors": 2, "tasks": {"a": {"duration": 3, "after": []}}}


def test_a_start_typed_in_the_page_reads_no_file(
    client: TestClient, run_cli: RunCli, tmp_path: Path
) -> None:
    """On the command line a schedule may be a file; in the page the text comes from
    whoever reaches it, so no file is opened while it is read (not /etc/passwd, not
    /dev/zero, which would never end), while the package's own example still is."""
    instance = tmp_path / "tasks.json"
    instance.write_text(json.dumps(INSTANCE))
    assert run_cli("schedule", "solve", str(instance)).code == 0
    for text in (str(instance), "/etc/passwd", "/dev/zero", "../../../../etc/hostname"):
        reply = search(client, "schedule", {"start": text})
        assert reply.status_code == 400, text
        assert reply.json() == {
            "error": "the viewer reads no files on the server: write the start itself in "
            "the field (or choose a named one)",
            "field": "start",
        }
    assert search(client, "schedule", {"start": "example"}).status_code == 200
    assert search(client, "schedule", {"start": json.dumps(INSTANCE)}).status_code == 200
    assert json.loads(instance.read_text()) == INSTANCE  # files open as ever elsewhere


def test_drawings_come_with_each_event_when_asked(client: TestClient) -> None:
    plain = search(client, "schedule", {"start": "example"}).json()
    assert "path_drawings" not in plain and "drawing" not in plain["origin"]
    drawn = search(client, "schedule", {"start": "example", "drawings": True}).json()
    domain = get_domain("schedule")
    assert len(drawn["path_drawings"]) == len(drawn["result"]["path"])
    problem = domain.problem(domain.request("example"))
    assert drawn["origin"]["drawing"] == to_json(domain.draw_after([], problem.initial, problem))
    # the schedule grows as a Gantt chart: the goal's has every task, one bar each
    goal = drawn["path_drawings"][-1]
    assert (goal["kind"], goal["end"], goal["waiting"]) == ("gantt", 24, [])
    placed = sorted(bar["label"] for bar in goal["bars"] if not bar["idle"])
    assert placed == sorted(drawn["run"]["start"]["tasks"])
    page = client.get(f"/api/sessions/{drawn['session']}/events", params={"from": 0}).json()
    for event in page["events"]:
        if event["kind"] == "expand":
            drawing = event["drawing"]
            assert drawing["kind"] == "gantt" and len(drawing["rows"]) == 3
            done = [bar["label"] for bar in drawing["bars"] if not bar["idle"]]
            assert len(done) + len(drawing["waiting"]) == 7  # every task placed or waiting
        elif event["kind"] == "solution":
            assert len(event["path_drawings"]) == len(event["path"])
    # a live search draws each placement as the domain does: a chess board, one Q a row
    live = search(client, "queens", {"start": "5", "drawings": True}).json()
    page = client.get(f"/api/sessions/{live['session']}/events", params={"max": 200}).json()
    for event in page["events"]:
        if event["kind"] == "expand":
            drawing = event["drawing"]
            assert (drawing["rows"], drawing["style"]) == (5, "chess")
            assert drawing["cells"].count("Q") == len(event["state"])


def test_drawings_cannot_make_an_answer_or_a_run_grow_without_bound() -> None:
    """A drawing is a few kB at most (a board past 64×64 is named, not drawn); a live
    page holds as many events as fit its bytes; a recorded run stops once it holds the
    sessions' whole budget, before it is stored, not after."""
    limits = {"run_max_expanded": 3, "max_page_bytes": 100_000}
    with TestClient(create_app(WebLimits(**limits)), base_url=BASE) as client:
        climb = {"algorithm": "hill-climbing", "seed": 1, "drawings": True}
        large = search(client, "queens", {"start": "65", **climb}).json()
        assert large["origin"]["drawing"] == {
            "kind": "text",
            "text": "(a 65×65 grid: too large to draw here)",
            "caption": "",
        }
        fits = search(client, "queens", {"start": "64", **climb}).json()
        assert fits["origin"]["drawing"]["kind"] == "grid"
        live = search(client, "queens", {"start": "20", "drawings": True}).json()
        url = f"/api/sessions/{live['session']}/events"
        first = client.get(url, params={"from": 0, "max": 2000})
        events = first.json()["events"]
        assert 10 < len(events) < 2000 and len(first.content) < 2 * 100_000
        following = client.get(url, params={"from": first.json()["next"], "max": 2000}).json()
        assert following["events"][0]["i"] == len(events)
    small = {"run_max_expanded": 4000, "max_session_bytes": 100_000}
    with TestClient(create_app(WebLimits(**small)), base_url=BASE) as client:
        heavy = {"start": "8 6 7/2 5 4/3 _ 1", "heuristic": "misplaced", "drawings": True}
        refused = search(client, "puzzle", heavy)
        assert refused.status_code == 400 and refused.json()["field"] == "algorithm"
        assert "98 kB of them: the viewer stops there" in refused.json()["error"]
