"""python-constraint's ``Problem``, answered by searchlab's backtracking.

A program written for python-constraint (``from constraint import *``) runs unchanged
after ``from searchlab.compat.constraint import *``: ``Problem`` with
``addVariable``, ``addVariables``, ``addConstraint`` (a function, or one of the
constraint classes below), ``getSolution``, ``getSolutions`` and
``getSolutionIter``, answering plain dicts; ``Problem.csp()`` is the same problem as a
searchlab ``CSP`` for every other solver (``count``, ``ac3``, ``min_conflicts``, the
viewer).

The constraint classes have python-constraint's names and arguments:
``FunctionConstraint``, ``AllDifferentConstraint``, ``AllEqualConstraint``,
``ExactSumConstraint``, ``MinSumConstraint``, ``MaxSumConstraint`` (with
``multipliers``), ``ExactProdConstraint``, ``MinProdConstraint``,
``MaxProdConstraint``, ``InSetConstraint``, ``NotInSetConstraint``,
``SomeInSetConstraint`` and ``SomeNotInSetConstraint`` (with ``n`` and ``exact``).
An all-different becomes searchlab's ``AllDifferent``, a sum of numbers a
``LinearSum`` and the set classes an ``Among`` (how many values in a set), which the
solvers propagate; the rest are tests of the values (``Predicate``).
``getSolutionIter`` answers dicts straight from the search loop (``csp.lean``).
python-constraint's own instances of these classes are read too.
Mistakes are ``InputError`` (a ``ValueError``, as python-constraint raises).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any

from searchlab.algorithms.csp.lean import assignments, lean
from searchlab.algorithms.csp.model import (
    CSP,
    AllDifferent,
    Among,
    LinearSum,
    Predicate,
    Relation,
)
from searchlab.algorithms.csp.model import Constraint as Model
from searchlab.algorithms.csp.problem import CSPProblem
from searchlab.algorithms.csp.search import Strategy, backtracking
from searchlab.core.errors import InputError

__all__ = [
    "AllDifferentConstraint",
    "AllEqualConstraint",
    "Constraint",
    "ExactProdConstraint",
    "ExactSumConstraint",
    "FunctionConstraint",
    "InSetConstraint",
    "MaxProdConstraint",
    "MaxSumConstraint",
    "MinProdConstraint",
    "MinSumConstraint",
    "NotInSetConstraint",
    "Problem",
    "SomeInSetConstraint",
    "SomeNotInSetConstraint",
]


class Constraint:
    """A python-constraint constraint: ``model(scope, domains)`` is the searchlab
    constraint it stands for over the variables ``scope``."""

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class FunctionConstraint(Constraint):
    """``func(*values)`` true (``assigned`` is accepted and unused: a test is made once
    every variable of its scope has a value)."""

    def __init__(self, func: Callable[..., Any], assigned: bool = True) -> None:
        if not callable(func):
            raise InputError(f"a FunctionConstraint needs a function, not {func!r}")
        self.func = func

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        name = getattr(self.func, "__name__", "function")
        return Predicate(scope, self.func, name if name != "<lambda>" else "function")


class AllDifferentConstraint(Constraint):
    """Every variable takes a different value."""

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        return AllDifferent(scope)


class AllEqualConstraint(Constraint):
    """Every variable takes the same value."""

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        return Predicate(scope, lambda *values: len(set(values)) <= 1, "all equal")


class _Sum(Constraint):
    relation: Relation = "=="
    word = "sum"

    def __init__(self, total: float, multipliers: Sequence[float] | None = None) -> None:
        self.total = total
        self.multipliers = None if multipliers is None else tuple(multipliers)

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        weights = self.multipliers or (1,) * len(scope)
        if len(weights) != len(scope):
            raise InputError(
                f"{type(self).__name__} has {len(weights)} multipliers for {len(scope)} variables"
            )
        numeric = (
            _number(self.total)
            and all(_number(w) for w in weights)
            and len(set(scope)) == len(scope)
            and all(_number(v) for var in scope for v in domains[var])
        )
        if numeric:  # searchlab's LinearSum: bounds propagation (fractions rounded as here)
            return LinearSum(scope, tuple(weights), self.total, self.relation)
        total, relation = self.total, self.relation

        def holds(*values: Any) -> bool:
            value = sum(w * v for w, v in zip(weights, values, strict=True))
            if relation == "==":
                return bool(value == total)
            return bool(value <= total) if relation == "<=" else bool(value >= total)

        return Predicate(scope, holds, f"{self.word} {relation} {total}")


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class ExactSumConstraint(_Sum):
    """Σ multipliersᵢ · valueᵢ = ``exactsum``."""

    def __init__(self, exactsum: float, multipliers: Sequence[float] | None = None) -> None:
        super().__init__(exactsum, multipliers)


class MinSumConstraint(_Sum):
    """Σ multipliersᵢ · valueᵢ ≥ ``minsum``."""

    relation: Relation = ">="

    def __init__(self, minsum: float, multipliers: Sequence[float] | None = None) -> None:
        super().__init__(minsum, multipliers)


class MaxSumConstraint(_Sum):
    """Σ multipliersᵢ · valueᵢ ≤ ``maxsum``."""

    relation: Relation = "<="

    def __init__(self, maxsum: float, multipliers: Sequence[float] | None = None) -> None:
        super().__init__(maxsum, multipliers)


class _Product(Constraint):
    compare: Callable[[float, float], bool] = staticmethod(lambda p, t: p == t)
    sign = "=="

    def __init__(self, total: float) -> None:
        self.total = total

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        total, compare = self.total, type(self).compare
        return Predicate(
            scope, lambda *values: compare(math.prod(values), total), f"product {self.sign} {total}"
        )


class ExactProdConstraint(_Product):
    """The product of the values = ``exactprod``."""

    def __init__(self, exactprod: float) -> None:
        super().__init__(exactprod)


class MinProdConstraint(_Product):
    """The product of the values ≥ ``minprod``."""

    compare = staticmethod(lambda p, t: p >= t)
    sign = ">="

    def __init__(self, minprod: float) -> None:
        super().__init__(minprod)


class MaxProdConstraint(_Product):
    """The product of the values ≤ ``maxprod``."""

    compare = staticmethod(lambda p, t: p <= t)
    sign = "<="

    def __init__(self, maxprod: float) -> None:
        super().__init__(maxprod)


class InSetConstraint(Constraint):
    """Every variable's value is in ``set``."""

    inside = True

    def __init__(self, set: Iterable[Any]) -> None:
        self.set = frozenset(set)

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        size = len(scope)
        return _among(scope, self.set, self.inside, size, size, f"{self._word()} a set")

    def _word(self) -> str:
        return "in" if self.inside else "not in"


