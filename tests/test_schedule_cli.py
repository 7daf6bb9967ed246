"""``searchlab schedule`` as a user runs it: the example, files in both formats, the
JSON shape, and every refusal exiting 2 with a message that names the fault."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Refused, RunCli

EXAMPLE_TOML = """\
processors = 2
[tasks.a]
duration = 3
[tasks.b]
duration = 2
after = ["a"]
[tasks.c]
duration = 4
"""


def write(tmp_path: Path, name: str, content: str | dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def intervals(payload: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {
        slot["task"]: (slot["start"], slot["end"])
        for row in payload["schedule"]["processors"]
        for slot in row
    }


def test_example_prints_a_gantt_chart_and_24(run_cli: RunCli) -> None:
    run = run_cli("schedule", "solve", "example")
    assert run.code == 0, run.stderr
    assert "finishing time 24 (optimal)" in run.stdout
    rows = [line for line in run.stdout.splitlines() if line.startswith(("P1 ", "P2 ", "P3 "))]
    assert len(rows) == 3
    for task in ("t1", "t2", "t3", "t4", "t5", "t6", "t7"):
        assert sum(row.count(task) for row in rows) == 1, task


def test_example_json_shape_and_validity(run_cli: RunCli) -> None:
    run = run_cli("schedule", "solve", "example", "--json")
    assert run.code == 0, run.stderr
    payload = json.loads(run.stdout)
    assert payload["schedule"]["finishing_time"] == 24
    assert {"schedule", "stats", "run", "cost", "optimal"} <= set(payload)
    assert payload["cost"] == 24 and payload["optimal"] is True
    assert {"expanded", "generated", "seconds"} <= set(payload["stats"])
    assert len(payload["schedule"]["processors"]) == 3
    for row in payload["schedule"]["processors"]:
        for slot in row:
            assert set(slot) == {"task", "start", "end"}
        for first, second in itertools.pairwise(row):
            assert first["end"] <= second["start"]
    placed = intervals(payload)
    durations = {"t1": 4, "t2": 2, "t3": 2, "t4": 20, "t5": 20, "t6": 11, "t7": 11}
    after = {"t4": ["t1", "t2"], "t5": ["t1", "t2", "t3"], "t6": ["t2", "t3"], "t7": ["t3"]}
    assert set(placed) == set(durations)
    for task, (start, end) in placed.items():
        assert end - start == durations[task]
        for pred in after.get(task, []):
            assert placed[pred][1] <= start
    assert max(end for _, end in placed.values()) == 24


def test_toml_and_json_files_agree(run_cli: RunCli, tmp_path: Path) -> None:
    toml_file = write(tmp_path, "tasks.toml", EXAMPLE_TOML)
    json_file = write(
        tmp_path,
        "tasks.json",
        {
            "processors": 2,
            "tasks": {
                "a": {"duration": 3, "after": []},
                "b": {"duration": 2, "after": ["a"]},
                "c": {"duration": 4},
            },
        },
    )
    results = []
    for path in (toml_file, json_file):
        run = run_cli("schedule", "solve", path, "--json")
        assert run.code == 0, run.stderr
        results.append(json.loads(run.stdout))
    # a then b on one processor (5), c on the other (4): 5 is optimal
    assert results[0]["schedule"]["finishing_time"] == results[1]["schedule"]["finishing_time"] == 5


def test_standard_input(run_cli: RunCli) -> None:
    text = json.dumps({"processors": 1, "tasks": {"x": {"duration": 2}, "y": {"duration": 3}}})
    run = run_cli("schedule", "solve", "-", "--json", input=text)
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["schedule"]["finishing_time"] == 5


def test_more_processors_than_tasks(run_cli: RunCli, tmp_path: Path) -> None:
    # Three independent tasks on a million processors: each on its own, done at 4.
    tasks = {"a": {"duration": 4}, "b": {"duration": 2}, "c": {"duration": 1}}
    path = write(tmp_path, "wide.json", {"processors": 1_000_000, "tasks": tasks})
    text = run_cli("schedule", "solve", path)
    assert text.code == 0, text.stderr
    assert "P4-P1000000: (idle" in text.stdout
    assert "finishing time 4 (optimal)" in text.stdout
    payload = json.loads(run_cli("schedule", "solve", path, "--json").stdout)
    assert payload["schedule"]["finishing_time"] == 4
    assert len(payload["schedule"]["processors"]) == 3
    assert payload["schedule"]["idle_processors"] == 999_997


def test_a_limit_stops_the_search_with_status_3(run_cli: RunCli) -> None:
    run = run_cli("schedule", "solve", "example", "--max-expanded", "1", "--json")
    assert run.code == 3
    payload = json.loads(run.stdout)
    assert payload["status"] == "limit_reached" and payload["schedule"] is None


def test_greedy_says_it_is_not_optimal(run_cli: RunCli) -> None:
    run = run_cli("schedule", "solve", "example", "--algorithm", "greedy")
    assert run.code == 0
    assert "not guaranteed optimal" in run.stdout


def test_tour_schedule_prints_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    from searchlab.cli.schedule import tour_schedule

    tour_schedule()
    out = capsys.readouterr().out
    assert "finishing time 24" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("solve",), "Missing argument 'STATE'"),
        (("solve", "example", "x.json"), "unexpected extra argument"),
        (("solve", "example", "--algorithm", "quantum"), "unknown --algorithm 'quantum'"),
        (("solve", "example", "--weight", "2"), "--weight does not apply to the algorithm astar"),
        (("solve", "example", "-a", "hill-climbing"), "does not offer the algorithm"),
    ],
)
def test_usage_errors(refused: Refused, args: tuple[str, ...], message: str) -> None:
    refused("schedule", *args, says=message)


def _tasks(**tasks: Any) -> dict[str, Any]:
    return {"processors": 2, "tasks": tasks}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            _tasks(
                t1={"duration": 1, "after": ["t3"]},
                t2={"duration": 1, "after": []},
                t3={"duration": 1, "after": ["t1"]},
            ),
            "cycle: t1 -> t3 -> t1",
        ),
        (_tasks(a={"duration": 1, "after": ["a"]}), "cycle: a -> a"),
        (
            _tasks(a={"duration": 1, "after": ["ghost"]}),
            "'a' comes after 'ghost', which is not a task",
        ),
        (_tasks(a={"duration": 0}), "task 'a': the duration must be positive, not 0"),
        (_tasks(a={"duration": -3}), "the duration must be positive, not -3"),
        (_tasks(a={"duration": "4"}), "the duration must be a number, not '4'"),
        (_tasks(a={"duration": True}), "the duration must be a number"),
        (_tasks(a={"after": []}), "task 'a' has no 'duration'"),
        (_tasks(a={"duration": 1, "afer": []}), "unknown key 'afer'"),
        (_tasks(a={"duration": 1, "after": "b"}), "'after' must be a list"),
        (_tasks(a=5), "task 'a' must be an object"),
        ({"processors": 0, "tasks": {"a": {"duration": 1}}}, "processors must be 1 or more, not 0"),
        ({"processors": -2, "tasks": {"a": {"duration": 1}}}, "must be 1 or more, not -2"),
        ({"processors": 1.5, "tasks": {"a": {"duration": 1}}}, "must be a whole number"),
        ({"tasks": {"a": {"duration": 1}}}, "no 'processors'"),
        ({"processors": 1}, "no 'tasks'"),
        ({"processors": 1, "tasks": {}}, "no tasks"),
        ([1, 2], "must hold an object"),
        ("{not json", "not valid JSON"),
        (
            '{"processors": 1, "tasks": {"a": {"duration": 1}, "a": {"duration": 2}}}',
            "'a' is given twice",
        ),
    ],
)
def test_bad_json_files_are_refused(
    refused: Refused, tmp_path: Path, content: Any, message: str
) -> None:
    path = write(tmp_path, "bad.json", content if isinstance(content, str) else json.dumps(content))
    refused("schedule", "solve", path, says=message)  # one line: no traceback


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("processors = 3\n[tasks.a\nduration = 1\n", "not valid TOML"),
        ("processors = 0\n[tasks.a]\nduration = 1\n", "processors must be 1 or more"),
        ("processors = 1\n[tasks.a]\nduration = 1.0\nafter = ['b']\n", "which is not a task"),
        ("processors = 1\n[tasks.a]\nduration = 1\nafter = ['a']\n", "cycle: a -> a"),
        ("processors = 2\n[tasks.a]\nduration = -1\n", "must be positive, not -1"),
    ],
)
def test_bad_toml_files_are_refused(
    refused: Refused, tmp_path: Path, content: str, message: str
) -> None:
    refused("schedule", "solve", write(tmp_path, "bad.toml", content), says=message)


def test_unreadable_files_are_refused(refused: Refused, tmp_path: Path) -> None:
    run = refused("schedule", "solve", str(tmp_path / "missing.json"), says="cannot read")
    assert "missing.json" in run.stderr
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    refused("schedule", "solve", str(binary), says="cannot read")


def test_the_01_spelling_still_works_and_says_what_to_write(run_cli: RunCli) -> None:
    said = run_cli("schedule", "--example")
    assert said.code == 0 and "write `searchlab schedule solve example`" in said.stderr
    run = run_cli("schedule", "--example", "--json")
    assert run.code == 0
    assert run.stderr == ""  # never a notice with --json (issue 27): docs/json.md lists them
    payload = json.loads(run.stdout)
    assert payload["finishing_time"] == payload["schedule"]["finishing_time"] == 24
    assert payload["instance"] == payload["run"]["start"]
