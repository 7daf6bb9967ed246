"""The Draw a graph and Replay a trace tabs end to end, in Chromium (one page load for
the module): a graph made with the keyboard alone, its heuristic's warning, a search on
it with the teaching panels, time both ways (Back, f-layers, first reach, check my
answer with a tie), the graph in the address, a file saved and run by the command line,
a trace file replayed and a bad one refused; axe-core on both tabs after use.

Expected answers are facts of the graphs (the cheapest costs worked out by hand in the
comments), not read from the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import invoke, report_of
from test_web_accessibility import blocking_violations
from test_web_browser import browser, expect, server_url, viewer  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def page(browser: Any, server_url: str) -> Iterator[Any]:  # noqa: F811 (a fixture's name)
    with viewer(browser, server_url) as opened:
        yield opened


def press(page: Any, selector: str, key: str = "Enter") -> None:
    """Focus ``selector`` and press ``key`` (no mouse)."""
    page.focus(selector)
    page.keyboard.press(key)


def type_into(page: Any, selector: str, text: str) -> None:
    page.focus(selector)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def choose(page: Any, selector: str, text: str) -> None:
    """Choose an option of a select by typing its first letters, as a keyboard user does."""
    page.focus(selector)
    page.keyboard.type(text)
    expect(page.locator(selector)).to_have_value(text)


def ask(page: Any, view: str, field: str, text: str, button: str, said: str) -> None:
    """Type ``text`` in the timeline's ``field``, press ``button``: the timeline says ``said``."""
    page.fill(f"#{view}-{field}", text)
    page.click(f"#{view}-{button}")
    expect(page.locator(f"#{view}-said")).to_contain_text(said)


def add_node(page: Any, name: str, h: str) -> None:
    type_into(page, "#ge-name", name)
    type_into(page, "#ge-h", h)
    press(page, "#ge-add-node")


def connect(page: Any, tail: str, head: str, cost: str) -> None:
    choose(page, "#ge-from", tail)
    choose(page, "#ge-to", head)
    type_into(page, "#ge-cost", cost)
    press(page, "#ge-connect")


def test_a_graph_is_made_searched_and_saved_with_the_keyboard_alone(
    page: Any, tmp_path: Path
) -> None:
    page.click("#tab-graph-editor")
    press(page, "#ge-clear")
    for name, h in (("S", "4"), ("A", "2"), ("G", "0"), ("X", "1")):
        add_node(page, name, h)
    choose(page, "#ge-nodes", "X")
    press(page, "#ge-delete-node")  # X goes, and nothing else
    expect(page.locator("#ge-nodes option")).to_have_count(3)
    connect(page, "S", "A", "2")
    connect(page, "A", "G", "3")
    connect(page, "S", "G", "7")
    connect(page, "S", "G", "6")  # the same edge: its cost is set again, no new arc
    expect(page.locator("#ge-arcs option")).to_have_count(3)
    connect(page, "G", "A", "1")  # the edge A — G, from its other end: its cost is set again
    press(page, "#ge-arcs", "End")  # the last arc, S — G, chosen...
    press(page, "#ge-delete-arc")  # ...and deleted
    expect(page.locator("#ge-arcs option")).to_have_text(["S — A, cost 2", "A — G, cost 1"])
    connect(page, "A", "G", "3")
    connect(page, "S", "G", "6")
    for node, button in (("S", "#ge-set-start"), ("G", "#ge-set-goal")):
        choose(page, "#ge-nodes", node)
        press(page, button)
    expect(page.locator("#ge-summary")).to_contain_text("start S, goal G")
    circle = page.locator('#ge-svg [data-node="A"] circle')
    x = float(circle.get_attribute("cx"))
    choose(page, "#ge-nodes", "A")
    press(page, "#ge-svg", "ArrowRight")  # the drawing moves the selected node
    assert float(circle.get_attribute("cx")) == x + 10
    expect(page.locator("#ge-warnings")).to_contain_text("admissible and consistent")
    # h(S) = 9 passes the cheapest cost from S, 5 (S, A, G): the warning names S
    choose(page, "#ge-nodes", "S")
    type_into(page, "#ge-h", "9")
    press(page, "#ge-set-node")
    expect(page.locator("#ge-warnings")).to_contain_text("h(S) = 9 but the cheapest path")
    expect(page.locator('#ge-svg [data-node="S"]')).to_have_class("node warn selected start")
    type_into(page, "#ge-h", "4")
    press(page, "#ge-set-node")
    expect(page.locator("#ge-warnings")).to_contain_text("admissible and consistent")
    choose(page, "#ge-algorithm", "uniform-cost")
    press(page, "#ge-run")
    press(page, "#ge-end")
    expect(page.locator("#ge-result")).to_contain_text("cost 5")
    expect(page.locator('#ge-svg .arc.path[data-arc="S|A"]')).to_have_count(1)
    # the file the page saves runs on the command line with the same cost
    with page.expect_download() as saved:
        press(page, "#ge-export-python")
    python = tmp_path / "graph.py"
    saved.value.save_as(python)
    ran = report_of("run", str(python), "--algorithm", "uniform-cost")
    assert (ran["cost"], ran["path"]) == (5, ["S", "A", "G"])
    assert blocking_violations(page, "the graph editor after a search") == []


