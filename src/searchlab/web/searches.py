"""A search the page asks for, in any domain: checked by the domain exactly as the
command line has it checked, capped by the server, and served as events.

``POST /api/domains/{name}/search`` takes ``start``, ``goal``, ``algorithm``,
``heuristic``, ``seed``, the chosen algorithm's options and the domain's params (by
the names of their ``Option`` specs), and ``drawings``. An empty value means "not
given": the domain's default. The one request builder (``Domain.request_from``, as
the command line's ``solve`` and the experiments use it) checks and completes them, so
the messages and defaults are the command line's; the server then caps the run itself
(``WebLimits``). An algorithm that streams every solution (depth-first backtracking)
becomes a live search stepped on demand; any other runs once and is recorded. A
population method's run (the genetic algorithm) also answers ``population``: the best,
median and worst fitness of each generation and its best individual
(``web.population.PopulationLog.summary``).

No search logic lives here, nor any reading of a search's fields: only the server's
own rules (its caps, no files named by a request, set-up within the run's allowance,
tables built only for named goals). The file policy of ``core.access`` and the
sandbox hold for the whole request (``sandbox.Confine``); each computation here runs
within an ``Allowance``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import random
import shlex
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from searchlab.core import access, allowance
from searchlab.core.encoding import EventEncoder
from searchlab.core.errors import InputError
from searchlab.core.fields import blank, given, text_field
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.options import SEED, parse_options
from searchlab.domains import request_fields
from searchlab.domains.base import DRAWN_SEEDS, Domain, RandomSpec, SearchRequest
from searchlab.domains.request_fields import option_names
from searchlab.domains.user import UserCodeError
from searchlab.web.drawings import DrawingEncoder, drawing_of
from searchlab.web.eventlog import dumps
from searchlab.web.fields import FieldError, refuse_unknown
from searchlab.web.limits import WebLimits
from searchlab.web.population import PopulationLog
from searchlab.web.prepared import BUILDING, built_per_goal, check_build, check_goal
from searchlab.web.sources import (
    BoundedRecorder,
    EventCapReached,
    EventSource,
    LiveSearch,
    RecordedRun,
)
from searchlab.web.teaching import Teacher

log = logging.getLogger(__name__)
T = TypeVar("T")

FIELDS = frozenset({"start", "goal", "algorithm", "heuristic", "seed", "drawings"})
"""The fields of every search request, besides algorithm options and domain params
(no engine: the viewer searches on the generic one, which reports every event)."""
RECORDED_KINDS = frozenset({"expand", "step", "restart", "solution", "threshold"})
"""The events a recorded run keeps (generations, prunes and retreats are counted)."""
LOCAL_KINDS = frozenset({"step", "restart", "solution"})
"""... for local search, whose every step is also an expansion."""
MAP_VIEW = "map"
"""A domain drawn on a map: its expansions also say what they put on the frontier
(``BoundedRecorder.reach``), the generations themselves being only counted."""


class DomainFailed(Exception):
    """A domain's own code (a user's problem, a plug-in) raised something that is not a
    refusal: the page is told what and where (HTTP 422), the server log has the rest."""


class Started(NamedTuple):
    """A search under way: where its events come from, and what the page is told."""

    source: EventSource
    info: dict[str, Any]


def _refuse_files(body: Mapping[str, Any]) -> None:
    """No field names a file: a value that reads as a path is refused with the one
    message of ``core.access`` (whether or not the file exists, never echoed), and a NUL
    character, which is in no start, goal, name or number, by its field (a file name
    holding one was a Python error)."""
    for name, value in body.items():
        if not isinstance(value, str):
            continue
        if "\x00" in value:
            raise FieldError(name, f"{name} holds a NUL character: remove it")
        if access.looks_like_path(value):
            raise access.refused("schedule" if name == "start" else "value", name)


@contextlib.contextmanager
def as_request(limits: WebLimits) -> Iterator[None]:
    """Compute as a web request: within the allowance of ``limits`` (set-up counted
    against the run's seconds) and under the server's file policy, which is no file
    at all when the caller set none (the app sets its catalogue for the whole request)."""
    budget = allowance.Allowance(
        limits.max_build_bytes, limits.run_seconds, limits.keep_build_bytes
    )
    with access.serving(access.policy() or access.Served()), allowance.within(budget):
        yield


def failure(error: BaseException) -> str:
    """An exception from a domain's code on one line: its type, message and place."""
    frames = traceback.extract_tb(error.__traceback__)
    place = f" ({Path(frames[-1].filename).name}, line {frames[-1].lineno})" if frames else ""
    message = str(error)
    message = message if len(message) <= 200 else message[:199] + "…"
    return f"{type(error).__name__}: {message}{place}"


def guarded(work: Callable[[], T]) -> T:
    """Run ``work()``: refusals pass through, any other failure becomes DomainFailed."""
    try:
        return work()
    except UserCodeError as error:  # the user's code failed: its own status, 422
        raise DomainFailed(str(error)) from None
    except (InputError, DomainFailed):
        raise
    except Exception as error:
        log.exception("a domain's code failed")
        raise DomainFailed(f"the domain's code failed: {failure(error)}") from None


def _continue_hint(
    domain: Domain[Any, Any], text: str | None, algorithm: str, start: Any, registered: bool
) -> str:
    """Where to go on when a live search stops at the server's limits."""
    if (
        registered
        and text is not None
        and "\n" not in text.strip()
        and len(text.strip()) <= 60
        and algorithm == domain.default_algorithm_for(start)
    ):
        command = f"searchlab {domain.name} solve {shlex.quote(text.strip())}"
        return f"the command `{command}` searches on without this limit"
    return "the command line searches on without this limit"


def build_request(
    domain: Domain[Any, Any], body: Mapping[str, Any], limits: WebLimits
) -> tuple[SearchRequest, str | None]:
    """The domain's checked request for ``body``, built by the one request builder
    (``Domain.request_from``) with the server's caps as its limits and its own rules
    besides (no file named, tables built only for named goals and within the run's
    allowance), and the start as typed."""
    params = [option.name for option in domain.params]
    refuse_unknown(body, (*FIELDS, *option_names(), *params), f"a {domain.name} search")
    _refuse_files(body)
    # an empty field of the form is one not given (a start left empty too)
    fields = {
        name: value for name, value in body.items() if name != "drawings" and not blank(value)
    }
    if "generic" in domain.engines:
        fields["engine"] = "generic"  # the engine that reports every event
    draft = request_fields.draft(domain, fields, NO_LIMITS)
    if draft.info.stream:
        cap = Limits(max_expanded=limits.live_max_expanded)
    else:
        cap = Limits(max_expanded=limits.run_max_expanded, max_seconds=limits.run_seconds)
    draft = dataclasses.replace(draft, limits=cap)
    if draft.heuristic is not None and draft.heuristic in built_per_goal(domain):
        check_goal(domain, draft.heuristic, draft.start, draft.goal)
        check_build(draft.heuristic, draft.goal, limits.max_table_bytes)
        with BUILDING:  # the tables are built (or loaded) while the request is checked
            try:
                request = request_fields.complete(domain, draft, observed=True)
                domain.prepare(request)
            except InputError as error:
                raise error.about("heuristic") from None
    else:
        request = request_fields.complete(domain, draft, observed=True)
        domain.prepare(request)
    text = body.get("start")
    return request, text if isinstance(text, str) and text.strip() else None


def start_search(
    domain: Domain[Any, Any], body: Mapping[str, Any], limits: WebLimits, *, registered: bool
) -> Started:
    """Check and start the search ``body`` asks for (see the module docstring)."""
    with as_request(limits):
        return guarded(lambda: _start(domain, body, limits, registered))


def _start(
    domain: Domain[Any, Any], body: Mapping[str, Any], limits: WebLimits, registered: bool
) -> Started:
    drawings = body.get("drawings", False)
    if drawings is None:
        drawings = False
    if not isinstance(drawings, bool):
        raise FieldError("drawings", "drawings must be true or false")
    request, text = build_request(domain, body, limits)
    problem = domain.problem(request)
    encoder = (
        DrawingEncoder(domain, problem)
        if drawings
        else EventEncoder(state=domain.encode, move=domain.encode_move)
    )
    state = domain.request_start_state(request)
    info: dict[str, Any] = {
        "domain": domain.name,
        "live": request.info.stream,
        "run": domain.run_json(request),
        "start_drawing": None if state is None else drawing_of(domain, problem, state),
        "goal_drawing": (
            None if request.goal is None else drawing_of(domain, problem, request.goal)
        ),
    }
    if request.info.stream:
        hint = _continue_hint(domain, text, request.algorithm, request.start, registered)
        page = None
        if drawings:  # as many events a page as fit its bytes, one drawing each
            drawn = len(dumps(drawing_of(domain, problem, problem.initial)))
            page = max(1, min(limits.max_page_events, limits.max_page_bytes // (drawn + 200)))
        teacher = Teacher(domain, request, encoder, limits.max_detail_bytes, recorded=False)
        live = LiveSearch(
            domain.stream(request),
            encoder,
            budget_seconds=limits.live_budget_seconds,
            max_expanded=limits.live_max_expanded,
            hint=hint,
            page_events=page,
            teacher=teacher,
        )
        info["teaching"] = teacher.summary()
        return Started(live, info)
    keep = LOCAL_KINDS if request.info.local else RECORDED_KINDS
    # detail is at most a quarter of what all sessions may hold
    detail_bytes = min(limits.max_detail_bytes, limits.max_session_bytes // 4)
    teacher = Teacher(domain, request, encoder, detail_bytes, texts=drawings)
    recorder = BoundedRecorder(
        encoder,
        limits.run_max_expanded + 1000,
        keep,
        max_bytes=limits.max_session_bytes,
        teacher=teacher,
        reach=MAP_VIEW in domain.views and "expand" in keep,  # the map's frontier, each step
    )
    # a population method's generations (fitness, best individual) ride along
    population = PopulationLog(recorder, domain.encode, limits.max_page_bytes)
    # set-up (checking, tables, graphs) counts against the run's seconds
    seconds = allowance.search_seconds(request.limits.max_seconds)
    timed = dataclasses.replace(request.limits, max_seconds=seconds)
    try:
        result = domain.search(dataclasses.replace(request, limits=timed), population)
        recorder.finish()
    except EventCapReached:
        raise FieldError(
            "algorithm",
            f"the search recorded more than {recorder.max_events:,} events or "
            f"{_bytes(limits.max_session_bytes)} of them: the viewer stops there",
        ) from None
    description = domain.describe(request, result)
    info.update(
        result=domain.document(request, result),
        description=description,
        origin=recorder.origin,
        total=len(recorder.events),
        teaching=teacher.summary(),
    )
    generations = population.summary()
    if generations is not None:
        info["population"] = generations
    if drawings:
        assert isinstance(encoder, DrawingEncoder)
        info["path_drawings"] = _path_drawings(encoder, result.path, limits)
    if result.limit is not None:
        info["limit_note"] = (
            f"the viewer stops a search at {limits.run_max_expanded:,} expansions or "
            f"{limits.run_seconds:g} s; the command line searches on without these limits"
        )
        info["stopped"] = stopped_words(result.limit, limits)
    return Started(RecordedRun(recorder.events, str(result.status), description), info)


def stopped_words(limit: str, limits: WebLimits) -> str:
    """Which of the viewer's caps stopped a recorded run, said in words."""
    if limit == "max_seconds":
        return f"stopped after {limits.run_seconds:g} s, the viewer's limit per run"
    if limit == "max_expanded":
        return (
            f"stopped after {limits.run_max_expanded:,} states expanded, the viewer's limit per run"
        )
    return f"stopped at one of the viewer's limits per run ({limit.replace('_', ' ')})"


def _bytes(count: int) -> str:
    return f"{count / 2**20:.0f} MB" if count >= 2**20 else f"{count / 2**10:.0f} kB"


def _path_drawings(
    encoder: DrawingEncoder, path: Sequence[Any], limits: WebLimits
) -> list[dict[str, Any]] | None:
    """The drawings of a path, or None when together they would pass a page's bytes."""
    drawn: list[dict[str, Any]] = []
    size = 0
    encoder.follow(path)
    for state in path:
        drawn.append(encoder.draw(state))
        size += len(dumps(drawn[-1]))
        if size > limits.max_page_bytes:
            return None
    return drawn


def random_start(
    domain: Domain[Any, Any], body: Mapping[str, Any], limits: WebLimits
) -> dict[str, Any]:
    """``POST /api/domains/{name}/random``: a random start as text the user can edit,
    the goal to name with it (None: the text implies it), and the seed that draws it
    again (the command line's ``random`` draws the same start from the same seed)."""
    with as_request(limits):
        return guarded(lambda: _random(domain, body))


def draw_map(domain: Domain[Any, Any], body: Mapping[str, Any], limits: WebLimits) -> Any:
    """``POST /api/domains/{name}/map``: what a domain with a map (``map_json``: the
    route domain) draws for the start, goal and parameters of the search form."""
    drawer = domain.map_json  # type: ignore[attr-defined]
    _refuse_files(body)
    with as_request(limits):
        return guarded(lambda: drawer(body))


def _random(domain: Domain[Any, Any], body: Mapping[str, Any]) -> dict[str, Any]:
    params = [option.name for option in domain.params]
    refuse_unknown(body, ("size", "seed", "goal", *params), f"a random {domain.name} start")
    _refuse_files(body)
    if not domain.has_random or domain.size is None:
        raise InputError(f"{domain.title or domain.name} has no random starts")
    seed = SEED.parse(body.get("seed"))
    if seed is None:
        seed = random.SystemRandom().randrange(DRAWN_SEEDS)
    size = domain.size.parse(body.get("size"))
    chosen = parse_options(domain.params, given(body, params), where=domain.title or domain.name)
    goal_text = text_field(body, "goal")
    start = domain.random_start(random.Random(seed), RandomSpec(size, goal_text, chosen))
    goal = domain.parse_goal(goal_text, start) if domain.takes_goal else None
    lines = [
        {"label": label, "text": text, "goal": name}
        for label, text, name in domain.describe_random(start, goal)
    ]
    state = domain.start_state(start)
    return {
        "start": lines[0]["text"],
        "goal": lines[0]["goal"],
        "lines": lines,
        "size": size,
        "seed": seed,
        "drawing": None if state is None else drawing_of(domain, None, state),
    }
