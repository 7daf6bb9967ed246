"""A constraint satisfaction problem: variables, their finite domains, and constraints.

A constraint names its ``scope`` (the variables it ties) and says whether values for
them satisfy it (``holds``, the values in scope order). Any predicate is a constraint
(``Predicate``); the common ones are built in, so that the solvers can reason about
them quickly: ``NotEqual`` (x ≠ y + k, for each k of ``plus``: plain not-equal, and
the queens' diagonals), ``AllDifferent`` (read as every pair not equal, offsets
allowed: x₁ + o₁, x₂ + o₂, … all different) and ``LinearSum`` (Σ cᵢ·xᵢ = total, or
≤, ≥) and ``Among`` (how many of the variables take a value of a set: between
``low`` and ``high``). ``CSP`` checks the whole model once (no empty domain, no constraint naming a
variable that is not there) and keeps the neighbour index: which variables share a
constraint.
"""

from __future__ import annotations

import inspect
import itertools
import types
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from searchlab.core.errors import InputError

Var = Hashable
Relation = Literal["==", "<=", ">="]


class Constraint:
    """A constraint: its ``scope`` and the test ``holds(values)`` (values in scope
    order). ``name`` says what it is in messages and drawings."""

    scope: tuple[Var, ...]
    name: str

    def holds(self, values: Sequence[Any]) -> bool:
        raise NotImplementedError


@dataclass(frozen=True)
class Predicate(Constraint):
    """Any constraint, as a test of the values of its scope (``test(*values)``)."""

    scope: tuple[Var, ...]
    test: Callable[..., bool] = field(compare=False)
    name: str = "predicate"

    def holds(self, values: Sequence[Any]) -> bool:
        return bool(self.test(*values))


@dataclass(frozen=True)
class NotEqual(Constraint):
    """``x ≠ y + k`` for every k of ``plus``: ``plus=(0,)`` is plain not-equal (any
    values that compare); other offsets need numbers (two queens in columns i < j:
    ``plus=(0, j - i, i - j)`` keeps them off each other's row and diagonals)."""

    x: Var
    y: Var
    plus: tuple[int, ...] = (0,)

    @property
    def scope(self) -> tuple[Var, ...]:  # type: ignore[override]
        return (self.x, self.y)

    @property
    def name(self) -> str:  # type: ignore[override]
        if self.plus == (0,):
            return f"{self.x} ≠ {self.y}"
        return f"{self.x} ≠ {self.y} + k for k in {list(self.plus)}"

    def holds(self, values: Sequence[Any]) -> bool:
        a, b = values
        if self.plus == (0,):
            return bool(a != b)
        return all(a != b + k for k in self.plus)


@dataclass(frozen=True)
class AllDifferent(Constraint):
    """Every variable of ``scope`` takes a different value (with ``offsets``: the values
    plus their offsets all differ, as the queens' diagonals x + i and x - i). The
    solvers read it as a not-equal between every two of its variables."""

    scope: tuple[Var, ...]
    offsets: tuple[int, ...] | None = None
    label: str = ""

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.label or f"all different: {', '.join(map(str, self.scope))}"

    def holds(self, values: Sequence[Any]) -> bool:
        shifted = (
            values
            if self.offsets is None
            else [v + o for v, o in zip(values, self.offsets, strict=True)]
        )
        return len(set(shifted)) == len(shifted)

    def pairs(self) -> Iterable[NotEqual]:
        """The not-equal constraints it stands for, one per two of its variables."""
        offsets = self.offsets or (0,) * len(self.scope)
        for i, j in itertools.combinations(range(len(self.scope)), 2):
            # x_i + o_i ≠ x_j + o_j  ⇔  x_i ≠ x_j + (o_j − o_i)
            yield NotEqual(self.scope[i], self.scope[j], (offsets[j] - offsets[i],))


@dataclass(frozen=True)
class LinearSum(Constraint):
    """``Σ coefficients[i] · scope[i]`` compared with ``total`` (``==``, ``<=`` or
    ``>=``). A variable may appear once; numbers only. A sum with a fraction in it
    (floats: coins of 0.05) is rounded to 10 decimals before it is compared, as
    python-constraint does, so that 0.1 + 0.2 equals 0.3."""

    scope: tuple[Var, ...]
    coefficients: tuple[float, ...]
    total: float = 0
    relation: Relation = "=="
    label: str = ""

    @property
    def name(self) -> str:  # type: ignore[override]
        if self.label:
            return self.label
        terms = " + ".join(f"{c}·{v}" for c, v in zip(self.coefficients, self.scope, strict=True))
        return f"{terms} {self.relation} {self.total}"

    def holds(self, values: Sequence[Any]) -> bool:
        value = sum(c * v for c, v in zip(self.coefficients, values, strict=True))
        if isinstance(value, float):
            value = round(value, 10)
        if self.relation == "==":
            return bool(value == self.total)
        if self.relation == "<=":
            return bool(value <= self.total)
        return bool(value >= self.total)


@dataclass(frozen=True)
class Among(Constraint):
    """Between ``low`` and ``high`` of the variables of ``scope`` take a value of
    ``values`` (python-constraint's SomeInSetConstraint: at least n, or exactly n; with
    ``low`` = ``high`` = the number of variables, every value is in the set). Each
    variable may appear once; the solvers keep it whole and narrow it by counting the
    variables that must and that may still take a value of the set."""

    scope: tuple[Var, ...]
    values: frozenset[Any]
    low: int
    high: int
    label: str = ""

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.label or (
            f"{self.low} to {self.high} of {', '.join(map(str, self.scope))} in a set"
        )

    def holds(self, values: Sequence[Any]) -> bool:
        inside = self.values
        return self.low <= sum(1 for value in values if value in inside) <= self.high


