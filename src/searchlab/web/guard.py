"""What every request must pass before the app sees it, so that no web page can drive
the viewer and no request can make it read without end.

A page on another origin can send "simple" requests (a form, ``fetch`` with
``no-cors`` and a text body) without asking first, and a DNS-rebinding page can reach
the server under a host name of its own. So the server answers only under the host
names it serves (loopback and the one it is bound to), refuses anything another site
sends (``Sec-Fetch-Site``, ``Origin``), takes only JSON bodies on the API, and reads a
body only up to the cap: by ``Content-Length`` before reading, then while reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from searchlab.web.errors import is_api, refusal
from searchlab.web.fields import shown

LOOPBACK = ("localhost", "127.0.0.1", "[::1]")
"""The names this machine reaches the server by, whatever it is bound to."""

_HOST = re.compile(r"(\[[0-9a-f:.]+\]|[^:\[\]/@\s]+)(?::([0-9]{1,5}))?")
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def host_name(host: str) -> str:
    """A host as the Host header carries it: lower case, IPv6 literals in brackets."""
    host = host.strip().lower()
    if ":" in host and not host.startswith("["):
        return f"[{host}]"
    return host


def _split_host(value: str) -> tuple[str, str | None] | None:
    """``name[:port]`` from a Host header, None when it is not one."""
    match = _HOST.fullmatch(value.strip().lower())
    return None if match is None else (match[1], match[2])


def _origin(scheme: str, name: str, port: str | None) -> str:
    """``scheme://name[:port]`` as browsers write it, without the scheme's default port."""
    if port is None or port == _DEFAULT_PORTS.get(scheme):
        return f"{scheme}://{name}"
    return f"{scheme}://{name}:{port}"


def _parse_origin(value: str) -> str | None:
    scheme, separator, rest = value.strip().lower().partition("://")
    parts = _split_host(rest) if separator else None
    return None if parts is None else _origin(scheme, *parts)


def _declared_length(value: str) -> int | None:
    """A Content-Length as a number (None: it is not one), read without ``int`` on
    thousands of digits, which Python refuses."""
    value = value.strip()
    if not value or not value.isascii() or not value.isdigit():
        return None
    return int(value) if len(value) <= 18 else 10**18


def _media_type(headers: Headers) -> str:
    return headers.get("content-type", "").split(";")[0].strip().lower()


class BodyTooLarge(Exception):
    """The body went past the cap while it was being read."""


class ClientGone(Exception):
    """The client disconnected before its body arrived."""


async def read_capped(receive: Receive, cap: int) -> bytes:
    """The whole body, reading no further than ``cap`` bytes (plus the chunk that
    crossed it): memory stays bounded whatever the client sends."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > cap:
            raise BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


class Guard:
    """ASGI middleware: Host, cross-site, Content-Type and body-size checks (see above)."""

    def __init__(self, app: ASGIApp, *, hosts: Iterable[str], max_body_bytes: int) -> None:
        self.app = app
        self.hosts = frozenset(host_name(host) for host in (*LOOPBACK, *hosts))
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        path: str = scope["path"]

        async def refuse(status: int, message: str, close: bool = False) -> None:
            extra = {"connection": "close"} if close else None
            await refusal(path, status, message, extra)(scope, receive, send)

        host = _split_host(headers.get("host", ""))
        if host is None or host[0] not in self.hosts:
            named = "none" if host is None else shown(host[0])
            names = ", ".join(sorted(self.hosts))
            await refuse(400, f"this server answers only as {names}, not as host {named}")
            return
        reason = self._cross_site(scope, headers, _origin(scope.get("scheme", "http"), *host))
        if reason is not None:
            await refuse(403, reason)
            return
        length = headers.get("content-length")
        chunked = "transfer-encoding" in headers
        if not chunked and length in (None, "0"):
            await self.app(scope, receive, send)  # no body: nothing more to check
            return
        if is_api(path) and _media_type(headers) != "application/json":
            named = shown(_media_type(headers)) if _media_type(headers) else "no Content-Type"
            await refuse(415, f"the request body must be JSON (application/json), not {named}")
            return
        too_large = f"the request is too large (at most {self.max_body_bytes} bytes)"
        if length is not None and not chunked:
            declared = _declared_length(length)
            if declared is None:
                await refuse(400, "the Content-Length header is not a number", close=True)
                return
            if declared > self.max_body_bytes:
                await refuse(413, too_large, close=True)
                return
        try:
            body = await read_capped(receive, self.max_body_bytes)
        except BodyTooLarge:
            await refuse(413, too_large, close=True)
            return
        except ClientGone:
            return
        given = False

        async def replay() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    @staticmethod
    def _cross_site(scope: Scope, headers: Headers, own: str) -> str | None:
        """Why a request comes from another site (None: it does not). A page elsewhere
        may still link to the viewer: a plain navigation to a page that is not the API
        passes, since it changes nothing and the other site cannot read the answer."""
        origin = headers.get("origin")
        if origin is not None and _parse_origin(origin) != own:
            return f"requests from {shown(origin)} are refused: open the viewer at {own}/"
        site = headers.get("sec-fetch-site")
        if site in ("cross-site", "same-site"):
            navigation = headers.get("sec-fetch-mode") == "navigate" and scope["method"] in (
                "GET",
                "HEAD",
            )
            if not navigation or is_api(scope["path"]):
                return f"requests from other sites are refused: open the viewer at {own}/"
        return None
