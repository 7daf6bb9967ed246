"""The constraint satisfaction domains through every front end: the commands as a user
types them (one JSON schema, the exit statuses, one-line refusals), the compiled Sudoku
solver against the generic engine and an independent validator, and the viewer's API."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Refused, RunCli, report_of
from starlette.testclient import TestClient

import searchlab.web
from searchlab.algorithms.csp import Strategy, count_solutions
from searchlab.core.encoding import COUNTERS
from searchlab.domains.registry import get_domain
from searchlab.domains.sudoku.domain import PUZZLES
from searchlab.domains.sudoku.grid import parse_puzzle, random_puzzle, sudoku_csp, valid_solution
from searchlab.domains.sudoku.kernels.solver import solve
from searchlab.web import create_app

HARD = PUZZLES["hard"]


def test_sudoku_solve_writes_the_one_schema(run_cli: RunCli) -> None:
    run = run_cli("sudoku", "solve", "hard", "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["schema"] == 1 and document["domain"] == "sudoku" and document["solved"]
    assert document["run"]["algorithm"] == "csp-backtracking"
    assert document["run"]["inference"] == "fc" and document["strategy"] == "FC+MRV"
    assert {"assignments", "checks", "backtracks"} <= set(document["stats"])
    cells = [int(ch) for ch in document["solution"]]
    assert valid_solution(parse_puzzle(HARD), cells)
    text = run_cli("sudoku", "solve", "easy", "--inference", "mac")
    assert text.code == 0 and "consistency checks" in text.stdout


def test_several_solutions_and_none_are_said_so(run_cli: RunCli) -> None:
    several = run_cli("sudoku", "solve", "several", "--solutions", "2", "--json")
    assert several.code == 0 and json.loads(several.stdout)["count"] == 2
    counted = run_cli("sudoku", "count", "several", "--at-most", "2")
    assert counted.code == 0 and "at least 2 solutions" in counted.stdout
    unique = run_cli("sudoku", "count", "hard", "--at-most", "2", "--json")
    assert json.loads(unique.stdout)["count"] == 1 and json.loads(unique.stdout)["complete"]
    none = run_cli("sudoku", "solve", "none")
    assert none.code == 1 and "No solution exists" in none.stdout
    proved = run_cli("sudoku", "propagate", "none")
    assert proved.code == 1 and "AC-3 proves there is no solution: r1c1" in proved.stdout
    easy = run_cli("sudoku", "propagate", "easy", "--json")
    assert json.loads(easy.stdout)["solved"] is True  # singles alone: AC-3 is enough


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("sudoku", "solve", "1" * 80), "has 81, 256 or 625 cells"),
        (("sudoku", "solve", "x" + "." * 80), "cell r1c1: 'x' is not a value of a 9×9 Sudoku"),
        (
            ("sudoku", "solve", "5...5" + "." * 76),
            "cell r1c5: 5 is given twice in row 1 (also at r1c1)",
        ),
        (
            ("sudoku", "solve", "5" + "." * 8 + "5" + "." * 71),
            "cell r2c1: 5 is given twice in column 1",
        ),
        (("cryptarithm", "solve", "ABCDE+FGHIJ=KLMNO"), "has 15 distinct letters"),
        (("cryptarithm", "solve", "SEND+MORE"), "write a cryptarithm as WORD+WORD=WORD"),
        (("map-colouring", "solve", "A: B A"), "line 1: A is adjacent to itself"),
        (("map-colouring", "solve", "atlantis"), "no map called 'atlantis'"),
        (("queens-csp", "solve", "1001"), "n must be from 1 to 1,000"),
        # options are checked where they are given
        (
            ("queens-csp", "solve", "8", "--inference", "mac", "--backtrack", "cbj"),
            "use --inference fc",
        ),
        (("queens-csp", "solve", "8", "--inference", "magic"), "unknown --inference 'magic'"),
        (("schedule", "solve", "example", "--algorithm", "csp"), "does not offer"),
        (("queens-csp", "solve", "100", "--trace-out", "/tmp/never.jsonl"), "too large to watch"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    refused: Refused, args: tuple[str, ...], words: str
) -> None:
    refused(*args, says=words)


def test_a_map_file_and_the_colours(run_cli: RunCli, tmp_path: Path) -> None:
    chart = tmp_path / "triangle.txt"
    chart.write_text("# three regions touching\nA: B C\nB: C\n")
    assert run_cli("map-colouring", "solve", str(chart), "--colours", "2").code == 1
    three = run_cli("map-colouring", "solve", str(chart), "--colours", "3", "--all", "--json")
    assert three.code == 0 and json.loads(three.stdout)["count"] == 6
    bad = tmp_path / "bad.txt"
    bad.write_text("A: B\nC: C\n")
    run = run_cli("map-colouring", "solve", str(bad))
    assert run.code == 2 and "line 2: C is adjacent to itself" in run.stderr
    usa = run_cli("map-colouring", "solve", "usa", "--json")
    assert json.loads(usa.stdout)["solution"]["NV"] in ("red", "green", "blue", "yellow")


def test_cryptarithm_and_queens_from_the_command_line(run_cli: RunCli) -> None:
    run = run_cli("cryptarithm", "solve", "send-more-money", "--all")
    assert run.code == 0 and "9567+1085=10652" in run.stdout and "the only one" in run.stdout
    queens = run_cli("queens-csp", "solve", "6", "--all", "--json")
    assert json.loads(queens.stdout)["count"] == 4
    climb = run_cli("queens-csp", "solve", "50", "--algorithm", "min-conflicts", "--seed", "2")
    assert climb.code == 0 and "solved by min-conflicts" in climb.stdout


def test_the_compiled_solver_agrees_with_the_generic_engine() -> None:
    rng = random.Random(12)
    puzzles = [parse_puzzle(text) for text in PUZZLES.values()]
    puzzles += [random_puzzle(9, rng, blanks) for blanks in (0.5, 0.6, 0.7) for _ in range(4)]
    for puzzle in puzzles:
        count, cells, _ = solve(puzzle.size, puzzle.cells, 2)
        generic, stream = count_solutions(
            sudoku_csp(puzzle), Strategy("mrv", "static", "mac"), at_most=2
        )
        assert count == generic, puzzle.line()
        if count:
            assert cells is not None and valid_solution(puzzle, cells)
        if count == 1:
            assert stream.last is not None
            csp = stream.last.final_state.csp
            found = stream.last.final_state.assignment()
            assert tuple(found[var] for var in csp.variables) == cells


def test_bulk_solves_a_file_checked(run_cli: RunCli, tmp_path: Path) -> None:
    lines = ["# three puzzles", PUZZLES["hard"], "", PUZZLES["several"], PUZZLES["none"]]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    run = run_cli("sudoku", "bulk", str(path), "--cross-check", "--json")
    assert run.code == 1, run.stderr  # one has no solution
    document = json.loads(run.stdout)
    assert [p["status"] for p in document["puzzles"]] == ["unique", "several", "none"]
    assert [p["line"] for p in document["puzzles"]] == [2, 4, 5]
    assert (document["unique"], document["several"], document["none"]) == (1, 1, 1)
    text = run_cli("sudoku", "bulk", str(path), "--engine", "generic", "--quiet")
    assert "3 puzzles: 1 with one solution, 1 with several, 1 with none" in text.stdout
    path.write_text(PUZZLES["hard"] + "\n" + "5...5" + "." * 76 + "\n")
    bad = run_cli("sudoku", "bulk", str(path))
    assert bad.code == 2 and "line 2: cell r1c5: 5 is given twice" in bad.stderr


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


def test_the_viewer_steps_a_sudoku_and_shows_the_candidates(client: TestClient) -> None:
    body = {"start": "easy", "inference": "fc", "drawings": True}
    live = client.post("/api/domains/sudoku/search", json=body).json()
    assert live["live"] is True and live["run"]["inference"] == "fc"
    page = client.get(f"/api/sessions/{live['session']}/events", params={"max": 60}).json()
    kinds = [event["kind"] for event in page["events"]]
    assert kinds[0] == "expand" and "generate" in kinds and "narrow" in kinds
    first = page["events"][0]["drawing"]
    assert (first["rows"], first["cols"]) == (9, 9)
    # an open cell's candidates are pencil marks in a 3 × 3 grid, not a number ("457")
    assert all(len(cell) <= 1 for cell in first["cells"]) and first["side"] == 3
    assert any(sum(1 for value in note if value) > 1 for note in first["notes"].values())
    narrow = next(event for event in page["events"] if event["kind"] == "narrow")
    assert (narrow["drawing"]["rows"], narrow["drawing"]["cols"]) == (9, 9)
    assert narrow["c"][COUNTERS.index("narrow")] >= 1
    solved = client.get(
        f"/api/sessions/{live['session']}/events",
        params={"from": page["next"], "until": "solution", "max": 5},
    ).json()
    assert solved["events"][-1]["kind"] == "solution"
    refused = client.post(
        "/api/domains/sudoku/search", json={"start": "easy", "inference": "mac", "backtrack": "cbj"}
    )
    assert refused.status_code == 400 and refused.json()["field"] == "backtrack"
    options = client.get("/api/options").json()
    names = [domain["name"] for domain in options["domains"]]
    assert {"sudoku", "map-colouring", "cryptarithm", "queens-csp"} <= set(names)


def test_the_page_counts_the_same_kinds_as_the_server() -> None:
    """dom.js reads each event's cumulative counters ("c") by position."""
    script = (Path(searchlab.web.__file__).parent / "static" / "js" / "dom.js").read_text()
    match = re.search(r"export const COUNTERS = \[(.*?)\];", script)
    assert match is not None
    assert tuple(re.findall(r'"(\w+)"', match.group(1))) == COUNTERS


