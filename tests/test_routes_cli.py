"""Route finding at the command line: solve between named, numbered and grid nodes,
the house JSON and exit statuses, a scenario file, landmarks and generated graphs, and
every refusal in one line with status 2."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from conftest import Refused, RunCli, report_of

DATA = Path(__file__).parent / "data" / "routes"


def test_solve_romania_by_default(run_cli: RunCli) -> None:
    run = run_cli("route", "solve")
    assert run.code == 0, run.stderr
    assert "cost 418" in run.stdout and "Sibiu, Rimnicu Vilcea, Pitesti, Bucharest" in run.stdout


@pytest.mark.parametrize("algorithm", ["astar", "uniform-cost", "bidirectional", "bidi-astar"])
def test_solve_json_in_the_house_schema(run_cli: RunCli, algorithm: str) -> None:
    run = run_cli("route", "solve", "Arad", "--goal", "Bucharest", "-a", algorithm, "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["schema"] == 1 and document["domain"] == "route"
    assert document["cost"] == 418 and document["optimal"] is True
    assert document["path"] == ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]
    assert document["run"]["start"] == "romania:Arad" and document["run"]["goal"] == "Bucharest"
    assert document["graph"] == {
        "title": "Romania (AIMA)",
        "nodes": 20,
        "edges": 23,
        "directed": False,
    }
    assert set(document["stats"]) >= {"expanded", "seconds", "setup_seconds"}


def test_no_path_is_said_plainly_with_status_1(run_cli: RunCli, tmp_path: Path) -> None:
    (tmp_path / "two.csv").write_text("A,B,1\nC,D,1\n")
    run = run_cli(
        "route", "solve", f"{tmp_path / 'two.csv'}:A", "--goal", "C", "-a", "uniform-cost"
    )
    assert run.code == 1
    assert "no solution: no path from A to C" in run.stdout


def test_a_grid_cell_to_a_grid_cell(run_cli: RunCli) -> None:
    tiny = DATA / "tiny.map"
    run = run_cli("route", "solve", f"{tiny}:3,0", "--goal", "3,6", "--json")
    document = json.loads(run.stdout)
    assert document["cost"] == 12.0 and document["path"][0] == "3,0"
    assert document["run"]["heuristic"] == "octile"
    four = run_cli("route", "solve", f"{tiny}:1,4", "--goal", "0,5", "--neighbours", "4", "--json")
    assert json.loads(four.stdout)["cost"] == 2.0


def test_the_compiled_engine_on_a_generated_graph(run_cli: RunCli) -> None:
    runs = [
        json.loads(
            run_cli("route", "solve", "road:5000:1:0", "-g", "4999", "--engine", e, "--json").stdout
        )
        for e in ("generic", "compiled")
    ]
    assert runs[0]["cost"] == runs[1]["cost"]
    assert runs[0]["stats"]["expanded"] == runs[1]["stats"]["expanded"]
    assert runs[1]["run"]["engine"] == "compiled"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("Arad", "-g", "Bukarest"), "unknown node 'Bukarest'"),
        (("Atlantis",), "unknown node 'Atlantis'"),
        (("nowhere.gr:1", "-g", "2"), "cannot read nowhere.gr"),
        ((f"{DATA / 'tiny.map'}:1,1", "-g", "3,6"), "cell 1,1 is a wall"),
        ((f"{DATA / 'tiny.map'}:30,1", "-g", "3,6"), "off the map"),
        (("road:5:1:0", "-g", "9"), "unknown node 9"),
        (("road:99999999999:1:0", "-g", "9"), "20,000,000"),
        (("Arad", "-H", "great-circle"), "longitude and latitude"),
        (("Arad", "-a", "bidirectional", "--engine", "compiled"), "compiled kernel runs"),
        (("Arad", "--landmarks", "65"), "--landmarks must be at most 64"),
        (("Arad", "-a", "csp"), "does not offer"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    refused: Refused, args: tuple[str, ...], says: str
) -> None:
    refused("route", "solve", *args, says=says)


def test_a_malformed_file_is_refused_by_line(refused: Refused, tmp_path: Path) -> None:
    (tmp_path / "bad.gr").write_text("p sp 2 2\na 1 2 3\na 2 1 nan\n")
    refused("route", "solve", f"{tmp_path / 'bad.gr'}:1", "-g", "2", says="bad.gr line 3")
    (tmp_path / "neg.csv").write_text("A,B,1\nB,C,-1\n")
    refused("route", "solve", f"{tmp_path / 'neg.csv'}:A", "-g", "C", says="neg.csv line 2")


def test_scen_agrees_with_the_fixture(run_cli: RunCli) -> None:
    run = run_cli("route", "scen", str(DATA / "tiny.map.scen"), "--json")
    assert run.code == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["count"] == 24 and report["agree"] == 24 and report["disagree"] == 0


def test_scen_reports_a_wrong_optimum_with_status_1(run_cli: RunCli, tmp_path: Path) -> None:
    text = (DATA / "tiny.map.scen").read_text().replace("12.00000000", "12.00000010", 1)
    (tmp_path / "tiny.map.scen").write_text(text)
    (tmp_path / "tiny.map").write_text((DATA / "tiny.map").read_text())
    run = run_cli("route", "scen", str(tmp_path / "tiny.map.scen"), "-q")
    assert run.code == 1 and "DIFFERS" in run.stdout and "23 agree" in run.stdout


def test_scen_for_another_map_is_refused(refused: Refused, tmp_path: Path) -> None:
    (tmp_path / "other.map").write_text("type octile\nheight 2\nwidth 2\nmap\n..\n..\n")
    refused(
        "route",
        "scen",
        str(DATA / "tiny.map.scen"),
        "--map",
        str(tmp_path / "other.map"),
        says="not other.map",
    )


def test_generate_then_scen_and_landmarks(run_cli: RunCli, tmp_path: Path) -> None:
    maze = tmp_path / "m.map"
    made = report_of("route generate maze --width 8 --height 6 --scenarios 15 --seed 4", str(maze))
    assert made["files"] == [str(maze), str(maze) + ".scen"]
    assert run_cli("route", "scen", str(maze) + ".scen", "-q").code == 0
    road = tmp_path / "r.gr"
    assert run_cli("route", "generate", "road", str(road), "--nodes", "400").code == 0
    marks = tmp_path / "marks.npz"
    built = report_of("route landmarks --landmarks 3", str(road), "--out", str(marks))
    assert len(built["landmarks"]) == 3
    with_file = report_of(
        "route solve -g 400 -H landmarks", f"{road}:1", "--landmarks-file", str(marks)
    )
    plain = report_of("route solve -g 400 -a uniform-cost", f"{road}:1")
    assert with_file["cost"] == plain["cost"]


def test_landmarks_of_another_graph_are_refused(
    run_cli: RunCli, refused: Refused, tmp_path: Path
) -> None:
    marks = tmp_path / "marks.npz"
    assert (
        run_cli("route", "landmarks", "road:300:1", "--out", str(marks), "--landmarks", "2").code
        == 0
    )
    refused(
        "route",
        "solve",
        "road:300:2:0",
        "-g",
        "5",
        "-H",
        "landmarks",
        "--landmarks-file",
        str(marks),
        says="another graph",
    )


def test_a_grid_route_is_drawn_on_its_map() -> None:
    from searchlab.domains.drawing import Grid
    from searchlab.domains.routes.domain import ROUTE

    request = ROUTE.request("grid:.../.@./...:0,0", goal="2,2")
    problem = ROUTE.problem(request)
    goal = ROUTE.draw(request.goal, problem)  # the goal as written, as the viewer asks
    assert isinstance(goal, Grid) and goal.cells[8] == "●" and goal.cells[4] == "█"
    result = ROUTE.search(request)
    assert result.cost == 4.0  # round the wall: no corner cutting, so no diagonal past it
    first = ROUTE.draw(result.path[0])  # the path's states know their map
    assert isinstance(first, Grid) and first.cells[0] == "●" and first.cells[8] == "G"


@pytest.mark.parametrize("algorithm", ["rbfs", "ida", "best-first"])
def test_solve_offers_the_engines_optimal_searches(run_cli: RunCli, algorithm: str) -> None:
    """Before: refused ("does not offer the algorithm rbfs here"), while `searchlab run`
    offered them. Romania's cheapest Arad-Bucharest is 418 km (AIMA, Figure 3.2)."""
    document = report_of(f"route solve Arad --goal Bucharest -a {algorithm}")
    assert document["cost"] == 418
    assert document["path"] == ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]
    assert document["run"]["engine"] == "generic"


@pytest.mark.parametrize("algorithm", ["dfs", "iterative-deepening"])
def test_solve_offers_the_engines_uninformed_searches(run_cli: RunCli, algorithm: str) -> None:
    """Some path, whose cost is the sum of its roads' (Figure 3.2's distances)."""
    from searchlab.domains.routes.romania import ROADS

    roads = {frozenset((a, b)): km for a, b, km in ROADS}
    document = report_of(f"route solve Arad --goal Bucharest -a {algorithm}")
    path = document["path"]
    assert path[0] == "Arad" and path[-1] == "Bucharest" and len(set(path)) == len(path)
    assert document["cost"] == sum(roads[frozenset(arc)] for arc in itertools.pairwise(path))
    assert document["cost"] >= 418


def test_the_compiled_kernel_stays_with_what_it_runs(refused: Refused) -> None:
    refused(
        "route",
        "solve",
        "Arad",
        "--goal",
        "Bucharest",
        "-a",
        "rbfs",
        "--engine",
        "compiled",
        says="the compiled kernel runs astar and uniform-cost only",
    )
