"""The viewer as a lecturer uses it, in headless Chromium: each test here reproduces one
break found projecting it in a classroom (issue 25) and failed before its fix. The
expected answers come from the domains run here (the engine's own events, AIMA's map),
not from the page."""

# ruff: noqa: F811 (the browser fixtures of test_web_browser.py: tests take them by name)

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
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
from searchlab.domains.registry import get_domain
from searchlab.domains.routes.domain import ROUTE


@contextlib.contextmanager
def opening(browser: Any, url: str) -> Iterator[Any]:
    """A fresh page on ``url`` while it opens (``viewer`` waits until the page is
    ready: a link is reopened by then); no script error allowed."""
    context = browser.new_context(viewport={"width": 1200, "height": 860})
    opened = context.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    opened.set_default_timeout(15_000)
    opened.goto(url)
    yield opened
    context.close()
    assert problems == []


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
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
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


def corner(page: Any) -> float:
    """How light the map's top-left corner looks on the screen (0 to 255)."""
    shot = Image.open(BytesIO(canvas(page).screenshot())).convert("RGB")
    pixel = shot.getpixel((5, 5))
    assert isinstance(pixel, tuple)
    return sum(pixel) / 3


def settles(page: Any, holds: Any) -> bool:
    """Whether ``holds()`` comes true within a few redraws of the page."""
    for _ in range(20):
        if holds():
            return True
        page.wait_for_timeout(100)
    return bool(holds())


def test_the_map_follows_dark_mode(page: Any) -> None:
    """The canvas stayed white on a dark page (the theme may change while it is open)."""
    open_map(page)
    expect(canvas(page)).to_have_attribute("data-roads", "23")
    assert corner(page) > 200
    page.emulate_media(color_scheme="dark")
    assert settles(page, lambda: corner(page) < 80)
    page.emulate_media(color_scheme="light")
    assert settles(page, lambda: corner(page) > 200)


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


# -- the generic view: a live (step-by-step) search ---------------------------------------
QCSP = "#gn-queens-csp"


def event_row(page: Any, view: str) -> str:
    """The "event" row of a view's statistics ("12 of 340" once the search is over)."""
    text = page.locator(f"{view}-stats dt:text-is('event') + dd").text_content()
    return text or ""


def six_queens_events() -> int:
    """Every event of the whole search, as the engine streams it."""
    domain = get_domain("queens-csp")
    request = domain.request("6", algorithm="csp-backtracking")
    return sum(1 for _ in domain.stream(request).events())


def expect_the_end(page: Any) -> None:
    result = page.locator(f"{QCSP}-result")
    expect(result).to_contain_text("no more solutions")
    every = f"{six_queens_events():,}"
    assert event_row(page, QCSP) == f"{every} of {every}"


def start_six_queens(page: Any) -> None:
    page.click("#tab-queens-csp-generic")
    page.fill(f"{QCSP}-start", "6")
    page.select_option(f"{QCSP}-algorithm", "csp-backtracking")
    page.click(f"{QCSP}-run")
    expect(page.locator(f"{QCSP}-status")).to_contain_text("press Step or Play")


def test_to_the_end_right_after_run_goes_to_the_end_of_a_live_search(page: Any) -> None:
    """It did nothing: the page held no event yet."""
    start_six_queens(page)
    page.click(f"{QCSP}-end")
    expect_the_end(page)


def test_to_the_end_after_one_step_does_not_stop_at_event_500(page: Any) -> None:
    """It stopped at the last event of the page one Step had fetched."""
    start_six_queens(page)
    page.click(f"{QCSP}-step")
    expect(page.locator(f"{QCSP}-status")).not_to_contain_text("press Step")
    page.click(f"{QCSP}-end")
    expect_the_end(page)
    assert int(event_row(page, QCSP).split(" of ")[0].replace(",", "")) > 500


def test_to_the_end_after_a_restored_link_goes_to_the_end(browser: Any, server_url: str) -> None:
    link = f"{server_url}#queens-csp-generic?start=6&algorithm=csp-backtracking&step=0"
    with viewer(browser, link) as page:
        expect(page.locator(f"{QCSP}-status")).to_contain_text("press Step or Play")
        page.click(f"{QCSP}-end")
        expect_the_end(page)


def test_queens_csp_with_an_empty_start_says_it_did_not_run(page: Any) -> None:
    """It stayed "Searching…" for ever, the message beside the field."""
    page.click("#tab-queens-csp-generic")
    page.click(f"{QCSP}-run")
    expect(page.locator(f'{QCSP}-form [data-error-for="start"]')).to_contain_text("type a start")
    expect(page.locator(f"{QCSP}-status")).to_have_text("Not run: fix the field marked in red.")


