# ruff: noqa: F811 (the browser fixtures of test_web_browser.py, taken by their names)
"""Views a teacher would draw on the board (issue 25, item 5), end to end in Debian's
chromium (the fixtures of test_web_browser.py). Each test failed on the page before:
Sudoku had no boxes and wrote candidates as numbers ("457"), map colouring was a text
list with 4 colours, a schedule was lines of text with moves as JSON and h = 19.333333,
the queens' texts said "row 6, column 4" and "(6,4)", the weight field showed for every
algorithm, and the tabs said "astar". The expected answers come from the domains
(their maps, puzzles and schedules), not from the page.
"""

from __future__ import annotations

import re
from typing import Any

from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    browser,
    expect,
    page,
    server_url,
    start_backtracking,
    start_climb,
    step_until,
)

from searchlab.domains.mapcolouring.maps import MAPS
from searchlab.domains.scheduling.parse import example_instance
from searchlab.domains.sudoku.domain import PUZZLES


def run_generic(page: Any, key: str, preset: str = "", start: str = "", **fields: str) -> None:
    """The generic tab of ``key`` run on a named start (or a typed one)."""
    page.click(f"#tab-{key}-generic")
    if preset:
        page.select_option(f"#gn-{key}-preset", preset)
    if start:
        page.fill(f"#gn-{key}-start", start)
    for name, value in fields.items():
        page.locator(f"#gn-{key}-form [name='{name}']").fill(value)
    page.click(f"#gn-{key}-run")
    expect(page.locator(f"#gn-{key}-status")).to_contain_text("press Step")


def step(page: Any, key: str, times: int) -> None:
    """Press Step ``times`` times, each time until the page has drawn the event."""
    for _ in range(times):
        page.click(f"#gn-{key}-step")
        expect(page.locator(f"#gn-{key}-stats")).to_contain_text(re.compile(r"event\s*\d"))
        position = page.locator(f"#gn-{key}-stats dt:text-is('event') + dd")
        expect(position).not_to_have_text("—")


# -- Sudoku ----------------------------------------------------------------------------


def test_sudoku_has_thick_box_lines_bold_givens_and_pencil_marks(page: Any) -> None:
    puzzle = PUZZLES["easy"]
    run_generic(page, "sudoku", "easy")
    step(page, "sudoku", 3)
    board = page.locator("#gn-sudoku-board .grid")
    expect(board).to_have_class(re.compile(r"\bgrid-boxed\b"))
    cells = board.locator(".cell")
    expect(cells).to_have_count(81)

    def width(row: int, col: int, side: str) -> float:
        cell = board.locator(f".cell[data-row='{row}'][data-col='{col}']")
        return float(cell.evaluate(f"c => parseFloat(getComputedStyle(c).border{side}Width)"))

    # a box's edge is ruled thick, a line inside a box thin (after columns 3 and 6)
    assert width(0, 2, "Right") >= 3 > width(0, 1, "Right")
    assert width(2, 0, "Bottom") >= 3 > width(1, 0, "Bottom")
    assert width(0, 5, "Right") >= 3 and width(0, 8, "Right") < 3  # the frame draws the edge
    # the givens are the puzzle's digits, bold; no other cell is drawn as one
    givens = board.locator(".cell.given")
    expect(givens).to_have_count(sum(1 for c in puzzle if c not in ".0"))
    for index, cell in enumerate(puzzle):
        if cell not in ".0":
            shown = board.locator(f".cell[data-row='{index // 9}'][data-col='{index % 9}']")
            expect(shown).to_have_text(cell)
            expect(shown).to_have_class(re.compile(r"\bgiven\b"))
    weight = givens.first.evaluate("c => Number(getComputedStyle(c).fontWeight)")
    assert weight >= 700
    # an open cell holds a 3 × 3 grid of pencil marks, each value in its own place
    notes = board.locator(".cell .notes").first
    expect(notes.locator(".note")).to_have_count(9)
    slots = notes.locator(".note").all_text_contents()
    assert all(value in ("", str(place)) for place, value in enumerate(slots, start=1))
    assert notes.evaluate("n => getComputedStyle(n).gridTemplateColumns.split(' ').length") == 3
    # forward checking has struck candidates: some open cell lacks a value in its grid
    marks = board.locator(".cell .notes")
    counts = [len([v for v in m.locator(".note").all_text_contents() if v]) for m in marks.all()]
    assert min(counts) < 9
    expect(page.locator("#gn-sudoku-legend")).to_contain_text("pencil marks")


