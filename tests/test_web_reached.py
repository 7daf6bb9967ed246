"""What a run on a map sends for its frontier: each expansion of a recorded run in a
domain drawn on a map (the route domain) lists the states its step put on the frontier
(``reached``), so the page can colour the frontier at every step without the server
keeping every generation. Checked against the engine's own events, in the viewer's
API; a domain without a map sends no such list."""

from __future__ import annotations

from typing import Any

import pytest
from test_web_teaching import client_for, expansions, run

from searchlab.core import events
from searchlab.domains.registry import get_domain
from searchlab.domains.routes.domain import ROUTE


def steps_of(start: str, goal: str, algorithm: str) -> list[list[str]]:
    """For each expansion, the states generated in its step and not refused."""
    seen: list[Any] = []
    ROUTE.search(ROUTE.request(start, goal=goal, algorithm=algorithm), seen.append)
    steps: list[list[str]] = []
    for event in seen:
        if isinstance(event, events.Expand):
            steps.append([])
        elif isinstance(event, events.Generate):
            steps[-1].append(str(event.state))
        elif isinstance(event, events.Prune) and event.reason != "stale":
            steps[-1].pop()
    return steps


@pytest.mark.parametrize("algorithm", ["astar", "uniform-cost", "bidirectional", "greedy"])
def test_each_expansion_on_a_map_says_what_it_put_on_the_frontier(algorithm: str) -> None:
    with client_for() as client:
        _, kept = run(client, "route", start="Arad", goal="Bucharest", algorithm=algorithm)
    sent = [event["reached"] for event in expansions(kept)]
    assert sent == steps_of("Arad", "Bucharest", algorithm)
    if algorithm == "astar":  # AIMA fig. 3.24: Arad's three neighbours first
        assert sorted(sent[0]) == ["Sibiu", "Timisoara", "Zerind"]


def test_a_domain_without_a_map_sends_no_such_list() -> None:
    assert "map" not in get_domain("puzzle").views
    with client_for() as client:
        _, kept = run(client, "puzzle", start="b", algorithm="astar")
    assert expansions(kept)
    assert all("reached" not in event for event in expansions(kept))
