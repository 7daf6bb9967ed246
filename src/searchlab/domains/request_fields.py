"""One request builder: the fields a user gives for a search, read and checked alike by
every front end.

The command line's ``solve`` (and ``run``), the viewer's search form and an experiment's
trials hand the same fields to ``Domain.request_from``: ``start``, ``goal``,
``algorithm``, ``heuristic``, ``seed`` and ``engine`` (text or plain values; absent or
None: the domain's default, as is blank text but for the start, which the domain reads
as typed), the chosen algorithm's options and the domain's params
(by the names of their ``Option`` specs). Each is read here once. Every refusal is an
``InputError`` naming its ``field``, which each front end says its own way: the command
line as its option (``--heuristic``) with exit status 2, the API as HTTP 400
``{"error", "field"}``, an experiment as its own option.

Building takes two steps so that a front end may add its own rules between them (the
viewer refuses tables it will not build before any is built): ``draft`` reads every
field on its own, ``complete`` has the domain check them together (which may build its
tables) and picks the engine.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from searchlab.algorithms.registry import ALGORITHMS, algorithm_options
from searchlab.core.errors import InputError
from searchlab.core.fields import given, refuse_unknown, text_field
from searchlab.core.limits import Limits
from searchlab.core.options import SEED, parse_options

if TYPE_CHECKING:
    from searchlab.domains.base import Domain, SearchRequest

REQUEST_FIELDS: Final = ("start", "goal", "algorithm", "heuristic", "seed", "engine")
"""The fields of every search, besides the algorithm's options and the domain's params."""


class _Parsed(enum.Enum):
    NOT_GIVEN = "not given"


NOT_GIVEN: Final = _Parsed.NOT_GIVEN
"""No parsed value given: the field's text is read instead."""


def option_names() -> tuple[str, ...]:
    """The names of every registered algorithm's options (one name means one thing for
    every algorithm), read from the registry as it is now."""
    names = (option.name for name in ALGORITHMS for option in ALGORITHMS[name].options)
    return tuple(dict.fromkeys(names))


def field_names(domain: Domain[Any, Any]) -> tuple[str, ...]:
    """Every field a search of ``domain`` takes."""
    return (*REQUEST_FIELDS, *option_names(), *(option.name for option in domain.params))


def draft(
    domain: Domain[Any, Any],
    fields: Mapping[str, Any],
    limits: Limits,
    *,
    start: Any = NOT_GIVEN,
    goal: Any = NOT_GIVEN,
) -> SearchRequest:
    """The request ``fields`` ask of ``domain``, each field read and checked on its own
    and every default filled in, before the domain checks them together (``complete``).

    Args:
        domain: the domain searched.
        fields: the user's fields by name (see the module docstring); unknown names are
            refused.
        limits: the run's limits.
        start: the start already parsed, if given: its field is then not read.
        goal: the goal already parsed, if given: its field is then not read.

    Returns:
        The ``SearchRequest``, its engine still as asked ("auto" unresolved).

    Raises:
        InputError: naming the field it refuses (None for a field of no known name).

    Examples:
        >>> from searchlab.core.limits import NO_LIMITS
        >>> from searchlab.domains.registry import get_domain
        >>> drafted = draft(get_domain("queens"), {"start": "8"}, NO_LIMITS)
        >>> drafted.algorithm, drafted.engine
        ('dfs', 'auto')
        >>> draft(get_domain("queens"), {"start": "8", "algorithm": "astar"}, NO_LIMITS)
        Traceback (most recent call last):
        ...
        searchlab.core.errors.InputError: N-queens does not offer the algorithm astar here: ...
    """
    from searchlab.domains.base import DRAWN_SEEDS, SearchRequest

    title = domain.title or domain.name
    refuse_unknown(fields, field_names(domain), f"a {domain.name} search")
    if start is NOT_GIVEN:
        start = _start(domain, fields)
    if goal is NOT_GIVEN:
        try:
            goal = domain.parse_goal(text_field(fields, "goal"), start)
        except InputError as error:
            raise error.about("goal") from None
    algorithm = _algorithm(domain, text_field(fields, "algorithm"), start)
    info = ALGORITHMS[algorithm]
    heuristic = _heuristic(domain, text_field(fields, "heuristic"), algorithm, start, goal)
    options = algorithm_options(algorithm, given(fields, option_names()))
    params = [option.name for option in domain.params]
    parsed_params = parse_options(domain.params, given(fields, params), where=title)
    seed = SEED.parse(fields.get("seed"))
    if seed is None and info.random:
        seed = random.SystemRandom().randrange(DRAWN_SEEDS)
    engine = text_field(fields, "engine") or "auto"
    if engine not in ("auto", *domain.engines):
        raise InputError(
            f"unknown engine {engine!r}: choose one of " + ", ".join(("auto", *domain.engines)),
            field="engine",
        )
    return SearchRequest(
        domain.name, start, goal, algorithm, heuristic, options, parsed_params, seed, limits, engine
    )


def complete(domain: Domain[Any, Any], request: SearchRequest, *, observed: bool) -> SearchRequest:
    """A drafted request checked by its domain as a whole (``Domain.check``: a board
    that cannot reach its goal, a heuristic its goal does not support) and its engine
    resolved (``observed``: the search will report events)."""
    domain.check(request)
    return dataclasses.replace(request, engine=domain.resolve_engine(request, observed))


def _start(domain: Domain[Any, Any], fields: Mapping[str, Any]) -> Any:
    """The start typed (a named one included; typed blank, the domain says what it
    lacks); none: the domain's default start, if it has one."""
    text = text_field(fields, "start", keep_blank=True)
    if text is not None:
        return domain.parse_start(text)
    if not domain.has_default_start:
        named = ", ".join(domain.presets)
        raise InputError(
            "type a start" + (f", or choose a named one ({named})" if named else ""),
            field="start",
        )
    try:
        return domain.default_start()
    except InputError as error:
        raise error.about("start") from None


def _algorithm(domain: Domain[Any, Any], name: str | None, start: Any) -> str:
    """The canonical name of the algorithm asked (none: the domain's default), refused
    unless the domain offers it from ``start``."""
    try:
        canonical = ALGORITHMS.canonical(name or domain.default_algorithm_for(start))
    except InputError as error:
        raise error.about("algorithm") from None
    offered = domain.offered(start)
    if canonical not in offered:
        raise InputError(
            f"{domain.title or domain.name} does not offer the algorithm {canonical} here: "
            f"choose one of {', '.join(offered)}",
            field="algorithm",
        )
    return canonical


def _heuristic(
    domain: Domain[Any, Any], name: str | None, algorithm: str, start: Any, goal: Any
) -> str | None:
    """The canonical name of the heuristic an informed algorithm uses (none asked: the
    domain's default for the start and goal); None for an algorithm that takes none,
    though a name given to it must still be a heuristic of the domain."""
    informed = ALGORITHMS[algorithm].informed
    chosen = name
    if informed:
        chosen = name or domain.default_heuristic_for(start, goal)
        if chosen is None:
            raise InputError(
                f"the algorithm {algorithm} needs a heuristic, and "
                f"{domain.title or domain.name} has none",
                field="algorithm",
            )
    if chosen is None:
        return None
    try:
        canonical = domain.heuristics.canonical(chosen)
    except InputError as error:
        raise error.about("heuristic") from None
    return canonical if informed else None
