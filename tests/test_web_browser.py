"""The viewer end to end: `searchlab serve` on a free port, driven in Debian's headless
Chromium by Playwright. The expected answers come from the domains and from facts
(the two solutions of 4-queens, the document's 5-move position, Bratko's schedule of
24, AIMA's 418 km), not from the page. The tabs come from the registry: the schedule
domain, a user's problem and a plug-in found only through its entry point each get one.

Under CI (CI=true) these tests fail when the browser cannot start; elsewhere they are
skipped only when no chromium is installed.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, served

from searchlab.core.errors import InputError
from searchlab.domains.puzzle import BRATKO_GOAL, standard_goal
from searchlab.domains.puzzle import parse_board as puzzle_board
from searchlab.domains.puzzle import solve as solve_puzzle
from searchlab.domains.queens.board import SEED_CASES, parse_board
from searchlab.domains.queens.climb import climb
from searchlab.domains.queens.heuristics import HEURISTICS
from searchlab.domains.registry import get_domain
from searchlab.domains.scheduling.parse import example_instance
from searchlab.web import DEFAULT_LIMITS
from searchlab.web.launch import CHROMIUM_ARGS, chromium_path

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
try:
    from playwright import sync_api
except ImportError:  # under CI a missing driver is a failure, not a skip
    if IN_CI:
        raise
    pytest.skip("playwright is not installed", allow_module_level=True)
expect = sync_api.expect


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    """The real command, `searchlab serve --port 0 --json`, stopped after the module."""
    with served() as address:
        yield str(address["url"])


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        message = "chromium is not installed (apt-get install chromium)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    with sync_api.sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(
                executable_path=executable, args=list(CHROMIUM_ARGS)
            )
        except Exception as error:  # under CI or not: chromium is there but will not start
            pytest.fail(f"chromium at {executable} did not start: {error}")
        yield launched
        launched.close()


@contextlib.contextmanager
def viewer(browser: Any, url: str) -> Iterator[Any]:
    """A fresh page on the viewer at ``url``, ready (its tabs built from the server's
    options); the test fails on any script error or CSP violation."""
    context = browser.new_context(viewport={"width": 1200, "height": 860})
    opened = context.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    opened.on(
        "console",
        lambda message: (
            problems.append(f"console {message.type}: {message.text}")
            if message.type == "error" and "status of 400" not in message.text
            else None
        ),
    )
    opened.set_default_timeout(15_000)
    opened.goto(url)
    expect(opened.locator("body")).to_have_attribute("data-ready", "true")
    yield opened
    context.close()
    assert problems == []


@pytest.fixture
def page(browser: Any, server_url: str) -> Iterator[Any]:
    with viewer(browser, server_url) as opened:
        yield opened


def queens_on_board(page: Any, board: str) -> list[tuple[int, int]]:
    glyphs = page.locator(f"{board} .queen")
    return sorted(
        (int(glyphs.nth(i).get_attribute("data-row")), int(glyphs.nth(i).get_attribute("data-col")))
        for i in range(glyphs.count())
    )


def start_backtracking(page: Any, n: int, every: bool = False) -> None:
    """The backtracking tab started on n queens, showing every attempt if ``every``."""
    page.fill("#bt-n", str(n))
    page.click("#bt-start")
    if every:
        page.check('input[name="bt-mode"][value="every"]')


def step_until(page: Any, view: str, done: Any, most: int) -> None:
    """Press the view's Step (at most ``most`` times) until ``done()`` holds."""
    for _ in range(most):
        page.click(f"#{view}-step")
        if done():
            break


def start_climb(page: Any, case: int, **fields: str) -> None:
    """The climbing tab on the document's case (its index in the select), with the
    form's other fields as given (selects by value, inputs filled), climbed."""
    page.click("#tab-queens-climb")
    page.select_option("#hc-case", index=case)
    for name, value in fields.items():
        field = page.locator(f"#hc-{name}")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#hc-run")
    expect(page.locator("#hc-stats")).to_contain_text("move (this climb)")


