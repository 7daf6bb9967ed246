"""A domain from outside searchlab, registered only through the `searchlab.domains`
entry-point group, reaches every front end with no other file edited."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import assert_refused, run_searchlab
from plugins import install


@pytest.fixture
def toy_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose Python finds the toy module (plugins.py) and its entry point
    (a dist-info folder on the path is all `importlib.metadata` needs)."""
    return install(tmp_path, {"searchlab.domains": {"toy": "toy:TOY"}})


def test_the_toy_domain_is_listed_in_the_help(toy_env: dict[str, str]) -> None:
    run = run_searchlab("--help", env=toy_env)
    assert run.returncode == 0, run.stderr
    assert "toy" in run.stdout and "walk down a number line" in run.stdout
    own = run_searchlab("toy", "solve", "--help", env=toy_env)
    assert "searchlab toy solve 5" in own.stdout and "--heuristic" in own.stdout


def test_the_toy_domain_solves_with_json(toy_env: dict[str, str]) -> None:
    run = run_searchlab("toy", "solve", "short", "--json", env=toy_env)
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["domain"] == "toy" and document["solved"] is True
    assert document["cost"] == 3 and document["optimal"] is True  # half is admissible
    assert document["moves"] == ["-2", "-3"]
    assert document["run"]["heuristic"] == "half"
    text = run_searchlab("toy", "solve", "5", "--show-path", env=toy_env)
    assert ". . . . . o" in text.stdout  # its own drawing, in the terminal
    refused = run_searchlab("toy", "solve", "x", env=toy_env)
    assert_refused(refused, says="not a whole number: 'x'")


def test_a_broken_plugin_is_reported_not_fatal(toy_env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "toy.py").write_text("raise RuntimeError('broken on purpose')\n")
    run = run_searchlab("--help", env=toy_env)
    assert run.returncode == 0
    assert "the domain 'toy'" in run.stderr and "broken on purpose" in run.stderr
    assert "puzzle" in run.stdout  # the others still there
