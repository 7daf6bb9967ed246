"""``searchlab prolog FILE --query GOAL``: a Prolog query's answers, one at a time in
Prolog's own order, with the options ``queens solve`` takes for its solutions
(``--solutions K``, ``--all``, ``--next``, ``--json``) and the time limits of a search
(``--max-seconds`` for the whole run, ``--call-seconds`` for one answer)."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from searchlab.cli.domains import Reporting, ask_for_more
from searchlab.cli.options import note
from searchlab.cli.report import exit_status, fits, print_document, wrap
from searchlab.core.errors import InputError
from searchlab.core.result import Status
from searchlab.domains.drawing import to_text
from searchlab.domains.prolog.bridge import Timeout
from searchlab.domains.prolog.query import Answer, Query

QUERY = click.option(
    "--query",
    "-q",
    metavar="GOAL",
    help="Run GOAL on the file, as at Prolog's prompt, instead of a search: its answers "
    "in Prolog's order (the first; --solutions K, --all, --next for more).",
)

KEPT = {"query", "every", "solutions", "ask", "as_json", "max_seconds", "call_seconds"}
"""The options that mean something to a query; any other given is refused."""

MIN_SECONDS = 0.05
"""The least time a request is given: the signal that stops it must not arrive before
the process has read the request (it would be ignored, and the process killed)."""

FLAGS = {"every": "--all", "ask": "--next", "as_json": "--json"}


def refuse_search_options(options: dict[str, Any]) -> None:
    """A search's option given with --query: a one-line refusal naming it."""
    for name, value in options.items():
        if name not in KEPT and value not in (None, False, ()):
            flag = FLAGS.get(name, "--" + name.replace("_", "-"))
            raise InputError(f"{flag} is an option of a search: a --query takes none")


def answer_text(answer: Answer) -> str:
    """``P = [1,2], Q = a`` (``true`` for an answer that binds nothing)."""
    return ", ".join(f"{name} = {value}" for name, value in answer.bindings) or "true"


def run_query(file: str, text: str, state: str | None, options: dict[str, Any]) -> None:
    """The query's answers as the options ask, then exit: 0 with an answer, 1 with none,
    2 bad input (the query's syntax, an unknown predicate, an error it raised), 3 the
    time limit before any answer."""
    if state is not None:
        raise InputError("a start is for a search: give a --query or a start, not both")
    refuse_search_options(options)
    reporting = Reporting.take(options)
    reporting.check_stream()
    call_seconds = float(options["call_seconds"] or 10.0)
    max_seconds = options.get("max_seconds")
    began = time.monotonic()
    query = Query(file, text, call_seconds=call_seconds)
    try:
        for warning in query.warnings:
            note(warning)
        found, status = _answers(query, reporting, began, max_seconds)
    finally:
        query.close()
    if reporting.as_json:
        print_document(
            {
                "schema": 1,
                "file": file,
                "query": query.text,
                "variables": list(query.names),
                "status": str(status),
                "solutions": [dict(answer.bindings) for answer in found],
                "count": len(found),
                "exhausted": query.done and status is not Status.LIMIT_REACHED,
            }
        )
    elif status is Status.LIMIT_REACHED:
        click.echo("Stopped at the max-seconds limit.")
    elif query.done:
        click.echo(f"No more solutions: {len(found):,} in all." if found else "false.")
    sys.exit(exit_status(Status.SOLVED if found else status))


def _answers(
    query: Query, reporting: Reporting, began: float, max_seconds: float | None
) -> tuple[list[Answer], Status]:
    """The answers wanted, printed as they come (unless --json), and how it ended."""
    wanted = None if reporting.every or reporting.ask else (reporting.solutions or 1)
    found: list[Answer] = []
    while wanted is None or len(found) < wanted:
        seconds = query.call_seconds
        limited = False
        if max_seconds is not None:
            left = max_seconds - (time.monotonic() - began)
            if left <= 0:
                return found, Status.LIMIT_REACHED
            limited = left <= seconds
            seconds = max(min(seconds, left), MIN_SECONDS)
        try:
            page = query.pull(1, traced=False, seconds=seconds)
        except Timeout:
            if limited:
                return found, Status.LIMIT_REACHED
            raise InputError(
                f"the query ran for {seconds:g} s without a next answer: give it more "
                "with --call-seconds",
                field="call_seconds",
            ) from None
        if page.answer is None:
            return found, Status.SOLVED if found else Status.EXHAUSTED
        found.append(page.answer)
        if not reporting.as_json:
            click.echo(wrap(f"Solution {page.answer.index}: {answer_text(page.answer)}", "  "))
            if page.answer.drawing is not None and fits(page.answer.drawing):
                click.echo(to_text(page.answer.drawing))
        if reporting.ask and not ask_for_more():
            break
    return found, Status.SOLVED
