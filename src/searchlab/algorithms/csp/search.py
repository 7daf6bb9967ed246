"""Backtracking search over any CSP, as a lazy stream of solutions.

One search, four choices (``Strategy``), each as the textbook names it:

- variable ordering: ``static`` (the CSP's order), ``mrv`` (minimum remaining values:
  the variable with the fewest values left; without inference, the values consistent
  with the assignment so far, counted by consistency checks), ``mrv-degree`` (MRV,
  ties broken by the most constraints on unassigned variables), ``dom-deg`` (the
  fewest values left per constraint on the variable, Bessière and Régin 1996: a
  variable in many constraints early, as python-constraint orders by degree);
- value ordering: ``static`` (the domain's order) or ``lcv`` (least constraining
  value: the value that rules out the fewest values of unassigned neighbours first);
- inference after each assignment: ``none`` (each value is tested against the
  assigned neighbours: plain backtracking), ``fc`` (forward checking: every
  unassigned neighbour loses the values that conflict with it), ``mac`` (maintaining
  arc consistency: AC-3 from the arcs into the variable just assigned);
- ``backtrack``: ``chronological`` or ``cbj`` (conflict-directed backjumping, Prosser
  1993: a dead end jumps back to the deepest variable in its conflict set; with
  forward checking, FC-CBJ). ``preprocess`` ``ac3`` makes the root arc consistent first
  (MAC always does).

``CSPSolutions`` is a ``Solutions`` stream: iterating yields one ``SearchResult`` per
solution, computing nothing past it, and ``events()`` steps the same search one event
at a time (the viewer's live backtracking). The events are the engine's vocabulary: an
``Expand`` where a variable is chosen, a ``Generate`` for each value given to it (the
move is ``(variable, value)``), a ``Prune`` when the value fails (a conflict, or a
domain wiped out), a ``Backtrack`` for each node left, a ``Solution``; and the two
events only constraint inference has, ``Narrow`` (values removed from a domain) and
``Wipeout`` (a domain emptied). The statistics count expansions, values tried
(``generated``), ``assignments``, consistency ``checks`` and ``backtracks`` as
``Stats`` defines them.
"""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from searchlab.algorithms.csp.model import CSP
from searchlab.algorithms.csp.network import Network, bits
from searchlab.algorithms.csp.problem import CSPProblem, CSPState, csp_problem
from searchlab.algorithms.declaration import Algorithm, Run, default_of
from searchlab.algorithms.uninformed import Solutions
from searchlab.core.docstrings import CSP_PROBLEM, search_doc
from searchlab.core.errors import InputError
from searchlab.core.events import (
    Backtrack,
    Event,
    Expand,
    Generate,
    Narrow,
    Observer,
    Prune,
    Solution,
    Wipeout,
)
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.options import Option
from searchlab.core.result import SearchResult, Stats, Status

VARIABLE_ORDERS = ("static", "mrv", "mrv-degree", "dom-deg")
VALUE_ORDERS = ("static", "lcv")
INFERENCES = ("none", "fc", "mac")
BACKTRACKS = ("chronological", "cbj")
PREPROCESSING = ("none", "ac3")


@dataclass(frozen=True)
class Strategy:
    """How the backtracking search chooses and infers (see the module docstring)."""

    variable_order: str = "mrv"
    value_order: str = "static"
    inference: str = "fc"
    backtrack: str = "chronological"
    preprocess: str = "none"

    def __post_init__(self) -> None:
        for name, choices in (
            ("variable_order", VARIABLE_ORDERS),
            ("value_order", VALUE_ORDERS),
            ("inference", INFERENCES),
            ("backtrack", BACKTRACKS),
            ("preprocess", PREPROCESSING),
        ):
            value = getattr(self, name)
            if value not in choices:
                label = name.replace("_", "-")
                raise InputError(
                    f"unknown {label} {value!r}: choose one of {', '.join(choices)}", field=name
                )
        if self.backtrack == "cbj" and self.inference == "mac":
            raise InputError(
                "backtrack cbj (conflict-directed backjumping) works with inference none "
                "or fc here: MAC's removals have no conflict sets to jump by",
                field="backtrack",
                hint=("inference", "fc"),
            )

    @property
    def label(self) -> str:
        """A short name: ``FC+MRV``, ``MAC+MRV+LCV``, ``BT`` …"""
        parts = [{"none": "BT", "fc": "FC", "mac": "MAC"}[self.inference]]
        if self.variable_order != "static":
            parts.append(self.variable_order.upper().replace("MRV-DEGREE", "MRV+deg"))
        if self.value_order == "lcv":
            parts.append("LCV")
        if self.backtrack == "cbj":
            parts.append("CBJ")
        if self.preprocess == "ac3":
            parts.insert(0, "AC3")
        return "+".join(parts)


