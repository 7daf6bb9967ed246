"""The web viewer's ASGI app: the page, its static modules, and a small JSON API over
every domain the server serves (the registered ones and the user's own problems).

    GET  /api/options                              every domain's descriptor, and the caps
    POST /api/domains/{name}/search {start, goal, algorithm, heuristic, seed, <options>,
         <params>, drawings}                       a search: live (dfs) or recorded
    POST /api/domains/{name}/random {size, seed, goal, <params>}   a random start
    GET  /api/sessions/{id}/events?from=&max=&until=solution    the next page of events
    DELETE /api/sessions/{id}                      drop a search
    GET  /api/source/{name}?algorithm=             the code a search runs
    POST /api/prolog/{name}/query {query}          a Prolog query, stepped port by port
    GET  /api/graphs, POST /api/graphs/{check,export,search} {graph, ...}   the graph
         editor: its examples, the heuristic's check, files, searches (web/graphs.py)
    GET  /api/classroom, GET|POST /api/classroom/follow   classroom mode (web/classroom.py)

Bad input is HTTP 400 with ``{"error": message, "field": name}``, and every other
refusal on /api is in that format too: 400 a host name not this server's, 403 a request
from another site, 404 (no such path, domain or search), 405, 409 a search asked out of
order, 413 a body past the cap, 415 a body not JSON, 422 a domain's own code failed (a
user's problem), 429 every search worker busy or, in classroom mode, the student's
share of them taken (with Retry-After); in classroom mode 401 without a seat (the join
link) and 403 for a wrong join token. Every search is
capped by ``WebLimits``; ``Guard`` checks each request before any route sees it, and
searches compute on a small ``WorkPool`` so that the page stays quick under load.

The handlers are module-level functions, listed in one table (``ROUTES``); what they
share of one app (its caps, domains, sessions and workers) is its ``Server``, on
``app.state.server``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from searchlab.core import access
from searchlab.core.errors import InputError
from searchlab.domains.base import Domain
from searchlab.domains.registry import domains as registered
from searchlab.web import classroom as room
from searchlab.web import graph_routes, graphs, memory, networks, source_code
from searchlab.web.catalog import Catalog, options_json
from searchlab.web.errors import error, is_api, phrase, refusal
from searchlab.web.eventlog import dumps
from searchlab.web.fields import FieldError, get_int, parse_object, shown
from searchlab.web.guard import Guard
from searchlab.web.limits import DEFAULT_LIMITS, WebLimits
from searchlab.web.pool import Abandoned, Overloaded, WorkPool
from searchlab.web.prolog_queries import Program, PrologQueries, programs_of, start_query
from searchlab.web.sandbox import Confine
from searchlab.web.searches import DomainFailed, draw_map, failure, random_start, start_search
from searchlab.web.sessions import SessionGone, SessionStore
from searchlab.web.sources import Busy, Page, RecordedRun

T = TypeVar("T")
STATIC = Path(str(resources.files("searchlab.web") / "static"))


class NoSuchDomain(LookupError):
    """The path names a domain this server does not serve (HTTP 404)."""


def json_body(payload: Any) -> Response:
    """``payload`` as JSON, written on the worker: a domain's state that is not JSON
    (a user's own ``encode``) is its failure (422), not the server's."""
    try:
        data = dumps(payload)
    except (TypeError, ValueError) as problem:
        raise DomainFailed(
            f"the domain wrote something that is not JSON: {failure(problem)}"
        ) from None
    return Response(data, media_type="application/json")


class SecurityHeaders:
    """Every response forbids loading anything from elsewhere: the page is self-contained."""

    POLICY = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", self.POLICY.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


@dataclass(frozen=True)
class Server:
    """What every handler of one app shares, kept on ``app.state.server``: its caps,
    the domains it serves (and which of them are registered ones, whose searches the
    command line can go on with), the live searches and the workers that compute."""

    limits: WebLimits
    catalog: Catalog
    registered: frozenset[str]
    sessions: SessionStore
    pool: WorkPool
    queries: PrologQueries  # the Prolog files whose queries may be stepped


Handler = Callable[[Request], Awaitable[Response]]


def server_of(request: Request) -> Server:
    """The app's shared state, for a handler."""
    server = request.app.state.server
    assert isinstance(server, Server), server
    return server


def owner(request: Request) -> str | None:
    """The student a request counts against (None: not a classroom)."""
    seat = room.seat_of(request.scope)
    return None if seat is None else seat.id


def compute(request: Request, work: Callable[[], T]) -> Awaitable[T]:
    """``work`` on the pool, in its sender's turn (the teacher's comes first)."""
    seat = room.seat_of(request.scope)
    pool = server_of(request).pool
    return pool.run(work, owner(request), first=seat is not None and seat.teacher)


async def read_body(request: Request) -> dict[str, Any]:
    raw = await request.body()  # the Guard has read it, up to max_body_bytes
    return parse_object(raw)


def domain_of(request: Request) -> Domain[Any, Any]:
    """The domain the path names, among those this server serves."""
    catalog = server_of(request).catalog
    name = request.path_params["name"]
    found = catalog.get(name)
    if found is None:
        known = ", ".join(domain.name for domain in catalog)
        raise NoSuchDomain(f"no domain called {shown(name)} on this server: {known}")
    return found


def api(handler: Handler) -> Handler:
    """``handler`` answering every refusal in the API's error format."""

    @functools.wraps(handler)
    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except InputError as problem:  # FieldError included: both name their field
            return error(400, phrase(problem), problem.field)
        except (SessionGone, NoSuchDomain) as problem:
            return error(404, str(problem))
        except Busy as problem:
            return error(409, str(problem))
        except DomainFailed as problem:
            return error(422, str(problem))
        except Overloaded as problem:
            return error(429, str(problem), headers={"retry-after": str(problem.retry_after)})
        except Abandoned as problem:  # a call stuck in C: answered, its thread left to run
            return error(503, str(problem))

    return answer


def _open_session(
    server: Server,
    domain: Domain[Any, Any],
    body: dict[str, Any],
    student: str | None,
    extra: Mapping[str, Any] | None = None,
) -> Response:
    """Start the search ``body`` asks for and keep it as a session (on a worker), its
    answer told ``extra`` besides."""
    registered = domain.name in server.registered
    started = start_search(domain, body, server.limits, registered=registered)
    info = {**started.info, **(extra or {})}
    session = server.sessions.add(domain.name, started.source, info, student)
    try:
        return json_body({"session": session.id, **info})
    except DomainFailed:
        server.sessions.remove(session.id)
        raise


@api
async def search(request: Request) -> Response:
    domain = domain_of(request)
    body = await read_body(request)
    work = functools.partial(_open_session, server_of(request), domain, body, owner(request))
    return await compute(request, work)


graph_options = api(graph_routes.graph_options)
graph_check = api(graph_routes.graph_check)
graph_export = api(graph_routes.graph_export)


@api
async def graph_search(request: Request) -> Response:
    """A search on a graph drawn in the editor (``web.graphs``), kept as a session; its
    answer also says where the drawn h breaks a promise (``warnings``)."""
    graph, rest = graphs.graph_body(await read_body(request))
    extra = {"warnings": graphs.heuristic_warnings(graph)}
    server, student = server_of(request), owner(request)

    def run() -> Response:
        return _open_session(server, graphs.graph_domain(graph), rest, student, extra)

    return await compute(request, run)


@api
async def random(request: Request) -> Response:
    domain = domain_of(request)
    body = await read_body(request)
    limits = server_of(request).limits
    return await compute(request, lambda: json_body(random_start(domain, body, limits)))


@api
async def map_(request: Request) -> Response:
    """What a domain with a map (``map_json``: the route domain) draws for a start."""
    domain = domain_of(request)
    body = await read_body(request)
    if getattr(domain, "map_json", None) is None:
        raise NoSuchDomain(f"{domain.title or domain.name} draws no map")
    limits = server_of(request).limits
    return await compute(request, lambda: json_body(draw_map(domain, body, limits)))


@api
async def events(request: Request) -> Response:
    """The next page of a search's events."""
    params, limits = request.query_params, server_of(request).limits
    session = server_of(request).sessions.get(request.path_params["session"])
    start = get_int(params, "from", 0, 0, 2**62)
    limit = get_int(params, "max", limits.max_page_events, 1, limits.max_page_events)
    until = params.get("until", "")
    if until not in ("", "event", "solution"):
        raise FieldError("until", f"until must be 'event' or 'solution', not {shown(until)}")

    def pull() -> Page:
        return session.source.pull(
            start, limit, until_solution=until == "solution", seconds=limits.slice_seconds
        )

    # a recorded run answers from its stored JSON at once; a live search computes
    page = pull() if isinstance(session.source, RecordedRun) else await compute(request, pull)
    return Response(page.body(), media_type="application/json")


@api
async def drop(request: Request) -> Response:
    session = request.path_params["session"]
    if not server_of(request).sessions.remove(session):
        return error(404, f"no search {shown(session)} on this server: it ended or was dropped")
    return JSONResponse({"dropped": True})


@api
async def options(request: Request) -> Response:
    server = server_of(request)
    return json_body(
        {**options_json(server.catalog, server.limits), "prolog": server.queries.to_json()}
    )


@api
async def prolog_query(request: Request) -> Response:
    """A query of one of the server's Prolog files, stepped port by port as a session
    (``web.prolog_queries``)."""
    server = server_of(request)
    name = request.path_params["name"]
    program = server.queries.program(name)
    if program is None:
        known = server.queries.known()
        raise NoSuchDomain(f"no Prolog program called {shown(name)} on this server: {known}")
    body = await read_body(request)
    student = owner(request)

    def run() -> Response:
        source = start_query(program, body, server.limits)
        info = {"query": source.query.text, "variables": list(source.query.names)}
        session = server.sessions.add(f"prolog:{program.name}", source, info, student)
        return json_body({"session": session.id, **info})

    return await compute(request, run)


@api
async def source(request: Request) -> Response:
    domain = domain_of(request)
    algorithm, names = source_code.domain_sources(domain, request.query_params.get("algorithm"))
    sources = await anyio.to_thread.run_sync(source_code.sources, names)
    return JSONResponse({"domain": domain.name, "algorithm": algorithm, "sources": sources})


@api
async def network(request: Request) -> Response:
    """The network tab's steps on the network it sends (``web.networks``): AC-3's
    revisions, backtracking told, the network checked or written as Python."""
    body = await read_body(request)
    action = request.path_params["action"]
    return await compute(request, lambda: json_body(networks.answer(action, body)))


async def index(_request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})


