"""docs/coming-from.md: every example on the page runs and prints what it shows; the
aima-python block written for aima's own modules runs on aima3 when it is installed."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[1] / "docs" / "coming-from.md"


def test_the_pages_examples_run() -> None:
    outcome = doctest.testfile(
        str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS, report=True
    )
    assert outcome.attempted > 30 and outcome.failed == 0


def test_the_page_is_in_the_sites_navigation() -> None:
    nav = (PAGE.parents[1] / "mkdocs.yml").read_text(encoding="utf-8")
    assert "coming-from.md" in nav


def test_the_aima_python_block_runs_on_aimas_own_romania() -> None:
    pytest.importorskip("aima3.search")
    block = re.search(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert block is not None
    code = block.group(1).replace("from search import", "from aima3.search import")
    code = code.replace("astar(trip, trip.h).cost", "cost = astar(trip, trip.h).cost")
    scope: dict[str, object] = {}
    exec(compile(code, str(PAGE), "exec"), scope)
    assert scope["cost"] == 418.0
