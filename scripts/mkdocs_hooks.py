"""The documentation site's generated pages (mkdocs.yml names this file under ``hooks``).

Pages that would drift if typed by hand are written at build time from what they
describe: the algorithms from ``algorithms/registry.py``, the domains from the domain
registry (a domain registered by any package appears with no edit here), the command
line from the click commands themselves (every group and command, its ``--help``), the
notebooks from notebooks/, and BENCHMARKS.md from the repository's root. Links that
reach outside docs/ on GitHub (``../BENCHMARKS.md``) are pointed at the site's copy.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec

import click
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

P = ParamSpec("P")
ROOT = Path(__file__).resolve().parent.parent
ROOT_PAGES = {"BENCHMARKS.md": "benchmarks.md", "README.md": "index.md"}
"""Files of the repository's root the docs link to, and the site page standing for each."""


def page(title: str) -> Callable[[Callable[P, list[str]]], Callable[P, str]]:
    """A generated page from a function of its body's lines: ``title`` its heading, and
    the function's docstring the paragraph under it that says where the page comes
    from, so that it is written once for the reader of the code and of the site."""

    def build(body: Callable[P, list[str]]) -> Callable[P, str]:
        intro = inspect.cleandoc(body.__doc__ or "")

        @functools.wraps(body)
        def built(*args: P.args, **kwargs: P.kwargs) -> str:
            return "\n".join([f"# {title}", "", intro, "", *body(*args, **kwargs)])

        return built

    return build


# -- algorithms ---------------------------------------------------------------------------
PROMISES = {
    "cost": "the cheapest path (with an admissible heuristic, if it takes one)",
    "moves": "the fewest moves (the cheapest path when every move costs the same)",
    "none": "nothing: a solution, not the best one",
}


@page("Algorithms")
def algorithms_page() -> list[str]:
    """Every algorithm searchlab runs, from its registry (`searchlab.algorithms.registry`):
    what it needs, what a solution it finds promises, and its options (the same on the
    command line, in the viewer and in `Domain.request`). `searchlab algorithms` prints
    the same list. How `optimal` is decided: [the problem protocol](protocol.md)."""
    from searchlab.algorithms.registry import ALGORITHMS

    lines = [
        "| algorithm | what it does | heuristic | promises | every solution | options |",
        "|---|---|---|---|---|---|",
    ]
    for name in ALGORITHMS:
        info = ALGORITHMS[name]
        aliases = ALGORITHMS.aliases_of(name)
        shown = f"`{name}`" + (f" ({', '.join(aliases)})" if aliases else "")
        options = ", ".join(f"`--{option.name.replace('_', '-')}`" for option in info.options)
        needs = "needs one" if info.heuristic else "none"
        if info.needs == "csp":
            needs += "; constraint satisfaction problems only"
        elif info.needs == "graph":
            needs += "; a route over a graph only"
        elif info.needs == "genome":
            needs += "; states written as genes only"
        lines.append(
            f"| {shown} | {info.summary} | {needs} | {PROMISES[info.promise]} | "
            f"{'yes' if info.stream else 'no'} | {options or '–'} |"
        )
    lines += ["", "## Options", ""]
    for name in ALGORITHMS:
        info = ALGORITHMS[name]
        for option in info.options:
            lines.append(f"- `{name}` `--{option.name.replace('_', '-')}`: {option.summary}"
                         + (f" (choices: {', '.join(option.choices)})" if option.choices else "")
                         + (f"; default {option.default}" if option.default is not None else ""))
    lines += [
        "",
        "## The functions",
        "",
        "Each is a plain function over any problem, exported by `searchlab`: it returns one",
        "`SearchResult`, except the streams of every solution (`dfs` runs",
        "`depth_first_solutions`, whose first solution `depth_first` returns;",
        "`csp-backtracking` runs `CSPSolutions`, made by `backtracking`). Each option's",
        "default is the default of the function's own parameter, read from its signature.",
        "",
    ]
    for name in ALGORITHMS:
        function = ALGORITHMS[name].function
        target = f"{function.__module__}.{function.__qualname__}"
        lines.append(f"- `{name}`: `{target}`")
    lines += [
        "",
        "## Adding an algorithm",
        "",
        "An algorithm is one declaration beside its function, a",
        "`searchlab.algorithms.declaration.Algorithm`, named under the entry-point group",
        "`searchlab.algorithms` of its package (searchlab's own are declared exactly so, in",
        "`pyproject.toml`). It says its name, title and summary; its `family` (graph, tree,",
        "local, csp) and the kind of `frontier` it keeps (the viewer explains a step from",
        "these, never from the name); what it needs (`heuristic`, `random`, `needs`: a CSP,",
        "a graph, genes) and what a solution promises (`promise`: cost, moves, none);",
        "whether it yields every solution (`stream`); and its options, `Option` specs",
        "without defaults: each default is read from the function's signature.",
        "",
        "```python",
        "import searchlab",
        "from searchlab.algorithms.declaration import Algorithm",
        "from searchlab.core.options import Option",
        "",
        "def depth_limited(problem, *, depth_limit: int = 20, limits=searchlab.Limits(),",
        "                  observer=None):",
        '    """Depth-first search that goes no deeper than depth_limit moves."""',
        "    return searchlab.depth_first(problem, depth_bound=depth_limit, limits=limits,",
        "                                 observer=observer)",
        "",
        "DEPTH_LIMITED = Algorithm(",
        '    depth_limited, "depth-limited", "Depth-limited", "depth-first, at most L moves",',
        '    "tree", "path", "none",',
        '    options=(Option("depth_limit", "int", "the deepest move", low=0, high=1000),),',
        ")",
        "```",
        "",
        "```toml",
        '[project.entry-points."searchlab.algorithms"]',
        'depth-limited = "mypackage.limited:DEPTH_LIMITED"',
        "```",
        "",
        "Once the package is installed (again, after adding the entry point) the algorithm",
        "is listed by `searchlab algorithms`, offered by every domain that offers any search",
        "(a user's own problem in `searchlab run`, `serve --problem` and `experiment compare",
        "--problem`; task scheduling), in the viewer and by `experiment compare`.",
        "",
        "## Statistics",
        "",
        "What each counter of `Stats` means, algorithm by algorithm:",
        "",
        "::: searchlab.core.result.Stats",
        "    options:",
        "      show_root_heading: false",
        "      members: false",
        "",
    ]
    return lines


