"""What the ``searchlab queens`` commands share: the group, names, small helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from searchlab.cli.output import interactive

DRAW_LIMIT = 32  # boards wider than this are not drawn
MOVE_NAMES = ["column", "free", "v2", "v1"]
HEURISTIC_NAMES = ["attackers", "attacks", "pairs", "h1", "h2"]
TIE_BREAK_NAMES = ["first", "last", "random"]


def no_solution_line(n: int) -> str:
    return f"no solution exists for n = {n}"


@contextmanager
def searching(describe: Callable[[], str], *, enabled: bool = True) -> Iterator[None]:
    """A spinner on stderr whose text ``describe()`` is read again at every refresh, so
    a long search shows live figures at no cost to it; nothing when piped or --json."""
    if not (enabled and interactive()):
        yield
        return
    from rich.console import Console

    class _Live:
        def __rich__(self) -> str:
            return describe()

    with Console(stderr=True).status(_Live()):
        yield


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def queens() -> None:
    """N-queens: every solution by backtracking (seed 002), hill climbing with the
    document's two move operators and two heuristics (seed 000), min-conflicts.

    \b
    A state is written as (row, column) pairs, 1-based, in list order:
        "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]"
    or as one column per row:  "[1,5,8,6,3,7,2,4]".
    n is the number of queens unless --n is given.

    \b
    Try:  searchlab queens solve 8
          searchlab queens watch 4
          searchlab queens cases
          searchlab queens climb "[(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8)]" --trace
          searchlab queens climb --random 1000 --n 8 --moves free --heuristic h1
    """
