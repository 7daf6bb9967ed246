"""A constraint network as the viewer's network tab writes it (JSON), read back with
every field checked, made into the library's ``CSP``, and written as a Python file.

A network is ``{"name", "variables": [{"name", "domain": [values], "x", "y"}],
"constraints": [...]}``; a value is a whole number or a short text, ``x`` and ``y``
(0 to 1) place the variable in the drawing. A constraint is one of

- ``{"kind": "relation", "scope": [x, y], "relation": R}``: R one of ``==``, ``!=``,
  ``<``, ``>``, ``<=``, ``>=``, or ``absdiff!=`` with ``"k"`` (|x − y| ≠ k);
- ``{"kind": "table", "scope": [x, y], "pairs": [[a, b], …]}``: the allowed pairs;
- ``{"kind": "alldiff", "scope": [v, …]}``: every variable a different value;
- ``{"kind": "sum", "scope": [v, …], "coefficients": [c, …], "relation": "==",
  "total": t}``: Σ cᵢ·vᵢ compared with t (``==``, ``<=``, ``>=``).

Each may carry a ``label`` (what the drawing writes on it) and ``x``, ``y`` (where
its box is drawn). Sizes are capped
(``MAX_*``) so that a request stays small; anything wrong is a ``FieldError`` naming
the field, which the API answers with 400.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from searchlab.algorithms.csp import CSP, AllDifferent, Constraint, LinearSum, NotEqual, Predicate
from searchlab.web.fields import FieldError, shown

MAX_VARIABLES = 40
MAX_VALUES = 40
MAX_CONSTRAINTS = 200
MAX_SCOPE = 16
MAX_PAIRS = MAX_VALUES * MAX_VALUES
MAX_TEXT = 40
MAX_NUMBER = 10**9

Value = int | str

BINARY: dict[str, tuple[str, Callable[[Any, Any], Any] | None]] = {
    "==": ("=", operator.eq),
    "!=": ("≠", operator.ne),
    "<": ("<", operator.lt),
    ">": (">", operator.gt),
    "<=": ("≤", operator.le),
    ">=": ("≥", operator.ge),
    "absdiff!=": ("|x−y|≠k", None),
}
"""The relations of the menu: their sign, and the test (None: |x − y| ≠ k)."""
ORDERED = ("<", ">", "<=", ">=", "absdiff!=")
"""Relations that compare numbers: both domains must hold whole numbers."""
SUM_RELATIONS = ("==", "<=", ">=")
KINDS = ("relation", "table", "alldiff", "sum")


@dataclass(frozen=True)
class Allowed:
    """A table constraint's test: whether the pair of values is one of ``pairs``."""

    pairs: frozenset[tuple[Value, Value]]

    def __call__(self, a: Value, b: Value) -> bool:
        return (a, b) in self.pairs


@dataclass(frozen=True)
class ConstraintSpec:
    """One constraint as written (see the module docstring), checked."""

    kind: str
    scope: tuple[str, ...]
    label: str
    relation: str = ""
    k: int = 0
    pairs: tuple[tuple[Value, Value], ...] = ()
    coefficients: tuple[int, ...] = ()
    total: int = 0
    place: tuple[float, float] | None = None  # where its box is drawn (None: the middle)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "scope": list(self.scope), "label": self.label}
        if self.place is not None:
            out["x"], out["y"] = self.place
        if self.kind in ("relation", "sum"):
            out["relation"] = self.relation
        if self.kind == "relation" and self.relation == "absdiff!=":
            out["k"] = self.k
        if self.kind == "table":
            out["pairs"] = [list(pair) for pair in self.pairs]
        if self.kind == "sum":
            out["coefficients"] = list(self.coefficients)
            out["total"] = self.total
        return out


