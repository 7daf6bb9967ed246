"""The viewer as a lecturer uses it, in headless Chromium: each test here reproduces one
break found projecting it in a classroom (issue 25) and failed before its fix. The
expected answers come from the domains run here (the engine's own events, AIMA's map),
not from the page."""

# ruff: noqa: F811 (the browser fixtures of test_web_browser.py: tests take them by name)

from __future__ import annotations

import re
from io import BytesIO
from typing import Any

from PIL import Image  # matplotlib's own dependency
from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    browser,
    expect,
    page,
    server_url,
    viewer,
)

from searchlab.core import events
from searchlab.domains.routes.domain import ROUTE


def canvas(page: Any) -> Any:
    return page.locator("#mp-canvas")


def open_map(page: Any) -> None:
    page.click("#tab-route-map")
    expect(page.locator("#mp-status")).to_contain_text("Choose the start")


def frontier_sizes(start: str, goal: str, algorithm: str) -> list[int]:
    """The frontier after each expansion, from the engine's own events: the states
    generated so far, less those expanded (a successor refused was reached before)."""
    seen: list[Any] = []
    ROUTE.search(ROUTE.request(start, goal=goal, algorithm=algorithm), seen.append)
    reached: set[Any] = set()
    expanded: set[Any] = set()
    sizes: list[int] = []
    for event in seen:
        if isinstance(event, events.Expand):
            if expanded:
                sizes.append(len(reached - expanded))
            expanded.add(event.state)
        elif isinstance(event, events.Generate):
            reached.add(event.state)
    sizes.append(len(reached - expanded))
    return sizes


# -- the map tab ------------------------------------------------------------------------
def test_the_map_colours_the_frontier_at_every_step(page: Any) -> None:
    """The server kept only expansions: the map never showed a node on the frontier."""
    truth = frontier_sizes("Arad", "Bucharest", "astar")
    assert truth[:2] == [3, 5]  # AIMA fig. 3.24: Sibiu, Timisoara, Zerind; then 5
    open_map(page)
    page.click("#mp-run")
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
    for step, size in enumerate(truth, start=1):
        page.click("#mp-step")
        expect(canvas(page)).to_have_attribute("data-expanded", str(step))
        expect(canvas(page)).to_have_attribute("data-reached", str(size))
    expect(page.locator("#mp-stats")).to_contain_text("on the frontier")


def test_the_first_run_after_a_new_start_is_not_lost(page: Any) -> None:
    """A new graph in the start field made the goal wrong for a moment (its message
    shown); correcting the goal and pressing Run reloaded the map on the press, the
    message went, the button moved, and the click was lost."""
    open_map(page)
    page.fill("#mp-start", "road:300:1:5")
    page.fill("#mp-goal", "200")  # the start field's change: Bucharest is not on this graph
    expect(page.locator('#mp-form [data-error-for="goal"]')).not_to_be_empty()
    page.click("#mp-run")  # the goal field's change comes with this press
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded", timeout=5_000)
    truth = ROUTE.search(ROUTE.request("road:300:1:5", goal="200"))
    page.click("#mp-end")
    expect(canvas(page)).to_have_attribute("data-cost", f"{truth.cost:g}")


def edge_ink(page: Any) -> int:
    """Pixels of the canvas's outer two columns and rows that are not its background
    (the colour of its top-left corner): a name or a road cut by the edge."""
    found: int = canvas(page).evaluate(
        """c => {
          const { width: w, height: h } = c;
          const data = c.getContext('2d').getImageData(0, 0, w, h).data;
          const at = (x, y) => data.slice(4 * (y * w + x), 4 * (y * w + x) + 4).join();
          const paper = at(0, 0);
          let ink = 0;
          const differs = (x, y) => (at(x, y) !== paper ? 1 : 0);
          for (let y = 0; y < h; y++) for (const x of [0, 1, w - 2, w - 1]) ink += differs(x, y);
          for (let x = 0; x < w; x++) for (const y of [0, 1, h - 2, h - 1]) ink += differs(x, y);
          return ink;
        }"""
    )
    return found


def test_romania_is_drawn_whole_with_names_and_kilometres_readable(page: Any) -> None:
    """Eforie was cut to "Ef" on the right; names were ~9 px; no road had its length."""
    open_map(page)
    expect(canvas(page)).to_have_attribute("data-roads", "23")  # AIMA's 23 roads, each with km
    assert edge_ink(page) == 0
    shown_px = canvas(page).evaluate(
        "c => Number(c.dataset.labelPx) * c.clientWidth / (c.width / devicePixelRatio)"
    )
    assert shown_px >= 14
    graph = ROUTE.problem(ROUTE.request("Arad", goal="Bucharest")).graph
    assert graph.edges == 23


def test_the_map_follows_dark_mode(page: Any) -> None:
    """The canvas stayed white on a dark page (the theme may change while it is open)."""
    open_map(page)
    page.emulate_media(color_scheme="dark")
    expect(canvas(page)).to_have_attribute("data-roads", "23")
    shot = Image.open(BytesIO(canvas(page).screenshot())).convert("RGB")
    corner = shot.getpixel((5, 5))
    assert isinstance(corner, tuple) and sum(corner) / 3 < 80, corner
    page.emulate_media(color_scheme="light")
    shot = Image.open(BytesIO(canvas(page).screenshot())).convert("RGB")
    corner = shot.getpixel((5, 5))
    assert isinstance(corner, tuple) and sum(corner) / 3 > 200, corner


def test_a_copied_map_link_reopens_the_same_search_at_the_same_step(
    browser: Any, server_url: str
) -> None:
    """The map's link had no state: it reopened Arad → Bucharest, not run."""
    with viewer(browser, server_url) as first:
        open_map(first)
        first.fill("#mp-start", "romania:Timisoara")
        first.fill("#mp-goal", "Fagaras")
        first.select_option("#mp-algorithm", "uniform-cost")
        first.click("#mp-run")
        expect(first.locator("#mp-status")).to_contain_text("expansions recorded")
        for _ in range(4):
            first.click("#mp-step")
        expect(canvas(first)).to_have_attribute("data-expanded", "4")
        expect(first).to_have_url(re.compile("step=4"))  # written within 0.3 s
        link = first.url
        status = first.locator("#mp-status").text_content()
    with viewer(browser, link) as second:
        expect(canvas(second)).to_have_attribute("data-expanded", "4")
        expect(second.locator("#mp-start")).to_have_value("romania:Timisoara")
        expect(second.locator("#mp-goal")).to_have_value("Fagaras")
        expect(second.locator("#mp-algorithm")).to_have_value("uniform-cost")
        expect(second.locator("#mp-status")).to_have_text(status or "")
