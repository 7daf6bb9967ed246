"""Your own problem as a domain, with the defaults filled in.

Any object with ``initial``, ``successors(state)`` yielding ``(move, next_state, cost)``
and ``is_goal(state)`` can be searched by every front end (``searchlab run``, the
viewer, the experiments). It may also offer, and the front ends then use:

- ``heuristics``: a mapping of name to ``h(state) -> number`` (or a method ``h``); a
  heuristic with an attribute ``admissible = True`` is trusted never to overestimate,
  and the first line of its docstring is its summary;
- ``format_state(state) -> str``: a state on one line (default: ``repr``);
- ``parse_state(text) -> state``: a start typed as text (default: a Python literal);
- ``draw(state)``: a ``Grid`` or ``Text`` drawing (default: the formatted state);
- ``unit_costs``: True when every move costs the same (breadth-first then promises
  the cheapest path).

``load_problem("module:factory")`` or ``load_problem("path/to/file.py[:factory]")``
calls the factory (``problem`` by default) with keyword parameters and wraps what it
returns; a factory may also return a ``Domain`` of its own, or a ``CSP``
(``searchlab.algorithms.csp``), which every CSP solver then runs on. ``load_problem("file.pl")``
loads a Prolog file instead (``searchlab.domains.prolog``: its ``s/3``, ``goal/1``
and ``h/2`` asked of SWI-Prolog). Every call into the user's
code is checked (``searchlab.core.checked``, the one checker the library's searches
use too): a broken promise of the protocol is a ``ProblemError`` that says what the
problem must do.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import sys
import threading
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

from searchlab.algorithms.uninformed import Solutions
from searchlab.core import checked
from searchlab.core.checked import MAX_SUCCESSORS as MAX_SUCCESSORS  # named from here too
from searchlab.core.checked import UserCodeError as UserCodeError
from searchlab.core.checked import check_state as _check_state
from searchlab.core.checked import describe as _describe
from searchlab.core.checked import require_members, user_failure
from searchlab.core.errors import InputError, ProblemError, SearchlabError
from searchlab.core.events import Observer
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult, Stats, Status, no_path
from searchlab.domains.base import Domain, HeuristicSpec, SearchRequest
from searchlab.domains.drawing import Drawing, Grid, Text
from searchlab.domains.watchdog import UNATTENDED_SECONDS, Watchdog, watchdog_of_this_thread

ZERO = "zero"
"""The heuristic every problem has: 0 everywhere (admissible; A* is then uniform-cost)."""


def _json_or_described(encode: Callable[[Any], Any], value: Any) -> Any:
    """``encode(value)`` when JSON can write it, else the value's description (an int
    past 4,300 digits, a ``__str__`` that raises): a user's state never ends a report."""
    try:
        encoded = encode(value)
        json.dumps(encoded)
    except Exception:
        return _describe(value)
    return encoded


class CheckedProblem(checked.CheckedProblem):
    """A user's problem behind the protocol's checks (``searchlab.core.checked``),
    started where the request says, with the ``watchdog`` (when armed,
    ``searchlab.domains.watchdog``) checked on each call and each successor yielded."""

    def __init__(self, problem: Any, start: Hashable, watchdog: Watchdog | None = None) -> None:
        self.watchdog = watchdog or Watchdog(None)
        super().__init__(problem, start, self.watchdog)


def _heuristics_of(problem: Any) -> Registry[HeuristicSpec]:
    registry: Registry[HeuristicSpec] = Registry("heuristic")
    found = getattr(problem, "heuristics", None)
    if found is None and callable(getattr(problem, "h", None)):
        found = {"h": problem.h}
    if found is not None and not isinstance(found, Mapping):
        raise ProblemError("the problem's heuristics must be a mapping of name to h(state)")
    for name, function in (found or {}).items():
        if not callable(function):
            raise ProblemError(f"the heuristic {name!r} is not callable: it must be h(state)")
        doc = (getattr(function, "__doc__", None) or "").strip().splitlines()
        summary = doc[0] if doc else f"the problem's heuristic {name}"
        admissible = getattr(function, "admissible", False) is True
        checked_h = checked.checked_heuristic(str(name), function, watchdog_of_this_thread)
        registry.add(
            str(name).lower(), HeuristicSpec(str(name), summary, admissible, _always(checked_h))
        )
    if not len(registry):
        registry.add(
            ZERO,
            HeuristicSpec(ZERO, "0 everywhere: A* becomes uniform-cost", True, _always(_zero)),
        )
    return registry


def _always(h: Callable[[Any], float]) -> Callable[[Any], Callable[[Any], float]]:
    """A heuristic builder that needs nothing from the problem."""
    return lambda _problem: h


def _zero(_state: Any) -> float:
    return 0.0


