"""AC-3 alone, as a preprocessor: the CSP's domains made arc consistent, no search.

On its own it can solve a problem (every domain left with one value: the easy Sudokus),
prove it has no solution (a domain emptied), or only narrow it; either way what it
leaves is the same set of solutions, so any solver can start from it
(``Strategy.preprocess = "ac3"``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from searchlab.algorithms.csp.model import CSP, Var
from searchlab.algorithms.csp.problem import CSPProblem, CSPState, csp_problem
from searchlab.algorithms.csp.search import Strategy, _Engine
from searchlab.core.events import Observer, Wipeout
from searchlab.core.result import Stats


@dataclass(frozen=True)
class Propagation:
    """What AC-3 left: the root with its narrowed domains, the variable it wiped out
    (None if none), the values removed, and its statistics (``checks``, ``seconds``)."""

    state: CSPState
    wiped: Var | None
    removed: int
    stats: Stats

    @property
    def domains(self) -> dict[Var, tuple[Any, ...]]:
        """Every variable's values left by AC-3, in the CSP's order (an emptied one is
        ``()``)."""
        return {var: self.state.domain(var) for var in self.state.csp.variables}

    def __repr__(self) -> str:
        """What AC-3 left, as values: ``Propagation(consistent, removed=3, domains={…})``."""
        verdict = "consistent" if self.consistent else f"wiped out {self.wiped!r}"
        return f"Propagation({verdict}, removed={self.removed}, domains={self.domains!r})"

    @property
    def consistent(self) -> bool:
        """No domain was emptied (which proves there is no solution)."""
        return self.wiped is None

    @property
    def solved(self) -> bool:
        """Every variable has one value left, and that is the solution (arc consistency
        with singleton domains satisfies every binary constraint; the n-ary ones are
        checked too)."""
        if not self.consistent or self.state.domains is None:
            return False
        if any(mask.bit_count() != 1 for mask in self.state.domains):
            return False
        return self.state.csp.is_solution(self.solution())

    def solution(self) -> dict[Var, Any]:
        csp = self.state.csp
        return {var: self.state.domain(var)[0] for var in csp.variables}

    @property
    def open(self) -> int:
        """How many variables still have more than one value."""
        assert self.state.domains is not None
        return sum(1 for mask in self.state.domains if mask.bit_count() > 1)


def ac3(csp: CSP | CSPProblem, *, observer: Observer | None = None) -> Propagation:
    """Make every arc of ``csp`` consistent (see the module docstring).

    Args:
        csp: a ``CSP`` or a ``CSPProblem``.
        observer: hears a ``Narrow`` for every domain narrowed and a ``Wipeout`` if
            one empties.

    Returns:
        A ``Propagation``: its ``domains`` (the values left to each variable),
        ``consistent``, ``solved`` and ``solution()``.

    Examples:
        x < y < z over 1..3 leaves one value to each:

        >>> from searchlab.algorithms.csp import CSP, Predicate
        >>> less = lambda a, b: a < b
        >>> chain = CSP({v: [1, 2, 3] for v in "xyz"},
        ...             [Predicate(("x", "y"), less), Predicate(("y", "z"), less)])
        >>> ac3(chain)
        Propagation(consistent, removed=6, domains={'x': (1,), 'y': (2,), 'z': (3,)})
        >>> ac3(chain).solution()
        {'x': 1, 'y': 2, 'z': 3}
    """
    network = csp.network if isinstance(csp, CSPProblem) else csp_problem(csp, "ac3").network
    stats = Stats()
    started = time.perf_counter()
    engine = _Engine(network, Strategy(inference="mac"), stats, observer is not None)
    before = sum(mask.bit_count() for mask in engine.dom)
    wiped = next((v for v in range(network.n) if not engine.dom[v]), -1)
    if wiped < 0:
        wiped = engine.arc_consistency(list(range(network.n)))
    stats.seconds = time.perf_counter() - started
    if observer is not None:
        for event in engine.narrowed:
            observer(event)
        if wiped >= 0:
            observer(Wipeout(engine.snapshot(), engine.name(wiped)))
    after = sum(mask.bit_count() for mask in engine.dom)
    return Propagation(
        engine.snapshot(),
        None if wiped < 0 else network.csp.variables[wiped],
        before - after,
        stats,
    )