def test_the_mouse_adds_connects_moves_and_deletes(page: Any, tmp_path: Path) -> None:
    page.click("#tab-graph-editor")
    page.click("#ge-clear")

    def screen(x: float, y: float) -> tuple[float, float]:
        """The page's pixel at the drawing's point (x, y) (its viewBox units)."""
        point: list[float] = page.evaluate(
            """([x, y]) => {
              const at = new DOMPoint(x, y).matrixTransform(
                document.querySelector("#ge-svg").getScreenCTM());
              return [at.x, at.y];
            }""",
            [x, y],
        )
        return point[0], point[1]

    def click(x: float, y: float) -> None:
        page.mouse.click(*screen(x, y))

    for x, y in ((100, 100), (300, 100), (500, 300)):
        click(x, y)  # "a click adds a node"
    expect(page.locator("#ge-svg [data-node]")).to_have_count(3)
    assert [page.locator("#ge-nodes option").nth(i).get_attribute("value") for i in range(3)] == [
        "A", "B", "C",
    ]  # fmt: skip

    def node(name: str) -> Any:
        return page.locator(f'#ge-svg [data-node="{name}"] circle')

    node("A").click()  # A is selected...
    page.select_option("#ge-click", "connect")
    page.fill("#ge-cost", "4")
    node("B").click()  # ...and joined to B
    expect(page.locator("#ge-arcs option")).to_have_text(["A — B, cost 4"])
    for mode, name in (("goal", "B"), ("start", "A")):
        page.select_option("#ge-click", mode)
        node(name).click()
    expect(page.locator("#ge-summary")).to_contain_text("start A, goal B")
    page.select_option("#ge-click", "add")
    node("C").hover()
    page.mouse.down()
    page.mouse.move(*screen(400, 350), steps=4)
    page.mouse.up()
    assert abs(float(node("C").get_attribute("cx")) - 400) <= 3
    page.select_option("#ge-click", "delete")
    node("C").click()
    expect(page.locator("#ge-svg [data-node]")).to_have_count(2)
    # saved for the route commands: DIMACS numbers the nodes from 1 (A is 1, B is 2)
    for button, start, goal in (("dimacs", "1", "2"), ("csv", "A", "B")):
        with page.expect_download() as saved:
            page.click(f"#ge-export-{button}")
        file = tmp_path / saved.value.suggested_filename
        saved.value.save_as(file)
        assert report_of(f"route solve {file}:{start} --goal {goal}")["cost"] == 4
    # saved as JSON and opened again: the same graph; a file that is no graph is refused
    with page.expect_download() as saved:
        page.click("#ge-export-json")
    text = Path(saved.value.path()).read_text(encoding="utf-8")
    assert json.loads(text)["arcs"] == [{"from": "A", "to": "B", "cost": 4}]
    page.click("#ge-clear")
    page.set_input_files(
        "#ge-import",
        files=[{"name": "g.json", "mimeType": "application/json", "buffer": text.encode()}],
    )
    expect(page.locator("#ge-arcs option")).to_have_text(["A — B, cost 4"])
    broken = json.dumps({**json.loads(text), "goal": "Z"}).encode()
    page.set_input_files(
        "#ge-import", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": broken}]
    )
    expect(page.locator("#ge-error")).to_have_text(
        "bad.json is not a graph: the goal 'Z' is no node of the graph"
    )