def test_the_domains_are_found_through_their_entry_points() -> None:
    for name in ("sudoku", "map-colouring", "cryptarithm", "queens-csp"):
        domain = get_domain(name)
        assert domain.default_algorithm == "csp-backtracking"
        request = domain.request(next(iter(domain.presets), "8"))
        assert domain.search(request).solved or name == "sudoku"


def test_the_experiment_sets_the_variants_side_by_side(tmp_path: Path) -> None:
    plot = tmp_path / "csp.svg"
    command = "experiment csp --problem australia,queens --variant bt,fc+mrv,min-conflicts"
    report = report_of(command, "--size", "4..8", "--runs", "2", "--plot", str(plot))
    rows = {(row["problem"], row["variant"]): row for row in report["rows"]}
    assert set(rows) == {
        (problem, variant)
        for problem in ("australia", "queens")
        for variant in ("BT", "FC+MRV", "min-conflicts")
    }
    assert rows["queens", "FC+MRV"]["solved"] == 5 and not rows["queens", "FC+MRV"]["stopped"]
    assert rows["queens", "FC+MRV"]["checks"] < rows["queens", "BT"]["checks"]
    assert rows["queens", "BT"]["textbook"] == "> 40,000K"
    assert plot.read_text().startswith("<?xml")


USER_CSP = """
from searchlab.algorithms.csp import CSP, AllDifferent, NotEqual


def problem(broken=False, empty=False):
    names = ("a", "b", "c")
    domains = {name: () if empty and name == "c" else (1, 2, 3) for name in names}
    constraints = [AllDifferent(names), NotEqual("a", "z" if broken else "b")]
    return CSP(domains, constraints, name="three letters")
"""


