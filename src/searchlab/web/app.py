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
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
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
from searchlab.web import memory, source_code
from searchlab.web.catalog import Catalog, options_json
from searchlab.web.errors import error, is_api, phrase, refusal
from searchlab.web.eventlog import dumps
from searchlab.web.fields import FieldError, get_int, parse_object, shown
from searchlab.web.guard import Guard
from searchlab.web.limits import DEFAULT_LIMITS, WebLimits
from searchlab.web.pool import Overloaded, WorkPool
from searchlab.web.prolog_queries import Program, PrologQueries, programs_of
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
    catalog = Catalog(domains, served)
    names = {domain.name for domain in registered()}
    share = None if classroom is None else classroom.limits
    store = SessionStore(
        limits.max_sessions,
        limits.idle_seconds,
        limits.max_session_bytes,
        per_owner=None if share is None else share.sessions_per_student,
    )
    pool = WorkPool(
        limits.max_concurrent_searches,
        limits.queue_seconds,
        per_owner=None if share is None else share.searches_per_student,
    )

    def owner(request: Request) -> str | None:
        """The student a request counts against (None: not a classroom)."""
        seat = room.seat_of(request.scope)
        return None if seat is None else seat.id

    def compute(request: Request, work: Callable[[], T]) -> Awaitable[T]:
        """``work`` on the pool, in its sender's turn (the teacher's comes first)."""
        seat = room.seat_of(request.scope)
        return pool.run(work, owner(request), first=seat is not None and seat.teacher)

    async def read_body(request: Request) -> dict[str, Any]:
        raw = await request.body()  # the Guard has read it, up to max_body_bytes
        return parse_object(raw)

    def domain_of(request: Request) -> Domain[Any, Any]:
        name = request.path_params["name"]
        found = catalog.get(name)
        if found is None:
            known = ", ".join(domain.name for domain in catalog)
            raise NoSuchDomain(f"no domain called {shown(name)} on this server: {known}")
        return found

    async def answer(work: Callable[[], Awaitable[Response]]) -> Response:
        """The response of ``work``, or its refusal in the API's error format."""
        try:
            return await work()
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

    async def search(request: Request) -> Response:
        async def work() -> Response:
            domain = domain_of(request)
            body = await read_body(request)
            student = owner(request)

            def run() -> Response:
                started = start_search(domain, body, limits, registered=domain.name in names)
                session = store.add(domain.name, started.source, started.info, student)
                try:
                    return json_body({"session": session.id, **started.info})
                except DomainFailed:
                    store.remove(session.id)
                    raise

            return await compute(request, run)

        return await answer(work)

    async def random(request: Request) -> Response:
        async def work() -> Response:
            domain = domain_of(request)
            body = await read_body(request)
            return await compute(request, lambda: json_body(random_start(domain, body, limits)))

        return await answer(work)

    async def map_(request: Request) -> Response:
        """What a domain with a map (``map_json``: the route domain) draws for a start."""

        async def work() -> Response:
            domain = domain_of(request)
            body = await read_body(request)
            drawer = getattr(domain, "map_json", None)
            if drawer is None:
                raise NoSuchDomain(f"{domain.title or domain.name} draws no map")
            return await compute(request, lambda: json_body(draw_map(domain, body, limits)))

        return await answer(work)

    async def events(request: Request) -> Response:
        params = request.query_params

        async def work() -> Response:
            session = store.get(request.path_params["session"])
            start = get_int(params, "from", 0, 0, 2**62)
            limit = get_int(params, "max", limits.max_page_events, 1, limits.max_page_events)
            until = params.get("until", "")
            if until not in ("", "event", "solution"):
                wrong = shown(until)
                raise FieldError("until", f"until must be 'event' or 'solution', not {wrong}")

            def pull() -> Page:
                return session.source.pull(
                    start, limit, until_solution=until == "solution", seconds=limits.slice_seconds
                )

            # a recorded run answers from its stored JSON at once; a live search computes
            if isinstance(session.source, RecordedRun):
                page = pull()
            else:
                page = await compute(request, pull)
            return Response(page.body(), media_type="application/json")

        return await answer(work)

    async def drop(request: Request) -> Response:
        session = request.path_params["session"]
        if not store.remove(session):
            return error(404, f"no search {shown(session)} on this server: it ended or was dropped")
        return JSONResponse({"dropped": True})

    queries = PrologQueries(
        [*programs_of(domains), *programs], store, limits, compute, answer, read_body, owner
    )

    async def options(_request: Request) -> Response:
        async def work() -> Response:
            return json_body({**options_json(catalog, limits), "prolog": queries.to_json()})

        return await answer(work)

    async def source(request: Request) -> Response:
        async def work() -> Response:
            domain = domain_of(request)
            algorithm, names = source_code.domain_sources(
                domain, request.query_params.get("algorithm")
            )
            sources = await anyio.to_thread.run_sync(source_code.sources, names)
            return JSONResponse({"domain": domain.name, "algorithm": algorithm, "sources": sources})

        return await answer(work)

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

    async def reaper() -> None:
        while True:
            await asyncio.sleep(min(60.0, max(0.05, limits.idle_seconds / 4)))
            store.reap()

    async def give_memory_back() -> None:
        while True:
            await asyncio.sleep(memory.CHECK_SECONDS)
            freed = store.take_freed()
            if freed >= memory.TRIM_AFTER_BYTES or (freed and not len(store)):
                await anyio.to_thread.run_sync(memory.give_back)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        tasks = [asyncio.create_task(reaper()), asyncio.create_task(give_memory_back())]
        try:
            yield
        finally:  # shutdown: every live search is ended
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            store.close_all()

    routes = [
        Route("/", index),
        Route("/api/options", options),
        Route("/api/domains/{name}/search", search, methods=["POST"]),
        Route("/api/domains/{name}/random", random, methods=["POST"]),
        Route("/api/domains/{name}/map", map_, methods=["POST"]),
        Route("/api/sessions/{session}/events", events),
        Route("/api/sessions/{session}", drop, methods=["DELETE"]),
        Route("/api/source/{name}", source),
        *queries.routes(),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        *room.routes(classroom),
    ]
    middleware = [  # outermost first: refusals get the security headers too
        Middleware(SecurityHeaders),
        Middleware(Guard, hosts=hosts, max_body_bytes=limits.max_body_bytes),
    ]
    if classroom is not None:  # after the Host and cross-site checks, before any route
        middleware.append(Middleware(room.ClassroomGate, classroom=classroom))
    middleware.append(Middleware(Confine, served=served))  # no file a request names is opened
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.sessions = store
    app.state.limits = limits
    app.state.pool = pool
    app.state.catalog = catalog
    app.state.classroom = classroom
    return app
