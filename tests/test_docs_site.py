"""The documentation site builds with strict checking (a broken link, a missing page or
a docstring the API reference cannot read fails it), and its generated pages hold
every registered algorithm, domain, command and notebook: they come from the code, so
a new one appears without an edit to the site."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

import searchlab
import searchlab.notebook
from searchlab.algorithms.registry import ALGORITHMS
from searchlab.cli.main import cli
from searchlab.domains.registry import domains

pytest.importorskip("mkdocs", reason="the site needs the docs extra")
pytest.importorskip("mkdocstrings", reason="the site needs the docs extra")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return out


def page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_the_algorithms_page_lists_every_registered_algorithm(site: Path) -> None:
    text = page(site, "algorithms")
    for name in ALGORITHMS:
        assert f"<code>{name}</code>" in text
    assert "max_frontier" in text  # the statistics, from Stats' docstring


def test_the_domains_page_lists_every_registered_domain(site: Path) -> None:
    text = page(site, "domains")
    for domain in domains():
        assert f"<code>{domain.name}</code>" in text
        for heuristic in domain.heuristics:
            assert f"<code>{heuristic}</code>" in text


def test_the_cli_page_is_every_commands_own_help(site: Path) -> None:
    text = page(site, "cli")
    context = click.Context(cli, info_name="searchlab")
    for name in cli.list_commands(context):
        assert f"searchlab {name}</code>" in text
    assert "--max-expanded" in text


def test_every_notebook_and_every_existing_page_is_on_the_site(site: Path) -> None:
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        shown = page(site, f"notebooks/{notebook.stem}")
        assert 'class="notebook-output"' in shown  # run as the site was built: its outputs
    assert page(site, "notebooks/03_bratko_best_first").count("<svg") >= 6 + 12
    for document in (ROOT / "docs").glob("*.md"):
        assert (site / document.stem / "index.html").exists() or document.stem == "index"
    assert "Bratko" in page(site, "benchmarks") or "bench" in page(site, "benchmarks")
    reference = page(site, "reference")
    for name in searchlab.__all__:  # its functions and classes (not its type aliases)
        exported = getattr(searchlab, name)
        if inspect.isfunction(exported) or inspect.isclass(exported):
            assert f'id="searchlab.{name}"' in reference
    for name in searchlab.notebook.__all__:
        assert f'id="searchlab.notebook.display.{name}"' in reference
