"""The network tab's answers: arc revisions and AC-3 step by step, and backtracking's
events explained, computed by the library on the network the page sends
(``POST /api/network/{action}``).

An arc is a pair (variable, constraint): revising it removes from the variable the
values that no values of the constraint's other variables support. A binary
constraint is revised value by value (the textbook's REVISE); an all-different as the
library reads it, a not-equal between every two of its variables (a value goes when
another variable can only take it); a sum by the library's own propagator
(``Nary.supports``: the bounds of the others). So AC-3 here reaches the domains the
library's ``ac3`` leaves (the tests check it, and against brute force). Backtracking
is the library's ``backtracking`` itself, its events told in words: the counts that
made MRV choose, the counts that ordered LCV's values, what each pruning removed and
which constraint emptied a domain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from searchlab.algorithms.csp import CSPState, Strategy, backtracking
from searchlab.algorithms.csp.network import Nary, Network, bits
from searchlab.algorithms.csp.search import _Engine
from searchlab.core.events import Backtrack, Expand, Generate, Narrow, Prune, Solution, Wipeout
from searchlab.core.result import Stats
from searchlab.web.fields import FieldError, get_int, shown
from searchlab.web.network_builtins import BUILTINS
from searchlab.web.network_python import read_python
from searchlab.web.network_spec import (
    NetworkSpec,
    Value,
    python_source,
    read_network,
    read_value,
    to_csp,
)

MAX_STEPS = 5_000
"""AC-3 revisions in one answer (a network at the caps needs far fewer)."""
MAX_EVENTS = 2_000
"""Backtracking's events in one answer: past it the run is cut (``cut`` is true)."""
Arc = tuple[str, int]
Domains = list[tuple[Value, ...]]


def _values(values: Sequence[Value]) -> str:
    return "{" + ", ".join(map(str, values)) + "}"


def read_domains(raw: Any, spec: NetworkSpec) -> Domains:
    """The current domains the page sends (``{variable: [values]}``, each a part of the
    declared domain, kept in its order); a variable not named keeps its whole domain."""
    if raw is None:
        return list(spec.domains)
    if not isinstance(raw, Mapping):
        raise FieldError("domains", f"domains must be an object, not {shown(raw)}")
    for var in raw:
        if var not in spec.variables:
            raise FieldError("domains", f"{shown(var)} is not a variable of the network")
    domains = []
    for var, declared in zip(spec.variables, spec.domains, strict=True):
        given = raw.get(var)
        if given is None:
            domains.append(declared)
            continue
        if not isinstance(given, list) or len(given) > len(declared):
            raise FieldError("domains", f"the domain of {var} must be a list of its values")
        chosen = {read_value(value, "domains") for value in given}
        for value in chosen:
            if value not in declared:
                raise FieldError("domains", f"{shown(value)} is not in the domain of {var}")
        domains.append(tuple(value for value in declared if value in chosen))
    return domains


def read_arc(raw: Any, spec: NetworkSpec, field: str) -> Arc:
    """An arc ``[variable, constraint index]`` of the network."""
    if not isinstance(raw, list) or len(raw) != 2:
        raise FieldError(field, f"an arc is [variable, constraint], not {shown(raw)}")
    var, c = raw
    if not isinstance(var, str):
        raise FieldError(field, f"an arc names its variable by its name, not {shown(var)}")
    if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(spec.constraints):
        raise FieldError(field, f"{shown(c)} is not a constraint of the network")
    if var not in spec.constraints[c].scope:
        raise FieldError(field, f"{shown(var)} is not a variable of constraint {c}")
    return (var, c)


def _read_queue(raw: Any, spec: NetworkSpec) -> list[Arc]:
    if raw is None:
        return spec.arcs()
    if not isinstance(raw, list) or len(raw) > len(spec.arcs()):
        raise FieldError("queue", "the queue must be a list of the network's arcs")
    return list(dict.fromkeys(read_arc(arc, spec, "queue") for arc in raw))


