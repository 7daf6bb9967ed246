"""A Prolog file as a searchlab problem: its predicates asked through the bridge.

A state is the term's text as Prolog writes it with ``quoted(true)`` (``writeq``
without ``numbervars``): text that reads back as the same term, so two states are
equal exactly when Prolog's ``==`` says so, and a ``str`` hashes and compares them
in Python. It is also what the front ends print, and what the JSON holds.

Expanding a state is one round trip: the driver runs ``s/3`` to the end (every
answer, in Prolog's order) and with each successor sends what the search will ask
next about it (``goal/1``, and ``h/2`` or ``value/2`` when the search uses one, the
name ``move/3`` gives the move), which ``PrologSearch`` keeps until asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from searchlab.core.errors import InputError, ProblemError
from searchlab.domains.drawing import Drawing, Grid, Text
from searchlab.domains.prolog.bridge import Bridge, Timeout, one_line, prolog_file
from searchlab.domains.prolog.relations import Relations, resolve

State = str
"""A ground term, as Prolog writes it (quoted)."""

DEFAULT_CALL_SECONDS = 10.0
"""How long one call into the file may take before it counts as never ending."""

FLAGS_KEPT = 1 << 20
"""States whose goal test and estimates are kept at once (then the store restarts:
a forgotten one costs a round trip, never a wrong answer)."""

ESTIMATES = {
    "heuristic": ("h", "{} of the file: its estimate of the cost still to go"),
    "value": ("value", "{} of the file: the value local search makes smaller (0 at a goal)"),
}
"""The heuristics a file can define (the part, the heuristic's name, its summary), in the
order they are offered."""

NEEDS = {
    "heuristic": "h(State, H) must give a number for every state (0 at a goal)",
    "value": "value(State, V) must give a number for every state",
    "start": "start(State) must give the start",
}
"""What a relation that has no answer should have done, by part."""


@dataclass(frozen=True)
class Arc:
    """One answer of s/3, with what the driver computed about the successor."""

    move: str
    child: State
    cost: float


class ClauseMove(str):
    """A move's text that also says which clause of the successor relation gave it
    (``clause``, counted from 1), so the viewer highlights that one clause; it reads,
    prints and compares as the text alone."""

    clause: int

    def __new__(cls, text: str, clause: int) -> ClauseMove:
        move = super().__new__(cls, text)
        move.clause = clause
        return move

    def __reduce__(self) -> tuple[Any, ...]:
        return (ClauseMove, (str(self), self.clause))


_ONE_LINE = str.maketrans("\t\n\r", "   ")


def _number(text: str) -> float:
    return float(text)  # the driver writes inf, -inf and finite floats as Python reads them
    # (and refuses NaN as not a number)


class PrologProblem:
    """The problem a Prolog file defines (see ``searchlab.domains.prolog``); it keeps
    the protocol of ``searchlab.domains.user``, so any algorithm can search it:
    ``initial`` (``start/1``), ``successors``, ``is_goal``, ``heuristics`` (``h/2``,
    ``value/2``), ``parse_state``, ``format_state``, ``draw`` (``draw/2``) and
    ``unit_costs``. Each call may take ``call_seconds``; ``relations`` names the
    predicates (``searchlab.domains.prolog.relations``)."""

    def __init__(
        self,
        path: str | Path,
        call_seconds: float = DEFAULT_CALL_SECONDS,
        relations: Relations | None = None,
    ) -> None:
        wanted = relations or Relations()
        shown = str(path)
        self.path = prolog_file(path)
        self.shown = shown
        self.call_seconds = call_seconds
        self.bridge = Bridge(self.path, shown, call_seconds, wanted.asked())
        loaded = self.bridge.loaded
        try:
            self.relations = resolve(wanted, loaded.defined, shown)
        except InputError:
            self.close()
            raise
        self.bridge.bind(self.relations.binding())
        self.defined = loaded.defined
        self.warnings = loaded.warnings
        self.unit_costs = loaded.unit_costs or wanted.third != "cost"
        self.watch_clauses = False  # each move says its clause (ClauseMove): the viewer's
        self.heuristics: dict[str, Callable[[State], float]] = {}
        for part, (name, summary) in ESTIMATES.items():
            if part in self.relations.names:
                described = summary.format(self.relations.label(part))
                self.heuristics[name] = _estimate_function(self, name, described, loaded.admissible)
        self._default = PrologSearch(self, None, call_seconds, limited=False)

    def close(self) -> None:
        """Stop the Prolog process (a later call starts it again)."""
        self.bridge.close()

    # -- the protocol of a user's problem -----------------------------------------------
    @property
    def initial(self) -> State:
        if "start" not in self.relations.names:
            raise InputError(
                f"{self.shown} has no start/1: give the start as a Prolog term, or add a "
                "fact start(State)",
                field="start",
            )
        reply = self.ask("start", self.call_seconds, where=self.relations.label("start"))
        return reply[0][1]

    def check_start(self, state: State) -> None:
        """Refuse a start the file's check relation (``valid/1``) says is not legal."""
        if "check" not in self.relations.names:
            return
        check = self.relations.label("check")
        if self.ask("check", self.call_seconds, state, where=check)[0][1] != "1":
            raise ProblemError(
                f"the start {one_line(state)} is not a legal state: {check} fails on it",
                field="start",
            )

    def successors(self, state: State) -> Iterator[tuple[str, State, float]]:
        return self._default.successors(state)

    def is_goal(self, state: State) -> bool:
        return self._default.is_goal(state)

    def parse_state(self, text: str) -> State:
        """``text`` read as a Prolog term (read, never called): its canonical text."""
        typed = text.strip().translate(_ONE_LINE)  # the protocol's separators
        try:
            head = self.bridge.ask("parse", self.call_seconds, typed)[0]
        except Timeout:
            raise InputError(f"reading {one_line(typed, 40)!r} took too long") from None
        if head[0] == "ok":
            return head[1]
        if head[0] == "bad":
            raise InputError(
                f"the start {one_line(head[4])} has unbound variables: write a ground term "
                "(every variable given a value)"
            )
        message = head[3] if len(head) > 3 else "it does not read as a term"
        raise InputError(f"cannot read {one_line(typed, 40)!r} as a Prolog term: {message}")

    def format_state(self, state: State) -> str:
        return state

    def draw(self, state: State) -> Drawing:
        """``draw/2``'s rows as a grid of cells (blank ones empty), or the term's text."""
        if "draw/2" not in self.defined:
            return Text(state)
        reply = self.ask("draw", self.call_seconds, state, where="draw/2")
        rows = [[cell if cell.strip() else "" for cell in line] for line in reply[1:]]
        if not rows:
            return Text(state)
        width = max(len(row) for row in rows)
        cells = tuple(cell for row in rows for cell in row + [""] * (width - len(row)))
        return Grid(len(rows), width, cells)

    # -- calls ----------------------------------------------------------------------------
    def ask(self, op: str, seconds: float, *args: str, where: str) -> list[list[str]]:
        """A call outside a search: its reply, or a ProblemError saying what went wrong
        (running past ``seconds`` included)."""
        try:
            reply = self.bridge.ask(op, seconds, *args)
        except Timeout as stopped:
            raise self.never_ended(stopped, seconds) from None
        if reply[0][0] not in ("ok", "lines"):
            raise self.failure(reply[0], where)
        return reply

    def never_ended(self, stopped: Timeout, seconds: float) -> ProblemError:
        on = f" on {one_line(stopped.state)}" if stopped.state else ""
        return ProblemError(
            f"{stopped.predicate} ran for {seconds:g} s{on} without finishing: does it end "
            "on every state?",
            field="call_seconds",
        )

    def failure(self, head: list[str], where: str) -> ProblemError:
        """The words for an ``error`` or ``bad`` reply."""
        kind, predicate, state, *rest = [*head, "", "", ""]
        on = f" on {one_line(state)}" if state else ""
        if kind == "error":
            why = " (a recursion that never ends?)" if rest[0].startswith("Stack limit") else ""
            return ProblemError(f"{predicate} raised an error{on}: {rest[0]}{why}")
        what, detail = rest[0], rest[1]
        of = f" for a successor of {one_line(state)}" if state else ""
        if what in ("cost", "value"):
            return ProblemError(
                f"{predicate} gave the {what} {one_line(detail, 30)}{of}: a {what} must be a number"
            )
        if what == "illegal":
            check = self.relations.label("check")
            return ProblemError(
                f"{predicate} gave an impossible state: {check} fails on {one_line(detail)}, "
                f"a successor of {one_line(state)}"
            )
        if what == "unbound":
            return ProblemError(
                f"{predicate} gave {one_line(detail)}{on}, which has unbound variables: "
                "a state must be a ground term"
            )
        if what == "number":
            return ProblemError(
                f"{predicate} gave {one_line(detail, 30)}{on}: it must give a number"
            )
        if what == "failed":
            parts = {self.relations.label(part): part for part in self.relations.names}
            needs = NEEDS.get(parts.get(predicate, ""), f"{predicate} must succeed")
            if predicate == "draw/2":
                needs = "draw(State, Rows) must give a list of rows for every state"
            return ProblemError(f"{predicate} has no answer{on}: {needs}")
        if what == "rows":
            return ProblemError(
                f"draw/2 gave {one_line(detail)}{on}: it must give a list of rows, each a "
                "text (one character a cell) or a list of cells"
            )
        return ProblemError(f"{predicate} failed{on} ({where}): {what} {detail}".strip())


def _estimate_function(
    problem: PrologProblem, name: str, summary: str, admissible: frozenset[str]
) -> Callable[[State], float]:
    """h(state) for the heuristics registry of ``searchlab.domains.user`` (docstring:
    its summary; ``admissible`` when the file says ``admissible(name)``)."""

    def estimate(state: State) -> float:
        return problem._default.estimate(name, state)

    estimate.__doc__ = summary
    estimate.admissible = name in admissible  # type: ignore[attr-defined]
    return estimate


class PrologSearch:
    """One search's view of a Prolog problem: the problem's protocol, asking the
    driver for the goal test (and ``want``: the estimate the search uses, ``h`` or
    ``value``, or None) with every successor. A call may take ``seconds``; when
    ``limited``, that is the search's own time limit, and a call stopped by it ends
    the search at the limit (``overran``: every later call then answers at once, the
    search's next look at its clock stops it) rather than as a broken file."""

    def __init__(
        self,
        problem: PrologProblem,
        want: str | None,
        seconds: float,
        *,
        limited: bool,
    ) -> None:
        self.problem = problem
        self.want = want
        self.seconds = seconds
        self.limited = limited
        self.overran = False
        letters = "g" + {"h": "h", "value": "v", None: ""}[want]
        if "move/3" in problem.defined:
            letters += "m"
        if problem.watch_clauses:
            letters += "c"
        self._letters = letters
        self._flags: dict[State, tuple[bool, float | None]] = {}

    @property
    def initial(self) -> State:
        return self.problem.initial

    def _call(self, op: str, *args: str, where: str) -> list[list[str]] | None:
        """The reply, or None when the search's time limit stopped the call."""
        if self.overran:
            return None
        try:
            reply = self.problem.bridge.ask(op, self.seconds, *args)
        except Timeout as stopped:
            if self.limited:
                self.overran = True
                return None
            raise self.problem.never_ended(stopped, self.seconds) from None
        if reply[0][0] not in ("ok", "lines"):
            raise self.problem.failure(reply[0], where)
        return reply

    def successors(self, state: State) -> Iterator[tuple[str, State, float]]:
        reply = self._call(
            "expand", self._letters, state, where=self.problem.relations.label("successor")
        )
        if reply is None:
            return iter(())
        flags = self._flags
        if len(flags) > FLAGS_KEPT:
            flags.clear()
        want = self.want
        arcs = []
        for fields in reply[1:]:
            child, cost, goal, h, value, move, clause = fields
            estimate = h if want == "h" else value if want == "value" else ""
            flags[child] = (goal == "1", _number(estimate) if estimate else None)
            named = move or child
            if clause:
                named = ClauseMove(named, int(clause))
            arcs.append((named, child, _number(cost)))
        return iter(arcs)

    def is_goal(self, state: State) -> bool:
        known = self._flags.get(state)
        if known is not None:
            return known[0]
        reply = self._call("goal", state, where="goal/1")
        return reply is not None and reply[0][1] == "1"

    def estimate(self, name: str, state: State) -> float:
        known = self._flags.get(state)
        if known is not None and known[1] is not None and name == self.want:
            return known[1]
        reply = self._call(name, state, where=f"{name}/2")
        if reply is None:
            return 0.0
        return _number(reply[0][1])

    def heuristic(self, name: str) -> Callable[[State], float]:
        def h(state: State) -> float:
            return self.estimate(name, state)

        return h