class _Frame:
    """One level of the search: the variable chosen there, its values in the order to
    try them, the next to try, the trail length before it, and (CBJ) its conflict set
    as a bit mask over levels."""

    __slots__ = ("conf", "mark", "next", "value", "values", "var")

    def __init__(self, var: int, values: list[int], mark: int) -> None:
        self.var = var
        self.values = values
        self.next = 0
        self.mark = mark
        self.value = -1
        self.conf = 0


CLOCK_EVERY = 63
"""Propagation reads the clock once every 64 revisions: one revision of a 1,000-value
domain takes some 50 µs, so the time limit is overrun by a few ms at most (MAC on
1,000 queens once spent 1.9 s past it in one propagation), while the reading (~60 ns)
costs nothing next to the revisions between."""


class _OutOfTime(Exception):
    """The time limit passed inside a propagation: the search stops there."""


def _never() -> bool:
    return False


class _Engine:
    """The mutable search state: domains as bit masks, the values given, the trail
    that undoes both, and the tests and inferences on them."""

    def __init__(self, network: Network, strategy: Strategy, stats: Stats, emit: bool) -> None:
        self.net = network
        self.csp = network.csp
        self.strategy = strategy
        self.stats = stats
        self.emit = emit
        n = network.n
        self.dom = list(network.root)
        self.assigned = [-1] * n
        self.level = [-1] * n
        self.pastfc = [0] * n  # CBJ: the levels whose inference pruned each domain
        self.trail: list[tuple[int, int, int]] = []  # (variable, old domain, old pastfc)
        self.cbj = strategy.backtrack == "cbj"
        self.narrowed: list[Event] = []  # events of the last inference, when emitting
        self.out_of_time: Callable[[], bool] = _never  # the search's clock (Budget)
        self.degree = [  # dom-deg: the constraints on each variable (1 at least)
            max(1, len(net_neighbours) + len(nary))
            for net_neighbours, nary in zip(network.neighbours, network.constraints_of, strict=True)
        ]

    def check_clock(self) -> None:
        """Raise ``_OutOfTime`` once the search's time limit has passed."""
        if self.out_of_time():
            raise _OutOfTime

    # -- states ---------------------------------------------------------------------
    def snapshot(self) -> CSPState:
        return CSPState(tuple(self.assigned), tuple(self.dom), self.csp)

    def with_value(self, x: int, a: int) -> CSPState:
        """The node with x = a added, not yet checked (a value that fails its test)."""
        assigned = list(self.assigned)
        assigned[x] = a
        dom = list(self.dom)
        dom[x] = 1 << a
        return CSPState(tuple(assigned), tuple(dom), self.csp)

    def name(self, var: int) -> Any:
        return self.csp.variables[var]

    # -- changes, undone by the trail -------------------------------------------------
    def assign(self, x: int, a: int, level: int) -> None:
        self.trail.append((x, self.dom[x], self.pastfc[x]))
        self.dom[x] = 1 << a
        self.assigned[x] = a
        self.level[x] = level

    def unassign(self, x: int, mark: int) -> None:
        trail, dom, pastfc = self.trail, self.dom, self.pastfc
        while len(trail) > mark:
            var, old, reasons = trail.pop()
            dom[var] = old
            pastfc[var] = reasons
        self.assigned[x] = -1
        self.level[x] = -1

    def narrow(self, y: int, keep: int, levels: int, by: int | None) -> None:
        """y's domain becomes ``keep``; ``levels`` (CBJ) are the levels that caused it."""
        old = self.dom[y]
        self.trail.append((y, old, self.pastfc[y]))
        self.dom[y] = keep
        if self.cbj:
            self.pastfc[y] |= levels
        if self.emit:
            values = self.net.values[y]
            removed = tuple(values[k] for k in bits(old & ~keep))
            cause = None if by is None else self.name(by)
            self.narrowed.append(Narrow(self.snapshot(), self.name(y), removed, cause))

    # -- plain backtracking's test ------------------------------------------------------
    def conflicts(self, x: int, a: int, frames: list[_Frame]) -> int:
        """Whether x = a conflicts with the values given so far: 0 if not, else (for
        CBJ) the levels it conflicts with, as a bit mask (any non-zero value without
        CBJ). Assigned neighbours are tested in the order they were given values with
        CBJ (Prosser's BT-CBJ records the earliest conflict), else in neighbour order."""
        net, assigned, stats = self.net, self.assigned, self.stats
        if self.cbj:
            position, around = net.position()[x], net.masks[x]
            found = 0
            for level, frame in enumerate(frames[:-1]):
                k = position.get(frame.var)
                if k is not None:
                    stats.checks += 1
                    if around[k][a] >> assigned[frame.var] & 1:
                        found = 1 << level
                        break
            if found:
                return found
        else:
            for y, masks in zip(net.neighbours[x], net.masks[x], strict=True):
                b = assigned[y]
                if b >= 0:
                    stats.checks += 1
                    if masks[a] >> b & 1:
                        return 1
        for c in net.constraints_of[x]:
            nary = net.nary[c]
            if all(assigned[v] >= 0 or v == x for v in nary.variables):
                stats.checks += 1
                trial = list(assigned)
                trial[x] = a
                if not nary.holds(trial):
                    levels = 0
                    for v in nary.variables:
                        if v != x:
                            levels |= 1 << self.level[v]
                    return levels or 1
        return 0

    # -- inference ----------------------------------------------------------------------
    def forward_check(self, x: int, a: int, level: int) -> int:
        """Remove from every unassigned neighbour the values that conflict with x = a
        (n-ary constraints: those of the one variable left unassigned in them); the
        variable wiped out, or -1."""
        net, dom, assigned, stats = self.net, self.dom, self.assigned, self.stats
        bit = 1 << level
        for y, masks in zip(net.neighbours[x], net.masks[x], strict=True):
            if assigned[y] >= 0:
                continue
            d = dom[y]
            stats.checks += d.bit_count()
            m = masks[a]
            if d & m:
                self.narrow(y, d & ~m, bit, x)
                if not d & ~m:
                    return y
        for c in net.constraints_of[x]:
            nary = net.nary[c]
            if nary.inside is None and all(assigned[v] >= 0 for v in nary.variables):
                continue  # x was the last: its values were tested when one was left
            kept = nary.supports(dom, stats, self.check_clock)
            if kept is None:
                continue  # nothing pruned (too many combinations yet: narrowed later)
            levels = 0
            if self.cbj:  # the values given, and what narrowed the others' domains
                for v in nary.variables:
                    levels |= 1 << self.level[v] if assigned[v] >= 0 else self.pastfc[v]
            for y, keep in zip(nary.variables, kept, strict=True):
                if keep != dom[y]:
                    self.narrow(y, keep, levels, None)
                    if not keep:
                        return y
        return -1

    def arc_consistency(self, changed: list[int]) -> int:
        """AC-3 from the arcs into the variables of ``changed`` (every arc at the root):
        each revision removes from a variable the values with no support left in a
        neighbour, and puts the arcs into it back in the queue when it shrinks. The
        variable wiped out, or -1. Constraints over more variables are revised with the
        arcs (``Nary.revise``)."""
        net, dom, assigned, stats = self.net, self.dom, self.assigned, self.stats
        neighbours, masks, most = net.neighbours, net.masks, net.most
        back = net.back(self.check_clock)
        arcs: deque[tuple[int, int]] = deque()
        queued: set[tuple[int, int]] = set()
        pending: deque[int] = deque()
        waiting: set[int] = set()

        def arcs_into(x: int, skip: int, done: int = -1) -> None:
            for k, y in enumerate(neighbours[x]):
                if y != skip and assigned[y] < 0:
                    arc = (y, back[x][k])
                    if arc not in queued:
                        queued.add(arc)
                        arcs.append(arc)
            for c in net.constraints_of[x]:
                if c != done and c not in waiting:
                    waiting.add(c)
                    pending.append(c)

        out_of_time, tick = self.out_of_time, 0
        for x in changed:  # at the root, a million arcs for 1,000 queens
            arcs_into(x, -1)
            self.check_clock()
        while arcs or pending:
            tick += 1
            if not tick & CLOCK_EVERY and out_of_time():
                raise _OutOfTime
            if arcs:
                arc = arcs.popleft()
                queued.discard(arc)
                y, k = arc
                if assigned[y] >= 0:
                    continue
                x = neighbours[y][k]
                dy, dx = dom[y], dom[x]
                stats.checks += dy.bit_count()
                if dx.bit_count() > most[y][k]:
                    continue  # every value of y keeps a support in x
                relation = masks[y][k]
                keep = 0
                for b in bits(dy):
                    if dx & ~relation[b]:
                        keep |= 1 << b
                if keep != dy:
                    self.narrow(y, keep, 0, x)
                    if not keep:
                        return y
                    arcs_into(y, x)
                continue
            c = pending.popleft()
            waiting.discard(c)
            nary = net.nary[c]
            kept = nary.supports(dom, stats, self.check_clock)
            if kept is None:
                continue  # too many combinations yet: revised when a domain shrinks
            for y, keep in zip(nary.variables, kept, strict=True):
                if keep != dom[y]:  # (an assigned variable keeps its value or empties)
                    self.narrow(y, keep, 0, None)
                    if not keep:
                        return y
                    arcs_into(y, -1, c)  # c itself is arc consistent now
        return -1

    # -- orderings ----------------------------------------------------------------------
    def select(self, depth: int, order: list[int]) -> int:
        """The variable to give a value next (see ``Strategy``)."""
        how = self.strategy.variable_order
        if how == "static":
            return order[depth]
        assigned, dom = self.assigned, self.dom
        if how == "dom-deg":
            return self.dom_deg(order)
        counting = self.strategy.inference == "none"
        best, best_size, ties = -1, -1, []
        for v in order:
            if assigned[v] >= 0:
                continue
            size = self.legal(v) if counting else dom[v].bit_count()
            if best < 0 or size < best_size:
                best, best_size, ties = v, size, [v]
            elif size == best_size:
                ties.append(v)
        if how == "mrv" or len(ties) == 1:
            return best
        net = self.net
        return max(
            ties,
            key=lambda v: (
                sum(1 for y in net.neighbours[v] if assigned[y] < 0) + len(net.constraints_of[v])
            ),
        )

    def dom_deg(self, order: list[int]) -> int:
        """The unassigned variable of ``order`` with the least ratio of values left
        (counted by consistency checks without inference) to constraints on it (its
        neighbours and its n-ary constraints), the first of equals."""
        assigned, dom, degree = self.assigned, self.dom, self.degree
        counting = self.strategy.inference == "none"
        best, best_ratio = -1, 0.0
        for v in order:
            if assigned[v] < 0:
                ratio = (self.legal(v) if counting else dom[v].bit_count()) / degree[v]
                if best < 0 or ratio < best_ratio:
                    best, best_ratio = v, ratio
        return best

    def legal(self, v: int) -> int:
        """How many values of v are consistent with the values given so far (plain
        backtracking's MRV: each value tested against the assigned neighbours)."""
        net, assigned, stats = self.net, self.assigned, self.stats
        given = [
            (masks, assigned[y])
            for y, masks in zip(net.neighbours[v], net.masks[v], strict=True)
            if assigned[y] >= 0
        ]
        count = 0
        for a in bits(self.dom[v]):
            ok = True
            for masks, b in given:
                stats.checks += 1
                if masks[a] >> b & 1:
                    ok = False
                    break
            count += ok
        return count

    def order(self, x: int) -> list[int]:
        """x's values in the order to try them (see ``Strategy``)."""
        values = list(bits(self.dom[x]))
        if self.strategy.value_order == "static" or len(values) < 2:
            return values
        net, dom, assigned, stats = self.net, self.dom, self.assigned, self.stats
        around = [
            (dom[y], masks)
            for y, masks in zip(net.neighbours[x], net.masks[x], strict=True)
            if assigned[y] < 0
        ]
        ruled: dict[int, int] = {}
        for a in values:
            total = 0
            for d, masks in around:
                stats.checks += d.bit_count()
                total += (d & masks[a]).bit_count()
            ruled[a] = total
        return sorted(values, key=ruled.__getitem__)


