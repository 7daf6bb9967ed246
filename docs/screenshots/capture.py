"""Take each view of the web viewer at 1280 and 400 pixels wide, in the light and the
dark colour scheme, into this folder: ``VIEW-WIDTH-SCHEME.png`` (e.g.
``backtrack-1280-light.png``), the views being backtracking, hill climbing, the sliding
puzzle (A* beside greedy), a tree search (IDA*'s tree), the generic view on the
schedule domain (its Gantt chart), the route map (Romania by A*), a Sudoku (boxes,
givens, pencil marks), Australia's map being coloured, and the help.

    .venv/bin/python docs/screenshots/capture.py [VIEW …]

(only the views named, when some are: ``capture.py sudoku colouring``).

Starts `searchlab serve` on a free port and drives Debian's chromium (Playwright with
``executable_path``, as the browser tests do), so the pictures show the page as shipped.
A narrow shot is scrolled to the view's controls, as a reader of a phone would be.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect, sync_playwright

from searchlab.web.launch import CHROMIUM_ARGS, chromium_path, serving

HERE = Path(__file__).resolve().parent
ARGS = [*CHROMIUM_ARGS, "--hide-scrollbars"]
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


def _puzzle_run(page: Any, algorithm: str, second: str, steps: int) -> None:
    """Position (c) by ALGORITHM with manhattan (beside SECOND, if any), STEPS events in."""
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "c")
    page.select_option("#pz-algorithm", algorithm)
    page.select_option("#pz-heuristic", "manhattan")
    page.select_option("#pz-algorithm2", second)
    if second:
        page.select_option("#pz-heuristic2", "manhattan")
    page.click("#pz-run")
    expect(page.locator("#pz-play-solution")).to_be_enabled()
    for _ in range(steps):
        page.click("#pz-step")


def puzzle(page: Any) -> str:
    """Position (c): A* with manhattan beside greedy, four expansions in."""
    _puzzle_run(page, "astar", "greedy", 4)
    return "#view-puzzle-puzzle .controls"


def tree(page: Any) -> str:
    """IDA* on position (c), the tree of its second round drawn."""
    _puzzle_run(page, "ida", "", 40)
    return "#pz-tree-section"


def _generic_run(page: Any, domain: str, preset: str, steps: int | None) -> str:
    """DOMAIN's named start PRESET in the generic view, STEPS events in (None: to the end)."""
    page.click(f"#tab-{domain}-generic")
    page.select_option(f"#gn-{domain}-preset", preset)
    page.click(f"#gn-{domain}-run")
    expect(page.locator(f"#gn-{domain}-status")).to_contain_text("press Step")
    if steps is None:
        page.click(f"#gn-{domain}-end")
    for _ in range(steps or 0):
        page.click(f"#gn-{domain}-step")
    return f"#view-{domain}-generic .controls"


def generic(page: Any) -> str:
    """Bratko's schedule by A*, at its goal drawn beside its start."""
    return _generic_run(page, "schedule", "example", None)


def route_map(page: Any) -> str:
    """Romania by A*, three expansions in: the frontier coloured, names and kilometres."""
    page.click("#tab-route-map")
    expect(page.locator("#mp-status")).to_contain_text("Choose the start")
    page.click("#mp-run")
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
    for _ in range(3):
        page.click("#mp-step")
    return "#view-route-map .controls"


def sudoku(page: Any) -> str:
    """The easy puzzle by forward checking, a few steps in: givens, pencil marks."""
    return _generic_run(page, "sudoku", "easy", 40)


def colouring(page: Any) -> str:
    """Australia with AIMA's three colours, forward checking, a few steps in."""
    return _generic_run(page, "map-colouring", "australia", 7)


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
    "map": route_map,
    "sudoku": sudoku,
    "colouring": colouring,
    "help": help_page,
}


def main(names: list[str]) -> None:
    chosen = {name: take for name, take in SHOTS.items() if not names or name in names}
    chromium = chromium_path() or "/usr/bin/chromium"
    written: list[Path] = []
    with serving() as address, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        for width, height in WIDTHS.items():
            for scheme in SCHEMES:
                context = browser.new_context(
                    viewport={"width": width, "height": height}, color_scheme=scheme
                )
                page = context.new_page()
                page.goto(address["url"])
                expect(page.locator("body")).to_have_attribute("data-ready", "true")
                for name, take in chosen.items():
                    written.append(shoot(page, name, take, width, scheme))
                context.close()
        browser.close()
    for path in written:
        print(path)


def shoot(page: Any, name: str, take: Callable[[Any], str], width: int, scheme: str) -> Path:
    """One picture: the view set up by ``take``, scrolled to what it names on a narrow
    screen (and for the tree)."""
    anchor = take(page)
    top = 0.0
    if anchor and (width < 800 or name == "tree"):
        box = page.locator(anchor).bounding_box()
        top = box["y"] + page.evaluate("window.scrollY") - 8
    page.evaluate(f"window.scrollTo(0, {max(0.0, top)})")
    path = HERE / f"{name}-{width}-{scheme}.png"
    page.screenshot(path=path)
    return path


if __name__ == "__main__":
    main(sys.argv[1:])
