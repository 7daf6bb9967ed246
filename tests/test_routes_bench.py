"""The routes benchmark runs (quick: 40,000 nodes) and checks every peer's costs itself;
its peers are optional, and a missing one is said so."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import python

ROOT = Path(__file__).resolve().parent.parent


def test_the_routes_benchmark_runs_quick_and_reports_its_targets() -> None:
    run = python(
        "-m", "benchmarks", "--quick", "--only", "routes", "--runs", "1", "--no-write", "--json",
        cwd=ROOT,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    payload = json.loads(run.stdout)
    titles = [section["title"] for section in payload["sections"]]
    assert titles == [
        "Routes: loading a road-like graph of 40,000 nodes",
        "Routes: random queries on the 40,000-node road graph",
    ]
    queries = payload["sections"][1]
    assert [row[0] for row in queries["rows"][:3]] == [
        "compiled Dijkstra",
        "compiled A* (straight line)",
        "compiled ALT (16 landmarks)",
    ]
    targets = [target["target"] for target in payload["targets"]]
    assert any("load the 40,000-node graph" in target for target in targets)
    notes = " ".join(queries["notes"])
    assert ("networkx" in notes) and ("SciPy" in notes)
