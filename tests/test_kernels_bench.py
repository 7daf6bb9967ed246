"""The benchmark suite's entry points run and report what they measured."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import Refused, RunCli, python

from benchmarks.bench_startup import build_takaken
from searchlab.cli.bench import source_tree

ROOT = Path(__file__).resolve().parent.parent


def test_quick_suite_prints_its_tables_as_json() -> None:
    run = python(
        "-m",
        "benchmarks",
        "--quick",
        "--only",
        "min-conflicts",
        "hill",
        "--no-write",
        "--json",
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    payload = json.loads(run.stdout)
    titles = [section["title"] for section in payload["sections"]]
    assert any("repair" in title for title in titles)
    assert any("Hill climbing" in title for title in titles)
    repair = next(s for s in payload["sections"] if "repair" in s["title"])
    assert [row[0] for row in repair["rows"]] == ["10,000", "100,000"]
    assert all(row[3].startswith("passed") for row in repair["rows"])
    assert "numba" in " ".join(payload["machine"]) or "python" in " ".join(payload["machine"])


def test_bench_command_finds_the_suite_and_refuses_bad_options(
    run_cli: RunCli, refused: Refused
) -> None:
    assert source_tree() == ROOT
    assert run_cli("bench", "--help").code == 0
    refused("bench", "--only", "nonsense", says="nonsense")


def test_the_startup_benchmark_s_peer_is_takaken_s_counter(tmp_path: Path) -> None:
    binary = build_takaken(tmp_path)
    if binary is None:
        pytest.skip("no shared/limits/takaken.c beside the project, or no C compiler")
    out = subprocess.run([str(binary), "12"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("total 14200 unique 1787 ")  # OEIS A000170 and A002562 at 12
