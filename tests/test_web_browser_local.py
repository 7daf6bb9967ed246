"""The hill-climbing tab's other local searches, end to end in Debian's chromium (the
fixtures of test_web_browser.py): each offered by the form with its own options, run
through the API, and a genetic run stepped generation by generation, its chart and
boards checked against the server's reply, the command line and a plain pair count.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import RunCli
from test_web_browser import (  # noqa: F401 (fixtures, taken by name)
    browser,
    expect,
    page,
    queens_on_board,
    server_url,
    viewer,
)

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.domains.queens.board import SEED_CASES


def attacking_pairs(queens: list[tuple[int, int]]) -> int:
    """Pairs of queens on one row, column or diagonal, counted pair by pair."""
    return sum(
        1
        for i, (r1, c1) in enumerate(queens)
        for r2, c2 in queens[i + 1 :]
        if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)
    )


def points(page: Any, series: str) -> int:
    """How many points the chart's line ``series`` has."""
    drawn = page.locator(f"#hc-chart polyline[data-series='{series}']")
    expect(drawn).to_have_count(1)
    return len(drawn.get_attribute("points").split())


def choose(page: Any, algorithm: str) -> None:
    """The climbing tab with ``algorithm`` chosen: its options shown, hill climbing's
    own hidden."""
    page.click("#tab-queens-climb")
    page.select_option("#hc-algorithm", algorithm)
    for option in ALGORITHMS[algorithm].options:
        expect(page.locator(f"#hc-option-{option.name}")).to_be_visible()
    for own in ("tie", "sideways", "restarts", "numbers"):
        expect(page.locator(f"#hc-{own}")).to_be_hidden()


def test_the_tab_offers_every_local_search_of_the_domain(page: Any) -> None:
    page.click("#tab-queens-climb")
    offered = page.locator("#hc-algorithm option").evaluate_all("nodes => nodes.map(n => n.value)")
    queens = json.loads(page.evaluate("fetch('/api/options').then(r => r.text())"))
    domain = next(item for item in queens["domains"] if item["name"] == "queens")
    assert offered == [item["name"] for item in domain["algorithms"] if item["local"]]
    assert {"hill-climbing", "local-beam", "genetic", "tabu", "late-acceptance"} <= set(offered)
    expect(page.locator("#hc-algorithm")).to_have_value("hill-climbing")
    expect(page.locator("#hc-tie")).to_be_visible()
    expect(page.locator("#hc-options .option")).to_have_count(0)


def test_a_genetic_run_shows_its_generations_and_their_best_boards(
    page: Any, run_cli: RunCli
) -> None:
    choose(page, "genetic")
    page.fill("#hc-state", "8")
    page.select_option("#hc-heuristic", "pairs")
    page.fill("#hc-option-population", "30")
    page.fill("#hc-option-generations", "40")
    page.fill("#hc-seed", "11")
    with page.expect_response(lambda response: response.url.endswith("/search")) as answered:
        page.click("#hc-run")
    reply = answered.value.json()
    population = reply["population"]
    count = len(population["best"])
    # one generation more than the generations bred: the first population counts
    assert count == reply["result"]["stats"]["iterations"] + 1
    assert len(population["individuals"]) == count
    expect(page.locator("#hc-stats")).to_contain_text(f"0 of {count - 1}")
    for series in ("best", "median", "worst"):
        assert points(page, series) == count
        assert len(population[series]) == count
    ranked = zip(population["best"], population["median"], population["worst"], strict=True)
    assert all(best >= median >= worst for best, median, worst in ranked)

    page.click("#hc-end")
    last = sorted(tuple(square) for square in population["individuals"][-1])
    assert queens_on_board(page, "#hc-board") == last
    # fitness with the pairs heuristic: the 28 pairs of 8 queens, less those attacking
    assert 28 - attacking_pairs(last) == population["best"][-1]
    assert attacking_pairs(last) == population["h"][-1] == reply["result"]["h_final"]
    expect(page.locator("#hc-stats")).to_contain_text(f"{count - 1} of {count - 1}")
    verdict = page.locator("#hc-verdict")
    expect(verdict).to_be_visible()
    expect(verdict).to_have_attribute("data-status", reply["result"]["status"])

    # the command line's genetic run from the same seed ends on the same board
    cli = run_cli(
        "queens", "solve", "8", "--algorithm", "genetic", "--heuristic", "pairs",
        "--population", "30", "--generations", "40", "--seed", "11", "--json",
    )  # fmt: skip
    assert cli.code in (0, 1), cli.stderr
    said = json.loads(cli.stdout)
    assert sorted(tuple(square) for square in said["final"]) == last
    assert said["stats"]["iterations"] == count - 1

    # stepping back goes generation by generation, each with its own best board
    page.click("#hc-reset")
    first = sorted(tuple(square) for square in population["individuals"][0])
    assert queens_on_board(page, "#hc-board") == first
    expect(page.locator("#hc-move")).to_contain_text(
        f"Generation 0 of {count - 1} (the first population): fitness best {population['best'][0]}"
    )
    page.click("#hc-step")
    expect(page.locator("#hc-move")).to_contain_text(f"Generation 1 of {count - 1}")
    second = sorted(tuple(square) for square in population["individuals"][1])
    assert queens_on_board(page, "#hc-board") == second


@pytest.mark.parametrize("algorithm", ["tabu", "local-beam", "late-acceptance"])
def test_the_other_local_searches_run_from_the_tab(
    page: Any, run_cli: RunCli, algorithm: str
) -> None:
    choose(page, algorithm)
    page.select_option("#hc-case", index=1)
    page.fill("#hc-seed", "4")
    page.click("#hc-run")
    expect(page.locator("#hc-stats")).to_contain_text("move (this climb)")
    page.click("#hc-end")
    cli = run_cli(
        "queens", "solve", str(SEED_CASES[0]), "--algorithm", algorithm, "--seed", "4", "--json"
    )
    assert cli.code in (0, 1), cli.stderr
    said = json.loads(cli.stdout)
    verdict = page.locator("#hc-verdict")
    expect(verdict).to_be_visible()
    expect(verdict).to_have_attribute("data-status", said["status"])
    expect(verdict).to_have_attribute("data-h", str(said["h_final"]))
    if said["solved"]:  # the walk ends on the solution, which attacks nothing
        final = sorted(tuple(square) for square in said["final"])
        assert queens_on_board(page, "#hc-board") == final
        assert attacking_pairs(final) == 0


def test_a_reload_reopens_the_same_genetic_run_at_the_same_generation(page: Any) -> None:
    choose(page, "genetic")
    page.fill("#hc-state", "8")
    page.fill("#hc-option-population", "25")
    page.fill("#hc-option-generations", "30")
    page.fill("#hc-seed", "7")
    page.click("#hc-run")
    for _ in range(3):
        page.click("#hc-step")
    expect(page).to_have_url(re.compile(r"step=3"))
    assert "algorithm=genetic" in page.evaluate("location.hash")
    board = queens_on_board(page, "#hc-board")
    said = page.locator("#hc-move").inner_text()
    assert said.startswith("Generation 3 of")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#hc-move")).to_have_text(said)
    assert queens_on_board(page, "#hc-board") == board
    expect(page.locator("#hc-algorithm")).to_have_value("genetic")
    expect(page.locator("#hc-option-population")).to_have_value("25")
    expect(page.locator("#hc-tie")).to_be_hidden()