def test_a_filled_digit_looks_unlike_a_given(page: Any) -> None:
    run_generic(page, "sudoku", "easy")
    board = page.locator("#gn-sudoku-board .grid")
    step(page, "sudoku", 1)
    page.click("#gn-sudoku-next")  # the solution: the givens and the digits filled in
    expect(page.locator("#gn-sudoku-status")).to_contain_text("Solution 1")
    blanks = sum(1 for c in PUZZLES["easy"] if c in ".0")
    expect(board.locator(".cell.filled")).to_have_count(blanks)
    filled = board.locator(".cell.filled").first
    given = board.locator(".cell.given").first
    expect(filled).to_be_visible()

    def style(cell: Any) -> tuple[str, str, str]:
        return cell.evaluate(  # type: ignore[no-any-return]
            "c => { const s = getComputedStyle(c); return [s.fontWeight, s.fontStyle, s.color]; }"
        )

    assert style(filled) != style(given)
    assert int(style(filled)[0]) < int(style(given)[0])


def test_a_16x16_sudoku_is_ruled_in_4x4_boxes(page: Any) -> None:
    run_generic(page, "sudoku", "16x16")
    board = page.locator("#gn-sudoku-board .grid")
    expect(board.locator(".cell")).to_have_count(256)
    thick = board.locator(".cell.box-right[data-row='0']")
    assert sorted(int(c.get_attribute("data-col")) for c in thick.all()) == [3, 7, 11]


# -- map colouring --------------------------------------------------------------------


def colours_on(page: Any) -> dict[str, str]:
    areas = page.locator("#gn-map-colouring-board svg.chart .area")
    return {
        area.get_attribute("data-region"): area.get_attribute("data-colour")
        for area in areas.all()
    }


def test_australia_is_a_map_coloured_with_three_colours_by_default(page: Any) -> None:
    australia = MAPS["australia"]
    run_generic(page, "map-colouring", "australia")
    chart = page.locator("#gn-map-colouring-board svg.chart")
    expect(chart).to_have_attribute("role", "img")
    assert chart.locator("title").first.text_content().startswith("Australia")
    expect(chart.locator(".area polygon")).to_have_count(len(australia.regions))
    # AIMA's three colours: the key under the map names them, with their swatches
    key = page.locator("#gn-map-colouring-board .colour-key li")
    expect(key).to_have_text(["red", "green", "blue"])
    page.click("#gn-map-colouring-step")
    page.click("#gn-map-colouring-next")  # the first solution
    expect(page.locator("#gn-map-colouring-status")).to_contain_text("Solution 1")
    coloured = colours_on(page)
    assert set(coloured) == set(australia.regions)
    assert set(coloured.values()) <= {"red", "green", "blue"}
    assert all(coloured[a] != coloured[b] for a, b in australia.borders)
    # each colour is filled with its own swatch, the same as the key's
    fills: dict[str, set[str]] = {}
    for region, colour in coloured.items():
        shape = chart.locator(f".area[data-region='{region}'] polygon")
        fills.setdefault(colour, set()).add(shape.get_attribute("fill"))
    assert all(len(found) == 1 for found in fills.values())
    assert len({next(iter(found)) for found in fills.values()}) == len(fills)
    label = chart.get_attribute("aria-label")
    assert all(f"{region} {colour}" in label for region, colour in coloured.items())


def test_a_blank_region_shows_the_colours_it_may_still_take(page: Any) -> None:
    run_generic(page, "map-colouring", "australia")
    step(page, "map-colouring", 4)  # WA coloured, forward checking struck it from NT, SA
    chart = page.locator("#gn-map-colouring-board svg.chart")
    wa = colours_on(page)["WA"]
    assert wa in ("red", "green", "blue")
    for region in ("NT", "SA"):
        dots = chart.locator(f".area[data-region='{region}'] .left-dot")
        expect(dots).to_have_count(2)
    expect(chart.locator(".area[data-region='Q'] .left-dot")).to_have_count(3)