@dataclass(frozen=True)
class NetworkSpec:
    """A whole network, checked: variables in order, their domains and places, and the
    constraints (see the module docstring)."""

    name: str
    variables: tuple[str, ...]
    domains: tuple[tuple[Value, ...], ...]
    places: tuple[tuple[float, float] | None, ...]
    constraints: tuple[ConstraintSpec, ...]

    def domain(self, var: str) -> tuple[Value, ...]:
        return self.domains[self.variables.index(var)]

    def arcs(self) -> list[tuple[str, int]]:
        """Every arc (variable, constraint index): one per variable of each
        constraint's scope, in the constraints' order (AC-3's first queue)."""
        return [(var, c) for c, spec in enumerate(self.constraints) for var in spec.scope]

    def to_json(self) -> dict[str, Any]:
        variables = []
        for var, values, place in zip(self.variables, self.domains, self.places, strict=True):
            item: dict[str, Any] = {"name": var, "domain": list(values)}
            if place is not None:
                item["x"], item["y"] = place
            variables.append(item)
        return {
            "name": self.name,
            "variables": variables,
            "constraints": [spec.to_json() for spec in self.constraints],
        }


def _text(value: Any, field: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldError(field, f"{what} must be some text, not {shown(value)}")
    if len(value) > MAX_TEXT:
        raise FieldError(field, f"{what} is longer than {MAX_TEXT} characters: {shown(value)}")
    if not value.isprintable():
        raise FieldError(field, f"{what} has a control character (a new line?): {shown(value)}")
    return value.strip()


def _whole(value: Any, field: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(field, f"{what} must be a whole number, not {shown(value)}")
    if abs(value) > MAX_NUMBER:
        raise FieldError(field, f"{what} must be at most {MAX_NUMBER:,} in size, not {value}")
    return value


def read_value(value: Any, field: str) -> Value:
    """A domain's value: a whole number or a short text."""
    if isinstance(value, str):
        return _text(value, field, "a value")
    return _whole(value, field, "a value")


def _list(value: Any, field: str, what: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise FieldError(field, f"{what} must be a list, not {shown(value)}")
    if len(value) > most:
        raise FieldError(field, f"{what} has {len(value)} items: at most {most}")
    return value


def read_network(raw: Any, field: str = "network") -> NetworkSpec:
    """The network ``raw`` (parsed JSON) checked (see the module docstring).

    Raises:
        FieldError: naming the first thing wrong, and its field.
    """
    if not isinstance(raw, Mapping):
        raise FieldError(field, f"the network must be a JSON object, not {shown(raw)}")
    name = raw.get("name") or "my network"
    name = _text(name, f"{field}.name", "the network's name")
    items = _list(raw.get("variables"), f"{field}.variables", "variables", MAX_VARIABLES)
    if not items:
        raise FieldError(f"{field}.variables", "the network has no variable: add one")
    variables: list[str] = []
    domains: list[tuple[Value, ...]] = []
    places: list[tuple[float, float] | None] = []
    for i, item in enumerate(items):
        where = f"{field}.variables[{i}]"
        if not isinstance(item, Mapping):
            raise FieldError(where, f"a variable must be an object, not {shown(item)}")
        var = _text(item.get("name"), f"{where}.name", "a variable's name")
        if var in variables:
            raise FieldError(f"{where}.name", f"there are two variables called {var}")
        values = _list(item.get("domain"), f"{where}.domain", f"the domain of {var}", MAX_VALUES)
        domain = tuple(dict.fromkeys(read_value(v, f"{where}.domain") for v in values))
        if not domain:
            raise FieldError(f"{where}.domain", f"the domain of {var} is empty: give it values")
        variables.append(var)
        domains.append(domain)
        places.append(_place(item, where))
    raw_constraints = _list(
        raw.get("constraints", []), f"{field}.constraints", "constraints", MAX_CONSTRAINTS
    )
    spec = NetworkSpec(name, tuple(variables), tuple(domains), tuple(places), ())
    constraints = tuple(
        dataclasses.replace(
            _read_constraint(item, f"{field}.constraints[{c}]", spec),
            place=_place(item, f"{field}.constraints[{c}]"),
        )
        for c, item in enumerate(raw_constraints)
    )
    return NetworkSpec(name, spec.variables, spec.domains, spec.places, constraints)


def _place(item: Mapping[str, Any], where: str) -> tuple[float, float] | None:
    x, y = item.get("x"), item.get("y")
    if x is None and y is None:
        return None
    for value, axis in ((x, "x"), (y, "y")):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise FieldError(f"{where}.{axis}", f"{axis} must be a number from 0 to 1")
    return (float(x), float(y))  # type: ignore[arg-type]


def _read_constraint(item: Any, where: str, spec: NetworkSpec) -> ConstraintSpec:
    if not isinstance(item, Mapping):
        raise FieldError(where, f"a constraint must be an object, not {shown(item)}")
    kind = item.get("kind")
    if kind not in KINDS:
        raise FieldError(f"{where}.kind", f"kind must be one of {', '.join(KINDS)}")
    names = _list(item.get("scope"), f"{where}.scope", "the scope", MAX_SCOPE)
    scope = tuple(_text(v, f"{where}.scope", "a variable's name") for v in names)
    for var in scope:
        if var not in spec.variables:
            raise FieldError(f"{where}.scope", f"{var} is not a variable of the network")
    if len(set(scope)) != len(scope):
        raise FieldError(f"{where}.scope", "a constraint names each variable once")
    binary = kind in ("relation", "table")
    if binary and len(scope) != 2:
        raise FieldError(f"{where}.scope", f"a {kind} ties two variables, not {len(scope)}")
    if not binary and len(scope) < 2:
        raise FieldError(f"{where}.scope", f"{kind} needs at least two variables")
    label = item.get("label")
    label = None if label in (None, "") else _text(label, f"{where}.label", "a label")
    if kind == "alldiff":
        return ConstraintSpec("alldiff", scope, label or f"alldiff({', '.join(scope)})")
    draft = Draft(item, where, scope, label, spec)
    return {"relation": _relation, "table": _table, "sum": _sum}[kind](draft)


class Draft(NamedTuple):
    """A constraint being read: as given, where it is in the request, its scope and
    label (checked), and the network so far (its variables and domains)."""

    item: Mapping[str, Any]
    where: str
    scope: tuple[str, ...]
    label: str | None
    spec: NetworkSpec


def _relation(draft: Draft) -> ConstraintSpec:
    item, where, scope, label, spec = draft
    relation = item.get("relation")
    if relation not in BINARY:
        raise FieldError(f"{where}.relation", f"relation must be one of {', '.join(BINARY)}")
    x, y = scope
    if relation in ORDERED:
        for var in scope:
            if not all(isinstance(v, int) for v in spec.domain(var)):
                raise FieldError(
                    f"{where}.relation", f"{BINARY[relation][0]} compares numbers: {var} has text"
                )
    k = 0
    if relation == "absdiff!=":
        k = _whole(item.get("k"), f"{where}.k", "k")
        if k < 0:
            raise FieldError(f"{where}.k", f"k must be 0 or more, not {k}")
        said = f"|{x}−{y}|≠{k}"
    else:
        said = f"{x} {BINARY[relation][0]} {y}"
    return ConstraintSpec("relation", scope, label or said, relation=relation, k=k)


def _table(draft: Draft) -> ConstraintSpec:
    item, where, scope, label, spec = draft
    rows = _list(item.get("pairs"), f"{where}.pairs", "the allowed pairs", MAX_PAIRS)
    pairs: dict[tuple[Value, Value], None] = {}
    for row in rows:
        if not isinstance(row, list) or len(row) != 2:
            raise FieldError(f"{where}.pairs", f"an allowed pair is [a, b], not {shown(row)}")
        a, b = (read_value(v, f"{where}.pairs") for v in row)
        for value, var in ((a, scope[0]), (b, scope[1])):
            if value not in spec.domain(var):
                raise FieldError(f"{where}.pairs", f"{shown(value)} is not in the domain of {var}")
        pairs[(a, b)] = None
    said = f"({scope[0]}, {scope[1]}) in a table of {len(pairs)}"
    return ConstraintSpec("table", scope, label or said, pairs=tuple(pairs))


def _sum(draft: Draft) -> ConstraintSpec:
    item, where, scope, label, spec = draft
    relation = item.get("relation", "==")
    if relation not in SUM_RELATIONS:
        raise FieldError(f"{where}.relation", f"a sum's relation is one of {SUM_RELATIONS}")
    raw = _list(item.get("coefficients"), f"{where}.coefficients", "coefficients", MAX_SCOPE)
    coefficients = tuple(_whole(c, f"{where}.coefficients", "a coefficient") for c in raw)
    if len(coefficients) != len(scope):
        raise FieldError(f"{where}.coefficients", "give one coefficient per variable")
    for var in scope:
        if not all(isinstance(v, int) for v in spec.domain(var)):
            raise FieldError(f"{where}.scope", f"a sum adds numbers: {var} has text")
    total = _whole(item.get("total", 0), f"{where}.total", "the total")
    terms = " + ".join(f"{c}·{v}" for c, v in zip(coefficients, scope, strict=True))
    said = f"{terms} {relation} {total}".replace("+ -", "− ")
    return ConstraintSpec(
        "sum", scope, label or said, relation=relation, coefficients=coefficients, total=total
    )


# -- the library's CSP ---------------------------------------------------------------
def library_constraint(spec: ConstraintSpec) -> Constraint:
    """The library's constraint for one of the network's."""
    if spec.kind == "alldiff":
        return AllDifferent(spec.scope, label=spec.label)
    if spec.kind == "sum":
        relation: Any = spec.relation
        return LinearSum(spec.scope, spec.coefficients, spec.total, relation, label=spec.label)
    x, y = spec.scope
    if spec.kind == "table":
        return Predicate(spec.scope, Allowed(frozenset(spec.pairs)), name=spec.label)
    if spec.relation == "!=":
        return NotEqual(x, y)
    if spec.relation == "absdiff!=":
        return NotEqual(x, y, (spec.k, -spec.k) if spec.k else (0,))
    test = BINARY[spec.relation][1]
    assert test is not None
    return Predicate(spec.scope, test, name=spec.label)


def to_csp(spec: NetworkSpec, domains: Sequence[Sequence[Value]] | None = None) -> CSP:
    """The library's ``CSP`` of ``spec``, over ``domains`` (the current ones, after
    revisions and splits) or the declared ones."""
    chosen = spec.domains if domains is None else domains
    return CSP(
        dict(zip(spec.variables, chosen, strict=True)),
        [library_constraint(c) for c in spec.constraints],
        name=spec.name,
    )


# -- as Python ---------------------------------------------------------------------------
def _python_constraint(spec: ConstraintSpec) -> str:
    scope = repr(spec.scope)
    if spec.kind == "alldiff":
        return f"AllDifferent({scope}, label={spec.label!r})"
    if spec.kind == "sum":
        return (
            f"LinearSum({scope}, {spec.coefficients!r}, {spec.total!r}, {spec.relation!r}, "
            f"label={spec.label!r})"
        )
    x, y = spec.scope
    if spec.kind == "table":
        pairs = ", ".join(repr(pair) for pair in spec.pairs)
        return (
            f"Predicate({scope}, lambda a, b, allowed=frozenset([{pairs}]): (a, b) in allowed, "
            f"name={spec.label!r})"
        )
    if spec.relation == "!=":
        return f"NotEqual({x!r}, {y!r})"
    if spec.relation == "absdiff!=":
        plus = (spec.k, -spec.k) if spec.k else (0,)
        return f"NotEqual({x!r}, {y!r}, plus={plus!r})"  # x ≠ y + k and x ≠ y − k
    test = BINARY[spec.relation][1]
    assert test is not None
    return f"Predicate({scope}, operator.{test.__name__}, name={spec.label!r})"


def python_source(spec: NetworkSpec) -> str:
    """A Python file that builds the same CSP with searchlab's API: ``searchlab run``
    reads its ``problem()``, and running it prints every solution."""
    domains = "\n".join(
        f"        {var!r}: {list(values)!r},"
        for var, values in zip(spec.variables, spec.domains, strict=True)
    )
    constraints = "\n".join(f"        {_python_constraint(c)}," for c in spec.constraints)
    title = spec.name.replace("\\", "/").replace('"', "'")  # safe inside the docstring
    return f'''"""{title}: a constraint network made in searchlab's viewer (network tab).

Solve it with ``searchlab run this_file.py`` or run it: ``python this_file.py``
prints every solution.
"""

import operator

from searchlab.algorithms.csp import CSP, AllDifferent, LinearSum, NotEqual, Predicate, backtracking

assert operator  # used by the relations =, <, >, <=, >= (if any)


def problem() -> CSP:
    """The network: its variables with their domains, and its constraints."""
    domains = {{
{domains}
    }}
    constraints = [
{constraints}
    ]
    return CSP(domains, constraints, name={spec.name!r})


if __name__ == "__main__":
    for found in backtracking(problem()):
        print(found.final_state.assignment())
'''
