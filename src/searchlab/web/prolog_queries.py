"""The viewer's Prolog programs: each ``.pl`` file the server was started with (``serve
--problem FILE.pl``), its source shown with the clause running highlighted, and a
query on it stepped port by port (``domains.prolog.query``).

A program is read when the server starts, and only then: a request names a program by
its name, never by a path, so no other file is ever read (``core.access``). A query is
a session like a live search (``SessionStore``: dropped when idle or when too many are
open; it counts as ``QUERY_BYTES`` for its SWI-Prolog process) whose events are its
ports and answers, served by ``GET /api/sessions/{id}/events`` as any other search's.

    POST /api/prolog/{name}/query {query}     a query: {session, variables, query}
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from searchlab.core.errors import InputError, ProblemError
from searchlab.domains.base import Domain
from searchlab.domains.drawing import to_json
from searchlab.domains.prolog.bridge import Timeout
from searchlab.domains.prolog.domain import PrologDomain
from searchlab.domains.prolog.query import Answer, Port, Query
from searchlab.web.fields import FieldError, shown
from searchlab.web.limits import WebLimits
from searchlab.web.source_code import remember_prolog
from searchlab.web.sources import Busy, Page

QUERY_BYTES = 8 * 2**20
"""What a query's session counts as holding: its SWI-Prolog process (a few MB), so
the store's byte budget bounds how many run at once."""

MAX_QUERY_CHARS = 2000
"""The longest query the page may send."""

CLAUSE_LINES = (
    "findall(T, (current_predicate(user:N/A), functor(H, N, A), "
    "\\+ predicate_property(user:H, imported_from(_)), "
    "\\+ predicate_property(user:H, built_in), "
    "nth_clause(user:H, _, R), "
    "( clause_property(R, file(F)), F == {file}, clause_property(R, line_count(L)) "
    "-> true ; L = 0 ), "
    "format(atom(T), '~q:~d', [N/A, L])), Ts), "
    "atomic_list_concat(Ts, '\\t', Lines)"
)
"""A query whose answer lists where each clause of the file's predicates starts, in
Prolog's order: ``Name/Arity:Line`` items, tab-separated (as the ports name
predicates), the line 0 for a clause of another file (one the file loads)."""


@dataclass(frozen=True)
class Program:
    """A Prolog file the server serves: ``name`` (its tab's, as its domain's), its
    ``source``, the lines where the clauses of each predicate start (``clause_lines``),
    and whether it is also a search problem (``search``: it defines s/3 and goal/1)."""

    name: str
    title: str
    path: Path
    source: str
    clauses: dict[str, list[int]] = field(default_factory=dict)
    search: bool = False
    relations: dict[str, str] = field(default_factory=dict)  # part: NAME/ARITY, a search's

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "search": self.search,
            "source": self.source,
            "clauses": self.clauses,
            "relations": self.relations,
        }


def _quoted(path: Path) -> str:
    """``path`` as a quoted Prolog atom."""
    return "'" + str(path).replace("\\", "\\\\").replace("'", "\\'") + "'"


def clause_lines(path: Path) -> dict[str, list[int]]:
    """Where the clauses of each predicate of the file start, by ``name/arity``: the
    n-th line is the n-th clause's (0 where the file loads it from another file), so a
    clause's number finds its line; a predicate with no clause in the file is left out."""
    query = Query(path, CLAUSE_LINES.format(file=_quoted(path)))
    try:
        answer = next(query.answers(), None)
    finally:
        query.close()
    found: dict[str, list[int]] = {}
    if answer is None:
        return found
    text = dict(answer.bindings)["Lines"]
    if text.startswith("'"):
        text = text[1:-1].replace("\\t", "\t").replace("\\'", "'").replace("\\\\", "\\")
    for item in text.split("\t"):
        predicate, _, line = item.rpartition(":")
        if line.isdigit():
            found.setdefault(predicate, []).append(int(line))
    return {predicate: lines for predicate, lines in found.items() if any(lines)}


def read_program(
    target: str | Path,
    name: str | None = None,
    *,
    search: bool = False,
    relations: dict[str, str] | None = None,
) -> Program:
    """The program of the file ``target``, read now (a file that does not load in
    SWI-Prolog is a ProblemError with its line, as for a search); ``relations``: the
    predicate (``NAME/ARITY``) playing each part of its search."""
    path = Path(target).resolve()
    clauses = clause_lines(path)  # loads it: refused here if it does not load
    source = path.read_text(encoding="utf-8", errors="replace")
    remember_prolog(path, source)  # its problem's source in the help (source_code.py)
    return Program(
        name or path.stem.replace("_", "-"),
        path.name,
        path,
        source,
        clauses,
        search=search,
        relations=relations or {},
    )


def programs_of(domains: Iterable[Domain[Any, Any]]) -> list[Program]:
    """The programs of the Prolog problems among ``domains`` (named as their tabs),
    each problem's moves from now on saying the clause that gave them (the source
    beside its search highlights that one)."""
    programs = []
    for domain in domains:
        if isinstance(domain, PrologDomain):
            problem = domain.the_problem
            problem.watch_clauses = True
            used = {part: problem.relations.label(part) for part in problem.relations.names}
            programs.append(read_program(problem.path, domain.name, search=True, relations=used))
    return programs


def port_json(index: int, port: Port) -> dict[str, Any]:
    return {
        "kind": "port",
        "index": index,
        "port": port.port,
        "depth": port.depth,
        "predicate": port.predicate,
        "clause": port.clause,
        "line": port.line,
        "goal": port.goal,
        "bindings": [list(pair) for pair in port.bindings],
        "drawing": None if port.drawing is None else to_json(port.drawing),
    }


