"""A widget that steps any search in a notebook with the web viewer's controls.

The widget is one of the viewer's views (the generic one, or a view the domain names:
backtracking, hill climbing, the sliding puzzle): the same JavaScript modules (joined
into one by ``searchlab.notebook.bundle``), the same form made from the domain's
descriptor, the same player (Reset, Back, Step, Play, To the end, the speed), the same
drawings and explanations. Its API requests do not go to a server: they travel as widget messages
to the kernel, where the viewer's own app (``searchlab.web.app.create_app``) answers
them in this process, so every event is encoded by ``core/encoding`` exactly as the
page receives it. Nothing of the search runs in JavaScript.

Needs the ``notebook`` extra (``pip install 'searchlab[notebook]'``: anywidget).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import anywidget
import traitlets
from starlette.types import Message

from searchlab.core.errors import InputError
from searchlab.domains.base import Domain
from searchlab.domains.registry import domains as registered
from searchlab.notebook.bundle import widget_module
from searchlab.notebook.display import DomainLike, as_domain
from searchlab.web.app import STATIC, create_app

HOST = "127.0.0.1"
"""The name the in-process app is asked under (one it answers to)."""
SECONDS = 120.0
"""The longest a request may take before the widget is told it failed (the app's own
limits stop every search long before this)."""


@cache
def viewer_css() -> str:
    """The viewer's stylesheet, its page-wide variables given to the widget's root."""
    return (STATIC / "style.css").read_text(encoding="utf-8").replace(":root", ":host")


VIEWS = ("backtrack", "climb", "puzzle", "generic")
"""The viewer's views (static/js/main.js): a domain names the ones it wants."""


INCLUDE = re.compile(r'<template data-include="([^"]+)"></template>')
"""Where a view's markup takes in another template (as template.js's ``instantiate``)."""


@cache
def view_template(view: str) -> tuple[str, str]:
    """The markup of one of the viewer's views (its ``<template>`` in index.html, the
    templates it includes put in with its prefix) and the prefix of its ids."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    flat = INCLUDE.sub(lambda found: f"<!--include {found.group(1)}-->", page)
    markup, prefix = _template(flat, f"template-{view}")

    def included(found: re.Match[str]) -> str:
        inner, own = _template(flat, found.group(1))
        return inner.replace(f'"{own}-', f'"{prefix}-')

    return re.sub(r"<!--include ([^ ]+)-->", included, markup), prefix


def _template(page: str, name: str) -> tuple[str, str]:
    """A template's markup and the prefix of its ids, from a page without includes."""
    pattern = rf'<template id="{re.escape(name)}" data-prefix="([^"]+)">(.*?)</template>'
    found = re.search(pattern, page, re.DOTALL)
    if found is None:
        raise LookupError(f"the viewer's page has no {name}")
    return found.group(2), found.group(1)


def generic_template() -> str:
    """The markup of the viewer's generic view."""
    return view_template("generic")[0]