def test_your_own_csp_runs_on_the_csp_solvers(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "letters.py"
    path.write_text(USER_CSP)
    run = run_cli("run", str(path), "--all", "--inference", "mac", "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["count"] == 6 and document["run"]["algorithm"] == "csp-backtracking"
    climb = run_cli("run", str(path), "--algorithm", "min-conflicts", "--seed", "4")
    assert climb.code == 0 and "solved by min-conflicts" in climb.stdout
    broken = run_cli("run", str(path), "-p", "broken=True")
    assert broken.code == 2 and "names 'z', which is not a variable" in broken.stderr
    empty = run_cli("run", str(path), "-p", "empty=True")
    assert empty.code == 2 and "the domain of c is empty" in empty.stderr
    assert broken.stderr.count("\n") == empty.stderr.count("\n") == 1


def test_count_runs_on_the_compiled_core_when_it_can(run_cli: RunCli) -> None:
    auto = json.loads(run_cli("queens-csp", "count", "9", "--json").stdout)
    generic = json.loads(
        run_cli("queens-csp", "count", "9", "--engine", "generic", "--json").stdout
    )
    assert (auto["engine"], generic["engine"]) == ("kernel", "generic")
    assert auto["count"] == generic["count"] == 352
    for key in ("expanded", "generated", "assignments", "checks", "backtracks"):
        assert auto["stats"][key] == generic["stats"][key]
    mac = json.loads(run_cli("queens-csp", "count", "6", "--inference", "mac", "--json").stdout)
    assert mac["engine"] == "generic" and mac["count"] == 4
    refused = run_cli("queens-csp", "count", "6", "--inference", "mac", "--engine", "kernel")
    assert refused.code == 2 and "use --engine generic" in refused.stderr


def test_a_sudoku_is_read_from_a_grid_as_from_a_line() -> None:
    line = PUZZLES["easy"]
    rows = [line[9 * r : 9 * r + 9] for r in range(9)]
    ruled = "\n".join(
        " | ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6))
        + ("\n------+-------+------" if r in (2, 5) else "")
        for r, row in enumerate(rows)
    )
    assert parse_puzzle(ruled) == parse_puzzle(line)
    sixteen = parse_puzzle(PUZZLES["16x16"])
    numbers = " ".join(str(value) if value else "." for value in sixteen.cells)
    assert parse_puzzle(numbers) == sixteen  # with spaces, values may be numbers (10…16)
    assert parse_puzzle(PUZZLES["25x25"]).size == 25


def test_a_streaming_search_through_domain_search_keeps_the_domains_constraint() -> None:
    """Domain.search hands the domain's constraint to depth-first search as
    Domain.stream does: the queens' dfs through search used to end on (1, 1, 1, 1)."""
    queens = get_domain("queens")
    found = queens.search(queens.request("4", algorithm="dfs"))
    assert found.solved and found.final_state == (2, 4, 1, 3)
