"""Accessibility as a test: axe-core (the copy axe-playwright-python bundles) checks
every tab of the viewer, in the light and the dark colour scheme, before and after a
search has run in it (so that the result panels, trees and tables it draws are checked
too), and finds no serious or critical violation.

The tabs are the ones the page builds from /api/options, so a new domain's or view's
tab is checked by itself; the Help tab is checked with every domain's source open.
A search is started the way a user would: a named start, else a Random one, else the
domain's first example (the command line's --help shows it), then Step, Next solution
and To the end where the view has them.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

import pytest
from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    IN_CI,
    browser,
    expect,
    server_url,
    step_until,
    viewer,
)

from searchlab.domains.registry import get_domain

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # the test extra installs it; under CI its absence is a failure
    if IN_CI:
        raise
    pytest.skip("axe-playwright-python is not installed", allow_module_level=True)

SCHEMES = ("light", "dark")
BLOCKING = ("serious", "critical")
# rules of lesser impact that were broken once and are kept fixed: the outline of
# headings, a header naming every column, and the boxes that scroll reached by the keys
PINNED = ("heading-order", "empty-table-header", "scrollable-region-focusable")
OWN_TABS = ("network", "graph-editor", "trace-replay")
"""Tabs of no domain: checked here before a search, and after one in their own tests
(test_web_browser_network.py, test_web_graph_editor.py), which build the network, draw
the graph or drop the file they need."""
STEPS = 8  # steps taken after a run: enough for the tables and the tree to appear


def slug(name: str) -> str:
    """A domain's name as the page puts it in a tab's key (template.js's slug)."""
    return re.sub(r"[^a-z0-9-]+", "-", name.lower())


def tab_keys(page: Any) -> list[str]:
    keys: list[str] = page.eval_on_selector_all(
        '[role="tablist"] [role="tab"]', "tabs => tabs.map((tab) => tab.dataset.view)"
    )
    return keys


def domain_of(key: str, names: list[str]) -> str:
    """The domain whose tab ``key`` is ("queens-csp-generic" is queens-csp's, not
    queens'): the longest name whose slug starts the key."""
    owners = [name for name in names if key.startswith(f"{slug(name)}-")]
    assert owners, f"no domain owns the tab {key!r}"
    return max(owners, key=len)


def blocking_violations(page: Any, where: str) -> list[str]:
    """axe-core on the whole page: its serious and critical violations (and those of
    the pinned rules), one line each with the rule, the elements and what to do."""
    results = Axe().run(page)
    lines = []
    for violation in results.response["violations"]:
        if violation["impact"] not in BLOCKING and violation["id"] not in PINNED:
            continue
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        lines.append(
            f"{where}: {violation['id']} ({violation['impact']}, {len(targets)} elements) "
            f"{violation['help']} [{violation['helpUrl']}] on {targets[:8]}"
        )
    return lines


def visible(locator: Any) -> bool:
    return bool(locator.count()) and bool(locator.first.is_visible())


def choose_a_start(panel: Any, domain: str) -> None:
    """A start as a user would choose it: the first named start, else a Random one,
    else (a field still empty with no default start) the domain's first example."""
    named = panel.locator(
        "form.setup select[id$='-case'], form.setup select[id$='-position'],"
        " form.setup select[id$='-preset']"
    )
    if visible(named) and named.first.locator("option").count() > 1:
        named.first.select_option(index=1)
        return
    random = panel.locator("form.setup button[id$='-random']")
    start = panel.locator("form.setup [name='start']")
    if visible(random):
        random.first.click()
        expect(start.first).not_to_have_value("")
        return
    described = get_domain(domain)
    if visible(start) and not start.first.input_value() and not described.has_default_start:
        start.first.fill(shlex.split(described.examples[0])[0])


def run_a_search(page: Any, key: str, domain: str) -> None:
    """Start a search in tab ``key`` and take a few steps."""
    panel = page.locator(f"#view-{key}")
    choose_a_start(panel, domain)
    panel.locator("form.setup button[type='submit']").click()
    steps = panel.locator("button[id$='-step']")
    if not steps.count():  # a view without a player: its answer is all there is
        return
    step = steps.first
    expect(step).to_be_enabled()
    for _ in range(STEPS):
        if step.is_enabled():
            step.click()


def run_to_the_end(page: Any, key: str) -> None:
    """Go on with the search of tab ``key``: Next solution (live searches), then To
    the end (recorded ones)."""
    panel = page.locator(f"#view-{key}")
    more = panel.locator("button[id$='-next']:not([id$='-layer-next'])")  # not the timeline's
    if visible(more) and more.first.is_enabled():
        label = more.first.inner_text()
        more.first.click()
        expect(more.first).to_have_text(label, timeout=60_000)  # it reads Stop meanwhile
    end = panel.locator("button[id$='-end']")
    if visible(end) and end.first.is_enabled():
        end.first.click()
    expect(panel.locator("form.setup [role='alert']:visible")).to_have_count(0)


def open_every_source(page: Any) -> None:
    """The Help tab with every domain's source shown (the code boxes scroll)."""
    summaries = page.locator("#view-help details > summary")
    for index in range(summaries.count()):
        summaries.nth(index).click()
    expect(page.locator("#view-help .sources:text-is('loading…')")).to_have_count(0)
    expect(page.locator("#view-help .sources pre").first).to_be_visible()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_no_tab_has_a_serious_or_critical_violation(
    browser: Any, server_url: str, scheme: str
) -> None:
    with viewer(browser, server_url) as page:
        page.emulate_media(color_scheme=scheme)
        dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark")
        options = page.evaluate("fetch('/api/options').then((reply) => reply.json())")
        names = [domain["name"] for domain in options["domains"]]
        keys = tab_keys(page)
        assert "help" in keys and len(keys) > len(names)  # a tab per domain, then Help
        found: list[str] = []
        for key in keys:
            page.click(f"#tab-{key}")
            expect(page.locator(f"#view-{key}")).to_be_visible()
            found += blocking_violations(page, f"{scheme} {key}, before a search")
            if key == "help":
                open_every_source(page)
                found += blocking_violations(page, f"{scheme} help, every source open")
            elif key in OWN_TABS:
                continue  # no domain's: stepped and checked by its own tests
            else:
                run_a_search(page, key, domain_of(key, names))
                found += blocking_violations(page, f"{scheme} {key}, {STEPS} steps in")
                run_to_the_end(page, key)
                found += blocking_violations(page, f"{scheme} {key}, at the end")
        assert found == [], "\n".join(found)


def puzzle_compared(page: Any) -> None:
    """Two searches stepped together: the side-by-side table."""
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "b")
    page.select_option("#pz-algorithm2", index=1)
    page.click("#pz-run")
    expect(page.locator("#pz-compare-table")).to_be_visible()
    for _ in range(4):
        page.click("#pz-step")


