"""``searchlab tour``: the main job, a guided run through the three source documents'
systems, each shown by its own domain's command module."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable

import click

from searchlab.cli.output import console
from searchlab.core.errors import InputError


def _sections() -> dict[str, tuple[str, Callable[[], None]]]:
    """The tour's stops: every registered domain that has one, in the registry's order
    (a stop's module is imported only when the tour runs)."""
    from searchlab.domains.registry import domains

    stops: dict[str, tuple[str, Callable[[], None]]] = {}
    for domain in domains():
        if domain.tour is None:
            continue
        module_name, attribute = domain.tour.split(":")
        show = getattr(importlib.import_module(module_name), attribute)
        stops[domain.name] = (domain.tour_title or domain.title, show)
    return stops


@click.command()
@click.option("--only", metavar="DOMAIN", help="Show one stop of the tour instead of all.")
def tour(only: str | None) -> None:
    """A guided run through the three source documents' systems.

    \b
    1. N-queens: every solution by backtracking (seed 002), and the hill-climbing
       program of seed 000 on the document's eight test cases.
    2. The 8-puzzle: Bratko's best-first search with his heuristic on the three
       positions of figure 12.7, beside A* with Manhattan distance (seed 003).
    3. Task scheduling on a multiprocessor, the book's second best-first domain.

    \b
    Examples:
      searchlab tour
      searchlab tour --only puzzle
    """
    out = console()
    started = time.perf_counter()
    sections = _sections()
    if only is not None and only not in sections:
        raise InputError(f"no tour stop {only!r}: choose one of {', '.join(sections)}")
    for name, (title, show) in sections.items():
        if only is not None and name != only:
            continue
        out.rule(f"[bold]{title}")
        show()
        out.print()
    out.rule()
    out.print(
        f"Tour finished in {time.perf_counter() - started:.1f} s. "
        "Next: `searchlab queens --help`, `searchlab puzzle --help`, "
        "`searchlab serve` for the viewer in the browser."
    )
