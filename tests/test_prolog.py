"""Prolog problems through the adapter: the seed documents' own programs give the native
domains' answers (seed 003's 8-puzzle and schedule, seed 000's climb), a course's file
written from scratch solves with A* and IDA*, states are terms as Prolog compares and
writes them, and every front end takes a .pl file (solve, --json, --trace-out, the
viewer's API, experiment compare)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from prolog_support import JUGS, PUZZLE, QUEENS, SCHEDULE, require_swipl, write_pl

from searchlab.core.events import Event, Expand
from searchlab.domains.base import Domain
from searchlab.domains.drawing import Grid, Text
from searchlab.domains.prolog import PrologDomain, load_prolog
from searchlab.domains.puzzle import BRATKO_GOAL, SlidingPuzzle, make_heuristic
from searchlab.domains.puzzle.board import parse_board, to_bratko
from searchlab.domains.puzzle.bratko import BRATKO_POSITIONS
from searchlab.domains.queens.board import SEED_CASES
from searchlab.domains.queens.climb import climb
from searchlab.domains.registry import get_domain
from searchlab.domains.user import load_problem

require_swipl()


@pytest.fixture(scope="module")
def puzzle() -> Iterator[PrologDomain]:
    domain = load_prolog(PUZZLE)
    yield domain
    domain.close()


@pytest.fixture(scope="module")
def jugs() -> Iterator[PrologDomain]:
    domain = load_prolog(JUGS)
    yield domain
    domain.close()


def expanded_states(domain: Domain[Any, Any], request: Any) -> tuple[Any, list[Any]]:
    """The result of a search and the states it expanded, in order."""
    seen: list[Any] = []

    def watch(event: Event) -> None:
        if isinstance(event, Expand):
            seen.append(event.state)

    return domain.search(request, watch), seen


# -- seed 003: Bratko's 8-puzzle --------------------------------------------------------


class TileOrder(SlidingPuzzle):
    """The native puzzle with its successors in the order of Bratko's s/3: by tile
    number, tile 1 first (the native domain lists the blank's moves up, down, left,
    right)."""

    def successors(self, state: tuple[int, ...]) -> Iterator[tuple[str, tuple[int, ...], float]]:
        arcs = {child: (move, child, cost) for move, child, cost in super().successors(state)}
        blank = state.index(0)
        for tile in range(1, 9):
            child = list(state)
            child[blank], child[state.index(tile)] = tile, 0
            if tuple(child) in arcs:
                yield arcs[tuple(child)]


@pytest.mark.parametrize(("position", "length"), [("a", 4), ("b", 5), ("c", 18)])
def test_bratkos_8_puzzle_gives_his_moves_and_the_native_path(
    puzzle: PrologDomain, position: str, length: int
) -> None:
    """The book's s/3, goal/1 and h/2 under best-first: Bratko's 4, 5 and 18 moves, the
    very path (state for state, move for move) of the native puzzle domain; and the
    expansions of the native engine fed the same successors in the same order."""
    board = BRATKO_POSITIONS[position]
    request = puzzle.request(to_bratko(board), algorithm="best-first", heuristic="h")
    result, expanded = expanded_states(puzzle, request)
    native_domain = get_domain("puzzle")
    native = native_domain.search(
        native_domain.request(position, algorithm="best-first", heuristic="bratko", goal="bratko")
    )
    assert result.solved and len(result.moves) == length == len(native.moves)
    assert [parse_board(state).tiles for state in result.path] == list(native.path)
    assert list(result.moves) == list(native.moves)  # the file's move/3 names them as searchlab
    from searchlab.algorithms.best_first import best_first

    same_order: list[Any] = []
    reference = best_first(
        TileOrder(board, BRATKO_GOAL),
        make_heuristic("bratko", BRATKO_GOAL),
        observer=lambda event: (
            same_order.append(event.state) if isinstance(event, Expand) else None
        ),
    )
    assert [parse_board(state).tiles for state in expanded] == same_order
    assert (result.stats.expanded, result.stats.generated) == (
        reference.stats.expanded,
        reference.stats.generated,
    )


def test_the_expansion_counts_beside_the_native_domain(puzzle: PrologDomain) -> None:
    """(a) and (b) expand exactly as the native domain (4 and 5: no step off the path).
    (c) takes 41 expansions, the native domain 40: the book's s/3 lists successors by
    tile number, the native puzzle by the blank's direction, and best-first breaks ties
    in f by that order; fed Bratko's order the native engine also takes 41 (above)."""
    counts = {}
    native_domain = get_domain("puzzle")
    for position, board in BRATKO_POSITIONS.items():
        through = puzzle.search(
            puzzle.request(to_bratko(board), algorithm="best-first", heuristic="h")
        )
        native = native_domain.search(
            native_domain.request(position, algorithm="best-first", heuristic="bratko")
        )
        counts[position] = (through.stats.expanded, native.stats.expanded)
    assert counts == {"a": (4, 4), "b": (5, 5), "c": (41, 40)}