class ProblemDomain(Domain[Any, Any]):
    """The domain of one user problem object (see the module docstring)."""

    has_default_start = True
    the_problem: ClassVar[Any] = None

    def default_start(self) -> Any:
        try:
            initial = self.the_problem.initial
        except SearchlabError:
            raise
        except (Exception, SystemExit) as error:
            raise user_failure("the problem's initial", error) from None
        return _check_state(initial, "the problem's initial")

    def parse(self, text: str) -> Any:
        parse_state = getattr(self.the_problem, "parse_state", None)
        if callable(parse_state):
            try:
                return _check_state(parse_state(text), "parse_state")
            except ValueError as error:
                raise InputError(str(error)) from None
        try:
            value = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise InputError(
                f"cannot read {text.strip()[:40]!r} as a state: write it as a Python literal "
                "(a number, a string in quotes, a tuple), or give the problem a parse_state"
            ) from None
        return _check_state(_tuples(value), "the start")

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        """A start as ``parse`` reads it back: the problem's ``format_state`` when it
        also has ``parse_state``, else the Python literal (``format_state`` alone may
        draw a state in a way no parser reads)."""
        reads = callable(getattr(self.the_problem, "parse_state", None))
        return [("start", self.format(start) if reads else repr(start), None)]

    def format(self, state: Any) -> str:
        """The problem's ``format_state``, else ``repr``; a state that cannot be
        written (its ``__repr__`` raises, an int past Python's 4,300 digits) is named
        by its type rather than ending the report."""
        format_state = getattr(self.the_problem, "format_state", None)
        try:
            return str(format_state(state)) if callable(format_state) else repr(state)
        except Exception:
            return _describe(state)

    def encode(self, state: Any) -> Any:
        return _json_or_described(super().encode, state)

    def encode_move(self, move: Any) -> Any:
        return _json_or_described(super().encode_move, move)

    def format_move(self, move: Any) -> str:
        try:
            return super().format_move(move)
        except Exception:
            return _describe(move)

    def writes_moves(self) -> bool:
        return False  # format_move above only guards str(move): the move says it all

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        draw = getattr(self.the_problem, "draw", None)
        if callable(draw):
            try:
                drawing = draw(state)
            except (Exception, SystemExit) as error:
                raise user_failure(f"draw({_describe(state)})", error) from None
            if isinstance(drawing, Grid | Text):
                return drawing
            raise ProblemError("the problem's draw(state) must return a Grid or a Text")
        return Text(self.format(state))

    def problem(self, request: SearchRequest) -> CheckedProblem:
        return CheckedProblem(self.the_problem, request.start, Watchdog(request.limits.max_seconds))

    def search(
        self, request: SearchRequest, observer: Observer | None = None
    ) -> SearchResult[Any, Any]:
        """``Domain.search`` with the problem's watchdog armed: a call into the user's
        code that outlives ``max_seconds`` ends the search at that limit (exit 3),
        with the statistics gathered so far."""
        problem = self.problem(request)
        watchdog = problem.watchdog
        try:
            with watchdog.armed():
                return self.run(request, problem, observer)
        except KeyboardInterrupt as stop:
            if not watchdog.fired:
                raise
            _raise_if_stuck(watchdog)
            stats = getattr(stop, "stats", None)
            return no_path(
                Status.LIMIT_REACHED, stats if isinstance(stats, Stats) else Stats(), "max_seconds"
            )

    def stream(
        self, request: SearchRequest, observer: Observer | None = None
    ) -> Solutions[Any, Any]:
        """``Domain.stream`` (depth-first, one solution at a time) with the watchdog
        armed while each solution is sought, for the time the search has left."""
        solutions = super().stream(request, observer)
        problem, seconds = solutions.problem, request.limits.max_seconds
        if not isinstance(problem, CheckedProblem):
            return solutions
        watchdog, advance = problem.watchdog, solutions._advance

        def guarded() -> Any:
            if seconds is not None:
                watchdog.seconds = max(0.0, seconds - solutions.stats.seconds)
            elif threading.current_thread() is not threading.main_thread():
                watchdog.seconds = UNATTENDED_SECONDS  # a step of the viewer's live search
            else:
                return advance()  # the command line without a limit: Ctrl-C stops it
            try:
                with watchdog.armed():
                    return advance()
            except KeyboardInterrupt:
                if not watchdog.fired:
                    raise
                _raise_if_stuck(watchdog)
                solutions.status, solutions.limit = Status.LIMIT_REACHED, "max_seconds"
                return None

        setattr(solutions, "_advance", guarded)  # noqa: B010 - the one step it takes
        return solutions

    def random_state(self, request: SearchRequest) -> Any:
        random_state = getattr(self.the_problem, "random_state", None)
        return random_state if callable(random_state) else None


