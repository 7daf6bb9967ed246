"""A Prolog query on a course's file, answered lazily in Prolog's own order and, when
asked, stepped port by port through the box model (call, exit, redo, fail of the
file's own predicates, with SWI-Prolog's unify and exception ports beside them).

The query runs in its own SWI-Prolog process (``tracer.pl``, started through the
same ``Bridge`` as a search's driver, so loading, time limits and a file that calls
``halt`` are handled alike): it stays suspended between two requests, inside the
tracer's hook or after an answer, and asking for more resumes it where it stopped.
Nothing is computed past what was asked for. The ports are SWI-Prolog's own (its
tracer, ``prolog_trace_interception/4``), so they come in the order ``trace/0`` shows
them; only the file's predicates are kept (``member/2``, ``is/2`` run unseen).

A port carries the goal as it stands then, the query's variables with their current
bindings, the clause (its number in the predicate and its line in the file) and, when
the bindings can be drawn, a drawing: the file's ``draw/2`` of the first variable it
draws, else a board with a queen per row for a list of column numbers (N-queens as
seed 002 writes it: element i is the column of the queen in row i).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, cast

from searchlab.core.errors import InputError, ProblemError
from searchlab.domains.drawing import Drawing, Grid
from searchlab.domains.prolog.bridge import Bridge, Timeout, one_line, prolog_file
from searchlab.domains.prolog.problem import DEFAULT_CALL_SECONDS

TRACER = Path(__file__).with_name("tracer.pl")

PortName = Literal["call", "unify", "exit", "redo", "fail", "exception"]
PORTS: tuple[PortName, ...] = ("call", "unify", "exit", "redo", "fail", "exception")

MAX_SIDE = 64
"""The widest board or draw/2 grid drawn (as the viewer's largest grid): a larger one
is left undrawn, its bindings still shown."""

Bindings = tuple[tuple[str, str], ...]
"""The query's variables in the order they appear, each with its value as Prolog
writes it (an unbound one by its own name, a fresh variable inside a value as _1, _2…)."""


class _TracerBridge(Bridge):
    script = TRACER


@dataclass(frozen=True, slots=True)
class Port:
    """One port of the box model: ``port`` of the goal ``goal`` (as it stands now),
    ``depth`` of the file's own predicates from the query (1: a goal of the query),
    the predicate ``name/arity``, and the clause being run (``clause``: its number in
    the predicate, ``line`` in the file; None at call, fail and exception, where no
    clause is chosen); ``bindings``: the query's variables now."""

    port: PortName
    depth: int
    predicate: str
    clause: int | None
    line: int | None
    goal: str
    bindings: Bindings
    drawing: Drawing | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """The query's ``index``-th answer (from 1), and its drawing when it has one."""

    index: int
    bindings: Bindings
    drawing: Drawing | None = None


@dataclass(frozen=True, slots=True)
class Page:
    """What one request for more gave: the ports passed (when traced), then an answer,
    or ``done`` (no more answers), or neither (the page of ports is full)."""

    ports: tuple[Port, ...]
    answer: Answer | None
    done: bool


def _pairs(fields: list[str]) -> Bindings:
    return tuple(zip(fields[0::2], fields[1::2], strict=False))


def _number(text: str) -> int | None:
    return int(text) if text else None


_ONE_LINE = str.maketrans("\t\n\r", "   ")

_ITEM = re.compile(r"-?\d+|[A-Z_][A-Za-z0-9_]*")


def queens_of(value: str) -> list[int | None] | None:
    """The columns of a list like ``[_1,3,1]`` (None for an unbound element), when it
    is a proper list whose every bound element is a column 1..n of an n-element list:
    a board of N-queens, one queen a row (n at most ``MAX_SIDE``). None for any other
    value.

    >>> queens_of("[_1,_2,3,1]")
    [None, None, 3, 1]
    >>> queens_of("[5,1]") is None
    True
    """
    if not (value.startswith("[") and value.endswith("]")) or "|" in value:
        return None
    items = value[1:-1].split(",") if len(value) > 2 else []
    if not items or not all(_ITEM.fullmatch(item) for item in items):
        return None
    columns = [None if not item.lstrip("-").isdigit() else int(item) for item in items]
    n = len(columns)
    if n > MAX_SIDE or any(column is not None and not 1 <= column <= n for column in columns):
        return None
    return columns


def queens_board(columns: list[int | None]) -> Grid:
    """The chess board of ``columns`` (row i's queen in column ``columns[i]``; a row
    with None has none yet), each queen that another attacks marked."""
    n = len(columns)
    placed = [(row, column) for row, column in enumerate(columns) if column is not None]
    cells = ["" for _ in range(n * n)]
    marks: dict[int, str] = {}
    for row, column in placed:
        cell = row * n + column - 1
        cells[cell] = "Q"
        for other_row, other_column in placed:
            if (other_row, other_column) != (row, column) and (
                other_column == column
                or abs(other_column - column) == abs(other_row - row)
                or other_row == row
            ):
                marks[cell] = "attacked"
    return Grid(n, n, tuple(cells), "chess", marks)


def _drawing(drawn: str, bindings: Bindings) -> Drawing | None:
    """draw/2's rows (``drawn``), else the board of the first queens list bound."""
    if drawn:
        rows = [row.split("\x1f") for row in drawn.split("\x1e")]
        width = max(len(row) for row in rows)
        if len(rows) > MAX_SIDE or width > MAX_SIDE:
            return None
        cells = tuple(
            cell if cell.strip() else "" for row in rows for cell in row + [""] * (width - len(row))
        )
        return Grid(len(rows), width, cells)
    for _, value in bindings:
        columns = queens_of(value)
        if columns is not None:
            return queens_board(columns)
    return None


class Query:
    """The query ``text`` on the Prolog file ``path``, started at once: a syntax error
    in it, or a goal naming no predicate, is an InputError (field ``query``); a file
    that does not load, a ProblemError with its line. Each request for more may take
    ``call_seconds`` (Timeout beyond, after which the query is over); loading the file
    and reading the query, that or ``DEFAULT_CALL_SECONDS`` if longer.

    >>> from pathlib import Path; import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "colours.pl").write_text("colour(red). colour(green).")
    >>> query = Query(folder / "colours.pl", "colour(C)")
    >>> [answer.bindings for answer in query.answers()]
    [(('C', 'red'),), (('C', 'green'),)]
    >>> query.close()
    """

    def __init__(
        self, path: str | Path, text: str, *, call_seconds: float = DEFAULT_CALL_SECONDS
    ) -> None:
        self.path = prolog_file(path)
        self.text = text.translate(_ONE_LINE).strip()  # the protocol's separators
        if not self.text:
            raise InputError(
                "the query is empty: write a goal, e.g. member(X, [1,2])", field="query"
            )
        self.call_seconds = call_seconds
        # loading (directives included) and reading the query may take the default at
        # least: a short limit is for the answers
        setup_seconds = max(call_seconds, DEFAULT_CALL_SECONDS)
        self.bridge = _TracerBridge(self.path, str(path), load_seconds=setup_seconds)
        self.warnings = self.bridge.loaded.warnings
        self.found = 0  # answers given so far
        self.ports = 0  # ports passed so far
        self.done = False
        try:
            head = self.bridge.ask("query", setup_seconds, self.text)[0]
        except Timeout:
            self.close()
            raise InputError(
                f"reading the query {self.text!r} took too long", field="query"
            ) from None
        if head[0] != "ok":
            self.close()
            message = head[3] if len(head) > 3 else "it does not read as a goal"
            raise InputError(f"the query {one_line(self.text, 40)!r}: {message}", field="query")
        self.names = tuple(head[1:])

    def close(self) -> None:
        """Stop the query's Prolog process."""
        self.bridge.close()

    def pull(self, max_ports: int, *, traced: bool, seconds: float | None = None) -> Page:
        """Run on to the next answer, or (``traced``) until ``max_ports`` ports have
        passed. Raises Timeout when ``seconds`` (default ``call_seconds``) pass first:
        the query is then over. An error the query raised is a ProblemError."""
        if self.done:
            return Page((), None, True)
        wait = self.call_seconds if seconds is None else seconds
        try:
            reply = self.bridge.ask("next", wait, str(max(1, max_ports)), "1" if traced else "0")
        except Timeout:
            self.done = True
            raise
        *lines, last = reply[1:] if reply[0][0] == "lines" else [reply[0]]
        ports = tuple(self._port(fields) for fields in lines if fields[0] == "port")
        self.ports += len(ports)
        kind = last[0]
        if kind == "answer":
            self.found += 1
            bindings = _pairs(last[2:])
            return Page(ports, Answer(self.found, bindings, _drawing(last[1], bindings)), False)
        if kind == "more":
            return Page(ports, None, False)
        self.done = True
        if kind == "done":
            return Page(ports, None, True)
        message = last[1] if kind == "error" and len(last) > 1 else " ".join(last[1:])
        raise ProblemError(f"the query {one_line(self.text, 40)!r} raised an error: {message}")

    @staticmethod
    def _port(fields: list[str]) -> Port:
        _, port, depth, predicate, clause, line, goal, drawn, *rest = fields
        bindings = _pairs(rest)
        return Port(
            cast(PortName, port),
            int(depth),
            predicate,
            _number(clause),
            _number(line),
            goal,
            bindings,
            _drawing(drawn, bindings),
        )

    def answers(self, seconds: float | None = None) -> Iterator[Answer]:
        """Every answer in Prolog's order, each computed when asked for (untraced)."""
        while True:
            page = self.pull(1, traced=False, seconds=seconds)
            if page.answer is None:
                return
            yield page.answer


__all__ = ["PORTS", "Answer", "Page", "Port", "PortName", "Query", "queens_board", "queens_of"]
