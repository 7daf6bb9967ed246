"""The viewer's app is one table of module-level handlers (``web.app.ROUTES``) whose
shared state is each app's own ``Server`` (``app.state.server``): no handler closes
over one app, so two apps made side by side never see each other's searches."""

from __future__ import annotations

import inspect
import warnings

from starlette.routing import Mount, Route

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.web import WebLimits, app, create_app
from searchlab.web import classroom as room

BASE = "http://127.0.0.1:8000"


def test_every_route_is_in_the_one_table_with_a_module_level_handler() -> None:
    made = create_app()
    served = [route for route in made.routes if isinstance(route, Route | Mount)]
    expected = [
        route for route in (*app.ROUTES, *room.routes(None)) if isinstance(route, Route | Mount)
    ]
    assert [route.path for route in served] == [route.path for route in expected]
    assert len(expected) == len(app.ROUTES) + len(room.routes(None))
    for route in app.ROUTES:
        if isinstance(route, Route):
            handler = inspect.unwrap(route.endpoint)
            assert "<locals>" not in handler.__qualname__, handler.__qualname__
            assert getattr(app, handler.__name__) is route.endpoint


def test_two_apps_keep_their_own_searches_and_caps() -> None:
    first, second = create_app(), create_app(WebLimits(max_page_events=3))
    assert first.state.server is not second.state.server
    assert first.state.server.sessions is first.state.sessions
    with (
        TestClient(first, base_url=BASE) as one,
        TestClient(second, base_url=BASE) as other,
    ):
        reply = one.post("/api/domains/queens/search", json={"start": "6"})
        assert reply.status_code == 200, reply.text
        session = reply.json()["session"]
        page = one.get(f"/api/sessions/{session}/events", params={"max": 5})
        assert page.status_code == 200 and len(page.json()["events"]) == 5
        # the other app has no such search, and its own page size
        elsewhere = other.get(f"/api/sessions/{session}/events")
        assert elsewhere.status_code == 404
        own = other.post("/api/domains/queens/search", json={"start": "6"}).json()["session"]
        capped = other.get(f"/api/sessions/{own}/events", params={"max": 5})
        assert capped.status_code == 400 and capped.json()["field"] == "max"
        assert other.get("/api/options").json() != one.get("/api/options").json()
