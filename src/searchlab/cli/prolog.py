"""``searchlab prolog FILE``: search a Prolog file's ``s/3``, ``goal/1`` and ``h/2``
with every algorithm, as any other domain is searched (``run_solve``)."""

from __future__ import annotations

from typing import Any

import click

from searchlab.cli.domains import run_solve, search_options
from searchlab.cli.options import add_renamed, apply, click_option, note
from searchlab.cli.prolog_query import QUERY, run_query
from searchlab.cli.prolog_relations import (
    describe_relation_options,
    relation_options,
    take_relations,
)
from searchlab.domains.prolog.domain import CALL_SECONDS

SEARCHED = (None, 0, 1, 3)
"""The exit statuses of a search that ran (solved, none, limit), after which the command
says which relations it used."""


@click.command(
    "prolog",
    short_help="Search your own Prolog problem (s/3, goal/1, h/2) with any algorithm.",
)
@click.argument("file", metavar="FILE.pl")
@click.argument("state", required=False)
@apply([*search_options(None), click_option(CALL_SECONDS), *relation_options()])
@QUERY
def prolog(file: str, state: str | None, query: str | None = None, **kwargs: Any) -> None:
    """Search the problem a Prolog file defines, loaded by SWI-Prolog (`swipl`):
    s(State, Next, Cost) gives the successors (every answer, in Prolog's order),
    goal(State) the goal test, h(State, H) the heuristic h and value(State, V) the one
    hill climbing makes smaller. STATE is the start, a Prolog term; without it, the
    file's start(State). Optional: move(State, Next, Name) names the moves (else each
    is shown as the next state), draw(State, Rows) draws a state as rows of
    characters, admissible(h) says h never overestimates, unit_costs says every step
    costs the same, valid(State) says which states are legal. docs/prolog.md says more.

    The relations may have any names, one option each (--successor NAME/3, --goal
    NAME/1, --heuristic NAME/2, --value NAME/2, --start NAME/1, --check NAME/1);
    Bratko's Russian edition's после/3 and цель/1 are found without them. --third
    value reads the successor relation's third argument as the next state's value
    (seed 000's mover/3). After the search one line on stderr says which relations
    were used.

    Every algorithm, limit and output of `searchlab DOMAIN solve` works here:
    --show-path, --json (docs/json.md), --trace-out FILE.jsonl, and the same exit
    status (0 solved, 1 no solution, 2 bad input, 3 limit reached). A call into the
    file that runs longer than --call-seconds (10 s) is an error, or the limit when
    --max-seconds is shorter; a file that does not load is reported with its line.
    `searchlab serve --problem FILE.pl` shows it in the viewer.

    --query GOAL runs a goal instead, as at Prolog's prompt (the file then needs no
    s/3): its first answer, --solutions K, --all, or --next to ask after each, in
    Prolog's order; `serve --problem FILE.pl` steps it port by port.

    The file is a program you chose to run: SWI-Prolog runs its code (directives when
    it loads, then every relation asked) with your rights, able to read and write your
    files and start programs. Run only files you trust, as you would a Python script.

    \b
    Examples:
      searchlab prolog examples/prolog/water_jugs.pl --algorithm astar --show-path
      searchlab prolog examples/prolog/water_jugs.pl -a ida --json
      searchlab prolog examples/prolog/bratko_puzzle.pl -a best-first \\
          "[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]"
      searchlab prolog examples/prolog/queens_climb.pl -a hill-climbing --tie-break last
      searchlab prolog tests/data/prolog/vosem.pl --start старт3/1 -a best-first
      searchlab prolog tests/data/prolog/rainhas_v2.pl \\
          "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]" --successor mover/3 \\
          --third value --value heuristica_1/2 -a hill-climbing --tie-break last
      searchlab prolog examples/prolog/nqueens.pl --query "nqueens(8, P)" --next
    """
    if query is not None:  # a Prolog query instead of a search (cli/prolog_query.py)
        run_query(file, query, state, {**kwargs, "query": query})
        return
    from searchlab.domains.prolog import load_prolog

    relations = take_relations(kwargs)
    domain = load_prolog(
        file, call_seconds=kwargs["call_seconds"] or CALL_SECONDS.default, relations=relations
    )
    try:
        for warning in domain.warnings:
            note(warning)
        try:
            run_solve(domain, state, **kwargs)
        except SystemExit as done:  # a search ran (not a refusal): say what it asked
            if done.code in SEARCHED:
                note(domain.relations_used)
            raise
        note(domain.relations_used)
    finally:
        domain.close()


describe_relation_options(prolog)
add_renamed(prolog)
