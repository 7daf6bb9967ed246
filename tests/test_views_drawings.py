"""The drawings a teacher would put on the board (issue 25, item 5), checked against
the domains' own facts: Australia's polygons share exactly its borders, every state of
the 48 has a tile, a Sudoku's givens and pencil marks, a schedule's Gantt chart equal
to the schedule found, the colours' RGB readable, the figures rounded, and each
algorithm's human name."""

from __future__ import annotations

import itertools

import pytest

from searchlab.algorithms.registry import ALGORITHMS, TITLES, algorithm_title
from searchlab.domains.drawing import Chart, Gantt, Grid, ink, number, to_json, to_svg, to_text
from searchlab.domains.mapcolouring.domain import MAP_COLOURING, colours_for
from searchlab.domains.mapcolouring.geometry import AUSTRALIA, PALETTE, USA_TILES, layout
from searchlab.domains.mapcolouring.maps import COLOURS, MAPS, parse_map
from searchlab.domains.registry import get_domain
from searchlab.domains.scheduling.domain import SCHEDULE
from searchlab.domains.scheduling.solve import schedule_from_moves
from searchlab.domains.sudoku.domain import PUZZLES, SUDOKU

Point = tuple[float, float]


def _segments(polygon: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def _overlap(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """Whether two segments lie on one line and share more than a point."""
    (p, q), (r, s) = a, b

    def cross(o: Point, u: Point, v: Point) -> float:
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])

    if cross(p, q, r) or cross(p, q, s):
        return False
    axis = 0 if p[0] != q[0] else 1
    low, high = sorted((p[axis], q[axis]))
    low2, high2 = sorted((r[axis], s[axis]))
    return min(high, high2) - max(low, low2) > 0


def test_australias_polygons_touch_exactly_where_its_regions_border() -> None:
    touching = {
        frozenset((a, b))
        for a, b in itertools.combinations(AUSTRALIA, 2)
        if any(
            _overlap(x, y)
            for x in _segments(AUSTRALIA[a][1])
            for y in _segments(AUSTRALIA[b][1])
        )
    }
    assert touching == {frozenset(border) for border in MAPS["australia"].borders}


def test_every_state_has_its_own_tile_and_a_lookalike_map_is_a_graph() -> None:
    usa = MAPS["usa"]
    assert set(USA_TILES) == set(usa.regions)
    assert len(set(USA_TILES.values())) == 48
    width, height, places, links = layout(usa)
    assert links and len(places) == 48 and (width, height) == (576, 288)
    # Australia's names with other borders: not its map (the polygons would lie), a graph
    other = parse_map("WA: T; NT: SA; Q: NSW; V: T")
    assert all(not shape for _, shape in layout(other)[2].values())


def test_the_map_drawn_has_the_colours_and_candidates_of_the_state() -> None:
    start = MAP_COLOURING.parse("australia")
    problem = MAP_COLOURING.csp_problem(start, {})
    drawing = MAP_COLOURING.draw(problem.initial)
    assert isinstance(drawing, Chart) and not drawing.links  # the polygons show the borders
    assert [name for name, _ in drawing.palette] == ["red", "green", "blue"]  # AIMA's 3
    assert all(area.left == ("red", "green", "blue") for area in drawing.areas)
    assert to_text(drawing).splitlines()[0] == "WA   {red, green, blue}"
    assert "<title>Australia" in to_svg(drawing)
    assert to_json(drawing)["palette"][0] == ["red", PALETTE["red"], ink(PALETTE["red"])]


@pytest.mark.parametrize(("name", "colours"), [("australia", 3), ("usa", 4)])
def test_each_built_in_map_has_its_own_number_of_colours(name: str, colours: int) -> None:
    chart = MAP_COLOURING.parse(name)
    assert colours_for(chart, {}) == colours
    assert colours_for(chart, {"colours": 2}) == 2
    assert colours_for(parse_map("A: B"), {}) == 4


