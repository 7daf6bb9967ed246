"""Take each view of the web viewer at 1280 and 400 pixels wide, in the light and the
dark colour scheme, into this folder: ``VIEW-WIDTH-SCHEME.png`` (e.g.
``backtrack-1280-light.png``), the views being backtracking, hill climbing, the sliding
puzzle (A* beside greedy), a tree search (IDA*'s tree), the generic view on the
schedule domain, and the help.

    .venv/bin/python docs/screenshots/capture.py

Starts `searchlab serve` on a free port and drives Debian's chromium (Playwright with
``executable_path``, as the browser tests do), so the pictures show the page as shipped.
A narrow shot is scrolled to the view's controls, as a reader of a phone would be.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect, sync_playwright

HERE = Path(__file__).resolve().parent
SERVE = [sys.executable, "-c", "from searchlab.cli.main import main; main()", "serve"]
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--hide-scrollbars",
]
WIDTHS = {1280: 1000, 400: 1100}  # width: height of the shot
SCHEMES = ("light", "dark")


def backtrack(page: Any) -> str:
    """8 queens, every attempt, at a refused square, the tree beside."""
    page.click("#tab-queens-backtrack")
    page.fill("#bt-n", "8")
    page.click("#bt-start")
    page.check('input[name="bt-mode"][value="every"]')
    for _ in range(64):
        page.click("#bt-step")
    while not page.locator("#bt-board .mark.refused").count():
        page.click("#bt-step")
    return "#view-queens-backtrack .controls"


def climb(page: Any) -> str:
    """The document's case 1 with a fixed seed, one move in: h of every move drawn."""
    page.click("#tab-queens-climb")
    page.select_option("#hc-case", index=1)
    page.fill("#hc-restarts", "3")
    page.fill("#hc-seed", "1")  # a fixed seed: the picture does not change between runs
    page.click("#hc-run")
    expect(page.locator("#hc-stats")).to_contain_text("move (this climb)")
    page.click("#hc-step")
    return "#view-queens-climb .controls"


def puzzle(page: Any) -> str:
    """Position (c): A* with manhattan beside greedy, four expansions in."""
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "c")
    page.select_option("#pz-algorithm", "astar")
    page.select_option("#pz-heuristic", "manhattan")
    page.select_option("#pz-algorithm2", "greedy")
    page.select_option("#pz-heuristic2", "manhattan")
    page.click("#pz-run")
    expect(page.locator("#pz-play-solution")).to_be_enabled()
    for _ in range(4):
        page.click("#pz-step")
    return "#view-puzzle-puzzle .controls"


def tree(page: Any) -> str:
    """IDA* on position (c), the tree of its second round drawn."""
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "c")
    page.select_option("#pz-algorithm", "ida")
    page.select_option("#pz-heuristic", "manhattan")
    page.select_option("#pz-algorithm2", "")
    page.click("#pz-run")
    expect(page.locator("#pz-play-solution")).to_be_enabled()
    for _ in range(40):
        page.click("#pz-step")
    return "#pz-tree-section"


def generic(page: Any) -> str:
    """Bratko's schedule by A*, at its goal drawn beside its start."""
    page.click("#tab-schedule-generic")
    page.select_option("#gn-schedule-preset", "example")
    page.click("#gn-schedule-run")
    expect(page.locator("#gn-schedule-status")).to_contain_text("press Step")
    page.click("#gn-schedule-end")
    return "#view-schedule-generic .controls"


def help_page(page: Any) -> str:
    """The interface described, and the source of A*'s loop."""
    page.click("#tab-help")
    details = page.locator('details[data-source-domain="puzzle"]')
    details.locator("summary").click()
    expect(details.locator("pre").first).to_be_visible()
    return ""


SHOTS: dict[str, Callable[[Any], str]] = {
    "backtrack": backtrack,
    "climb": climb,
    "puzzle": puzzle,
    "tree": tree,
    "generic": generic,
    "help": help_page,
}


def main() -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    server = subprocess.Popen([*SERVE, "--port", "0", "--json"], stdout=subprocess.PIPE, text=True)
    written: list[Path] = []
    try:
        assert server.stdout is not None
        url = json.loads(server.stdout.readline())["url"]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
            for width, height in WIDTHS.items():
                for scheme in SCHEMES:
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, color_scheme=scheme
                    )
                    page = context.new_page()
                    page.goto(url)
                    expect(page.locator("body")).to_have_attribute("data-ready", "true")
                    for name, take in SHOTS.items():
                        anchor = take(page)  # what the shot is scrolled to, if anything
                        top = 0.0
                        if anchor and (width < 800 or name == "tree"):
                            box = page.locator(anchor).bounding_box()
                            top = box["y"] + page.evaluate("window.scrollY") - 8
                        page.evaluate(f"window.scrollTo(0, {max(0.0, top)})")
                        path = HERE / f"{name}-{width}-{scheme}.png"
                        page.screenshot(path=path)
                        written.append(path)
                    context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    for path in written:
        print(path)


if __name__ == "__main__":
    main()
