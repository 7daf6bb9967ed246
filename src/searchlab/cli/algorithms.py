"""``searchlab algorithms``: every algorithm of the engine, what it needs and promises."""

from __future__ import annotations

from typing import Any

import click

from searchlab.algorithms.registry import ALGORITHMS, load_errors
from searchlab.cli.options import JSON, flag
from searchlab.cli.report import wrap

PROMISES = {
    "cost": "the cheapest path",
    "moves": "the fewest moves",
    "none": "no optimality",
}


@click.command(
    "algorithms",
    short_help="List the algorithms: what each needs, promises and takes.",
)
@JSON
def algorithms(as_json: bool) -> None:
    """List every algorithm of the engine under the name every command takes, with
    its aliases, whether it needs a heuristic (or a constraint satisfaction problem),
    what a solution it finds promises (the cheapest path only with an admissible
    heuristic) and its own options. A package's own algorithms are listed too (the
    ``searchlab.algorithms`` entry-point group).

    \b
    Example:
      searchlab algorithms --json
    """
    rows: list[dict[str, Any]] = [
        {**info.fields(), "options": [option.name for option in info.options]}
        for info in ALGORITHMS.values()
    ]
    for error in load_errors():
        click.echo(f"searchlab: {error}", err=True)
    if as_json:
        from searchlab.cli.main import print_json

        print_json({"algorithms": rows})
        return
    for row in rows:
        needs = "needs a heuristic" if row["heuristic"] else "no heuristic"
        if row["needs"] == "csp":
            needs = "runs on constraint satisfaction problems only"
        elif row["needs"] == "graph":
            needs += "; runs on a route over a graph only"
        elif row["needs"] == "genome":
            needs += "; runs on states written as genes only"
        line = f"{row['name']}: {row['summary']}; {needs}; promises {PROMISES[row['promise']]}"
        options = [flag(option) for option in row["options"]]
        if options:
            line += f"; options {', '.join(options)}"
        if row["aliases"]:
            line += f" (also {', '.join(row['aliases'])})"
        click.echo(wrap(line + ".", "    "))
