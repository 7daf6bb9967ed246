"""Classroom mode (``searchlab serve --classroom``, web/classroom.py): nobody is answered
without a join link's seat, on loopback too and whatever the Host; the token is in a
URL once; a seat cannot be made up; each student keeps their share of sessions and
workers, and waiting requests are served student by student; the teacher's position
reaches the students. The load script (benchmarks/classroom_load.py) is driven with 10
students against the real server: its correctness, never its times."""

from __future__ import annotations

import socket
import sys
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import invoke, sessions_of
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.cli import serve as serve_command
from searchlab.web import DEFAULT_LIMITS, create_app
from searchlab.web.classroom import COOKIE, NO_SEAT, Classroom, ClassroomLimits, room_limits
from searchlab.web.pool import Overloaded, WorkPool

ROOT = Path(__file__).resolve().parent.parent
BASE = "http://127.0.0.1:8000"
STUDENTS = "students-token-1234"
TEACHER = "teacher-token-5678"
LIVE = {"start": "6"}  # 6-queens backtracking: a live search, kept until dropped


@pytest.fixture
def lecture() -> Classroom:
    return Classroom(ClassroomLimits(follow_wait_seconds=30), STUDENTS, TEACHER)


@pytest.fixture
def app(lecture: Classroom) -> Any:
    return create_app(classroom=lecture)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    """One client for the app, so every request runs in one event loop as in the real
    server; each person's seat is then sent as a header (see ``join``)."""
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def join(client: TestClient, token: str = STUDENTS) -> dict[str, str]:
    """Open the join link with ``token`` as a new browser: its Cookie header."""
    client.cookies.clear()
    door = client.get(f"/?join={token}", follow_redirects=False)
    assert door.status_code == 303, door.text
    seat = door.cookies[COOKIE]
    client.cookies.clear()
    return {"cookie": f"{COOKIE}={seat}"}


