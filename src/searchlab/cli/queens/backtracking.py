"""``searchlab queens count``: how many solutions (``queens solve`` is the domain's
generic command: seed 002's backtracking is its default algorithm)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import click

from searchlab.cli.main import print_json
from searchlab.cli.options import engine_option, note, split_options
from searchlab.cli.output import duration, progress, searching
from searchlab.cli.queens.common import queens
from searchlab.core.errors import InputError
from searchlab.domains.queens import solutions
from searchlab.domains.queens.backtracking import solution_columns
from searchlab.domains.queens.domain import no_solution_line
from searchlab.domains.queens.engines import MAX_COUNT_N
from searchlab.domains.queens.small_count import SMALL_COUNT_MAX_N, count_classes_small
from searchlab.domains.queens.symmetry import ClassCount, classes_of_solutions

COUNT_HELP = """How many solutions N-queens has, and how many are essentially different.

    Two solutions are the same up to symmetry when a rotation of the board, a mirror, or
    both, turns one into the other: the 92 solutions of 8-queens are 12 essentially
    different ones, 11 with 8 images and 1 with 4 (a half turn leaves it unchanged). By
    default a compiled kernel counts them on an eighth of the tree (bitboards, Takaken's
    method; boards up to {small_n} by the same method in plain Python, which costs less
    than loading the kernel); with --engine generic the seed's backtracking runs to the
    end on the generic engine instead and each solution is compared with its images.

    A count that takes more than about a minute asks first: past N = {wait_kernel}
    ({wait_generic} with --engine generic) the command times a small count, says how
    long N would take on this machine, and stops (exit 2) unless --yes is given. The
    time grows some 7 to 10 times with each queen: n = 17 takes about a minute here,
    n = 20 hours, n = 30 millions of years. N is at most {max_n}.

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


WAIT_N = {"kernel": 17, "generic": 12}
"""The largest n each engine counts without asking: n = 17 took 51 s on the compiled
kernel here (two cores shared with seven other jobs; 16 took 4.4 s), n = 12 about 20 s
on the generic engine."""
CALIBRATION_N = {"kernel": 14, "generic": 9}
"""The count timed, in a fraction of a second, to estimate a larger one."""
PUBLISHED_COUNTS = (
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2_680, 14_200, 73_712, 365_596, 2_279_184,
    14_772_512, 95_815_104, 666_090_624, 4_968_057_848, 39_029_188_884, 314_666_222_712,
    2_691_008_701_644, 24_233_937_684_440, 227_514_171_973_736, 2_207_893_435_808_352,
    22_317_699_616_364_044, 234_907_967_154_122_528,
)  # fmt: skip
"""OEIS A000170, n = 1 to 27 (the largest known): the estimate scales the timed count by
their ratio, as the work grows with the solutions."""


def solutions_expected(n: int) -> float:
    """A000170(n) where it is known; past n = 27, the last ratio (10.5) carried on."""
    if n <= len(PUBLISHED_COUNTS):
        return float(PUBLISHED_COUNTS[n - 1])
    last, before = PUBLISHED_COUNTS[-1], PUBLISHED_COUNTS[-2]
    return last * (last / before) ** (n - len(PUBLISHED_COUNTS))


def estimate_seconds(n: int, engine: str, jobs: int) -> float:
    """How long counting n would take here: a small count timed now, scaled by the
    ratio of the solutions (split over ``jobs`` processes, at most one a core)."""
    small = CALIBRATION_N[engine]
    if engine == "kernel":
        from searchlab.domains.queens.kernels import load_class_counter

        load_class_counter()  # numba's cache: loaded once, not part of any count
    started = time.perf_counter()
    _count(small, engine)
    timed = time.perf_counter() - started
    parallel = max(1, min(jobs, os.cpu_count() or 1))
    return timed * solutions_expected(n) / solutions_expected(small) / parallel


def readable(seconds: float) -> str:
    """A long duration in the unit people think of it in."""
    units = (("year", 365.25 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60))
    unit, size = next(((unit, size) for unit, size in units if seconds >= size), ("second", 1))
    value = round(seconds / size)
    return f"about {value:,} {unit}{'' if value == 1 else 's'}"


def _count(n: int, engine: str) -> ClassCount:
    """The count of n on ``engine``, silent, in this process (for the estimate)."""
    if engine == "generic":
        return classes_of_solutions(n, solution_columns(solutions(n)))
    from searchlab.domains.queens.kernels import count_classes

    return count_classes(n)


@queens.command(
    help=COUNT_HELP.format(
        max_n=MAX_COUNT_N,
        small_n=SMALL_COUNT_MAX_N,
        wait_kernel=WAIT_N["kernel"],
        wait_generic=WAIT_N["generic"],
    )
)
@click.argument("n", type=int)
@engine_option(
    "kernel: compiled bitboard counter using the board's eight symmetries (n = 16 in "
    "seconds); generic: the engine's backtracking, each solution compared with its eight "
    "images, the readable reference (n = 12 in ~20 s).",
)
@split_options("the count, by the first rows' placements (kernel engine),")
@click.option(
    "--yes",
    is_flag=True,
    help="Count even when the estimate is long (past N = 17; 12 with --engine generic).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def count(n: int, engine: str, jobs: int, cluster: str | None, yes: bool, as_json: bool) -> None:
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    if n > MAX_COUNT_N:
        raise InputError(f"counting is limited to n ≤ {MAX_COUNT_N} queens, not {n}")
    if engine == "generic" and (jobs > 1 or cluster is not None):
        raise InputError("--jobs and --cluster split the kernel's count: drop --engine generic")
    if n > WAIT_N[engine]:
        took = readable(estimate_seconds(n, engine, jobs))
        where = "here" if cluster is None else "on one process here (a cluster divides it)"
        if not yes:
            raise InputError(
                f"counting n = {n} would take {took} {where}: add --yes to start it anyway",
                field="n",
            )
        if not as_json:
            note(f"counting n = {n}: {took} {where}, by a small count timed now")
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
