"""An algorithm from outside searchlab, registered only through the
`searchlab.algorithms` entry-point group (tests/plugins.py: depth-limited search),
reaches every front end with no other file edited: `searchlab algorithms`, `solve -a`
of a domain that offers any search, the viewer's API, and `experiment compare`.

Independent facts used: Bratko's example schedule has seven tasks, so every schedule of
it is seven moves (a path of eight states), and a depth limit below seven finds none;
AIMA's Romania, Arad to Bucharest, is three moves at the fewest (Sibiu, Fagaras)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_refused, run_searchlab, served
from plugins import install

from searchlab.domains.scheduling.parse import example_instance

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TASKS = len(example_instance().tasks)


@pytest.fixture
def toy_env(tmp_path: Path) -> dict[str, str]:
    """searchlab with the toy package installed, declaring depth-limited search."""
    return install(tmp_path, {"searchlab.algorithms": {"depth-limited": "toy:DEPTH_LIMITED"}})


def test_the_example_schedule_has_seven_tasks() -> None:
    assert TASKS == 7  # Bratko's t1..t7: the facts below rest on it


def test_it_is_listed_with_what_it_declares(toy_env: dict[str, str]) -> None:
    text = run_searchlab("algorithms", env=toy_env)
    assert text.returncode == 0 and text.stderr == "", text.stderr
    assert "depth-limited: depth-first search down to a depth limit" in text.stdout
    assert "--depth-limit (also dls)" in text.stdout
    listed = json.loads(run_searchlab("algorithms", "--json", env=toy_env).stdout)
    row = next(row for row in listed["algorithms"] if row["name"] == "depth-limited")
    assert row == {
        "name": "depth-limited",
        "aliases": ["dls"],
        "title": "Depth-limited search",
        "summary": "depth-first search down to a depth limit",
        "family": "tree",
        "frontier": "path",
        "heuristic": False,
        "promise": "none",
        "every_solution": False,
        "local": False,
        "random": False,
        "needs": None,
        "options": ["depth_limit"],
    }
    alone = json.loads(run_searchlab("algorithms", "--json").stdout)  # not installed
    assert "depth-limited" not in [row["name"] for row in alone["algorithms"]]


def test_a_domain_offering_any_search_solves_with_it(toy_env: dict[str, str]) -> None:
    help_text = run_searchlab("schedule", "solve", "--help", env=toy_env).stdout
    assert "--depth-limit" in help_text and "default 20" in help_text  # from its signature
    found = run_searchlab("schedule", "solve", "example", "-a", "dls", "--json", env=toy_env)
    assert found.returncode == 0, found.stderr
    document = json.loads(found.stdout)
    assert document["run"]["algorithm"] == "depth-limited"
    assert document["solved"] is True and document["length"] == TASKS
    assert document["optimal"] is False  # it promises nothing
    short = run_searchlab(
        "schedule", "solve", "example", "-a", "depth-limited", "--depth-limit",
        str(TASKS - 1), "--json", env=toy_env,
    )  # fmt: skip
    assert json.loads(short.stdout)["status"] == "exhausted"
    refused = run_searchlab(
        "schedule", "solve", "example", "-a", "depth-limited", "--depth-limit", "-1",
        env=toy_env,
    )  # fmt: skip
    assert_refused(refused, says="depth-limit must be 0 or more")
    routed = run_searchlab(
        "run", str(EXAMPLES / "romania.py"), "-a", "depth-limited", "--depth-limit", "3",
        "--json", env=toy_env,
    )  # fmt: skip
    assert routed.returncode == 0, routed.stderr
    assert json.loads(routed.stdout)["length"] == 3  # the fewest moves Arad-Bucharest


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as reply:
        return json.load(reply)


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as reply:
        return json.load(reply)


def test_the_viewer_offers_it_and_searches_with_it(tmp_path: Path) -> None:
    points = {"depth-limited": "toy:DEPTH_LIMITED", "heavy": "toy:CLASHING"}
    with served(env=install(tmp_path, {"searchlab.algorithms": points})) as address:
        options = _get(address["url"] + "api/options")
        assert any("'heavy' is left out" in error for error in options["load_errors"])
        schedule = next(d for d in options["domains"] if d["name"] == "schedule")
        offered = {item["name"]: item for item in schedule["algorithms"]}
        item = offered["depth-limited"]
        assert (item["title"], item["family"], item["frontier"]) == (
            "Depth-limited search",
            "tree",
            "path",
        )
        assert [option["name"] for option in item["options"]] == ["depth_limit"]
        assert item["options"][0]["default"] == 20
        url = address["url"] + "api/domains/schedule/search"
        answer = _post(url, {"start": "example", "algorithm": "depth-limited"})
        assert answer["run"]["algorithm"] == "depth-limited"
        assert answer["result"]["solved"] is True and answer["result"]["length"] == TASKS
        # the page explains it as its declaration says: a tree search along one path
        assert answer["teaching"]["family"] == "tree"
        assert answer["teaching"]["frontier"] == "path"
        assert answer["teaching"]["title"] == "Depth-limited search"
        short = _post(url, {"start": "example", "algorithm": "dls", "depth_limit": TASKS - 1})
        assert short["result"]["solved"] is False


def test_experiment_compare_runs_it(toy_env: dict[str, str]) -> None:
    done = run_searchlab(
        "experiment", "compare", "schedule", "--algorithm", "depth-limited,bfs", "--json",
        env=toy_env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    rows = {row["algorithm"]: row for row in report["rows"]}
    assert set(rows) == {"depth-limited", "bfs"}
    assert rows["depth-limited"]["solved"] == rows["bfs"]["solved"] == 1


def test_a_plugin_taking_a_name_or_an_options_name_is_left_out_and_said(tmp_path: Path) -> None:
    points = {"aaa": "toy:TAKEN", "heavy": "toy:CLASHING", "depth-limited": "toy:DEPTH_LIMITED"}
    env = install(tmp_path, {"searchlab.algorithms": {**points, "gone": "toy:NOT_THERE"}})
    listed = run_searchlab("algorithms", "--json", env=env)
    assert listed.returncode == 0
    rows = {row["name"]: row for row in json.loads(listed.stdout)["algorithms"]}
    assert rows["astar"]["summary"] == "A*: f = g + h, graph search"  # searchlab's own kept
    assert "depth-limited" in rows and "heavy" not in rows
    assert "toy:TAKEN" in listed.stderr and "taken" in listed.stderr
    assert "'heavy' is left out: the option weight means another thing" in listed.stderr
    assert "the algorithm 'gone' (toy:NOT_THERE) failed to load" in listed.stderr
    solved = run_searchlab("puzzle", "solve", "a", "-a", "weighted-astar", "--json", env=env)
    assert json.loads(solved.stdout)["run"]["weight"] == 2.0  # weighted A*'s, untouched
