"""A domain from outside searchlab, registered only through the `searchlab.domains`
entry-point group, reaches every front end with no other file edited."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TOY = '''
"""A toy domain: slide a counter along a 1×N strip to its last cell."""

from searchlab.core.registry import Registry
from searchlab.domains.base import Domain, HeuristicSpec
from searchlab.domains.drawing import Grid


class Strip:
    def __init__(self, length, start):
        self.length, self.start = length, start

    @property
    def initial(self):
        return self.start

    def successors(self, state):
        if state + 1 < self.length:
            yield "right", state + 1, 1
        if state + 2 < self.length:
            yield "jump", state + 2, 1
        if state > 0:
            yield "left", state - 1, 1

    def is_goal(self, state):
        return state == self.length - 1


def _distance(problem):
    return lambda state: (problem.length - 1 - state + 1) // 2


HEURISTICS = Registry("heuristic")
HEURISTICS.add("jumps", HeuristicSpec("jumps", "jumps still needed", True, _distance))


class ToyDomain(Domain):
    name = "toy"
    title = "Toy strip"
    summary = "A toy strip: move a counter to the end by steps and jumps."
    notation = "the cell the counter starts on, e.g. 0"
    examples = ("0", "2 --algorithm bfs --json")
    presets = {"start": "0"}
    heuristics = HEURISTICS
    default_heuristic = "jumps"

    def parse(self, text):
        if not text.strip().isdigit():
            from searchlab.core.errors import InputError

            raise InputError(f"a cell is a number, not {text!r}")
        return int(text)

    def problem(self, request):
        return Strip(7, request.start)

    def draw(self, state, problem=None):
        return Grid(1, 7, tuple("o" if cell == state else "" for cell in range(7)))
'''

ENTRY_POINTS = "[searchlab.domains]\ntoy = toy:ToyDomain\n"


@pytest.fixture
def toy_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose Python finds the toy module and its entry point (a
    dist-info folder on the path is all `importlib.metadata` needs)."""
    (tmp_path / "toy.py").write_text(TOY)
    info = tmp_path / "toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def searchlab(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "searchlab", *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_toy_domain_is_listed_in_the_help(toy_env: dict[str, str]) -> None:
    run = searchlab(toy_env, "--help")
    assert run.returncode == 0, run.stderr
    assert "toy" in run.stdout and "A toy strip" in run.stdout
    own = searchlab(toy_env, "toy", "solve", "--help")
    assert "searchlab toy solve 0" in own.stdout and "--heuristic" in own.stdout


def test_the_toy_domain_solves_with_json(toy_env: dict[str, str]) -> None:
    run = searchlab(toy_env, "toy", "solve", "start", "--json")
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["domain"] == "toy" and document["solved"] is True
    assert document["cost"] == 3 and document["optimal"] is True  # jumps is admissible
    assert document["moves"] == ["jump", "jump", "jump"]
    assert document["run"]["heuristic"] == "jumps"
    text = searchlab(toy_env, "toy", "solve", "0", "--show-path")
    assert "o . . . . . ." in text.stdout  # its own drawing, in the terminal
    refused = searchlab(toy_env, "toy", "solve", "x")
    assert refused.returncode == 2 and "a cell is a number" in refused.stderr


def test_a_broken_plugin_is_reported_not_fatal(toy_env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "toy.py").write_text("raise RuntimeError('broken on purpose')\n")
    run = searchlab(toy_env, "--help")
    assert run.returncode == 0
    assert "the domain 'toy'" in run.stderr and "broken on purpose" in run.stderr
    assert "puzzle" in run.stdout  # the others still there
