"""What a notebook shows: states drawn by their domain's own drawing (for every
registered domain), results with their path as boards, event streams as a table,
experiment reports as their table and chart; and short lines in a terminal."""

from __future__ import annotations

import random
import shlex
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from typing import Any

import pytest

import searchlab
from searchlab import Recorder, astar, breadth_first
from searchlab.core.display import EVENT_ROWS, STRIP
from searchlab.core.errors import InputError
from searchlab.domains.base import Domain, RandomSpec
from searchlab.domains.drawing import to_svg, to_text
from searchlab.domains.registry import domains
from searchlab.notebook import Board, ShownEvents, ShownResult, experiment, search, show

SVG = "{http://www.w3.org/2000/svg}"


class Tags(HTMLParser):
    """The tags of an HTML fragment, to check it is whole (every tag opened is closed)."""

    VOID = frozenset({"br", "img", "rect", "path", "use", "line", "circle", "polyline"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.seen: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()


def tags(fragment: str) -> list[str]:
    parser = Tags()
    parser.feed(fragment)
    parser.close()
    assert parser.open == [], f"unclosed: {parser.open}"
    return parser.seen


def a_state(domain: Domain[Any, Any]) -> tuple[Any, Any]:
    """A start of ``domain`` and its problem: a named start, the first example of its
    ``solve``, a random one, or its own."""
    if domain.presets:
        request = domain.request(next(iter(domain.presets)))
    elif domain.examples:
        request = domain.request(shlex.split(domain.examples[0])[0])
    elif domain.has_random:
        start = domain.random_start(random.Random(1), RandomSpec())
        request = domain.request(start, parsed=True)
    else:
        request = domain.request(domain.default_start(), parsed=True)
    problem = domain.problem(request)
    state = domain.start_state(request.start)
    return (problem.initial if state is None else state), problem


@pytest.mark.parametrize("domain", domains(), ids=lambda domain: domain.name)
def test_every_domain_draws_its_states_in_a_notebook_as_everywhere_else(
    domain: Domain[Any, Any],
) -> None:
    state, problem = a_state(domain)
    board = show(domain.name, state, problem)
    drawing = domain.draw(state, problem)
    assert isinstance(board, Board)
    assert board._repr_svg_() == to_svg(drawing)  # the domain's one drawing, as SVG
    assert repr(board) == to_text(drawing)  # ... and as the terminal prints it
    ElementTree.fromstring(board._repr_svg_())  # well-formed
    assert "svg" in tags(board._repr_html_())


def test_a_queens_board_shows_one_queen_per_row_where_the_state_says() -> None:
    board = show("queens", (2, 4, 1, 3))
    assert isinstance(board, Board)
    root = ElementTree.fromstring(board._repr_svg_())
    queens = [
        (float(text.get("x", 0)) // 32, float(text.get("y", 0)) // 32)
        for text in root.iter(f"{SVG}text")
    ]
    assert sorted(queens, key=lambda at: at[1]) == [(1, 0), (3, 1), (0, 2), (2, 3)]
    assert searchlab.show("queens", (2, 4, 1, 3)) == board


def test_a_result_shows_its_status_counters_and_path_as_boards() -> None:
    run = search("puzzle", "b", algorithm="best-first", heuristic="bratko")
    assert run.result.solved and run.result.length == 5  # Bratko's position (b): 5 moves
    html = run._repr_html_()
    assert tags(html).count("svg") == 6  # the start and one board after each move
    assert "solved, cost 5, 5 moves" in html and "expanded" in html
    shown = show("puzzle", run.result)
    assert isinstance(shown, ShownResult)
    assert tags(shown._repr_html_()).count("svg") == 6


def test_a_long_path_is_drawn_with_its_middle_left_out() -> None:
    run = search("puzzle", "c", algorithm="astar", heuristic="manhattan")
    assert run.result.length == 18  # Bratko's position (c): 18 moves
    html = show("puzzle", run.result)._repr_html_()
    assert tags(html).count("svg") == STRIP
    assert "…" in html and "18: " in html and "0: start" in html


def test_a_results_text_is_one_short_line_whatever_its_path() -> None:
    run = search("queens", "12", algorithm="dfs")
    line = repr(run.result)
    assert "\n" not in line and len(line) < 200
    assert line.startswith("<SearchResult solved, cost 12, 12 moves")
    assert repr(run) == line


def test_a_result_without_a_path_says_so() -> None:
    run = search("queens", "3", algorithm="dfs")
    assert repr(run.result).startswith("<SearchResult exhausted, ")
    assert "no path" in run.result._repr_html_()


class Line:
    """States 0..n on a line, one step each way: a problem written in a few lines."""

    initial = 0

    def __init__(self, n: int) -> None:
        self.n = n

    def successors(self, state: int) -> list[tuple[str, int, float]]:
        return [(move, state + step, 1.0) for move, step in (("-", -1), ("+", 1))
                if 0 <= state + step <= self.n]

    def is_goal(self, state: int) -> bool:
        return state == self.n


def test_a_users_problem_draws_its_states_as_text_and_its_result_as_a_strip() -> None:
    problem = Line(3)
    result = breadth_first(problem)
    assert result.path == (0, 1, 2, 3)
    html = show(problem, result)._repr_html_()
    assert tags(html).count("svg") == 4
    assert "<code>" in result._repr_html_()  # without its domain: states as text


def test_an_event_stream_is_a_table_of_its_kinds_and_its_ends() -> None:
    recorder = Recorder()
    problem = Line(40)
    astar(problem, lambda state: 40 - state, observer=recorder)
    kinds = {type(event).__name__.lower() for event in recorder.events}
    html = recorder._repr_html_()
    assert tags(html).count("tr") == 1 + len(kinds) + 1 + EVENT_ROWS + 1  # heads, kinds, rows, gap
    assert f"{len(recorder.events) - EVENT_ROWS:,} more" in html
    assert repr(recorder).startswith(f"<Recorder {len(recorder.events)} events: ")
    shown = show(problem, recorder)
    assert isinstance(shown, ShownEvents) and shown._repr_html_() == html
    assert isinstance(show(problem, recorder.events), ShownEvents)


def test_an_experiment_report_shows_its_table_and_its_chart() -> None:
    report = experiment(
        "compare", "puzzle", start=["a", "b"], algorithm=["astar", "bfs"], heuristic=["manhattan"]
    )
    assert [row["algorithm"] for row in report.rows] == ["astar", "bfs"]
    assert all(row["solved"] == 2 for row in report.rows)
    html = report._repr_html_()
    assert tags(html).count("tr") == 3 and "<svg" in html
    assert repr(report).startswith("<Report compare: 2 rows, parameters")


def test_an_unknown_domain_is_refused_with_the_known_ones() -> None:
    with pytest.raises(InputError, match="puzzle"):
        show("nonesuch", (1,))