def puzzle_ida_tree(page: Any) -> None:
    """IDA*'s tree and its bound."""
    page.click("#tab-puzzle-puzzle")
    page.select_option("#pz-position", "b")
    page.select_option("#pz-algorithm2", "")
    page.select_option("#pz-algorithm", "ida")
    page.click("#pz-run")
    for _ in range(3):  # position b is solved in 5 moves: a few steps, and the tree shows
        page.click("#pz-step")
    expect(page.locator("#view-puzzle-puzzle .tree-svg")).to_be_visible()


def climb_genetic(page: Any) -> None:
    """A genetic run: the chart of its generations."""
    page.click("#tab-queens-climb")
    page.select_option("#hc-algorithm", "genetic")
    page.select_option("#hc-case", index=1)
    page.click("#hc-run")
    page.click("#hc-end")
    expect(page.locator("#hc-chart svg")).to_be_visible()


def backtrack_every_attempt(page: Any) -> None:
    """Backtracking showing every square tried, refused and left."""
    page.click("#tab-queens-backtrack")
    page.fill("#bt-n", "6")
    page.click("#bt-start")
    page.check('input[name="bt-mode"][value="every"]')
    refused = page.locator("#bt-board .mark.refused")
    step_until(page, "bt", refused.count, 20)
    expect(refused).not_to_have_count(0)


def refused_input(page: Any) -> None:
    """A start the server refuses: the message in red beside the field."""
    page.click("#tab-queens-backtrack")
    page.fill("#bt-n", "0")
    page.click("#bt-start")
    expect(page.locator('#bt-form [data-error-for="start"]')).not_to_be_empty()


MOMENTS = (puzzle_compared, puzzle_ida_tree, climb_genetic, backtrack_every_attempt, refused_input)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_panels_a_view_shows_on_demand_have_no_serious_or_critical_violation(
    browser: Any, server_url: str, scheme: str
) -> None:
    """What the default runs do not show: a comparison, a tree of IDA*, a genetic
    run's chart, every attempt of backtracking, an error beside its field."""
    with viewer(browser, server_url) as page:
        page.emulate_media(color_scheme=scheme)
        found: list[str] = []
        for moment in MOMENTS:
            moment(page)
            found += blocking_violations(page, f"{scheme} {moment.__name__}")
        assert found == [], "\n".join(found)
