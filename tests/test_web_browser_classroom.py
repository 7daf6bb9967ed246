"""Classroom mode in Debian's chromium (the fixtures of test_web_browser.py): a student's
page opened by the join link works and never shows the token again; a page without it
gets the refusal; the teacher's "Follow me" makes a student's page (another browser, its
own seat) jump to the teacher's tab and step, and follow each Step, until the student
leaves follow mode."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import served
from test_web_browser import browser, expect, viewer  # noqa: F401 (fixtures, taken by name)
from test_web_browser_teaching import search_puzzle


@pytest.fixture(scope="module")
def lecture() -> Iterator[dict[str, Any]]:
    """`searchlab serve --classroom` on loopback: its address and both links."""
    with served("--classroom", "--host", "127.0.0.1") as address:
        yield address


def test_a_student_page_opened_by_the_join_link_works_and_drops_the_token(
    browser: Any,  # noqa: F811
    lecture: dict[str, Any],
) -> None:
    with viewer(browser, lecture["join"]) as page:
        # the clean address (the page adds its tab): the token was in one URL only
        assert page.url.split("#")[0] == lecture["url"] and "join" not in page.url
        assert "join" not in page.evaluate("document.cookie")  # the seat is HttpOnly
        expect(page.locator("#follow-teacher")).to_be_checked()
        expect(page.locator("#follow-me")).to_have_count(0)
        search_puzzle(page, "a")
        page.click("#pz-step")
        expect(page).to_have_url(re.compile(r"step=1"))


def test_a_page_without_the_join_link_gets_the_refusal(
    browser: Any,  # noqa: F811
    lecture: dict[str, Any],
) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        for url in (lecture["url"], lecture["url"] + "?join=a-wrong-token"):
            answer = page.goto(url)
            assert answer is not None and answer.status in (401, 403)
            expect(page.locator("body")).to_contain_text("join link")
        answer = page.goto(lecture["url"] + "static/js/main.js")
        assert answer is not None and answer.status == 401
    finally:
        context.close()


def test_the_teachers_follow_me_brings_a_students_page_to_its_step(
    browser: Any,  # noqa: F811
    lecture: dict[str, Any],
) -> None:
    with (
        viewer(browser, lecture["teacher"]) as teacher,
        viewer(browser, lecture["join"]) as student,
    ):
        expect(teacher.locator("#follow-me")).not_to_be_checked()
        expect(student.locator("#show-join")).to_have_count(0)
        teacher.click("#show-join")  # the students' link, big enough to scan off a screen
        expect(teacher.locator("#join-figure img")).to_be_visible()
        expect(teacher.locator("#join-figure figcaption")).to_have_text(lecture["join"])
        assert teacher.locator("#join-figure img").bounding_box()["width"] >= 300
        teacher.click("#show-join")
        expect(teacher.locator("#join-figure")).to_be_hidden()
        search_puzzle(teacher, "b", "best-first", heuristic="bratko")
        for _ in range(3):
            teacher.click("#pz-step")
        expect(teacher).to_have_url(re.compile(r"step=3"))
        expect(student.locator("#tab-queens-backtrack")).to_have_attribute("aria-selected", "true")

        teacher.check("#follow-me")
        expect(teacher.locator("#follow-status")).to_contain_text("the students follow")
        # the student's page reopens the teacher's link: tab, position, algorithm, step
        expect(student.locator("#tab-puzzle-puzzle")).to_have_attribute("aria-selected", "true")
        expect(student).to_have_url(re.compile(r"step=3"), timeout=30_000)
        expect(student.locator("#pz-algorithm")).to_have_value("best-first")
        tiles = teacher.locator("#pz-board svg").get_attribute("data-tiles")
        expect(student.locator("#pz-board svg")).to_have_attribute("data-tiles", tiles)
        expect(student.locator("#follow-status")).to_contain_text("following")

        for _ in range(2):  # each Step of the teacher's, stepped on the student's page too
            teacher.click("#pz-step")
        expect(teacher).to_have_url(re.compile(r"step=5"))
        expect(student).to_have_url(re.compile(r"step=5"), timeout=30_000)
        expect(student.locator("#pz-status")).to_have_text(
            teacher.locator("#pz-status").inner_text()
        )

        student.uncheck("#follow-teacher")  # the student leaves follow mode
        teacher.click("#pz-step")
        expect(teacher).to_have_url(re.compile(r"step=6"))
        expect(student.locator("#follow-status")).to_contain_text("the teacher is leading")
        student.wait_for_timeout(1500)  # time enough to have followed, had it still
        expect(student).to_have_url(re.compile(r"step=5"))
        student.check("#follow-teacher")  # and comes back: to where the teacher is now
        expect(student).to_have_url(re.compile(r"step=6"), timeout=30_000)
        teacher.uncheck("#follow-me")
        expect(student.locator("#follow-status")).to_have_text("")
