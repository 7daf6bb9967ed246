"""`searchlab experiment …` end to end: the same numbers on any executor, resume after a
kill, charts, published facts, and one-line refusals of bad input."""

from __future__ import annotations

import json
import os
import shlex
import signal
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from conftest import (
    Refused,
    RunCli,
    report_of,
    run_searchlab,
    signal_once_written,
    untimed_rows,
)

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


def test_same_seed_same_rows_on_one_two_processes_and_a_dask_cluster(run_cli: RunCli) -> None:
    one = run_cli(*HILL, "--jobs", "1", "--json")
    two = run_cli(*HILL, "--jobs", "2", "--json")
    assert one.code == two.code == 0, one.stderr + two.stderr
    # A real dask.distributed LocalCluster, started by the command in its own process.
    dask = run_searchlab(*HILL, "--cluster", "local", "--jobs", "2", "--json", timeout=120)
    assert dask.returncode == 0, dask.stderr
    assert untimed_rows(one.stdout) == untimed_rows(two.stdout) == untimed_rows(dask.stdout)
    other_seed = run_cli(*HILL[:-1], "6", "--jobs", "1", "--json")
    assert untimed_rows(other_seed.stdout) != untimed_rows(one.stdout)  # the seed does matter


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
    signal_once_written(
        [*args, "--jobs", "1", "--out", str(out), "--json"], out, 40, signal.SIGKILL
    )
    kept = out.read_text().count("\n")
    assert 40 <= kept < 300
    with out.open("a") as handle:
        handle.write('{"trial": {"experiment": "hill-clim')  # a crash in mid-write
    resumed = run_cli(*args, "--jobs", "2", "--out", str(out), "--resume", "--json")
    assert resumed.code == 0, resumed.stderr
    assert "torn" in resumed.stderr and "resuming" in resumed.stderr
    whole = run_cli(*args, "--jobs", "2", "--json")
    assert untimed_rows(resumed.stdout) == untimed_rows(whole.stdout)
    lines = out.read_text().splitlines()
    assert len(lines) == 300 and all(json.loads(line) for line in lines)


def test_hill_climbing_matches_the_textbook_rates() -> None:
    # AIMA 4.1.1: steepest ascent solves 14% of random 8-queens boards, and about 94%
    # when up to 100 sideways moves are allowed.
    command = "hill-climbing --trials 400 --moves column --heuristic pairs --sideways 0,100"
    plain, sideways = report_of(f"experiment {command}", "--jobs", "2")["rows"]
    assert 0.09 <= plain["success_rate"] <= 0.20
    assert 0.88 <= sideways["success_rate"] <= 0.99
    assert 3 <= plain["mean_steps_solved"] <= 5.5


def test_astar_depth_finds_shortest_paths_and_h2_beats_h1(tmp_path: Path) -> None:
    chart = tmp_path / "depth.svg"
    command = "astar-depth --depths 6,8,...,14 --per-depth 4 --heuristic misplaced,manhattan"
    report = report_of(
        f"experiment {command}", "--algorithm", "astar,ida", "--jobs", "1", "--plot", str(chart)
    )
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


