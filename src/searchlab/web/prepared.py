"""Set-up work a request may cost the server: tables built per goal, one at a time,
and only for the goals a domain names.

Some heuristics are tables computed for one goal before the search (the 4×4 pattern
databases: seconds to build, some 33 MB kept in memory per goal for the life of the
process). The command line builds them for any goal the user asks; the viewer, where
anyone who reaches the page may ask, builds them only for the domain's named goals
(a handful, each built once), and one request at a time, so no run of requests can make
the server build without end or several at once.

A build is also priced before it starts (``check_build``): one past the memory the
server gives tables (``WebLimits.max_table_bytes``) or the run's seconds is refused
with the figures (the 5×5 ``pdb-6666``: some 770 MB and ten minutes); one search on
the command line builds it once into the cache, where the viewer then loads it from. What the
viewer builds it keeps in memory only: a request writes nothing to the user's cache.

The descriptor does not yet say which heuristics are such tables (a field of
``HeuristicSpec`` would); until it does, they are found here: the sliding puzzle's
pattern databases are the only ones searchlab has.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from searchlab.core import allowance
from searchlab.core.errors import InputError
from searchlab.core.resources import size_text
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


def check_build(heuristic: str, goal: Sequence[int], max_bytes: int) -> None:
    """Refuse, before it starts, building the tables of ``heuristic`` for ``goal`` that
    are not in the cache when they need more than ``max_bytes`` or the seconds left of
    the request's run (the command line's ``searchlab puzzle pdb`` builds them)."""
    from searchlab.domains.puzzle.kernels import pdb

    if len(goal) not in (16, 25) or pdb.partition_width(heuristic) != pdb.board_width(goal):
        return  # not built for this board: the domain says so
    where = pdb.cache_dir()
    missing = [
        pattern
        for pattern, _ in pdb.partition_patterns(heuristic, goal)
        if not (where / pattern.file_name()).exists()
    ]
    if not missing:
        return
    memory = max(pdb.build_memory(pattern) for pattern in missing)
    seconds = sum(pdb.build_seconds(pattern) for pattern in missing)
    budget = allowance.current()
    left = None if budget is None else budget.remaining()
    if memory > max_bytes or (left is not None and seconds > left):
        when = f"{seconds / 60:.0f} minutes" if seconds >= 90 else f"{seconds:.0f} s"
        raise InputError(
            f"building the {heuristic} databases would take some "
            f"{size_text(memory)} and {when}, past what the viewer builds for "
            f"a request ({size_text(max_bytes)}, the run's seconds): one search "
            f"with it on the command line (`searchlab puzzle solve START --heuristic "
            f"{heuristic}`) keeps them in the cache, and the viewer loads them from there",
            field="heuristic",
        )