@search_doc(
    "strategy: how it searches (``Strategy``: ordering, inference, backtracking).",
    returns="Iterate it (or call ``next``) for one ``SearchResult`` per solution, "
    "computed only when asked for; ``status``, ``found``, ``last``, ``stats`` and "
    "``events()`` are ``Solutions``'s.",
    problem=CSP_PROBLEM,
)
class CSPSolutions(Solutions[CSPState, tuple[Any, Any]]):
    """Every solution of a CSP by backtracking, lazily (see the module docstring).

    {sections}
    """

    def __init__(
        self,
        problem: CSPProblem,
        strategy: Strategy = Strategy(),
        *,
        limits: Limits = NO_LIMITS,
        observer: Observer | None = None,
    ) -> None:
        self.csp_problem = problem
        self.strategy = strategy
        super().__init__(problem, limits=limits, observer=observer)
        self.stats.setup_seconds = problem.build_seconds  # compiling the CSP (Network)

    def _walk(self) -> Iterator[Event | SearchResult[CSPState, tuple[Any, Any]]]:
        """The search, ended at the time limit even inside a propagation."""
        engine = _Engine(self.csp_problem.network, self.strategy, self.stats, self._emit)
        engine.out_of_time = self.budget.out_of_time
        try:
            yield from self._backtrack(engine)
        except _OutOfTime:
            self.status, self.limit = Status.LIMIT_REACHED, "max_seconds"

    def _backtrack(
        self, engine: _Engine
    ) -> Iterator[Event | SearchResult[CSPState, tuple[Any, Any]]]:
        problem, stats, strategy = self.csp_problem, self.stats, self.strategy
        net = problem.network
        emit = self._emit
        n = net.n
        order = list(range(n))
        inference, cbj = strategy.inference, strategy.backtrack == "cbj"

        def flush() -> Iterator[Event]:
            yield from engine.narrowed
            engine.narrowed.clear()

        empty = next((v for v in range(n) if not engine.dom[v]), -1)
        if empty < 0 and (inference == "mac" or strategy.preprocess == "ac3"):
            empty = engine.arc_consistency(order)
            if emit:
                yield from flush()
        if empty >= 0:  # no value at all for some variable: nothing to search
            if emit:
                yield Wipeout(engine.snapshot(), engine.name(empty))
            self.status = Status.EXHAUSTED
            return
        frames: list[_Frame] = []
        descend = True
        while True:
            if descend:
                descend = False
                depth = len(frames)
                if depth == n:
                    self.found += 1
                    path, moves = self._path(frames)
                    if emit:
                        yield Solution(path, float(n), self.found)
                    snapshot = dataclasses.replace(
                        stats, seconds=stats.seconds + time.perf_counter() - self._asked_at
                    )
                    self.last = SearchResult(Status.SOLVED, path, moves, float(n), snapshot)
                    yield self.last
                    stats.backtracks += 1
                    if emit:
                        yield Backtrack(path[-1], n)
                    if cbj:  # below a solution, go back one level at a time
                        for level, frame in enumerate(frames):
                            frame.conf |= (1 << level) - 1
                    if not frames:
                        self.status = Status.EXHAUSTED
                        return
                else:
                    limit = self.budget.exceeded()
                    if limit is not None:
                        self.status, self.limit = Status.LIMIT_REACHED, limit
                        return
                    x = engine.select(depth, order)
                    stats.expanded += 1
                    stats.max_frontier = max(stats.max_frontier, depth + 1)
                    if emit:
                        yield Expand(engine.snapshot(), depth, 0.0, depth, depth, 0)
                    frames.append(_Frame(x, engine.order(x), len(engine.trail)))
            frame = frames[-1]
            x, level = frame.var, len(frames) - 1
            if frame.value >= 0:
                engine.unassign(x, frame.mark)
                frame.value = -1
            if frame.next == len(frame.values):  # x's values are used up: go back
                stats.backtracks += 1
                target = level - 1
                conf = 0
                if cbj:
                    conf = frame.conf | engine.pastfc[x]
                    conf &= (1 << level) - 1
                    target = conf.bit_length() - 1
                frames.pop()
                if emit:
                    yield Backtrack(engine.snapshot(), level)
                while len(frames) - 1 > target:  # a backjump leaves every level between
                    left = frames.pop()
                    engine.unassign(left.var, left.mark)
                    if emit:
                        yield Backtrack(engine.snapshot(), len(frames))
                if target < 0:
                    self.status = Status.EXHAUSTED
                    return
                if cbj:
                    frames[target].conf |= conf & ~(1 << target)
                continue
            a = frame.values[frame.next]
            frame.next += 1
            stats.generated += 1
            move = (engine.name(x), net.values[x][a])
            parent = engine.snapshot() if emit else None
            if inference == "none":
                conflict = engine.conflicts(x, a, frames)
                if conflict:
                    if cbj:
                        frame.conf |= conflict
                    if emit:
                        child = engine.with_value(x, a)
                        yield Generate(parent, move, child, level + 1.0, 0.0)
                        yield Prune(child, "constraint")
                    continue
            engine.assign(x, a, level)
            frame.value = a
            stats.assignments += 1
            if emit:
                yield Generate(parent, move, engine.snapshot(), level + 1.0, 0.0)
            wiped = -1
            if inference == "fc":
                wiped = engine.forward_check(x, a, level)
            elif inference == "mac":
                wiped = engine.arc_consistency([x])
            if emit:
                yield from flush()
            if wiped >= 0:
                if cbj:
                    frame.conf |= engine.pastfc[wiped] & ~(1 << level)
                if emit:
                    state = engine.snapshot()
                    yield Wipeout(state, engine.name(wiped))
                    yield Prune(state, "constraint")
                continue
            descend = True

    def _path(
        self, frames: list[_Frame]
    ) -> tuple[tuple[CSPState, ...], tuple[tuple[Any, Any], ...]]:
        """The path to the solution: the root, then one more value at each level (the
        states carry values only)."""
        csp = self.csp_problem.csp
        values = self.csp_problem.network.values
        assigned = [-1] * len(csp)
        states = [CSPState(tuple(assigned), None, csp)]
        moves = []
        for frame in frames:
            assigned[frame.var] = frame.value
            states.append(CSPState(tuple(assigned), None, csp))
            moves.append((csp.variables[frame.var], values[frame.var][frame.value]))
        return tuple(states), tuple(moves)


