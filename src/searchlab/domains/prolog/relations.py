"""Which predicates of a Prolog file play which part: the successor relation, the goal,
the heuristic h, the value local search makes smaller, the start, and the check of
legal states.

A course names them as its textbook does: Bratko's book calls them ``s/3``,
``goal/1`` and ``h/2`` in English and ``после/3``, ``цель/1`` and ``h/2`` in the
Russian edition (seed 003), and both sets are found without being named. Any other
name is given one option each (``Relations``); seed 000's ``mover/3`` gives the
next state's *value* as its third argument, not a cost (``third="value"``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from searchlab.core.errors import InputError, ProblemError

ARITY = {"successor": 3, "goal": 1, "heuristic": 2, "value": 2, "start": 1, "check": 1}
"""Each part a relation can play, and how many arguments its predicate takes."""

EDITIONS = (
    ("Bratko's names", {"successor": "s", "goal": "goal", "heuristic": "h"}),
    ("the Russian edition's names", {"successor": "после", "goal": "цель", "heuristic": "h"}),
)
"""The names Bratko's relations have in the editions the courses use, tried in turn."""

DEFAULTS = {"value": "value", "start": "start", "check": "valid"}
"""The names of the other parts when none is given (``valid/1``: legal states)."""

OTHERS = ("move", "draw", "admissible", "unit_costs")
"""searchlab's optional predicates, always under these names."""

THIRD = {
    "cost": "the cost of the step",
    "value": "the next state's value, every step costing 1",
    "ignore": "ignored, every step costing 1",
}
"""What the successor relation's third argument may be."""


def label(name: str, arity: int) -> str:
    """``name/arity`` as Prolog writes it, for messages.

    Parameters
    ----------
    name : str
        The atom's text.
    arity : int
        How many arguments.

    Returns
    -------
    str
        The name quoted where Prolog would quote it.

    Examples
    --------
    >>> label("после", 3), label("Move", 3), label("it's", 1)
    ('после/3', "'Move'/3", "'it\\\\'s'/1")
    """
    plain = name[:1].isalpha() and name[:1].islower()
    if not (plain and all(char.isalnum() or char == "_" for char in name)):
        name = "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"
    return f"{name}/{arity}"


def parse_relation(part: str, text: str) -> str:
    """The predicate name in ``NAME/ARITY`` (or ``NAME``) given for ``part``.

    Parameters
    ----------
    part : str
        One of ``ARITY``'s keys.
    text : str
        What the user wrote, e.g. ``mover/3``; a name may be quoted (``'Move'/3``).

    Returns
    -------
    str
        The name alone, as the atom's text.

    Raises
    ------
    InputError
        When the text is empty, holds a tab or a line break, or gives another arity.

    Examples
    --------
    >>> parse_relation("successor", "после/3")
    'после'
    >>> parse_relation("goal", "'Goal'")
    'Goal'
    >>> parse_relation("start", "'it''s'/1")
    "it's"
    >>> parse_relation("goal", "jugs(2,0)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    searchlab.core.errors.InputError: goal jugs(2,0) is a term, not a predicate's name ...
    >>> parse_relation("goal", "goal/2")
    Traceback (most recent call last):
    ...
    searchlab.core.errors.InputError: goal goal/2: the goal relation takes 1 argument (write NAME/1)
    """
    arity = ARITY[part]
    shape = f"write NAME/{arity}"
    name, slash, given = text.strip().rpartition("/")
    if not slash or not given.strip().isdigit():
        name, given = text.strip(), str(arity)
    name = name.strip()
    quoted = len(name) >= 2 and name[0] == name[-1] == "'"
    if quoted:  # a quoted atom: its text
        name = name[1:-1].replace("''", "'").replace("\\'", "'").replace("\\\\", "\\")
    if not name or any(char in name for char in "\t\n\r"):
        raise InputError(f"{part} {text!r} is not a predicate's name ({shape})", field=part)
    if "(" in name and not quoted:
        raise InputError(
            f"{part} {text.strip()} is a term, not a predicate's name ({shape}): the {part} "
            "of a Prolog problem is a relation of its file",
            field=part,
        )
    if int(given) != arity:
        arguments = "argument" if arity == 1 else "arguments"
        raise InputError(
            f"{part} {text.strip()}: the {part} relation takes {arity} {arguments} ({shape})",
            field=part,
        )
    return name


@dataclass(frozen=True)
class Relations:
    """The names a user gave (None: found by the defaults), and what the successor
    relation's third argument is (``THIRD``)."""

    successor: str | None = None
    goal: str | None = None
    heuristic: str | None = None
    value: str | None = None
    start: str | None = None
    check: str | None = None
    third: str = "cost"

    def asked(self) -> tuple[str, ...]:
        """Every name the file is asked about: the given ones and all the defaults."""
        names = [name for name in (getattr(self, part) for part in ARITY) if name]
        for _, edition in EDITIONS:
            names += edition.values()
        names += [*DEFAULTS.values(), *OTHERS]
        return tuple(dict.fromkeys(names))


