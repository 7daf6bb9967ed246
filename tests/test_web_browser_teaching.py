"""The viewer for a teacher, end to end in Debian's chromium (the fixtures of
test_web_browser.py): what each step shows is checked against facts computed here (a
reference A*, attack counts, the domains' own searches), and each of issue 11's bugs
has its test, which failed on the page before its fix.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    browser,
    expect,
    page,
    queens_on_board,
    server_url,
    start_backtracking,
    start_climb,
    step_until,
    viewer,
)
from test_web_teaching import attacks, reference_heads

from searchlab.domains.puzzle import BRATKO_GOAL
from searchlab.domains.queens.board import SEED_CASES, parse_board
from searchlab.domains.queens.climb import climb
from searchlab.domains.queens.moves import free_successors
from searchlab.domains.registry import get_domain

GOAL = ",".join(str(tile) for tile in BRATKO_GOAL)
START_B = (2, 8, 3, 1, 6, 4, 7, 0, 5)  # Bratko's position (b)


def stat(page: Any, view: str, label: str) -> Any:
    """The value of a row of a view's statistics."""
    return page.locator(f"#{view} dt:text-is('{label}') + dd")


def search_puzzle(page: Any, position: str, algorithm: str = "astar", **fields: str) -> None:
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", position)
    page.select_option("#pz-algorithm", algorithm)
    for name, value in fields.items():
        page.select_option(f"#pz-{name}", value)
    page.click("#pz-run")
    expect(page.locator("#pz-status")).to_contain_text("press Step or Play")


# -- the bugs ------------------------------------------------------------------------


# The player's keys and the focused control: issue 25 changed issue 11's rule (keys act
# wherever the focus is except in text fields) to "only where no focused control uses
# the key"; their tests are in test_web_keyboard.py.


def test_an_a_star_run_ends_on_the_goal_drawn_beside_the_start(page: Any) -> None:
    search_puzzle(page, "b")
    page.click("#pz-end")
    board = page.locator("#pz-board svg")
    expect(board).to_have_attribute("data-tiles", GOAL)
    expect(page.locator("#pz-status")).to_contain_text("The goal is reached by the move")
    beside = page.locator("#pz-beside")
    expect(beside).to_be_visible()
    start = ",".join(map(str, START_B))
    expect(beside.locator("svg")).to_have_attribute("data-tiles", start)
    expect(page.locator("#pz-result")).to_contain_text("solved in 5 moves")
    page.click("#pz-back")  # one step back: the last expansion, the goal not yet taken
    expect(board).not_to_have_attribute("data-tiles", GOAL)
    expect(beside).to_be_hidden()


def test_a_climb_with_restarts_counts_its_moves_as_its_verdict_does(page: Any) -> None:
    start_climb(page, 4, moves="free", restarts="3", seed="5")
    expect(page.locator("#hc-stats")).to_contain_text("h now")
    page.click("#hc-end")
    expected = climb(SEED_CASES[3], moves="free", restarts=3, seed=5)
    assert expected.stats.restarts > 0  # the case this test is about
    last, total = len(expected.moves), expected.stats.iterations
    assert last != total
    # the moves of the last climb, as the verdict counts them (once "step 11 of 11")
    expect(page.locator("#hc-stats")).to_contain_text(f"{last} of {last}")
    expect(stat(page, "hc-stats", "move (this climb)")).to_have_text(f"{last} of {last}")
    expect(stat(page, "hc-stats", "moves in all")).to_have_text(f"{total} of {total}")
    climbs = expected.stats.restarts + 1
    expect(stat(page, "hc-stats", "climb")).to_have_text(f"{climbs} of {climbs}")
    verdict = page.locator("#hc-verdict")
    expect(verdict).to_contain_text(f"after {last} move")
    expect(verdict).to_contain_text(f"({total} moves in all, {expected.stats.restarts} restart")


def test_a_climb_stopped_by_the_server_says_which_limit_in_words(page: Any) -> None:
    page.click("#tab-queens-climb")
    page.fill("#hc-state", "3")  # no 3-queens solution: it climbs until a limit stops it
    page.fill("#hc-sideways", "1000")
    page.fill("#hc-restarts", "1000")
    page.click("#hc-run")
    expect(page.locator("#hc-stats")).to_contain_text("h now")
    page.click("#hc-end")
    verdict = page.locator("#hc-verdict")
    expect(verdict).to_contain_text(
        "stopped after 20,000 states expanded, the viewer's limit per run"
    )
    assert "max_" not in verdict.inner_text()


