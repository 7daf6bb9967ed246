"""``searchlab queens solve`` and ``count``: seed 002's backtracking."""

from __future__ import annotations

import time

import click

from searchlab.cli.main import print_json
from searchlab.cli.output import duration, progress
from searchlab.cli.queens.common import DRAW_LIMIT, no_solution_line, queens, searching
from searchlab.core.errors import InputError
from searchlab.domains.queens import (
    columns_board,
    format_board,
    solutions,
)


def _print_solution(index: int, columns: tuple[int, ...]) -> None:
    click.echo(f"Solution {index}: [{','.join(map(str, columns))}]")
    if len(columns) <= DRAW_LIMIT:
        click.echo(format_board(len(columns), columns_board(columns).queens))


@queens.command()
@click.argument("n", type=int)
@click.option("--limit", "limit", type=click.IntRange(min=1), help="Print the first K solutions.")
@click.option("--all", "every", is_flag=True, help="Print every solution (and prove none is left).")
@click.option(
    "--next",
    "ask",
    is_flag=True,
    help="After each solution ask whether to look for another (the document's 'other solutions').",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def solve(n: int, limit: int | None, every: bool, ask: bool, as_json: bool) -> None:
    """Solutions of N-queens by backtracking, in lexicographic order of their columns.

    Rows are filled from the first, each queen taking the first safe column; when
    none is safe the search goes back a row. Without options it prints the first
    solution (for n = 8: [1,5,8,6,3,7,2,4]) and does no work past it. --json gives
    {"n", "solutions", "exhausted", "stats"}, where "exhausted" says whether the
    search proved there are no more.
    """
    if every and limit is not None:
        raise InputError("--all and --limit exclude each other: choose one")
    if ask and (as_json or every or limit is not None):
        raise InputError("--next asks after each solution: use it without --json, --all, --limit")
    stream = solutions(n)
    wanted = None if every or ask else (limit or 1)
    found: list[tuple[int, ...]] = []

    def looking() -> str:
        return (
            f"looking for solution {len(found) + 1} of n = {n}: "
            f"{stream.stats.generated:,} squares tried"
        )

    while True:
        with searching(looking, enabled=not as_json):
            result = next(stream, None)
        if result is None:
            break
        columns = result.final_state
        found.append(columns)
        if not as_json:
            _print_solution(len(found), columns)
        if ask:
            try:
                more = click.confirm("Look for another solution?", default=True)
            except click.Abort:
                more = False
            if not more:
                break
        elif wanted is not None and len(found) >= wanted:
            break
    if as_json:
        print_json(
            {
                "n": n,
                "solutions": [list(columns) for columns in found],
                "exhausted": stream.exhausted,
                "stats": stream.stats.to_dict(),
            }
        )
        return
    if stream.exhausted:
        if found:
            click.echo(f"No more solutions: {len(found)} in all for n = {n}.")
        else:
            click.echo(f"Search finished: {no_solution_line(n)}.")
    stats = stream.stats
    click.echo(
        f"({stats.expanded} stable placements expanded, {stats.generated} squares tried, "
        f"{stats.seconds:.3f} s)"
    )


@queens.command()
@click.argument("n", type=int)
@click.option(
    "--engine",
    type=click.Choice(["kernel", "generic"]),
    default="kernel",
    show_default=True,
    help="kernel: compiled bitboard counter with mirror symmetry (n = 16 in seconds); "
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
        total = 0

        def counting() -> str:
            return (
                f"counting n = {n}: {total:,} solutions so far, "
                f"{stream.stats.generated:,} squares tried"
            )

        with searching(counting, enabled=not as_json):
            for _ in stream:
                total += 1
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

