"""docs/architecture.md's Tower of Hanoi, built from the page's own code blocks: written
to a folder, installed as pip would (its entry point read from the page's
pyproject.toml), then listed by `searchlab --help`, solved, and put through the contract
kit by the page's own test file. The page cannot drift from the code."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from conftest import python, run_searchlab
from plugins import install_package

PAGE = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
BLOCK = re.compile(r'^```(?:python|toml) title="([^"]+)"\n(.*?)^```$', re.MULTILINE | re.DOTALL)


def page_files() -> dict[str, str]:
    """Each code block of the page that names its file, by that file's path."""
    return {path: code for path, code in BLOCK.findall(PAGE.read_text())}


@pytest.fixture(scope="module")
def hanoi(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The folder the page's package is written to, and the environment that has it
    installed (the entry points those of the page's pyproject.toml)."""
    folder = tmp_path_factory.mktemp("hanoi-domain")
    files = page_files()
    project = tomllib.loads(files["pyproject.toml"])
    points = {"searchlab.domains": project["project"]["entry-points"]["searchlab.domains"]}
    return folder, install_package(folder, project["project"]["name"], files, points)


def test_the_page_writes_every_file_its_layout_lists() -> None:
    layout = PAGE.read_text().split("### 1. The layout", 1)[1].split("###", 1)[0]
    listed = set(re.findall(r"^        (\S+\.(?:py|toml))", layout, re.MULTILINE))
    assert listed == set(page_files()) and "hanoi/domain.py" in listed


def test_the_page_says_to_reinstall_after_the_entry_point() -> None:
    text = PAGE.read_text()
    assert "install the package again after adding or renaming an entry" in text
    assert "pip install -e ." in text


def test_the_pages_hanoi_is_listed_in_the_help(hanoi: tuple[Path, dict[str, str]]) -> None:
    _folder, env = hanoi
    run = run_searchlab("--help", env=env)
    assert run.returncode == 0, run.stderr
    assert re.search(r"hanoi\s+Tower of Hanoi: move every disc to one peg", run.stdout)
    assert "failed to load" not in run.stderr


def test_the_pages_hanoi_solves_in_2_to_the_n_minus_1_moves(
    hanoi: tuple[Path, dict[str, str]],
) -> None:
    _folder, env = hanoi
    for preset, discs in (("three", 3), ("five", 5)):
        run = run_searchlab("hanoi", "solve", preset, "--json", env=env)
        assert run.returncode == 0, run.stderr
        document = json.loads(run.stdout)
        assert document["solved"] and document["optimal"], document
        assert document["length"] == 2**discs - 1  # Lucas: the shortest takes 2^n - 1
        assert document["final"] == "C" * discs
    bfs = run_searchlab("hanoi", "solve", "ABCA", "--goal", "BBBB", "-a", "bfs", "--json", env=env)
    assert json.loads(bfs.stdout)["final"] == "BBBB"
    drawn = run_searchlab("hanoi", "random", "--size", "4", "--seed", "3", "--json", env=env)
    assert drawn.returncode == 0, drawn.stderr
    start = json.loads(drawn.stdout)["start"]
    assert len(start) == 4 and set(start) <= set("ABC")


def test_the_pages_hanoi_passes_the_contract_kit(hanoi: tuple[Path, dict[str, str]]) -> None:
    """The page's own tests/test_hanoi.py, run as its author would (pytest, in the
    package's folder, with the package installed)."""
    folder, env = hanoi
    run = python(
        "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_hanoi.py", env=env, cwd=folder
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\b11 passed\b", run.stdout), run.stdout[-500:]


def test_a_broken_hanoi_is_named_by_the_kit(hanoi: tuple[Path, dict[str, str]]) -> None:
    """The same package with its admissible heuristic made to overestimate: the kit
    run by the page's test file fails, naming the promise and the heuristic."""
    folder, _env = hanoi
    broken = folder.parent / "broken-hanoi"
    files = page_files()
    files["hanoi/domain.py"] = files["hanoi/domain.py"].replace(
        "sum(1.0 for here", "3 * sum(1.0 for here"
    )
    project = tomllib.loads(files["pyproject.toml"])
    points = {"searchlab.domains": project["project"]["entry-points"]["searchlab.domains"]}
    broken.mkdir()
    broken_env = install_package(broken, "hanoi-domain", files, points)
    broken_env["PYTHONPATH"] = str(broken)  # this copy alone
    run = python(
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "tests/test_hanoi.py",
        env=broken_env,
        cwd=broken,
    )
    assert run.returncode == 1
    assert "promise 'heuristics'" in run.stdout
    assert "the heuristic 'misplaced' is declared admissible but gives" in run.stdout
