"""Take one screenshot of each view of the web viewer into this folder (the generic
view on the schedule domain).

    .venv/bin/python docs/screenshots/capture.py

Starts `searchlab serve` on a free port and drives Debian's chromium (Playwright with
``executable_path``, as the browser tests do), so the pictures show the page as shipped.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

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


def main() -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    server = subprocess.Popen(
        [*SERVE, "--port", "0", "--json"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = json.loads(server.stdout.readline())["url"]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(url)
            expect(page.locator("body")).to_have_attribute("data-ready", "true")

            # Backtracking: 8 queens, every attempt, at a refused square.
            page.fill("#bt-n", "8")
            page.click("#bt-start")
            page.check('input[name="bt-mode"][value="every"]')
            for _ in range(64):
                page.click("#bt-step")
            while not page.locator("#bt-board .mark.refused").count():
                page.click("#bt-step")
            page.screenshot(path=HERE / "backtrack.png")

            # Hill climbing: the document's case 1 under the free operator, at the end.
            page.click("#tab-queens-climb")
            page.select_option("#hc-case", index=1)
            page.select_option("#hc-moves", "free")
            page.fill("#hc-seed", "1")  # a fixed seed: the picture does not change between runs
            page.click("#hc-run")
            expect(page.locator("#hc-stats")).to_contain_text("step")
            page.click("#hc-end")
            page.click("#hc-back")
            page.click("#hc-step")
            page.screenshot(path=HERE / "climb.png")

            # Sliding puzzle: position (c), A* with manhattan, a few expansions in.
            page.click("#tab-puzzle-puzzle")
            page.select_option("#pz-position", "c")
            page.click("#pz-run")
            expect(page.locator("#pz-play-solution")).to_be_enabled()
            for _ in range(12):
                page.click("#pz-step")
            page.screenshot(path=HERE / "puzzle.png")

            # The generic view: Bratko's schedule by A*, a few expansions in, drawn as text.
            page.click("#tab-schedule-generic")
            page.select_option("#gn-schedule-preset", "example")
            page.click("#gn-schedule-run")
            expect(page.locator("#gn-schedule-status")).to_contain_text("press Step")
            for _ in range(6):
                page.click("#gn-schedule-step")
            page.screenshot(path=HERE / "generic.png")

            # Help: the interface described, and the source of the backtracking.
            page.click("#tab-help")
            details = page.locator('details[data-source-domain="queens"]')
            details.locator("summary").click()
            expect(details.locator("pre").first).to_be_visible()
            page.screenshot(path=HERE / "help.png")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    for name in ("backtrack", "climb", "puzzle", "generic", "help"):
        print(HERE / f"{name}.png")


if __name__ == "__main__":
    main()