class NotInSetConstraint(InSetConstraint):
    """No variable's value is in ``set``."""

    inside = False


class SomeInSetConstraint(InSetConstraint):
    """At least ``n`` of the values are in ``set`` (exactly ``n`` if ``exact``)."""

    def __init__(self, set: Iterable[Any], n: int = 1, exact: bool = False) -> None:
        super().__init__(set)
        self.n = n
        self.exact = exact

    def model(self, scope: tuple[Hashable, ...], domains: dict[Hashable, list[Any]]) -> Model:
        label = f"{'exactly' if self.exact else 'at least'} {self.n} {self._word()} a set"
        return _among(scope, self.set, self.inside, self.n, self.n if self.exact else None, label)


class SomeNotInSetConstraint(SomeInSetConstraint):
    """At least ``n`` of the values are not in ``set`` (exactly ``n`` if ``exact``)."""

    inside = False


def _among(
    scope: tuple[Hashable, ...],
    values: frozenset[Any],
    inside: bool,
    low: int,
    high: int | None,
    label: str,
) -> Model:
    """Between ``low`` and ``high`` (None: no bound) of the values of ``scope`` in
    ``values`` (out of it, if not ``inside``): an ``Among``, which the solvers narrow by
    counting, or a test of the values when a variable appears twice in ``scope``."""
    size = len(scope)
    top = size if high is None else high
    if len(set(scope)) == size:
        if inside:
            return Among(scope, values, low, top, label)
        return Among(scope, values, size - top, size - low, label)  # so many out: the rest in

    def holds(*found: Any) -> bool:
        count = sum(1 for v in found if (v in values) == inside)
        return low <= count <= top

    return Predicate(scope, holds, label)


