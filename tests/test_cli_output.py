"""What the commands print, as a user reads it (issue 27): the start a search really
started from, lines that paste back whole, the path of every solution on request, and
labels that say what ran."""

from __future__ import annotations

from conftest import RunCli

from searchlab.cli.report import LAST_MOVES


def test_the_start_block_has_the_colours_asked_for(run_cli: RunCli) -> None:
    """Before: australia with --colours 2 was drawn with red, green and blue."""
    run = run_cli("map-colouring", "solve", "australia", "--colours", "2", "-a", "min-conflicts")
    assert run.code == 3, run.stderr  # two colours cannot colour a triangle: the limit
    block = run.stdout.split("no solution found")[0]
    regions = block.splitlines()[1:]
    assert len(regions) == 7  # WA NT SA Q NSW V T
    assert all(line.split(None, 1)[1] == "{red, green}" for line in regions), block
    assert f"10,000 moves, the last {LAST_MOVES}:" in run.stdout
    three = run_cli("map-colouring", "solve", "usa", "--colours", "3", "-a", "min-conflicts")
    assert "{red, green, blue}" in three.stdout and "yellow" not in three.stdout
