"""The stepping widget without a browser: its code is the viewer's modules joined (each
once, imports before their users, nothing else), and its kernel side answers the API
as the viewer's server does, for registered domains and a user's own problem alike.
(tests/test_notebook_browser.py runs it in JupyterLab.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("anywidget", reason="the widget is in the notebook extra")

from searchlab.core.errors import InputError
from searchlab.domains.registry import domains
from searchlab.notebook.bundle import BundleError, Joiner, widget_module
from searchlab.notebook.widget import Stepper, generic_template
from searchlab.web.app import STATIC


def test_the_widget_runs_the_viewers_modules_each_once_in_import_order() -> None:
    code = widget_module()
    joined = re.findall(r"^// ---- (\S+)$", code, re.MULTILINE)
    assert joined[-1] == "stepper.js" and len(joined) == len(set(joined))
    assert {"api.js", "generic.js", "view.js", "player.js", "drawing.js"} <= set(joined)
    for name in joined[:-1]:  # the viewer's own text, not a copy kept here
        source = (STATIC / "js" / name).read_text(encoding="utf-8")
        body = re.sub(r"^import .*$", "", source, flags=re.MULTILINE)
        body = re.sub(r"^export ", "", body, flags=re.MULTILINE)
        for line in body.splitlines():
            assert line in code
    for index, part in enumerate(code.split("// ---- ")[1:]):
        for used in re.findall(r'^const \{[^}]*\} = modules\["(\S+)"\];', part, re.MULTILINE):
            assert joined.index(used) < index  # joined before the module reading it
    assert not re.search(r"^(import|export) ", code.split("// ---- stepper.js")[0], re.MULTILINE)
    assert "export default { render }" in code


def test_a_module_in_another_form_is_refused_not_joined_wrongly(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('export default function f() {}\n')
    (tmp_path / "entry.js").write_text('import { f } from "./a.js";\n')
    with pytest.raises(BundleError, match=r"a\.js"):
        Joiner().entry(tmp_path / "entry.js")


def test_the_widget_shows_the_viewers_generic_view() -> None:
    template = generic_template()
    for part in ("gn-form", "gn-step", "gn-play", "gn-board", "gn-status", "gn-speed"):
        assert f'id="{part}"' in template


def test_the_kernel_answers_the_api_as_the_server_does() -> None:
    stepper = Stepper("puzzle", "b", algorithm="best-first", heuristic="bratko")
    try:
        status, options = stepper.request("GET", "/api/options")
        assert status == 200
        assert [entry["name"] for entry in options["domains"]] == [d.name for d in domains()]
        assert stepper.fields == {"start": "b", "algorithm": "best-first", "heuristic": "bratko"}
        assert stepper.autorun and stepper.domain == "puzzle"
        assert repr(stepper) == (
            "<Stepper puzzle: start='b', algorithm='best-first', heuristic='bratko'>"
        )
        body = {"start": "b", "algorithm": "best-first", "heuristic": "bratko", "drawings": True}
        status, info = stepper.request("POST", "/api/domains/puzzle/search", body)
        assert status == 200 and info["result"]["length"] == 5  # Bratko's position (b)
        status, page = stepper.request("GET", f"/api/sessions/{info['session']}/events?from=0")
        assert status == 200 and page["done"]
        assert page["events"][-1]["kind"] == "solution"
        assert page["events"][-1]["path_drawings"][-1]["cells"] == [
            "1", "2", "3", "8", "", "4", "7", "6", "5",
        ]
        status, refused = stepper.request("POST", "/api/domains/puzzle/search", {"start": "zz"})
        assert status == 400 and refused["field"] == "start"
    finally:
        stepper.close()


def test_a_view_is_one_the_domain_names_or_the_generic_one() -> None:
    stepper = Stepper("queens", "4", view="backtrack")
    try:
        assert (stepper.view, stepper.prefix) == ("backtrack", "bt")
        assert 'id="bt-next"' in stepper.template  # seed 002's "other solutions"
    finally:
        stepper.close()
    with pytest.raises(InputError, match="has no view 'climb': choose one of puzzle, generic"):
        Stepper("puzzle", "b", view="climb")


class Queens:
    """A problem whose class shares its name with a registered domain."""

    initial = ()

    def successors(self, state: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], float]]:
        return [(1, (*state, 1), 1.0)] if len(state) < 2 else []

    def is_goal(self, state: tuple[int, ...]) -> bool:
        return len(state) == 2


def test_a_users_problem_named_like_a_domain_gets_a_tab_beside_it() -> None:
    stepper = Stepper(Queens())
    try:
        assert stepper.domain == "queens-problem"
        status, options = stepper.request("GET", "/api/options")
        assert status == 200
        names = [entry["name"] for entry in options["domains"]]
        assert "queens" in names and "queens-problem" in names
    finally:
        stepper.close()


class Countdown:
    """From 3 down to 0, one step at a time."""

    initial = 3

    def successors(self, state: int) -> list[tuple[str, int, float]]:
        return [("-1", state - 1, 1.0)] if state > 0 else []

    def is_goal(self, state: int) -> bool:
        return state == 0


def test_a_users_problem_gets_its_own_tab_in_the_widget() -> None:
    stepper = Stepper(Countdown(), algorithm="bfs")
    try:
        assert stepper.domain == "countdown" and stepper.autorun  # its own start
        status, options = stepper.request("GET", "/api/options")
        assert "countdown" in [entry["name"] for entry in options["domains"]]
        body = {"algorithm": "bfs"}
        status, info = stepper.request("POST", "/api/domains/countdown/search", body)
        assert status == 200 and info["result"]["path"] == [3, 2, 1, 0]
    finally:
        stepper.close()
