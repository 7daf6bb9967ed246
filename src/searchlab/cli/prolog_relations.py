"""The options of ``searchlab prolog`` that name a file's relations: which predicate
gives the successors, the goal, h, the value, the start and the legal states, and what
the successor relation's third argument is (``searchlab.domains.prolog.relations``)."""

from __future__ import annotations

from typing import Any

import click

from searchlab.domains.prolog.relations import ARITY, THIRD, Relations, parse_relation

HELP = {
    "successor": "the successor relation, NAME/3 (default s/3, or после/3 of Bratko's "
    "Russian edition)",
    "start": "the relation whose first answer is the start, NAME/1 (default start/1)",
    "value": "the relation giving a state's value for local search, NAME/2 (default value/2)",
    "check": "the relation true of legal states, NAME/1 (default valid/1): a state it "
    "refuses (the start, or any successor) ends the search as an impossible state",
}
"""The options this module adds (``--goal`` and ``--heuristic`` exist already)."""

GOAL_HELP = (
    "The goal relation, NAME/1 (default goal/1, or цель/1 of the Russian edition; without "
    "one, the value relation giving 0)."
)
HEURISTIC_HELP = (
    "The heuristic: h, value or zero, or NAME/2, the file's relation to use as h (default h/2)."
)


def relation_options() -> list[Any]:
    """The click options naming the relations (after ``search_options``)."""
    options: list[Any] = [
        click.option(f"--{part}", metavar=f"NAME/{ARITY[part]}", help=words)
        for part, words in HELP.items()
    ]
    options.append(
        click.option(
            "--third",
            type=click.Choice(tuple(THIRD)),
            default=None,  # cost, unless given: a --query refuses every search option given
            help="What the successor relation's third argument is: the cost of the step "
            "(Bratko's s/3; the default), the next state's value (seed 000's mover/3; every "
            "step costs 1, local search climbs by it), or ignore (every step costs 1).",
        )
    )
    return options


def serve_relation_options() -> list[Any]:
    """The same options for ``searchlab serve``, which has no ``--goal`` or
    ``--heuristic`` of its own: every one names a relation of each Prolog ``--problem``."""
    return [
        click.option("--goal", metavar="NAME/1", help=GOAL_HELP),
        click.option(
            "--heuristic",
            metavar="NAME/2",
            help="The file's relation to use as h, NAME/2 (default h/2).",
        ),
        *relation_options(),
    ]


def take_served_relations(options: dict[str, Any]) -> tuple[Relations, str | None]:
    """The relations ``serve``'s options name, taken out of ``options``, and the first
    option given (None: none was), which only a Prolog ``--problem`` may take."""
    given = [part for part in (*HELP, "goal", "heuristic", "third") if options.get(part)]
    names = {
        part: None if options.get(part) is None else parse_relation(part, options[part])
        for part in (*HELP, "goal", "heuristic")
    }
    third = options.get("third") or "cost"
    for part in (*HELP, "goal", "heuristic", "third"):
        options.pop(part, None)
    return Relations(third=third, **names), (given[0] if given else None)


def describe_relation_options(command: click.Command) -> None:
    """Say in --help what ``--goal`` and ``--heuristic`` take here."""
    for param in command.params:
        if param.name == "goal" and isinstance(param, click.Option):
            param.help, param.metavar = GOAL_HELP, "NAME/1"
        elif param.name == "heuristic" and isinstance(param, click.Option):
            param.help = HEURISTIC_HELP


def take_relations(options: dict[str, Any]) -> Relations:
    """The relations the options name, taken out of ``options``: ``--goal`` is the goal
    relation here (a Prolog problem has no goal state), and ``--heuristic NAME/2``
    names h and leaves ``heuristic`` set to h (a heuristic's plain name stays)."""
    names: dict[str, str | None] = {part: options.pop(part, None) for part in HELP}
    names["goal"], options["goal"] = options.get("goal"), None
    heuristic = options.get("heuristic")
    if heuristic is not None and "/" in heuristic:
        names["heuristic"], options["heuristic"] = heuristic, "h"
    parsed = {
        part: None if given is None else parse_relation(part, given)
        for part, given in names.items()
    }
    return Relations(third=options.pop("third") or "cost", **parsed)
