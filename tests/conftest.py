"""Shared test helpers: running the CLI as a user would, in this process or in a child
one (and interrupting it), the JSON report of a run that must succeed, the one way a
refusal looks, an experiment's rows without their times, the viewer's session store
behind a test client, and a real server."""

from __future__ import annotations

import itertools
import json
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

import pytest
from click.testing import CliRunner
from starlette.applications import Starlette

from searchlab.cli.main import main
from searchlab.web.launch import serving
from searchlab.web.sessions import SessionStore

if TYPE_CHECKING:
    from starlette.testclient import TestClient

SEARCHLAB_MAIN = "from searchlab.cli.main import main; main()"
"""``python -c`` this, and it is the ``searchlab`` command of this Python's searchlab."""


@dataclass
class CliRun:
    code: int
    stdout: str
    stderr: str


class RunCli(Protocol):
    def __call__(self, *args: str, input: str | None = None) -> CliRun: ...


class Refused(Protocol):
    def __call__(self, *args: str, says: str | re.Pattern[str]) -> CliRun: ...


def invoke(*args: str, input: str | None = None) -> CliRun:
    """Run ``searchlab ARGS`` in this process: exit code, stdout and stderr, with
    ``input`` fed to stdin. Goes through ``main`` so error handling is the real one."""
    runner = CliRunner()
    with runner.isolation(input=input) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        stdout = out.getvalue().decode()
        stderr = err.getvalue().decode() if err is not None else ""
    return CliRun(code, stdout, stderr)


_NOTICE_FILES = itertools.count()


@pytest.fixture(autouse=True)
def unseen_notices(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Every test runs as a user told no deprecation yet (each notice is said once a
    release: searchlab.cli.notices), in a file of its own, never the user's cache."""
    path = tmp_path_factory.getbasetemp() / "notices" / f"{next(_NOTICE_FILES)}.json"
    monkeypatch.setattr("searchlab.cli.notices.seen_file", lambda: path)


@pytest.fixture
def run_cli() -> RunCli:
    """``invoke``: ``searchlab ARGS`` in this process."""
    return invoke


def report_of(command: str, *more: str) -> dict[str, Any]:
    """``searchlab COMMAND MORE --json`` in this process, which must succeed: its JSON
    document. COMMAND is split as a shell would; MORE (paths, say) is passed as it is."""
    done = invoke(*shlex.split(command), *more, "--json")
    assert done.code == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def assert_refused(
    run: CliRun | subprocess.CompletedProcess[str], says: str | re.Pattern[str]
) -> None:
    """How searchlab refuses what it is asked: exit code 2, nothing on stdout, and one
    line on stderr, ``searchlab: error: ...``, that contains ``says`` (or, given a
    compiled pattern, in which the pattern is found). ``run`` ran in this process or in
    a child one."""
    code = run.code if isinstance(run, CliRun) else run.returncode
    assert code == 2, (code, run.stdout, run.stderr)
    assert run.stdout == "", run.stdout
    assert run.stderr.startswith("searchlab: error: "), run.stderr
    assert run.stderr.endswith("\n") and run.stderr.count("\n") == 1, run.stderr
    if isinstance(says, re.Pattern):
        assert says.search(run.stderr), (says.pattern, run.stderr)
    else:
        assert says in run.stderr, (says, run.stderr)


@pytest.fixture
def refused() -> Refused:
    """Run ``searchlab ARGS`` in this process and check it is refused naming ``says``
    (see ``assert_refused``); the run, for any further check."""

    def run(*args: str, says: str | re.Pattern[str]) -> CliRun:
        done = invoke(*args)
        assert_refused(done, says)
        return done

    return run


def untimed_rows(report: str | Mapping[str, Any]) -> list[dict[str, Any]]:
    """The rows of an experiment's JSON report (as printed, or read) without their
    times ("seconds", "mean_seconds"): the one thing two runs of the same trials may
    differ in."""
    rows = (json.loads(report) if isinstance(report, str) else report)["rows"]
    return [{k: v for k, v in row.items() if k not in ("seconds", "mean_seconds")} for row in rows]


def signal_once_written(args: Sequence[str], out: Path, lines: int, signum: int) -> tuple[int, str]:
    """Start ``searchlab ARGS`` in a child process, send it ``signum`` as soon as the
    file ``out`` it writes holds ``lines`` lines (or after a minute; failing if it ended
    before), and wait for it to end: its exit code and its stderr."""
    process = subprocess.Popen(
        [sys.executable, "-c", SEARCHLAB_MAIN, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if out.exists() and out.read_text().count("\n") >= lines:
                break
            time.sleep(0.05)
        assert process.poll() is None, "the run ended before the signal could be sent"
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, stderr


def python(
    *args: str,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with this interpreter in a child process, its output as text;
    ``env`` is its environment (e.g. a PYTHONPATH where a plug-in's entry point is
    found). The exit code is the caller's to check."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=None if env is None else dict(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def run_searchlab(
    *args: str, env: Mapping[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``searchlab ARGS`` in a child process (see ``python``): for what one process
    cannot show, such as entry points found on another path, or a cluster."""
    return python("-c", SEARCHLAB_MAIN, *args, env=env, timeout=timeout)


def sessions_of(client: TestClient) -> SessionStore:
    """The session store of the viewer app behind ``client`` (one ``create_app`` made)."""
    app = client.app
    assert isinstance(app, Starlette), app
    store = app.state.sessions
    assert isinstance(store, SessionStore), store
    return store


@contextmanager
def served(
    *options: str, stderr: IO[bytes] | None = None, env: Mapping[str, str] | None = None
) -> Iterator[dict[str, Any]]:
    """The real `searchlab serve --port 0 --json OPTIONS` in a subprocess: yields the
    address it printed ({"url", "host", "port"}) with its process id ("pid"), and stops
    the server on the way out. Its stderr goes to ``stderr`` if given; ``env`` is its
    environment (e.g. a PYTHONPATH where a plug-in's entry point is found)."""
    with serving(*options, env=env, stderr=stderr) as address:
        yield address
