"""A Python file the network tab exported, read back into the tab's JSON without
running it: its syntax tree is read (``ast``), and only the literals and the calls the
export writes are understood (``CSP``, ``NotEqual``, ``AllDifferent``, ``LinearSum``,
``Predicate`` with an ``operator`` test or a table of allowed pairs). Anything else is
refused with the line it is on: a page must never run code it was given."""

from __future__ import annotations

import ast
from typing import Any

from searchlab.core import pyparse
from searchlab.web.fields import FieldError

MAX_SOURCE = 200_000
OPERATORS = {"eq": "==", "ne": "!=", "lt": "<", "gt": ">", "le": "<=", "ge": ">="}
FIELD = "python"


def _refuse(node: ast.AST | None, what: str) -> FieldError:
    line = getattr(node, "lineno", None)
    where = f"line {line}: " if line else ""
    return FieldError(FIELD, f"{where}{what}: only a file the network tab exports can be read")


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise _refuse(node, "not a plain value") from None


def _sequence(node: ast.AST) -> list[Any]:
    value = _literal(node)
    if not isinstance(value, list | tuple | set | frozenset):
        raise _refuse(node, "not a list of values")
    return list(value)


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    raise _refuse(node, "not a name")


def _constraint(call: ast.AST) -> dict[str, Any]:
    if not isinstance(call, ast.Call):
        raise _refuse(call, "a constraint that is not a call")
    kind = _name(call.func)
    args = call.args
    keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
    label = _literal(keywords["label"]) if "label" in keywords else None
    if kind == "NotEqual" and len(args) == 2:
        scope = [_literal(a) for a in args]
        plus = tuple(_sequence(keywords["plus"])) if "plus" in keywords else (0,)
        if plus == (0,):
            return {"kind": "relation", "scope": scope, "relation": "!="}
        whole = all(isinstance(k, int) and not isinstance(k, bool) for k in plus)
        if whole and len(plus) == 2 and plus[0] == -plus[1]:
            return {"kind": "relation", "scope": scope, "relation": "absdiff!=", "k": plus[0]}
    elif kind == "AllDifferent" and len(args) == 1:
        return {"kind": "alldiff", "scope": _sequence(args[0]), "label": label}
    elif kind == "LinearSum" and len(args) == 4:
        scope, coefficients = _sequence(args[0]), _sequence(args[1])
        total, relation = _literal(args[2]), _literal(args[3])
        return {"kind": "sum", "scope": scope, "coefficients": coefficients,
                "total": total, "relation": relation, "label": label}  # fmt: skip
    elif kind == "Predicate" and len(args) == 2:
        scope = _sequence(args[0])
        name = _literal(keywords["name"]) if "name" in keywords else None
        test = args[1]
        if isinstance(test, ast.Attribute) and _name(test).startswith("operator."):
            relation = OPERATORS.get(test.attr)
            if relation is not None:
                return {"kind": "relation", "scope": scope, "relation": relation, "label": name}
        if isinstance(test, ast.Lambda) and len(test.args.defaults) == 1:
            table = test.args.defaults[0]
            if isinstance(table, ast.Call) and _name(table.func) == "frozenset" and table.args:
                given = table.args[0]  # a set's pairs in the order written
                listed = [_literal(e) for e in given.elts] if isinstance(given, ast.Set) else (
                    _sequence(given))  # fmt: skip
                pairs = [list(pair) if isinstance(pair, tuple) else pair for pair in listed]
                return {"kind": "table", "scope": scope, "pairs": pairs, "label": name}
    raise _refuse(call, f"a constraint {kind}(…) as the export does not write it")


def read_python(text: Any) -> dict[str, Any]:
    """The network (the tab's JSON, not yet checked) of an exported Python file.

    Raises:
        FieldError: the file is not one the tab exports (field ``python``).
    """
    if not isinstance(text, str) or not text.strip():
        raise FieldError(FIELD, "give the text of a Python file the network tab exported")
    if len(text) > MAX_SOURCE:
        raise FieldError(FIELD, f"the file is longer than {MAX_SOURCE:,} characters")
    try:
        tree = pyparse.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError) as broken:
        raise FieldError(FIELD, f"the file is not Python: {broken}") from None
    problem = next(
        (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "problem"), None
    )
    if problem is None:
        raise _refuse(None, "the file has no function problem()")
    found: dict[str, ast.AST] = {}
    for statement in problem.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            found[_name(statement.targets[0])] = statement.value
        elif isinstance(statement, ast.Return) and isinstance(statement.value, ast.Call):
            found["return"] = statement.value
    if not {"domains", "constraints", "return"} <= set(found):
        raise _refuse(problem, "problem() must set domains and constraints and return a CSP")
    domains = _literal(found["domains"])
    listed = found["constraints"]
    if not isinstance(domains, dict) or not isinstance(listed, ast.List):
        raise _refuse(listed, "domains must be a dict and constraints a list")
    back = found["return"]
    assert isinstance(back, ast.Call)
    names = [k.value for k in back.keywords if k.arg == "name"]
    return {
        "name": _literal(names[0]) if names else "my network",
        "variables": [
            {"name": var, "domain": list(values) if isinstance(values, list | tuple) else values}
            for var, values in domains.items()
        ],
        "constraints": [
            {k: v for k, v in _constraint(call).items() if v is not None} for call in listed.elts
        ],
    }
