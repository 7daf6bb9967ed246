"""A CSP as a search problem: the state every CSP solver reports, and a ``Problem`` the
generic engine can walk.

A state is a node of the search tree: the values given so far (by index into each
domain; -1 for a variable without one) and, in the events a solver reports, the
current domains (bit masks, as ``Network`` keeps them) so that a drawing can show what
inference left to each variable. The states of a result's path carry the values only.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from searchlab.algorithms.csp.model import CSP, Var
from searchlab.algorithms.csp.network import Network, bits
from searchlab.core.errors import ProblemError


@dataclass(frozen=True)
class CSPState:
    """A node: ``assigned[i]`` the index of variable i's value (-1: none yet),
    ``domains[i]`` its current domain as a bit mask over its values (None: not
    recorded), and the CSP they belong to (not part of equality)."""

    assigned: tuple[int, ...]
    domains: tuple[int, ...] | None
    csp: CSP = field(compare=False, repr=False)

    @property
    def complete(self) -> bool:
        return all(k >= 0 for k in self.assigned)

    def value(self, var: Var) -> Any:
        """The value of ``var``, or None when it has none yet."""
        i = self.csp.index[var]
        k = self.assigned[i]
        return None if k < 0 else self.csp.domains[i][k]

    def assignment(self) -> dict[Var, Any]:
        """The variables with a value, and their values, in the CSP's order."""
        domains = self.csp.domains
        return {
            var: domains[i][k]
            for i, (var, k) in enumerate(zip(self.csp.variables, self.assigned, strict=True))
            if k >= 0
        }

    def domain(self, var: Var) -> tuple[Any, ...]:
        """The values ``var`` may still take: its value if it has one, else its current
        domain if recorded, else its whole domain."""
        i = self.csp.index[var]
        values = self.csp.domains[i]
        if self.assigned[i] >= 0:
            return (values[self.assigned[i]],)
        if self.domains is None:
            return values
        return tuple(values[k] for k in bits(self.domains[i]))

    def open_domains(self) -> dict[Var, tuple[Any, ...]]:
        """The values each variable without one may still take (its whole domain when
        the state records none), in the CSP's order."""
        return {
            var: self.domain(var)
            for var, k in zip(self.csp.variables, self.assigned, strict=True)
            if k < 0
        }

    def __repr__(self) -> str:
        """The values and domains themselves, never the bit masks they are kept as."""
        if self.domains is None:
            return f"CSPState(assignment={self.assignment()!r})"
        return f"CSPState(assignment={self.assignment()!r}, domains={self.open_domains()!r})"

    def to_json(self) -> dict[str, Any]:
        """``{"assignment": {var: value}, "domains": {var: [values]}}`` (domains of the
        variables without a value, when recorded); variables are written as text."""
        out: dict[str, Any] = {
            "assignment": {str(var): value for var, value in self.assignment().items()}
        }
        if self.domains is not None:
            out["domains"] = {str(var): list(values) for var, values in self.open_domains().items()}
        return out


def root_state(csp: CSP, network: Network | None = None) -> CSPState:
    """The root: no value given, every domain whole (after unary constraints)."""
    net = network or Network(csp)
    return CSPState((-1,) * len(csp), tuple(net.root), csp)


class CSPProblem:
    """A CSP as a ``Problem`` for the generic engine: a state gives values to the first
    variables in the CSP's order; a successor gives the next variable each value of its
    domain that satisfies every constraint whose variables then all have values; a
    goal gives every variable a value. Depth-first search on it is chronological
    backtracking (seed 002's, for N-queens); the CSP solvers take ``csp`` from it."""

    def __init__(self, csp: CSP) -> None:
        started = time.perf_counter()
        self.csp = csp
        self.network = Network(csp)
        self._initial = root_state(csp, self.network)
        self.build_seconds = time.perf_counter() - started  # the solvers' set-up

    @property
    def initial(self) -> CSPState:
        return self._initial

    def successors(self, state: CSPState) -> Iterator[tuple[tuple[Var, Any], CSPState, float]]:
        net = self.network
        assigned = state.assigned
        try:
            i = assigned.index(-1)
        except ValueError:
            return
        for a in bits(net.root[i]):
            if self._consistent(assigned, i, a):
                child = (*assigned[:i], a, *assigned[i + 1 :])
                yield (self.csp.variables[i], net.values[i][a]), CSPState(child, None, self.csp), 1
            # an inconsistent value is no successor

    def _consistent(self, assigned: tuple[int, ...], i: int, a: int) -> bool:
        net = self.network
        for j, masks in zip(net.neighbours[i], net.masks[i], strict=True):
            b = assigned[j]
            if b >= 0 and masks[a] >> b & 1:
                return False
        trial = list(assigned)
        trial[i] = a
        for c in net.constraints_of[i]:
            nary = net.nary[c]
            if all(trial[v] >= 0 for v in nary.variables) and not nary.holds(trial):
                return False
        return True

    def is_goal(self, state: CSPState) -> bool:
        return state.complete


def csp_problem(thing: object, who: str) -> CSPProblem:
    """``thing`` (a ``CSP``, a ``CSPProblem``, or an object whose ``csp()`` makes a
    ``CSP``, as ``searchlab.compat.constraint.Problem``) as a ``CSPProblem``, or a
    ``ProblemError`` naming what the solver ``who`` was given and how to convert it."""
    if isinstance(thing, CSPProblem):
        return thing
    if isinstance(thing, CSP):
        return CSPProblem(thing)
    model = getattr(thing, "csp", None)  # searchlab.compat.constraint's Problem
    if callable(model):
        made = model()
        if isinstance(made, CSP):
            return CSPProblem(made)
    kind = type(thing).__name__
    if all(hasattr(thing, m) for m in ("variables", "domains", "neighbors", "constraints")):
        advice = "an aima CSP becomes one with searchlab.compat.aima.aima_csp(it)"
    elif hasattr(thing, "addConstraint") and hasattr(thing, "getSolutions"):
        advice = "a python-constraint Problem: write it with searchlab.compat.constraint"
    else:
        advice = "build one with CSP(domains, constraints) (searchlab.algorithms.csp)"
    raise ProblemError(f"{who} solves a CSP or a CSPProblem, not a {kind}: {advice}")
