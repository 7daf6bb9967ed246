"""A trial file cannot mix two runs: `--resume` checks the file's experiment, settings
and version, validates and de-duplicates its records, moves a torn last line aside
instead of erasing it; and worker processes die with a killed parent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import SEARCHLAB_MAIN, Refused, RunCli, untimed_rows

from searchlab.core.errors import InputError
from searchlab.experiments.executors import WorkerPool
from searchlab.experiments.runner import run_trials

HILL = ["experiment", "hill-climbing", "--moves", "column", "--heuristic", "pairs"]
HILL += ["--sideways", "0", "--jobs", "1"]


def _hill(out: Path, *more: str) -> list[str]:
    return [*HILL, "--out", str(out), *more]


def _records(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.read_text().splitlines()]


def _write(out: Path, records: list[dict[str, Any]], tail: str = "\n") -> None:
    out.write_text("\n".join(json.dumps(record) for record in records) + tail)


@pytest.fixture
def size8(run_cli: RunCli, tmp_path: Path) -> Path:
    """A trial file of 8-queens hill climbing, 6 trials, written by the command."""
    out = tmp_path / "run.jsonl"
    done = run_cli(*_hill(out, "--size", "8", "--trials", "6"))
    assert done.code == 0, done.stderr
    return out


# ---- settings -----------------------------------------------------------------------


def test_the_first_record_names_the_run(size8: Path) -> None:
    first, *rest = _records(size8)
    settings = first["settings"]
    assert settings["experiment"] == "hill-climbing"
    assert settings["parameters"]["size"] == 8 and settings["parameters"]["trials"] == 6
    assert settings["searchlab"]
    assert len(rest) == 5 and not any("settings" in record for record in rest)


def test_resume_with_another_size_is_refused(refused: Refused, size8: Path) -> None:
    before = size8.read_bytes()
    refused(
        *_hill(size8, "--size", "6", "--trials", "6", "--resume"),
        says=f"{size8} line 1 holds a trial of other settings (size 8, not 6)",
    )
    assert size8.read_bytes() == before  # nothing appended


def test_resume_with_another_experiment_is_refused(refused: Refused, size8: Path) -> None:
    before = size8.read_bytes()
    refused(
        "experiment", "min-conflicts", "--size", "8", "--trials", "2", "--jobs", "1",
        "--out", str(size8), "--resume",
        says='holds trials of the experiment "hill-climbing", not "min-conflicts"',
    )  # fmt: skip
    assert size8.read_bytes() == before


def test_resume_of_another_version_is_refused(refused: Refused, size8: Path) -> None:
    records = _records(size8)
    records[0]["settings"]["searchlab"] = "0.0.1"
    _write(size8, records)
    refused(
        *_hill(size8, "--size", "8", "--trials", "6", "--resume"),
        says='line 1 holds trials of searchlab "0.0.1"',
    )


def test_a_file_without_settings_is_checked_trial_by_trial(refused: Refused, size8: Path) -> None:
    # As 0.1 wrote it: no settings. Its trials still say which settings they were run with.
    records = [{"trial": r["trial"], "result": r["result"]} for r in _records(size8)]
    _write(size8, records)
    refused(
        *_hill(size8, "--size", "6", "--trials", "6", "--resume"),
        says="line 1 holds a trial of other settings (n 8)",
    )


def test_more_trials_of_the_same_settings_resume(run_cli: RunCli, size8: Path) -> None:
    done = run_cli(*_hill(size8, "--size", "8", "--trials", "9", "--resume", "--json"))
    assert done.code == 0, done.stderr
    assert "resuming: 6 of 9 trials" in done.stderr
    records = _records(size8)
    assert len(records) == 9
    # The run that grew the file says so on its first record.
    assert [i for i, r in enumerate(records) if "settings" in r] == [0, 6]
    assert records[6]["settings"]["parameters"]["trials"] == 9
    whole = run_cli(*HILL, "--size", "8", "--trials", "9", "--json")
    assert untimed_rows(done.stdout) == untimed_rows(whole.stdout)


# ---- records ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda r: r.update(result={}), "line 3 is not a result of this experiment: it has no"),
        (
            lambda r: r["result"].update(steps="many"),
            """line 3 is not a result of this experiment: it has 'steps' "many", not a count""",
        ),
        (
            lambda r: r["result"].update(solved=None),
            "line 3 is not a result of this experiment: it has 'solved' null, not a bool",
        ),
        (lambda r: r.update(trial=[1, 2]), "line 3 is not a searchlab trial record"),
    ],
)
def test_a_malformed_record_is_one_line_naming_file_and_line(
    refused: Refused, size8: Path, change: Any, says: str
) -> None:
    records = _records(size8)
    change(records[2])
    _write(size8, records)
    refused(*_hill(size8, "--size", "8", "--trials", "6", "--resume"), says=f"{size8} {says}")


def test_a_repeated_record_is_counted_once(run_cli: RunCli, size8: Path) -> None:
    records = _records(size8)
    again = dict(records[1], result=dict(records[1]["result"], seconds=123.0))  # only timed
    _write(size8, [*records, again])
    done = run_cli(*_hill(size8, "--size", "8", "--trials", "6", "--resume", "--json"))
    assert done.code == 0, done.stderr
    assert "repeats 1 trials with the same results; each is counted once" in done.stderr
    assert len(_records(size8)) == 7  # the user's file is left as it is


def test_conflicting_records_are_refused(refused: Refused, size8: Path) -> None:
    records = _records(size8)
    other = dict(records[1], result=dict(records[1]["result"], steps=999))
    _write(size8, [*records, other])
    refused(
        *_hill(size8, "--size", "8", "--trials", "6", "--resume"),
        says=f"{size8} line 7 gives a trial another result than line 2",
    )


def test_a_torn_last_line_is_moved_aside_not_erased(run_cli: RunCli, size8: Path) -> None:
    whole = size8.read_text()
    size8.write_text(whole + "my own note, not a record")
    done = run_cli(*_hill(size8, "--size", "8", "--trials", "6", "--resume", "--json"))
    assert done.code == 0, done.stderr
    aside = size8.with_name(size8.name + ".torn")
    assert f"moved a torn last line of {size8}" in done.stderr and str(aside) in done.stderr
    assert aside.read_text() == "my own note, not a record\n"
    assert size8.read_text() == whole


def test_a_complete_last_record_without_newline_is_kept(run_cli: RunCli, size8: Path) -> None:
    size8.write_text(size8.read_text().rstrip("\n"))
    done = run_cli(*_hill(size8, "--size", "8", "--trials", "7", "--resume", "--json"))
    assert done.code == 0, done.stderr
    assert "resuming: 6 of 7" in done.stderr
    assert len(_records(size8)) == 7


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\xff\xfe\x00garbage\n", "line 1 is not a searchlab trial record"),
        (b"x" * (4 * 1024 * 1024 + 10) + b"\n", "line 1 is longer than 4,194,304 bytes"),
    ],
)
def test_files_that_are_not_trial_files(
    refused: Refused, tmp_path: Path, content: bytes, says: str
) -> None:
    out = tmp_path / "other.jsonl"
    out.write_bytes(content)
    refused(*_hill(out, "--trials", "2", "--resume"), says=says)
    assert out.read_bytes() == content


def square(spec: dict[str, Any]) -> dict[str, Any]:
    return {"square": spec["index"] ** 2}


def test_the_runner_refuses_trials_it_would_not_make(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    out.write_text(json.dumps({"trial": {"index": 99}, "result": {"square": 1}}) + "\n")
    pool = WorkerPool(1)
    try:
        refusal = r"line 1 holds a trial of other settings \(index 99\)"
        with pytest.raises(InputError, match=refusal):
            run_trials(square, [{"index": i} for i in range(3)], pool=pool, out=out, resume=True)
    finally:
        pool.close()


# ---- workers die with their parent --------------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _survivors_of_killing(process: subprocess.Popen[Any], workers: list[int]) -> list[int]:
    """SIGKILL the parent (it can clean nothing up), then the workers still running 20 s
    later (generous: the watchdog looks every second)."""
    process.kill()
    process.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(_running(pid) for pid in workers):
        time.sleep(0.1)
    return [pid for pid in workers if _running(pid)]


def _kill_all(process: subprocess.Popen[Any], workers: list[int]) -> None:
    """Leave nothing running, whatever the test found."""
    if process.poll() is None:
        process.kill()
        process.wait()
    for pid in workers:
        if _running(pid):
            os.kill(pid, 9)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_when_their_parent_is_killed(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    args = [*HILL[:-2], "--trials", "100000", "--sideways", "100", "--jobs", "2"]
    process = subprocess.Popen(
        [sys.executable, "-c", SEARCHLAB_MAIN, *args, "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            if out.exists() and out.read_text().count("\n") >= 4:
                workers = [pid for pid in _children(process.pid) if _running(pid)]
                if len(workers) >= 2:
                    break
            time.sleep(0.1)
        assert len(workers) >= 2, "the workers did not start"
        alive = _survivors_of_killing(process, workers)
        assert alive == [], f"workers still running after their parent was killed: {alive}"
    finally:
        _kill_all(process, workers)


PARENT = """
import sys, time
from searchlab.experiments import executors
executors._die_with_parent = lambda: None  # the portable fallback alone: the watchdog
pool = executors.WorkerPool(2)
pids = set()
while len(pids) < 2:
    pids |= {future.result() for future in [pool.executor.submit(executors.os.getpid)]}
print(" ".join(map(str, sorted(pids))), flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_watchdog_alone_ends_orphaned_workers() -> None:
    process = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    workers: list[int] = []
    try:
        assert process.stdout is not None
        workers = [int(pid) for pid in process.stdout.readline().split()]
        assert len(workers) == 2 and all(_running(pid) for pid in workers)
        assert _survivors_of_killing(process, workers) == []
    finally:
        _kill_all(process, workers)
