"""Classroom mode (``searchlab serve --classroom``): one server, a room of students.

The server answers nobody who has not opened a join link: ``/?join=TOKEN`` with the
students' token (or the teacher's) sets a *seat* cookie and redirects to the clean
address, so the token is in a URL once and the page's own requests carry the seat.
Every other request without a valid seat is refused (401; 403 for a wrong token), on
loopback too, whatever its Host header says. A seat is ``role.id.mac``: the id is the
student's (their quota and their turn in the work queue), the mac an HMAC under a key
made for this run of the server, so a seat cannot be made up or carried to another
lecture.

The teacher's seat may lead: ``POST /api/classroom/follow`` publishes where its page
is (a tab and the state its link holds), and every student page that follows asks
``GET /api/classroom/follow?after=VERSION`` (a long poll) and reopens that state the
way it reopens a link.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qs

import anyio
from starlette.datastructures import Headers
from starlette.requests import Request, cookie_parser
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from searchlab.core.errors import InputError
from searchlab.web.errors import error, refusal
from searchlab.web.fields import FieldError, get_int, parse_object, refuse_unknown, shown
from searchlab.web.limits import WebLimits

COOKIE = "searchlab_seat"
SEAT_KEY = "searchlab.seat"
"""Where the gate leaves the request's ``Seat`` in the ASGI scope."""
JOIN = "join"
"""The query parameter of a join link."""

_TAB = re.compile(r"[A-Za-z0-9_-]{1,80}")
_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
POLL_SLICE_SECONDS = 0.5
"""A waiting poll looks this often whether the server is stopping."""
MAX_STATE_FIELDS = 40
MAX_STATE_CHARS = 4000


@dataclass(frozen=True)
class ClassroomLimits:
    """What one student may hold at once, so that one cannot starve the room."""

    sessions_per_student: int = 4  # searches kept open; past it their own oldest is dropped
    searches_per_student: int = 3  # requests computing or waiting for a worker; past it 429
    follow_wait_seconds: float = 8.0  # how long a student's poll waits for the teacher to move


@dataclass(frozen=True)
class Seat:
    """Who sent a request: a student or the teacher, and their id."""

    role: str  # "student" or "teacher"
    id: str

    @property
    def teacher(self) -> bool:
        return self.role == "teacher"


@dataclass
class Position:
    """Where the teacher's page is, as its link holds it, and whether students follow."""

    on: bool = False
    tab: str | None = None
    state: dict[str, str] = field(default_factory=dict)
    version: int = 0

    def json(self) -> dict[str, Any]:
        return {"on": self.on, "tab": self.tab, "state": self.state, "version": self.version}