def test_after_back_from_a_solution_the_counter_agrees_with_the_list(page: Any) -> None:
    start_backtracking(page, 4)
    solutions = page.locator("#bt-solutions li")
    page.click("#bt-next")
    expect(solutions).to_have_count(1)  # while it searches the button reads Stop
    page.click("#bt-next")
    expect(solutions).to_have_count(2)
    expect(stat(page, "bt-stats", "solutions")).to_have_text("2")
    page.click("#bt-back")
    expect(solutions).to_have_count(2)
    expect(stat(page, "bt-stats", "solutions")).to_have_text("1 at this step (2 found)")
    expect(solutions.nth(1)).to_have_class(re.compile(r"\bahead\b"))
    expect(solutions.nth(1)).to_contain_text("(after this step)")


def test_the_event_count_does_not_show_how_far_the_page_fetched(page: Any) -> None:
    start_backtracking(page, 8)
    for _ in range(3):
        page.click("#bt-step")
    event = stat(page, "bt-stats", "event")
    expect(event).to_have_text(re.compile(r"^\d+$"))  # once "3 of 500+": the page's prefetch
    assert "500" not in event.inner_text()


def test_stable_configurations_show_no_attempt_marks(page: Any) -> None:
    start_backtracking(page, 4, every=True)
    step_until(page, "bt", lambda: page.locator("#bt-board .mark.refused").count(), 8)
    expect(page.locator("#bt-board .mark.refused")).to_have_count(1)
    page.check('input[name="bt-mode"][value="stable"]')
    marks = page.locator("#bt-board .mark.refused, #bt-board .mark.try, #bt-board .mark.attacker")
    expect(marks).to_have_count(0)
    expect(page.locator("#bt-status")).to_contain_text("Stable: 1 queen placed safely (a1)")


def test_the_position_chosen_is_let_go_once_another_start_is_typed(page: Any) -> None:
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "c")
    expect(page.locator("#pz-position")).to_have_value("c")
    page.fill("#pz-start", "1 2 3 / 4 5 6 / 7 _ 8")
    expect(page.locator("#pz-position")).to_have_value("")


def test_the_tab_names_the_algorithm_that_ran(page: Any) -> None:
    tab = page.locator("#tab-puzzle-puzzle")
    search_puzzle(page, "b", "greedy")
    expect(tab).to_have_text("Sliding puzzle · Greedy best-first")  # the human name
    search_puzzle(page, "b", "astar", algorithm2="best-first")
    expect(tab).to_have_text("Sliding puzzle · A* vs Best-first (Bratko)")


# -- what a teacher needs ------------------------------------------------------------


def test_each_a_star_expansion_shows_the_frontier_of_a_reference_a_star(page: Any) -> None:
    search_puzzle(page, "b", heuristic="manhattan")
    expected = reference_heads(START_B, BRATKO_GOAL, 8)
    rows = page.locator("#pz-detail table.frontier tbody tr")
    for step in range(len(expected)):
        page.click("#pz-step")
        expect(rows).to_have_count(len(expected[step]))
        for row, (tiles, g, h, f) in zip(rows.all(), expected[step], strict=True):
            cells = row.locator("td")
            assert row.locator("svg").get_attribute("data-tiles") == ",".join(map(str, tiles))
            assert [cells.nth(i).inner_text() for i in (2, 3, 4)] == [str(g), str(h), str(f)]
    expect(page.locator("#pz-node")).to_contain_text("closed set")


def test_ida_star_draws_its_tree_and_its_bound(page: Any) -> None:
    domain = get_domain("puzzle")
    found = domain.search(domain.request("a", algorithm="ida", heuristic="manhattan"))
    search_puzzle(page, "a", "ida", heuristic="manhattan")
    page.click("#pz-step")  # round 1
    expect(page.locator("#pz-status")).to_contain_text("Round 1: the bound on f = g + h starts")
    page.click("#pz-step")
    expect(stat(page, "pz-node", "bound (this round)")).to_have_text("4")
    page.click("#pz-end")
    tree = page.locator("#pz-tree")
    expect(tree.locator('[data-kind="goal"]')).to_have_count(1)
    # the nodes from the root down to the goal are labelled with the solution's moves
    labels = [
        tree.locator(f'[data-kind="{kind}"] .tree-label').all_text_contents()
        for kind in ("node", "goal")
    ]
    assert labels[0][0] == "start" and labels[1] == [found.moves[-1]]
    assert labels[0][1:] == list(found.moves[:-1])
    expect(tree.locator('[data-kind="refused"]').first).to_be_visible()