def test_bratko_claims_and_shortest_lengths(tmp_path: Path) -> None:
    chart = tmp_path / "bratko.png"
    command = "bratko --algorithm best-first,astar,bfs --jobs 1"
    rows = report_of(f"experiment {command}", "--plot", str(chart))["rows"]
    shortest = {row["position"]: row["shortest"] for row in rows}
    assert shortest == {"a": 4, "b": 5, "c": 18}  # the document's lengths, by our own BFS
    for row in rows:
        if row["heuristic"] in ("misplaced", "manhattan", "linear-conflict", "-"):
            assert row["is_shortest"] is True  # admissible: A*, best-first and BFS are optimal
        bratkos_own = row["algorithm"] == "best-first" and row["heuristic"] == "bratko"
        if bratkos_own and row["position"] in "ab":
            assert row["off_path"] == 0  # "without a single step off the shortest path"
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_min_conflicts_rows() -> None:
    rows = report_of("experiment min-conflicts --size 50,200 --trials 3 --jobs 1")["rows"]
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
        ("hill-climbing --heuristic nosuch", "heuristic"),
        ("hill-climbing --trials -3", "--trials"),
        ("hill-climbing --sideways -1", "--sideways"),
        ("hill-climbing --plot chart.pdf", ".png or .svg"),
        ("hill-climbing --jobs 0", "--jobs"),
        ("hill-climbing --resume", "--out"),
        ("hill-climbing --cluster 'not an address'", "--cluster"),
        ("astar-depth --depths 2,40", "out of range"),
        ("astar-depth --depths 2,4,...,25", "progression"),
        ("astar-depth --size 4", "3x3"),
        ("astar-depth --heuristic euclid", "heuristic"),
        ("astar-depth --per-depth 0", "--per-depth"),
        ("bratko --positions d", "position"),
        ("min-conflicts --trials 0", "--trials"),
        # the Option specs' caps and words, as everywhere (the one vocabulary)
        ("hill-climbing --size 3", "--size must be 4 or more, not 3"),
        ("hill-climbing --size 151 --moves free", "too large for hill climbing"),
        ("hill-climbing --tie-break middle", "unknown --tie-break 'middle'"),
        ("hill-climbing --sideways 0..5000", "--sideways must be at most 1,000"),
        ("min-conflicts --size 4..2000", "--size '4..2000': more than 1,000 values"),
        ("min-conflicts --size 2", "--size must be 4 or more, not 2"),
        ("min-conflicts --size ,", "--size needs at least one value"),
        ("astar-depth --heuristic pdb-663", "4×4 boards only"),
        ("astar-depth --heuristic bratko", "use the bratko experiment"),
        ("astar-depth --algorithm hill-climbing", "unknown --algorithm 'hill-climbing'"),
        ("bratko --heuristic pdb-555", "does not apply to Bratko's"),
        ("bratko --weight 0.5", "--weight must be 1 or more"),
        ("hill-climbing --out .", "'--out': File '.' is a directory"),
        ("hill-climbing --seed -1", "--seed must be 0 or more"),
        # compare: what it compares, on what starts
        ("compare", "name the domain to compare the algorithms on"),
        ("compare nosuch", "unknown domain 'nosuch': choose one of"),
        ("compare puzzle --problem examples/romania.py", "not both"),
        ("compare puzzle --size 4", "--size is the size of random starts"),
        ("compare puzzle --random 2 --size 12", "--size must be at most 10, not 12"),
        ("compare schedule --random 3", "Task scheduling has no random starts"),
        ("compare schedule --goal x", "takes no goal"),
        ("compare puzzle --heuristic pdb-663", "defined for 4×4 boards only"),
        ("compare puzzle --algorithm dfs", "does not offer the algorithm dfs"),
        ("compare puzzle --algorithm bfs --heuristic manhattan", "heuristic manhattan"),
        ("compare puzzle --algorithm nosuch", "unknown --algorithm 'nosuch'"),
        ("compare puzzle --param x=1", "--param x: x does not apply to Sliding puzzle"),
        ("compare queens --param moves=diagonal", "unknown moves 'diagonal'"),
        ("compare puzzle --start '1 2 3/4 5 6/8 7 _'", "unsolvable for the standard goal"),
        ("compare puzzle --max-expanded 0", "--max-expanded must be 1 or more"),
        ("compare puzzle --random 0", "--random must be 1 or more"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(refused: Refused, args: str, message: str) -> None:
    refused("experiment", *shlex.split(args), says=message)


def test_unreachable_scheduler(refused: Refused, monkeypatch: pytest.MonkeyPatch) -> None:
    from searchlab.experiments import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 0.5)
    refused(
        *HILL,
        "--cluster",
        "tcp://127.0.0.1:9",
        says="cannot reach the Dask scheduler at tcp://127.0.0.1:9",
    )


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
    done = run_searchlab(*HILL, "--cluster", "local", env=env, timeout=60)
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
    code, stderr = signal_once_written(args, out, 20, signal.SIGINT)
    assert code == 130
    lines = out.read_text().splitlines()
    assert 20 <= len(lines) < 2000
    assert all(json.loads(line)["trial"]["index"] >= 0 for line in lines)  # none torn
    assert f"{len(lines)} finished trials are in {out}; add --resume" in stderr
    assert "Traceback" not in stderr