def assert_api_error(reply: Any, status: int, words: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.headers["content-type"] == "application/json"
    body = reply.json()
    assert set(body) == {"error", "field"} and words in body["error"], body


# -- the door -----------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost", "localhost:8000", "[::1]"])
def test_every_request_without_a_seat_is_refused_on_loopback_too(
    client: TestClient, host: str
) -> None:
    client.cookies.clear()
    for path in ("/api/options", "/api/classroom", "/api/classroom/follow"):
        assert_api_error(client.get(path, headers={"host": host}), 401, "join link")
    search = client.post("/api/domains/puzzle/search", json={}, headers={"host": host})
    assert_api_error(search, 401, "join link")
    for path in ("/", "/static/js/main.js", "/static/style.css"):
        page = client.get(path, headers={"host": host})
        assert page.status_code == 401 and page.text == NO_SEAT
    assert len(sessions_of(client)) == 0


def test_a_websocket_without_a_seat_is_closed_before_it_opens(client: TestClient) -> None:
    client.cookies.clear()
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/"):
        pass
    assert closed.value.code == 1008


def test_the_join_link_gives_a_seat_and_sends_the_browser_to_the_clean_address(
    client: TestClient,
) -> None:
    door = client.get(f"/?join={STUDENTS}", follow_redirects=False)
    assert door.status_code == 303 and door.headers["location"] == "/"
    cookie = door.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=student.")
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower() and "Path=/" in cookie
    assert STUDENTS not in cookie  # the seat is not the token: the token stays in one URL
    page = client.get("/")
    assert page.status_code == 200 and "<title>searchlab" in page.text
    assert client.get("/api/options").status_code == 200
    about = client.get("/api/classroom").json()
    assert about["classroom"] is True and about["role"] == "student"


def test_a_wrong_token_is_refused_and_gives_no_seat(client: TestClient) -> None:
    for token in ("nope", STUDENTS + "x", STUDENTS[:-1], ""):
        door = client.get(f"/?join={token}", follow_redirects=False)
        assert door.status_code == 403 and "set-cookie" not in door.headers
        assert "not this lecture's" in door.text
    assert client.get("/api/options").status_code == 401


def test_a_seat_cannot_be_made_up_altered_or_brought_from_another_lecture(
    client: TestClient, lecture: Classroom
) -> None:
    seat = join(client)["cookie"].split("=", 1)[1]
    role, seat_id, mac = seat.split(".")
    other = Classroom(None, STUDENTS, TEACHER)  # the same tokens, another run of the server
    forged = [
        f"teacher.{seat_id}.{mac}",  # promoted by hand
        f"student.someone-else.{mac}",
        f"{role}.{seat_id}.{'0' * len(mac)}",
        f"{role}.{seat_id}",
        other.seat_cookie(lecture.seat_of(seat) or pytest.fail("the seat is valid")),
        "",
    ]
    for cookie in forged:
        headers = {"cookie": f"{COOKIE}={cookie}"}
        assert client.get("/api/options", headers=headers).status_code == 401, cookie
    assert client.get("/api/options", headers={"cookie": f"{COOKIE}={seat}"}).status_code == 200


def test_a_student_who_joins_again_keeps_their_seat(client: TestClient) -> None:
    assert client.get(f"/?join={STUDENTS}").status_code == 200
    before = client.cookies[COOKIE]
    assert client.get(f"/?join={STUDENTS}").status_code == 200
    assert client.cookies[COOKIE] == before  # the same id: the same share, not a new one
    assert client.get(f"/?join={TEACHER}").status_code == 200
    assert client.get("/api/classroom").json()["role"] == "teacher"


# -- follow me ----------------------------------------------------------------------------


def test_only_the_teachers_page_leads_and_the_students_get_its_position(
    client: TestClient,
) -> None:
    teacher, student = join(client, TEACHER), join(client)
    position = {"tab": "puzzle-puzzle", "state": {"start": "a", "algorithm": "astar", "step": "7"}}
    follow = "/api/classroom/follow"
    refused = client.post(follow, json={"on": True, **position}, headers=student)
    assert_api_error(refused, 403, "only the teacher")
    led = client.post(follow, json={"on": True, **position}, headers=teacher)
    assert led.status_code == 200
    seen = client.get(f"{follow}?after=0", headers=student).json()
    assert seen == {"on": True, **position, "version": led.json()["version"]}
    assert client.get("/api/classroom", headers=student).json()["follow"] == seen
    client.post(follow, json={"on": False}, headers=teacher)
    off = client.get(f"{follow}?after={seen['version']}", headers=student).json()
    assert off["on"] is False and off["version"] == seen["version"] + 1


def test_the_teachers_page_gets_the_students_link_to_project_and_no_one_the_teachers(
    client: TestClient, lecture: Classroom
) -> None:
    links = lecture.links("http://192.0.2.7:8000/")
    teacher, student = join(client, TEACHER), join(client)
    shown = client.get("/api/classroom", headers=teacher).json()
    assert shown["join"] == links["join"] == f"http://192.0.2.7:8000/?join={STUDENTS}"
    assert shown["qr"].startswith("data:image/svg+xml")
    for headers in (teacher, student):
        assert TEACHER not in client.get("/api/classroom", headers=headers).text
    assert set(client.get("/api/classroom", headers=student).json()) == {
        "classroom",
        "role",
        "follow",
    }


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"on": True, "tab": "../etc", "state": {}}, "tab"),
        ({"on": True, "state": {}}, "tab"),
        ({"on": "yes", "tab": "a"}, "on"),
        ({"on": True, "tab": "a", "state": {"step": 3}}, "state"),
        ({"on": True, "tab": "a", "state": {"a b": "1"}}, "state"),
        ({"on": True, "tab": "a", "state": {"start": "x" * 5000}}, "state"),
        ({"on": True, "tab": "a", "state": []}, "state"),
        ({"on": True, "tab": "a", "where": 1}, None),
    ],
)
def test_a_bad_position_is_refused_naming_its_field(
    client: TestClient, body: dict[str, Any], field: str | None
) -> None:
    teacher = join(client, TEACHER)
    reply = client.post("/api/classroom/follow", json=body, headers=teacher)
    assert reply.status_code == 400 and reply.json()["field"] == field, reply.json()
    assert client.get("/api/classroom", headers=teacher).json()["follow"]["version"] == 0


def test_a_students_poll_waits_until_the_teacher_moves(
    client: TestClient, lecture: Classroom
) -> None:
    teacher, student = join(client, TEACHER), join(client)
    answers: list[dict[str, Any]] = []
    asking = threading.Thread(
        target=lambda: answers.append(
            client.get("/api/classroom/follow?after=0", headers=student).json()
        )
    )
    asking.start()
    for _ in range(1000):  # until the poll waits on the server (it makes the event to wait on)
        if lecture._moved is not None:
            break
        threading.Event().wait(0.01)
    assert lecture._moved is not None and not answers
    moved = client.post(
        "/api/classroom/follow",
        json={"on": True, "tab": "queens-backtrack", "state": {"n": "8"}},
        headers=teacher,
    ).json()
    asking.join(60)
    # the poll was answered by the move (the wait is 30 s, and before it the version was 0)
    assert answers == [moved] and moved["version"] == 1


