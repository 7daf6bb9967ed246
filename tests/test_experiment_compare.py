"""`searchlab experiment compare`: every algorithm of any domain on the same starts,
through the domain's descriptor alone (searchlab's own, a third-party one registered
by entry point, a user's problem file). Its refusals of bad input are in
test_experiment_cli.py, in the one table of every experiment's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import RunCli, run_searchlab, untimed_rows
from plugins import install

from searchlab.domains.puzzle.domain import PUZZLE
from searchlab.domains.queens.domain import LOCAL

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _report(stdout: str) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(stdout)
    assert report["experiment"] == "compare"
    return report


def _by_pair(report: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(row["algorithm"], row["heuristic"]): row for row in report["rows"]}


def test_puzzle_named_starts_every_pair(run_cli: RunCli, tmp_path: Path) -> None:
    chart = tmp_path / "compare.png"
    done = run_cli("experiment", "compare", "puzzle", "--jobs", "2", "--json", "--plot", str(chart))
    assert done.code == 0, done.stderr
    report = _report(done.stdout)
    assert report["parameters"]["starts"] == [{"text": "a"}, {"text": "b"}, {"text": "c"}]
    rows = _by_pair(report)
    # Every algorithm the puzzle offers, in its order; the 4×4 databases do not apply to
    # 3×3 starts.
    assert list(dict.fromkeys(a for a, _ in rows)) == list(PUZZLE.algorithms)
    assert report["parameters"]["heuristic"] == [
        "misplaced",
        "manhattan",
        "linear-conflict",
        "bratko",
    ]
    assert all(row["starts"] == 3 for row in rows.values())
    # Bratko's positions take 4, 5 and 18 moves: an optimal search averages 9.
    for pair in [("astar", "manhattan"), ("ida", "linear-conflict"), ("bfs", "-")]:
        assert rows[pair]["solved"] == 3
        assert rows[pair]["mean_length"] == rows[pair]["mean_cost"] == 9.0
        assert rows[pair]["optimal"] is True
    assert rows["astar", "bratko"]["optimal"] is False  # his heuristic is not admissible
    assert rows["greedy", "manhattan"]["optimal"] is False
    assert rows["astar", "manhattan"]["mean_expanded"] < rows["astar", "misplaced"]["mean_expanded"]
    # 100,000 expansions stop iterative deepening on (c), which then counts as unsolved.
    assert rows["iterative-deepening", "-"]["solved"] == 2
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_puzzle_table(run_cli: RunCli) -> None:
    done = run_cli("experiment", "compare", "puzzle", "--algorithm", "astar,bfs", "--jobs", "1")
    assert done.code == 0, done.stderr
    assert "puzzle: every algorithm on the same starts" in done.stdout
    assert "linear-conflict" in done.stdout and "ms / search" in done.stdout


def test_random_starts_depend_on_the_seed_alone(run_cli: RunCli) -> None:
    args = ["experiment", "compare", "puzzle", "--algorithm", "astar", "--heuristic", "manhattan"]
    one = run_cli(*args, "--random", "6", "--size", "3", "--seed", "4", "--jobs", "1", "--json")
    two = run_cli(*args, "--random", "6", "--seed", "4", "--jobs", "2", "--json")
    other = run_cli(*args, "--random", "6", "--seed", "5", "--jobs", "1", "--json")
    assert one.code == two.code == other.code == 0, one.stderr + two.stderr + other.stderr
    assert untimed_rows(_report(one.stdout)) == untimed_rows(_report(two.stdout))
    assert untimed_rows(_report(one.stdout)) != untimed_rows(_report(other.stdout))
    (row,) = _report(one.stdout)["rows"]
    assert row["starts"] == row["solved"] == 6 and row["optimal"] is True


def test_queens_named_starts_give_way_to_the_domain_parameter(run_cli: RunCli) -> None:
    done = run_cli("experiment", "compare", "queens", "--jobs", "1", "--json")
    assert done.code == 0, done.stderr
    report = _report(done.stdout)
    left = [item["text"] for item in report["parameters"]["left_out"]]
    assert left == ["case4", "case6", "case7"]  # not one queen per column
    assert "left out the start case4" in done.stderr and "moves=free" in done.stderr
    assert {row["starts"] for row in report["rows"]} == {5}
    # from whole boards only the local searches run (placement starts from an empty one)
    assert report["parameters"]["algorithm"] == list(LOCAL)
    free = run_cli("experiment", "compare", "queens", "--param", "moves=free", "--json")
    assert free.code == 0 and free.stderr == ""
    assert {row["starts"] for row in _report(free.stdout)["rows"]} == {8}


def test_queens_from_n_offers_placement_too(run_cli: RunCli) -> None:
    done = run_cli(
        "experiment", "compare", "queens", "--start", "6", "--start", "8", "--jobs", "1", "--json"
    )
    assert done.code == 0, done.stderr
    rows = _by_pair(_report(done.stdout))
    assert rows["dfs", "-"]["solved"] == 2 and rows["dfs", "-"]["mean_length"] == 7.0
    assert ("hill-climbing", "attacks") in rows


def test_a_domain_registered_by_another_package(tmp_path: Path) -> None:
    env = install(tmp_path, {"searchlab.domains": {"toy": "toy:TOY"}})
    done = run_searchlab(
        "experiment", "compare", "toy", "--jobs", "2", "--json", env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report = _report(done.stdout)
    assert report["parameters"]["domain"] == "toy"
    assert report["parameters"]["starts"] == [{"text": "short"}, {"text": "long"}]
    rows = _by_pair(report)
    assert list(rows) == [
        ("astar", "half"),
        ("astar", "double"),
        ("greedy", "half"),
        ("greedy", "double"),
        ("bfs", "-"),
        ("uniform-cost", "-"),
    ]
    # From 5 the cheapest walk costs 3, from 40 it costs 20; the fewest steps from 40
    # (thirteen 3s and a 1) cost 27, and moves here do not all cost the same.
    assert rows["astar", "half"]["mean_cost"] == rows["uniform-cost", "-"]["mean_cost"] == 11.5
    assert rows["astar", "half"]["optimal"] is True
    assert rows["astar", "double"]["optimal"] is False  # not admissible
    assert rows["bfs", "-"]["mean_cost"] == 15.0 and rows["bfs", "-"]["optimal"] is False
    assert all(row["solved"] == 2 for row in rows.values())
    drawn = run_searchlab(
        "experiment",
        "compare",
        "toy",
        "--random",
        "4",
        "--size",
        "30",
        "--json",
        env=env,
        timeout=120,
    )
    assert drawn.returncode == 0, drawn.stderr
    starts = _report(drawn.stdout)["parameters"]["starts"]
    assert starts == [{"random": k, "size": 30} for k in range(4)]


def test_your_own_problem(run_cli: RunCli) -> None:
    romania = str(EXAMPLES / "romania.py")
    done = run_cli("experiment", "compare", "--problem", romania, "--jobs", "1", "--json")
    assert done.code == 0, done.stderr
    report = _report(done.stdout)
    assert report["parameters"]["domain"] == "romania"
    assert report["parameters"]["starts"] == [{"initial": True}]
    rows = _by_pair(report)
    # AIMA: A* drives Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest (418 km); greedy
    # best-first takes Fagaras (450 km).
    assert rows["astar", "straight-line"]["mean_cost"] == 418.0
    assert rows["astar", "straight-line"]["optimal"] is True
    assert rows["greedy", "straight-line"]["mean_cost"] == 450.0
    assert rows["uniform-cost", "-"]["mean_cost"] == 418.0
    assert rows["bfs", "-"]["optimal"] is False  # fewest roads, not fewest km
    sibiu = run_cli(
        "experiment",
        "compare",
        "--problem",
        romania,
        "--param",
        "start=Sibiu",
        "--algorithm",
        "astar",
        "--json",
    )
    assert sibiu.code == 0, sibiu.stderr
    (row,) = _report(sibiu.stdout)["rows"]
    assert row["mean_cost"] == 278.0  # Sibiu, Rimnicu Vilcea, Pitesti, Bucharest


def test_a_goal_for_every_start(run_cli: RunCli) -> None:
    # Unsolvable for the standard goal, solvable for Bratko's.
    done = run_cli(
        "experiment",
        "compare",
        "puzzle",
        "--start",
        "1 2 3/4 5 6/8 7 _",
        "--goal",
        "bratko",
        "--algorithm",
        "astar",
        "--json",
    )
    assert done.code == 0, done.stderr
    report = _report(done.stdout)
    assert report["parameters"]["goal"] == "bratko"
    assert "bratko" in report["parameters"]["heuristic"]  # defined for Bratko's goal
