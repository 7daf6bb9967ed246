from __future__ import annotations

import pytest
from conftest import Refused, RunCli

import searchlab


def test_version(run_cli: RunCli) -> None:
    run = run_cli("--version")
    assert run.code == 0
    assert searchlab.__version__ in run.stdout


def test_unknown_option_is_one_line_and_exit_2(refused: Refused) -> None:
    refused("--no-such-option", says="--no-such-option")


def test_unknown_command(refused: Refused) -> None:
    refused("frobnicate", says="frobnicate")


def test_ctrl_c_in_a_search_prints_the_statistics_so_far_and_exits_130(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from searchlab.domains.puzzle.domain import PuzzleDomain

    def interrupted(*args: object, **kwargs: object) -> None:
        raise searchlab.SearchInterrupted(searchlab.Stats(expanded=7, generated=19))

    monkeypatch.setattr(PuzzleDomain, "search", interrupted)
    run = run_cli("puzzle", "solve", "1,2,3,4,5,6,7,0,8")
    assert run.code == 130
    assert "interrupted" in run.stderr
    assert "expanded 7" in run.stderr and "generated 19" in run.stderr


def test_ctrl_c_elsewhere_exits_130(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    from searchlab.domains.puzzle.domain import PuzzleDomain

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(PuzzleDomain, "search", interrupted)
    run = run_cli("puzzle", "solve", "1,2,3,4,5,6,7,0,8")
    assert run.code == 130
    assert "interrupted" in run.stderr