# -- shares and turns ---------------------------------------------------------------------


def test_a_student_keeps_at_most_their_share_of_sessions_and_never_drops_anothers() -> None:
    lecture = Classroom(ClassroomLimits(sessions_per_student=2), STUDENTS, TEACHER)
    with TestClient(create_app(classroom=lecture), base_url=BASE) as client:
        first, other = join(client), join(client)
        search = "/api/domains/queens/search"
        theirs = client.post(search, json=LIVE, headers=other).json()["session"]
        mine = [client.post(search, json=LIVE, headers=first).json()["session"] for _ in range(3)]
        held = {session.id for session in sessions_of(client)._sessions.values()}
        assert held == {theirs, *mine[1:]}  # the student's own oldest went, not the other's
        gone = client.get(f"/api/sessions/{mine[0]}/events", headers=first)
        assert_api_error(gone, 404, "press Start again")
        assert client.get(f"/api/sessions/{theirs}/events", headers=other).status_code == 200


def test_a_student_over_their_share_of_workers_is_told_to_wait() -> None:
    pool = WorkPool(workers=1, wait_seconds=30, per_owner=2)
    release = threading.Event()

    async def scenario() -> tuple[Overloaded, str]:
        async with anyio.create_task_group() as group:
            for _ in range(2):  # one computing, one waiting
                group.start_soon(pool.run, lambda: release.wait(30), "flood")
            await anyio.sleep(0.1)
            with pytest.raises(Overloaded) as refused:
                await pool.run(lambda: "third", "flood")
            assert pool.held("flood") == 2
            release.set()
        return refused.value, await pool.run(lambda: "after", "flood")

    refused, after = anyio.run(scenario)
    assert "you already have 2 searches" in str(refused) and "wait until" in str(refused)
    assert after == "after"  # once they finished, the student's share is free again
    assert pool.held("flood") == 0


def test_waiting_requests_are_served_student_by_student_not_in_order_of_arrival() -> None:
    """One student queues four searches, then another one: the other's runs second,
    not fifth (a FIFO queue, the pool before classroom mode, ran it last)."""
    pool = WorkPool(workers=1, wait_seconds=30)
    release = threading.Event()
    order: list[str] = []

    def job(name: str) -> None:
        order.append(name)

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(pool.run, lambda: release.wait(30), "flood")
            await anyio.sleep(0.1)
            for index in range(4):
                group.start_soon(pool.run, lambda i=index: job(f"flood-{i}"), "flood")
                await anyio.sleep(0.01)  # each queued in turn
            group.start_soon(pool.run, lambda: job("other"), "other")
            await anyio.sleep(0.05)
            release.set()

    anyio.run(scenario)
    assert order == ["flood-0", "other", "flood-1", "flood-2", "flood-3"]


def test_the_teachers_request_is_served_before_the_waiting_students() -> None:
    """The room watches the teacher's page: its search does not wait a round."""
    pool = WorkPool(workers=1, wait_seconds=30)
    release = threading.Event()
    order: list[str] = []

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(pool.run, lambda: release.wait(30), "a")
            await anyio.sleep(0.1)
            for name in ("a", "b", "c"):
                group.start_soon(pool.run, lambda n=name: order.append(n), name)
                await anyio.sleep(0.01)
            group.start_soon(lambda: pool.run(lambda: order.append("teacher"), "t", first=True))
            await anyio.sleep(0.05)
            release.set()

    anyio.run(scenario)
    assert order == ["teacher", "a", "b", "c"]


def test_without_owners_the_pool_serves_in_order_of_arrival() -> None:
    pool = WorkPool(workers=1, wait_seconds=30)
    release = threading.Event()
    order: list[int] = []

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(pool.run, lambda: release.wait(30))
            await anyio.sleep(0.1)
            for index in range(4):
                group.start_soon(pool.run, lambda i=index: order.append(i))
                await anyio.sleep(0.01)
            release.set()

    anyio.run(scenario)
    assert order == [0, 1, 2, 3]


def test_a_room_computes_one_search_at_a_time_and_keeps_more_sessions() -> None:
    room = room_limits(DEFAULT_LIMITS)
    assert room.max_concurrent_searches == 1
    assert room.max_sessions >= 4 * 100 and room.queue_seconds > DEFAULT_LIMITS.queue_seconds