def test_the_graph_lives_in_the_address(page: Any) -> None:
    page.click("#tab-graph-editor")
    page.select_option("#ge-example", "bratko")
    page.click("#ge-load")
    page.wait_for_function("location.hash.includes('graph=')")
    page.wait_for_timeout(400)  # the address is written at most a few times a second
    link = page.url
    page.goto("about:blank")
    page.goto(link)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#ge-nodes option")).to_have_count(9)  # s, a..g, t
    expect(page.locator("#ge-summary")).to_contain_text("start s, goal t")


def test_time_runs_both_ways_and_the_students_answer_is_checked(page: Any) -> None:
    page.click("#tab-graph-editor")
    page.select_option("#ge-example", "greedy")
    page.click("#ge-load")
    # A and B tie at f = 4 (h(A) = 3: 1 + 3; h(B) = 1: 3 + 1), both admissible
    for node, h in (("A", "3"), ("B", "1")):
        page.select_option("#ge-nodes", node)
        page.fill("#ge-h", h)
        page.click("#ge-set-node")
    page.select_option("#ge-algorithm", "astar")
    page.click("#ge-run")
    expect(page.locator("#ge-status")).to_contain_text("press Step")
    ask(page, "ge", "guess", "S", "check", "Right: S is expanded next")
    first = page.locator("#ge-detail table.frontier tbody tr td:nth-child(2)").first
    taken = first.inner_text()
    other = "B" if taken == "A" else "A"
    ask(page, "ge", "guess", other, "check", f"{other} ties with it at f = 4")
    # Step and Back; then the f-layers: S at 2, then A and B tied at 4 (G, at 6, is
    # taken as the goal, not expanded)
    moves = (
        ("step", "status", "Expansion 2"),
        ("back", "status", "Expansion 1"),
        ("layer-next", "said", "f-layer f = 4"),
        ("layer-next", "said", "this is the last f-layer"),
        ("layer-back", "said", "f-layer f = 2"),
        ("layer-back", "said", "This is the first f-layer"),
    )
    for button, where, said in moves:
        page.click(f"#ge-{button}")
        expect(page.locator(f"#ge-{where}")).to_contain_text(said)
    ask(page, "ge", "node", "G", "reach", "G is first reached")
    ask(page, "ge", "node", "Nowhere", "reach", "never reaches Nowhere")


def test_a_trace_file_is_replayed_and_a_bad_one_refused(page: Any, tmp_path: Path) -> None:
    trace = tmp_path / "run.jsonl"
    done = invoke("route", "solve", "Arad", "--goal", "Bucharest", "--trace-out", str(trace))
    assert done.code == 0, done.stderr
    page.click("#tab-trace-replay")
    dropped = page.evaluate_handle(
        """(text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], "run.jsonl"));
          return data;
        }""",
        trace.read_text(encoding="utf-8"),
    )
    page.dispatch_event("#rp-drop", "drop", {"dataTransfer": dropped})
    expect(page.locator("#rp-status")).to_contain_text("run.jsonl: ")
    page.click("#rp-step")
    # Arad's roads: Sibiu, Timisoara, Zerind, each listed with its g
    rows = page.locator("#rp-detail table.successors tbody tr")
    expect(rows).to_have_count(3)
    expect(page.locator("#rp-detail table.successors")).to_contain_text("Timisoara")
    ask(page, "rp", "guess", "Sibiu", "check", "Right: Sibiu")
    page.click("#rp-end")
    expect(page.locator("#rp-result")).to_contain_text("cost 418")
    assert blocking_violations(page, "the replay after a file") == []
    bad = tmp_path / "bad.jsonl"
    lines = trace.read_text().splitlines()
    bad.write_text("\n".join([lines[0], "{not json", *lines[1:]]))
    page.set_input_files("#rp-file", str(bad))
    expect(page.locator("#rp-error")).to_have_text(
        "bad.jsonl cannot be replayed: line 2 is not JSON: a trace has one JSON event a line "
        "(searchlab … --trace-out FILE.jsonl)."
    )
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"kind": "expand"}) + "\n")
    page.set_input_files("#rp-file", str(other))
    expect(page.locator("#rp-error")).to_contain_text('line 1 has no counters ("c"')
