"""What the server refuses before any route runs (web/guard.py) and how it refuses:
other hosts, other sites, bodies that are not JSON or too large, malformed JSON, wrong
methods; always in the API's error format on /api paths."""

from __future__ import annotations

import warnings
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import anyio
import pytest
from conftest import sessions_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.web import WebLimits, create_app

BASE = "http://127.0.0.1:8000"
OWN_ORIGIN = BASE
POST_ROUTES = [
    "/api/domains/queens/search",
    "/api/domains/schedule/search",
    "/api/domains/queens/random",
    "/api/domains/puzzle/search",
]
VALID = {  # a body each POST route accepts
    "/api/domains/queens/search": {"start": "[(1,1),(2,2),(3,3),(4,4)]", "moves": "free"},
    "/api/domains/schedule/search": {"start": "example"},
    "/api/domains/queens/random": {"size": 4},
    "/api/domains/puzzle/search": {"start": "1 2 3/4 5 6/7 _ 8"},
}
BACKTRACK = "/api/domains/queens/search"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=BASE) as test_client:
        yield test_client


def sessions(client: TestClient) -> int:
    return len(sessions_of(client))


def assert_api_error(reply: Any, status: int, words: str = "") -> None:
    assert reply.status_code == status, reply.text
    assert reply.headers["content-type"] == "application/json"
    body = reply.json()
    assert set(body) == {"error", "field"} and body["error"], body
    assert words in body["error"]


# -- hosts (DNS rebinding) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1", "127.0.0.1:1", "[::1]", "[::1]:8000"]
)
def test_loopback_host_names_are_answered_on_any_port(client: TestClient, host: str) -> None:
    assert client.get("/api/options", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io", "localhost.", "[::2]", ""]
)
def test_other_host_names_are_refused_so_a_rebound_name_reaches_nothing(
    client: TestClient, host: str
) -> None:
    for reply in (
        client.get("/api/options", headers={"host": host}),
        client.post(BACKTRACK, json={"start": "4"}, headers={"host": host}),
    ):
        assert_api_error(reply, 400, "answers only as")
    assert sessions(client) == 0
    page = client.get("/", headers={"host": host})
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/plain")


def test_the_host_the_server_was_given_is_answered_too() -> None:
    with TestClient(create_app(hosts=["viewer.lan", "::1", "10.0.0.7"]), base_url=BASE) as client:
        for host in ("viewer.lan:8000", "VIEWER.LAN", "10.0.0.7:80", "[::1]:1"):
            assert client.get("/api/options", headers={"host": host}).status_code == 200
        assert client.get("/api/options", headers={"host": "other.lan"}).status_code == 400


# -- other sites -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},  # another port of the same host name
        {"origin": "http://evil.example"},
        {"origin": "http://127.0.0.1:9000"},  # another port: another origin
        {"origin": "https://127.0.0.1:8000"},
        {"origin": "null"},  # sandboxed frames, file: pages
        {"origin": OWN_ORIGIN, "sec-fetch-site": "cross-site"},
    ],
)
def test_requests_from_other_sites_are_refused_and_start_nothing(
    client: TestClient, headers: dict[str, str]
) -> None:
    for route in POST_ROUTES:
        assert_api_error(client.post(route, json=VALID[route], headers=headers), 403, "refused")
    assert_api_error(client.get("/api/options", headers=headers), 403, "refused")
    assert sessions(client) == 0


@pytest.mark.parametrize(
    "headers",
    [
        {},  # curl, scripts, the tests
        {"origin": OWN_ORIGIN, "sec-fetch-site": "same-origin"},
        {"origin": "HTTP://127.0.0.1:8000"},
        {"sec-fetch-site": "none"},  # typed in the address bar
    ],
)
def test_same_origin_and_headerless_requests_pass(
    client: TestClient, headers: dict[str, str]
) -> None:
    for route in POST_ROUTES:
        assert client.post(route, json=VALID[route], headers=headers).status_code == 200
    assert sessions(client) == 3  # random boards keep no session


