"""``searchlab bench``: run the benchmark suite of the source tree.

The suite (``benchmarks/``, with its C reference counter) is not part of the installed
package: it measures this checkout against its references and rewrites BENCHMARKS.md.
This command is a thin launcher for ``python -m benchmarks`` in the tree the package
was installed from (an editable install); from a wheel it explains where to get it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click

from searchlab.core.errors import InputError

WORKLOADS = (
    "queens-count",
    "astar",
    "hill",
    "min-conflicts",
    "puzzle15",
    "jit",
    "startup",
    "web-load",
)


def source_tree() -> Path | None:
    """The checkout holding ``benchmarks/``, if searchlab runs from one."""
    import searchlab

    root = Path(searchlab.__file__).resolve().parents[2]
    return root if (root / "benchmarks" / "__main__.py").is_file() else None


@click.command()
@click.option("--quick", is_flag=True, help="Smaller workloads (about a minute): a smoke test.")
@click.option(
    "--only",
    multiple=True,
    type=click.Choice(WORKLOADS),
    help="Run only this workload (repeatable).",
)
@click.option(
    "--runs",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="Runs per measurement; the median is reported.",
)
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the report here (default: BENCHMARKS.md for a full run).",
)
@click.option("--no-write", is_flag=True, help="Print the tables only.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON object with every table (progress on stderr).",
)
def bench(
    quick: bool,
    only: tuple[str, ...],
    runs: int,
    output: Path | None,
    no_write: bool,
    as_json: bool,
) -> None:
    """Time the kernels and the generic engine against their references.

    Side by side, in one run: N-queens counting (compiled kernel vs a gcc -O2 C
    counter vs generic backtracking), A* on random 8-puzzles (generic engine vs a
    plain hand-written A*, with and without an observer), hill climbing on 8-queens,
    million-queen repair, Korf's 100 15-puzzles with pattern databases, and JIT cold
    vs warm start. Medians of --runs runs; ratios printed; a full run rewrites
    BENCHMARKS.md with the machine and versions. A full run takes several minutes.

    \b
    Example:
      searchlab bench --quick --no-write
    """
    root = source_tree()
    if root is None:
        raise InputError(
            "the benchmark suite lives in the source tree (benchmarks/): run it from a "
            "checkout, e.g. `pip install -e .` then `searchlab bench`"
        )
    argv = [sys.executable, "-m", "benchmarks", "--runs", str(runs)]
    if quick:
        argv.append("--quick")
    if only:
        argv += ["--only", *only]
    if output is not None:
        argv += ["--output", str(output.resolve())]
    if no_write:
        argv.append("--no-write")
    if as_json:
        argv.append("--json")
    status = subprocess.run(argv, cwd=root, check=False).returncode
    if status:
        raise click.ClickException(f"the benchmark suite failed (exit status {status})")