def test_backtracking_4_queens_steps_to_both_solutions_then_says_no_more(page: Any) -> None:
    start_backtracking(page, 4)
    solutions = page.locator("#bt-solutions li")
    for _ in range(60):  # stable configurations: the first solution is a dozen steps in
        page.click("#bt-step")
        if solutions.count():
            break
    expect(solutions).to_have_text(["[2,4,1,3]"])
    # the squares as the board names them, then the command line's notation
    status = page.locator("#bt-status")
    expect(status).to_contain_text("Solution 1: b1, d2, a3, c4 (written [2,4,1,3]")
    assert queens_on_board(page, "#bt-board") == [(1, 2), (2, 4), (3, 1), (4, 3)]

    page.click("#bt-next")
    expect(solutions).to_have_text(["[2,4,1,3]", "[3,1,4,2]"])
    assert queens_on_board(page, "#bt-board") == [(1, 3), (2, 1), (3, 4), (4, 2)]

    page.click("#bt-next")
    expect(page.locator("#bt-status")).to_contain_text("No more solutions")
    expect(page.locator("#bt-status")).to_contain_text("2 solutions found")
    expect(solutions).to_have_count(2)


def test_every_attempt_mode_shows_refused_squares(page: Any) -> None:
    start_backtracking(page, 4, every=True)
    step_until(page, "bt", lambda: page.locator("#bt-board .mark.refused").count(), 8)
    # the first refusal of 4-queens: a2 (row 2, column 1; the queen of row 1 is on a1)
    expect(page.locator("#bt-status")).to_contain_text("a2 is attacked")
    refused = page.locator("#bt-board .mark.refused")
    assert (refused.get_attribute("data-row"), refused.get_attribute("data-col")) == ("2", "1")


def test_hill_climbing_from_case_1_ends_with_the_cli_verdict(page: Any, run_cli: RunCli) -> None:
    start_climb(page, 1)
    expect(page.locator("#hc-state")).to_have_value(str(SEED_CASES[0]))
    page.click("#hc-end")
    # what the CLI says for case 1 with its defaults, and the domain's climb() directly
    cli = run_cli("queens", "climb", str(SEED_CASES[0]), "--json")
    assert cli.code == 0, cli.stderr
    said = json.loads(cli.stdout)
    expected = climb(SEED_CASES[0])
    h = HEURISTICS["attacks"](expected.final_state)
    assert (said["status"], said["h_final"], said["steps"]) == (
        str(expected.status),
        h,
        len(expected.moves),
    )
    verdict = page.locator("#hc-verdict")
    expect(verdict).to_be_visible()
    expect(verdict).to_have_attribute("data-status", str(expected.status))
    expect(verdict).to_have_attribute("data-h", str(h))
    words = "solved" if expected.solved else f"stuck in a local minimum at h = {h}"
    expect(verdict).to_contain_text(words)
    expect(page.locator("#hc-stats")).to_contain_text(
        f"{len(expected.moves)} of {len(expected.moves)}"
    )
    final = sorted(expected.final_state)
    assert queens_on_board(page, "#hc-board") == final == sorted(map(tuple, said["final"]))


def test_sliding_puzzle_from_position_b_plays_a_5_move_path(page: Any) -> None:
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "b")
    page.click("#pz-run")
    play = page.locator("#pz-play-solution")
    expect(play).to_be_enabled()
    page.click("#pz-step")
    expect(page.locator("#pz-node")).to_contain_text("frontier")
    play.click()
    step = page.locator("#pz-path-step")
    expect(step).to_have_attribute("data-moves", "5")
    expect(step).to_have_attribute("data-step", "5", timeout=20_000)
    expect(page.locator("#pz-board svg")).to_have_attribute(
        "data-tiles", ",".join(str(tile) for tile in BRATKO_GOAL)
    )
    expect(page.locator("#pz-result")).to_contain_text("solved in 5 moves")