def test_the_palette_reads_with_its_ink_and_names_every_colour() -> None:
    assert set(PALETTE) == set(COLOURS)

    def luminance(rgb: str) -> float:
        def linear(c: float) -> float:
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (linear(int(rgb[i : i + 2], 16) / 255) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    for fill in PALETTE.values():
        light, dark = sorted((luminance(fill), luminance(ink(fill))))
        assert (dark + 0.05) / (light + 0.05) >= 4.5 or (light + 0.05) / (dark + 0.05) >= 4.5


def test_a_sudoku_is_drawn_with_boxes_givens_and_pencil_marks() -> None:
    start = SUDOKU.parse(PUZZLES["easy"])
    problem = SUDOKU.csp_problem(start, {})
    drawing = SUDOKU.draw(problem.initial)
    assert isinstance(drawing, Grid) and drawing.box == (3, 3) and drawing.side == 3
    givens = [i for i, c in enumerate(PUZZLES["easy"]) if c not in ".0"]
    assert sorted(drawing.given) == givens
    assert all(len(cell) <= 1 for cell in drawing.cells)  # no "457" written as a number
    assert set(drawing.notes) == set(range(81)) - set(givens)
    assert all(len(note) == 9 for note in drawing.notes.values())
    svg = to_svg(drawing)
    assert svg.count('stroke-width="3"') == 8  # 4 thick lines each way
    assert svg.count('font-weight="bold"') == len(givens)
    big = SUDOKU.draw(SUDOKU.csp_problem(SUDOKU.parse(PUZZLES["16x16"]), {}).initial)
    assert isinstance(big, Grid) and big.box == (4, 4) and big.side == 4


def test_a_schedule_is_drawn_as_the_gantt_chart_of_its_moves() -> None:
    request = SCHEDULE.request("example")
    problem = SCHEDULE.problem(request)
    found = SCHEDULE.search(request)
    drawing = SCHEDULE.draw_after(found.moves, found.final_state, problem)
    assert isinstance(drawing, Gantt) and drawing.end == 24 and drawing.waiting == ()
    schedule = schedule_from_moves(problem.processors, found.moves)
    tasks = [(bar.row, bar.label, bar.start, bar.end) for bar in drawing.bars if not bar.idle]
    expected = [
        (row, slot.task, slot.start, slot.end)
        for row, slots in enumerate(schedule.processors)
        for slot in slots
    ]
    assert sorted(tasks) == sorted(expected)
    half = SCHEDULE.draw_after(found.moves[:3], found.path[3], problem)
    assert isinstance(half, Gantt) and len(half.bars) == 3 and half.waiting


def test_figures_are_rounded_as_people_write_them() -> None:
    assert [number(x) for x in (19.333333, 4.0, 0.125, 24)] == ["19.33", "4", "0.12", "24"]


def test_every_algorithm_has_a_human_name() -> None:
    get_domain("route")  # the route domain registers its own two
    # searchlab's own, each named; a plug-in's (another test may add one) by its key
    own = {n for n, info in ALGORITHMS.items() if info.function.__module__[:10] == "searchlab."}
    assert own == set(TITLES)
    assert algorithm_title("astar") == "A*" and algorithm_title("unknown") == "unknown"


def test_the_widgets_successors_carry_small_boards() -> None:
    widget = pytest.importorskip("searchlab.notebook.widget")
    stepper = widget.Stepper("puzzle", "b", algorithm="astar", run=False)
    try:
        body = {"start": "b", "algorithm": "astar", "drawings": True}
        status, info = stepper.request("POST", "/api/domains/puzzle/search", body)
        assert status == 200
        status, page = stepper.request("GET", f"/api/sessions/{info['session']}/events?max=20")
        children = [child for event in page["events"] for child in event.get("children", [])]
        assert children
        for child in children:
            assert child["drawing"]["kind"] == "grid" and len(child["drawing"]["cells"]) == 9
            assert child["drawing"]["cells"] == [str(t) if t else "" for t in child["state"]]
    finally:
        stepper.close()
