"""The web viewer's ASGI app: the page, its static modules, and a small JSON API.

    POST /api/queens/backtrack {n}                   start a live backtracking search
    POST /api/queens/climb {state, moves, …}         run a hill climb (capped), record it
    POST /api/queens/random {n, moves}               a random board to climb from
    POST /api/puzzle/solve {start, goal, …}          run a best-first search (capped)
    GET  /api/sessions/{id}/events?from=&max=&until=solution    the next page of events
    DELETE /api/sessions/{id}                        drop a search
    GET  /api/options, /api/source/{view}            choices and defaults; code shown

Bad input is HTTP 400 with ``{"error": message, "field": name}``; every search
request is capped by ``WebLimits``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from searchlab import __version__
from searchlab.core.errors import InputError
from searchlab.web import source_code
from searchlab.web.fields import FieldError, get_int
from searchlab.web.limits import DEFAULT_LIMITS, WebLimits
from searchlab.web.sessions import SessionGone, SessionStore
from searchlab.web.sources import Busy, EventSource
from searchlab.web.views import backtrack, climb, puzzle

STATIC = Path(str(resources.files("searchlab.web") / "static"))

Starter = Callable[[Mapping[str, Any], WebLimits], tuple[EventSource, dict[str, Any]]]


def error(status: int, message: str, field: str | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status)


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


def create_app(limits: WebLimits = DEFAULT_LIMITS) -> Starlette:
    """A fresh app with its own session store (tests make one per case)."""
    store = SessionStore(limits.max_sessions, limits.idle_seconds)

    async def read_body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > limits.max_body_bytes:
            raise FieldError(
                None, f"the request is too large (at most {limits.max_body_bytes} bytes)"
            )
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise FieldError(None, "the request body is not JSON") from None
        if not isinstance(body, dict):
            raise FieldError(None, "the request body must be a JSON object")
        return body

    def handle(call: Callable[[], Response]) -> Response:
        try:
            return call()
        except FieldError as problem:
            return error(400, str(problem), problem.field)
        except InputError as problem:
            return error(400, str(problem))
        except SessionGone as problem:
            return error(404, str(problem))
        except Busy as problem:
            return error(409, str(problem))

    def starter(view: str, start: Starter) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                body = await read_body(request)
            except FieldError as problem:
                return error(400, str(problem), problem.field)

            def run() -> Response:
                source, info = start(body, limits)
                session = store.add(view, source, info)
                return JSONResponse({"session": session.id, "view": view, **info})

            return await run_in_threadpool(handle, run)

        return endpoint

    async def events(request: Request) -> Response:
        params = request.query_params

        def run() -> Response:
            session = store.get(request.path_params["session"])
            start = get_int(params, "from", 0, 0, 2**62)
            limit = get_int(params, "max", limits.max_page_events, 1, limits.max_page_events)
            until = params.get("until", "")
            if until not in ("", "event", "solution"):
                raise FieldError("until", f"until must be 'event' or 'solution', not {until!r}")
            page = session.source.pull(
                start, limit, until_solution=until == "solution", seconds=limits.slice_seconds
            )
            return JSONResponse(page.to_json())

        return await run_in_threadpool(handle, run)

    async def drop(request: Request) -> Response:
        store.remove(request.path_params["session"])
        return JSONResponse({"dropped": True})

    async def random_board(request: Request) -> Response:
        try:
            body = await read_body(request)
        except FieldError as problem:
            return error(400, str(problem), problem.field)
        return await run_in_threadpool(
            handle, lambda: JSONResponse(climb.random_start(body, limits))
        )

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
            return error(404, f"no view called {view!r}: backtrack, climb or puzzle")
        return JSONResponse({"view": view, "sources": source_code.sources(names)})

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    async def not_found(request: Request, _exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return error(404, f"no such API path: {request.url.path}")
        return Response("not found", status_code=404, media_type="text/plain")

    async def reaper() -> None:
        while True:
            await asyncio.sleep(min(60.0, max(0.05, limits.idle_seconds / 4)))
            store.reap()

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(reaper())
        try:
            yield
        finally:  # shutdown: every live search thread is told to end
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
        exception_handlers={404: not_found},
        lifespan=lifespan,
    )
    app.state.sessions = store
    app.state.limits = limits
    app.add_middleware(SecurityHeaders)
    return app
