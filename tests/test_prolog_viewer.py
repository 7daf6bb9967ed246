"""A Prolog file in the viewer: `searchlab serve --problem water_jugs.pl` gives it a tab
in the generic view, its states drawn by its own draw/2, solved with IDA* (Debian's
chromium through Playwright, as tests/test_web_browser.py drives it)."""

from __future__ import annotations

from typing import Any

from conftest import served
from prolog_support import JUGS, require_swipl
from test_web_browser import browser, expect, viewer  # noqa: F401 - browser is a fixture

require_swipl()


def test_the_water_jugs_get_a_tab_drawn_by_draw_2(browser: Any) -> None:  # noqa: F811
    with served("--problem", str(JUGS)) as address, viewer(browser, address["url"]) as page:
        tab = page.locator("#tab-water-jugs-generic")
        expect(tab).to_have_text("water_jugs.pl")
        tab.click()
        expect(page.locator("#gn-water-jugs-heuristic option").first).to_have_text("default (h)")
        page.select_option("#gn-water-jugs-algorithm", "ida")
        page.click("#gn-water-jugs-run")  # no start typed: the file's start/1
        board = page.locator("#gn-water-jugs-board .grid")
        expect(board).to_have_attribute("data-rows", "4")  # two jugs, four litres high
        expect(board.locator(".cell.empty")).to_have_count(1)  # the small jug's fourth litre
        page.click("#gn-water-jugs-end")
        result = page.locator("#gn-water-jugs-result")
        expect(result).to_have_text("solved in 4 moves (shortest), ida with h")
        page.fill("#gn-water-jugs-start", "jugs(4,")
        page.click("#gn-water-jugs-run")
        expect(page.locator('#gn-water-jugs-form [data-error-for="start"]')).to_contain_text(
            "cannot read 'jugs(4,' as a Prolog term"
        )
