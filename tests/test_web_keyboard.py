"""The viewer by keyboard alone, in Debian's chromium (the fixtures of
test_web_browser.py). The player's keys (→ step, ← back, space play or pause) act
only where no focused control uses the key itself: space presses the button, ticks
the checkbox, picks the radio or opens the legend that has the focus, and the arrows
move the slider and the radios. Each of issue 25's keyboard bugs has its test here,
which failed on the page before the fix (the page then played or stepped instead).
And every control of every tab is reached with Tab, and a search is run, stepped,
played and read with the keys only.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    browser,
    expect,
    page,
    server_url,
    start_backtracking,
)

EMPTY = "The empty board: press Step, Play or Next solution."  # before the first step
FIRST = "The empty board: the search begins with rank 1."  # the first step
ONE = "Stable: 1 queen placed safely (a1)"  # the second
PLAY = "▶▶ Play"
PAUSE = "▮▮ Pause"


def started(page: Any) -> Any:
    """The backtracking tab on 8 queens, before its first event, played (if played) a
    step a second: a Play started by mistake stays on Pause until its first solution,
    minutes away. Its status line."""
    start_backtracking(page, 8)
    page.fill("#bt-speed", "0")
    status = page.locator("#bt-status")
    expect(status).to_have_text(EMPTY)
    return status


def test_space_on_a_focused_button_presses_it_and_does_not_play(page: Any) -> None:
    status = started(page)
    page.focus("#bt-step")
    page.keyboard.press(" ")  # the button's own key: one step, as a click
    expect(status).to_have_text(FIRST)
    expect(page.locator("#bt-play")).to_have_text(PLAY)
    page.focus("#bt-play")
    page.keyboard.press(" ")  # on Play itself it plays, by being pressed
    expect(page.locator("#bt-play")).to_have_text(PAUSE)
    page.keyboard.press(" ")
    expect(page.locator("#bt-play")).to_have_text(PLAY)


def test_space_on_a_focused_radio_picks_it_and_does_not_play(page: Any) -> None:
    status = started(page)
    every = page.locator('input[name="bt-mode"][value="every"]')
    every.focus()
    page.keyboard.press(" ")
    expect(every).to_be_checked()
    expect(page.locator("#bt-play")).to_have_text(PLAY)
    expect(status).to_have_text(EMPTY)


def test_space_on_a_focused_checkbox_ticks_it_and_does_not_play(page: Any) -> None:
    page.click("#tab-queens-climb")
    page.select_option("#hc-case", index=1)
    page.click("#hc-run")
    expect(page.locator("#hc-stats")).to_contain_text("move (this climb)")
    numbers = page.locator("#hc-numbers")
    expect(numbers).to_be_checked()
    numbers.focus()
    page.keyboard.press(" ")
    expect(numbers).not_to_be_checked()
    expect(page.locator("#hc-play")).to_have_text(PLAY)


def test_space_on_a_focused_legend_folds_it_and_does_not_play(page: Any) -> None:
    status = started(page)
    legend = page.locator("#view-queens-backtrack details.legend").first
    expect(legend).to_have_attribute("open", "")
    legend.locator("summary").focus()
    page.keyboard.press(" ")
    expect(legend).not_to_have_attribute("open", "")
    expect(page.locator("#bt-play")).to_have_text(PLAY)
    expect(status).to_have_text(EMPTY)


def test_the_arrows_on_the_speed_slider_move_it_and_do_not_step(page: Any) -> None:
    status = started(page)
    speed = page.locator("#bt-speed")
    speed.focus()
    before = int(speed.input_value())
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert int(speed.input_value()) == before + 1
    expect(status).to_have_text(EMPTY)


def test_the_arrows_on_the_radios_pick_one_and_do_not_step(page: Any) -> None:
    status = started(page)
    stable = page.locator('input[name="bt-mode"][value="stable"]')
    every = page.locator('input[name="bt-mode"][value="every"]')
    stable.focus()
    page.keyboard.press("ArrowRight")  # the radio group's own key: the next radio
    expect(every).to_be_checked()
    expect(every).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(stable).to_be_checked()
    expect(status).to_have_text(EMPTY)


def test_the_keys_act_where_no_control_has_focus_and_esc_leaves_a_control(page: Any) -> None:
    status = started(page)
    page.click("#bt-board")  # the view itself has the focus: no control
    expect(page.locator("#view-queens-backtrack")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text(FIRST)
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text(ONE)
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(FIRST)
    page.keyboard.press(" ")
    expect(page.locator("#bt-play")).to_have_text(PAUSE)
    page.keyboard.press(" ")
    expect(page.locator("#bt-play")).to_have_text(PLAY)
    page.focus("#bt-speed")
    page.keyboard.press("Escape")  # out of the slider, back to the view
    expect(page.locator("#view-queens-backtrack")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text(ONE)
    page.focus("#bt-back")  # a button has no use for the arrows: they still step
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(FIRST)
    before = status.inner_text()
    page.focus("#bt-n")  # a text field keeps its keys
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    expect(status).to_have_text(before)
    expect(page.locator("#bt-play")).to_have_text(PLAY)


# -- every control reached and worked with the keys -----------------------------------

# Marks every control of a panel a user can reach (shown, enabled, not taken out of the
# tab order; one radio per group, as Tab reaches a group once), and every box that
# scrolls (its keys scroll it once it has the focus), with data-reach; returns the marks.
MARK = """(panel) => {
  const scrolls = (element) => {
    const style = getComputedStyle(element);
    const across = /auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth;
    const down = /auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight;
    return across || down;
  };
  const controls = [...panel.querySelectorAll(
    "a[href], button, input, select, textarea, summary, [tabindex]")];
  const boxes = [...panel.querySelectorAll("*")].filter(scrolls);
  const groups = new Set();
  let count = 0;
  for (const element of [panel, ...controls, ...boxes]) {
    if (element.dataset.reach !== undefined || !element.checkVisibility()) continue;
    if (!boxes.includes(element) && (element.disabled || element.tabIndex < 0)) continue;
    if (element.type === "radio") {
      if (groups.has(element.name)) continue;
      groups.add(element.name);
    }
    element.dataset.reach = element.type === "radio" ? `radio ${element.name}` : String(count);
    count++;
  }
  return [...panel.querySelectorAll("[data-reach]")].map((element) => element.dataset.reach);
}"""

FOCUSED = """(panel) => {
  const element = document.activeElement;
  if (!panel.contains(element)) return null;
  if (element.type === "radio") return `radio ${element.name}`;
  return element.dataset.reach ?? `unmarked ${element.outerHTML.slice(0, 80)}`;
}"""


def reached_by_tab(page: Any, key: str) -> tuple[list[str], list[str]]:
    """The controls of tab ``key`` a user can reach, and those Tab reaches from its tab
    (until the focus leaves the panel)."""
    panel = page.locator(f"#view-{key}")
    controls: list[str] = panel.evaluate(MARK)
    page.focus(f"#tab-{key}")
    reached: list[str] = []
    for _ in range(len(controls) + 5):
        page.keyboard.press("Tab")
        where = panel.evaluate(FOCUSED)
        if where is None:
            break
        reached.append(where)
    return controls, reached


def test_every_control_of_every_tab_is_reached_with_tab(page: Any) -> None:
    start_backtracking(page, 8)
    page.click("#bt-next")  # the tree, the solutions and the legends are shown too
    expect(page.locator("#bt-solutions li")).to_have_count(1)
    tabs = page.locator('[role="tablist"] [role="tab"]')
    keys = [tabs.nth(i).get_attribute("data-view") for i in range(tabs.count())]
    assert len(keys) > 2
    for key in keys:  # the tree of backtracking is wide: a box that scrolls
        page.click(f"#tab-{key}")
        controls, reached = reached_by_tab(page, key)
        assert len(controls) > 1, key
        missed = [control for control in controls if control not in reached]
        assert missed == [], (key, missed, reached)
        assert len(reached) == len(set(reached)), (key, reached)  # each once, none unmarked
    page.click("#tab-queens-backtrack")
    tree = page.locator("#view-queens-backtrack .tree-scroll")
    assert tree.evaluate("node => node.scrollWidth > node.clientWidth")  # it was checked
    expect(tree).to_have_attribute("aria-label", re.compile("search tree"))


def tab_to(page: Any, selector: str) -> None:
    """Press Tab until ``selector`` has the focus (at most 30 times)."""
    for _ in range(30):
        if page.locator(selector).evaluate("node => node === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("key", ["Enter", " "])
def test_a_search_is_run_stepped_and_played_with_the_keys_alone(page: Any, key: str) -> None:
    keyboard = page.keyboard
    keyboard.press("Tab")  # from the top of the page: the tab that is selected
    expect(page.locator("#tab-queens-backtrack")).to_be_focused()
    keyboard.press("Tab")  # its view
    keyboard.press("Tab")
    expect(page.locator("#bt-n")).to_be_focused()
    keyboard.press("Control+a")
    keyboard.type("8")
    keyboard.press("Enter")  # submits the form: Start
    status = page.locator("#bt-status")
    expect(status).to_have_text(EMPTY)

    tab_to(page, "#bt-step")
    keyboard.press(key)
    expect(status).to_have_text(FIRST)
    tab_to(page, "#bt-play")
    keyboard.press(key)
    expect(page.locator("#bt-play")).to_have_text(PAUSE)
    keyboard.press(key)
    expect(page.locator("#bt-play")).to_have_text(PLAY)
    tab_to(page, "#bt-next")
    keyboard.press(key)
    expect(page.locator("#bt-solutions li")).to_have_text(["[1,5,8,6,3,7,2,4]"])
    tab_to(page, 'input[name="bt-mode"]:checked')
    keyboard.press("ArrowRight")
    expect(page.locator('input[name="bt-mode"][value="every"]')).to_be_checked()
    keyboard.press("Escape")
    keyboard.press("ArrowLeft")  # the view's key again: one event back, before the solution
    expect(page.locator("#bt-solutions li.ahead")).to_have_count(1)
    tree = page.locator("#view-queens-backtrack .tree-scroll")
    tab_to(page, "#view-queens-backtrack .tree-scroll")
    assert tree.evaluate("node => node.scrollWidth > node.clientWidth")  # a wide tree
    tree.evaluate("node => { node.scrollLeft = 0; }")
    keyboard.press("ArrowRight")  # the box's own key: it scrolls, and the search stays
    expect(tree).not_to_have_js_property("scrollLeft", 0)
    expect(page.locator("#bt-solutions li.ahead")).to_have_count(1)
    tab_to(page, "#view-queens-backtrack details.legend summary")
    keyboard.press(key)
    expect(page.locator("#view-queens-backtrack details.legend").first).not_to_have_attribute(
        "open", ""
    )


def test_a_puzzle_is_chosen_searched_and_played_with_the_keys_alone(page: Any) -> None:
    keyboard = page.keyboard
    keyboard.press("Tab")
    keyboard.press("ArrowRight")  # the tabs' own keys: backtracking, hill climbing,
    keyboard.press("ArrowRight")  # the sliding puzzle
    expect(page.locator("#tab-puzzle-puzzle")).to_be_focused()
    expect(page.locator("#view-puzzle-puzzle")).to_be_visible()

    tab_to(page, "#pz-position")
    for _ in range(2):  # a list's own keys: "—", then (a), then (b)
        keyboard.press("ArrowDown")
    expect(page.locator("#pz-position")).to_have_value("b")
    tab_to(page, "#pz-run")
    keyboard.press("Enter")
    play = page.locator("#pz-play-solution")
    expect(play).to_be_enabled()
    tab_to(page, "#pz-step")
    keyboard.press(" ")
    expect(page.locator("#pz-node")).to_contain_text("frontier")
    tab_to(page, "#pz-play-solution")
    keyboard.press(" ")
    step = page.locator("#pz-path-step")
    expect(step).to_have_attribute("data-step", "5", timeout=20_000)
    expect(page.locator("#pz-result")).to_contain_text("solved in 5 moves")
    keyboard.press("Escape")  # the view's keys: back along the path
    expect(page.locator("#view-puzzle-puzzle")).to_be_focused()
    keyboard.press("ArrowLeft")
    expect(step).to_have_attribute("data-step", "4")
