"""Files that look valid but used to give a wrong answer without a word, or a
traceback (issue 26, item 2): each case as it was found, now answered right or refused
in one line with status 2; and ``route generate`` no longer overwrites a file the user
did not name, nor leaves a half-written one."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np
import pytest
from conftest import Refused, RunCli

BOM = "\ufeff"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Landmarks (the default estimate without coordinates) are cached in the test's
    directory, not the user's."""
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))


def solved_cost(run_cli: RunCli, *args: str) -> float:
    run = run_cli("route", "solve", *args, "--json")
    assert run.code == 0, run.stderr
    cost: float = json.loads(run.stdout)["cost"]
    return cost


# -- names ------------------------------------------------------------------------------
def test_an_exact_name_wins_over_another_nodes_alias(run_cli: RunCli, tmp_path: Path) -> None:
    # a and A: "a" used to find A (the lower-cased alias of A hid the exact a): no path
    graph = tmp_path / "c.csv"
    graph.write_text("a,b,1\nA,c,1\n")
    assert solved_cost(run_cli, f"{graph}:a", "--goal", "b") == 1
    assert solved_cost(run_cli, f"{graph}:A", "--goal", "c") == 1


def test_an_ambiguous_alias_is_refused(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "c.csv"
    graph.write_text("ab,c,1\naB,c,2\n")
    refused("route", "solve", f"{graph}:AB", "--goal", "c", says="'AB' is ambiguous")


def test_an_alias_still_finds_a_single_name(run_cli: RunCli, tmp_path: Path) -> None:
    graph = tmp_path / "c.csv"
    graph.write_text("Arad,Sibiu,140\n")
    assert solved_cost(run_cli, f"{graph}:arad", "--goal", "SIBIU") == 140


# -- numbers the engines cannot compute exactly -----------------------------------------
def test_coordinates_near_the_float_limit_are_refused(refused: Refused, tmp_path: Path) -> None:
    # the compiled engine used to report cost 5 as cheapest where 3 is
    graph = tmp_path / "h.csv"
    graph.write_text("a,b,1\nb,c,2\na,d,1\nd,c,4\n")
    (tmp_path / "h.coords.csv").write_text("node,x,y\na,0,0\nb,1e308,0\nc,2,0\nd,-1e308,0\n")
    for engine in ("compiled", "generic"):
        refused(
            "route", "solve", f"{graph}:a", "--goal", "c", "--engine", engine,
            "--heuristic", "straight-line", says="coordinates must be finite and at most 2^53",
        )  # fmt: skip


def test_bidirectional_astar_does_not_meet_huge_coordinates(
    refused: Refused, tmp_path: Path
) -> None:
    graph = tmp_path / "h.csv"
    graph.write_text("a,b,1\nb,c,2\n")
    (tmp_path / "h.coords.csv").write_text("a,0,0\nb,-1.7e308,0\nc,1.7e308,0\n")
    refused("route", "solve", f"{graph}:a", "--goal", "c", "-a", "bidi-astar", says="2^53")


@pytest.mark.parametrize(
    ("arcs", "says"),
    [
        ("a 1 2 10000000000000000000\n", "weight 10000000000000000000"),  # was 9.22e18
        ("a 1 2 1e308\na 2 3 1e308\n", "weight 1e308"),  # the sum was "cost inf (cheapest)"
    ],
)
def test_weights_past_exact_sums_are_refused(
    refused: Refused, tmp_path: Path, arcs: str, says: str
) -> None:
    graph = tmp_path / "w.gr"
    graph.write_text(f"p sp 3 {arcs.count(chr(10))}\n{arcs}")
    refused("route", "solve", f"{graph}:1", "--goal", "2", says=says)


def test_the_largest_exact_weight_is_read_exactly(run_cli: RunCli, tmp_path: Path) -> None:
    graph = tmp_path / "w.gr"
    graph.write_text(f"p sp 2 1\na 1 2 {2**53}\n")
    assert solved_cost(run_cli, f"{graph}:1", "--goal", "2") == 2**53


def test_latitude_900_is_refused(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "g.gr"
    graph.write_text("p sp 2 1\na 1 2 5\n")
    (tmp_path / "g.co").write_text("p aux sp co 2\nv 1 0 900000000\nv 2 1000000 1000000\n")
    refused("route", "solve", f"{graph}:1", "--goal", "2", says="latitude -90 to 90")


def test_graphml_longitude_out_of_range_is_refused(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "g.graphml"
    graph.write_text(
        graphml(
            'edgedefault="undirected"',
            '<node id="a"><data key="lon">200</data><data key="lat">0</data></node>'
            '<node id="b"><data key="lon">0</data><data key="lat">0</data></node>'
            '<edge source="a" target="b"/>',
        )
    )
    refused("route", "solve", f"{graph}:a", "--goal", "b", says="longitude must be -180 to 180")


# -- strict number syntax -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "text", "start"),
    [
        ("u.gr", "p sp 2 1\na 1 2 1_0\n", "1"),
        ("u.csv", "a,b,1_0\n", "a"),
        ("v.csv", "source,target,weight\na,b,1_0\n", "a"),
        ("n.gr", "p sp 1_0 1\na 1 2 1\n", "1"),
    ],
)
def test_an_underscore_is_no_digit(
    refused: Refused, tmp_path: Path, name: str, text: str, start: str
) -> None:
    # Python's float("1_0") is 10: a typo was read as another number
    graph = tmp_path / name
    graph.write_text(text)
    refused("route", "solve", f"{graph}:{start}", "--goal", "b" if "csv" in name else "2",
            says="1_0")  # fmt: skip


def test_an_underscore_in_a_generated_graph_is_refused(refused: Refused) -> None:
    refused("route", "solve", "road:1_000:0", "--goal", "5", says="'1_000'")


def test_graphml_numbers_are_strict(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "g.graphml"
    graph.write_text(
        graphml('edgedefault="directed"', '<edge source="a" target="b"><data key="w">1_0</data>'
                "</edge>")
    )  # fmt: skip
    refused("route", "solve", f"{graph}:a", "--goal", "b", says="'1_0' is not a number")


def test_map_and_scenario_numbers_are_strict(refused: Refused, tmp_path: Path) -> None:
    grid = tmp_path / "m.map"
    grid.write_text("type octile\nheight 1_0\nwidth 2\nmap\n..\n")
    refused("route", "solve", f"{grid}:0,0", "--goal", "1,0", says="whole height and width")


# -- GraphML's per-edge direction ---------------------------------------------------------
def graphml(graph_attributes: str, body: str) -> str:
    return (
        '<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
        '<key id="w" for="edge" attr.name="weight" attr.type="double"/>'
        '<key id="lon" for="node" attr.name="lon" attr.type="double"/>'
        '<key id="lat" for="node" attr.name="lat" attr.type="double"/>'
        f"<graph {graph_attributes}>{body}</graph></graphml>"
    )


def test_an_undirected_edge_in_a_directed_graph_goes_both_ways(
    run_cli: RunCli, tmp_path: Path
) -> None:
    graph = tmp_path / "d.graphml"
    graph.write_text(
        graphml(
            'edgedefault="directed"',
            '<node id="a"/><node id="b"/><node id="c"/>'
            '<edge source="a" target="b" directed="false"><data key="w">2</data></edge>'
            '<edge source="b" target="c"><data key="w">3</data></edge>',
        )
    )
    assert solved_cost(run_cli, f"{graph}:b", "--goal", "a", "-a", "uniform-cost") == 2
    # the directed edge still goes one way only
    run = run_cli("route", "solve", f"{graph}:c", "--goal", "b", "-a", "uniform-cost")
    assert run.code == 1, run.stderr


def test_a_direction_neither_true_nor_false_is_refused(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "d.graphml"
    graph.write_text(
        graphml('edgedefault="directed"', '<edge source="a" target="b" directed="yes"/>')
    )
    refused("route", "solve", f"{graph}:a", "--goal", "b", says="directed='yes'")


# -- landmark files -----------------------------------------------------------------------
def forged_landmarks(graph_file: Path, out: Path) -> None:
    """Tables carrying the graph's very fingerprint, but an estimate of 100 at node 2."""
    from searchlab.domains.routes.landmarks import FORMAT
    from searchlab.domains.routes.library import load_graph

    graph, _ = load_graph(str(graph_file))
    n = graph.n
    to = np.zeros((1, n))
    to[0, 1] = 100.0  # d(2, L) "is" 100, d(4, L) 0: h(2) = 100 where the truth is 2
    np.savez(
        out,
        format=np.array(FORMAT),
        fingerprint=np.array(graph.fingerprint()),
        selection=np.array("farthest"),
        seed=np.array(0),
        nodes=np.array([3]),
        from_=np.zeros((1, n)),
        to=to,
    )


def test_a_forged_landmarks_file_is_refused(refused: Refused, tmp_path: Path) -> None:
    # 1→2→4 costs 3, 1→3→4 costs 5: the forged tables used to give 5 as "cheapest"
    graph = tmp_path / "f.gr"
    graph.write_text("p sp 4 4\na 1 2 1\na 2 4 2\na 1 3 1\na 3 4 4\n")
    forged = tmp_path / "forged.npz"
    forged_landmarks(graph, forged)
    for engine in ("compiled", "generic"):
        refused(
            "route", "solve", f"{graph}:1", "--goal", "4", "--heuristic", "landmarks",
            "--landmarks-file", str(forged), "--engine", engine,
            says="distances are not the graph's",
        )  # fmt: skip


def test_true_landmarks_pass_the_check(run_cli: RunCli, tmp_path: Path) -> None:
    graph = tmp_path / "f.gr"
    graph.write_text("p sp 4 4\na 1 2 1\na 2 4 2\na 1 3 1\na 3 4 4\n")
    tables = tmp_path / "true.npz"
    made = run_cli("route", "landmarks", str(graph), "--landmarks", "3", "--out", str(tables))
    assert made.code == 0, made.stderr
    assert solved_cost(
        run_cli, f"{graph}:1", "--goal", "4", "--heuristic", "landmarks",
        "--landmarks-file", str(tables), "--engine", "compiled",
    ) == 3  # fmt: skip


# -- byte order marks, signs ------------------------------------------------------------
def test_a_byte_order_mark_is_accepted(run_cli: RunCli, tmp_path: Path) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(BOM + PUZZLE + "\n" + PUZZLE + "\n", encoding="utf-8")
    run = run_cli("sudoku", "bulk", str(puzzles), "--json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["unique"] == 2
    graph = tmp_path / "b.csv"
    graph.write_text(BOM + "a,b,1\n", encoding="utf-8")
    assert solved_cost(run_cli, f"{graph}:a", "--goal", "b") == 1


def test_a_minus_sign_in_a_sudoku_is_refused(refused: Refused, tmp_path: Path) -> None:
    # "-1" used to read as 1 (the minus taken for a ruling)
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("-1" + PUZZLE[2:] + "\n")
    refused("sudoku", "bulk", str(puzzles), says="'-1' is not a value")


def test_rulings_still_read(run_cli: RunCli, tmp_path: Path) -> None:
    rows = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]
    grid = "\n".join(
        ("------+-------+------\n" if r in (3, 6) else "")
        + " | ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6))
        for r, row in enumerate(rows)
    )
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(PUZZLE + "\n")
    from searchlab.domains.sudoku.grid import parse_puzzle

    assert parse_puzzle(grid).cells == parse_puzzle(PUZZLE).cells


# -- tracebacks become one line ---------------------------------------------------------
def test_an_empty_npz_is_no_interruption(refused: Refused, tmp_path: Path) -> None:
    empty = tmp_path / "e.npz"
    empty.write_bytes(b"")
    refused("route", "solve", f"{empty}:0", "--goal", "1", says="not a complete .npz")


def test_a_truncated_npz(refused: Refused, run_cli: RunCli, tmp_path: Path) -> None:
    whole = tmp_path / "r.npz"
    assert run_cli("route", "generate", "road", str(whole), "--nodes", "200").code == 0
    cut = tmp_path / "t.npz"
    cut.write_bytes(whole.read_bytes()[:2000])
    refused("route", "solve", f"{cut}:0", "--goal", "1", says=f"cannot read {cut}")


def test_coords_of_the_wrong_shape(refused: Refused, tmp_path: Path) -> None:
    odd = tmp_path / "o.npz"
    np.savez(
        odd,
        indptr=np.array([0, 1, 1]),
        indices=np.array([1]),
        weights=np.array([1.0]),
        directed=np.array(True),
        kind=np.array("plane"),
        first_id=np.array(0),
        coords=np.zeros((2, 3)),
    )
    refused("route", "solve", f"{odd}:0", "--goal", "1", says="coords is (2, 3), not (2, 2)")


def test_a_csv_field_past_the_csv_modules_cap(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "long.csv"
    graph.write_text('a,b,1\n"' + "x" * 140_000 + '",b,1\n')
    refused("route", "solve", f"{graph}:a", "--goal", "b", says=f"{graph} line 2: not CSV")


def test_a_landmarks_file_that_is_no_zip(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "f.gr"
    graph.write_text("p sp 2 1\na 1 2 1\n")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"")
    refused(
        "route", "solve", f"{graph}:1", "--goal", "2", "--heuristic", "landmarks",
        "--landmarks-file", str(bad), says="is not a landmarks file",
    )  # fmt: skip


# -- the files route generate writes ----------------------------------------------------
def test_generate_does_not_overwrite_the_co_beside(
    refused: Refused, run_cli: RunCli, tmp_path: Path
) -> None:
    mine = tmp_path / "mine.co"
    mine.write_text("mine\n")
    refused("route", "generate", "road", str(tmp_path / "mine.gr"), "--nodes", "50",
            says="mine.co already exists: give --force")  # fmt: skip
    assert mine.read_text() == "mine\n" and not (tmp_path / "mine.gr").exists()
    forced = run_cli("route", "generate", "road", str(tmp_path / "mine.gr"), "--nodes", "50",
                     "--force")  # fmt: skip
    assert forced.code == 0, forced.stderr
    assert mine.read_text().startswith("c searchlab coordinates: plane")


def test_generate_leaves_no_half_written_file(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", broken)
    run = run_cli("route", "generate", "road", str(tmp_path / "r.npz"), "--nodes", "50")
    assert run.code == 2 and "No space left on device" in run.stderr
    assert list(tmp_path.iterdir()) == []  # neither r.npz nor its temporary file


def test_generated_files_read_back(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "m.map"
    made = run_cli("route", "generate", "maze", str(out), "--width", "5", "--height", "5",
                   "--scenarios", "3")  # fmt: skip
    assert made.code == 0, made.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.map", "m.map.scen"]
    assert oct(out.stat().st_mode & 0o777) != oct(0o600)
    again = run_cli("route", "scen", str(tmp_path / "m.map.scen"), "--json")
    assert again.code == 0, again.stderr


def test_npz_shapes_are_read_without_loading(tmp_path: Path) -> None:
    from searchlab.domains.routes.readers import _declared

    packed = io.BytesIO()
    np.savez(packed, indptr=np.arange(4), kind=np.array("plane"))
    path = tmp_path / "s.npz"
    path.write_bytes(packed.getvalue())
    declared = _declared(path)
    assert declared["indptr"][0] == (4,) and declared["kind"][0] == ()
    assert zipfile.is_zipfile(path)
