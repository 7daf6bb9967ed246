"""The page's words for a step (web/static/js/explain.js) come from what the run's
algorithm declares (its title and frontier, sent as ``info.teaching``), not from its
name: an algorithm nobody named gets the words of its kind. Run in Node, which loads
the page's ES modules as they are."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from searchlab.algorithms.registry import ALGORITHMS

EXPLAIN = Path(__file__).resolve().parents[1] / "src/searchlab/web/static/js/explain.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="Node runs the page's modules here")


def words(calls: str) -> Any:
    """What ``calls`` (a JS expression using entered, heldRow and fate) gives."""
    script = (
        f"import {{ entered, heldRow, fate }} from '{EXPLAIN.as_uri()}';\n"
        f"console.log(JSON.stringify({calls}));"
    )
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def declared(name: str) -> str:
    info = ALGORITHMS[name]
    return json.dumps({"title": info.title, "frontier": info.frontier})


def test_a_search_along_one_path_is_entered_depth_first_whoever_declares_it() -> None:
    plugin = json.dumps({"title": "Depth-limited search", "frontier": "path"})
    how, held, new = words(
        f"[entered({{f: 3}}, {plugin}), heldRow({{frontier: 4}}, {plugin}), "
        f"fate({{status: 'new'}}, {plugin})]"
    )
    assert how == {
        "how": "is entered depth-first",
        "why": "Depth-limited search keeps no frontier, only the path it is on.",
    }
    assert held is None and new == "entered: searched next"


def test_each_kind_of_frontier_has_its_own_words() -> None:
    ida, deepening, rbfs, astar = words(
        f"[entered({{f: 3, bound: 5}}, {declared('ida')}), "
        f"entered({{f: 3, bound: 2}}, {declared('iterative-deepening')}), "
        f"entered({{f: 3, limit: 7}}, {declared('rbfs')}), "
        f"entered({{f: 3}}, {declared('astar')})]"
    )
    assert ida["how"] == "is entered depth-first, as its f = 3 is within this round's bound 5"
    assert ida["why"] == "IDA* keeps no frontier, only the path it is on."
    assert deepening["how"] == "is entered depth-first, within this round's depth bound 2"
    assert rbfs["how"] == "is entered: the best successor, its f within the f-limit 7"
    assert rbfs["why"].endswith(
        "keeps no frontier, only the path it is on and the successors along it."
    )
    assert astar == {"how": "is taken from the frontier", "why": ""}
    held = words(
        f"[heldRow({{size: 9}}, {declared('rbfs')}), heldRow({{size: 9}}, {declared('astar')}), "
        f"fate({{status: 'refused', reason: 'closed', g: 1, known: 2}}, {declared('greedy')})]"
    )
    assert held == [
        ["successors held", "9"],
        ["frontier", "9"],
        "refused: reached before at g = 2, and Greedy best-first never re-opens a state",
    ]
