"""Limits and endings of a Prolog file run as a searchlab problem, beyond
test_prolog_errors.py: Ctrl-C inside a call that never ends keeps the statistics,
a file that throws a term of its own is named with that term, and the swipl process
never outlives searchlab, even one killed while a call of the file never ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import Refused
from prolog_support import require_swipl, write_pl

require_swipl()

STUCK = "s(N, M, 1) :- M is N + 1, ( N >= 6 -> repeat, fail ; true ).\ngoal(done).\n"
"""Counting up from 0, s/3 never ends on 6: breadth-first search expands 0 … 5, then
starts on 6 and stays in it."""


def searchlab(*args: str) -> subprocess.Popen[str]:
    """``searchlab ARGS`` as its own process, as a user runs it in a terminal."""
    command = [sys.executable, "-c", "from searchlab.cli.main import main; main()", *args]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_the_driver(path: str, seconds: float = 20.0) -> list[int]:
    """The ids of the running swipl processes serving ``path`` (Linux's /proc), once
    one is there."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = drivers_of(path)
        if found:
            return found
        time.sleep(0.1)
    return []


def drivers_of(path: str) -> list[int]:
    """The ids of the live (not ended) driver processes whose command names ``path``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"driver.pl" in command and path.encode() in command and state not in "ZX":
            found.append(int(entry.name))
    return found


needs_proc = pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")


@needs_proc
def test_ctrl_c_inside_a_call_that_never_ends_keeps_the_statistics(tmp_path: Path) -> None:
    path = write_pl(tmp_path, STUCK)
    run = searchlab("prolog", path, "0", "-a", "bfs")
    try:
        assert wait_for_the_driver(path)
        time.sleep(1.5)  # well into s/3 on 6
        run.send_signal(signal.SIGINT)
        _, stderr = run.communicate(timeout=30)
    finally:
        run.kill()
    assert run.returncode == 130, stderr
    assert (
        stderr.strip()
        .splitlines()[-1]
        .startswith("searchlab: interrupted (expanded 7, generated 6,")
    )  # 0 … 5 expanded, and 6 begun
    assert drivers_of(path) == []


@needs_proc
def test_the_driver_ends_when_searchlab_is_killed_in_a_call(tmp_path: Path) -> None:
    """SIGKILL leaves searchlab no clean-up: the driver sees its parent gone and ends
    (it would otherwise spin in the file's loop for ever)."""
    path = write_pl(tmp_path, STUCK)
    run = searchlab("prolog", path, "0", "-a", "bfs")
    try:
        assert wait_for_the_driver(path)
        time.sleep(1.0)
    finally:
        run.kill()
        run.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while drivers_of(path) and time.monotonic() < deadline:
        time.sleep(0.1)
    leftover = drivers_of(path)
    for pid in leftover:  # the test's own mess, should the check fail
        os.kill(pid, signal.SIGKILL)
    assert leftover == []


def test_a_term_the_file_throws_is_named(tmp_path: Path, refused: Refused) -> None:
    path = write_pl(tmp_path, "s(N, _, 1) :- throw(mistake(N)).\ngoal(done).\n")
    refused(
        "prolog",
        path,
        "0",
        says="s/3 raised an error on 0: throw(mistake(0)), which nothing caught",
    )
