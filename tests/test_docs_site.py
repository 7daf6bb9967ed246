"""The documentation site builds with strict checking (a broken link, a missing page or
a docstring the API reference cannot read fails it), and its generated pages hold
every registered algorithm, domain, command and notebook: they come from the code, so
a new one appears without an edit to the site."""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

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
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
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


class _Resources(HTMLParser):
    """The addresses a page loads by itself: stylesheets, icons, preconnects, scripts,
    images, frames, media (not the links a reader may follow), and url()/@import in
    its style."""

    LOADED: ClassVar[dict[str, str]] = {
        "link": "href",
        "script": "src",
        "img": "src",
        "iframe": "src",
        "source": "src",
        "video": "src",
        "audio": "src",
        "embed": "src",
        "object": "data",
        "image": "href",
        "use": "href",
    }

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        wanted = self.LOADED.get(tag)
        if wanted is not None and named.get(wanted):
            self.found.append(str(named[wanted]))
        for name in ("srcset", "xlink:href"):
            if named.get(name):
                self.found.append(str(named[name]))
        if named.get("style"):
            self.found += css_urls(str(named["style"]))
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.found += css_urls(data)


def css_urls(text: str) -> list[str]:
    """Every address of a stylesheet's url(...) and @import."""
    return re.findall(r"""url\(\s*['"]?([^'")\s]+)""", text) + re.findall(
        r"""@import\s+['"]([^'"]+)""", text
    )


def off_the_site(address: str) -> bool:
    """Whether loading ``address`` leaves the machine (http, https or //host)."""
    return re.match(r"^\s*(https?:)?//", address, re.IGNORECASE) is not None


def test_no_page_loads_anything_from_outside_the_site(site: Path) -> None:
    """Before: every page asked fonts.googleapis.com and fonts.gstatic.com for its font
    (material's default), which fails offline and tells Google of each visit."""
    outside: set[tuple[str, str]] = set()
    for file in site.rglob("*"):
        if file.suffix == ".html":
            parser = _Resources()
            parser.feed(file.read_text(encoding="utf-8"))
            found = parser.found
        elif file.suffix == ".css":
            found = css_urls(file.read_text(encoding="utf-8"))
        else:
            continue
        outside |= {(str(file.relative_to(site)), url) for url in found if off_the_site(url)}
    assert sorted(outside) == []


def test_the_resource_check_sees_a_font_request() -> None:
    parser = _Resources()
    parser.feed(
        '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>'
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">'
        '<a href="https://example.org/">a link is not a request</a>'
        "<style>body{background:url(//cdn.example/b.png)}</style>"
        '<img src="img/local.png"><script src="assets/javascripts/bundle.js"></script>'
    )
    assert [url for url in parser.found if off_the_site(url)] == [
        "https://fonts.gstatic.com",
        "https://fonts.googleapis.com/css?family=Roboto",
        "//cdn.example/b.png",
    ]
