"""States, results, event streams and reports drawn in a notebook by their domain.

A state is a bare value (a tuple of queens' rows, a puzzle's tiles): it cannot carry a
drawing of its own, so ``show(domain, state)`` wraps it with the domain that knows how
to draw it. The drawing is the domain's own (``Domain.draw``), the one the terminal
prints and the viewer shows, turned into SVG by ``domains.drawing.to_svg``: a new
domain is drawn in a notebook by the same ``draw`` that draws it everywhere else.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from searchlab.core import display
from searchlab.core.errors import InputError
from searchlab.core.events import Event, Recorder
from searchlab.core.result import SearchResult
from searchlab.domains.base import Domain, SearchRequest
from searchlab.domains.drawing import to_svg, to_text
from searchlab.domains.registry import domains, get_domain
from searchlab.domains.user import problem_domain
from searchlab.experiments.executors import worker_pool
from searchlab.experiments.registry import get_experiment
from searchlab.experiments.report import Report

DomainLike = Domain[Any, Any] | str | Any
"""A domain, a registered domain's name, or a problem object (the protocol's three
members) whose own ``draw``/``format_state`` say how its states look."""


def as_domain(domain: DomainLike) -> Domain[Any, Any]:
    """The domain ``domain`` stands for.

    Args:
        domain: a ``Domain``, the name of a registered one, or a problem object.

    Returns:
        The ``Domain``.

    Raises:
        InputError: no registered domain has that name (the known ones are listed).
        ProblemError: the object is neither a domain nor a problem.

    Examples:
        >>> as_domain("queens").title
        'N-queens'
    """
    if isinstance(domain, Domain):
        return domain
    if isinstance(domain, str):
        return get_domain(domain)
    name = type(domain).__name__.lower()
    if name in {registered.name for registered in domains()}:
        name += "-problem"  # a class called Queens stays beside the queens domain
    return problem_domain(domain, name)


@dataclass(frozen=True)
class Board:
    """A state with the domain that draws it: SVG in a notebook, text in a terminal."""

    domain: Domain[Any, Any]
    state: Any
    problem: Any = None

    def svg(self) -> str:
        return to_svg(self.domain.draw(self.state, self.problem))

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        drawing = self.domain.draw(self.state, self.problem)
        caption = drawing.caption and f"<figcaption>{html.escape(drawing.caption)}</figcaption>"
        svg = to_svg(drawing)
        return f'<figure class="searchlab-board" style="margin:0">{svg}{caption}</figure>'

    def __repr__(self) -> str:
        return to_text(self.domain.draw(self.state, self.problem))


@dataclass(frozen=True)
class ShownResult:
    """A result with its domain: the path drawn as a strip of the domain's boards."""

    domain: Domain[Any, Any]
    result: SearchResult[Any, Any]
    problem: Any = None

    def _repr_html_(self) -> str:
        return display.result_html(self.result, self.draw)

    def draw(self, state: Any) -> str:
        return Board(self.domain, state, self.problem).svg()

    def __repr__(self) -> str:
        return repr(self.result)


@dataclass(frozen=True)
class ShownEvents:
    """An event stream (a ``Recorder``'s, or any list of events) as a compact table."""

    events: Sequence[Event]

    def _repr_html_(self) -> str:
        return display.events_html(self.events)

    def __repr__(self) -> str:
        return display.events_repr(self.events)


Shown = Board | ShownResult | ShownEvents | Report


