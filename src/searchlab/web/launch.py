"""The viewer in a child process: ``searchlab serve --port 0 --json`` started on a free
port, its address read from the line it prints, and stopped on the way out. The tests,
the load benchmark and anyone scripting the viewer (a notebook, a screenshot script)
start it the same way."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import IO, Any

SEARCHLAB = [sys.executable, "-c", "from searchlab.cli.main import main; main()"]
"""This Python's searchlab, whatever scripts are on the PATH."""


@contextmanager
def serving(
    *options: str,
    env: Mapping[str, str] | None = None,
    stderr: IO[str] | IO[bytes] | int | None = None,
) -> Iterator[dict[str, Any]]:
    """Run the viewer (with ``options``, e.g. ``--problem file.py``) until the block
    ends; yields ``{"url", "host", "port", "pid"}``. A server that prints nothing (it
    failed to start) is a RuntimeError; on the way out it is terminated, then killed if
    it does not stop within 10 seconds."""
    process = subprocess.Popen(
        [*SEARCHLAB, "serve", "--port", "0", "--json", *options],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env=None if env is None else dict(env),
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("searchlab serve printed nothing (it did not start)")
        yield {**json.loads(line), "pid": process.pid}
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)
"""How to start a headless Chromium that watches the viewer on a closed network: without
the background-networking flags it floods the machine with refused connections."""


def chromium_path() -> str | None:
    """Where Debian's chromium is (None when it is not installed)."""
    import os
    import shutil

    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