def backtracking(
    csp: CSP | CSPProblem,
    strategy: Strategy = Strategy(),
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> CSPSolutions:
    """Every solution of ``csp`` by backtracking as ``strategy`` says, lazily (the
    algorithm ``csp-backtracking`` of every front end).

    Args:
        csp: a ``CSP`` (variables, domains, constraints), one compiled as a
            ``CSPProblem``, or ``searchlab.compat.constraint.Problem``.
        strategy: variable and value ordering, inference, backjumping, preprocessing
            (``Strategy()``: MRV, the domain's order, forward checking).
        limits: stop after so many expansions or seconds (``Limits``); none by default.
        observer: told every event of the search (assignments, inferences, wipeouts).

    Returns:
        A ``CSPSolutions`` stream: iterate it (or call ``next``) for one ``SearchResult``
        per solution, its ``final_state.assignment()`` the values; computed only when
        asked for.

    Examples:
        Three regions in a row, neighbours in different colours, two colours:

        >>> from searchlab.algorithms.csp import CSP, NotEqual
        >>> csp = CSP({v: ["red", "green"] for v in "ABC"},
        ...           [NotEqual("A", "B"), NotEqual("B", "C")])
        >>> [found.final_state.assignment() for found in backtracking(csp)]
        [{'A': 'red', 'B': 'green', 'C': 'red'}, {'A': 'green', 'B': 'red', 'C': 'green'}]
    """
    if not isinstance(strategy, Strategy):
        raise InputError(
            f"the strategy must be a Strategy (e.g. Strategy(inference='mac')), not {strategy!r}"
        )
    problem = csp_problem(csp, "backtracking")
    return CSPSolutions(problem, strategy, limits=limits, observer=observer)


def solve(csp: CSP | CSPProblem, strategy: Strategy = Strategy()) -> dict[Any, Any] | None:
    """The first solution of ``csp``, as a plain dict.

    Args:
        csp: a ``CSP``, or a ``CSPProblem`` (what ``searchlab.compat.aima`` makes).
        strategy: how backtracking orders and infers (MRV with forward checking).

    Returns:
        ``{variable: value}`` in the CSP's order of variables, or None if there is no
        solution.

    Raises:
        ProblemError: ``csp`` is not a CSP (the message says how to make one of an
            aima CSP or a python-constraint problem).

    Examples:
        >>> from searchlab.algorithms.csp import CSP, AllDifferent
        >>> solve(CSP({"x": [1, 2], "y": [1, 2]}, [AllDifferent(("x", "y"))]))
        {'x': 1, 'y': 2}
        >>> solve(CSP({"x": [1], "y": [1]}, [AllDifferent(("x", "y"))])) is None
        True
    """
    found = next(backtracking(csp, strategy), None)
    return None if found is None else found.final_state.assignment()


def count(
    csp: CSP | CSPProblem, strategy: Strategy = Strategy(), *, at_most: int | None = None
) -> int:
    """How many solutions ``csp`` has.

    Args:
        csp: a ``CSP`` or a ``CSPProblem``.
        strategy: how backtracking orders and infers.
        at_most: stop counting there (2 tells a unique solution from several).

    Returns:
        The number of solutions (at most ``at_most``). ``count_solutions`` gives the
        stream as well, for its statistics.

    Examples:
        The 8-queens puzzle has 92 solutions:

        >>> from searchlab.algorithms.csp import CSP, AllDifferent
        >>> n = 8
        >>> queens = CSP({i: range(n) for i in range(n)}, [
        ...     AllDifferent(tuple(range(n))),
        ...     AllDifferent(tuple(range(n)), offsets=tuple(range(n))),
        ...     AllDifferent(tuple(range(n)), offsets=tuple(-i for i in range(n)))])
        >>> count(queens)
        92
        >>> count(queens, at_most=2)
        2
    """
    found, _ = count_solutions(csp, strategy, at_most=at_most)
    return found


def count_solutions(
    csp: CSP | CSPProblem,
    strategy: Strategy = Strategy(),
    *,
    at_most: int | None = None,
    limits: Limits = NO_LIMITS,
) -> tuple[int, CSPSolutions]:
    """How many solutions ``csp`` has (stopping at ``at_most``: 2 proves a solution
    unique or not), and the stream (its ``exhausted`` says whether the count is all).
    For the number alone, ``count``."""
    stream = backtracking(csp, strategy, limits=limits)
    found = 0
    for _ in stream:
        found += 1
        if at_most is not None and found >= at_most:
            break
    return found, stream


VARIABLE_ORDER = Option(
    "variable_order", "choice",
    "which variable gets a value next: static (the CSP's order), mrv (minimum remaining "
    "values), mrv-degree (MRV, ties to the most constraints on unassigned variables), "
    "dom-deg (fewest values left per constraint on the variable)",
    default=default_of(Strategy, "variable_order"), choices=VARIABLE_ORDERS,
    aliases={"minimum-remaining-values": "mrv", "degree": "mrv-degree"},
)  # fmt: skip
VALUE_ORDER = Option(
    "value_order", "choice",
    "which value to try first: static (the domain's order), lcv (least constraining "
    "value: the one ruling out fewest values of unassigned neighbours)",
    default=default_of(Strategy, "value_order"), choices=VALUE_ORDERS,
    aliases={"least-constraining": "lcv"},
)  # fmt: skip
INFERENCE = Option(
    "inference", "choice",
    "after each assignment: none (each value tested against the assigned neighbours), "
    "fc (forward checking), mac (maintaining arc consistency with AC-3)",
    default=default_of(Strategy, "inference"), choices=INFERENCES,
    aliases={"forward-checking": "fc", "ac3": "mac"},
)  # fmt: skip
BACKTRACK = Option(
    "backtrack", "choice",
    "chronological, or cbj: conflict-directed backjumping (with inference none or fc)",
    default=default_of(Strategy, "backtrack"), choices=BACKTRACKS,
    aliases={"backjumping": "cbj", "conflict-directed": "cbj"},
)  # fmt: skip
PREPROCESS = Option(
    "preprocess", "choice", "none, or ac3: make every arc consistent before the search starts",
    default=default_of(Strategy, "preprocess"), choices=PREPROCESSING,
)  # fmt: skip
"""Shared with min-conflicts (``csp.local``), which takes it as a parameter."""


def _strategy(it: Run) -> dict[str, Any]:
    """The five options made into one ``Strategy``."""
    names = ("variable_order", "value_order", "inference", "backtrack", "preprocess")
    return {"strategy": Strategy(*(it.options[name] for name in names))}


CSP_BACKTRACKING = Algorithm(
    CSPSolutions, "csp-backtracking", "CSP backtracking",
    "constraint satisfaction by backtracking: variable and value ordering, forward "
    "checking or MAC, backjumping; every solution, one more on request",
    "csp", "assignment", "none", needs="csp", stream=True,
    options=(VARIABLE_ORDER, VALUE_ORDER, INFERENCE, BACKTRACK, PREPROCESS),
    aliases=("csp", "csp-bt"), order=17, loop=(CSPSolutions._backtrack, _Engine),
    arguments=_strategy,
)  # fmt: skip
