"""A domain declared once for every front end: the ``Domain`` descriptor.

A domain is a family of problems (N-queens, sliding puzzles, schedules, a user's own
problem). Its descriptor says, once, everything the command line, the viewer, the tour
and the experiments need to offer it: how a start is written and read (``parse``,
``format``, JSON ``encode``/``decode``), its named starts and goals, its size caps and
random starts, its heuristics (with a summary and whether each is admissible), the
algorithms it offers and their defaults, its engines (a compiled kernel where it has
one), how a state is drawn (``draw``: one description every front end renders), and
where its source and its extra commands live. The front ends iterate the registry
(``searchlab.domains.registry``) and never name a domain.

A search goes through two calls: ``request_from`` (or ``request``, its keyword
spelling) checks every field a user gives and fills in the defaults (so a request is
complete and can be written as JSON and run again; ``domains.request_fields``), and
``search`` runs it (``stream`` for an algorithm that yields every solution).
``document`` writes a request and its result in the one JSON schema (docs/json.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic

from searchlab.algorithms.registry import (
    ALGORITHMS,
    SEARCHES,
    promises_optimum,
    run_algorithm,
    stream_algorithm,
)
from searchlab.algorithms.uninformed import Solutions
from searchlab.core.declared import DEFAULT_ORDER, docstring_texts
from searchlab.core.encoding import jsonable
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.options import Option
from searchlab.core.problem import Heuristic, M, Problem, S
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult
from searchlab.domains import request_fields
from searchlab.domains.drawing import Drawing, Text
from searchlab.domains.request_fields import NOT_GIVEN

Progress = Callable[[str, int, int], None]
"""Told ``(what, done, total)`` while long set-up work goes on."""

SCHEMA = 1
"""The version of the JSON schema ``document`` writes (docs/json.md)."""

DRAWN_SEEDS = 2**31
"""Seeds drawn for the user are below this: short enough to read and type back."""


@dataclass(frozen=True)
class HeuristicSpec:
    """A named heuristic: what it estimates, whether it never overestimates, and how to
    build it for a problem (a goal's tables are computed once, not per node)."""

    name: str
    summary: str
    admissible: bool
    build: Callable[[Any], Heuristic[Any]]  # build(problem) -> h(state)


@dataclass(frozen=True)
class RandomSpec:
    """What a random start is asked to be: its size (None: the domain's default), a goal
    it must be able to reach (text, or None), and the domain's own options."""

    size: int | None = None
    goal: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchRequest:
    """A search, every parameter checked and every default filled in: enough to run it
    again (``Domain.request_from`` builds it; ``Domain.search`` runs it)."""

    domain: str
    start: Any  # the domain's parsed start (a state, or what its problem starts from)
    goal: Any  # the parsed goal, or None for a domain without one
    algorithm: str  # canonical name
    heuristic: str | None  # canonical name; None for an algorithm that takes none
    options: Mapping[str, Any] = field(default_factory=dict)  # the algorithm's
    params: Mapping[str, Any] = field(default_factory=dict)  # the domain's
    seed: int | None = None
    limits: Limits = NO_LIMITS
    engine: str = "auto"

    @property
    def info(self) -> Any:
        """The algorithm's registry entry."""
        return ALGORITHMS[self.algorithm]


class Domain(Generic[S, M]):
    """The descriptor of a domain. Subclasses set the class attributes and override
    ``parse`` and ``problem``; every other method has a default that suits a plain
    problem (see ``searchlab.domains.user`` for a user's own problem)."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    order: ClassVar[int] = DEFAULT_ORDER  # place among the domains (searchlab's own first)
    summary: ClassVar[str] = ""  # one line, for `searchlab --help` (default: the docstring's first)
    notation: ClassVar[str] = "a state"  # how a start is written, with an example
    examples: ClassVar[tuple[str, ...]] = ()  # arguments of `solve` shown in --help
    presets: ClassVar[Mapping[str, str]] = {}  # named starts: name -> text for ``parse``
    goals: ClassVar[tuple[str, ...]] = ()  # named goals
    takes_goal: ClassVar[bool] = False
    """Whether a search may be given a goal (``--goal``, the viewer's goal field): a
    class that sets it must override ``parse_goal``, or the class is refused."""
    default_algorithm: ClassVar[str] = "astar"
    heuristics: ClassVar[Registry[HeuristicSpec]] = Registry("heuristic")
    default_heuristic: ClassVar[str | None] = None
    default_heuristic_note: ClassVar[str] = ""  # says the default when it depends on the start
    params: ClassVar[tuple[Option, ...]] = ()  # the domain's own options
    param_heuristics: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Parameters that act only with some heuristics (ALT's landmarks): the viewer
    shows their fields only when one of these may be used."""
    unit_costs: ClassVar[bool] = True  # every move costs the same
    engines: ClassVar[tuple[str, ...]] = ("generic",)  # "auto" picks among them
    size: ClassVar[Option | None] = None
    """The size of a random start, with its cap (an ``Option`` named "size"): a class
    that overrides ``random_start`` must set it, or the class is refused."""
    decodes: ClassVar[bool] = True
    """Whether ``decode(encode(state)) == state``; False where a state holds more than
    its JSON (a CSP node holds its whole CSP, a route's node its graph)."""
    views: ClassVar[tuple[str, ...]] = ("generic",)  # the viewer's tabs for it
    sources: ClassVar[tuple[str, ...]] = ()  # dotted names the viewer's help shows
    help: ClassVar[str] = ""  # the viewer's help (default: the docstring after its first line)
    commands: ClassVar[str | None] = None  # "module:attribute" adding extra CLI commands
    tour: ClassVar[str | None] = None  # "module:function" printing the tour's stop
    tour_title: ClassVar[str] = ""
    has_default_start: ClassVar[bool] = False  # solve may be asked without a start
    legacy_keys: ClassVar[Mapping[str, str]] = {}  # 0.1 JSON keys of solve -> new path
    legacy_random_keys: ClassVar[Mapping[str, str]] = {}  # ... and of random
    cli_fallback: ClassVar[str | None] = None  # 0.1's `searchlab NAME ARGS` meant this command
    cli_fallback_rewrites: ClassVar[Mapping[str, str]] = {}  # ... with these words replaced

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A descriptor's docstring is its ``summary`` (the first line) and its ``help``
        (the paragraphs after), unless the class sets them: each text is said once. A
        class that gives no ``name`` (a family, such as ``CSPDomain``) keeps its docstring
        for the developers."""
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            for field, text in docstring_texts(cls.__dict__.get("__doc__")).items():
                if field not in cls.__dict__:
                    setattr(cls, field, text)
            faults = cls.declaration_faults()
            if faults:  # refused now, not silently ignored by every front end later
                raise TypeError(f"the domain class {cls.__name__}: " + "; ".join(faults))

    @classmethod
    def declaration_faults(cls) -> list[str]:
        """What the class declares without the method that makes it work (each a
        sentence saying what to add); refused when the class is made."""
        faults = []
        if cls.takes_goal and cls.parse_goal is Domain.parse_goal:
            faults.append("takes_goal = True needs parse_goal, which reads a goal's text")
        if cls.random_start is not Domain.random_start and cls.size is None:
            faults.append(
                "random_start needs size = Option('size', 'int', ..., low=..., high=...): "
                "the size a random start is asked to have, and its cap"
            )
        return faults

    # -- states ---------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        """The start written as ``text`` (InputError naming what is wrong)."""
        raise InputError(f"{self.title or self.name} takes no start written as text")

    def default_start(self) -> Any:
        """The start when none is given (only if ``has_default_start``)."""
        raise InputError("give a start", field="start")

    def parse_start(self, text: str) -> Any:
        """``text`` as a start: a preset's name, or a start in the domain's notation."""
        key = text.strip()
        try:
            return self.parse(self.presets.get(key, key))
        except InputError as error:
            raise error.about("start") from None

    def parse_goal(self, text: str | None, start: Any) -> Any:
        """The goal ``text`` names for ``start`` (None: the default goal); a domain
        that ``takes_goal`` overrides it, and ``format`` writes a goal as it reads it."""
        if text is not None and text.strip() and not self.takes_goal:
            raise InputError(f"{self.title or self.name} takes no goal", field="goal")
        return None

    def encode(self, state: Any) -> Any:
        """A state as JSON."""
        return jsonable(state)

    def encode_start(self, start: Any) -> Any:
        """A parsed start as JSON (a state, unless the domain's starts are not states)."""
        return self.encode(start)

    def start_state(self, start: Any) -> Any:
        """The state a parsed start stands for, to draw; None if it is not a state."""
        return start

    def request_start_state(self, request: SearchRequest) -> Any:
        """The state the search of ``request`` starts from, to draw; None if it is not
        drawn. The start's own (``start_state``), unless the domain's parameters change
        it (map colouring's ``--colours`` sets every region's colours)."""
        return self.start_state(request.start)

    def encode_move(self, move: Any) -> Any:
        return jsonable(move)

    def decode(self, data: Any) -> Any:
        """A state from its JSON (lists become tuples): ``decode(encode(state))`` is
        ``state`` unless the domain sets ``decodes = False``."""
        return _tuples(data)

    def format(self, state: Any) -> str:
        """A state on one line, as people write it."""
        return str(state)

    def format_move(self, move: Any) -> str:
        """A move as people read it in a list of moves."""
        return str(move)

    def writes_moves(self) -> bool:
        """Whether ``format_move`` says more than the move itself, so that the viewer
        is sent its text beside the move (``move_text``)."""
        return type(self).format_move is not Domain.format_move

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        """A picture of the state (``problem``, when given, is the one it belongs to)."""
        return Text(self.format(state))

    draws_moves: ClassVar[bool] = False
    """Whether ``draw_after`` shows more than ``draw``: what the moves that reached a
    state did (a schedule's tasks already done), which the state itself forgets."""

    def draw_after(self, moves: Sequence[Any], state: Any, problem: Any = None) -> Drawing:
        """The state reached from the start by ``moves``, drawn with what they did (the
        viewer asks when ``draws_moves``); by default ``draw``."""
        return self.draw(state, problem)

    random_draw: ClassVar[str] = "uniformly among the starts that can reach the goal"
    """How ``random_start`` draws, in the words ``searchlab NAME random --help`` prints:
    a domain whose draw is not uniform says what it is instead."""

    def random_start(self, rng: random.Random, spec: RandomSpec) -> Any:
        """A start drawn with ``rng`` as ``spec`` asks (its size, a goal it can reach, the
        domain's options); an InputError if the domain has no random starts.

        The promise ``searchlab NAME random`` makes for it: the start is drawn as
        ``random_draw`` says (by default uniformly among the starts of that size that
        can reach the goal; never an unsolvable one), the same ``rng`` seed draws the
        same start, a size outside ``size``'s cap is an InputError naming ``size``, and
        ``describe_random`` writes it so that ``parse`` reads it back.
        ``searchlab.testing.check_domain`` checks all but how it is drawn."""
        raise InputError(f"{self.title or self.name} has no random starts")

    @property
    def has_random(self) -> bool:
        return type(self).random_start is not Domain.random_start

    # -- algorithms -----------------------------------------------------------------
    @property
    def algorithms(self) -> tuple[str, ...]:
        """The algorithms it offers: a subclass names them (a class attribute), else
        every registered one that runs on any problem, a plug-in's too."""
        return tuple(SEARCHES)

    def offered(self, start: Any) -> tuple[str, ...]:
        """The algorithms offered from ``start`` (all of ``algorithms`` by default)."""
        return self.algorithms

    def default_algorithm_for(self, start: Any) -> str:
        return self.default_algorithm

    def default_heuristic_for(self, start: Any, goal: Any) -> str | None:
        return self.default_heuristic

    def problem(self, request: SearchRequest) -> Problem[S, M]:
        """The search problem of a request."""
        raise NotImplementedError

    def heuristic(self, request: SearchRequest, problem: Problem[S, M]) -> Heuristic[S] | None:
        if request.heuristic is None:
            return None
        return self.heuristics[request.heuristic].build(problem)

    def random_state(self, request: SearchRequest) -> Callable[[random.Random], S] | None:
        """Where random restarts start from (None: no restarts)."""
        return None

    def constraint(self, request: SearchRequest) -> Callable[[S], bool] | None:
        """A test each state entered by depth-first search must pass (None: none)."""
        return None

    def check(self, request: SearchRequest) -> None:
        """Refuse a request that cannot succeed, before any search (e.g. unsolvable)."""

    def prepare(self, request: SearchRequest, progress: Progress | None = None) -> None:
        """Load what the search needs before it starts (tables, databases), telling
        ``progress(what, done, total)`` about long work; counted as set-up, not search."""

    def admissible(self, request: SearchRequest) -> bool:
        return request.heuristic is None or self.heuristics[request.heuristic].admissible

    # -- requests -------------------------------------------------------------------
    def request_from(
        self,
        fields: Mapping[str, Any],
        limits: Limits = NO_LIMITS,
        *,
        start: Any = NOT_GIVEN,
        goal: Any = NOT_GIVEN,
        observed: bool = False,
    ) -> SearchRequest:
        """The one request builder: a complete, checked request from the fields a user
        gives, as the command line, the viewer and the experiments all read them
        (``searchlab.domains.request_fields``).

        Args:
            fields: ``start``, ``goal``, ``algorithm``, ``heuristic``, ``seed``,
                ``engine``, the algorithm's options and the domain's params, by name, as
                text or plain values; an absent one (None, or blank text but for the
                start) means the domain's default.
            limits: the run's limits.
            start: an already parsed start (a random one, a problem's own state), read
                instead of its field.
            goal: an already parsed goal, read instead of its field.
            observed: whether the search will report events (which a compiled engine
                may not).

        Returns:
            The ``SearchRequest``: every parameter checked and every default filled
            in, enough to run it again.

        Raises:
            InputError: naming the ``field`` it refuses.

        Examples:
            >>> from searchlab.domains.registry import get_domain
            >>> puzzle = get_domain("puzzle")
            >>> request = puzzle.request_from({"start": "c", "algorithm": "best-first",
            ...                                "heuristic": "bratko"})
            >>> request.algorithm, request.heuristic
            ('best-first', 'bratko')
            >>> try:
            ...     puzzle.request_from({"start": "c", "heuristic": "psychic"})
            ... except InputError as error:
            ...     print(error.field)
            heuristic
        """
        draft = request_fields.draft(self, fields, limits, start=start, goal=goal)
        return request_fields.complete(self, draft, observed=observed)

    def request(
        self,
        start: Any,
        *,
        goal: Any = None,
        algorithm: str | None = None,
        heuristic: str | None = None,
        options: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
        seed: int | None = None,
        limits: Limits = NO_LIMITS,
        engine: str | None = None,
        observed: bool = False,
        parsed: bool = False,
    ) -> SearchRequest:
        """``request_from`` in the library's keywords. ``start`` and ``goal`` are text
        (parsed; presets and named goals included) or already parsed (``parsed`` says
        ``start`` is parsed even if it is a string: a problem whose states are
        strings). Every refusal is an InputError naming its ``field``."""
        fields = {
            "algorithm": algorithm,
            "heuristic": heuristic,
            "seed": seed,
            "engine": engine,
            **(options or {}),
            **(params or {}),
        }
        if isinstance(start, str) and not parsed:
            fields["start"], start = start, NOT_GIVEN
        if goal is None or isinstance(goal, str):
            fields["goal"], goal = goal, NOT_GIVEN
        return self.request_from(fields, limits, start=start, goal=goal, observed=observed)

    def resolve_engine(self, request: SearchRequest, observed: bool) -> str:
        """The engine a request runs on: its own choice, or for "auto" the domain's first
        (a domain with a compiled engine picks it when it can serve the request)."""
        return self.engines[0] if request.engine == "auto" else request.engine

    # -- running --------------------------------------------------------------------
    def search(
        self, request: SearchRequest, observer: Observer | None = None
    ) -> SearchResult[S, M]:
        """Run a request (a domain with a compiled engine overrides this to use it)."""
        return self.run(request, self.problem(request), observer)

    def run(
        self, request: SearchRequest, problem: Problem[S, M], observer: Observer | None
    ) -> SearchResult[S, M]:
        """The generic engine on the request's problem, with everything the domain says
        about it (heuristic, admissibility, unit costs, the depth-first constraint)."""
        return run_algorithm(
            request.algorithm,
            problem,
            self.heuristic(request, problem),
            options=request.options,
            seed=request.seed,
            random_state=self.random_state(request),
            admissible=self.admissible(request),
            unit_costs=self.unit_costs,
            limits=request.limits,
            observer=observer,
            constraint=self.constraint(request),
        )

    def stream(self, request: SearchRequest, observer: Observer | None = None) -> Solutions[S, M]:
        """Every solution of a request, lazily (for an algorithm with ``stream``)."""
        return stream_algorithm(
            request.algorithm,
            self.problem(request),
            options=request.options,
            constraint=self.constraint(request),
            limits=request.limits,
            observer=observer,
        )

    def promises_optimum(self, request: SearchRequest) -> bool:
        """Whether a solution this request finds is guaranteed cheapest."""
        return promises_optimum(
            request.algorithm, admissible=self.admissible(request), unit_costs=self.unit_costs
        )

    # -- writing --------------------------------------------------------------------
    def run_json(self, request: SearchRequest) -> dict[str, Any]:
        """Every parameter of a request, as JSON: enough to run it again."""
        return {
            "domain": self.name,
            "start": self.encode_start(request.start),
            "goal": None if request.goal is None else self.encode(request.goal),
            "algorithm": request.algorithm,
            "heuristic": request.heuristic,
            **request.options,
            **request.params,
            "seed": request.seed,
            "engine": request.engine,
            **request.limits.to_dict(),
        }

    def document(self, request: SearchRequest, result: SearchResult[S, M]) -> dict[str, Any]:
        """A request and its result in the one JSON schema (docs/json.md)."""
        return {
            "schema": SCHEMA,
            "domain": self.name,
            **result.to_dict(self.encode, self.encode_move),
            "run": self.run_json(request),
        }

    def describe(self, request: SearchRequest, result: SearchResult[S, M]) -> str:
        """One line saying how the search ended, for people."""
        how = request.algorithm + (f" with {request.heuristic}" if request.heuristic else "")
        if result.solved:
            length = len(result.moves)
            claim = "shortest" if result.optimal else "not guaranteed shortest"
            if not self.unit_costs:
                claim = "cheapest" if result.optimal else "not guaranteed cheapest"
                return f"solved: cost {result.cost:g} in {plural(length, 'move')} ({claim}), {how}"
            return f"solved in {plural(length, 'move')} ({claim}), {how}"
        if result.limit is not None:
            return f"limit reached ({result.limit.replace('_', '-')}) before a solution, {how}"
        if result.status == "local_optimum":
            return f"stuck in a local optimum after {plural(len(result.moves), 'move')}, {how}"
        return f"no solution: the whole space was searched, {how}"

    def describe_stream(self, request: SearchRequest, found: int, stream: Solutions[S, M]) -> str:
        """What a run through the solutions ends with (after --all, --solutions, --next)."""
        stats = stream.stats
        expanded, generated = self.stream_counters
        figures = (
            f"({stats.expanded:,} {expanded}, {stats.generated:,} {generated}, "
            f"{stats.seconds:.3f} s)"
        )
        if stream.exhausted:
            if found:
                return (
                    f"No more solutions: {found:,} in all{self.stream_scope(request)}.\n{figures}"
                )
            return f"Search finished: {self.no_solution(request)}.\n{figures}"
        if stream.limit is not None:
            return f"Stopped at the {stream.limit.replace('_', '-')} limit.\n{figures}"
        return figures

    stream_counters: ClassVar[tuple[str, str]] = ("expanded", "generated")
    """How ``describe_stream`` names the expansions and the states generated."""

    def stream_scope(self, request: SearchRequest) -> str:
        """What "in all" counts over, e.g. " for n = 8" (empty by default)."""
        return ""

    def no_solution(self, request: SearchRequest) -> str:
        """How to say that the request has no solution at all."""
        return "no solution"

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        """How to write a start back as ``parse`` reads it: (label, text, the goal to
        name with it or None when the text implies it). ``random`` prints these, and
        ``searchlab.testing`` checks that every start reads back; by default ``format``
        of the start's state, so a domain whose starts are not states overrides it."""
        return [("start", self.format(self.start_state(start)), None)]


def plural(count: int, noun: str) -> str:
    """``1 move``, ``2 moves``: counts agree in number, with thousands separators."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _tuples(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(_tuples(item) for item in data)
    return data