class Reviser:
    """Arc revisions on one network (see the module docstring)."""

    def __init__(self, spec: NetworkSpec) -> None:
        self.spec = spec
        self.csp = to_csp(spec)
        self.network = Network(self.csp)
        self.nary = {
            c: Nary(self.csp.constraints[c], self.network)
            for c, constraint in enumerate(spec.constraints)
            if constraint.kind == "sum"
        }

    def revise(self, arc: Arc, domains: Domains) -> list[tuple[Value, str]]:
        """The values the arc removes from its variable, each with the reason."""
        var, c = arc
        constraint = self.spec.constraints[c]
        index = self.spec.variables.index
        mine = domains[index(var)]
        if constraint.kind == "alldiff":
            forced: dict[Value, str] = {}
            for other in constraint.scope:
                left = domains[index(other)]
                if other != var and len(left) == 1:
                    forced.setdefault(left[0], other)
            return [(a, f"{forced[a]} can only be {a}") for a in mine if a in forced]
        if constraint.kind == "sum":
            return self._revise_sum(arc, domains)
        other = next(v for v in constraint.scope if v != var)
        theirs = domains[index(other)]
        test = self.csp.constraints[c].holds
        first = constraint.scope[0] == var
        removed = []
        for a in mine:
            if not any(test((a, b) if first else (b, a)) for b in theirs):
                why = (
                    f"no value of {other} in {_values(theirs)} has {constraint.label} "
                    f"with {var} = {a}"
                )
                removed.append((a, why))
        return removed

    def _revise_sum(self, arc: Arc, domains: Domains) -> list[tuple[Value, str]]:
        var, c = arc
        constraint = self.spec.constraints[c]
        masks = []
        for values, current in zip(self.network.values, domains, strict=True):
            masks.append(sum(1 << k for k, value in enumerate(values) if value in current))
        i = self.spec.variables.index(var)
        nary = self.nary[c]
        kept = nary.supports(masks, Stats())
        assert kept is not None  # a sum is narrowed by its bounds at any size
        keep = kept[nary.variables.index(i)]
        values = self.network.values[i]
        low = high = 0
        for other, k in zip(constraint.scope, constraint.coefficients, strict=True):
            if other != var:
                products = [k * value for value in domains[self.spec.variables.index(other)]]
                low, high = low + min(products), high + max(products)  # type: ignore[operator]
        k = constraint.coefficients[constraint.scope.index(var)]
        removed = []
        for b in bits(masks[i] & ~keep):
            a = values[b]
            why = (
                f"with {var} = {a} the sum lies between {low + k * a} and {high + k * a}"
                f": it cannot be {constraint.relation} {constraint.total}"
            )
            removed.append((a, why))
        return removed

    def summary(self, arc: Arc, removed: list[tuple[Value, str]], domains: Domains) -> str:
        """Why a revision removed what it did, in one sentence: a binary constraint's
        values all lack a support in the other variable; others say it value by value."""
        var, c = arc
        constraint = self.spec.constraints[c]
        if not removed:
            return f"every value of {var} has a support"
        if constraint.kind in ("relation", "table"):
            other = next(v for v in constraint.scope if v != var)
            theirs = _values(domains[self.spec.variables.index(other)])
            which = "it" if len(removed) == 1 else "any of them"
            return f"no value of {other} in {theirs} satisfies {constraint.label} with {which}"
        return "; ".join(why for _, why in removed)

    def arcs_into(self, var: str, but: int) -> list[Arc]:
        """The arcs to revise again when ``var`` lost values (revising ``but`` made it
        shrink): every other variable's arc on every other constraint on ``var``, and
        on ``but`` too if it ties more than two (an all-different is revised as the
        not-equals between each two of its variables, a sum by its bounds: what ``var``
        lost may leave the others without support; a binary constraint's removed values
        were in no pair it allows, so they supported nothing)."""
        return [
            (other, c)
            for c, constraint in enumerate(self.spec.constraints)
            if (c != but or len(constraint.scope) > 2) and var in constraint.scope
            for other in constraint.scope
            if other != var
        ]

    def ac3(self, domains: Domains, queue: list[Arc], most: int) -> dict[str, Any]:
        """Up to ``most`` revisions from ``queue`` (in order), each written as a step
        (the arcs it put back in the queue, not the whole queue: ``queue`` is the one
        left at the end)."""
        domains = list(domains)
        pending = dict.fromkeys(queue)
        steps: list[dict[str, Any]] = []
        wiped = next((v for v, d in zip(self.spec.variables, domains, strict=True) if not d), None)
        while pending and wiped is None and len(steps) < most:
            arc = next(iter(pending))
            del pending[arc]
            removed = self.revise(arc, domains)
            var, c = arc
            added: list[Arc] = []
            if removed:
                gone = {value for value, _ in removed}
                i = self.spec.variables.index(var)
                domains[i] = tuple(value for value in domains[i] if value not in gone)
                if not domains[i]:
                    wiped = var
                else:
                    for again in self.arcs_into(var, c):
                        if again not in pending:
                            pending[again] = None
                            added.append(again)
            steps.append(
                {
                    "arc": list(arc),
                    "constraint": self.spec.constraints[c].label,
                    "removed": [{"value": value, "why": why} for value, why in removed],
                    "why": self.summary(arc, removed, domains),
                    "domain": list(domains[self.spec.variables.index(var)]),
                    "added": [list(a) for a in added],
                    "wiped": not domains[self.spec.variables.index(var)],
                }
            )
        return {
            "steps": steps,
            "domains": self.domains_json(domains),
            "queue": [list(a) for a in pending] if wiped is None else [],
            "wiped": wiped,
            "done": wiped is not None or not pending,
        }

    def domains_json(self, domains: Domains) -> dict[str, list[Value]]:
        return {var: list(d) for var, d in zip(self.spec.variables, domains, strict=True)}