def test_the_48_states_are_a_tile_map_with_every_border_drawn(page: Any) -> None:
    usa = MAPS["usa"]
    run_generic(page, "map-colouring", "usa")
    chart = page.locator("#gn-map-colouring-board svg.chart")
    expect(chart.locator(".area")).to_have_count(48)
    expect(chart.locator(".border-link")).to_have_count(len(usa.borders))
    expect(page.locator("#gn-map-colouring-board .colour-key li")).to_have_count(4)


def test_a_map_of_your_own_is_drawn_as_a_graph(page: Any) -> None:
    run_generic(page, "map-colouring", start="A: B C; B: C; C: D")
    chart = page.locator("#gn-map-colouring-board svg.chart")
    expect(chart.locator(".area circle.region")).to_have_count(4)
    expect(chart.locator(".border-link")).to_have_count(4)
    first = chart.locator(".area").first.locator("circle.region")
    centre = (float(first.get_attribute("cx")), float(first.get_attribute("cy")))
    others = [chart.locator(".area").nth(i).locator("circle.region") for i in range(1, 4)]
    assert all(float(o.get_attribute("cy")) > centre[1] for o in others)  # the first on top


# -- scheduling -------------------------------------------------------------------------


def test_a_schedule_grows_as_a_gantt_chart(page: Any) -> None:
    instance = example_instance()
    run_generic(page, "schedule", "example")
    chart = page.locator("#gn-schedule-board svg.gantt")
    expect(chart.locator(".gantt-row")).to_have_text(["P1", "P2", "P3"])
    placed = []
    for _ in range(8):
        page.click("#gn-schedule-step")
        placed.append(int(chart.get_attribute("data-bars")))
    assert max(placed) > placed[0]  # the chart grows as the search goes deeper
    # no move is shown as JSON, no figure with more than two decimals
    status = page.locator("#gn-schedule-status").inner_text()
    assert "{" not in status and not re.search(r"\d\.\d{3}", status)
    stats = page.locator("#gn-schedule-stats").inner_text()
    assert not re.search(r"\d\.\d{3}", stats)
    page.click("#gn-schedule-end")
    page.click("#gn-schedule-play-solution")
    path_step = page.locator("#gn-schedule-path-step")
    moves = int(path_step.get_attribute("data-moves"))
    expect(path_step).to_have_attribute("data-step", str(moves), timeout=20_000)
    bars = chart.locator(".gantt-bar:not(.idle)")
    expect(bars).to_have_count(len(instance.tasks))
    labels = sorted(bar.get_attribute("data-task") for bar in bars.all())
    assert labels == sorted(task.name for task in instance.tasks)
    assert "finishing time so far 24" in chart.get_attribute("aria-label")
    expect(chart.locator(".gantt-tick").last).to_have_text("24")


# -- the queens' coordinates ------------------------------------------------------------


def test_backtracking_names_squares_as_the_board_does(page: Any) -> None:
    start_backtracking(page, 4, every=True)
    status = page.locator("#bt-status")
    step_until(page, "bt", lambda: "attacked" in status.inner_text(), 12)
    # 4-queens' first refusal: row 2, column 1, under the queen on a1
    expect(status).to_contain_text("a2 is attacked")
    assert "row" not in status.inner_text() and "column" not in status.inner_text()
    legend = page.locator("#bt-legend")
    expect(legend).to_contain_text("file then rank")
    # the board's edges say the same: file letters along the top, rank numbers down the side
    coords = page.locator("#bt-board .coord").all_text_contents()
    assert {"a", "b", "c", "d", "1", "2", "3", "4"} <= set(coords)


def test_hill_climbing_describes_its_moves_in_squares(page: Any) -> None:
    start_climb(page, 1)
    page.click("#hc-step")
    move = page.locator("#hc-move")
    expect(move).to_contain_text("moves to")
    said = move.inner_text()
    assert re.search(r"the queen on [a-h][1-8] moves to [a-h][1-8]", said), said
    assert not re.search(r"\(\d+,\d+\) moves", said)
    expect(page.locator("#hc-legend")).to_contain_text("file then rank")


# -- forms and names ----------------------------------------------------------------


