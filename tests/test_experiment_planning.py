"""`searchlab experiment planning`: the planning heuristics over a suite of PDDL tasks,
checked on the two tasks shipped with searchlab, whose shortest plans are known
(four blocks stacked from the table, BLOCKS-4-0: 6 actions; four balls carried by a
two-handed gripper, gripper prob01: 11), and on a folder suite."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, assert_refused

from searchlab.domains.planning.examples import TASKS
from searchlab.experiments.executors import WorkerPool
from searchlab.experiments.planning import EXPERIMENT
from searchlab.experiments.report import Report

SHORTEST = {"blocks": 6, "gripper": 11}
"""The known optimal plan lengths of the built-in tasks (IPC's BLOCKS-4-0 and
pyperplan's gripper prob01)."""


def rows_by_heuristic(report: Report) -> dict[str, dict[str, Any]]:
    return {row["heuristic"]: row for row in report.rows}


@pytest.fixture(scope="module")
def built_in() -> Report:
    """Every heuristic with A* on the built-in suite."""
    parameters = EXPERIMENT.parameters({})
    return EXPERIMENT.run(parameters, pool=WorkerPool(1))


def test_every_heuristic_solves_every_built_in_task(built_in: Report) -> None:
    rows = rows_by_heuristic(built_in)
    assert list(rows) == [
        "breadth-first", "goal-count", "hmax", "hadd", "ff", "landmarks", "lmcut",
    ]  # fmt: skip
    for row in rows.values():
        assert row["tasks"] == row["solved"] == row["both"] == 2, row
        assert row["mean_expanded"] > 0 and row["ms_per_task"] is not None


def test_the_optimal_heuristics_find_plans_as_short_as_breadth_first(built_in: Report) -> None:
    rows = rows_by_heuristic(built_in)
    shortest_mean = sum(SHORTEST.values()) / len(SHORTEST)
    assert rows["breadth-first"]["mean_length"] == shortest_mean  # checked independently
    for name in ("hmax", "lmcut"):
        assert rows[name]["admissible"] == "yes"
        assert rows[name]["shortest"] == 2 and rows[name]["mean_length"] == shortest_mean
        # A better estimate expands fewer states than none at all.
        assert rows[name]["mean_expanded"] < rows["breadth-first"]["mean_expanded"]
    assert rows["landmarks"]["admissible"] == rows["ff"]["admissible"] == "no"
    assert rows["lmcut"]["mean_expanded"] <= rows["hmax"]["mean_expanded"]


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of domain folders, as pyperplan's benchmarks are laid out: gripper with
    two copies of its task, blocks with one."""
    root = tmp_path_factory.mktemp("suite")
    for name in ("blocks", "gripper"):
        shutil.copytree(TASKS / name, root / name)
    shutil.copy(root / "gripper" / "task01.pddl", root / "gripper" / "task02.pddl")
    return root


def test_a_folder_suite_limits_and_coverage(suite: Path, run_cli: RunCli) -> None:
    done = run_cli(
        "experiment", "planning", "--suite", str(suite), "--heuristic", "hmax,ff",
        "--algorithm", "greedy", "--max-expanded", "40", "--json",
    )  # fmt: skip
    assert done.code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["parameters"]["suite"] == str(suite.resolve())
    rows = {row["heuristic"]: row for row in report["rows"]}
    assert {row["tasks"] for row in rows.values()} == {3}
    # 40 expansions: too few for breadth-first on any of them (a search the limit stops
    # counts as unsolved), enough for greedy search with h_FF, which walks almost
    # straight to the goal.
    assert rows["breadth-first"]["solved"] == 0 and rows["breadth-first"]["mean_length"] is None
    assert rows["ff"]["solved"] == 3
    # --tasks 1: the first task of each domain only.
    first = run_cli(
        "experiment", "planning", "--suite", str(suite / "gripper"), "--heuristic", "lmcut",
        "--tasks", "1", "--json",
    )  # fmt: skip
    assert first.code == 0, first.stderr
    rows = {row["heuristic"]: row for row in json.loads(first.stdout)["rows"]}
    assert rows["lmcut"]["tasks"] == 1 and rows["lmcut"]["mean_length"] == SHORTEST["gripper"]


def test_the_plot_has_coverage_expansions_and_time(built_in: Report) -> None:
    from searchlab.experiments.planning import draw

    chart = draw(built_in)
    assert [axes.get_xlabel() for axes in chart.axes] == [
        "tasks solved",
        "states expanded (mean over solved)",
        "ms per task (mean over solved)",
    ]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--suite", "/no/such/folder"], "the suite folder /no/such/folder does not exist"),
        (["--suite", str(TASKS / "blocks" / "domain.pddl")], "is not a folder"),
        (["--heuristic", "blind"], "unknown --heuristic 'blind'"),
        (["--algorithm", "bfs"], "--algorithm"),
        (["--max-seconds", "0"], "--max-seconds"),
    ],
)
def test_bad_parameters_are_refused(run_cli: RunCli, args: list[str], says: str) -> None:
    assert_refused(run_cli("experiment", "planning", *args), says=says)


def test_a_folder_without_tasks_is_refused(tmp_path: Path, run_cli: RunCli) -> None:
    (tmp_path / "domain.pddl").write_text("(define (domain empty))", encoding="utf-8")
    assert_refused(
        run_cli("experiment", "planning", "--suite", str(tmp_path)), says="holds no task"
    )


def test_a_task_it_cannot_read_counts_as_unsolved_and_the_others_still_run(
    tmp_path: Path, run_cli: RunCli
) -> None:
    """Before: the whole run stopped at the first such task (exit 2, no table)."""
    shutil.copytree(TASKS / "blocks", tmp_path / "blocks")
    (tmp_path / "blocks" / "task02.pddl").write_text(
        "(define (problem x) (:domain BLOCKS) (:objects a - block) (:init)"
        " (:goal (or (clear a) (holding a))))",
        encoding="utf-8",
    )
    done = run_cli(
        "experiment", "planning", "--suite", str(tmp_path), "--heuristic", "lmcut", "--json"
    )
    assert done.code == 0, done.stderr
    rows = {row["heuristic"]: row for row in json.loads(done.stdout)["rows"]}
    for row in rows.values():
        assert (row["tasks"], row["solved"], row["unreadable"]) == (2, 1, 1)
    assert rows["lmcut"]["mean_length"] == SHORTEST["blocks"]