def test_bratkos_h_is_his_heuristic_on_every_state_of_a_search(puzzle: PrologDomain) -> None:
    """h/2 through the bridge equals searchlab's bratko heuristic (22 at position (a),
    where the true distance is 4) on every state A* meets."""
    h = make_heuristic("bratko", BRATKO_GOAL)
    request = puzzle.request(to_bratko(BRATKO_POSITIONS["c"]), algorithm="astar", heuristic="h")
    problem = puzzle.problem(request)
    estimate = puzzle.heuristic(request, problem)
    assert estimate is not None
    assert estimate(to_bratko(BRATKO_POSITIONS["a"])) == 22
    _, states = expanded_states(puzzle, request)
    assert len(states) > 20
    for state in states:
        assert estimate(state) == h(parse_board(state).tiles)


# -- seed 003: Bratko's schedule --------------------------------------------------------

SCHEDULE_START = "[t1/4,t2/2,t3/2,t4/20,t5/20,t6/11,t7/11]*[idle/0,idle/0,idle/0]*0"


def test_bratkos_schedule_gives_24_as_the_native_domain_does() -> None:
    """The book's scheduling relations: every optimal algorithm finishes at 24; the tree
    searches (best-first, RBFS, IDA*) expand exactly as the native domain, which keeps
    Bratko's state and successor order; the graph searches expand more, because the
    native domain merges states that differ only in the names of finished tasks."""
    schedule = load_prolog(SCHEDULE)
    native_domain = get_domain("schedule")
    try:
        assert schedule.default_start() == SCHEDULE_START
        for algorithm in ("best-first", "rbfs", "ida", "astar"):
            result = schedule.search(schedule.request(SCHEDULE_START, algorithm=algorithm))
            native = native_domain.search(native_domain.request("example", algorithm=algorithm))
            assert result.solved and result.cost == native.cost == 24, algorithm
            assert result.optimal, algorithm  # the file says admissible(h)
            if algorithm != "astar":
                assert result.stats.expanded == native.stats.expanded, algorithm
                assert result.stats.generated == native.stats.generated, algorithm
                assert list(result.moves) == [
                    "idle" if move.task is None else move.task for move in native.moves
                ], algorithm
            else:
                assert result.stats.expanded >= native.stats.expanded
    finally:
        schedule.close()


# -- seed 000: hill climbing through value/2 ---------------------------------------------