# -- backtracking: a long link --------------------------------------------------------------
def test_a_link_past_what_the_page_replays_says_so_at_once_and_shows_the_board(
    browser: Any, server_url: str
) -> None:
    """event=300000 reopened at 100,000 without a word, after seconds of an empty board."""
    link = f"{server_url}#queens-backtrack?start=12&mode=stable&event=300000"
    with opening(browser, link) as page:
        status = page.locator("#bt-status")
        # while the link is replayed: the cap is said, and the board follows the replay
        expect(status).to_contain_text(re.compile(r"Reopening the link: event [1-9]"))
        expect(status).to_contain_text("the page replays at most 100,000 events")
        assert page.locator("#bt-board .queen").count() > 0
        expect(page).to_have_url(re.compile("event=100000"), timeout=60_000)
        expect(status).to_contain_text(
            "This link asks for event 300,000, but the page replays at most 100,000 events"
        )
        expect(status).not_to_contain_text("Reopening")


# -- IDA* on the sliding puzzle ---------------------------------------------------------------
def run_ida(page: Any) -> None:
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "c")
    page.select_option("#pz-algorithm", "ida")
    page.click("#pz-run")
    expect(page.locator("#pz-play-solution")).to_be_enabled()


def test_ida_steps_say_depth_first_within_the_bound_not_the_frontier(page: Any) -> None:
    """IDA* has no frontier, yet each of its steps said "taken from the frontier"."""
    run_ida(page)
    status = page.locator("#pz-status")
    for _ in range(3):
        page.click("#pz-step")
        if "Expansion" in (status.text_content() or ""):
            break
    expect(status).to_contain_text("is entered depth-first")
    expect(status).to_contain_text("within this round's bound")
    expect(status).to_contain_text("IDA* keeps no frontier")
    expect(status).not_to_contain_text("taken from the frontier")


def current_node_in_view(page: Any) -> bool | None:
    """Whether the tree's node of this step lies inside the tree's visible box (None:
    no node is current)."""
    inside: bool | None = page.evaluate(
        """() => {
          const box = document.querySelector('#pz-tree-section .tree-scroll');
          const node = box?.querySelector('.current');
          if (!node) return null;
          const [a, b] = [box.getBoundingClientRect(), node.getBoundingClientRect()];
          return b.left >= a.left && b.right <= a.right && b.top >= a.top && b.bottom <= a.bottom;
        }"""
    )
    return inside


def test_the_ida_tree_keeps_the_node_of_each_step_in_view(page: Any) -> None:
    """The tree's box only followed the node across, and its lower rows were cut: the
    node of the step, down the tree, was out of sight (at the goal, always)."""
    run_ida(page)
    seen = 0
    for _ in range(60):
        page.click("#pz-step")
        inside = current_node_in_view(page)
        if inside is not None:
            seen += 1
            assert inside
    assert seen > 30
    page.click("#pz-end")
    expect(page.locator("#pz-status")).to_contain_text("The goal is reached")
    assert current_node_in_view(page) is True


def test_ida_in_the_generic_view_speaks_of_its_bound_and_shows_no_frontier(page: Any) -> None:
    """The generic view said "taken from the frontier" and showed a frontier of 0."""
    page.click("#tab-schedule-generic")
    page.select_option("#gn-schedule-preset", "example")
    page.select_option("#gn-schedule-algorithm", "ida")
    page.click("#gn-schedule-run")
    status = page.locator("#gn-schedule-status")
    expect(status).to_contain_text("press Step")
    for _ in range(3):
        page.click("#gn-schedule-step")
    expect(status).to_contain_text("is entered depth-first")
    expect(status).to_contain_text("IDA* keeps no frontier")
    stats = page.locator("#gn-schedule-stats")
    expect(stats.locator("dt:text-is('bound (this round)')")).to_have_count(1)
    expect(stats.locator("dt:text-is('frontier')")).to_have_count(0)


def test_a_generic_link_deep_in_a_live_search_shows_the_replay(
    browser: Any, server_url: str
) -> None:
    """The page stayed on "Searching…" while the link's events were fetched, and then
    jumped; now the board and the status follow the replay to the link's event."""
    link = f"{server_url}#queens-csp-generic?start=12&algorithm=dfs&step=6000"
    with opening(browser, link) as page:
        status = page.locator(f"{QCSP}-status")
        expect(status).to_contain_text(
            re.compile(r"Reopening the link: event [1-9][\d,]* of 6,000")
        )
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        assert event_row(page, QCSP) == "6,000"
        expect(status).not_to_contain_text("Reopening")
