"""Hypothesis against the whole ASGI app: any method, path, query, headers, content
type and body (deep nesting, huge numbers, bytes that are not UTF-8, every field with
every JSON type), on every domain's routes, a user's own problem's included. The server
never fails (no 500, no exception, and no 422: searchlab's own domains and the example
problem never fail in their own code) and every answer on an /api path is JSON: an
error in the one format, or a result."""

from __future__ import annotations

import json
import urllib.parse
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.algorithms.registry import ALGORITHM_OPTIONS
from searchlab.domains.queens.board import SEED_CASES
from searchlab.domains.user import load_problem
from searchlab.web import WebLimits, create_app

BASE = "http://127.0.0.1:8000"
LIMITS = WebLimits(  # every search the fuzzer starts ends at once
    run_seconds=0.2,
    run_max_expanded=300,
    slice_seconds=0.05,
    live_budget_seconds=0.5,
    live_max_expanded=2000,
    max_page_events=50,
    queue_seconds=0.5,
)
DOMAINS = ["queens", "puzzle", "schedule", "romania"]
SEARCH = ["start", "goal", "algorithm", "heuristic", "seed", "drawings", *ALGORITHM_OPTIONS]
ROUTES = {
    "/api/domains/queens/search": [*SEARCH, "moves"],
    "/api/domains/puzzle/search": SEARCH,
    "/api/domains/schedule/search": SEARCH,
    "/api/domains/romania/search": SEARCH,
    "/api/domains/queens/random": ["size", "moves", "seed", "goal"],
    "/api/domains/puzzle/random": ["size", "seed", "goal"],
    "/api/domains/schedule/random": ["size", "seed"],
}
FIELDS = sorted({name for names in ROUTES.values() for name in names})
PLAUSIBLE = [  # values some field accepts, so that bodies reach past the first check
    4, 8, 1, 0, -1, 24, 25, 1.5, "4", "6", "", "free", "column", "attacks", "pairs", "first",
    "random", str(SEED_CASES[0]), "[(1,1),(2,3)]", "1 2 3/4 5 6/7 _ 8", "8 6 7/2 5 4/3 _ 1",
    "standard", "bratko", "astar", "bfs", "rbfs", "ida", "manhattan", "misplaced", "dfs",
    "hill-climbing", "simulated-annealing", "weighted-astar", "greedy", "uniform-cost",
    "iterative-deepening", "best-first", "example", "case1", "b", "'Sibiu'", "'Arad'",
    "straight-line", "zero", "steepest", "stochastic", True, False, "/etc/passwd",
]  # fmt: skip

TEXTS = [value for value in PLAUSIBLE if isinstance(value, str)]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(PLAUSIBLE)
    | st.sampled_from(TEXTS).map(lambda text: text + "\udc80"),  # a lone surrogate
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
json_bodies = st.dictionaries(
    st.sampled_from(FIELDS) | st.text(max_size=8), json_values, max_size=6
).map(lambda body: json.dumps(body).encode())  # NaN and Infinity included, as Python writes them
raw_bodies = st.one_of(
    st.binary(max_size=200),
    st.integers(4300, 6000).map(lambda digits: b'{"n": ' + b"9" * digits + b"}"),
    st.integers(500, 5000).map(lambda depth: b"[" * depth + b"]" * depth),
    st.integers(500, 3000).map(lambda depth: b'{"n":' * depth + b"1" + b"}" * depth),
    st.text(max_size=50).map(lambda text: text.encode("utf-16")),
    st.just(b'{"state": "\\ud800", "n": "\\udfff"}'),
    st.just(b"x" * 30_000),  # past the size cap
)
bodies = st.none() | json_bodies | raw_bodies

