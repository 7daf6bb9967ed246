"""Time limits inside one long propagation, and Ctrl-C's statistics from the compiled
route kernel (issue 26)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import RunCli, run_searchlab

from searchlab.domains.routes import kernel


def test_mac_reads_the_clock_inside_the_root_propagation(run_cli: RunCli) -> None:
    """Before: the root's arc consistency (a million arcs for 1,000 queens; here 300)
    ran to its end before the first reading of the clock, so a limit of 0 s still
    made every check of it; now it stops inside, before any check."""
    result = run_cli(
        "queens-csp", "solve", "300", "--inference", "mac", "--max-seconds", "0", "--json"
    )
    assert result.code == 3, result.stderr
    document = json.loads(result.stdout)
    assert document["status"] == "limit_reached"
    assert document["limit"] == "max_seconds"
    assert document["stats"]["checks"] == 0


def test_mac_on_a_thousand_queens_ends_at_its_limit() -> None:
    """Before: --max-seconds 1 ended after 2.9 s of search (5 -> 7.9, 20 -> 23.7)."""
    done = run_searchlab(
        "queens-csp",
        "solve",
        "1000",
        "--inference",
        "mac",
        "--max-seconds",
        "1",
        "--json",
        timeout=300,
    )
    assert done.returncode == 3, done.stderr
    stats = json.loads(done.stdout)["stats"]
    print(f"stopped after {stats['seconds']:.3f} s of search (limit 1 s)")
    assert stats["seconds"] < 10  # generous: the claim is ~0.05 s past the limit


def test_ctrl_c_in_the_compiled_route_kernel_prints_the_statistics(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "searchlab: interrupted" alone, without the statistics that docs/json.md
    promises. Ctrl-C is simulated after the kernel's second slice of expansions."""
    real = kernel.run
    calls = []

    def interrupted(*arguments: Any) -> None:
        real(*arguments)
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(kernel, "run", interrupted)
    result = run_cli(
        "route",
        "solve",
        "road:400000:7:0",
        "--goal",
        "399999",
        "--engine",
        "compiled",
        "-a",
        "uniform-cost",
    )
    assert result.code == 130
    assert "interrupted (expanded " in result.stderr
    expanded = int(result.stderr.split("expanded ")[1].split(",")[0])
    assert expanded == 2 * kernel.SLICE


def test_min_conflicts_reads_the_clock_while_it_places_the_first_values(
    run_cli: RunCli,
) -> None:
    """Before: the greedy first assignment (n² value counts, a million updates per
    value for 1,000 queens) ran whole, 5.5 s for --max-seconds 1; now a limit of 0
    stops it before the first value."""
    result = run_cli(
        "queens-csp", "solve", "300", "-a", "min-conflicts", "--seed", "1",
        "--max-seconds", "0", "--json",
    )  # fmt: skip
    assert result.code == 3, result.stderr
    document = json.loads(result.stdout)
    assert document["limit"] == "max_seconds"
    assert document["stats"]["generated"] == 0
    assert not document["solved"]
