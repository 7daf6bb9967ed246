"""The map view in headless Chromium: Romania by default, A* stepped expansion by
expansion in the book's order to the 418 km path, both frontiers of a bidirectional
search, ALT's landmarks, a click choosing the goal, walls drawn on a grid. The
expected answers come from the route domain run here (and the book), not the page."""

from __future__ import annotations

from typing import Any

from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    browser,
    expect,
    page,
    server_url,
)

from searchlab.domains.routes.domain import ROUTE


def canvas(page: Any) -> Any:
    return page.locator("#mp-canvas")


def click_at(page: Any, x: float, y: float) -> None:
    """Click the map where it draws the point (x, y) of the graph's coordinates (a
    grid's column and row, centred on a cell at +0.5): the canvas says how it maps
    them to its pixels (``data-transform``: sx, ox, sy, oy)."""
    transform = canvas(page).get_attribute("data-transform") or ""
    sx, ox, sy, oy = (float(v) for v in transform.split(","))
    canvas(page).click(position={"x": ox + x * sx, "y": oy + y * sy})


def test_romania_by_default_steps_through_the_books_order_to_418(page: Any) -> None:
    page.click("#tab-route-map")
    expect(page.locator("#mp-status")).to_contain_text("Choose the start")
    page.select_option("#mp-algorithm", "astar")
    page.click("#mp-run")
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
    taken = []
    for step in range(1, 6):
        page.click("#mp-step")
        expect(canvas(page)).to_have_attribute("data-expanded", str(step))
        text = page.locator("#mp-status").text_content() or ""
        taken.append(text.split(": ", 1)[1].split(",")[0])
    assert taken == ["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti"]
    expect(canvas(page)).to_have_attribute("data-expanded", "5")
    expect(canvas(page)).to_have_attribute("data-path", "")
    page.click("#mp-end")
    expect(canvas(page)).to_have_attribute("data-cost", "418")
    expect(canvas(page)).to_have_attribute(
        "data-path", "Arad;Sibiu;Rimnicu Vilcea;Pitesti;Bucharest"
    )
    expect(page.locator("#mp-status")).to_contain_text("cost 418, 4 moves")
    expect(page.locator("#mp-result")).to_contain_text("cost 418")


def test_bidirectional_shows_both_frontiers(page: Any) -> None:
    request = ROUTE.request("Arad", goal="Bucharest", algorithm="bidirectional")
    truth = ROUTE.search(request)
    page.click("#tab-route-map")
    page.select_option("#mp-algorithm", "bidirectional")
    page.click("#mp-run")
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
    page.click("#mp-end")
    expect(canvas(page)).to_have_attribute("data-expanded", str(truth.stats.expanded))
    forward = int(canvas(page).get_attribute("data-forward"))
    backward = int(canvas(page).get_attribute("data-backward"))
    assert forward > 0 and backward > 0 and forward + backward == truth.stats.expanded
    expect(canvas(page)).to_have_attribute("data-cost", "418")
    expect(page.locator("#mp-stats")).to_contain_text("from the goal")


def test_landmarks_are_drawn_for_alt(page: Any) -> None:
    page.click("#tab-route-map")
    page.select_option("#mp-heuristic", "landmarks")
    expect(canvas(page)).not_to_have_attribute("data-landmarks", "")
    shown = (canvas(page).get_attribute("data-landmarks") or "").split(";")
    request = ROUTE.request("Arad", goal="Bucharest", heuristic="landmarks")
    ROUTE.prepare(request)
    problem = ROUTE.problem(request)
    assert problem.landmarks is not None
    assert shown == [problem.graph.name(int(v)) for v in problem.landmarks.nodes]
    page.click("#mp-run")
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
    page.click("#mp-end")
    expect(canvas(page)).to_have_attribute("data-cost", "418")


def test_a_click_sets_the_goal(page: Any) -> None:
    page.click("#tab-route-map")
    expect(page.locator("#mp-status")).to_contain_text("Choose the start")
    graph = ROUTE.problem(ROUTE.request("Arad", goal="Bucharest")).graph
    assert graph.coords is not None
    x, y = graph.coords[graph.node("Craiova")]
    click_at(page, float(x), float(y))
    expect(page.locator("#mp-goal")).to_have_value("Craiova")
    page.click("#mp-run")
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
    page.click("#mp-end")
    truth = ROUTE.search(ROUTE.request("Arad", goal="Craiova"))
    expect(canvas(page)).to_have_attribute("data-cost", f"{truth.cost:g}")


def test_walls_drawn_on_a_grid_lengthen_the_path(page: Any) -> None:
    page.click("#tab-route-map")
    page.fill("#mp-start", "grid:...../...../.....:0,1")
    page.fill("#mp-goal", "4,1")
    page.press("#mp-goal", "Enter")
    page.click("#mp-end")
    expect(canvas(page)).to_have_attribute("data-cost", "4")
    page.select_option("#mp-click", "wall")
    for row in (0, 1):  # a wall down column 2, rows 0 and 1: the way goes round below
        click_at(page, 2.5, row + 0.5)
    expect(page.locator("#mp-start")).to_have_value("grid:..@../..@../.....:0,1")
    page.click("#mp-run")
    expect(page.locator("#mp-status")).to_contain_text("expansions recorded")
    page.click("#mp-end")
    truth = ROUTE.search(ROUTE.request("grid:..@../..@../.....:0,1", goal="4,1"))
    expect(canvas(page)).not_to_have_attribute("data-cost", "")
    shown = float(canvas(page).get_attribute("data-cost") or "nan")
    assert (
        truth.cost is not None and abs(shown - truth.cost) < 1e-6 and truth.cost == 2 + 2 * 2**0.5
    )


def test_alts_fields_show_on_the_map_only_with_landmarks_and_no_file_field_ever(
    page: Any,
) -> None:
    """Romania's default estimate is the straight line: the landmarks' count and their
    selection act only with ALT, so they show only when it is chosen; a landmarks file
    is a file of the server, never named from the page (the request would be refused)."""
    page.click("#tab-route-map")
    expect(page.locator("#mp-status")).to_contain_text("Choose the start")
    landmarks = page.locator('#view-route-map [data-option="landmarks"]')
    selection = page.locator('#view-route-map [data-option="selection"]')
    expect(landmarks).to_be_hidden()
    expect(selection).to_be_hidden()
    expect(page.locator('#view-route-map [data-option="landmarks_file"]')).to_have_count(0)
    page.select_option("#mp-heuristic", "landmarks")
    expect(landmarks).to_be_visible()
    expect(selection).to_be_visible()
    page.select_option("#mp-heuristic", "straight-line")
    expect(landmarks).to_be_hidden()