methods = st.sampled_from(["GET", "POST", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD"])
segments = st.text(min_size=1, max_size=12).map(lambda text: urllib.parse.quote(text, safe=""))
header_text = st.text(  # what an HTTP header can carry: Latin-1 without controls
    st.characters(min_codepoint=32, max_codepoint=255, exclude_characters="\x7f"), max_size=40
)
headers = st.fixed_dictionaries(
    {},
    optional={
        "content-type": st.sampled_from(
            [
                "application/json",
                "application/json; charset=utf-8",
                "text/plain",
                "",
                "APPLICATION/JSON",
            ]
        )
        | header_text,
        "origin": st.sampled_from([BASE, "http://evil.example", "null", "http://127.0.0.1:9"])
        | header_text,
        "sec-fetch-site": st.sampled_from(["same-origin", "cross-site", "same-site", "none"]),
        "sec-fetch-mode": st.sampled_from(["navigate", "cors", "no-cors"]),
        "host": st.sampled_from(["localhost:1", "[::1]", "evil.example", "127.0.0.1:8000"])
        | header_text,
        "content-length": st.sampled_from(["0", "1", "20001", "-1", " 7", "²", "9" * 5000])
        | header_text,
        "transfer-encoding": st.sampled_from(["chunked", "gzip", ""]),
    },
)
queries = st.dictionaries(
    st.sampled_from(["from", "max", "until", "algorithm"]) | st.text(max_size=5),
    st.sampled_from(["0", "1", "-1", "50", "51", "solution", "event", "9" * 5000, "rbfs"])
    | st.text(max_size=10),
    max_size=3,
)


EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    romania = load_problem(str(EXAMPLES / "romania.py"))
    with TestClient(create_app(LIMITS, domains=[romania]), base_url=BASE) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def session_ids(client: TestClient) -> list[str]:
    """Real sessions of each kind, so event and DELETE paths reach them."""
    started = [
        client.post("/api/domains/queens/search", json={"start": "6", "drawings": True}),
        client.post("/api/domains/queens/search", json={"start": str(SEED_CASES[0])}),
        client.post("/api/domains/puzzle/search", json={"start": "1 2 3/4 5 6/7 _ 8"}),
        client.post("/api/domains/schedule/search", json={"start": "example", "drawings": True}),
        client.post("/api/domains/romania/search", json={"algorithm": "dfs"}),
    ]
    return [reply.json()["session"] for reply in started]


def paths(session_ids: list[str]) -> st.SearchStrategy[str]:
    session = st.sampled_from(session_ids) | segments
    return st.one_of(
        st.sampled_from([*ROUTES, "/", "/api/options", "/static/js/api.js", "/api", "/api/"]),
        session.map(lambda id_: f"/api/sessions/{id_}/events"),
        session.map(lambda id_: f"/api/sessions/{id_}"),
        segments.map(lambda name: f"/api/source/{name}"),
        segments.map(lambda name: f"/api/domains/{name}/search"),
        segments.map(lambda name: f"/api/domains/{name}/random"),
        st.sampled_from(DOMAINS).map(lambda name: f"/api/source/{name}"),
        st.lists(segments, min_size=1, max_size=4).map(lambda parts: "/" + "/".join(parts)),
        st.lists(segments, min_size=1, max_size=3).map(lambda parts: "/api/" + "/".join(parts)),
        st.lists(segments, min_size=1, max_size=2).map(lambda parts: "/static/" + "/".join(parts)),
    )


def check(method: str, path: str, reply: Any) -> None:
    """No failure, and on /api a JSON answer: a result, or an error in the one format."""
    assert reply.status_code < 500, reply.text
    assert reply.status_code != 422, reply.text  # no domain's own code failed
    api = path == "/api" or path.startswith("/api/")
    if not api or method == "HEAD":
        return
    assert reply.headers["content-type"] == "application/json", reply.text
    answer: Any = reply.json()
    if reply.status_code >= 400:
        assert set(answer) == {"error", "field"}, answer
        assert isinstance(answer["error"], str) and answer["error"]
        assert answer["field"] is None or isinstance(answer["field"], str)


FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@FUZZ
@given(data=st.data())
def test_no_request_at_all_makes_the_server_fail(
    client: TestClient, session_ids: list[str], data: st.DataObject
) -> None:
    """Everything drawn at random: most are refused before any route runs."""
    method = data.draw(methods, "method")
    path = data.draw(paths(session_ids), "path")
    query = data.draw(queries, "query")
    sent_headers = {
        name.encode("latin-1"): value.encode("latin-1")
        for name, value in data.draw(headers, "headers").items()
    }
    body = data.draw(bodies, "body")
    check(
        method, path, client.request(method, path, params=query, headers=sent_headers, content=body)
    )


STARTS = {  # the field a route cannot do without, with values it takes
    "/api/domains/queens/search": (
        "start",
        ["6", str(SEED_CASES[0]), str(SEED_CASES[1]), "[(1,2),(2,4),(3,1)]", "case2"],
    ),
    "/api/domains/puzzle/search": (
        "start",
        ["1 2 3/4 5 6/7 _ 8", "8 6 7/2 5 4/3 _ 1", "2 1 6/4 _ 8/7 5 3", "a", "c"],
    ),
    "/api/domains/schedule/search": ("start", ["example"]),
    "/api/domains/romania/search": ("start", ["'Sibiu'", "'Lugoj'", ""]),
}


def field_bodies(route: str) -> st.SearchStrategy[bytes]:
    """Objects of the route's own fields, each with a plausible value or any JSON; for
    the routes that need a board, mostly with a good one, so the other fields are read."""
    values = st.sampled_from(PLAUSIBLE) | json_values
    fields = st.dictionaries(st.sampled_from(ROUTES[route]), values, max_size=len(ROUTES[route]))
    if route in STARTS:
        name, good = STARTS[route]
        others = {field: values for field in ROUTES[route] if field != name}
        fields |= st.fixed_dictionaries({name: st.sampled_from(good)}, optional=others)
    return fields.map(lambda body: json.dumps(body).encode())


@FUZZ
@given(
    route_body=st.sampled_from(list(ROUTES)).flatmap(
        lambda route: st.tuples(st.just(route), field_bodies(route) | json_bodies | raw_bodies)
    ),
    content_type=st.sampled_from(["application/json", "application/json; charset=utf-8"]),
)
def test_no_body_makes_a_route_fail(
    client: TestClient, route_body: tuple[str, bytes], content_type: str
) -> None:
    """Well-addressed requests, so that every body reaches the route's fields."""
    route, body = route_body
    reply = client.post(route, content=body, headers={"content-type": content_type})
    check("POST", route, reply)
    if reply.status_code == 200:
        assert "session" in reply.json() or route.endswith("/random")


@FUZZ
@given(data=st.data())
def test_no_query_makes_the_events_fail(
    client: TestClient, session_ids: list[str], data: st.DataObject
) -> None:
    session = data.draw(st.sampled_from(session_ids) | segments, "session")
    query = data.draw(queries, "query")
    path = f"/api/sessions/{session}/events"
    check("GET", path, client.get(path, params=query))