# -- backtracking, told ---------------------------------------------------------------
class Teller:
    """Backtracking's events in words (see the module docstring)."""

    def __init__(self, spec: NetworkSpec, domains: Domains, strategy: Strategy) -> None:
        self.spec = spec
        self.strategy = strategy
        self.csp = to_csp(spec, domains)
        self.stream = backtracking(self.csp, strategy)
        self.network = self.stream.csp_problem.network
        self.chosen: list[str] = []  # the variable of each level
        self.narrowed_by: dict[str, str | None] = {}
        self.expanded: Any = None  # the state where the next variable is chosen

    def between(self, one: str, two: str | None) -> str:
        """The constraints tying two variables (any constraint on ``one`` if no other)."""
        found = [
            c.label
            for c in self.spec.constraints
            if one in c.scope and (two is None or two in c.scope)
        ]
        return ", ".join(found) or "a constraint"

    def state_json(self, state: Any) -> dict[str, Any]:
        """The assignment and every variable's domain at an event's state."""
        assert isinstance(state, CSPState)
        assignment = {str(var): value for var, value in state.assignment().items()}
        if state.domains is None:
            domains = {var: [value] for var, value in assignment.items()}
        else:
            domains = {str(var): list(state.domain(var)) for var in state.csp.variables}
        return {"assignment": assignment, "domains": domains}

    def choice(self, state: CSPState, var: str) -> dict[str, Any]:
        """Why ``var`` was chosen (MRV's counts) and its values' order (LCV's)."""
        net = self.network
        engine = _Engine(net, self.strategy, Stats(), False)
        assert state.domains is not None
        engine.dom, engine.assigned = list(state.domains), list(state.assigned)
        open_ = [v for v in range(net.n) if engine.assigned[v] < 0]
        names = self.csp.variables
        how = self.strategy.variable_order
        if how == "static":
            why = f"{var}: the next in the network's order"
            counts: dict[str, int] = {}
        else:
            counting = self.strategy.inference == "none"
            counts = {
                str(names[v]): engine.legal(v) if counting else engine.dom[v].bit_count()
                for v in open_
            }
            said = ", ".join(f"{name} {n}" for name, n in counts.items())
            kind = "values consistent with the assignment" if counting else "values left"
            why = f"MRV chose {var}: fewest {kind} ({said})"
            fewest = min(counts.values())
            tied = [name for name, n in counts.items() if n == fewest]
            if len(tied) > 1 and how == "mrv":
                why += f"; {', '.join(tied)} tie: the first in the network's order"
            elif len(tied) > 1:  # the library's degree: open neighbours, and n-ary constraints
                degree = {
                    name: sum(1 for y in net.neighbours[v] if engine.assigned[y] < 0)
                    + len(net.constraints_of[v])
                    for name, v in ((name, self.csp.index[name]) for name in tied)
                }
                said = ", ".join(f"{name} {n}" for name, n in degree.items())
                why += f"; of the tied, most constraints with open variables ({said})"
        x = self.csp.index[var]
        order = [net.values[x][a] for a in engine.order(x)]
        ruled: dict[str, int] = {}
        if self.strategy.value_order == "lcv":
            around = [
                (engine.dom[y], masks)
                for y, masks in zip(net.neighbours[x], net.masks[x], strict=True)
                if engine.assigned[y] < 0
            ]
            for a in bits(engine.dom[x]):
                ruled[str(net.values[x][a])] = sum(
                    (d & masks[a]).bit_count() for d, masks in around
                )
            said = ", ".join(f"{value} rules out {n}" for value, n in ruled.items())
            why += f"; LCV tries {', '.join(map(str, order))} ({said})"
        return {"text": why, "counts": counts, "ruled": ruled, "order": order}

    def tell(self, most: int) -> dict[str, Any]:
        """The first ``most`` events told, up to the first solution. Each step's
        ``domains`` holds only the domains that changed since the step before (the
        first step's, all): a run at the caps is then some 30 times smaller."""
        steps: list[dict[str, Any]] = []
        solution = None
        events = self.stream.events()
        known: dict[str, list[Value]] = {}
        for event in islice(events, most):
            step = self._step(event)
            if step is not None:
                whole = step["domains"]
                step["domains"] = {v: d for v, d in whole.items() if known.get(v) != d}
                known.update(whole)
                steps.append(step)
            if isinstance(event, Solution):
                solution = self.state_json(event.path[-1])["assignment"]
                break
        cut = solution is None and not self.stream.exhausted
        stats = self.stream.stats
        return {
            "steps": steps,
            "solution": solution,
            "cut": cut,
            "strategy": self.strategy.label,
            "stats": {
                "assignments": stats.assignments,
                "backtracks": stats.backtracks,
                "checks": stats.checks,
            },
        }

    def _step(self, event: Any) -> dict[str, Any] | None:
        if isinstance(event, Expand):
            self.expanded = event.state
            return None
        if isinstance(event, Generate):
            var, value = event.move
            extra: dict[str, Any] = {}
            text = f"try {var} = {value}"
            if self.expanded is not None:  # the first value tried at a new level
                told = self.choice(self.expanded, str(var))
                self.chosen.append(str(var))
                self.expanded = None
                extra = {"why": told["text"], "counts": told["counts"], "ruled": told["ruled"]}
                text = f"{told['text']}. Try {var} = {value}"
            return {
                "kind": "assign",
                "variable": str(var),
                "value": value,
                "text": text,
                **extra,
                **self.state_json(event.state),
            }
        if isinstance(event, Narrow):
            var = str(event.variable)
            by = None if event.by is None else str(event.by)
            self.narrowed_by[var] = by
            source = (
                f"no support left in {by} ({self.between(var, by)})"
                if by
                else (f"{self.between(var, None)}")
            )
            return {
                "kind": "prune",
                "variable": var,
                "values": list(event.values),
                "by": by,
                "text": f"removed {_values(event.values)} from {var}: {source}",
                **self.state_json(event.state),
            }
        if isinstance(event, Wipeout):
            var = str(event.variable)
            by = self.narrowed_by.get(var)
            reason = self.between(var, by) if by else self.between(var, None)
            return {
                "kind": "wipeout",
                "variable": var,
                "by": by,
                "text": f"{var}'s domain is empty: {reason} emptied it — undo the last value",
                **self.state_json(event.state),
            }
        if isinstance(event, Prune):
            if self.strategy.inference != "none":
                return None  # its wipeout said why
            assert isinstance(event.state, CSPState)
            failed = self.csp.violated(event.state.assignment())
            names = ", ".join(c.name for c in failed) or "a constraint"
            return {
                "kind": "conflict",
                "text": f"it breaks {names}: try the next value",
                **self.state_json(event.state),
            }
        if isinstance(event, Backtrack):
            left = self.chosen.pop() if self.chosen else "?"
            return {
                "kind": "backtrack",
                "variable": left,
                "text": f"{left} has no value left: back to the level before",
                **self.state_json(event.state),
            }
        if isinstance(event, Solution):
            return {
                "kind": "solution",
                "text": "a solution: every variable has a value and every constraint holds",
                **self.state_json(event.path[-1]),
            }
        return None


