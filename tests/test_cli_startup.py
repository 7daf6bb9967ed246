"""`searchlab --help` lists every domain and command without importing them: what it
shows is read from their sources (core/declared.py), and must be what importing them
would have shown."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import click
import pytest
from conftest import run_searchlab
from plugins import install

from searchlab.cli.main import SUBCOMMANDS, _declared_command, cli
from searchlab.core.declared import DEFAULT_ORDER, Declared, declared, entry_points
from searchlab.domains.registry import domains
from searchlab.jit import JIT_ENABLED

MODULES_AFTER = (
    "import sys\nfrom searchlab.cli.main import main\n"
    "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
    "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
)


def modules_after(*args: str) -> set[str]:
    """The modules a fresh process holds after ``searchlab ARGS``."""
    run = subprocess.run(
        [sys.executable, "-c", MODULES_AFTER, *args], capture_output=True, text=True, check=True
    )
    return set(run.stderr.split())


def test_bare_help_imports_no_domain_and_no_command() -> None:
    loaded = modules_after("--help")
    assert "searchlab.domains.registry" in loaded  # it did ask the registry
    imported = sorted(
        name
        for name in loaded
        if name.startswith(("searchlab.domains.", "searchlab.cli.", "searchlab.experiments"))
        and name not in ("searchlab.domains.registry", "searchlab.cli.main")
    )
    assert imported == []
    assert "importlib.metadata" not in loaded  # the entry points are read by core/declared


@pytest.mark.parametrize("group", ["searchlab.domains", "searchlab.experiments", "console_scripts"])
def test_the_entry_points_read_are_importlib_metadatas(group: str) -> None:
    from importlib import metadata

    expected = sorted((point.name, point.value) for point in metadata.entry_points(group=group))
    assert expected and sorted(entry_points(group)) == expected


def other_domains(loaded: set[str], own: str) -> list[str]:
    """The modules in ``loaded`` from the packages of registered domains other than ``own``."""
    packages = {domain.__class__.__module__.rsplit(".", 1)[0] for domain in domains()}
    packages.discard(own)
    return sorted(
        name for name in loaded if any(name.startswith(package + ".") for package in packages)
    )


def test_a_domain_command_imports_that_domain_only() -> None:
    loaded = modules_after("queens", "--help")
    assert "searchlab.domains.queens.domain" in loaded
    assert other_domains(loaded, "searchlab.domains.queens") == []


def test_the_sources_declare_what_the_descriptors_say() -> None:
    points = entry_points("searchlab.domains")
    said = {card.name: card for _, value in points if (card := declared(value)) is not None}
    assert said == {
        domain.name: Declared(domain.name, domain.summary, domain.order) for domain in domains()
    }


@pytest.mark.parametrize("name", list(SUBCOMMANDS))
def test_the_listed_help_of_each_command_is_its_own(name: str) -> None:
    stand_in = _declared_command(name, SUBCOMMANDS[name])
    assert stand_in is not None
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    assert stand_in.get_short_help_str(80) == command.get_short_help_str(80)


def test_what_a_source_does_not_say_plainly_is_not_guessed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "plainly.py").write_text(
        "class Base:\n    summary = 'from the base'\n    order = 7\n\n"
        "class Mine(Base):\n    name = 'mine'\n\n"
        "MINE = Mine()\n\n"
        "class Computed:\n    name = 'computed'\n    summary = 'a' + 'b'\n\n"
        "COMPUTED = Computed()\n"
        "class Bare:\n    name = 'bare'\n    summary: str = 'no order'\n"
        "class Methods:\n    def first(self):\n        return 1\n\n"
        "class Later(Methods):\n    name = 'later'\n    default_order = 3\n"
        "    summary = 'after a default_'\n\n    def method(self):\n        return 2\n\n"
        "LATER = Later()  # the registered one\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert declared("plainly:MINE") == Declared("mine", "from the base", 7)
    assert declared("plainly:Bare") == Declared("bare", "no order", DEFAULT_ORDER)
    assert declared("plainly:LATER") == Declared("later", "after a default_", DEFAULT_ORDER)
    assert declared("plainly:COMPUTED") is None
    assert declared("plainly:MISSING") is None
    assert declared("no_such_module_here:X") is None


def test_a_plugin_domain_is_found_alone_and_listed(tmp_path: Path) -> None:
    env = install(tmp_path, {"searchlab.domains": {"toy": "toy:TOY"}})
    code = (
        "import sys\nfrom searchlab.domains.registry import find_domain\n"
        "print(find_domain('toy').summary)\n"
        "print(' '.join(m for m in sys.modules if m.startswith('searchlab.domains.')))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    summary, modules = run.stdout.splitlines()
    assert summary == "walk down a number line"
    assert other_domains(set(modules.split()), "toy") == []  # the toy alone was imported
    listed = run_searchlab("--help", env=env)
    assert listed.returncode == 0 and "walk down a number line" in listed.stdout


DOCSTRING_DESCRIPTORS = (
    "from searchlab.domains.base import Domain\n\n"
    "class Family(Domain):\n    \"\"\"For developers: a family names no domain.\"\"\"\n\n"
    "class Told(Family):\n    \"\"\"Told by the docstring.\n\n    The help,\n    wrapped.\n"
    "    \"\"\"\n\n    name = 'told'\n\n"
    "class Said(Family):\n    \"\"\"Not this line.\"\"\"\n\n"
    "    name = 'said'\n    summary = 'said as an attribute'\n\n"
    "class Untold(Family):\n    name = 'untold'\n"
)


def test_a_descriptor_s_docstring_is_its_summary_and_help_read_alike_from_its_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "by_docstring.py").write_text(DOCSTRING_DESCRIPTORS)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        module = importlib.import_module("by_docstring")
    finally:
        sys.modules.pop("by_docstring", None)
    told, said = module.Told(), module.Said()
    assert (told.summary, told.help) == ("Told by the docstring.", "The help, wrapped.")
    assert (said.summary, said.help) == ("said as an attribute", "")
    assert module.Family.summary == module.Untold.summary == ""
    order = DEFAULT_ORDER
    assert declared("by_docstring:Told") == Declared("told", "Told by the docstring.", order)
    assert declared("by_docstring:Said") == Declared("said", "said as an attribute", order)
    assert declared("by_docstring:Untold") is None  # the family's docstring is not a summary


EASY_15 = "9,2,5,10,6,1,12,8,11,3,15,4,13,0,14,7"
"""A 15-puzzle 42 moves from the standard goal that pdb-663 solves in some 5,500
expansions: within the plain-Python IDA*'s budget (kernels/small.py)."""