class Classroom:
    """The tokens of one lecture, the seats they give, and the teacher's position."""

    def __init__(
        self,
        limits: ClassroomLimits | None = None,
        student_token: str | None = None,
        teacher_token: str | None = None,
    ) -> None:
        self.limits = limits or ClassroomLimits()
        self.student_token = student_token or secrets.token_urlsafe(16)
        self.teacher_token = teacher_token or secrets.token_urlsafe(16)
        if self.student_token == self.teacher_token:
            raise ValueError("the students' and the teacher's tokens must differ")
        self._key = secrets.token_bytes(32)
        self.position = Position()
        self.join_link: str | None = None  # the students' link, once the address is known
        self.closing = False  # the server is stopping: no poll waits any more
        self._moved: anyio.Event | None = None  # made in the event loop, on first wait

    # -- seats -------------------------------------------------------------------------

    def _mac(self, role: str, seat_id: str) -> str:
        message = f"{role}.{seat_id}".encode()
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()[:32]

    def seat_cookie(self, seat: Seat) -> str:
        return f"{seat.role}.{seat.id}.{self._mac(seat.role, seat.id)}"

    def seat_of(self, cookie: str | None) -> Seat | None:
        """The seat a cookie holds, None when it holds none of this lecture's."""
        if not cookie:
            return None
        parts = cookie.split(".")
        if len(parts) != 3 or parts[0] not in ("student", "teacher"):
            return None
        role, seat_id, mac = parts
        if not hmac.compare_digest(mac, self._mac(role, seat_id)):
            return None
        return Seat(role, seat_id)

    def role_of(self, token: str) -> str | None:
        """Whose token this is ("student", "teacher"), None when neither."""
        given = token.encode()
        if hmac.compare_digest(given, self.teacher_token.encode()):
            return "teacher"
        if hmac.compare_digest(given, self.student_token.encode()):
            return "student"
        return None

    def links(self, url: str) -> dict[str, str]:
        """The join links for the server's address ``url`` (ending in /); the students'
        is kept, for the teacher's page to show (and project) as a QR code."""
        self.join_link = f"{url}?{JOIN}={self.student_token}"
        return {"join": self.join_link, "teacher": f"{url}?{JOIN}={self.teacher_token}"}

    # -- follow me ---------------------------------------------------------------------

    def lead(self, body: Mapping[str, Any]) -> Position:
        """The teacher's new position (checked), published to every follower."""
        refuse_unknown(body, ("on", "tab", "state"), "the teacher's position")
        on = body.get("on", True)
        if not isinstance(on, bool):
            raise FieldError("on", "on must be true or false")
        tab = body.get("tab")
        state = body.get("state", {})
        if on:
            if not isinstance(tab, str) or not _TAB.fullmatch(tab):
                raise FieldError("tab", f"tab must name one of the page's tabs, not {shown(tab)}")
            state = _checked_state(state)
        old = self.position
        self.position = Position(
            on, tab if on else old.tab, state if on else old.state, old.version + 1
        )
        if self._moved is not None:
            self._moved.set()
            self._moved = None
        return self.position

    async def follow(self, after: int) -> Position:
        """The position once it is newer than version ``after`` (or after the wait, or
        at once when the server stops: its pending polls end rather than being cut)."""
        waited = 0.0
        while self.position.version <= after and not self.closing:
            if waited >= self.limits.follow_wait_seconds:
                break
            if self._moved is None:
                self._moved = anyio.Event()
            moved = self._moved
            with anyio.move_on_after(POLL_SLICE_SECONDS):
                await moved.wait()
            waited += POLL_SLICE_SECONDS
        return self.position

    def close(self) -> None:
        """The server is stopping (called from its signal handler)."""
        self.closing = True


def _checked_state(state: Any) -> dict[str, str]:
    """A link's state: a few short text fields, as the page writes them."""
    if not isinstance(state, dict):
        raise FieldError("state", "state must be an object of the link's fields")
    if len(state) > MAX_STATE_FIELDS:
        raise FieldError("state", f"state has more than {MAX_STATE_FIELDS} fields")
    total = 0
    for name, value in state.items():
        if not _NAME.fullmatch(name):
            raise FieldError("state", f"state has a field named {shown(name)}")
        if not isinstance(value, str):
            raise FieldError("state", f"state's {name} must be text, not {shown(value)}")
        total += len(name) + len(value)
    if total > MAX_STATE_CHARS:
        raise FieldError("state", f"state is longer than {MAX_STATE_CHARS} characters")
    return dict(state)


NO_SEAT = (
    "this viewer is a classroom: open the join link your teacher gave you "
    "(the address ending in ?join=…)"
)
WRONG_TOKEN = "this join link is not this lecture's: ask your teacher for the link on the screen"