class InProcessApp:
    """The viewer's ASGI app, called in this process: each request is one HTTP exchange
    made by hand, on an event loop of its own thread (a notebook's kernel runs its own
    loop, which a search must not hold up)."""

    def __init__(self, extra: tuple[Domain[Any, Any], ...] = ()) -> None:
        self.app = create_app(domains=extra)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Ask the app: ``(status, the JSON answer)``."""
        future = asyncio.run_coroutine_threadsafe(self._exchange(method, path, body), self.loop)
        return future.result(SECONDS)

    async def _exchange(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        url = urlsplit(path)
        raw = b"" if body is None else json.dumps(body).encode()
        headers = [(b"host", HOST.encode()), (b"accept", b"application/json")]
        if body is not None:
            headers += [(b"content-type", b"application/json"),
                        (b"content-length", str(len(raw)).encode())]
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method.upper(), "scheme": "http", "path": url.path,
            "raw_path": url.path.encode(), "query_string": url.query.encode(),
            "root_path": "", "headers": headers, "client": (HOST, 0), "server": (HOST, 80),
        }
        sent = False
        status = 500
        chunks: list[bytes] = []

        async def receive() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": raw, "more_body": False}
            await asyncio.Event().wait()  # the client never disconnects
            return {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        data = b"".join(chunks)
        try:
            return status, json.loads(data) if data else None
        except ValueError:
            return status, {"error": data.decode(errors="replace")[:200]}

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


class Stepper(anywidget.AnyWidget):
    """Step a search of ``domain`` in the notebook, with the web viewer's controls.

    Args:
        domain: a registered domain's name, a ``Domain``, or your own problem object
            (``initial``, ``successors``, ``is_goal``; its ``h``/``heuristics``,
            ``draw`` and ``parse_state`` if it has them).
        start: the start as the domain writes it (a named start included); None: the
            domain's form starts empty (a problem object: its own start).
        algorithm: the algorithm's name (None: the domain's default).
        heuristic: the heuristic's name (None: the domain's default).
        goal: the goal as the domain writes it (None: the domain's own).
        seed: fixes every random choice (None: a new seed each run).
        run: press Run at once (when there is a start to run from).
        view: the viewer's view to show: "generic" (any domain, any algorithm), or one
            the domain names (``Domain.views``): "backtrack" (N-queens' applet, with
            stable configurations or every attempt), "climb", "puzzle".
        **fields: the algorithm's options and the domain's parameters, by their names
            (``tie_break="last"``, ``moves="free"``), as the viewer's form takes them.

    Raises:
        InputError: ``domain`` names no registered domain, or ``view`` is not one of
            its views.

    Examples:
        In a notebook, the last line of a cell shows the widget:

        >>> Stepper("puzzle", "c", algorithm="best-first", heuristic="bratko")  # doctest: +SKIP
    """

    _esm = widget_module()
    domain = traitlets.Unicode("").tag(sync=True)
    view = traitlets.Unicode("generic").tag(sync=True)
    prefix = traitlets.Unicode("gn").tag(sync=True)
    template = traitlets.Unicode("").tag(sync=True)
    css = traitlets.Unicode("").tag(sync=True)
    fields = traitlets.Dict().tag(sync=True)
    autorun = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        domain: DomainLike,
        start: str | None = None,
        *,
        algorithm: str | None = None,
        heuristic: str | None = None,
        goal: str | None = None,
        seed: int | None = None,
        run: bool = True,
        view: str = "generic",
        **fields: Any,
    ) -> None:
        chosen = as_domain(domain)
        offered = (*(name for name in chosen.views if name in VIEWS), "generic")
        if view not in offered:
            raise InputError(
                f"{chosen.title} has no view {view!r}: choose one of {', '.join(offered)}",
                field="view",
            )
        markup, prefix = view_template(view)
        names = {entry.name for entry in registered()}
        own = () if chosen.name in names else (chosen,)
        given = {"start": start, "algorithm": algorithm, "heuristic": heuristic,
                 "goal": goal, "seed": seed, **fields}
        values = {name: str(value) for name, value in given.items() if value is not None}
        runnable = start is not None or chosen.has_default_start
        super().__init__(
            domain=chosen.name,
            view=view,
            prefix=prefix,
            template=markup,
            css=viewer_css(),
            fields=values,
            autorun=run and runnable,
        )
        self.server = InProcessApp(own)
        self.on_msg(self._answer)

    def __repr__(self) -> str:
        asked = ", ".join(f"{name}={value!r}" for name, value in self.fields.items())
        return f"<Stepper {self.domain}{': ' + asked if asked else ''}>"

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """What the widget's page is answered for one API request (tests ask it too)."""
        return self.server.request(method, path, body)

    def _answer(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        try:
            status, payload = self.request(content["method"], content["path"], content["body"])
        except Exception as error:  # the page is told, whatever went wrong
            status, payload = 500, {"error": f"{type(error).__name__}: {error}"}
        self.send({"id": content["id"], "status": status, "payload": payload})

    def close(self) -> None:
        server = getattr(self, "server", None)  # None: refused before it was made
        if server is not None:
            server.close()
        super().close()
