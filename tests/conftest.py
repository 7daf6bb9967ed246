"""Shared test helpers: running the CLI in-process as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

import pytest
from click.testing import CliRunner

from searchlab.cli.main import main


@dataclass
class CliRun:
    code: int
    stdout: str
    stderr: str


RunCli = Callable[..., CliRun]


@pytest.fixture
def run_cli() -> RunCli:
    """Run ``searchlab ARGS`` in this process: exit code, stdout and stderr, with
    ``input`` fed to stdin. Goes through ``main`` so error handling is the real one."""

    def run(*args: str, input: str | None = None) -> CliRun:
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

    return run


@contextmanager
def served(
    *options: str, stderr: IO[bytes] | None = None, env: Mapping[str, str] | None = None
) -> Iterator[dict[str, Any]]:
    """The real `searchlab serve --port 0 --json OPTIONS` in a subprocess: yields the
    address it printed ({"url", "host", "port"}) with its process id ("pid"), and stops
    the server on the way out. Its stderr goes to ``stderr`` if given; ``env`` is its
    environment (e.g. a PYTHONPATH where a plug-in's entry point is found)."""
    command = [sys.executable, "-c", "from searchlab.cli.main import main; main()"]
    process = subprocess.Popen(
        [*command, "serve", "--port", "0", "--json", *options],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env=None if env is None else dict(env),
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, "searchlab serve printed nothing"
        yield {**json.loads(line), "pid": process.pid}
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
