# ruff: noqa: F811 (the browser fixtures of test_web_browser.py, taken by their names)
"""The constraint network tab end to end in Debian's chromium (the fixtures of
test_web_browser.py): an arc revised by a click, AC-3 stepped and run to the end, a
domain split and the split point gone back to, backtracking stepped with its reasons,
a network built in the page, exported and imported, all of it by the keyboard too,
and axe-core's check of the tab. The expected domains come from the library's own
``ac3`` and ``solve`` on the same networks, not from the page."""

from __future__ import annotations

import json
import re
from typing import Any

from test_web_accessibility import blocking_violations
from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    browser,
    expect,
    page,
    server_url,
    viewer,
)
from test_web_keyboard import tab_to

from searchlab.algorithms.csp import Strategy, ac3, solve
from searchlab.web.network_builtins import queens
from searchlab.web.network_spec import read_network, to_csp

QUEENS = read_network(queens(4))


def expect_domain(page: Any, variable: str, values: str) -> None:
    """The variable's node shows ``values`` (``{1, 2}``) as its domain, as its label
    says (waiting for the server's answer)."""
    node = page.locator(f'#nw-svg [data-variable="{variable}"]')
    expect(node).to_have_attribute("aria-label", re.compile(re.escape(f" domain {values}")))


def shown(values: Any) -> str:
    return "{" + ", ".join(map(str, values)) + "}"


def open_queens(page: Any) -> None:
    page.click("#tab-network")
    page.select_option("#nw-builtin", "4-queens")
    page.click("#nw-load")
    expect(page.locator("#nw-svg [data-variable]")).to_have_count(4)
    expect(page.locator("#nw-queue li")).to_have_count(12)


def test_the_address_names_the_built_in_network(browser: Any, server_url: str) -> None:
    with viewer(browser, f"{server_url}#network?network=crossword") as page:
        expect(page.locator('#nw-svg [data-variable="A1"]')).to_have_count(1)
        expect(page.locator("#nw-builtin")).to_have_value("crossword")
        page.select_option("#nw-builtin", "4-queens")
        page.click("#nw-load")
        expect(page).to_have_url(re.compile(r"#network\?network=4-queens$"))


def test_arcs_are_revised_by_a_click_ac3_steps_and_a_split_goes_back(page: Any) -> None:
    open_queens(page)
    page.click("#nw-ac3-step")  # the first arc: Q1 of "Q1, Q2 safe", nothing to remove
    expect(page.locator("#nw-queue li")).to_have_count(11)
    expect(page.locator("#nw-log li").first).to_contain_text("consistent, nothing removed")
    page.click('#nw-svg [data-variable="Q1"]')  # split Q1 {1, 2, 3, 4}: keep {1, 2}, then {1}
    page.click("#nw-split-low")
    expect(page.locator("#nw-unsplit")).to_be_enabled()
    page.click('#nw-svg [data-variable="Q1"]')
    page.click("#nw-split-low")
    expect_domain(page, "Q1", "{1}")
    page.click('#nw-svg [data-arc="Q2|0"]')  # revise Q2 against Q1 = 1: 1 and 2 go
    last = page.locator("#nw-log li").last
    expect(last).to_contain_text(
        "Q2 against Q1 (Q1, Q2 safe): removed 1, 2: no value of Q1 in {1} satisfies"
    )
    expect_domain(page, "Q2", "{3, 4}")
    page.click("#nw-ac3-end")
    domains = [(1,), *QUEENS.domains[1:]]
    library = ac3(to_csp(QUEENS, domains))
    assert not library.consistent  # Q1 = 1 has no solution: AC-3 empties a domain
    expect(page.locator("#nw-queue li")).to_have_text([re.compile("stopped: Q.'s domain is empty")])
    expect(page.locator("#nw-status")).to_contain_text("domain is empty")
    expect(page.locator("#nw-svg .nw-node.empty")).not_to_have_count(0)
    page.click("#nw-unsplit")  # back to Q1 ∈ {1, 2}: the other half is offered
    expect_domain(page, "Q1", "{1, 2}")
    page.click("#nw-split-high")
    page.click("#nw-ac3-end")
    expected = ac3(to_csp(QUEENS, [(2,), *QUEENS.domains[1:]])).domains
    for variable, values in expected.items():  # Q1 = 2: arc consistency alone solves it
        expect_domain(page, str(variable), shown(values))
    expect(page.locator("#nw-status")).to_contain_text("one value each")


