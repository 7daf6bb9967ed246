from __future__ import annotations

from conftest import RunCli

import searchlab


def test_version(run_cli: RunCli) -> None:
    run = run_cli("--version")
    assert run.code == 0
    assert searchlab.__version__ in run.stdout


def test_unknown_option_is_one_line_and_exit_2(run_cli: RunCli) -> None:
    run = run_cli("--no-such-option")
    assert run.code == 2
    assert run.stderr.strip().count("\n") == 0
    assert "--no-such-option" in run.stderr


def test_unknown_command(run_cli: RunCli) -> None:
    run = run_cli("frobnicate")
    assert run.code == 2
    assert "frobnicate" in run.stderr
