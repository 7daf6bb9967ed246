"""Set-up work a request may cost the server: tables built per goal, one at a time,
and only for the goals a domain names.

Some heuristics are tables computed for one goal before the search (the 4×4 pattern
databases: seconds to build, some 33 MB kept in memory per goal for the life of the
process). The command line builds them for any goal the user asks; the viewer, where
anyone who reaches the page may ask, builds them only for the domain's named goals
(a handful, each built once), and one request at a time, so no run of requests can make
the server build without end or several at once.

The descriptor does not yet say which heuristics are such tables (a field of
``HeuristicSpec`` would); until it does, they are found here: the sliding puzzle's
pattern databases are the only ones searchlab has.
"""

from __future__ import annotations

import threading
from typing import Any

from searchlab.core.errors import InputError
from searchlab.domains.base import Domain

BUILDING = threading.Lock()
"""Held while a request that may build tables is checked and prepared."""


def built_per_goal(domain: Domain[Any, Any]) -> frozenset[str]:
    """The heuristics of ``domain`` that are tables built for each goal."""
    from searchlab.domains.puzzle.heuristics import HEURISTICS, PATTERN_DATABASES

    return frozenset(PATTERN_DATABASES) if domain.heuristics is HEURISTICS else frozenset()


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def check_goal(domain: Domain[Any, Any], heuristic: str, start: Any, goal: Any) -> None:
    """Refuse a heuristic built per goal for a goal the domain does not name (the goal
    written out in full is the named one, and accepted)."""
    named: dict[str, Any] = {}
    for name in domain.goals:
        try:
            named[name] = domain.parse_goal(name, start)
        except InputError:
            continue  # a goal that does not fit this start (Bratko's 3×3 for a 4×4)
    if goal in named.values():
        return
    listed = _and(list(named)) if named else "none"
    raise InputError(
        f"the viewer builds {heuristic} for the goals {listed} only: choose one of those "
        "goals, or another heuristic",
        field="heuristic",
    )
