"""A user's own problem, everywhere: `searchlab run` on the examples, the protocol's
mistakes told in words that say what the problem must do, and `python -m searchlab`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import Refused, RunCli

from searchlab.core.errors import InputError, ProblemError
from searchlab.domains.user import load_problem, parse_params

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def write(tmp_path: Path, body: str) -> str:
    path = tmp_path / "mine.py"
    path.write_text(body)
    return str(path)


PROBLEM = '''
class Line:
    """Walk from 0 to 3 on a line."""
    initial = 0
    unit_costs = True
    def successors(self, state):
        SUCCESSORS
    def is_goal(self, state):
        return state == 3

def problem():
    return Line()
'''


def line_problem(tmp_path: Path, successors: str, extra: str = "") -> str:
    return write(tmp_path, PROBLEM.replace("SUCCESSORS", successors) + extra)


def test_romania_from_the_command_line_costs_418(run_cli: RunCli) -> None:
    romania = str(EXAMPLES / "romania.py")
    run = run_cli("run", romania, "-H", "straight-line", "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["cost"] == 418 and document["optimal"] is True
    assert document["path"] == ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]
    greedy = json.loads(
        run_cli("run", romania, "-a", "greedy", "-H", "straight-line", "--json").stdout
    )
    assert greedy["cost"] == 450 and greedy["optimal"] is False
    text = run_cli("run", romania, "-p", "start=Sibiu", "-a", "uniform-cost")
    assert "cost 278" in text.stdout


@pytest.mark.parametrize(
    ("example", "args", "length"),
    [
        ("hanoi.py", ("-p", "discs=4", "-a", "bfs"), 15),
        ("missionaries.py", ("-a", "astar"), 11),
        ("water_jugs.py", ("-a", "iterative-deepening"), 4),
    ],
)
def test_every_example_solves_from_the_command_line(
    run_cli: RunCli, example: str, args: tuple[str, ...], length: int
) -> None:
    run = run_cli("run", str(EXAMPLES / example), *args, "--json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["length"] == length


def test_the_event_stream_goes_to_a_file_whole(run_cli: RunCli, tmp_path: Path) -> None:
    trace = tmp_path / "events.jsonl"
    run = run_cli("run", str(EXAMPLES / "romania.py"), "--trace-out", str(trace), "--json")
    assert run.code == 0, run.stderr
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    kinds = [event["kind"] for event in events]
    assert kinds.count("expand") == json.loads(run.stdout)["stats"]["expanded"]
    assert kinds[-1] == "solution" and events[-1]["path"][-1] == "Bucharest"
    assert [event["i"] for event in events] == list(range(len(events)))
    assert list(tmp_path.iterdir()) == [trace]  # no temporary file left beside it


def test_a_refused_trace_leaves_no_file(run_cli: RunCli, tmp_path: Path) -> None:
    run = run_cli(
        "run", str(EXAMPLES / "romania.py"), "--trace-out", str(tmp_path / "nowhere" / "e.jsonl")
    )
    assert run.code == 2 and "does not exist" in run.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("successors", "fragment"),
    [
        ("yield ('step', state + 1)", "must be a (move, next_state, cost) triple"),
        ("yield ('step', [state + 1], 1)", "unhashable state [1]"),
        ("yield ('step', state + 1, 'one')", "a cost must be a number"),
        ("return 5", "it must return or yield (move, next_state, cost) triples"),
        ("yield ('back', state - 1, -1)", "negative cost"),
    ],
)
def test_protocol_mistakes_say_what_the_problem_must_do(
    refused: Refused, tmp_path: Path, successors: str, fragment: str
) -> None:
    refused("run", line_problem(tmp_path, successors), "-a", "bfs", says=fragment)


def test_a_heuristic_returning_none_is_named(run_cli: RunCli, tmp_path: Path) -> None:
    extra = "\nLine.heuristics = {'lazy': lambda state: None}\n"
    path = line_problem(tmp_path, "yield ('step', state + 1, 1)", extra)
    run = run_cli("run", path, "-a", "astar", "-H", "lazy")
    assert run.code == 2
    assert "the heuristic 'lazy' returned None" in run.stderr
    assert "must return a number" in run.stderr


def test_a_problem_missing_a_member_is_told_what_it_needs() -> None:
    with pytest.raises(ProblemError, match="has no is_goal: a problem needs initial"):
        from searchlab.domains.user import problem_domain

        class Half:
            initial = 0

            def successors(self, state: int) -> list[tuple[str, int, float]]:
                return []

        problem_domain(Half(), "half")


def test_loading_errors_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_problem(str(tmp_path / "absent.py"))
    broken = write(tmp_path, "def problem(:\n")
    with pytest.raises(InputError, match=r"failed to load: SyntaxError"):
        load_problem(broken)
    with pytest.raises(InputError, match="has no 'make'"):
        load_problem(str(EXAMPLES / "romania.py") + ":make")
    with pytest.raises(InputError, match="unknown start city 'Atlantis'"):
        load_problem(str(EXAMPLES / "romania.py"), {"start": "Atlantis"})
    with pytest.raises(InputError, match="KEY=VALUE"):
        parse_params(("start",))
    assert parse_params(("discs=4", "start=Sibiu", "capacities=(5, 3)")) == {
        "discs": 4,
        "start": "Sibiu",
        "capacities": (5, 3),
    }


def test_python_dash_m_searchlab_is_the_command() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "searchlab", "run", str(EXAMPLES / "hanoi.py"), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["length"] == 7