def test_a_bad_state_shows_its_message_next_to_the_field(page: Any) -> None:
    page.click("#tab-queens-climb")
    bad = "[(1,1),(2,2),(9,3)]"
    with pytest.raises(InputError) as refused:
        parse_board(bad)
    page.fill("#hc-state", bad)
    page.click("#hc-run")
    message = page.locator('#hc-form [data-error-for="start"]')
    expect(message).to_have_text(str(refused.value))
    expect(page.locator("#hc-state")).to_have_attribute("aria-invalid", "true")

    page.click("#tab-puzzle-puzzle")
    page.fill("#pz-start", "1,2,3,4,5,6,8,7,0")
    page.click("#pz-run")
    expect(page.locator('#pz-form [data-error-for="start"]')).to_contain_text("solv")

    # the domain's own cap, as the command line has it (the viewer once had its own, 24)
    page.click("#tab-queens-backtrack")
    with pytest.raises(InputError) as too_large:
        get_domain("queens").request("99")
    start_backtracking(page, 99)
    expect(page.locator('#bt-form [data-error-for="start"]')).to_have_text(str(too_large.value))


def test_the_help_panel_shows_the_source_running_each_view(page: Any) -> None:
    page.click("#view-queens-backtrack a[data-source]")
    expect(page.locator("#tab-help")).to_have_attribute("aria-selected", "true")
    details = page.locator('details[data-source-domain="queens"]')
    expect(details.locator("pre").first).to_be_visible()
    expect(details).to_contain_text("def last_queen_safe")
    expect(details).to_contain_text("def depth_first")
    expect(details).to_contain_text("searchlab/algorithms/uninformed.py")
    # the climb's link shows the source of the climb, in the same domain's section
    page.click("#tab-queens-climb")
    page.click("#view-queens-climb a[data-source]")
    expect(details).to_contain_text("def hill_climbing")
    # every domain has its part, from its descriptor: the schedule's help paragraph
    schedule = page.locator('section[data-domain="schedule"]')
    expect(schedule).to_contain_text(get_domain("schedule").help)


def test_a_random_climb_repeats_from_the_seed_the_page_shows(page: Any) -> None:
    page.click("#tab-queens-climb")
    page.select_option("#hc-case", index=2)
    page.select_option("#hc-moves", "free")
    page.select_option("#hc-tie", "random")
    page.fill("#hc-restarts", "4")
    page.click("#hc-run")
    stats = page.locator("#hc-stats")
    expect(stats).to_contain_text("type it in the seed field")
    seed = int(stats.locator("dt:text-is('seed') + dd").inner_text().split()[0])
    page.click("#hc-end")
    verdict = page.locator("#hc-verdict")
    first = verdict.inner_text()
    # the domain's own climb with that seed ends where the page says
    expected = climb(SEED_CASES[1], moves="free", tie_break="random", restarts=4, seed=seed)
    assert f"after {len(expected.moves)} move" in first
    assert queens_on_board(page, "#hc-board") == sorted(expected.final_state)

    page.fill("#hc-seed", str(seed))
    page.click("#hc-run")
    page.click("#hc-end")
    expect(verdict).to_have_text(first)
    expect(stats.locator("dt:text-is('seed') + dd")).to_contain_text(str(seed))

    page.fill("#hc-seed", "-1")
    page.click("#hc-run")
    expect(page.locator('#hc-form [data-error-for="seed"]')).to_contain_text("0 or more")


def test_a_long_next_solution_can_be_stopped_and_the_page_answers(page: Any) -> None:
    start_backtracking(page, 20)  # its first solution is some 8 million events in
    next_button = page.locator("#bt-next")
    next_button.click()
    expect(next_button).to_have_text("■ Stop searching")
    expect(page.locator("#bt-status")).to_contain_text("events so far")
    next_button.click()
    expect(next_button).to_have_text("Next solution")
    expect(page.locator("#bt-status")).to_contain_text("Stopped searching after")
    expect(page.locator("#bt-solutions li")).to_have_count(0)
    # back through the events kept, never to an empty board: the rest were passed over
    status = page.locator("#bt-status")
    for _ in range(200):
        page.keyboard.press("ArrowLeft")
        if "passed over (not kept" in status.inner_text():
            break
    expect(status).to_contain_text("Reset starts again from the empty board")
    assert len(queens_on_board(page, "#bt-board")) > 0

    # another control interrupts a running search too: Start a small board meanwhile
    next_button.click()
    expect(next_button).to_have_text("■ Stop searching")
    start_backtracking(page, 4)
    expect(page.locator("#bt-status")).to_contain_text("empty board")
    next_button.click()
    expect(page.locator("#bt-solutions li")).to_have_text(["[2,4,1,3]"])