def _raise_if_stuck(watchdog: Watchdog) -> None:
    """Outside the main thread (the viewer), a call of the user's that the watchdog had
    to stop, never having returned, is that call's failure, named."""
    stuck = watchdog.stuck_call
    if stuck is not None:
        raise UserCodeError(
            f"{stuck()} did not return within {watchdog.seconds:.1f} s, the time this search "
            "may take, and was stopped there: does it loop without end?"
        ) from None


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def problem_domain(
    problem: Any,
    name: str,
    title: str | None = None,
    base: type[ProblemDomain] = ProblemDomain,
) -> Domain[Any, Any]:
    """The domain of ``problem`` (checked to have the protocol's three members), a
    subclass of ``base`` (a ``ProblemDomain`` that adds what its kind of problem needs,
    e.g. ``searchlab.domains.prolog``'s)."""
    require_members(problem)
    heuristics = _heuristics_of(problem)
    doc = (type(problem).__doc__ or "").strip().splitlines()
    attributes = {
        "name": name,
        "title": title or name,
        "summary": doc[0] if doc else f"the problem {type(problem).__name__}",
        "notation": "a Python literal (the problem's own notation if it has parse_state)",
        "heuristics": heuristics,
        "default_heuristic": next(iter(heuristics)),
        "unit_costs": getattr(problem, "unit_costs", False) is True,
        "the_problem": problem,
    }
    subclass = type(f"{base.__name__}_{name}", (base,), attributes)
    domain: Domain[Any, Any] = subclass()
    return domain


def load_module(target: str) -> tuple[ModuleType, str]:
    """The module a target names (``pkg.module`` or ``path/to/file.py``) and the factory
    named after its colon (``problem`` by default)."""
    location, _, factory = target.rpartition(":") if ":" in target else (target, "", "")
    if location.endswith(".py") or "/" in location or location.startswith("."):
        path = Path(location)
        if not path.is_file():
            raise InputError(f"no such file: {location}", field="target")
        name = f"searchlab_user_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise InputError(f"cannot load {location} as a Python module", field="target")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses and pickling look modules up by name
        try:
            spec.loader.exec_module(module)
        except (Exception, SystemExit) as error:
            del sys.modules[name]
            raise InputError(f"{location} failed to load: {_failure(error)}") from None
    else:
        try:
            module = importlib.import_module(location)
        except ImportError as error:
            raise InputError(f"cannot import {location}: {error}", field="target") from None
        except (Exception, SystemExit) as error:
            raise InputError(f"{location} failed to load: {_failure(error)}") from None
    return module, factory or "problem"


def _failure(error: BaseException) -> str:
    """An exception from the user's code on one line: its type, message and place."""
    trace = error.__traceback__
    place = ""
    while trace is not None:
        place = f" ({Path(trace.tb_frame.f_code.co_filename).name}, line {trace.tb_lineno})"
        trace = trace.tb_next
    return f"{type(error).__name__}: {error}{place}"


def load_problem(target: str, params: Mapping[str, Any] | None = None) -> Domain[Any, Any]:
    """The domain of the problem ``target`` names, its factory called with ``params``; a
    Prolog file (``file.pl``) is loaded by ``searchlab.domains.prolog``."""
    if target.lower().endswith(".pl"):
        if params:
            raise InputError(
                "a Prolog file takes no parameters: its start is a term, or its start/1",
                field="param",
            )
        from searchlab.domains.prolog import load_prolog

        return load_prolog(target)
    module, factory_name = load_module(target)
    factory = getattr(module, factory_name, None)
    if factory is None:
        raise InputError(
            f"{target.split(':')[0]} has no {factory_name!r}: name the factory after a colon, "
            "e.g. file.py:make_problem",
            field="target",
        )
    made = factory
    if callable(factory):
        try:
            made = factory(**(params or {}))
        except (ValueError, TypeError) as error:
            raise InputError(f"{factory_name}(): {error}", field="param") from None
        except (Exception, SystemExit) as error:
            raise InputError(f"{factory_name}() failed: {_failure(error)}") from None
    elif params:
        raise InputError(f"{factory_name} is not a factory: it takes no parameters")
    if isinstance(made, Domain):
        return made
    name = Path(module.__name__.removeprefix("searchlab_user_")).stem.split(".")[-1]
    from searchlab.algorithms.csp import CSP

    if isinstance(made, CSP):  # a constraint satisfaction problem: the CSP solvers too
        from searchlab.domains.csp import csp_domain

        return csp_domain(made, name.replace("_", "-"))
    return problem_domain(made, name.replace("_", "-"))


def parse_params(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as factory keyword arguments: VALUE as a Python literal when
    it reads as one (``3``, ``(4, 3)``), else as text (``Arad``)."""
    params: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key.strip().isidentifier():
            raise InputError(f"write a parameter as KEY=VALUE, not {pair!r}", field="param")
        try:
            value: Any = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            value = text.strip()
        params[key.strip()] = value
    return params