# -- domains ------------------------------------------------------------------------------
@page("Domains")
def domains_page() -> list[str]:
    """Every domain registered under the `searchlab.domains` entry-point group, as this
    build found them (a package of your own that registers one appears here too: see
    [how searchlab is built](architecture.md#what-a-new-domain-costs))."""
    from searchlab.domains.registry import domains, load_errors

    lines: list[str] = []
    for domain in domains():
        lines += [f"## {domain.title} (`{domain.name}`)", "", domain.summary, ""]
        lines.append(f"- **start**: {domain.notation}")
        if domain.presets:
            lines.append("- **named starts**: " + ", ".join(f"`{name}`" for name in domain.presets))
        if domain.takes_goal:
            goals = ", ".join(f"`{name}`" for name in domain.goals) or "a state"
            lines.append(f"- **goals**: {goals}")
        lines.append("- **algorithms**: " + ", ".join(f"`{name}`" for name in domain.algorithms)
                     + f" (default `{domain.default_algorithm}`)")
        for name in domain.heuristics:
            spec = domain.heuristics[name]
            admissible = "admissible" if spec.admissible else "not admissible"
            lines.append(f"- **heuristic** `{name}`: {spec.summary} ({admissible})")
        for option in domain.params:
            lines.append(f"- **option** `--{option.name.replace('_', '-')}`: {option.summary}")
        if domain.size is not None:
            lines.append(f"- **random starts**: `searchlab {domain.name} random --size N` "
                         f"({domain.size.summary})")
        if len(domain.engines) > 1:
            lines.append("- **engines**: " + ", ".join(f"`{name}`" for name in domain.engines))
        if domain.examples:
            lines += ["", "```sh"]
            lines += [f"searchlab {domain.name} solve {example}" for example in domain.examples]
            lines += ["```"]
        lines.append("")
    errors = load_errors()
    if errors:
        lines += ["## Not loaded", ""] + [f"- {error}" for error in errors]
    return lines


# -- the command line ---------------------------------------------------------------------
@page("Command line")
def cli_page() -> list[str]:
    """Every command's `--help`, as the commands themselves print it (this page is
    generated from them). Exit codes and the `--json` schema: [JSON and exit
    codes](json.md)."""
    from searchlab.cli.main import cli

    lines: list[str] = []
    context = click.Context(cli, info_name="searchlab", max_content_width=96)

    def walk(command: click.Command, context: click.Context, depth: int) -> None:
        lines.extend([f"{'#' * min(depth, 6)} `{context.command_path}`", "", "```text",
                      command.get_help(context), "```", ""])
        if isinstance(command, click.Group):
            for name in command.list_commands(context):
                sub = command.get_command(context, name)
                if sub is None or sub.hidden:
                    continue
                walk(sub, click.Context(sub, parent=context, info_name=name), depth + 1)

    walk(cli, context, 2)
    return lines