def test_pattern_databases_are_refused_on_3x3_and_solve_on_4x4(page: Any) -> None:
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "b")
    page.select_option("#pz-heuristic", "pdb-663")
    page.click("#pz-run")
    message = page.locator('#pz-form [data-error-for="heuristic"]')
    expect(message).to_contain_text("4×4 boards only")
    expect(page.locator("#pz-heuristic")).to_have_attribute("aria-invalid", "true")

    start = "5 1 2 4 / 9 6 3 8 / 13 10 7 11 / 0 14 15 12"
    tiles = puzzle_board(start).tiles
    shortest = solve_puzzle(tiles, standard_goal(4), algorithm="bfs")  # no heuristic at all
    page.fill("#pz-start", start)
    page.select_option("#pz-heuristic", "pdb-555")  # the smaller databases: built in seconds
    page.click("#pz-run")
    expect(message).to_have_text("")
    expect(page.locator("#pz-play-solution")).to_be_enabled(timeout=90_000)  # a first build
    page.click("#pz-end")
    expect(page.locator("#pz-result")).to_contain_text(f"solved in {len(shortest.moves)} moves")


# -- a tab for every domain -------------------------------------------------------------

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_the_tabs_follow_the_aria_pattern_and_the_arrow_keys(page: Any) -> None:
    tabs = page.locator('[role="tablist"] [role="tab"]')
    keys = [tabs.nth(i).get_attribute("data-view") for i in range(tabs.count())]
    assert keys == [
        "queens-backtrack",
        "queens-climb",
        "puzzle-puzzle",
        "schedule-generic",
        "queens-csp-generic",
        "sudoku-generic",
        "map-colouring-generic",
        "cryptarithm-generic",
        "route-map",
        "route-generic",
        "planning-generic",
        "network",
        "graph-editor",
        "trace-replay",
        "help",
    ]
    for key in keys:  # each tab controls its panel, which names it back
        tab = page.locator(f"#tab-{key}")
        panel = page.locator(f"#{tab.get_attribute('aria-controls')}")
        expect(panel).to_have_attribute("role", "tabpanel")
        expect(panel).to_have_attribute("aria-labelledby", f"tab-{key}")
    expect(page.locator('[role="tab"][aria-selected="true"]')).to_have_count(1)
    first = page.locator("#tab-queens-backtrack")
    expect(first).to_have_attribute("tabindex", "0")  # only the selected tab is tabbed to
    first.focus()
    page.keyboard.press("ArrowRight")
    climb = page.locator("#tab-queens-climb")
    expect(climb).to_have_attribute("aria-selected", "true")
    expect(climb).to_be_focused()
    expect(page.locator("#view-queens-climb")).to_be_visible()
    expect(page.locator("#view-queens-backtrack")).to_be_hidden()
    expect(first).to_have_attribute("tabindex", "-1")
    page.keyboard.press("End")
    expect(page.locator("#tab-help")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowRight")  # round to the first
    expect(first).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#tab-help")).to_be_focused()
    assert page.evaluate("location.hash") == "#help"


def test_the_schedule_domain_runs_in_the_generic_view(page: Any) -> None:
    domain = get_domain("schedule")
    request = domain.request("example")
    expected = domain.search(request)
    instance = example_instance()

    page.click("#tab-schedule-generic")
    page.select_option("#gn-schedule-preset", "example")
    expect(page.locator("#gn-schedule-start")).to_have_value("example")
    expect(page.locator("#gn-schedule-heuristic")).to_have_value("")  # the domain's default
    page.click("#gn-schedule-run")
    status = page.locator("#gn-schedule-status")
    expect(status).to_contain_text("A* with bratko: press Step")
    board = page.locator("#gn-schedule-board")
    chart = board.locator("svg.gantt")  # the start: an empty Gantt chart, every task waiting
    expect(chart).to_have_attribute("data-bars", "0")
    expect(board.locator(".gantt-waiting")).to_have_text(
        "waiting: " + " ".join(task.name for task in instance.tasks)
    )
    page.click("#gn-schedule-step")
    expect(status).to_contain_text("Expansion 1: this state is taken from the frontier")
    stats = page.locator("#gn-schedule-stats")
    for label in ("g", "h", "f", "frontier"):
        expect(stats.locator(f"dt:text-is('{label}')")).to_have_count(1)
    page.click("#gn-schedule-step")
    expect(chart).to_have_attribute("aria-label", re.compile("finishing time so far"))
    page.click("#gn-schedule-end")
    result = page.locator("#gn-schedule-result")
    expect(result).to_contain_text("finishing time 24 (optimal), astar")
    assert domain.describe(request, expected) == result.inner_text()
    page.click("#gn-schedule-play-solution")
    moves = len(expected.moves)
    path_step = page.locator("#gn-schedule-path-step")
    expect(path_step).to_have_attribute("data-moves", str(moves))
    expect(path_step).to_have_attribute("data-step", str(moves), timeout=20_000)
    expect(chart).to_have_attribute("data-bars", str(len(instance.tasks)))  # the whole schedule
    expect(board.locator(".gantt-waiting")).to_have_text("waiting: none")


def test_a_users_problem_gets_a_tab_and_finds_the_418_km_road(browser: Any) -> None:
    problem = str(EXAMPLES / "romania.py")
    with served("--problem", problem) as address, viewer(browser, address["url"]) as page:
        tab = page.locator("#tab-romania-generic")
        expect(tab).to_have_text("romania")
        tab.click()
        expect(page.locator("#gn-romania-heuristic option").first).to_have_text(
            "default (straight-line)"
        )
        page.click("#gn-romania-run")  # no start typed: the problem's own, Arad
        page.click("#gn-romania-end")
        result = page.locator("#gn-romania-result")
        expect(result).to_have_text(
            "solved: cost 418 in 4 moves (cheapest), astar with straight-line"
        )
        expect(page.locator("#gn-romania-board pre")).to_have_text("Bucharest")
        page.fill("#gn-romania-start", "'Sibiu'")
        page.select_option("#gn-romania-algorithm", "greedy")
        page.click("#gn-romania-run")
        page.click("#gn-romania-end")
        expect(result).to_contain_text("solved: cost 310 in 2 moves (not guaranteed cheapest)")


TOY = """
\"\"\"A toy domain: slide a counter along a 1×7 strip to its last cell.\"\"\"

from searchlab.core.errors import InputError
from searchlab.core.registry import Registry
from searchlab.domains.base import Domain, HeuristicSpec
from searchlab.domains.drawing import Grid


class Strip:
    def __init__(self, start):
        self.start = start

    @property
    def initial(self):
        return self.start

    def successors(self, state):
        if state + 1 < 7:
            yield "right", state + 1, 1
        if state + 2 < 7:
            yield "jump", state + 2, 1
        if state > 0:
            yield "left", state - 1, 1

    def is_goal(self, state):
        return state == 6


HEURISTICS = Registry("heuristic")
HEURISTICS.add(
    "jumps",
    HeuristicSpec("jumps", "jumps still needed", True, lambda p: lambda s: (7 - s) // 2),
)


class ToyDomain(Domain):
    name = "toy"
    title = "Toy strip"
    summary = "A toy strip: move a counter to the end by steps and jumps."
    notation = "the cell the counter starts on, e.g. 0"
    presets = {"start": "0"}
    heuristics = HEURISTICS
    default_heuristic = "jumps"

    def parse(self, text):
        if not text.strip().isdigit():
            raise InputError(f"a cell is a number, not {text!r}")
        return int(text)

    def problem(self, request):
        return Strip(request.start)

    def draw(self, state, problem=None):
        return Grid(1, 7, tuple("o" if cell == state else "" for cell in range(7)))
"""


@pytest.fixture
def toy_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose Python finds the toy module and its entry point: a
    dist-info folder on the path is all `importlib.metadata` needs, no install."""
    (tmp_path / "toy.py").write_text(TOY)
    info = tmp_path / "toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[searchlab.domains]\ntoy = toy:ToyDomain\n")
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def test_a_domain_registered_only_by_its_entry_point_gets_a_drawn_tab(
    browser: Any, toy_env: dict[str, str]
) -> None:
    with served(env=toy_env) as address, viewer(browser, address["url"]) as page:
        tab = page.locator("#tab-toy-generic")
        expect(tab).to_have_text("Toy strip")
        tab.click()
        page.select_option("#gn-toy-preset", "start")
        page.click("#gn-toy-run")
        grid = page.locator("#gn-toy-board .grid")
        expect(grid).to_have_attribute("data-cols", "7")
        expect(grid.locator(".cell")).to_have_count(7)
        counter = grid.locator(".cell:not(.empty)")
        expect(counter).to_have_text(["o"])
        expect(counter).to_have_attribute("data-col", "0")
        page.click("#gn-toy-step")  # the start expanded, then the next state taken
        page.click("#gn-toy-step")
        expect(counter).to_have_attribute("data-col", "2")  # A* took the jump
        page.click("#gn-toy-end")
        expect(page.locator("#gn-toy-result")).to_have_text(
            "solved in 3 moves (shortest), astar with jumps"
        )
        expect(counter).to_have_attribute("data-col", "6")
        page.fill("#gn-toy-start", "x")
        page.click("#gn-toy-run")
        expect(page.locator('#gn-toy-form [data-error-for="start"]')).to_have_text(
            "a cell is a number, not 'x'"
        )


# -- a page on another origin ----------------------------------------------------------

ATTACKS = r"""
async ({target, known}) => {
  const out = {};
  const bodies = {
    "api/domains/queens/search": {start: "4"},
    "api/domains/schedule/search": {start: "example"},
    "api/domains/queens/random": {size: 8},
    "api/domains/puzzle/search": {start: "1 2 3/4 5 6/7 _ 8"},
  };
  const attempt = async (name, url, init) => {
    try {
      const reply = await fetch(url, init);
      out[name] = {type: reply.type, status: reply.status, text: await reply.text()};
    } catch (error) {
      out[name] = {error: String(error)};
    }
  };
  for (const [path, body] of Object.entries(bodies)) {
    // a "simple" request: text/plain, no preflight, sent whatever the server says
    await attempt(`no-cors ${path}`, target + path,
                  {method: "POST", mode: "no-cors", body: JSON.stringify(body)});
    await attempt(`cors ${path}`, target + path, {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
    });
  }
  await attempt("read options", target + "api/options", {});
  const events = `${target}api/sessions/${known}/events?from=0`;
  await attempt("read events", events, {});
  await attempt("no-cors events", events, {mode: "no-cors"});
  const frame = document.querySelector("iframe");
  const loaded = new Promise((done) => { frame.onload = done; setTimeout(done, 5000); });
  document.querySelector("form").submit();
  await loaded;
  try {
    out.form = {text: frame.contentWindow.document.body.innerText};
  } catch (error) {
    out.form = {error: error.name};
  }
  return out;
}
"""


def attacker_page(target: str) -> str:
    """A page elsewhere with a form that posts "JSON" as text/plain, as forms can."""
    field = '{"start": "4", "padding": "'
    action = f"{target}api/domains/queens/search"
    return (
        "<!doctype html><meta charset=utf-8><title>elsewhere</title>"
        "<iframe name=sink></iframe>"
        f'<form method=POST enctype=text/plain target=sink action="{action}">'
        f"<input type=hidden name='{field}' value='\"}}'></form>"
    )


@contextlib.contextmanager
def elsewhere(page: str) -> Iterator[int]:
    """Another web server on this machine serving ``page``: yields its port."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            data = page.encode()
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        answer: dict[str, Any] = json.load(reply)
    return answer


def still_there(url: str, session: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}api/sessions/{session}/events?max=1", timeout=10):
            return True
    except urllib.error.HTTPError as refused:
        assert refused.code == 404
        return False


@pytest.mark.parametrize("their_host", ["localhost", "127.0.0.1"])  # cross-site, same-site
def test_a_page_on_another_origin_can_neither_start_a_search_nor_read_one(
    browser: Any, their_host: str
) -> None:
    with served() as address:
        target = str(address["url"])
        # Fill the server with sessions: any session the attacks start would drop the
        # least recently used of these, so finding them all afterwards proves none did.
        climb = {"start": "[(1,1),(2,2),(3,3),(4,4)]", "moves": "free"}
        ours = [
            post(target + "api/domains/queens/search", climb)["session"]
            for _ in range(DEFAULT_LIMITS.max_sessions)
        ]
        with elsewhere(attacker_page(target)) as port:
            context = browser.new_context()
            answers: list[tuple[str, str, int]] = []
            context.on(
                "response",
                lambda reply: answers.append((reply.request.method, reply.url, reply.status)),
            )
            page = context.new_page()
            page.goto(f"http://{their_host}:{port}/")
            tried = page.evaluate(ATTACKS, {"target": target, "known": ours[-1]})
            context.close()
        assert all(still_there(target, session) for session in ours), "an attack started one"
    assert len(tried) == 12
    for name, outcome in tried.items():
        if name.startswith("no-cors"):  # sent, but the page gets an empty opaque answer
            assert outcome == {"type": "opaque", "status": 0, "text": ""}, (name, outcome)
        elif name == "form":  # the answer landed in a frame the page cannot look into
            assert outcome == {"error": "SecurityError"}, outcome
        else:  # refused by the browser: no CORS answer (the JSON ones at their preflight)
            assert "error" in outcome, (name, outcome)
    reached = [(method, url, status) for method, url, status in answers if url.startswith(target)]
    assert len(reached) >= 6  # the no-cors posts, the no-cors read and the form at least
    assert all(status == 403 for _, _, status in reached), reached


def test_every_generic_view_moves_through_time_by_f_layers(page: Any) -> None:
    """The timeline (f-layers, the first time a node is reached, check my answer) was on
    the drawn-graph and replay tabs only; every domain's generic view has it now: A*
    with a consistent estimate (octile, on a small grid map) walks its f-layers upwards
    to the last one."""
    page.click("#tab-route-generic")
    page.fill("#gn-route-start", "grid:...../.@@@./...../.@.@./.....:0,0")
    page.fill("#gn-route-goal", "4,4")
    page.select_option("#gn-route-algorithm", "astar")
    page.click("#gn-route-run")
    expect(page.locator("#gn-route-status")).to_contain_text("press Step")
    said = page.locator("#gn-route-said")
    layers: list[float] = []
    for _ in range(40):
        page.click("#gn-route-layer-next")
        expect(said).not_to_have_text("")
        text = said.inner_text()
        if "last f-layer" in text:
            break
        found = re.search(r"f-layer f = ([0-9.]+)", text)
        assert found, text
        layers.append(float(found.group(1)))
        page.evaluate("document.getElementById('gn-route-said').textContent = ''")
    assert len(layers) >= 2 and layers == sorted(set(layers)), layers
    page.click("#gn-route-layer-back")
    expect(said).to_contain_text(f"f-layer f = {layers[-2]:g}")
    page.fill("#gn-route-guess", "no such node")
    page.click("#gn-route-check")
    expect(said).to_contain_text("Not quite: the search expands")
