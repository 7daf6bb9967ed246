"""docs/planning.md: its Python examples run and print what the page shows, and the
page is in the site's navigation."""

from __future__ import annotations

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "planning.md"


def test_the_pages_examples_run() -> None:
    outcome = doctest.testfile(
        str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS, report=True
    )
    assert outcome.attempted >= 10 and outcome.failed == 0


def test_the_page_is_in_the_sites_navigation() -> None:
    nav = (PAGE.parents[1] / "mkdocs.yml").read_text(encoding="utf-8")
    assert "planning.md" in nav