_THEIRS: dict[str, Callable[[Any], Constraint]] = {
    # python-constraint's own instances, read by class name and the attributes it keeps
    "FunctionConstraint": lambda c: FunctionConstraint(c._func),
    "AllDifferentConstraint": lambda c: AllDifferentConstraint(),
    "AllEqualConstraint": lambda c: AllEqualConstraint(),
    "ExactSumConstraint": lambda c: ExactSumConstraint(c._exactsum, c._multipliers),
    "MinSumConstraint": lambda c: MinSumConstraint(c._minsum, c._multipliers),
    "MaxSumConstraint": lambda c: MaxSumConstraint(c._maxsum, c._multipliers),
    "ExactProdConstraint": lambda c: ExactProdConstraint(c._exactprod),
    "MinProdConstraint": lambda c: MinProdConstraint(c._minprod),
    "MaxProdConstraint": lambda c: MaxProdConstraint(c._maxprod),
    "InSetConstraint": lambda c: InSetConstraint(c._set),
    "NotInSetConstraint": lambda c: NotInSetConstraint(c._set),
    "SomeInSetConstraint": lambda c: SomeInSetConstraint(c._set, c._n, c._exact),
    "SomeNotInSetConstraint": lambda c: SomeNotInSetConstraint(c._set, c._n, c._exact),
}


def _ours(constraint: Any) -> Constraint:
    """``constraint`` as one of this module's classes (a function is wrapped)."""
    if isinstance(constraint, Constraint):
        return constraint
    kind = type(constraint).__name__
    if kind in _THEIRS and type(constraint).__module__.startswith("constraint"):
        try:
            return _THEIRS[kind](constraint)
        except AttributeError:
            pass  # a release that keeps its arguments elsewhere: refused below
    if callable(constraint):
        return FunctionConstraint(constraint)
    if isinstance(constraint, str):
        raise InputError(
            f"the constraint {constraint!r} is a string: write it as a function, e.g. "
            "lambda a, b: a + b == 5"
        )
    raise InputError(
        f"cannot use {kind} as a constraint: give a function or one of "
        f"{', '.join(name for name in __all__ if name.endswith('Constraint'))}"
    )


DEFAULT = Strategy(inference="fc", variable_order="dom-deg")
"""How ``Problem`` solves unless told (see its ``solver``)."""


