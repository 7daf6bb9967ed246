"""``searchlab tour``: the main job, a guided run through the three source documents'
systems, each shown by its own domain's command module."""

from __future__ import annotations

import time
from collections.abc import Callable

import click

from searchlab.cli.output import console


def _sections() -> dict[str, tuple[str, Callable[[], None]]]:
    """The tour's stops, imported only when the tour runs."""
    from searchlab.cli.puzzle import tour_puzzle
    from searchlab.cli.queens import tour_queens
    from searchlab.cli.schedule import tour_schedule

    return {
        "queens": ("Seeds 000 and 002: N-queens by backtracking and hill climbing", tour_queens),
        "puzzle": ("Seed 003: Bratko's best-first search on the 8-puzzle", tour_puzzle),
        "schedule": ("Seed 003 (Bratko §12.3): scheduling tasks on processors", tour_schedule),
    }


@click.command()
@click.option(
    "--only",
    type=click.Choice(["queens", "puzzle", "schedule"]),
    help="Show one stop of the tour instead of all three.",
)
def tour(only: str | None) -> None:
    """A guided run through the three source documents' systems.

    \b
    1. N-queens: every solution by backtracking (seed 002), and the hill-climbing
       program of seed 000 on the document's eight test cases.
    2. The 8-puzzle: Bratko's best-first search with his heuristic on the three
       positions of figure 12.7, beside A* with Manhattan distance (seed 003).
    3. Task scheduling on a multiprocessor, the book's second best-first domain.
    """
    out = console()
    started = time.perf_counter()
    for name, (title, show) in _sections().items():
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
