"""Limits and failures inside a user's own code (`searchlab run`, issue 26): the
watchdog stops a successors() that yields forever or never returns at --max-seconds
(exit 3, with the statistics), one state's successors are capped, the user's
exceptions and sys.exit end with exit 2 naming the call and line, and states that
cannot be printed are named by their type."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SEARCHLAB_MAIN, RunCli, run_searchlab

from searchlab.domains.user import MAX_SUCCESSORS
from searchlab.jit import JIT_ENABLED

ENDLESS = '''
import itertools, time

class Endless:
    """From 0, successors that never end in the way MODE says."""
    def __init__(self, mode):
        self.mode = mode
    initial = 0
    def successors(self, state):
        if self.mode == "fast":
            yield from (("n", i, 1) for i in itertools.count(1))
        if self.mode == "yield":
            for i in itertools.count(1):
                time.sleep(0.0001)  # well under the cap of successors within the limit
                yield "n", i, 1
        elif self.mode == "spin":
            while True:
                pass
        elif self.mode == "sleep":
            time.sleep(10 ** 6)
        yield "back", 0, 1
    def is_goal(self, state):
        return state == -1
    def h(self, state):
        return -state

def problem(mode="yield"):
    return Endless(mode)
'''


def write(tmp_path: Path, body: str, name: str = "mine.py") -> str:
    path = tmp_path / name
    path.write_text(body)
    return str(path)


@pytest.mark.parametrize(
    ("mode", "algorithm"),
    [
        ("yield", "astar"),
        ("yield", "bfs"),
        ("yield", "greedy"),
        ("spin", "astar"),
        ("spin", "hill-climbing"),
        ("sleep", "bfs"),
        ("sleep", "ida"),
        ("spin", "dfs"),
    ],
)
def test_max_seconds_stops_endless_user_code(tmp_path: Path, mode: str, algorithm: str) -> None:
    """Before: A*, BFS, greedy collected the endless generator until MemoryError; IDA*
    and hill climbing, and any successors() that never returned, ran on for ever."""
    target = write(tmp_path, ENDLESS)
    started = time.monotonic()
    done = run_searchlab(
        "run",
        target,
        "-p",
        f"mode={mode}",
        "-a",
        algorithm,
        "--max-seconds",
        "0.5",
        "--json",
        timeout=60,
    )
    print(f"{mode} {algorithm}: ended after {time.monotonic() - started:.2f} s")
    assert done.returncode == 3, done.stderr
    document = json.loads(done.stdout)
    assert document["status"] == "limit_reached"
    assert document["limit"] == "max_seconds"
    assert document["stats"]["expanded"] >= 1  # the statistics so far, not zeros


def test_one_state_may_have_at_most_max_successors(tmp_path: Path, run_cli: RunCli) -> None:
    """Without a time limit the endless generator stops at the cap, not at 3.9 GB."""
    result = run_cli("run", write(tmp_path, ENDLESS), "-p", "mode='fast'", "-a", "hill-climbing")
    assert result.code == 2
    assert f"more than {MAX_SUCCESSORS:,} successors" in result.stderr
    assert "Traceback" not in result.stderr


def test_ctrl_c_stops_user_code_that_never_returns(tmp_path: Path) -> None:
    """This held before too: the guards around the user's calls must not swallow
    Ctrl-C, nor lose its statistics."""
    target = write(tmp_path, ENDLESS)
    process = subprocess.Popen(
        [sys.executable, "-c", SEARCHLAB_MAIN, "run", target, "-p", "mode=spin"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(2)  # loaded and spinning (the interrupt is checked between bytecodes)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130
    assert "interrupted (" in stderr and "expanded 1" in stderr


LINE = """
import sys

class Line:
    initial = 0
    def successors(self, state):
        yield "inc", state + 1, COST
        if state == 2:
            FAIL
    def is_goal(self, state):
        return state == 5

def problem():
    return Line()
"""


@pytest.mark.parametrize("as_json", [False, True])
def test_an_exception_in_successors_is_one_line_and_exit_2(
    tmp_path: Path, run_cli: RunCli, as_json: bool
) -> None:
    """Before: a raw traceback and exit 1, the status of "no solution"."""
    body = LINE.replace("COST", "1").replace("FAIL", 'raise ValueError("boom")')
    result = run_cli("run", write(tmp_path, body), *(["--json"] if as_json else []))
    assert result.code == 2
    assert "Traceback" not in result.stderr
    assert "successors(2) raised ValueError: boom (mine.py, line 9)" in (result.stderr)


def test_sys_exit_in_user_code_is_reported(tmp_path: Path) -> None:
    """Before: sys.exit(0) in successors exited 0 with no output at all, even --json."""
    body = LINE.replace("COST", "1").replace("FAIL", "sys.exit(0)")
    done = run_searchlab("run", write(tmp_path, body), "--json", timeout=60)
    assert done.returncode == 2
    assert "called sys.exit(0) (mine.py, line 9)" in done.stderr


def test_an_exception_in_is_goal_or_a_heuristic_names_it(tmp_path: Path, run_cli: RunCli) -> None:
    body = """