def _strategy(body: Mapping[str, Any]) -> Strategy:
    return Strategy(
        variable_order=body.get("variable_order", "mrv"),
        value_order=body.get("value_order", "static"),
        inference=body.get("inference", "fc"),
    )


def answer(action: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to ``POST /api/network/{action}`` (see the module docstring).

    Raises:
        FieldError: bad input, naming its field (HTTP 400).
    """
    if action == "builtins":
        return {
            "builtins": [
                {"key": key, "title": title, "network": make()}
                for key, (title, make) in BUILTINS.items()
            ]
        }
    if action == "import":  # a Python file the tab exported, read without running it
        spec = read_network(read_python(body.get("python")), "python")
        return {"network": spec.to_json(), "arcs": [list(arc) for arc in spec.arcs()]}
    if action not in ("check", "ac3", "solve", "python"):
        known = "check, ac3, solve, python, import, builtins"
        raise FieldError("action", f"no network action {shown(action)}: {known}")
    spec = read_network(body.get("network"))
    if action == "check":
        return {"network": spec.to_json(), "arcs": [list(arc) for arc in spec.arcs()]}
    if action == "python":
        return {"python": python_source(spec)}
    domains = read_domains(body.get("domains"), spec)
    if action == "ac3":
        queue = _read_queue(body.get("queue"), spec)
        most = get_int(body, "steps", MAX_STEPS, 1, MAX_STEPS)
        return Reviser(spec).ac3(domains, queue, most)
    for var, values in zip(spec.variables, domains, strict=True):
        if not values:
            raise FieldError("domains", f"the domain of {var} is empty: there is nothing to search")
    most = get_int(body, "events", MAX_EVENTS, 1, MAX_EVENTS)
    return Teller(spec, domains, _strategy(body)).tell(most)
