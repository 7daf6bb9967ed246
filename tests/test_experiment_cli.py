"""`searchlab experiment …` end to end: the same numbers on any executor, resume after a
kill, charts, published facts, and one-line refusals of bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

SEARCHLAB = [sys.executable, "-c", "from searchlab.cli.main import main; main()"]

HILL = [
    "experiment",
    "hill-climbing",
    "--trials",
    "24",
    "--moves",
    "column,free",
    "--heuristic",
    "pairs",
    "--sideways",
    "0,10",
    "--seed",
    "5",
]


def _rows(payload: str) -> list[dict[str, Any]]:
    """The rows without wall-clock seconds, the one thing that may differ between runs."""
    rows = json.loads(payload)["rows"]
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def _searchlab(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SEARCHLAB, *args], capture_output=True, text=True, **kwargs)


def test_same_seed_same_rows_on_one_two_processes_and_a_dask_cluster(run_cli: RunCli) -> None:
    one = run_cli(*HILL, "--jobs", "1", "--json")
    two = run_cli(*HILL, "--jobs", "2", "--json")
    assert one.code == two.code == 0, one.stderr + two.stderr
    # A real dask.distributed LocalCluster, started by the command in its own process.
    dask = _searchlab(*HILL, "--cluster", "local", "--jobs", "2", "--json", timeout=120)
    assert dask.returncode == 0, dask.stderr
    assert _rows(one.stdout) == _rows(two.stdout) == _rows(dask.stdout)
    other_seed = run_cli(*HILL[:-1], "6", "--jobs", "1", "--json")
    assert _rows(other_seed.stdout) != _rows(one.stdout)  # the seed does matter


def test_resume_after_a_kill_gives_the_uninterrupted_rows(run_cli: RunCli, tmp_path: Path) -> None:
    args = [
        "experiment",
        "hill-climbing",
        "--trials",
        "150",
        "--moves",
        "column",
        "--heuristic",
        "pairs,attacks",
        "--sideways",
        "100",
        "--seed",
        "3",
    ]
    out = tmp_path / "run.jsonl"
    process = subprocess.Popen(
        [*SEARCHLAB, *args, "--jobs", "1", "--out", str(out), "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if out.exists() and out.read_text().count("\n") >= 40:
                break
            time.sleep(0.05)
        assert process.poll() is None, "the run ended before it could be killed"
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    kept = out.read_text().count("\n")
    assert 40 <= kept < 300
    with out.open("a") as handle:
        handle.write('{"trial": {"experiment": "hill-clim')  # a crash in mid-write
    resumed = run_cli(*args, "--jobs", "2", "--out", str(out), "--resume", "--json")
    assert resumed.code == 0, resumed.stderr
    assert "torn" in resumed.stderr and "resuming" in resumed.stderr
    whole = run_cli(*args, "--jobs", "2", "--json")
    assert _rows(resumed.stdout) == _rows(whole.stdout)
    lines = out.read_text().splitlines()
    assert len(lines) == 300 and all(json.loads(line) for line in lines)


def test_hill_climbing_matches_the_textbook_rates(run_cli: RunCli) -> None:
    # AIMA 4.1.1: steepest ascent solves 14% of random 8-queens boards, and about 94%
    # when up to 100 sideways moves are allowed.
    done = run_cli(
        "experiment",
        "hill-climbing",
        "--trials",
        "400",
        "--moves",
        "column",
        "--heuristic",
        "pairs",
        "--sideways",
        "0,100",
        "--jobs",
        "2",
        "--json",
    )
    assert done.code == 0, done.stderr
    plain, sideways = json.loads(done.stdout)["rows"]
    assert 0.09 <= plain["success_rate"] <= 0.20
    assert 0.88 <= sideways["success_rate"] <= 0.99
    assert 3 <= plain["mean_steps_solved"] <= 5.5


def test_astar_depth_finds_shortest_paths_and_h2_beats_h1(run_cli: RunCli, tmp_path: Path) -> None:
    chart = tmp_path / "depth.svg"
    done = run_cli(
        "experiment",
        "astar-depth",
        "--depths",
        "6,8,...,14",
        "--per-depth",
        "4",
        "--heuristic",
        "misplaced,manhattan",
        "--algorithm",
        "astar,ida",
        "--jobs",
        "1",
        "--json",
        "--plot",
        str(chart),
    )
    assert done.code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["experiment"] == "astar-depth"
    assert report["parameters"]["depths"] == [6, 8, 10, 12, 14]
    rows = report["rows"]
    assert len(rows) == 5 * 2 * 2
    for row in rows:
        # The boards were drawn at BFS distance d: an admissible search must find d moves.
        assert row["instances"] == row["solved"] == row["shortest"] == 4
    by = {(r["depth"], r["algorithm"], r["heuristic"]): r for r in rows}
    for depth in (10, 12, 14):
        h1 = by[depth, "astar", "misplaced"]["mean_generated"]
        assert by[depth, "astar", "manhattan"]["mean_generated"] <= h1
    root = ElementTree.parse(chart).getroot()
    assert root.tag.endswith("svg")


def test_bratko_claims_and_shortest_lengths(run_cli: RunCli, tmp_path: Path) -> None:
    chart = tmp_path / "bratko.png"
    done = run_cli(
        "experiment",
        "bratko",
        "--algorithm",
        "best-first,astar,bfs",
        "--jobs",
        "1",
        "--json",
        "--plot",
        str(chart),
    )
    assert done.code == 0, done.stderr
    rows = json.loads(done.stdout)["rows"]
    shortest = {row["position"]: row["shortest"] for row in rows}
    assert shortest == {"a": 4, "b": 5, "c": 18}  # the document's lengths, by our own BFS
    for row in rows:
        if row["heuristic"] in ("misplaced", "manhattan", "linear-conflict", "-"):
            assert row["is_shortest"] is True  # admissible: A*, best-first and BFS are optimal
        bratkos_own = row["algorithm"] == "best-first" and row["heuristic"] == "bratko"
        if bratkos_own and row["position"] in "ab":
            assert row["off_path"] == 0  # "without a single step off the shortest path"
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_min_conflicts_rows(run_cli: RunCli) -> None:
    done = run_cli(
        "experiment", "min-conflicts", "--size", "50,200", "--trials", "3", "--jobs", "1", "--json"
    )
    assert done.code == 0, done.stderr
    rows = json.loads(done.stdout)["rows"]
    assert [(row["n"], row["trials"], row["solved"]) for row in rows] == [(50, 3, 3), (200, 3, 3)]


def test_table_and_png_chart(run_cli: RunCli, tmp_path: Path) -> None:
    chart = tmp_path / "hill.png"
    done = run_cli(*HILL, "--jobs", "1", "--plot", str(chart))
    assert done.code == 0, done.stderr
    assert "Hill climbing on 8-queens" in done.stdout and "column" in done.stdout
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["hill.png"]  # no temporary left behind
    umask = os.umask(0o022)
    os.umask(umask)
    assert chart.stat().st_mode & 0o777 == 0o666 & ~umask  # an ordinary file, not mkstemp's 0600


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hill-climbing", "--heuristic", "nosuch"], "heuristic"),
        (["hill-climbing", "--trials", "-3"], "--trials"),
        (["hill-climbing", "--sideways", "-1"], "--sideways"),
        (["hill-climbing", "--plot", "chart.pdf"], ".png or .svg"),
        (["hill-climbing", "--jobs", "0"], "--jobs"),
        (["hill-climbing", "--resume"], "--out"),
        (["hill-climbing", "--cluster", "not an address"], "--cluster"),
        (["astar-depth", "--depths", "2,40"], "out of range"),
        (["astar-depth", "--depths", "2,4,...,25"], "progression"),
        (["astar-depth", "--size", "4"], "3x3"),
        (["astar-depth", "--heuristic", "euclid"], "heuristic"),
        (["astar-depth", "--per-depth", "0"], "--per-depth"),
        (["bratko", "--positions", "d"], "position"),
        (["min-conflicts", "--trials", "0"], "--trials"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_cli: RunCli, args: list[str], message: str) -> None:
    done = run_cli("experiment", *args)
    assert done.code == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_unreachable_scheduler(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    from searchlab.experiments import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 0.5)
    done = run_cli(*HILL, "--cluster", "tcp://127.0.0.1:9")
    assert done.code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_used_out_file_is_not_overwritten(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    out.write_text('{"trial": {}, "result": {}}\n')
    done = run_cli(*HILL, "--out", str(out))
    assert done.code == 2 and "--resume" in done.stderr
    assert out.read_text() == '{"trial": {}, "result": {}}\n'


def test_plot_refused_before_any_work(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    done = run_cli(*HILL, "--out", str(out), "--plot", str(tmp_path / "x.jpg"))
    assert done.code == 2
    assert not out.exists()


def test_help_teaches(run_cli: RunCli) -> None:
    done = run_cli("experiment", "--help")
    assert done.code == 0 and "hill-climbing" in done.stdout
    sub = run_cli("experiment", "astar-depth", "--help")
    assert "--cluster" in sub.stdout and "2,4,...,24" in sub.stdout


def test_missing_dask_names_the_extra(tmp_path: Path) -> None:
    # Hide dask from a child process: the message must name the extra to install.
    (tmp_path / "dask").mkdir()
    (tmp_path / "dask" / "__init__.py").write_text("raise ImportError('no dask here')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = _searchlab(*HILL, "--cluster", "local", env=env, timeout=60)
    assert done.returncode == 2
    assert "searchlab[cluster]" in done.stderr


def test_ctrl_c_keeps_every_finished_trial(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    args = [
        "experiment",
        "hill-climbing",
        "--trials",
        "2000",
        "--moves",
        "column",
        "--heuristic",
        "pairs",
        "--sideways",
        "100",
        "--jobs",
        "2",
        "--out",
        str(out),
    ]
    process = subprocess.Popen(
        [*SEARCHLAB, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if out.exists() and out.read_text().count("\n") >= 20:
                break
            time.sleep(0.05)
        assert process.poll() is None, "the run ended before it could be interrupted"
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130
    lines = out.read_text().splitlines()
    assert 20 <= len(lines) < 2000
    assert all(json.loads(line)["trial"]["index"] >= 0 for line in lines)  # none torn
    assert f"{len(lines)} finished trials are in {out}; add --resume" in stderr
    assert "Traceback" not in stderr