@pytest.mark.parametrize(
    "args",
    [
        ("queens", "count", "8"),
        ("queens", "count", "13", "--json"),
        ("sudoku", "solve", "hard"),
        ("puzzle", "solve", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"),
        ("puzzle", "solve", EASY_15, "--json"),
        ("puzzle", "solve", "5,0,8,2,1,6,7,4,3,9,12,15,13,10,14,11", "-H", "linear-conflict"),
        ("puzzle", "solve", "8 6 7/2 5 4/3 0 1"),
    ],
)
def test_a_kernel_command_on_a_small_input_does_not_import_numba(args: tuple[str, ...]) -> None:
    loaded = modules_after(*args)
    assert "searchlab.cli.main" in loaded  # the command did run here
    assert "numba" not in loaded and "llvmlite" not in loaded


def test_a_large_count_still_loads_the_kernel() -> None:
    assert "numba" in modules_after("queens", "count", "14") or not JIT_ENABLED


def test_a_15_puzzle_past_the_small_budget_still_loads_the_kernel() -> None:
    """Korf's instance 1 (57 moves) needs millions of nodes: the compiled IDA*."""
    korf_1 = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3"
    loaded = modules_after("puzzle", "solve", korf_1, "--goal", "blank-first")
    assert "searchlab.domains.puzzle.kernels.small" in loaded  # it was tried first
    assert "numba" in loaded or not JIT_ENABLED