async def http_error(request: Request, problem: Exception) -> Response:
    """Starlette's own refusals (no such path, wrong method) in the API's format."""
    assert isinstance(problem, HTTPException)
    path = request.url.path
    message = problem.detail
    if problem.status_code == 404:
        message = f"no such API path: {path}" if is_api(path) else "not found"
    elif problem.status_code == 405:
        allowed = (problem.headers or {}).get("Allow")
        message = f"{request.method} is not allowed on {path}"
        message += f": use {allowed}" if allowed else ""
    return refusal(path, problem.status_code, message, problem.headers)


ROUTES = [
    Route("/", index),
    Route("/api/options", options),
    Route("/api/domains/{name}/search", search, methods=["POST"]),
    Route("/api/domains/{name}/random", random, methods=["POST"]),
    Route("/api/domains/{name}/map", map_, methods=["POST"]),
    Route("/api/sessions/{session}/events", events),
    Route("/api/sessions/{session}", drop, methods=["DELETE"]),
    Route("/api/source/{name}", source),
    Route("/api/prolog/{name}/query", prolog_query, methods=["POST"]),
    Route("/api/network/{action}", network, methods=["POST"]),
    Route("/api/graphs", graph_options),
    Route("/api/graphs/check", graph_check, methods=["POST"]),
    Route("/api/graphs/export", graph_export, methods=["POST"]),
    Route("/api/graphs/search", graph_search, methods=["POST"]),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]
