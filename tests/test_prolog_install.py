"""Without SWI-Prolog, a Prolog problem says exactly what to install, and nothing else
in searchlab notices (these tests run with or without swipl: they hide it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Refused, RunCli
from prolog_support import JUGS

from searchlab.domains.prolog import INSTALL

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def no_swipl(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A PATH on which there is no swipl (nor anything else)."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("SEARCHLAB_SWIPL", raising=False)


@pytest.mark.usefixtures("no_swipl")
def test_without_swipl_every_way_in_says_what_to_install(refused: Refused, tmp_path: Path) -> None:
    assert "apt-get install swi-prolog-nox" in INSTALL
    jugs = tmp_path / JUGS.name  # a path no earlier test loaded (compare keeps its domains)
    jugs.write_text(JUGS.read_text())
    for args in (
        ("prolog", str(jugs)),
        ("run", str(jugs)),
        ("serve", "--port", "0", "--problem", str(jugs)),
        ("experiment", "compare", "--problem", str(jugs), "--jobs", "1"),
    ):
        refused(*args, says="SWI-Prolog is not installed: searchlab runs a Prolog problem")


@pytest.mark.usefixtures("no_swipl")
def test_without_swipl_nothing_else_needs_it(run_cli: RunCli) -> None:
    listed = run_cli("--help")
    assert listed.code == 0 and "prolog" in listed.stdout
    assert run_cli("prolog", "--help").code == 0
    run = run_cli("run", str(EXAMPLES / "water_jugs.py"), "--json")
    assert run.code == 0 and json.loads(run.stdout)["length"] == 4
    assert run_cli("puzzle", "solve", "c", "-a", "best-first", "-H", "bratko").code == 0


def test_searchlab_swipl_names_the_program(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, refused: Refused
) -> None:
    monkeypatch.setenv("SEARCHLAB_SWIPL", str(tmp_path / "swipl"))
    refused("prolog", str(JUGS), says="SEARCHLAB_SWIPL names")
