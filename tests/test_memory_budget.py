"""The memory budget, stated before the work (issue 26, item 1, for the file readers and
generators): every size found to exhaust the machine inside the stated caps is refused
up front with the figure and --max-memory's, status 2, in well under a second's work;
readers stream with a cap on line length and file size."""

from __future__ import annotations

import io
import re
import struct
import zipfile
from collections.abc import Iterator
from pathlib import Path

import click
import numpy as np
import pytest
from conftest import Refused, RunCli

from searchlab.core import allowance, resources
from searchlab.core.errors import InputError

NEEDS = r"needs about [0-9.,]+ [GM]B; --max-memory is "


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Landmarks cached in the test's directory; and the graphs loaded let go after
    (one of 50 million nodes would stay loaded for the rest of the session)."""
    from searchlab.domains.routes import library

    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))
    yield
    library._LOADED.clear()


def says(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


@pytest.mark.parametrize(
    "args",
    [
        ("route", "generate", "road", "r.npz", "--nodes", "20000000"),
        ("route", "generate", "maze", "m.map", "--width", "4095", "--height", "4095"),
        ("route", "solve", "rooms:8192:8192:1,1", "--goal", "3,3"),
        ("route", "solve", "maze:4095:4095:1,1", "--goal", "3,3"),
        ("route", "solve", "road:20000000:1:0", "--goal", "5"),
        ("route", "landmarks", "road:20000000"),
    ],
)
def test_a_size_past_the_budget_is_refused_before_the_work(
    refused: Refused, tmp_path: Path, args: tuple[str, ...]
) -> None:
    out = [str(tmp_path / a) if a.endswith((".npz", ".map")) else a for a in args]
    refused(*out, "--max-memory", "4G", says=says(NEEDS + "4.0 GB"))
    assert list(tmp_path.iterdir()) == []


def test_the_refusal_gives_both_figures(refused: Refused, tmp_path: Path) -> None:
    run = refused("route", "generate", "road", str(tmp_path / "r.npz"), "--nodes", "20000000",
                  "--max-memory", "11.7G", says="road:20000000 needs about 36.3 GB")  # fmt: skip
    assert "--max-memory is 11.7 GB" in run.stderr


def test_the_default_budget_is_half_the_available_memory(
    refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(resources, "available_memory", lambda: 16 * 2**30)
    assert allowance.default_max_memory() == 8 * 2**30
    refused("route", "generate", "road", str(tmp_path / "r.npz"), "--nodes", "20000000",
            says="--max-memory is 8.0 GB")  # fmt: skip


def test_what_fits_is_built(run_cli: RunCli, tmp_path: Path) -> None:
    run = run_cli("route", "generate", "road", str(tmp_path / "r.npz"), "--nodes", "1000",
                  "--max-memory", "64M")  # fmt: skip
    assert run.code == 0, run.stderr
    solved = run_cli("route", "solve", f"{tmp_path / 'r.npz'}:0", "--goal", "999",
                     "--max-memory", "64M")  # fmt: skip
    assert solved.code == 0, solved.stderr


def test_a_tiny_gr_declaring_fifty_million_nodes(refused: Refused, tmp_path: Path) -> None:
    # 24 bytes; the default landmarks on it need some 20 GB
    graph = tmp_path / "big.gr"
    graph.write_text("p sp 50000000 0\n")
    refused("route", "solve", f"{graph}:1", "--goal", "2", "--max-memory", "8G",
            says=says("8 landmarks on 50,000,000 nodes " + NEEDS))  # fmt: skip
    # and with less, the graph itself, from its header (another file: that one is loaded)
    graph = tmp_path / "big2.gr"
    graph.write_text("p sp 50000000 0\n")
    refused("route", "solve", f"{graph}:1", "--goal", "2", "--max-memory", "2G",
            says=says(r"50,000,000 nodes, 0 arcs\) " + NEEDS))  # fmt: skip


def test_a_gr_declaring_more_arcs_than_fit(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "big.gr"
    graph.write_text("p sp 1000 200000000\na 1 2 1\n")
    refused("route", "solve", f"{graph}:1", "--goal", "2", "--max-memory", "4G",
            says=says(r"200,000,000 arcs\) " + NEEDS))  # fmt: skip


def test_a_map_declaring_8192_squared_cells(refused: Refused, tmp_path: Path) -> None:
    grid = tmp_path / "big.map"
    grid.write_text("type octile\nheight 8192\nwidth 8192\nmap\n")
    refused("route", "solve", f"{grid}:0,0", "--goal", "1,1", "--max-memory", "4G",
            says=says(r"8,192×8,192 cells\) " + NEEDS))  # fmt: skip


def npy_header(shape: tuple[int, ...]) -> bytes:
    """The header of a .npy file of float64 in ``shape``, without its data."""
    text = f"{{'descr': '<f8', 'fortran_order': False, 'shape': {shape!r}, }}"
    text += " " * (118 - len(text)) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode()


def test_an_npz_that_would_expand_past_the_budget(refused: Refused, tmp_path: Path) -> None:
    # the arrays declare 400 million floats (3.2 GB) in a file of a few hundred bytes
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("indptr.npy", npy_header((400_000_001,)))
        archive.writestr("indices.npy", npy_header((0,)))
        archive.writestr("weights.npy", npy_header((0,)))
    path = tmp_path / "bomb.npz"
    path.write_bytes(packed.getvalue())
    refused("route", "solve", f"{path}:0", "--goal", "1", "--max-memory", "2G",
            says=says(NEEDS + "2.0 GB"))  # fmt: skip


def test_bulk_files_are_streamed_with_a_line_cap(refused: Refused) -> None:
    refused("sudoku", "bulk", "/dev/zero", says="/dev/zero line 1: longer than 4,096")


def test_a_bulk_file_past_the_budget(refused: Refused, tmp_path: Path) -> None:
    lines = tmp_path / "many.txt"
    lines.write_text(("." * 81 + "\n") * 20_000)
    refused("sudoku", "bulk", str(lines), "--max-memory", "1M", says=says("--max-memory is 1 MB"))


def test_a_map_colouring_file_is_read_within_a_cap(refused: Refused) -> None:
    refused("map-colouring", "solve", "/dev/zero", says="/dev/zero line 1: longer than")


def test_a_map_colouring_file_past_the_budget(refused: Refused, tmp_path: Path) -> None:
    # Before: a fixed 16 MB cap and no --max-memory (a 5 MB dense map took 660 MB)
    names = [f"R{i}" for i in range(1414)]
    dense = tmp_path / "dense.map"
    dense.write_text("".join(f"{a}: {' '.join(names[i + 1 :])}\n" for i, a in enumerate(names)))
    for command in ("solve", "count", "propagate"):
        refused("map-colouring", command, str(dense), "--max-memory", "64M",
                says=says(f"reading {dense} .*" + NEEDS + "64 MB"))  # fmt: skip


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (("queens", "min-conflicts", "1000000000"), "repairing 1,000,000,000 queens"),
        (("queens", "min-conflicts", "10000000", "--engine", "generic"), "repairing 10,000,000"),
        (("puzzle", "korf100", "--first", "1", "-H", "pdb-78"), "building the 8-tile pattern"),
        (("puzzle", "korf24", "--first", "1"), "building the 6-tile pattern database"),
        (
            ("puzzle", "solve", ",".join(map(str, [*range(1, 24), 0, 24])), "-H", "pdb-6666"),
            "building the 6-tile pattern database",
        ),
    ],
)
def test_tables_and_boards_are_priced_by_the_same_budget(
    refused: Refused, args: tuple[str, ...], what: str, tmp_path: Path
) -> None:
    """Before: pattern databases and queens' boards were compared with the memory the
    machine had available, and these commands took no --max-memory."""
    refused(*args, "--max-memory", "512M", says=says(what + ".* " + NEEDS + "512 MB"))
    assert not list(tmp_path.rglob("*.pdb"))  # nothing built


def test_a_graph_file_past_the_budget(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "g.csv"
    graph.write_text("a,b,1\n" * 50_000)
    refused("route", "solve", f"{graph}:a", "--goal", "b", "--max-memory", "1M",
            says=says(f"reading {graph}.*--max-memory is 1 MB"))  # fmt: skip


@pytest.mark.parametrize("text", ["lots", "-1G", "1K", "4 X"])
def test_max_memory_is_a_size(refused: Refused, text: str) -> None:
    refused("route", "solve", "--max-memory", text, says="--max-memory")


def test_sizes_are_read_in_binary_units() -> None:
    assert allowance.parse_size("4G") == 4 * 2**30
    assert allowance.parse_size("512m") == 512 * 2**20
    assert allowance.parse_size("1.5GB") == int(1.5 * 2**30)
    assert allowance.parse_size("2GiB") == 2 * 2**30
    with pytest.raises(InputError):
        allowance.parse_size("1_000M")


def test_the_viewer_prices_with_the_same_figures() -> None:
    # one pricing of graph sizes: the web's allowance refuses what the CLI's budget does
    from searchlab.domains.routes.caps import BUILD_BYTES
    from searchlab.domains.routes.library import load_graph

    nodes = 1_000_000
    tight = allowance.Allowance(max_bytes=nodes * BUILD_BYTES["road"] - 1, seconds=60,
                                keep_bytes=0)  # fmt: skip
    with allowance.within(tight), pytest.raises(InputError, match="road:1,000,000"):
        load_graph(f"road:{nodes}:3")
    allowance.set_max_memory(nodes * BUILD_BYTES["road"] - 1)
    try:
        with pytest.raises(InputError, match="road:1,000,000 needs about"):
            load_graph(f"road:{nodes}:3")
    finally:
        allowance.set_max_memory(None)


def test_help_states_the_budget(run_cli: RunCli) -> None:
    for command in (("route", "solve"), ("route", "generate"), ("route", "landmarks"),
                    ("route", "scen"), ("sudoku", "bulk"), ("map-colouring", "solve"),
                    ("map-colouring", "count"), ("map-colouring", "propagate"),
                    ("puzzle", "solve"), ("puzzle", "korf100"), ("puzzle", "korf24"),
                    ("queens", "min-conflicts")):  # fmt: skip
        run = run_cli(*command, "--help")
        assert "--max-memory SIZE" in run.stdout, command
    generate = run_cli("route", "generate", "--help").stdout
    assert "as many as --max-memory holds" in " ".join(generate.split())
    queens = " ".join(run_cli("queens", "min-conflicts", "--help").stdout.split())
    assert "as many as --max-memory holds" in queens


def test_the_help_states_what_the_budget_prices() -> None:
    # the figures the puzzle commands' help quotes are the ones the budget is checked with
    from searchlab.cli.puzzle import korf24_command, korf100_command
    from searchlab.core.resources import size_text
    from searchlab.domains.puzzle.kernels import pdb

    for command, name, goal in ((korf100_command, "pdb-78", range(16)),
                                (korf24_command, "pdb-6666", range(25))):  # fmt: skip
        patterns = [pattern for pattern, _ in pdb.partition_patterns(name, list(goal))]
        memory = size_text(max(pdb.build_memory(pattern) for pattern in patterns))
        disk = size_text(sum(pattern.entries for pattern in patterns))
        helped = " ".join(
            next(str(p.help) for p in command.params if isinstance(p, click.Option)
                 and p.name == "heuristic").split()
        )  # fmt: skip
        assert f"{disk} of disk, about {memory} of memory" in helped, (name, helped)


def test_numpy_is_not_asked_for_the_arrays_first(tmp_path: Path) -> None:
    # the declared shapes are read from the zip's headers alone
    from searchlab.domains.routes.readers import _declared

    path = tmp_path / "s.npz"
    np.savez(path, indptr=np.arange(3))
    assert _declared(path)["indptr"][0] == (3,)


def test_the_budget_is_the_commands_own(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a run with a tiny budget leaves the next command in the same process its default
    monkeypatch.setattr(resources, "available_memory", lambda: 6 * 2**30)
    lines = tmp_path / "one.txt"
    lines.write_text("not a puzzle\n")
    assert run_cli("sudoku", "bulk", str(lines), "--max-memory", "1M").code == 2
    assert allowance.max_memory() == 3 * 2**30


@pytest.mark.parametrize(
    "args",
    [
        ("route", "solve", "maze:4095:4095:1,1", "--goal", "3,3"),
        ("route", "generate", "maze", "r.map", "--width", "4095", "--height", "4095"),
    ],
)
def test_a_grid_of_more_cells_than_a_graph_has_nodes(
    refused: Refused, tmp_path: Path, args: tuple[str, ...]
) -> None:
    # 67 million cells used to be built for minutes, then refused by the graph's cap
    out = [str(tmp_path / a) if a.endswith(".map") else a for a in args]
    refused(*out, "--max-memory", "1000G", says="cells: a grid's graph has at most 50,000,000")


def test_a_landmarks_file_is_priced_before_it_is_loaded(refused: Refused, tmp_path: Path) -> None:
    graph = tmp_path / "f.gr"
    graph.write_text("p sp 2 1\na 1 2 1\n")
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("from_.npy", npy_header((64, 50_000_000)))
    tables = tmp_path / "tables.npz"
    tables.write_bytes(packed.getvalue())
    refused("route", "solve", f"{graph}:1", "--goal", "2", "--heuristic", "landmarks",
            "--landmarks-file", str(tables), "--max-memory", "4G",
            says=says(NEEDS + "4.0 GB"))  # fmt: skip


def test_sizes_are_written_one_way() -> None:
    # one formatter for every message that states a size: the budget's, the disk's, the web's
    import doctest

    assert doctest.testmod(resources).failed == 0
    assert not hasattr(allowance, "megabytes") and not hasattr(resources, "describe_bytes")