"""Every route of the viewer but the classroom's (``classroom.routes``)."""


async def reap(sessions: SessionStore, idle_seconds: float) -> None:
    """Drop the searches left idle, every quarter of their idle time (at most a minute)."""
    while True:
        await asyncio.sleep(min(60.0, max(0.05, idle_seconds / 4)))
        sessions.reap()


async def give_memory_back(sessions: SessionStore) -> None:
    """Hand the memory of ended searches back to the system once there is enough of it."""
    while True:
        await asyncio.sleep(memory.CHECK_SECONDS)
        freed = sessions.take_freed()
        if freed >= memory.TRIM_AFTER_BYTES or (freed and not len(sessions)):
            await anyio.to_thread.run_sync(memory.give_back)


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """The app's housekeeping while it serves; at shutdown every live search is ended."""
    server: Server = app.state.server
    tasks = [
        asyncio.create_task(reap(server.sessions, server.limits.idle_seconds)),
        asyncio.create_task(give_memory_back(server.sessions)),
    ]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        server.sessions.close_all()


def create_app(
    limits: WebLimits = DEFAULT_LIMITS,
    hosts: Iterable[str] = (),
    domains: Iterable[Domain[Any, Any]] = (),
    graphs: Mapping[str, Path] | None = None,
    classroom: room.Classroom | None = None,
    programs: Iterable[Program] = (),
) -> Starlette:
    """A fresh app with its own session store (tests make one per case), answering
    under the loopback names and ``hosts`` (the address it is served on), serving every
    registered domain and ``domains`` besides (a user's own problems, each a tab), and
    the graph files of ``graphs`` by their names (no other file: ``core.access``). With
    a ``classroom``, only to those who joined, each student within their share. Every
    Prolog file among ``domains``, and ``programs`` (files with no search), may be
    queried (``web.prolog_queries``)."""
    served = access.catalogue("graph", graphs or {})
    domains = tuple(domains)
    share = None if classroom is None else classroom.limits
    server = Server(
        limits,
        Catalog(domains, served),
        frozenset(domain.name for domain in registered()),
        SessionStore(
            limits.max_sessions,
            limits.idle_seconds,
            limits.max_session_bytes,
            per_owner=None if share is None else share.sessions_per_student,
        ),
        WorkPool(
            limits.max_concurrent_searches,
            limits.queue_seconds,
            per_owner=None if share is None else share.searches_per_student,
            abandon_seconds=limits.abandon_seconds,
        ),
        PrologQueries([*programs_of(domains), *programs]),
    )
    middleware = [  # outermost first: refusals get the security headers too
        Middleware(SecurityHeaders),
        Middleware(Guard, hosts=hosts, max_body_bytes=limits.max_body_bytes),
    ]
    if classroom is not None:  # after the Host and cross-site checks, before any route
        middleware.append(Middleware(room.ClassroomGate, classroom=classroom))
    middleware.append(Middleware(Confine, served=served))  # no file a request names is opened
    app = Starlette(
        routes=[*ROUTES, *room.routes(classroom)],
        middleware=middleware,
        exception_handlers={HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.server = server
    app.state.sessions = server.sessions
    app.state.limits = limits
    app.state.pool = server.pool
    app.state.catalog = server.catalog
    app.state.classroom = classroom
    return app
