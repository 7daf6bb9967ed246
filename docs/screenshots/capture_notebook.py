"""The stepping widget's screenshot (docs/screenshots/notebook-widget.png): JupyterLab
serving a notebook with one Stepper, run in Debian's headless Chromium, three steps of
Bratko's position (b) taken. Run it with the notebook extra installed:

    .venv/bin/python docs/screenshots/capture_notebook.py
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from pathlib import Path

import nbformat
from playwright import sync_api

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

from test_notebook_browser import CELLS, jupyterlab  # noqa: E402

from searchlab.web.launch import CHROMIUM_ARGS, chromium_path  # noqa: E402


def main() -> None:
    root = Path(tempfile.mkdtemp())
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS[:2]]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, root / "stepper.ipynb")
    with jupyterlab(root) as url, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(),
                                             args=list(CHROMIUM_ARGS))
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.set_default_timeout(60_000)
        page.goto(url)
        page.locator(".jp-Notebook").wait_for()
        with contextlib.suppress(sync_api.TimeoutError):
            page.get_by_role("button", name="Select", exact=True).click(timeout=10_000)
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        widget = page.locator(".searchlab-widget[data-ready='true']").first
        widget.wait_for()
        for _ in range(3):
            widget.locator("#gn-step").click()
        sync_api.expect(widget.locator("#gn-status")).to_contain_text("Expansion 3")
        news = page.get_by_role("button", name="No", exact=True)
        if news.count():
            news.first.click()
        box = page.locator(".jp-OutputArea-output").first.bounding_box()
        assert box is not None
        clip = {"x": box["x"], "y": box["y"], "width": box["width"], "height": 760}
        page.screenshot(path=str(HERE / "notebook-widget.png"), clip=clip)
        browser.close()


if __name__ == "__main__":
    main()