def answer_json(index: int, answer: Answer) -> dict[str, Any]:
    return {
        "kind": "answer",
        "index": index,
        "answer": answer.index,
        "bindings": [list(pair) for pair in answer.bindings],
        "drawing": None if answer.drawing is None else to_json(answer.drawing),
    }


class QuerySource:
    """A query's ports and answers as a session's event source: each request resumes
    the query for a page of ports (or up to its next answer) and nothing more. The
    query may pass ``max_ports`` ports and compute ``budget_seconds`` in all (as a live
    search); a request may keep Prolog busy ``port_seconds`` between two ports before
    the query counts as never ending."""

    nbytes = QUERY_BYTES

    def __init__(
        self, query: Query, *, max_ports: int, port_seconds: float, budget_seconds: float
    ) -> None:
        self.query = query
        self.max_ports = max_ports
        self.port_seconds = port_seconds
        self.budget_seconds = budget_seconds  # the query's compute time in all
        self.spent = 0.0
        self.delivered = 0
        self.status: str | None = None
        self.message: str | None = None
        self._pulling = threading.Lock()

    def close(self) -> None:
        self.query.close()

    def pull(self, start: int, limit: int, *, until_solution: bool, seconds: float) -> Page:
        """The events from ``start`` (where the last page ended): ``limit`` of them, or
        with ``until_solution`` up to and including the next answer (the last
        ``limit`` kept), within about ``seconds``."""
        if not self._pulling.acquire(timeout=seconds + 1.0):
            raise Busy("this query is busy with another request")
        try:
            if start != self.delivered:
                raise Busy(f"events are served in order: ask from {self.delivered}, not {start}")
            return self._pull(max(1, limit), until_solution, seconds)
        finally:
            self._pulling.release()

    def _pull(self, limit: int, until_solution: bool, seconds: float) -> Page:
        kept: deque[dict[str, Any]] = deque(maxlen=limit if until_solution else None)
        taken = 0
        began = time.monotonic()
        deadline = began + min(seconds, max(0.0, self.budget_seconds - self.spent))
        while self.status is None:
            room = limit - taken if not until_solution else limit
            room = min(room, self.max_ports - self.query.ports)
            if room <= 0 and self.query.ports >= self.max_ports:
                reached = f"the query stopped at its limit of {self.max_ports:,} ports"
                self._end("limit_reached", f"{reached}: press Run for a new one")
                break
            try:
                page = self.query.pull(room, traced=True, seconds=self.port_seconds)
            except Timeout:
                self._end(
                    "limit_reached",
                    f"Prolog ran {self.port_seconds:g} s without passing a port of the "
                    "file's predicates: the query was stopped",
                )
                break
            except ProblemError as problem:
                self._end("error", str(problem))
                break
            for port in page.ports:
                kept.append(port_json(self.delivered + taken, port))
                taken += 1
            if page.answer is not None:
                kept.append(answer_json(self.delivered + taken, page.answer))
                taken += 1
                if until_solution:
                    break
            if page.done:
                self._end("exhausted", "no more answers: Prolog has tried every alternative")
            if not until_solution and taken >= limit:
                break
            if time.monotonic() > deadline:
                break
        self.spent += time.monotonic() - began
        if self.status is None and self.spent >= self.budget_seconds:
            self._end(
                "limit_reached",
                f"the query stopped at its time limit ({self.budget_seconds:g} s of "
                "Prolog): press Run for a new one",
            )
        skipped = taken - len(kept)
        self.delivered += taken
        return Page(
            list(kept),
            self.delivered,
            skipped=skipped,
            done=self.status is not None,
            status=self.status,
            message=self.message,
        )

    def _end(self, status: str, message: str) -> None:
        self.status, self.message = status, message
        self.query.close()


def start_query(program: Program, body: dict[str, Any], limits: WebLimits) -> QuerySource:
    """The query the page asked for (``body["query"]``), started on ``program``."""
    text = body.get("query")
    if not isinstance(text, str):
        raise FieldError("query", "write a query: a goal such as nqueens(8, P)")
    if len(text) > MAX_QUERY_CHARS:
        raise FieldError("query", f"a query is at most {MAX_QUERY_CHARS:,} characters")
    unknown = sorted(set(body) - {"query"})
    if unknown:
        raise FieldError(unknown[0], f"a query takes only its text, not {shown(unknown[0])}")
    query = Query(program.path, text, call_seconds=limits.run_seconds)
    return QuerySource(
        query,
        max_ports=limits.live_max_expanded,
        port_seconds=limits.run_seconds,
        budget_seconds=limits.live_budget_seconds,
    )


class PrologQueries:
    """The Prolog programs a server lets its visitors query, by name (each a tab); the
    route that starts a query is ``web.app``'s, like every other."""

    def __init__(self, programs: Sequence[Program]) -> None:
        names = [program.name for program in programs]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise InputError(
                f"two Prolog files are called {repeated[0]!r}: rename one (its name names the tab)",
                field="problem",
            )
        self.programs = {program.name: program for program in programs}

    def to_json(self) -> list[dict[str, Any]]:
        return [program.to_json() for program in self.programs.values()]

    def program(self, name: str) -> Program | None:
        """The program called ``name``, if the server has one."""
        return self.programs.get(name)

    def known(self) -> str:
        """The programs' names, for a message."""
        return ", ".join(self.programs) or "none"


def query_only(target: str, problem: InputError) -> Program:
    """A .pl file ``serve --problem`` could not take as a search problem: served for
    queries when it loads (its program), else ``problem`` raised as it was."""
    try:
        return read_program(target)
    except InputError:
        raise problem from None


__all__ = [
    "Program",
    "PrologQueries",
    "QuerySource",
    "programs_of",
    "query_only",
    "read_program",
    "start_query",
]