class P:
    initial = 0
    def successors(self, state):
        yield "inc", state + 1, 1
    def is_goal(self, state):
        return {}[state] if state == 2 else False
    def h(self, state):
        return 1 / (1 - state)

def problem():
    return P()
"""
    target = write(tmp_path, body)
    goal = run_cli("run", target, "-a", "bfs")
    assert goal.code == 2
    assert "is_goal(2) raised KeyError: 2 (mine.py, line 7)" in goal.stderr
    heuristic = run_cli("run", target, "-a", "greedy", "-H", "h")
    assert heuristic.code == 2
    assert "the heuristic 'h' on 1 raised ZeroDivisionError" in heuristic.stderr
    assert "(mine.py, line 9)" in heuristic.stderr


def test_a_nan_cost_is_called_nan(tmp_path: Path, run_cli: RunCli) -> None:
    body = LINE.replace("COST", 'float("nan")').replace("FAIL", "pass")
    result = run_cli("run", write(tmp_path, body))
    assert result.code == 2
    assert "NaN" in result.stderr and "negative" not in result.stderr


UNPRINTABLE = """
class State:
    def __init__(self, n):
        self.n = n
    def __eq__(self, other):
        return isinstance(other, State) and other.n == self.n
    def __hash__(self):
        return hash(self.n)
    def __repr__(self):
        raise RuntimeError("no repr")

class P:
    initial = State(0)
    def successors(self, state):
        yield "inc", State(state.n + 1), 1
    def is_goal(self, state):
        return state.n == 3

class Big:
    initial = 10 ** 5000
    def successors(self, state):
        yield "inc", state + 1, 1
    def is_goal(self, state):
        return state == 10 ** 5000 + 3

def problem(big=False):
    return Big() if big else P()
"""


@pytest.mark.parametrize("big", ["False", "True"])
@pytest.mark.parametrize("as_json", [False, True])
def test_states_that_cannot_be_printed_are_still_solved(
    tmp_path: Path, run_cli: RunCli, big: str, as_json: bool
) -> None:
    """Before: a __repr__ that raises, or an int over 4,300 digits, crashed `run`
    (every state was repr'd on every arc) though the library solved it."""
    result = run_cli(
        "run", write(tmp_path, UNPRINTABLE), "-p", f"big={big}", *(["--json"] if as_json else [])
    )
    assert result.code == 0, result.stderr
    text = "an int of about 5,000 digits" if big == "True" else "its repr raised RuntimeError"
    assert text in result.stdout
    if as_json:
        assert json.loads(result.stdout)["length"] == 3
    else:
        assert "solved" in result.stdout


STUCK_IN_C = """
import hashlib

class Stuck:
    initial = 0
    def __init__(self, mode):
        self.mode = mode
    def successors(self, state):
        if state == 3:
            if self.mode == "holds-the-lock":
                sum(range(10 ** 13))  # one C call: no bytecode, no other thread, for hours
            else:
                hashlib.pbkdf2_hmac("sha256", b"p", b"s", 10 ** 9)  # one C call, lock let go
        yield "inc", state + 1, 1
    def is_goal(self, state):
        return state == 10

def problem(mode):
    return Stuck(mode)
"""


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        # a thread can run: it names the call with its state, and the statistics so far
        (
            "lets-go",
            "successors(3) did not return within --max-seconds 0.5 (+1 s) and could not be "
            "interrupted (a single long call into C code cannot be): the process was ended "
            "after 4 calls of successors (3 successors)",
        ),
        # nothing in Python runs: the native handler names the kind of call
        pytest.param(
            "holds-the-lock",
            "successors() did not return within --max-seconds 0.5 (+1.5 s)",
            marks=pytest.mark.skipif(not JIT_ENABLED, reason="the handler is numba's"),
        ),
    ],
)
def test_a_single_c_call_past_the_limit_ends_the_process(
    tmp_path: Path, mode: str, says: str
) -> None:
    """Before: both ran on for hours (the SIGALRM handler runs between bytecodes only)."""
    target = write(tmp_path, STUCK_IN_C)
    done = run_searchlab(
        "run", target, "-p", f"mode={mode!r}", "--max-seconds", "0.5", "--json", timeout=60
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("searchlab: error: ")
    assert says in lines[0]


def test_without_the_command_line_the_process_is_never_ended() -> None:
    # a notebook's or the viewer's search is not `searchlab run`: no last resort armed
    from searchlab.domains.watchdog import Watchdog

    watchdog = Watchdog(0.05)
    with watchdog.armed():
        assert watchdog._resort is None