def test_seed_000_climbs_through_value_2_as_the_native_queens_do() -> None:
    """value/2 is the document's h2 and s/3 its column move: with --tie-break last every
    case the column move takes climbs to the very board the native climb reaches, move
    for move, with the same counts."""
    queens = load_prolog(QUEENS)
    try:
        assert list(queens.heuristics) == ["value"]
        for case, board in enumerate(SEED_CASES, start=1):
            columns = sorted(col for _, col in board.queens)
            if columns != list(range(1, 9)):
                continue  # cases 4, 6, 7: the column move needs one queen per column
            start = "[" + ",".join(f"({r},{c})" for r, c in board.queens) + "]"
            request = queens.request(
                start, algorithm="hill-climbing", options={"tie_break": "last"}
            )
            result = queens.search(request)
            native = climb(board, moves="column", heuristic="attacks", tie_break="last")
            boards = [tuple(map(int, re.findall(r"\d+", state))) for state in result.path]
            assert [tuple(x for rc in b for x in rc) for b in native.path] == boards, case
            assert result.status == native.status, case
            assert result.stats.generated == native.stats.generated, case
        assert queens.default_start() == "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]"
    finally:
        queens.close()


# -- a course's file: the water jugs ---------------------------------------------------


@pytest.mark.parametrize("algorithm", ["astar", "ida"])
def test_the_water_jugs_solve_with_astar_and_ida(run_cli: RunCli, algorithm: str) -> None:
    run = run_cli("prolog", str(JUGS), "--algorithm", algorithm, "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["status"] == "solved" and document["optimal"] is True
    assert document["length"] == 4 and document["cost"] == 4
    assert document["path"][0] == "jugs(0,0)" and document["final"] in ("jugs(4,2)", "jugs(2,3)")
    assert document["moves"] == ["fill(small)", "pour(small,big)", "fill(small)", "pour(small,big)"]
    assert document["domain"] == "water-jugs" and document["run"]["heuristic"] == "h"


def test_every_algorithm_takes_a_prolog_problem(jugs: PrologDomain) -> None:
    for algorithm in jugs.algorithms:
        request = jugs.request(
            "jugs(0,0)", algorithm=algorithm, seed=1, options={}, params={"call_seconds": 5}
        )
        if request.info.stream:
            stream = jugs.stream(request)
            assert next(stream).solved, algorithm
            continue
        result = jugs.search(request)
        if request.info.local:
            assert result.status in ("solved", "local_optimum"), algorithm
        else:
            assert result.solved and result.final_state in (
                "jugs(4,2)",
                "jugs(2,3)",
                "jugs(2,0)",
            ), (
                algorithm,
                result.final_state,
            )


def test_show_path_draws_the_jugs_with_draw_2(run_cli: RunCli) -> None:
    run = run_cli("prolog", str(JUGS), "-a", "bfs", "--show-path")
    assert run.code == 0, run.stderr
    assert "solved in 4 moves (shortest), bfs" in run.stdout
    assert "moves: fill(small) pour(small,big) fill(small) pour(small,big)" in run.stdout
    assert "~ ~\n~ ~" in run.stdout  # jugs(3,3): both full to the third litre
    assert run.stdout.count("---") == 4


def test_trace_out_writes_every_event(run_cli: RunCli, tmp_path: Path) -> None:
    trace = tmp_path / "events.jsonl"
    run = run_cli("prolog", str(JUGS), "-a", "astar", "--trace-out", str(trace))
    assert run.code == 0, run.stderr
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    assert events[0]["kind"] == "expand" and events[0]["state"] == "jugs(0,0)"
    assert any(event["kind"] == "generate" and event["move"] == "fill(big)" for event in events)
    assert events[-1]["kind"] == "solution"


def test_limits_and_the_house_exit_statuses(run_cli: RunCli) -> None:
    stopped = run_cli("prolog", str(JUGS), "-a", "bfs", "--max-expanded", "2", "--json")
    assert stopped.code == 3 and json.loads(stopped.stdout)["limit"] == "max_expanded"
    typed = run_cli("prolog", str(JUGS), "jugs(1,1)", "-a", "bfs", "--json")
    assert typed.code == 0 and json.loads(typed.stdout)["moves"] == ["pour(big,small)"]
    every = run_cli("prolog", str(JUGS), "-a", "dfs", "--solutions", "3", "--json")
    assert every.code == 0 and json.loads(every.stdout)["count"] == 3


# -- states as Prolog has them ---------------------------------------------------------


def test_states_are_terms_compared_and_written_as_prolog_does(tmp_path: Path) -> None:
    """Typed with spaces, quotes or operators, a state is the text Prolog writes for
    it: equal terms are equal states, 1 and 1.0 are not (1 == 1.0 fails in Prolog)."""
    path = write_pl(
        tmp_path,
        "s(f(X), f(Y), 1) :- integer(X), Y is X + 1, Y < 3.\n"
        "s(f(X), g('A b', \"text\", -1, - 1, a-(-1)), 2.5) :- integer(X).\n"
        "goal(g(_, _, _, _, _)).\n",
    )
    domain = load_prolog(path)
    try:
        assert domain.parse_start(" f( 'x' ) ") == "f(x)"
        assert domain.parse_start("f(1)") != domain.parse_start("f(1.0)")
        assert domain.parse_start("f( 1 ).") == "f(1)"
        result = domain.search(domain.request("f(0)", algorithm="uniform-cost"))
        assert result.final_state == "g('A b',\"text\",-1,- 1,a- -1)"
        assert result.cost == 2.5 and result.moves == (result.final_state,)
        assert domain.format(result.final_state) == result.final_state
        assert isinstance(domain.draw(result.final_state), Text)
        assert list(domain.heuristics) == ["zero"]  # no h/2: A* is uniform-cost
    finally:
        domain.close()


def test_move_3_names_moves_and_draw_2_draws_a_grid(jugs: PrologDomain) -> None:
    drawing = jugs.draw("jugs(4,2)")
    assert isinstance(drawing, Grid) and (drawing.rows, drawing.cols) == (4, 2)
    assert drawing.cells == ("~", "", "~", "_", "~", "~", "~", "~")  # the small jug holds 2 of 3
    assert jugs.title == "water_jugs.pl" and jugs.name == "water-jugs"
    assert jugs.summary.startswith("The water jugs: with a 4-litre and a 3-litre jug")


# -- the other front ends --------------------------------------------------------------


def test_run_and_experiment_compare_take_a_prolog_file(run_cli: RunCli) -> None:
    assert isinstance(load_problem(str(JUGS)), PrologDomain)
    run = run_cli("run", str(JUGS), "-a", "astar", "--json")
    assert run.code == 0 and json.loads(run.stdout)["length"] == 4
    compared = run_cli(
        "experiment",
        "compare",
        "--problem",
        str(JUGS),
        "--algorithm",
        "astar,bfs,ida",
        "--jobs",
        "1",
        "--json",
    )
    assert compared.code == 0, compared.stderr
    rows = json.loads(compared.stdout)["rows"]
    assert {row["algorithm"] for row in rows} == {"astar", "bfs", "ida"}
    assert all(row["solved"] == 1 and row["mean_length"] == 4 for row in rows)


def test_the_viewer_serves_a_prolog_file_in_its_generic_view(jugs: PrologDomain) -> None:
    from starlette.testclient import TestClient

    from searchlab.web import create_app

    with TestClient(create_app(domains=[jugs]), base_url="http://127.0.0.1:8000") as client:
        offered = {entry["name"]: entry for entry in client.get("/api/options").json()["domains"]}
        entry = offered["water-jugs"]
        assert entry["views"] == ["generic"] and entry["has_default_start"]
        assert entry["heuristics"] == [
            {
                "name": "h",
                "summary": "h/2 of the file: its estimate of the cost still to go",
                "admissible": True,
            }
        ]
        reply = client.post(
            "/api/domains/water-jugs/search", json={"algorithm": "ida", "drawings": True}
        )
        assert reply.status_code == 200, reply.text
        body = reply.json()
        assert body["result"]["length"] == 4 and body["result"]["optimal"]
        assert body["start_drawing"]["kind"] == "grid"
        typo = client.post("/api/domains/water-jugs/search", json={"start": "jugs(1,"})
        assert typo.status_code == 400 and typo.json()["field"] == "start"
        assert "cannot read 'jugs(1,' as a Prolog term" in typo.json()["error"]
