"""Grounding by relaxed reachability: only the atoms reachable when deletes are ignored
are made facts, and only the actions whose positive preconditions are all reachable are
made operators (never the cross product of every parameter's objects). Static atoms
(of predicates no action changes) are checked while grounding and compiled away, so a
state holds only the facts that can change.

Facts are numbered 0, 1, …; a state is a Python ``int`` whose bit ``f`` says whether
fact ``f`` holds (hashing, comparing and applying an operator are a few word
operations; see ``GroundTask.apply``). Successors are found through a per-fact index:
each operator is listed under one of its preconditions (its trigger), so a state looks
only at the operators triggered by the facts it holds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from searchlab.domains.planning.lifted import LiftedTask, Literal, Schema

Atom = tuple[str, ...]


@dataclass(frozen=True)
class Operator:
    """A ground action: its name as a plan writes it, and its facts (ids and masks)."""

    name: str  # "(action arg …)"
    pre: tuple[int, ...]  # positive preconditions (fact ids)
    add: tuple[int, ...]
    delete: tuple[int, ...]
    pre_mask: int
    neg_mask: int  # facts that must be false
    add_mask: int
    del_mask: int  # deletes that are not also added (add wins)
    cost: float = 1.0


@dataclass
class GroundTask:
    """A grounded STRIPS task: facts, operators, the initial state and the goal."""

    name: str
    facts: tuple[Atom, ...]
    operators: tuple[Operator, ...]
    initial: int
    goal: tuple[int, ...]  # positive goal facts
    goal_mask: int
    goal_neg_mask: int
    solvable: bool = True  # False when grounding already proved the goal unreachable
    index: dict[int, tuple[int, ...]] = field(default_factory=dict)  # fact -> triggered ops
    free: tuple[int, ...] = ()  # operators without positive preconditions

    def __post_init__(self) -> None:
        triggered: dict[int, list[int]] = defaultdict(list)
        free = []
        for number, op in enumerate(self.operators):
            if op.pre:
                triggered[op.pre[0]].append(number)
            else:
                free.append(number)
        self.index = {fact: tuple(ops) for fact, ops in triggered.items()}
        self.free = tuple(free)

    def fact_name(self, fact: int) -> str:
        """A fact as PDDL writes it: ``(on a b)``."""
        return "(" + " ".join(self.facts[fact]) + ")"

    def is_goal(self, state: int) -> bool:
        return (
            self.solvable
            and state & self.goal_mask == self.goal_mask
            and not state & self.goal_neg_mask
        )

    def applicable(self, state: int) -> Iterator[int]:
        """The operators applicable in ``state``, by number, in increasing order."""
        found = []
        index, ops = self.index, self.operators
        rest = state
        while rest:
            low = rest & -rest
            for number in index.get(low.bit_length() - 1, ()):
                op = ops[number]
                if state & op.pre_mask == op.pre_mask and not state & op.neg_mask:
                    found.append(number)
            rest ^= low
        for number in self.free:
            if not state & ops[number].neg_mask:
                found.append(number)
        found.sort()
        return iter(found)

    @staticmethod
    def apply(state: int, op: Operator) -> int:
        return (state & ~op.del_mask) | op.add_mask


def facts_of(state: int) -> list[int]:
    """The fact ids set in ``state``, in increasing order."""
    found = []
    while state:
        low = state & -state
        found.append(low.bit_length() - 1)
        state ^= low
    return found


def _static_predicates(task: LiftedTask) -> set[str]:
    changed = {lit.predicate for schema in task.schemas for lit in schema.effects}
    return set(task.predicates) - changed


class _Atoms:
    """The atoms reached so far, indexed by predicate and by (predicate, place, object),
    so that a join looks only at the atoms agreeing with what is already bound."""

    def __init__(self) -> None:
        self.by_predicate: dict[str, list[Atom]] = defaultdict(list)
        self.by_place: dict[tuple[str, int, str], list[Atom]] = defaultdict(list)
        self.known: set[Atom] = set()

    def add(self, atom: Atom) -> bool:
        if atom in self.known:
            return False
        self.known.add(atom)
        self.by_predicate[atom[0]].append(atom)
        for place, value in enumerate(atom[1:]):
            self.by_place[atom[0], place, value].append(atom)
        return True


def _bindings(
    schema: Schema,
    atoms: _Atoms,
    typed: dict[frozenset[str], dict[str, None]],
    static_true: set[Atom],
    statics: set[str],
    fresh: tuple[int, list[Atom]] | None = None,
) -> Iterator[dict[str, str]]:
    """Every binding of ``schema``'s parameters under which each positive precondition
    is among ``atoms`` (a relaxed reachability join), the types, equalities and the
    negated static atoms hold. ``fresh`` = (k, new atoms) takes the k-th positive
    precondition from the new atoms only (a semi-naive round)."""
    types = dict(schema.parameters)
    positives = [lit for lit in schema.preconditions if lit.positive and lit.predicate != "="]
    checks = [lit for lit in schema.preconditions if not (lit.positive and lit.predicate != "=")]
    order = list(range(len(positives)))
    if fresh is not None:  # the new atoms first: usually the fewest
        order.remove(fresh[0])
        order.insert(0, fresh[0])
    bound_by_atoms = {name for lit in positives for is_var, name in lit.terms if is_var}
    free = [name for name, _ in schema.parameters if name not in bound_by_atoms]

    def fits(binding: dict[str, str]) -> bool:
        for lit in checks:
            values = tuple(binding[n] if v else n for v, n in lit.terms)
            if lit.predicate == "=":
                if (values[0] == values[1]) != lit.positive:
                    return False
            elif lit.predicate in statics and ((lit.predicate, *values) in static_true):
                return False  # a negated static atom that holds
        return True

    def candidates(depth: int, binding: dict[str, str]) -> list[Atom]:
        k = order[depth]
        lit = positives[k]
        if fresh is not None and k == fresh[0]:
            return fresh[1]
        best = atoms.by_predicate[lit.predicate]
        for place, (is_var, name) in enumerate(lit.terms):
            value = binding.get(name) if is_var else name
            if value is not None:
                some = atoms.by_place.get((lit.predicate, place, value), [])
                if len(some) < len(best):
                    best = some
        return best

    def join(depth: int, binding: dict[str, str]) -> Iterator[dict[str, str]]:
        if depth == len(order):
            yield from extend(0, binding)
            return
        lit = positives[order[depth]]
        for atom in candidates(depth, binding):
            if atom[0] != lit.predicate:
                continue
            added = []
            for (is_var, name), value in zip(lit.terms, atom[1:], strict=True):
                if not is_var:
                    if name != value:
                        break
                elif name in binding:
                    if binding[name] != value:
                        break
                elif types[name] and value not in typed[types[name]]:
                    break
                else:
                    binding[name] = value
                    added.append(name)
            else:
                yield from join(depth + 1, binding)
            for name in added:
                del binding[name]

    def extend(k: int, binding: dict[str, str]) -> Iterator[dict[str, str]]:
        if k == len(free):
            if fits(binding):
                yield dict(binding)
            return
        name = free[k]
        for value in typed[types[name]]:
            binding[name] = value
            yield from extend(k + 1, binding)
        del binding[name]

    yield from join(0, {})


def _typed_objects(
    task: LiftedTask, schemas: tuple[Schema, ...]
) -> dict[frozenset[str], dict[str, None]]:
    """The objects of each parameter type (an either-type is a union; empty: any)."""
    wanted = {types for schema in schemas for _, types in schema.parameters}
    everyone = sorted(task.objects)
    return {
        types: (
            {o: None for o in everyone if task.objects[o] & types}
            if types and "object" not in types
            else dict.fromkeys(everyone)
        )
        for types in wanted
    }


def _atom(lit: Literal, binding: dict[str, str]) -> Atom:
    return (lit.predicate, *(binding[n] if v else n for v, n in lit.terms))


def ground(task: LiftedTask) -> GroundTask:
    """The task grounded by relaxed reachability, its statics compiled away.

    Args:
        task: a ``LiftedTask`` (``lifted.read_task``).

    Returns:
        The ``GroundTask``: reachable non-static facts numbered in sorted order,
        operators sorted by name, the initial state and the goal as bitsets.

    Examples:
        >>> from searchlab.domains.planning.examples import example_paths
        >>> from searchlab.domains.planning.lifted import read_task
        >>> grounded = ground(read_task(*example_paths("gripper")))
        >>> len(grounded.facts), len(grounded.operators)
        (20, 36)
    """
    statics = _static_predicates(task)
    typed = _typed_objects(task, task.schemas)
    atoms = _Atoms()
    static_true = {atom for atom in task.init if atom[0] in statics}
    new: list[Atom] = [atom for atom in sorted(task.init) if atoms.add(atom)]
    first = True
    while new:  # relaxed reachability, semi-naive: each round joins the atoms just made
        fresh: dict[str, list[Atom]] = defaultdict(list)
        for atom in new:
            fresh[atom[0]].append(atom)
        new = []
        for schema in task.schemas:
            adds = [lit for lit in schema.effects if lit.positive]
            positives = [
                lit for lit in schema.preconditions if lit.positive and lit.predicate != "="
            ]
            rounds: list[tuple[int, list[Atom]] | None] = [
                (k, fresh[lit.predicate])
                for k, lit in enumerate(positives)
                if fresh.get(lit.predicate)
            ]
            if first and not positives:
                rounds = [None]
            for delta in rounds:
                for binding in _bindings(schema, atoms, typed, static_true, statics, delta):
                    for lit in adds:
                        atom = _atom(lit, binding)
                        if atom not in atoms.known:
                            new.append(atom)
        first = False
        new = [atom for atom in new if atoms.add(atom)]
    fluent = sorted(a for a in atoms.known if a[0] not in statics)
    number = {atom: k for k, atom in enumerate(fluent)}
    operators = []
    for schema in task.schemas:
        for binding in _bindings(schema, atoms, typed, static_true, statics):
            op = _operator(schema, binding, number, statics)
            if op is not None:
                operators.append(op)
    operators.sort(key=lambda op: op.name)
    initial = sum(1 << number[a] for a in task.init if a in number)
    goal_mask = goal_neg = 0
    solvable = True
    for lit in task.goal:
        atom = _atom(lit, {})
        if lit.predicate == "=":
            solvable &= (atom[1] == atom[2]) == lit.positive
        elif atom[0] in statics:
            solvable &= (atom in static_true) == lit.positive
        elif atom in number:
            if lit.positive:
                goal_mask |= 1 << number[atom]
            else:
                goal_neg |= 1 << number[atom]
        else:
            solvable &= not lit.positive  # an unreachable atom: never true
    return GroundTask(
        f"{task.domain_name}/{task.problem_name}",
        tuple(fluent),
        tuple(relevant(operators, goal_mask | goal_neg)),
        initial,
        tuple(f for f in range(len(fluent)) if goal_mask >> f & 1),
        goal_mask,
        goal_neg,
        solvable,
    )


def relevant(operators: list[Operator], goal: int) -> list[Operator]:
    """The operators that can matter for the goal (backward relevance, as pyperplan's
    grounding does): a fact is relevant if it is a goal or a precondition of an
    operator adding or deleting a relevant fact; an operator is kept if it does.

    Examples:
        >>> keep = Operator("(a)", (), (0,), (), 0, 0, 0b01, 0)
        >>> drop = Operator("(b)", (), (1,), (), 0, 0, 0b10, 0)
        >>> [op.name for op in relevant([keep, drop], 0b01)]
        ['(a)']
    """
    wanted = goal
    while True:
        more = wanted
        for op in operators:
            if (op.add_mask | op.del_mask) & wanted:
                more |= op.pre_mask | op.neg_mask
        if more == wanted:
            break
        wanted = more
    return [op for op in operators if (op.add_mask | op.del_mask) & wanted]


def _operator(
    schema: Schema, binding: dict[str, str], number: dict[Atom, int], statics: set[str]
) -> Operator | None:
    pre, neg = set(), set()
    for lit in schema.preconditions:
        if lit.predicate == "=" or lit.predicate in statics:
            continue  # checked while binding
        atom = _atom(lit, binding)
        if lit.positive:
            pre.add(number[atom])
        elif atom in number:  # an unreachable atom is never true: its negation holds
            neg.add(number[atom])
    if pre & neg:
        return None
    add = {number[_atom(lit, binding)] for lit in schema.effects if lit.positive}
    delete = {
        number[a]
        for a in (_atom(lit, binding) for lit in schema.effects if not lit.positive)
        if a in number
    } - add
    args = " ".join(binding[name] for name, _ in schema.parameters)
    return Operator(
        f"({schema.name} {args})" if args else f"({schema.name})",
        tuple(sorted(pre)),
        tuple(sorted(add)),
        tuple(sorted(delete)),
        sum(1 << f for f in pre),
        sum(1 << f for f in neg),
        sum(1 << f for f in add),
        sum(1 << f for f in delete),
    )