def test_backtracking_is_stepped_with_its_reasons(page: Any) -> None:
    open_queens(page)
    page.select_option("#nw-inference", "fc")
    page.select_option("#nw-value-order", "lcv")
    page.click("#nw-solve")
    expect(page.locator("#nw-bt-status")).to_contain_text("FC+MRV+LCV")
    page.click("#nw-bt-step")
    expect(page.locator("#nw-log li")).to_have_count(1)
    expect(page.locator("#nw-log li").first).to_contain_text(
        "MRV chose Q1: fewest values left (Q1 4, Q2 4"
    )
    expect(page.locator("#nw-log li").first).to_contain_text("LCV tries")
    page.click("#nw-bt-step")
    page.click("#nw-bt-back")
    expect(page.locator("#nw-log li")).to_have_count(1)
    page.click("#nw-bt-end")
    log = page.locator("#nw-log")
    expect(log.locator("li.wipeout").first).to_contain_text("domain is empty")
    expect(log.locator("li.backtrack").first).to_contain_text("has no value left")
    expect(log.locator("li.solution")).to_have_count(1)
    answer = solve(to_csp(QUEENS), Strategy("mrv", "lcv", "fc"))
    assert answer is not None
    for variable, value in answer.items():
        expect_domain(page, str(variable), shown([value]))
    page.click("#nw-bt-close")
    expect_domain(page, "Q1", "{1, 2, 3, 4}")  # back to the arc consistency view


def test_a_network_is_built_exported_and_imported(page: Any) -> None:
    page.click("#tab-network")
    expect(page.locator("#nw-svg [data-variable]")).not_to_have_count(0)
    page.click("#view-network details.nw-editor >> nth=0 >> summary")
    page.click("#nw-new")
    for name in ("x", "y"):
        page.fill("#nw-var-name", name)
        page.fill("#nw-var-domain", "1 2 3")
        page.click("#nw-add-var")
        expect(page.locator(f'#nw-svg [data-variable="{name}"]')).to_have_count(1)
    page.select_option("#nw-con-x", "x")
    page.select_option("#nw-con-y", "y")
    page.select_option("#nw-con-relation", "<")
    page.click("#nw-add-con")
    expect(page.locator("#nw-svg .nw-arc")).to_have_count(2)
    page.fill("#nw-var-name", "z")
    page.fill("#nw-var-domain", "")
    page.click("#nw-add-var")  # no value: the server refuses, naming why
    expect(page.locator("#nw-error")).to_contain_text("the domain of z is empty")
    page.fill("#nw-var-name", "w")
    page.fill("#nw-var-domain", "a b")
    page.click("#nw-add-var")
    expect(page.locator('#nw-svg [data-variable="w"]')).to_have_count(1)
    page.fill("#nw-alldiff", "x y w")
    page.click("#nw-add-alldiff")
    page.select_option("#nw-con-relation", "table")
    page.fill("#nw-con-pairs", "1 2\n2 3")
    page.click("#nw-add-con")
    boxes = page.locator("#nw-svg .nw-box text")
    expect(boxes).to_have_text(["x < y", "alldiff(x, y, w)", "(x, y) in a table of 2"])
    expect(page.locator("#nw-svg .nw-box.nary")).to_have_count(1)  # a hyper-arc's box
    expect(page.locator("#nw-svg .nw-arc")).to_have_count(2 + 3 + 2)
    page.select_option("#nw-remove", label="constraint (x, y) in a table of 2")
    page.click("#nw-remove-button")
    expect(boxes).to_have_count(2)
    page.select_option("#nw-remove", label="variable w")  # and the constraints on it
    page.click("#nw-remove-button")
    expect(boxes).to_have_text(["x < y"])
    expect(page.locator("#nw-svg [data-variable]")).to_have_count(2)
    page.fill("#nw-name", "mine")
    page.click("#nw-rename")
    expect(page.locator("#nw-status")).to_have_text("The network is called mine now.")
    page.click('#nw-svg [data-variable="x"]')
    expect(page.locator("#nw-split")).to_be_visible()
    page.click("#nw-split-cancel")
    expect(page.locator("#nw-split")).to_be_hidden()
    page.click("#nw-ac3-end")
    expect_domain(page, "x", "{1, 2}")
    page.click("#nw-reset")
    expect_domain(page, "x", "{1, 2, 3}")
    expect(page.locator("#nw-queue li")).to_have_count(2)
    page.click("#view-network details.nw-editor >> nth=1 >> summary")
    page.click("#nw-export-python")
    expect(page.locator("#nw-text")).to_have_value(
        re.compile(r"Predicate\(\('x', 'y'\), operator\.lt")
    )
    page.click("#nw-import")  # the Python read back (not run): the same network
    expect(page.locator("#nw-status")).to_have_text("Imported mine from Python.")
    expect(page.locator("#nw-svg .nw-arc")).to_have_count(2)
    page.click("#nw-export-json")
    exported = json.loads(page.locator("#nw-text").input_value())
    assert [v["name"] for v in exported["variables"]] == ["x", "y"]
    assert exported["name"] == "mine"
    exported["variables"].append({"name": "z", "domain": [1, 2, 3]})
    exported["constraints"].append(
        {"kind": "relation", "scope": ["y", "z"], "relation": "absdiff!=", "k": 1}
    )
    page.fill("#nw-text", json.dumps(exported))
    page.click("#nw-import")
    expect(page.locator("#nw-svg .nw-arc")).to_have_count(4)
    page.click("#nw-ac3-end")
    library = ac3(to_csp(read_network(exported)))  # x < y, |y − z| ≠ 1
    for variable, values in library.domains.items():
        expect_domain(page, str(variable), shown(values))
    page.fill("#nw-text", "{not json")
    page.click("#nw-import")
    expect(page.locator("#nw-error")).to_contain_text("does not hold JSON")
    page.fill("#nw-text", "import os")  # nor a file the tab exported
    page.click("#nw-import")
    expect(page.locator("#nw-error")).to_contain_text("the file has no function problem()")


