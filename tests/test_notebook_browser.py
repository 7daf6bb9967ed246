"""The stepping widget end to end: JupyterLab serves a notebook, Debian's headless
Chromium opens it and runs every cell, and the widget (the viewer's own modules) steps
Bratko's position (b) with best-first search and his heuristic, while a second widget
shows the viewer's backtracking view on 4-queens and its "other solutions". The boards
expected come from the puzzle domain's own drawing of the start and the goal, the 5
moves from the document, and 4-queens' two solutions are the known ones.

Under CI (CI=true) the test fails when JupyterLab or the browser cannot start;
elsewhere it is skipped when they are not installed.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from searchlab.domains.drawing import to_json
from searchlab.domains.registry import get_domain
from searchlab.web.launch import CHROMIUM_ARGS, chromium_path

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
try:
    from playwright import sync_api
except ImportError:
    if IN_CI:
        raise
    pytest.skip("playwright is not installed", allow_module_level=True)
expect = sync_api.expect
pytest.importorskip("jupyterlab", reason="JupyterLab is in the notebook extra")

CELLS = [
    "from searchlab.notebook.widget import Stepper",
    'stepper = Stepper("puzzle", "b", algorithm="best-first", heuristic="bratko", seed=1)\n'
    "stepper",
    'Stepper("queens", "4", view="backtrack")',
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def jupyterlab(root: Path) -> Iterator[str]:
    """JupyterLab on a free port serving ``root``, with this interpreter's kernel; the
    address to open (token included)."""
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ip=127.0.0.1", "--allow-root", f"--ServerApp.root_dir={root}",
        f"--IdentityProvider.token={token}",
        "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / ".config"),
           "JUPYTER_RUNTIME_DIR": str(root / ".runtime"), "JUPYTERLAB_SETTINGS_DIR":
           str(root / ".settings"), "JUPYTERLAB_WORKSPACES_DIR": str(root / ".workspaces")}
    log = (root / "jupyter.log").open("wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start:\n" + (root / "jupyter.log").read_text())
                time.sleep(0.3)
        yield f"{base}/lab/tree/stepper.ipynb?token={token}"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def queens_on(widget: Any) -> list[tuple[int, int]]:
    """The queens drawn on a backtracking board, as (row, column) from 1."""
    glyphs = widget.locator("#bt-board .queen")
    return sorted(
        (int(glyphs.nth(i).get_attribute("data-row")), int(glyphs.nth(i).get_attribute("data-col")))
        for i in range(glyphs.count())
    )


def cells_of(board: Any) -> list[str]:
    cells = board.locator(".cell")
    return [cells.nth(index).inner_text().strip() for index in range(cells.count())]


def test_jupyterlab_runs_a_notebook_whose_widget_steps_bratkos_position_b(
    tmp_path: Path,
) -> None:
    executable = chromium_path()
    if executable is None:
        if IN_CI:
            pytest.fail("chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, tmp_path / "stepper.ipynb")
    puzzle = get_domain("puzzle")
    parsed = puzzle.parse_start("b")
    start = to_json(puzzle.draw(puzzle.start_state(parsed)))["cells"]
    goal = to_json(puzzle.draw(puzzle.parse_goal("bratko", parsed)))["cells"]

    with jupyterlab(tmp_path) as url, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_ARGS))
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(60_000)
        page.goto(url)
        page.locator(".jp-Notebook").wait_for()
        choose = page.get_by_role("button", name="Select", exact=True)
        with contextlib.suppress(sync_api.TimeoutError):  # the kernel dialog, if JupyterLab asks
            choose.click(timeout=10_000)
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()

        widgets = page.locator(".searchlab-widget[data-ready='true']")
        expect(widgets).to_have_count(2, timeout=120_000)  # a kernel starting, cells running
        widget = widgets.nth(0)
        status = widget.locator("#gn-status")
        expect(status).to_contain_text("The start, Best-first (Bratko) with bratko")
        board = widget.locator("#gn-board")
        assert cells_of(board) == start

        widget.locator("#gn-step").click()  # the start is expanded first
        expect(status).to_contain_text("Expansion 1")
        assert cells_of(board) == start
        # its successors drawn as mini boards, as the page draws states, not as text
        successors = widget.locator("table.successors td.state-cell")
        expect(successors.first).to_be_visible()
        for cell in successors.all():
            expect(cell.locator(".grid.mini .cell")).to_have_count(9)
            expect(cell.locator("code")).to_have_count(0)
        widget.locator("#gn-end").click()  # the search's last event: the goal
        expect(status).to_contain_text("Solution 1: cost 5, 5 moves")
        assert cells_of(board) == goal
        widget.locator("#gn-back").click()
        expect(status).not_to_contain_text("Solution")
        widget.locator("#gn-play-solution").click()
        path_step = widget.locator("#gn-path-step")
        expect(path_step).to_have_attribute("data-step", "5", timeout=30_000)
        expect(path_step).to_have_attribute("data-moves", "5")
        assert cells_of(board) == goal

        # a second widget in the same notebook has its own search: the viewer's
        # backtracking view (seed 002's applet) on 4-queens, "other solutions" included
        other = widgets.nth(1)
        solutions = other.locator("#bt-solutions li")
        other.locator("#bt-next").click()  # resume the search until its next solution
        expect(solutions).to_have_text(["[2,4,1,3]"])
        assert queens_on(other) == [(1, 2), (2, 4), (3, 1), (4, 3)]
        other.locator("#bt-next").click()
        expect(solutions).to_have_text(["[2,4,1,3]", "[3,1,4,2]"])
        other.locator("#bt-next").click()
        expect(other.locator("#bt-status")).to_contain_text("No more solutions")
        widget.locator("#gn-reset").click()  # and the first one still answers
        expect(status).to_contain_text("The start, Best-first (Bratko) with bratko")
        widget.locator("#gn-step").click()
        expect(status).to_contain_text("Expansion 1")
        browser.close()
    assert errors == []