def show(domain: DomainLike, thing: Any, problem: Any = None) -> Shown:
    """``thing`` drawn by ``domain``: a state as its board, a result with its path as a
    strip of boards, an event stream as a table.

    Args:
        domain: a ``Domain``, a registered domain's name, or a problem object.
        thing: a state, a ``SearchResult``, a ``Recorder`` or a list of events, or an
            experiment's ``Report`` (shown as its table and plot).
        problem: the problem the states belong to, for a domain whose drawing needs it
            (a schedule's tasks); most domains draw a state alone.

    Returns:
        An object that a notebook displays as HTML/SVG and a terminal as text.

    Raises:
        InputError: ``domain`` names no registered domain.

    Examples:
        >>> print(repr(show("queens", (2, 4, 1, 3))))
        . Q . .
        . . . Q
        Q . . .
        . . Q .
    """
    chosen = as_domain(domain)
    if isinstance(thing, SearchResult):
        return ShownResult(chosen, thing, problem)
    if isinstance(thing, Recorder):
        return ShownEvents(thing.events)
    if isinstance(thing, list) and all(isinstance(item, Event) for item in thing) and thing:
        return ShownEvents(thing)
    if isinstance(thing, Report):
        return thing
    return Board(chosen, thing, problem)


@dataclass(frozen=True)
class Run:
    """A search run in a notebook: its request, its result, and both drawn."""

    domain: Domain[Any, Any]
    request: SearchRequest
    result: SearchResult[Any, Any]

    def _repr_html_(self) -> str:
        heuristic = self.request.heuristic
        how = self.request.algorithm + (f" with {heuristic}" if heuristic else "")
        head = f"<p>{html.escape(self.domain.title)}: {html.escape(how)}</p>"
        problem = self.domain.problem(self.request)
        return head + ShownResult(self.domain, self.result, problem)._repr_html_()

    def __repr__(self) -> str:
        return repr(self.result)


def search(domain: DomainLike, start: Any = None, **request: Any) -> Run:
    """Search from ``start`` in ``domain`` as the command line would, and keep what was
    asked beside what was found.

    Args:
        domain: a ``Domain``, a registered domain's name, or a problem object.
        start: the start as text (a preset's name included) or already parsed; None for
            a problem's own start.
        **request: ``Domain.request``'s keywords: ``algorithm``, ``heuristic``,
            ``goal``, ``options``, ``params``, ``seed``, ``limits``, ``engine``.

    Returns:
        A ``Run``: ``.result`` is the ``SearchResult``, drawn as a strip of boards.

    Raises:
        InputError: a start, goal, algorithm or option the domain refuses (its ``field``
            names which).

    Examples:
        >>> run = search("puzzle", "c", algorithm="best-first", heuristic="bratko")
        >>> run.result.status, run.result.length
        (<Status.SOLVED: 'solved'>, 18)
    """
    chosen = as_domain(domain)
    if start is None:
        start = chosen.default_start()
    checked = chosen.request(start, **request)
    return Run(chosen, checked, chosen.search(checked))


def experiment(name: str, *arguments: Any, jobs: int = 1, **options: Any) -> Report:
    """Run a registered experiment as ``searchlab experiment NAME`` does, and hand back
    its report (a notebook shows its table and its chart).

    Args:
        name: the experiment's name (``searchlab experiment --help`` lists them).
        *arguments: its positional parameters (``compare`` takes the domain's name).
        jobs: worker processes (1: in this process).
        **options: its options by name, as the command line's (``start=["a", "b"]``).

    Returns:
        The ``Report``: ``.rows`` one dict per thing compared.

    Raises:
        InputError: an unknown experiment, or a parameter it refuses.

    Examples:
        >>> report = experiment("compare", "puzzle", start=["a"], algorithm=["astar"],
        ...                     heuristic=["manhattan"])
        >>> [(row["algorithm"], row["solved"]) for row in report.rows]
        [('astar', 1)]
    """
    chosen = get_experiment(name)
    names = [option.name for option in chosen.arguments]
    if len(arguments) > len(names):
        raise InputError(f"the experiment {name} takes {len(names)} positional parameters")
    given: dict[str, Any] = dict(zip(names, arguments, strict=False))
    parameters = chosen.parameters({**given, **options})
    with worker_pool(jobs) as pool:
        return chosen.run(parameters, pool=pool)