class CSP:
    """A constraint satisfaction problem, checked once when built.

    ``domains`` maps each variable (any hashable: a name, a cell) to its values, in
    the order the solvers try them; repeated values are kept once. Refused with an
    InputError naming what is wrong: an empty domain, a constraint whose scope names a
    variable that is not one, a constraint with an empty scope, a ``LinearSum`` whose
    coefficients do not match its scope.
    """

    def __init__(
        self,
        domains: Mapping[Any, Iterable[Any]],
        constraints: Iterable[Constraint] = (),
        *,
        name: str = "",
    ) -> None:
        self.name = name
        self.variables: tuple[Var, ...] = tuple(domains)
        self.index: dict[Var, int] = {var: i for i, var in enumerate(self.variables)}
        self.domains: tuple[tuple[Any, ...], ...] = tuple(
            tuple(dict.fromkeys(values)) for values in domains.values()
        )
        for var, values in zip(self.variables, self.domains, strict=True):
            if not values:
                raise InputError(f"the domain of {var} is empty: it has no value to take")
        self.constraints: tuple[Constraint, ...] = tuple(constraints)
        for constraint in self.constraints:
            _check_constraint(constraint, self.index)
        neighbours: list[dict[Var, None]] = [{} for _ in self.variables]
        self._of: list[list[Constraint]] = [[] for _ in self.variables]
        for constraint in self.constraints:
            scope = list(dict.fromkeys(constraint.scope))
            for var in scope:
                self._of[self.index[var]].append(constraint)
                for other in scope:
                    if other != var:
                        neighbours[self.index[var]][other] = None
        self._neighbours = [tuple(items) for items in neighbours]

    def __len__(self) -> int:
        return len(self.variables)

    def __repr__(self) -> str:
        label = f" {self.name}" if self.name else ""
        return f"<CSP{label}: {len(self)} variables, {len(self.constraints)} constraints>"

    def domain(self, var: Var) -> tuple[Any, ...]:
        return self.domains[self.index[var]]

    def neighbours(self, var: Var) -> tuple[Var, ...]:
        """The variables sharing a constraint with ``var``."""
        return self._neighbours[self.index[var]]

    def constraints_on(self, var: Var) -> tuple[Constraint, ...]:
        return tuple(self._of[self.index[var]])

    def violated(self, assignment: Mapping[Var, Any]) -> list[Constraint]:
        """The constraints whose variables all have values in ``assignment`` and fail."""
        failed = []
        for constraint in self.constraints:
            if all(var in assignment for var in constraint.scope):
                values = [assignment[var] for var in constraint.scope]
                if not constraint.holds(values):
                    failed.append(constraint)
        return failed

    def is_solution(self, assignment: Mapping[Var, Any]) -> bool:
        """Whether ``assignment`` gives every variable a value of its domain and
        satisfies every constraint (an independent check of any solver's answer)."""
        if set(assignment) != set(self.variables):
            return False
        for var, value in assignment.items():
            if value not in self.domain(var):
                return False
        return not self.violated(assignment)


def _check_constraint(constraint: Constraint, index: Mapping[Var, int]) -> None:
    scope = constraint.scope
    if not scope:
        raise InputError(f"the constraint {constraint.name} ties no variable")
    if isinstance(constraint, Predicate):
        _check_test(constraint)
    for var in scope:
        if var not in index:
            raise InputError(
                f"the constraint {constraint.name} names {var!r}, which is not a variable"
            )
    if isinstance(constraint, LinearSum):
        if len(constraint.coefficients) != len(scope):
            raise InputError(
                f"the constraint {constraint.name} has {len(constraint.coefficients)} "
                f"coefficients for {len(scope)} variables"
            )
        if len(set(scope)) != len(scope):
            raise InputError(f"the constraint {constraint.name} names a variable twice")
    if isinstance(constraint, Among) and len(set(scope)) != len(scope):
        raise InputError(f"the constraint {constraint.name} names a variable twice")
    if (
        isinstance(constraint, AllDifferent)
        and constraint.offsets is not None
        and len(constraint.offsets) != len(scope)
    ):
        raise InputError(
            f"the constraint {constraint.name} has {len(constraint.offsets)} offsets "
            f"for {len(scope)} variables"
        )


def _takes(test: Any, count: int) -> bool:
    """Whether the plain Python function ``test`` surely takes ``count`` positional
    values, read from its code (inspect.signature costs some 10 µs, and a model may
    have thousands of predicates); False when unsure, for inspect to say."""
    if not isinstance(test, types.FunctionType):
        return False
    code = test.__code__
    if code.co_kwonlyargcount and len(test.__kwdefaults__ or ()) < code.co_kwonlyargcount:
        return False  # a keyword-only argument without a default
    positional = code.co_argcount
    if code.co_flags & inspect.CO_VARARGS:
        positional = max(positional, count)
    return positional - len(test.__defaults__ or ()) <= count <= positional


def _check_test(predicate: Predicate) -> None:
    """Refuse a predicate that is not a function, or that cannot take one value per
    variable of its scope (said now, not as a TypeError in the middle of a solve)."""
    test, scope = predicate.test, predicate.scope
    if not callable(test):
        raise InputError(
            f"the constraint {predicate.name} on {', '.join(map(str, scope))} has the test "
            f"{test!r}: it must be a function of their values"
        )
    if _takes(test, len(scope)):
        return
    try:
        inspect.signature(test).bind(*scope)
    except TypeError:
        raise InputError(
            f"the constraint {predicate.name} on {', '.join(map(str, scope))} cannot take "
            f"{len(scope)} value{'s' if len(scope) != 1 else ''}: its test must take one "
            "value per variable of its scope, in order"
        ) from None
    except ValueError:
        return  # a builtin without a signature: tried when solving