class Problem:
    """python-constraint's ``Problem`` (see the module docstring).

    Args:
        solver: a searchlab ``Strategy`` (how backtracking orders and infers; by
            default forward checking, which narrows every constraint on the variable
            just given a value: a sum by its bounds, a count of values in a set by
            counting, a predicate over at most 1,000 combinations by generalised arc
            consistency; the variable with the fewest values left per constraint on
            it first (``dom-deg``: python-constraint orders by degree). Forward
            checking rather than MAC, which re-propagates a wide predicate at every
            step: measured on its examples, SEND+MORE in predicates 11× faster, its
            Sudoku 3×, coins 2× slower).
            python-constraint's solvers are not taken.

    Examples:
        python-constraint's first example:

        >>> problem = Problem()
        >>> problem.addVariable("a", [1, 2, 3])
        >>> problem.addVariable("b", [4, 5, 6])
        >>> problem.getSolutions()  # doctest: +NORMALIZE_WHITESPACE
        [{'a': 1, 'b': 4}, {'a': 1, 'b': 5}, {'a': 1, 'b': 6}, {'a': 2, 'b': 4},
         {'a': 2, 'b': 5}, {'a': 2, 'b': 6}, {'a': 3, 'b': 4}, {'a': 3, 'b': 5},
         {'a': 3, 'b': 6}]
        >>> problem.addConstraint(lambda a, b: a * 2 == b, ("a", "b"))
        >>> problem.getSolutions()
        [{'a': 2, 'b': 4}, {'a': 3, 'b': 6}]
        >>> problem.addConstraint(AllDifferentConstraint())
        >>> problem.getSolution()
        {'a': 2, 'b': 4}
    """

    def __init__(self, solver: Strategy | None = None) -> None:
        if solver is not None and not isinstance(solver, Strategy):
            raise InputError(
                "the solver of searchlab's Problem is a searchlab Strategy "
                "(searchlab.algorithms.csp.Strategy), not python-constraint's solvers"
            )
        self.strategy = solver or DEFAULT
        self._domains: dict[Hashable, list[Any]] = {}
        self._constraints: list[tuple[Constraint, tuple[Hashable, ...] | None]] = []

    def reset(self) -> None:
        """Forget every variable and constraint."""
        self._domains.clear()
        self._constraints.clear()

    def setSolver(self, solver: Strategy) -> None:
        """Solve with ``solver`` (a searchlab ``Strategy``) from now on."""
        if not isinstance(solver, Strategy):
            raise InputError("the solver of searchlab's Problem is a searchlab Strategy")
        self.strategy = solver

    def getSolver(self) -> Strategy:
        """The ``Strategy`` solving this problem."""
        return self.strategy

    def addVariable(self, variable: Hashable, domain: Iterable[Any]) -> None:
        """Add ``variable`` with the values of ``domain`` (in the order tried).

        Raises:
            InputError: the variable is there already, is unhashable, or the domain is
                empty or not a collection.
        """
        try:
            hash(variable)
        except TypeError:
            raise InputError(f"a variable must be hashable, not {variable!r}") from None
        if variable in self._domains:
            raise InputError(f"Tried to insert duplicated variable {variable!r}")
        if isinstance(domain, str | bytes) or not isinstance(domain, Iterable):
            raise InputError(
                f"the domain of {variable!r} must be a list, tuple or range, not {domain!r}"
            )
        values = list(domain)
        if not values:
            raise InputError(f"the domain of {variable!r} is empty")
        self._domains[variable] = values

    def addVariables(self, variables: Iterable[Hashable], domain: Iterable[Any]) -> None:
        """Add each of ``variables`` with the same ``domain``."""
        values = list(domain) if isinstance(domain, Iterable) else domain
        for variable in variables:
            self.addVariable(variable, values)

    def addConstraint(self, constraint: Any, variables: Sequence[Hashable] | None = None) -> None:
        """Add ``constraint`` (a function of the values, or a constraint class) over
        ``variables`` (every variable, in the order added, when None or empty)."""
        ours = _ours(constraint)
        scope = None if variables is None else tuple(variables)
        self._constraints.append((ours, scope))

    def csp(self) -> CSP:
        """The problem as a searchlab ``CSP``.

        Raises:
            InputError: a constraint names a variable never added.
        """
        everything = tuple(self._domains)
        models = []
        for constraint, scope in self._constraints:
            for var in scope or ():
                if var not in self._domains:
                    raise InputError(
                        f"{constraint!r} names {var!r}, which is not a variable "
                        "(addVariable it first)"
                    )
            models.append(constraint.model(scope or everything, self._domains))
        return CSP(self._domains, models)

    def getSolutionIter(self) -> Iterator[dict[Hashable, Any]]:
        """Each solution in turn, as ``{variable: value}``, computed when asked for."""
        if not self._domains:
            return iter(())
        if lean(self.strategy):  # dicts straight from the search loop
            return assignments(CSPProblem(self.csp()), self.strategy)
        stream = backtracking(self.csp(), self.strategy)
        return (found.final_state.assignment() for found in stream)

    def getSolution(self) -> dict[Hashable, Any] | None:
        """One solution, or None if there is none (or no variable)."""
        return next(self.getSolutionIter(), None)

    def getSolutions(self) -> list[dict[Hashable, Any]]:
        """Every solution."""
        return list(self.getSolutionIter())