class ClassroomGate:
    """ASGI middleware: a join link gives a seat (cookie, then a redirect to the clean
    address); any other request without a seat of this lecture is refused."""

    def __init__(self, app: ASGIApp, *, classroom: Classroom) -> None:
        self.app = app
        self.classroom = classroom

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):  # lifespan
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        path: str = scope["path"]
        seat = self.classroom.seat_of(cookie_parser(headers.get("cookie", "")).get(COOKIE))
        if scope["type"] == "websocket":  # the viewer has none; refused all the same
            if seat is None:
                await send({"type": "websocket.close", "code": 1008})
                return
            scope[SEAT_KEY] = seat
            await self.app(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        if JOIN in query and path == "/":
            role = self.classroom.role_of(query[JOIN][0])
            if role is None:
                await refusal(path, 403, WRONG_TOKEN)(scope, receive, send)
                return
            if seat is None or seat.role != role:  # a student joining again keeps their id
                seat = Seat(role, secrets.token_urlsafe(9))
            answer = RedirectResponse("/", status_code=303, headers={"cache-control": "no-store"})
            answer.set_cookie(
                COOKIE, self.classroom.seat_cookie(seat), path="/", httponly=True, samesite="lax"
            )
            await answer(scope, receive, send)
            return
        if seat is None:
            await refusal(path, 401, NO_SEAT)(scope, receive, send)
            return
        scope[SEAT_KEY] = seat
        await self.app(scope, receive, send)


def seat_of(scope: Scope) -> Seat | None:
    """The seat the gate found for this request (None: not a classroom)."""
    seat = scope.get(SEAT_KEY)
    return seat if isinstance(seat, Seat) else None


def qr_image(link: str) -> str | None:
    """``link`` as a QR code, an SVG ``data:`` URI (dark on white whatever the theme, so
    phones read it off a projector); None without segno."""
    try:
        import segno
    except ImportError:
        return None
    code = segno.make(link, error="m")
    return str(code.svg_data_uri(scale=8, dark="#000", light="#fff", border=4))


def room_limits(limits: WebLimits) -> WebLimits:
    """The server's caps for a room: as many sessions as a room keeps open (memory stays
    capped by bytes), a longer wait in the fair queue before a search is turned away,
    and one search computing at a time. The viewer's searches are Python holding the
    interpreter lock, so a second worker adds no throughput but takes the lock from the
    loop that answers every page: with 100 simulated students (benchmarks/
    classroom_load.py) the median GET went from 82 ms with two workers to 19 ms with one,
    and as many runs finished."""
    return replace(
        limits,
        max_sessions=max(limits.max_sessions, 400),
        queue_seconds=max(limits.queue_seconds, 10.0),
        max_concurrent_searches=1,
    )


def routes(classroom: Classroom | None) -> list[Route]:
    """The classroom's API (on every server: without a classroom it says there is none).

    GET  /api/classroom                  {"classroom", "role", "follow"} (the teacher's
                                         page also gets "join" and its "qr" to show)
    GET  /api/classroom/follow?after=N   the teacher's position once newer than N
    POST /api/classroom/follow {on, tab, state}   the teacher's page leads (403 otherwise)
    """

    async def about(request: Request) -> Response:
        seat = seat_of(request.scope)
        if classroom is None or seat is None:
            return JSONResponse({"classroom": False, "role": None, "follow": None})
        about: dict[str, Any] = {
            "classroom": True,
            "role": seat.role,
            "follow": classroom.position.json(),
        }
        if seat.teacher:  # the students' link to project (never the teacher's own)
            about["join"] = classroom.join_link
            about["qr"] = None if classroom.join_link is None else qr_image(classroom.join_link)
        return JSONResponse(about)

    async def follow(request: Request) -> Response:
        if classroom is None:
            return error(404, "this server is not a classroom (searchlab serve --classroom)")
        if request.method == "GET":
            try:
                after = get_int(request.query_params, "after", -1, -1, 2**62)
            except FieldError as problem:
                return error(400, str(problem), problem.field)
            return JSONResponse((await classroom.follow(after)).json())
        seat = seat_of(request.scope)
        if seat is None or not seat.teacher:
            return error(403, "only the teacher's page can lead the class (the teacher's link)")
        try:
            position = classroom.lead(parse_object(await request.body()))
        except InputError as problem:
            return error(400, str(problem), problem.field)
        return JSONResponse(position.json())

    return [
        Route("/api/classroom", about),
        Route("/api/classroom/follow", follow, methods=["GET", "POST"]),
    ]