# -- notebooks ----------------------------------------------------------------------------
def executed(path: Path) -> Any:
    """The notebook run top to bottom (as the tests run it), its outputs filled in."""
    import nbclient
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    where = {"metadata": {"path": str(path.parent)}}
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", resources=where).execute()
    return notebook


def json_notebook(path: Path) -> Any:
    """The notebook as stored (for one this machine cannot run)."""
    import nbformat

    return nbformat.read(path, as_version=4)


def output_markdown(output: Any) -> str:
    """One output of a cell as the page shows it: HTML and SVG as they are (the boards,
    tables and charts), a widget as a note, text in a block."""
    kind = output.get("output_type")
    if kind == "stream":
        return f"```text\n{output['text'].rstrip()}\n```"
    if kind == "error":
        raise RuntimeError(f"a notebook cell failed: {output['ename']}: {output['evalue']}")
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        return ('!!! tip "The stepping widget"\n    Here the notebook shows the viewer\'s '
                "controls stepping this search: run it in JupyterLab to use them.")
    for mime in ("text/html", "image/svg+xml"):
        if mime in data:
            body = data[mime]
            body = body[body.index("<svg"):] if mime == "image/svg+xml" else body
            return f'<div class="notebook-output" markdown="0">\n{body}\n</div>'
    if "text/plain" in data:
        return f"```text\n{data['text/plain'].rstrip()}\n```"
    return ""


def notebook_page(path: Path) -> str:
    """A notebook as a page: run top to bottom, its markdown as it is, its code in
    blocks, and under each cell what it showed (boards, tables, charts)."""
    runs = "prolog" not in path.stem or shutil.which("swipl") is not None
    notebook = executed(path) if runs else json_notebook(path)
    said = "run when this site was built" if runs else "shown without its outputs (no swipl here)"
    parts = [f"!!! note\n    This is `notebooks/{path.name}`, {said}: open it with "
             "`jupyter lab notebooks/` to run it yourself and step its widget.\n"]
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            parts.append(cell.source)
            continue
        parts.append(f"```python\n{cell.source}\n```")
        parts.extend(filter(None, (output_markdown(output) for output in cell.outputs)))
    return "\n\n".join(parts) + "\n"


@page("Notebooks")
def notebooks_index(paths: list[Path]) -> list[str]:
    """The notebooks of `notebooks/`, run top to bottom by the tests. Open them with
    the `notebook` extra:"""
    lines = ["```sh", ".venv/bin/pip install -e '.[notebook]' && .venv/bin/jupyter lab notebooks/",
             "```", "",
             "`Stepper(domain, start, ...)` steps any search there with the viewer's controls:",
             "", "![the stepping widget in JupyterLab](../screenshots/notebook-widget.png)", ""]
    for path in paths:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        source = "".join(cells[0]["source"]) if cells else ""
        title = next((line[2:] for line in source.splitlines() if line.startswith("# ")),
                     path.stem)
        lines.append(f"- [{title}]({path.stem}.md)")
    return [*lines, ""]


# -- the hooks ----------------------------------------------------------------------------
def generated(config: MkDocsConfig) -> dict[str, str]:
    pages = {
        "algorithms.md": algorithms_page(),
        "domains.md": domains_page(),
        "cli.md": cli_page(),
        "benchmarks.md": (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8"),
    }
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    pages["notebooks/index.md"] = notebooks_index(notebooks)
    for path in notebooks:
        pages[f"notebooks/{path.stem}.md"] = notebook_page(path)
    return pages


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Every notebook gets its page in the navigation, after the notebooks' index."""
    for entry in config.nav or []:
        if isinstance(entry, dict) and "Notebooks" in entry:
            section = entry["Notebooks"]
            for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
                section.append(f"notebooks/{path.stem}.md")
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for uri, content in generated(config).items():
        files.append(File.generated(config, uri, content=content))
    return files


LINK = re.compile(r"\]\((?:\.\./)+(" + "|".join(map(re.escape, ROOT_PAGES)) + r")(#[^)]*)?\)")


def on_page_markdown(markdown: str, page: Any, config: MkDocsConfig, files: Files) -> str:
    depth = page.file.src_uri.count("/")

    def replace(match: re.Match[str]) -> str:
        return f"]({'../' * depth}{ROOT_PAGES[match.group(1)]}{match.group(2) or ''})"

    return LINK.sub(replace, markdown)