@dataclass(frozen=True)
class Resolved:
    """The predicate of each part (its name), and the line that says which were used."""

    names: dict[str, str] = field(default_factory=dict)
    third: str = "cost"

    def label(self, part: str) -> str:
        return label(self.names[part], ARITY[part])

    def binding(self) -> tuple[str, ...]:
        """The fields of the driver's ``bind`` request (``driver.pl``)."""
        parts = [self.third]
        for part, name in self.names.items():
            parts += ["h" if part == "heuristic" else part, name, self.label(part)]
        return tuple(parts)

    def describe(self) -> str:
        """One line: the relations used, and the edition whose names they are."""
        shown = []
        for part in ARITY:
            if part not in self.names:
                continue
            text = self.label(part)
            if part == "successor" and self.third != "cost":
                text += f" (third argument: {THIRD[self.third]})"
            elif part not in ("successor", "goal"):
                role = "h" if part == "heuristic" else part
                if self.names[part] != DEFAULTS.get(part, role):
                    text += f" as {role}"
            shown.append(text)
            if part == "successor" and "goal" not in self.names:
                shown.append(f"goal: {self.label('value')} gives 0")
        edition = next(
            (
                words
                for words, names in EDITIONS
                if all(self.names.get(part, name) == name for part, name in names.items())
                and "goal" in self.names
            ),
            None,
        )
        return "relations: " + ", ".join(shown) + (f" ({edition})" if edition else "")


def resolve(wanted: Relations, defined: Collection[str], shown: str) -> Resolved:
    """Each part's predicate: the one given, else the editions' names, else the defaults.

    Parameters
    ----------
    wanted : Relations
        The names the user gave, and what the successor relation's third argument is.
    defined : Collection[str]
        The ``name/arity`` the file defines (of ``wanted.asked()``).
    shown : str
        The file as the user named it, for messages.

    Returns
    -------
    Resolved
        The name of each part the file plays.

    Raises
    ------
    InputError
        A given name the file does not define with that arity (``field``: the part), a
        third argument that is not one of ``THIRD``, or (ProblemError) a file with no
        successor relation, or no goal and no value to make 0.

    Examples
    --------
    >>> resolve(Relations(), {"после/3", "цель/1", "h/2"}, "8.pl").describe()
    "relations: после/3, цель/1, h/2 (the Russian edition's names)"
    >>> used = resolve(Relations(successor="mover", value="heuristica_1", third="value"),
    ...                {"mover/3", "heuristica_1/2"}, "rainhas.pl")
    >>> used.names
    {'successor': 'mover', 'value': 'heuristica_1'}
    """
    if wanted.third not in THIRD:
        raise InputError(
            f"third {wanted.third!r}: the third argument is one of {', '.join(THIRD)}",
            field="third",
        )
    names: dict[str, str] = {}
    for part, arity in ARITY.items():
        given = getattr(wanted, part)
        if given is not None:
            if f"{given}/{arity}" not in defined:
                others = sorted(item for item in defined if item.rpartition("/")[0] == given)
                also = f" (it defines {', '.join(others)})" if others else ""
                named = "start relation" if part == "start" else part  # --start is the CLI's
                raise InputError(
                    f"{named} {label(given, arity)}: {shown} defines no {label(given, arity)}"
                    + also,
                    field=part,
                )
            names[part] = given
            continue
        candidates = [edition[part] for _, edition in EDITIONS if part in edition]
        candidates += [DEFAULTS[part]] if part in DEFAULTS else []
        found = next((name for name in candidates if f"{name}/{arity}" in defined), None)
        if found is not None:
            names[part] = found
    if wanted.third == "value" and "value" not in names:
        raise InputError(
            "value NAME/2 is needed: a successor relation that gives the next state's "
            "value leaves the start's value to the relation that gives any state's value",
            field="value",
        )
    for part, needs in (
        (
            "successor",
            "s(State, Next, Cost): every successor Next of State, with the cost "
            "of the step (or после/3, the Russian edition's name)",
        ),
        (
            "goal",
            "goal(State): true when State is a goal (or цель/1, the Russian edition's "
            "name, or a value relation that gives 0 at a goal)",
        ),
    ):
        if part not in names and not (part == "goal" and "value" in names):
            named = label(EDITIONS[0][1][part], ARITY[part])
            raise ProblemError(
                f"{shown} defines no {named}: a problem needs {needs}; one of another name "
                f"is named by --{part} NAME/{ARITY[part]} (searchlab prolog, searchlab serve)"
            )
    ordered = {part: names[part] for part in ARITY if part in names}
    return Resolved(ordered, wanted.third)