def test_the_tree_draws_at_most_a_few_hundred_nodes(page: Any) -> None:
    start_backtracking(page, 8, every=True)
    page.click("#bt-next")
    expect(page.locator("#bt-solutions li")).to_have_count(1)
    tree = page.locator("#bt-tree")
    expect(tree).to_contain_text("earlier nodes are not drawn")
    assert 200 < tree.locator(".tree-item").count() <= 320
    expect(tree.locator(".tree-item.current")).to_have_count(1)


def test_the_columns_tried_in_the_row_are_marked(page: Any) -> None:
    start_backtracking(page, 4, every=True)
    status = page.locator("#bt-status")
    step_until(page, "bt", lambda: "Trying c2" in status.inner_text(), 12)
    # row 2, with the queen of row 1 in column 1: columns 1 and 2 were tried and refused
    tried = page.locator("#bt-board .mark.tried")
    squares = sorted(
        (int(m.get_attribute("data-row")), int(m.get_attribute("data-col"))) for m in tried.all()
    )
    assert squares == [(2, 1), (2, 2)]


def test_every_square_shows_the_h_of_moving_its_columns_queen_there(page: Any) -> None:
    start_climb(page, 1)
    queens = [list(square) for square in parse_board(str(SEED_CASES[0])).queens]
    scores = page.locator("#hc-board .score")
    expect(scores).to_have_count(8 * 7)
    for score in scores.all():
        row, col = int(score.get_attribute("data-row")), int(score.get_attribute("data-col"))
        board = [[row, col] if queen[1] == col else queen for queen in queens]
        assert int(score.text_content()) == attacks(board), (row, col)
    best = min(int(text) for text in scores.all_text_contents())
    for score in page.locator("#hc-board .score.best").all():
        assert int(score.text_content()) == best


def test_a_restart_says_why_the_climb_before_it_stopped(page: Any) -> None:
    start_climb(page, 4, moves="free", restarts="3", seed="5")
    status = page.locator("#hc-move")
    board = queens_on_board(page, "#hc-board")
    for _ in range(40):
        before = board
        page.click("#hc-step")
        board = queens_on_board(page, "#hc-board")
        if "Restart 1" in status.inner_text():
            break
    stuck = [list(square) for square in before]
    h = attacks(stuck)
    # the best h a move reaches from there, the moves as the domain makes them
    best = min(attacks([list(q) for q in after]) for _, after, _ in free_successors(tuple(before)))
    assert best >= h
    kind = "a plateau" if best == h else "a local minimum"
    expect(status).to_contain_text(f"The climb before was stuck: {kind} at h = {h}")


def test_two_searches_step_together_and_compare_their_counters(page: Any) -> None:
    domain = get_domain("puzzle")
    expanded = [
        domain.search(domain.request("c", algorithm=name, heuristic="manhattan")).stats.expanded
        for name in ("astar", "greedy")
    ]
    search_puzzle(page, "c", "astar", heuristic="manhattan", algorithm2="greedy")
    expect(page.locator("#pz-board2-figure")).to_be_visible()
    for _ in range(3):
        page.click("#pz-step")
    expect(page.locator("#pz-status")).to_contain_text("Expansion 3:")
    expect(page.locator("#pz-status2")).to_contain_text("greedy with manhattan: Expansion 3:")
    table = page.locator("#pz-compare-table")
    expect(table.locator("tr:has-text('expanded so far') td")).to_have_text(["3", "3"])
    all_in = table.locator("tr:has-text('expanded in all') td")
    expect(all_in).to_have_text([str(expanded[0]), str(expanded[1])])


def test_every_view_has_a_legend(page: Any) -> None:
    for key in ("queens-backtrack", "queens-climb", "puzzle-puzzle", "schedule-generic"):
        page.click(f"#tab-{key}")
        legend = page.locator(f"#view-{key} .legend")
        expect(legend).to_be_visible()
        assert legend.locator("li").count() >= 1, key
    search_puzzle(page, "a", "ida")  # after a tree search: its fates and its tree's marks
    legend = page.locator("#view-puzzle-puzzle .legend")
    expect(legend).to_contain_text("a successor refused")
    expect(legend).to_contain_text("the node of this step")


# -- shareable and accessible --------------------------------------------------------


