"""A PDDL domain and problem read by the ``pddl`` package and checked against the
fragment searchlab grounds: STRIPS with types, equality, negative preconditions and
constants. Anything else is refused with the name of what it needs, before grounding.

The result is plain tuples (``LiftedTask``), so that grounding never walks the
parser's objects again."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from searchlab.core.errors import InputError

SUPPORTED = frozenset({":strips", ":typing", ":negative-preconditions", ":equality"})
"""The requirements grounded here; any other is refused by its name."""

Term = tuple[bool, str]
"""A term of an atom: (is a variable, its name)."""


@dataclass(frozen=True)
class Literal:
    """A condition or effect: an atom (``predicate`` ``terms``) or an equality ("=")."""

    positive: bool
    predicate: str
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class Schema:
    """An action as written: typed parameters, precondition and effect literals."""

    name: str
    parameters: tuple[tuple[str, frozenset[str]], ...]  # (variable, its types; empty: any)
    preconditions: tuple[Literal, ...]
    effects: tuple[Literal, ...]


@dataclass(frozen=True)
class LiftedTask:
    """A domain and a problem together, every name checked."""

    domain_name: str
    problem_name: str
    objects: dict[str, frozenset[str]]  # object -> every type it belongs to (with ancestors)
    predicates: dict[str, int]  # name -> arity
    schemas: tuple[Schema, ...]
    init: frozenset[tuple[str, ...]]  # (predicate, *objects)
    goal: tuple[Literal, ...]


def _refuse(what: str, path: Path) -> InputError:
    return InputError(f"{path}: {what}")


@functools.cache
def _parser(kind: str) -> Any:
    """One parser of each kind a process: making one (its grammar) costs far more than
    a parse."""
    from pddl.parser.domain import DomainParser
    from pddl.parser.problem import ProblemParser

    return DomainParser() if kind == "domain" else ProblemParser()


def _load(path: Path, kind: str) -> Any:
    """The file parsed, lower-cased first: PDDL is case-insensitive, the parser not."""
    import lark
    from pddl.exceptions import PDDLMissingRequirementError

    if not path.is_file():
        raise InputError(f"no {kind} file {path}" + (" (a folder)" if path.is_dir() else ""))
    try:
        text = path.read_text(encoding="utf-8").lower()
        parse = _parser(kind)
        try:
            return parse(text)
        except PDDLMissingRequirementError as error:
            # IPC files often use types without declaring :typing (as every planner
            # accepts): declared for them, any other missing requirement refused
            if ":typing" not in str(error) or "(:requirements" not in text:
                raise _refuse(_first_line(error), path) from None
            return parse(text.replace("(:requirements", "(:requirements :typing", 1))
    except lark.exceptions.UnexpectedInput as error:
        line = getattr(error, "line", "?")
        raise _refuse(f"a PDDL syntax error at line {line}", path) from None
    except lark.exceptions.LarkError as error:  # the parser's checks (unknown names, …)
        cause = error.__context__ or error
        raise _refuse(f"not a valid PDDL {kind}: {_first_line(cause)}", path) from None
    except (ValueError, TypeError, AssertionError) as error:
        raise _refuse(f"not a valid PDDL {kind}: {_first_line(error)}", path) from None
    except UnicodeDecodeError:
        raise _refuse("not a text file", path) from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def _requirements(items: Any, path: Path) -> None:
    for requirement in items:
        name = str(requirement)
        name = name if name.startswith(":") else ":" + name
        if name not in SUPPORTED:
            raise _refuse(
                f"the requirement {name} is not supported (only :strips, :typing, "
                ":negative-preconditions, :equality)",
                path,
            )


def _literals(formula: Any, where: str, path: Path, negation: bool) -> list[Literal]:
    """``formula`` as a conjunction of literals, or a refusal naming the construct."""
    from pddl.logic.base import And, Not
    from pddl.logic.predicates import EqualTo, Predicate

    if formula is None:
        return []
    if isinstance(formula, And):
        return [lit for part in formula.operands for lit in _literals(part, where, path, negation)]
    positive = True
    if isinstance(formula, Not):
        if not negation:
            raise _refuse(f"a negation in {where} needs :negative-preconditions", path)
        positive, formula = False, formula.argument
    if isinstance(formula, EqualTo):
        return [Literal(positive, "=", (_term(formula.left), _term(formula.right)))]
    if isinstance(formula, Predicate):
        return [Literal(positive, str(formula.name), tuple(_term(t) for t in formula.terms))]
    kind = type(formula).__name__
    raise _refuse(f"{where} uses {kind}, which STRIPS does not have", path)


def _term(term: Any) -> Term:
    from pddl.logic.terms import Variable

    return (isinstance(term, Variable), str(term.name))


def _ancestors(types: dict[str, str | None], name: str) -> frozenset[str]:
    seen = {name, "object"}
    parent = types.get(name)
    while parent is not None and parent not in seen:
        seen.add(parent)
        parent = types.get(parent)
    return frozenset(seen)


def read_task(domain_path: Path, problem_path: Path) -> LiftedTask:
    """The task a domain file and a problem file describe, checked.

    Args:
        domain_path: the PDDL domain file.
        problem_path: the PDDL problem file.

    Returns:
        The ``LiftedTask``: objects with their types, predicates, action schemas, the
        initial atoms and the goal.

    Raises:
        InputError: a missing file, a syntax error, an unsupported requirement or
            construct, an undefined predicate or object, or a wrong number of arguments.

    Examples:
        >>> from searchlab.domains.planning.examples import example_paths
        >>> task = read_task(*example_paths("gripper"))
        >>> task.domain_name, len(task.schemas), sorted(task.predicates)[:2]
        ('gripper-strips', 3, ['at', 'at-robby'])
    """
    domain = _load(domain_path, "domain")
    problem = _load(problem_path, "problem")
    _requirements(domain.requirements, domain_path)
    _requirements(problem.requirements, problem_path)
    negation = any(str(r).lstrip(":") == "negative-preconditions" for r in domain.requirements)
    types = {str(k): (None if v is None else str(v)) for k, v in dict(domain.types).items()}
    predicates = {str(p.name): len(p.terms) for p in domain.predicates}
    objects: dict[str, frozenset[str]] = {}
    for item in [*domain.constants, *problem.objects]:
        tags = item.type_tags or frozenset({"object"})
        objects[str(item.name)] = frozenset().union(*(_ancestors(types, t) for t in tags))

    def check(literals: list[Literal], where: str, names: set[str], path: Path) -> None:
        for lit in literals:
            if lit.predicate != "=" and lit.predicate not in predicates:
                raise _refuse(f"{where} uses the undefined predicate {lit.predicate}", path)
            if lit.predicate != "=" and len(lit.terms) != predicates[lit.predicate]:
                raise _refuse(
                    f"{where}: {lit.predicate} takes {predicates[lit.predicate]} "
                    f"arguments, not {len(lit.terms)}",
                    path,
                )
            for variable, name in lit.terms:
                if (variable and name not in names) or (not variable and name not in objects):
                    what = "variable ?" if variable else "object "
                    raise _refuse(f"{where} uses the undefined {what}{name}", path)

    schemas = []
    for action in sorted(domain.actions, key=lambda a: str(a.name)):
        where = f"the action {action.name}"
        parameters = tuple(
            (str(v.name), frozenset(str(t) for t in v.type_tags)) for v in action.parameters
        )
        names = {name for name, _ in parameters}
        pre = _literals(action.precondition, f"{where}'s precondition", domain_path, negation)
        eff = _literals(action.effect, f"{where}'s effect", domain_path, True)
        check(pre, where, names, domain_path)
        check(eff, where, names, domain_path)
        if any(lit.predicate == "=" for lit in eff):
            raise _refuse(f"{where}'s effect sets an equality", domain_path)
        schemas.append(Schema(str(action.name), parameters, tuple(pre), tuple(eff)))
    init = []
    for atom in problem.init:
        lit = _literals(atom, "the initial state", problem_path, False)
        check(lit, "the initial state", set(), problem_path)
        init.append((lit[0].predicate, *(name for _, name in lit[0].terms)))
    goal = _literals(problem.goal, "the goal", problem_path, True)
    check(goal, "the goal", set(), problem_path)
    return LiftedTask(
        str(domain.name),
        str(problem.name),
        objects,
        predicates,
        tuple(schemas),
        frozenset(init),
        tuple(goal),
    )