def test_a_link_from_another_site_opens_the_page_but_not_the_api(client: TestClient) -> None:
    navigate = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate"}
    assert client.get("/", headers=navigate).status_code == 200
    assert_api_error(client.get("/api/options", headers=navigate), 403)
    assert (
        client.get("/static/js/api.js", headers={"sec-fetch-site": "cross-site"}).status_code == 403
    )


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonx",
    ],
)
def test_api_bodies_must_be_json(client: TestClient, content_type: str | None) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    for route in POST_ROUTES:
        reply = client.post(route, content=b'{"n": 4}', headers=headers)
        assert_api_error(reply, 415, "application/json")
    assert sessions(client) == 0
    typed = {"content-type": "application/json; charset=utf-8"}
    assert client.post(BACKTRACK, content=b'{"start": "4"}', headers=typed).status_code == 200


# -- body size ---------------------------------------------------------------------------


async def call(
    app: Any, headers: list[tuple[str, str]], receive: Callable[[], Awaitable[dict[str, Any]]]
) -> tuple[int, dict[str, str], bytes]:
    """One request straight into the ASGI app, with the ``receive`` given."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": BACKTRACK,
        "raw_path": BACKTRACK.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000")]
        + [(name.encode(), value.encode()) for name, value in headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = sent[0]
    response_headers = {name.decode(): value.decode() for name, value in start["headers"]}
    body = b"".join(message.get("body", b"") for message in sent[1:])
    return start["status"], response_headers, body


def test_a_declared_length_past_the_cap_is_refused_before_any_byte_is_read() -> None:
    reads = [0]

    async def receive() -> dict[str, Any]:
        reads[0] += 1
        assert reads[0] < 100, "the server reads on past the cap"
        return {"type": "http.request", "body": b"x" * 65536, "more_body": True}

    headers = [("content-type", "application/json"), ("content-length", str(10**9))]
    status, sent_headers, body = anyio.run(call, create_app(), headers, receive)
    assert status == 413 and b"too large" in body
    assert sent_headers["connection"] == "close"
    assert reads[0] == 0


@pytest.mark.parametrize("declared", [None, "100"])
def test_a_streamed_body_is_read_only_up_to_the_cap(declared: str | None) -> None:
    """Chunked (no length), or a client that sends more than it declared: reading
    stops at the first chunk past the cap, however much more would come."""
    reads = [0]

    async def endless() -> dict[str, Any]:
        reads[0] += 1
        assert reads[0] < 100, "the server reads on past the cap"
        return {"type": "http.request", "body": b" " * 1000, "more_body": True}

    headers = [("content-type", "application/json")]
    headers.append(
        ("transfer-encoding", "chunked") if declared is None else ("content-length", declared)
    )
    app = create_app(WebLimits(max_body_bytes=10_000))
    status, _, body = anyio.run(call, app, headers, endless)
    assert status == 413 and b"too large" in body
    assert reads[0] == 11  # 11,000 bytes: the chunk that crossed 10,000


def test_a_body_under_the_cap_reaches_the_route_whole() -> None:
    chunks = [b'{"start": "[(1,1),', b"(2,3),(3,5),(4,2),(5,4)]", b'", "moves": "free"}']

    async def receive() -> dict[str, Any]:
        chunk = chunks.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    headers = [("content-type", "application/json"), ("transfer-encoding", "chunked")]
    status, _, body = anyio.run(call, create_app(), headers, receive)
    assert status == 200, body
    assert b'"session"' in body


@pytest.mark.parametrize(
    ("length", "status"),
    [("2x", 400), ("-1", 400), ("1e3", 400), ("²".encode("latin-1"), 400), ("9" * 5000, 413)],
)
def test_a_length_that_is_not_a_number_is_refused(
    client: TestClient, length: str | bytes, status: int
) -> None:
    sent = length if isinstance(length, bytes) else length.encode("latin-1")
    reply = client.post(
        BACKTRACK,
        content=b"{}",
        headers=[(b"content-type", b"application/json"), (b"content-length", sent)],
    )
    assert_api_error(reply, status)
    assert client.get("/", headers=[(b"content-length", sent)]).status_code == status


# -- malformed bodies --------------------------------------------------------------------

MALFORMED = {
    "5,000 digits": b'{"n": ' + b"9" * 5000 + b"}",
    "5,000 digits, negative, in a list": b'{"n": [-' + b"7" * 5000 + b"]}",
    "2,000 brackets": b"[" * 2000 + b"]" * 2000,
    "2,000 unclosed brackets": b"[" * 2000,
    "2,000 nested objects": b'{"a":' * 2000 + b"1" + b"}" * 2000,
    "not UTF-8": b'{"n": "\xff\xfe"}',
    "a lone surrogate": b'{"size": "\\ud800", "start": "\\ud800"}',
    # fields whose refusal names the value: no UTF-8 answer could carry it
    "lone surrogates everywhere": (
        b'{"size": 4, "start": "[(1,1),(2,3)\\udfff", "heuristic": "\\ud800",'
        b' "goal": "x\\ud800", "moves": "\\ud800", "algorithm": "\\udbff"}'
    ),
    "NaN": b'{"size": NaN, "weight": NaN, "seed": NaN}',
    "Infinity": b'{"size": Infinity, "weight": -Infinity, "seed": 1e999}',
    "not an object": b'"text"',
    "truncated": b'{"n": 4',
}


@pytest.mark.parametrize("route", POST_ROUTES)
@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_bodies_are_400_in_the_error_format(
    client: TestClient, route: str, name: str
) -> None:
    reply = client.post(
        route, content=MALFORMED[name], headers={"content-type": "application/json"}
    )
    assert_api_error(reply, 400)
    assert len(reply.json()["error"]) < 200  # names the problem, does not echo the body


def test_a_long_bad_value_is_named_not_echoed(client: TestClient) -> None:
    reply = client.post("/api/domains/queens/random", json={"size": "9" * 5000})
    assert_api_error(reply, 400, "whole number")
    assert reply.json()["field"] == "size" and len(reply.json()["error"]) < 100
    reply = client.post(BACKTRACK, json={"start": "9" * 5000})
    assert_api_error(reply, 400, "far past any board")
    assert reply.json()["field"] == "start" and len(reply.json()["error"]) < 100


# -- methods and sessions ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("GET", "/api/domains/queens/search", "POST"),
        ("PUT", "/api/domains/puzzle/random", "POST"),
        ("POST", "/api/options", "GET"),
        ("OPTIONS", "/api/options", "GET"),
        ("PATCH", "/api/sessions/abc", "DELETE"),
        ("POST", "/api/sessions/abc/events", "GET"),
    ],
)
def test_a_wrong_method_is_a_json_405_naming_the_right_ones(
    client: TestClient, method: str, path: str, allowed: str
) -> None:
    reply = client.request(method, path)
    assert_api_error(reply, 405, method)
    assert allowed in reply.headers["allow"] and allowed in reply.json()["error"]


def test_dropping_a_session_twice_or_an_unknown_one_is_a_json_404(client: TestClient) -> None:
    session = client.post(BACKTRACK, json={"start": "4"}).json()["session"]
    assert client.delete(f"/api/sessions/{session}").json() == {"dropped": True}
    assert_api_error(client.delete(f"/api/sessions/{session}"), 404, "no search")
    assert_api_error(client.delete("/api/sessions/never-issued"), 404, "no search")


def test_refusals_carry_the_security_headers(client: TestClient) -> None:
    reply = client.get("/api/options", headers={"host": "evil.example"})
    assert "default-src 'self'" in reply.headers["content-security-policy"]
    assert reply.headers["x-content-type-options"] == "nosniff"