def test_a_reload_reopens_the_same_board_at_the_same_step(page: Any) -> None:
    search_puzzle(page, "b", "best-first", heuristic="bratko")
    for _ in range(3):
        page.click("#pz-step")
    expect(page).to_have_url(re.compile(r"step=3"))
    assert "algorithm=best-first" in page.evaluate("location.hash")
    tiles = page.locator("#pz-board svg").get_attribute("data-tiles")
    said = page.locator("#pz-status").inner_text()
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#tab-puzzle-puzzle")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#pz-board svg")).to_have_attribute("data-tiles", tiles)
    expect(page.locator("#pz-status")).to_have_text(said)
    expect(page.locator("#pz-algorithm")).to_have_value("best-first")

    page.click("#tab-queens-backtrack")  # a live search too: its event, in its mode
    start_backtracking(page, 5, every=True)
    for _ in range(9):
        page.click("#bt-step")
    expect(page).to_have_url(re.compile(r"event=9\b"))
    board = queens_on_board(page, "#bt-board")
    said = page.locator("#bt-status").inner_text()
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#bt-status")).to_have_text(said)
    assert queens_on_board(page, "#bt-board") == board
    expect(page.locator('input[name="bt-mode"][value="every"]')).to_be_checked()


def test_steps_are_announced_and_boards_named(page: Any) -> None:
    for status in ("#bt-status", "#hc-move", "#pz-status", "#gn-schedule-status"):
        expect(page.locator(status)).to_have_attribute("aria-live", "polite")
    start_backtracking(page, 4)
    page.click("#bt-next")
    expect(page.locator("#bt-board svg")).to_have_attribute(
        "aria-label", re.compile(r"^4 by 4 board, queens at b1, d2, a3, c4")
    )
    search_puzzle(page, "b")
    expect(page.locator("#pz-board svg")).to_have_attribute(
        "aria-label", "the start: tiles by rows: 2 8 3, 1 6 4, 7 blank 5"
    )


@pytest.mark.parametrize(("scheme", "dark"), [("dark", True), ("light", False)])
def test_colours_follow_the_system(page: Any, scheme: str, dark: bool) -> None:
    page.emulate_media(color_scheme=scheme)
    rgb = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    red, green, blue = (int(x) for x in re.findall(r"\d+", rgb)[:3])
    assert (0.2126 * red + 0.7152 * green + 0.0722 * blue < 80) == dark, rgb


@pytest.mark.parametrize(("motion", "seconds"), [("reduce", "0s"), ("no-preference", "0.22s")])
def test_tiles_slide_only_when_the_system_allows_motion(
    page: Any, motion: str, seconds: str
) -> None:
    page.emulate_media(reduced_motion=motion)
    search_puzzle(page, "b")
    page.click("#pz-play-solution")
    tile = page.locator("#pz-board .tile").first
    expect(page.locator("#pz-board svg")).to_have_class(re.compile(r"\banimate\b"))
    assert tile.evaluate("(node) => getComputedStyle(node).transitionDuration") == seconds


def test_on_a_narrow_screen_the_explanation_sits_under_the_controls(
    browser: Any, server_url: str
) -> None:
    context = browser.new_context(viewport={"width": 400, "height": 860})
    narrow = context.new_page()
    try:
        narrow.goto(server_url)
        expect(narrow.locator("body")).to_have_attribute("data-ready", "true")
        search_puzzle(narrow, "b")
        narrow.click("#pz-step")
        toolbar = narrow.locator("#view-puzzle-puzzle .toolbar").bounding_box()
        status = narrow.locator("#pz-status").bounding_box()
        board = narrow.locator("#pz-board").bounding_box()
        under = toolbar["y"] + toolbar["height"]
        assert under <= status["y"] < under + 40
        assert status["y"] + status["height"] <= board["y"]
    finally:
        context.close()


def test_any_domain_ends_on_its_goal_drawn_beside_its_start(page: Any) -> None:
    domain = get_domain("schedule")
    found = domain.search(domain.request("example"))
    tasks = len(domain.request("example").start.tasks)
    page.click("#tab-schedule-generic")
    page.select_option("#gn-schedule-preset", "example")
    page.click("#gn-schedule-run")
    expect(page.locator("#gn-schedule-status")).to_contain_text("press Step")
    page.click("#gn-schedule-end")
    expect(page.locator("#gn-schedule-status")).to_contain_text("Solution 1: cost 24")
    # the goal: the whole schedule as a Gantt chart; beside it, the start: none placed
    goal = page.locator("#gn-schedule-board svg.gantt")
    expect(goal).to_have_attribute("data-bars", str(tasks))
    assert found.cost == 24
    beside = page.locator("#gn-schedule-beside")
    expect(beside).to_be_visible()
    expect(beside.locator("svg.gantt")).to_have_attribute("data-bars", "0")