def test_the_weight_field_shows_only_for_weighted_astar(page: Any) -> None:
    page.click("#tab-puzzle-puzzle")
    weight = page.locator("#pz-weight")
    page.select_option("#pz-algorithm", "astar")
    expect(weight).to_be_hidden()
    page.select_option("#pz-algorithm", "weighted-astar")
    expect(weight).to_be_visible()
    page.select_option("#pz-algorithm", "bfs")
    expect(weight).to_be_hidden()
    expect(page.locator("#pz-heuristic")).to_be_hidden()  # breadth-first ignores it too


def test_the_heuristic_field_shows_only_for_an_informed_search(page: Any) -> None:
    page.click("#tab-schedule-generic")
    heuristic = page.locator("#gn-schedule-heuristic")
    expect(heuristic).to_be_visible()
    page.select_option("#gn-schedule-algorithm", "bfs")
    expect(heuristic).to_be_hidden()
    page.select_option("#gn-schedule-algorithm", "astar")
    expect(heuristic).to_be_visible()


def test_tabs_and_titles_use_the_algorithms_human_names(page: Any) -> None:
    expect(page.locator("#tab-puzzle-puzzle")).to_have_text("Sliding puzzle · A*")
    expect(page.locator("#gn-schedule-algorithm option[value='astar']")).to_have_text("A*")
    expect(page.locator("#pz-algorithm option[value='ida']")).to_have_text("IDA*")
    expect(page.locator("#pz-algorithm2 option[value='bfs']")).to_have_text("Breadth-first")
    annealing = page.locator("#hc-algorithm option[value='simulated-annealing']")
    expect(annealing).to_have_text("Simulated annealing")
    run_generic(page, "schedule", "example")
    expect(page.locator("#gn-schedule-status")).to_contain_text("The start, A* with bratko")


# -- successors as mini boards (the generic view, which the notebook widget runs) -----


def test_successors_and_the_frontier_are_mini_boards_not_text(page: Any) -> None:
    page.click("#tab-route-generic")
    page.fill("#gn-route-start", "grid:...../.@@@./...../.@.@./.....:0,0")
    page.fill("#gn-route-goal", "4,4")
    page.click("#gn-route-run")
    expect(page.locator("#gn-route-status")).to_contain_text("press Step")
    page.click("#gn-route-step")
    successors = page.locator("#gn-route-detail table.successors tbody tr")
    expect(successors.first).to_be_visible()
    for row in successors.all():
        board = row.locator("td.state-cell .mini-drawing .grid.mini")
        expect(board).to_have_count(1)
        expect(board.locator(".cell")).to_have_count(25)
        expect(board.locator(".cell", has_text="●")).to_have_count(1)  # where it is
        expect(row.locator("td.state-cell code")).to_have_count(0)  # no wrapped text
    head = page.locator("#gn-route-detail table.frontier tbody tr td.state-cell .grid.mini")
    expect(head.first).to_be_visible()


def test_alts_landmark_fields_show_only_with_the_landmarks_heuristic(page: Any) -> None:
    page.click("#tab-route-generic")
    landmarks = page.locator("#gn-route-params [data-option='landmarks']")
    neighbours = page.locator("#gn-route-params [data-option='neighbours']")
    page.select_option("#gn-route-algorithm", "astar")
    page.select_option("#gn-route-heuristic", "straight-line")
    expect(landmarks).to_be_hidden()
    expect(neighbours).to_be_visible()  # a grid's moves: whatever the heuristic
    page.select_option("#gn-route-heuristic", "landmarks")
    expect(landmarks).to_be_visible()
    page.select_option("#gn-route-algorithm", "bfs")  # no heuristic at all
    expect(landmarks).to_be_hidden()
    expect(page.locator("#gn-route-heuristic")).to_be_hidden()


def test_a_queens_csp_board_names_its_files_and_ranks(page: Any) -> None:
    run_generic(page, "queens-csp", start="6")
    board = page.locator("#gn-queens-csp-board .grid")
    labels = board.locator(".coord-label").all_text_contents()
    assert [label for label in labels if label.isalpha()] == list("abcdef")
    assert [label for label in labels if label.isdigit()] == [str(r) for r in range(1, 7)]
    expect(board.locator(".cell")).to_have_count(36)
    expect(page.locator("#gn-queens-csp-legend")).to_contain_text("file then rank")
