"""``searchlab queens count``: how many solutions (``queens solve`` is the domain's
generic command: seed 002's backtracking is its default algorithm)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import click

from searchlab.cli.main import print_json
from searchlab.cli.options import engine_option, split_options
from searchlab.cli.output import duration, progress, searching
from searchlab.cli.queens.common import queens
from searchlab.core.errors import InputError
from searchlab.domains.queens import solutions
from searchlab.domains.queens.backtracking import solution_columns
from searchlab.domains.queens.domain import no_solution_line
from searchlab.domains.queens.engines import MAX_COUNT_N
from searchlab.domains.queens.small_count import SMALL_COUNT_MAX_N, count_classes_small
from searchlab.domains.queens.symmetry import classes_of_solutions

COUNT_HELP = """How many solutions N-queens has, and how many are essentially different.

    Two solutions are the same up to symmetry when a rotation of the board, a mirror, or
    both, turns one into the other: the 92 solutions of 8-queens are 12 essentially
    different ones, 11 with 8 images and 1 with 4 (a half turn leaves it unchanged). By
    default a compiled kernel counts them on an eighth of the tree (bitboards, Takaken's
    method; boards up to {small_n} by the same method in plain Python, which costs less
    than loading the kernel); with --engine generic the seed's backtracking runs to the
    end on the generic engine instead and each solution is compared with its images. N
    is at most {max_n}.

    --json gives {{"n", "count", "unique", "classes", "seconds", "setup_seconds",
    "engine", "jobs"}}: "unique" is OEIS A002562, "classes" the number of classes by
    their size ({{"8": 11, "4": 1, ...}}), "seconds" the counting and "setup_seconds" the
    loading of the compiled kernel (numba's cache) before it; with --jobs or --cluster,
    starting the workers and their own loading fall inside "seconds".

    \b
    Examples:
      searchlab queens count 8
      searchlab queens count 15 --jobs 2
      searchlab queens count 10 --engine generic
"""


@queens.command(help=COUNT_HELP.format(max_n=MAX_COUNT_N, small_n=SMALL_COUNT_MAX_N))
@click.argument("n", type=int)
@engine_option(
    "kernel: compiled bitboard counter using the board's eight symmetries (n = 16 in "
    "seconds); generic: the engine's backtracking, each solution compared with its eight "
    "images, the readable reference (n = 12 in ~20 s).",
)
@split_options("the count, by the first rows' placements (kernel engine),")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def count(n: int, engine: str, jobs: int, cluster: str | None, as_json: bool) -> None:
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    if engine == "generic" and (jobs > 1 or cluster is not None):
        raise InputError("--jobs and --cluster split the kernel's count: drop --engine generic")
    setup_seconds = 0.0
    # a small board alone is counted in plain Python: loading the kernel costs more
    in_python = engine == "kernel" and n <= SMALL_COUNT_MAX_N and jobs == 1 and cluster is None
    if engine == "kernel" and not in_python:
        from searchlab.domains.queens.kernels import count_classes, load_class_counter

        setup_seconds = load_class_counter()  # numba's cache load: not part of the counting
    started = time.perf_counter()
    if engine == "generic":
        stream = solutions(n)
        seen = 0

        def found() -> Iterator[tuple[int, ...]]:
            nonlocal seen
            for columns in solution_columns(stream):
                seen += 1
                yield columns

        def counting() -> str:
            return (
                f"counting n = {n}: {seen:,} solutions so far, "
                f"{stream.stats.generated:,} squares tried"
            )

        with searching(counting, enabled=not as_json):
            counted = classes_of_solutions(n, found())
    elif in_python:
        counted = count_classes_small(n)
    else:
        with progress(f"counting n = {n}", None, enabled=not as_json) as bar:

            def report(done: int, pieces: int) -> None:
                bar.update(completed=done, total=pieces)

            if jobs == 1 and cluster is None:
                counted = count_classes(n, progress=report)
            else:
                from searchlab.experiments.executors import executor_for

                with executor_for(jobs, cluster) as executor:
                    counted = count_classes(n, executor=executor, progress=report)
    seconds = time.perf_counter() - started
    loading = f", + {duration(setup_seconds)} loading the kernel" if setup_seconds >= 1e-4 else ""
    total = counted.total
    if as_json:
        print_json(
            {
                "n": n,
                "count": total,
                "unique": counted.unique,
                "classes": {str(size): number for size, number in counted.classes_of.items()},
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
        click.echo(
            f"n = {n}: {total:,} {plural}, {counted.unique:,} essentially different: "
            f"{counted.describe()} ({duration(seconds)}, {engine}{loading})"
        )
