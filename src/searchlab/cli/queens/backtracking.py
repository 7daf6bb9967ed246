"""``searchlab queens count``: how many solutions (``queens solve`` is the domain's
generic command: seed 002's backtracking is its default algorithm)."""

from __future__ import annotations

import time

import click

from searchlab.cli.main import print_json
from searchlab.cli.options import engine_option
from searchlab.cli.output import count_stream, duration, progress
from searchlab.cli.queens.common import queens
from searchlab.core.errors import InputError
from searchlab.domains.queens import (
    solutions,
)
from searchlab.domains.queens.domain import no_solution_line


@queens.command()
@click.argument("n", type=int)
@engine_option(
    "kernel: compiled bitboard counter with mirror symmetry (n = 16 in seconds); "
    "generic: the engine's backtracking, the readable reference (n = 12 in ~20 s).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Split the count by the first rows' placements over J worker processes (kernel engine).",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Run the pieces on a Dask cluster: tcp://HOST:PORT, or 'local' to start one "
    "(needs pip install 'searchlab[cluster]').",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def count(n: int, engine: str, jobs: int, cluster: str | None, as_json: bool) -> None:
    """How many solutions N-queens has.

    By default a compiled kernel counts them (bitboards, mirror symmetry); with
    --engine generic the seed's backtracking runs to the end on the generic engine
    instead. --json gives {"n", "count", "seconds", "setup_seconds", "engine", "jobs"}:
    "seconds" is the counting, "setup_seconds" the loading of the compiled kernel
    (numba's cache) before it; with --jobs or --cluster, starting the workers and
    their own loading fall inside "seconds".

    \b
    Examples:
      searchlab queens count 8
      searchlab queens count 15 --jobs 2
      searchlab queens count 10 --engine generic
    """
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    if engine == "generic" and (jobs > 1 or cluster is not None):
        raise InputError("--jobs and --cluster split the kernel's count: drop --engine generic")
    setup_seconds = 0.0
    if engine == "kernel":
        from searchlab.domains.queens.kernels import count_solutions, load_counter

        setup_seconds = load_counter()  # numba's cache load: not part of the counting
    started = time.perf_counter()
    if engine == "generic":
        stream = solutions(n)
        total = count_stream(
            stream,
            lambda found: f"counting n = {n}: {found:,} solutions so far, "
            f"{stream.stats.generated:,} squares tried",
            enabled=not as_json,
        )
    else:
        with progress(f"counting n = {n}", None, enabled=not as_json) as bar:

            def report(done: int, pieces: int) -> None:
                bar.update(completed=done, total=pieces)

            if jobs == 1 and cluster is None:
                total = count_solutions(n, progress=report)
            else:
                from searchlab.experiments.executors import executor_for

                with executor_for(jobs, cluster) as executor:
                    total = count_solutions(n, executor=executor, progress=report)
    seconds = time.perf_counter() - started
    loading = f", + {duration(setup_seconds)} loading the kernel" if setup_seconds >= 1e-4 else ""
    if as_json:
        print_json(
            {
                "n": n,
                "count": total,
                "seconds": round(seconds, 6),
                "setup_seconds": round(setup_seconds, 6),
                "engine": engine,
                "jobs": jobs,
            }
        )
    elif total == 0:
        click.echo(f"n = {n}: 0 solutions — {no_solution_line(n)} ({duration(seconds)}{loading})")
    else:
        plural = "solution" if total == 1 else "solutions"
        click.echo(f"n = {n}: {total:,} {plural} ({duration(seconds)}, {engine}{loading})")