# -- the command --------------------------------------------------------------------------


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """``searchlab serve`` run in this process up to the point it would serve: the host
    it bound and the app it would have served."""
    seen: dict[str, Any] = {}

    def bind(host: str, port: int) -> socket.socket:
        seen["host"] = host
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        return sock

    def run(server: Any, sockets: Any = None) -> None:
        seen["app"] = server.config.app

    import uvicorn

    monkeypatch.setattr(serve_command, "_bind", bind)
    monkeypatch.setattr(serve_command, "lan_address", lambda: "192.0.2.7")
    monkeypatch.setattr(uvicorn.Server, "run", run)
    switch = sys.getswitchinterval()  # serve sets it for the process
    yield seen
    sys.setswitchinterval(switch)


def test_classroom_listens_on_the_network_and_prints_the_links_and_a_qr_code(
    started: dict[str, Any],
) -> None:
    done = invoke("serve", "--classroom", "--port", "0")
    assert done.code == 0, done.stderr
    assert started["host"] == "0.0.0.0"
    lines = done.stdout.splitlines()
    assert lines[0].startswith("searchlab classroom at http://192.0.2.7:")
    join = next(line for line in lines if line.startswith("students, open: "))
    assert "/?join=" in join
    assert sum("█" in line for line in lines) >= 20  # the QR code, drawn in blocks
    teacher = next(line for line in lines if line.startswith("teacher"))
    assert join.split("join=")[1] != teacher.split("join=")[1]
    assert "other machines can reach this viewer" in done.stderr


def test_classroom_json_names_the_links_and_the_server_answers_under_its_lan_address(
    started: dict[str, Any],
) -> None:
    import json

    done = invoke("serve", "--classroom", "--port", "0", "--json")
    printed = json.loads(done.stdout)
    assert printed["host"] == "0.0.0.0" and printed["hosts"][0] == "192.0.2.7"
    assert printed["url"].startswith("http://192.0.2.7:")
    student_token = printed["join"].split("?join=")[1]
    teacher_token = printed["teacher"].split("?join=")[1]
    assert len(student_token) >= 16 and len(teacher_token) >= 16
    assert student_token != teacher_token
    with TestClient(started["app"], base_url=printed["url"].rstrip("/")) as client:
        assert client.get("/api/options").status_code == 401  # under its own name too
        assert client.get(f"/?join={teacher_token}").status_code == 200
        assert client.get("/api/classroom").json()["role"] == "teacher"
        refused = client.get("/api/options", headers={"host": "evil.example"})
        assert refused.status_code == 400


def test_without_classroom_the_viewer_stays_on_loopback_with_no_door(
    started: dict[str, Any],
) -> None:
    done = invoke("serve", "--port", "0", "--json")
    assert started["host"] == "127.0.0.1"
    import json

    assert set(json.loads(done.stdout)) == {"url", "host", "port"}
    with TestClient(started["app"], base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/options").status_code == 200
        assert client.get("/api/classroom").json() == {
            "classroom": False,
            "role": None,
            "follow": None,
        }
        assert client.get("/api/classroom/follow").status_code == 404


# -- the load script, with 10 students ----------------------------------------------------


def test_ten_students_and_a_flooding_one_all_get_their_runs_or_a_clear_answer() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.classroom_load import RUNS, simulate

    report = simulate(
        students=10, runs_each=2, flood=4, seconds=240, arrival=1.0, think=0.2, processes=2
    )
    assert report.refusals == {
        "no seat: GET /api/options": 401,
        "no seat: GET /": 401,
        "no seat, Host: localhost": 401,
        "wrong token": 403,
        "a student leads": 403,
    }
    assert report.joined == 10 and report.unfinished == 0
    assert len(report.outcomes) == 20
    assert {outcome.status for outcome in report.outcomes} == {200}
    # the flooder (4 heavy climbs at once, 5 s each, one worker) had at most its share
    # (3) admitted and was told to wait for the rest, or that the server is busy, while
    # every other student's run, on every domain of the lecture, finished
    assert report.flood[200] >= 1 and report.flood[200] + report.flood[429] == 4
    assert any("you already have 3 searches" in message for message in report.flood_messages)
    assert all(
        "wait until" in message or "try again" in message for message in report.flood_messages
    )
    assert report.finished == 20 and len({domain for domain, _ in RUNS}) >= 5
    assert report.follow_seen == 10
    assert report.gets and report.rss_peak > 0
