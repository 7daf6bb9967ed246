"""The web viewer's ASGI app: the page, its static modules, and a small JSON API.

    POST /api/queens/backtrack {n}                   start a live backtracking search
    POST /api/queens/climb {state, moves, …}         run a hill climb (capped), record it
    POST /api/queens/random {n, moves}               a random board to climb from
    POST /api/puzzle/solve {start, goal, …}          run a best-first search (capped)
    GET  /api/sessions/{id}/events?from=&max=&until=solution    the next page of events
    DELETE /api/sessions/{id}                        drop a search
    GET  /api/options, /api/source/{view}            choices and defaults; code shown

Bad input is HTTP 400 with ``{"error": message, "field": name}``, and every other
refusal on /api is in that format too: 400 a host name not this server's, 403 a request
from another site, 404, 405, 409 a search asked out of order, 413 a body past the cap,
415 a body not JSON, 429 every search worker busy (with Retry-After). Every search
request is capped by ``WebLimits``; ``Guard`` checks each request before any route sees
it, and searches compute on a small ``WorkPool`` so that the page stays quick under load.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from searchlab import __version__
from searchlab.core.errors import InputError
from searchlab.web import memory, source_code
from searchlab.web.errors import error, is_api, refusal
from searchlab.web.fields import FieldError, get_int, parse_object, shown
from searchlab.web.guard import Guard
from searchlab.web.limits import DEFAULT_LIMITS, WebLimits
from searchlab.web.pool import Overloaded, WorkPool
from searchlab.web.sessions import SessionGone, SessionStore
from searchlab.web.sources import Busy, EventSource, Page, RecordedRun
from searchlab.web.views import backtrack, climb, puzzle

STATIC = Path(str(resources.files("searchlab.web") / "static"))

Starter = Callable[[Mapping[str, Any], WebLimits], tuple[EventSource, dict[str, Any]]]


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


def create_app(limits: WebLimits = DEFAULT_LIMITS, hosts: Iterable[str] = ()) -> Starlette:
    """A fresh app with its own session store (tests make one per case), answering
    under the loopback names and ``hosts`` (the address it is served on)."""
    store = SessionStore(limits.max_sessions, limits.idle_seconds, limits.max_session_bytes)
    pool = WorkPool(limits.max_concurrent_searches, limits.queue_seconds)

    async def read_body(request: Request) -> dict[str, Any]:
        raw = await request.body()  # the Guard has read it, up to max_body_bytes
        return parse_object(raw)

    async def answer(work: Callable[[], Awaitable[Response]]) -> Response:
        """The response of ``work``, or its refusal in the API's error format."""
        try:
            return await work()
        except FieldError as problem:
            return error(400, str(problem), problem.field)
        except InputError as problem:
            return error(400, str(problem))
        except SessionGone as problem:
            return error(404, str(problem))
        except Busy as problem:
            return error(409, str(problem))
        except Overloaded as problem:
            return error(429, str(problem), headers={"retry-after": str(problem.retry_after)})

    def starter(view: str, start: Starter) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            async def work() -> Response:
                body = await read_body(request)

                def run() -> Response:
                    source, info = start(body, limits)
                    session = store.add(view, source, info)
                    return JSONResponse({"session": session.id, "view": view, **info})

                return await pool.run(run)

            return await answer(work)

        return endpoint

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
            page = pull() if isinstance(session.source, RecordedRun) else await pool.run(pull)
            return Response(page.body(), media_type="application/json")

        return await answer(work)

    async def drop(request: Request) -> Response:
        session = request.path_params["session"]
        if not store.remove(session):
            return error(404, f"no search {shown(session)} on this server: it ended or was dropped")
        return JSONResponse({"dropped": True})

    async def random_board(request: Request) -> Response:
        async def work() -> Response:
            body = await read_body(request)
            return JSONResponse(await run_in_threadpool(climb.random_start, body, limits))

        return await answer(work)

    async def options(_request: Request) -> Response:
        return JSONResponse(
            {
                "version": __version__,
                "backtrack": backtrack.options(limits),
                "climb": climb.options(limits),
                "puzzle": puzzle.options(limits),
                "limits": {
                    "max_page_events": limits.max_page_events,
                    "idle_minutes": limits.idle_seconds / 60,
                },
            }
        )

    async def source(request: Request) -> Response:
        view = request.path_params["view"]
        names: tuple[str, ...]
        if view == "backtrack":
            names = backtrack.SOURCES
        elif view == "climb":
            names = climb.SOURCES
        elif view == "puzzle":
            algorithm = request.query_params.get("algorithm", puzzle.DEFAULT_ALGORITHM)
            try:
                names = (puzzle.algorithm_source(algorithm), *puzzle.SOURCES)
            except InputError as problem:
                return error(400, str(problem), "algorithm")
        else:
            return error(404, f"no view called {shown(view)}: backtrack, climb or puzzle")
        return JSONResponse({"view": view, "sources": source_code.sources(names)})

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
        finally:  # shutdown: every live search thread is told to end
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            store.close_all()

    routes = [
        Route("/", index),
        Route("/api/options", options),
        Route("/api/queens/backtrack", starter("backtrack", backtrack.start), methods=["POST"]),
        Route("/api/queens/climb", starter("climb", climb.start), methods=["POST"]),
        Route("/api/queens/random", random_board, methods=["POST"]),
        Route("/api/puzzle/solve", starter("puzzle", puzzle.start), methods=["POST"]),
        Route("/api/sessions/{session}/events", events),
        Route("/api/sessions/{session}", drop, methods=["DELETE"]),
        Route("/api/source/{view}", source),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[  # outermost first: refusals get the security headers too
            Middleware(SecurityHeaders),
            Middleware(Guard, hosts=hosts, max_body_bytes=limits.max_body_bytes),
        ],
        exception_handlers={HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.sessions = store
    app.state.limits = limits
    app.state.pool = pool
    return app