def test_the_tab_works_by_keyboard_alone(page: Any) -> None:
    page.click("#tab-network")
    expect(page.locator("#nw-svg [data-variable]")).not_to_have_count(0)
    tab_to(page, "#nw-builtin")
    page.keyboard.press("ArrowDown")  # the select: Australia, then SEND+MORE=MONEY
    page.keyboard.press("ArrowDown")
    expect(page.locator("#nw-builtin")).to_have_value("4-queens")
    tab_to(page, "#nw-load")
    page.keyboard.press("Enter")
    expect(page.locator("#nw-queue li")).to_have_count(12)
    tab_to(page, '#nw-svg [data-variable="Q1"]')
    page.keyboard.press("Enter")  # split offered, its first half focused
    expect(page.locator("#nw-split-low")).to_be_focused()
    page.keyboard.press("Enter")
    expect_domain(page, "Q1", "{1, 2}")
    tab_to(page, '#nw-svg [data-arc="Q2|0"]')
    page.keyboard.press(" ")
    expect(page.locator("#nw-log li").last).to_contain_text("Q2 against Q1 (Q1, Q2 safe)")
    tab_to(page, "#nw-ac3-end")
    page.keyboard.press("Enter")
    expect(page.locator("#nw-queue li")).to_have_text(["empty: every arc is consistent"])
    tab_to(page, "#nw-solve")
    page.keyboard.press("Enter")
    expect(page.locator("#nw-bt-step")).to_be_enabled()
    page.locator("#view-network").focus()
    page.keyboard.press("ArrowRight")  # the player's key steps the run
    expect(page.locator("#nw-log li")).to_have_count(1)


def test_the_tab_has_no_serious_accessibility_violation(page: Any) -> None:
    open_queens(page)
    found = blocking_violations(page, "network, loaded")
    page.click('#nw-svg [data-variable="Q1"]')
    page.click("#nw-split-low")
    page.click("#nw-ac3-end")
    page.click("#nw-solve")
    page.click("#nw-bt-step")
    for summary in page.locator("#view-network details.nw-editor > summary").all():
        summary.click()
    page.click("#nw-export-json")
    expect(page.locator("#nw-download")).to_be_visible()
    for scheme in ("light", "dark"):  # every panel open, in both colour schemes
        page.emulate_media(color_scheme=scheme)
        found += blocking_violations(page, f"{scheme} network, stepped")
    assert found == [], "\n".join(found)
