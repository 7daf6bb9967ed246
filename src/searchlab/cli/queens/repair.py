"""``searchlab queens min-conflicts``: local search that repairs large boards, a thin
layer over ``searchlab.domains.queens.repair``."""

from __future__ import annotations

import contextlib
import sys

import click

from searchlab.cli.main import print_json
from searchlab.cli.options import engine_option, max_memory_option
from searchlab.cli.output import console, interactive
from searchlab.cli.queens.common import queens
from searchlab.cli.report import DRAW_LIMIT, exit_status
from searchlab.core.errors import InputError
from searchlab.domains.queens import format_board
from searchlab.domains.queens.engines import (
    BYTES_PER_QUEEN,
    GENERIC_BYTES_PER_QUEEN,
    KERNEL_FROM_N,
    MAX_GENERIC_REPAIR_N,
    MAX_REPAIR_N,
    choose_engine,
)

MIN_CONFLICTS_HELP = """Repair a random board until no queen is attacked: local search for large n.

    The generic engine moves a random attacked queen to the least-attacked row of its
    column (min-conflicts); the kernel swaps the rows of two queens whenever that
    lowers the attacks. Either way the final board is checked independently before
    it is called solved. n = 2 and 3 have no solution and are answered at once; n is
    at most {max_n:,} with the kernel, which takes {bytes_per_queen} bytes a queen
    and about a minute per 100,000,000 queens; at most {max_generic:,} with the
    generic engine, {generic_bytes} bytes a queen: as many as --max-memory holds (a
    larger board is refused before it is allocated). The board is printed
    only for n <= 32; --json gives n, solved, steps, seconds (the search alone),
    setup_seconds (loading the compiled kernel), seed, engine and (for small n) rows.
    Exit status: 0 solved, 1 no solution exists (n = 2, 3), 3 the step limit came first.

    \b
    Examples:
      searchlab queens min-conflicts 1000000
      searchlab queens min-conflicts 200 --engine generic --seed 7 --json
"""


@queens.command(
    name="min-conflicts",
    help=MIN_CONFLICTS_HELP.format(
        max_n=MAX_REPAIR_N,
        bytes_per_queen=BYTES_PER_QUEEN,
        max_generic=MAX_GENERIC_REPAIR_N,
        generic_bytes=GENERIC_BYTES_PER_QUEEN,
    ),
)
@click.argument("n", type=int)
@click.option("--seed", type=int, help="Seed for the random choices (reproducible runs).")
@click.option(
    "--max-steps",
    type=click.IntRange(min=0),
    help="Give up after this many steps (generic: moves, default 100,000; kernel: "
    "candidate swaps, default 100·n + 10,000).",
)
@engine_option(
    f"generic: min-conflicts in Python; kernel: compiled permutation-and-swap repair "
    f"(Sosic & Gu), n = 1,000,000 in about a second; auto: kernel from n = {KERNEL_FROM_N:,}.",
    ("auto", "generic", "kernel"),
)
@click.option(
    "--init",
    type=click.Choice(["greedy", "random"]),
    help="Generic engine only: start from a greedy placement (few conflicts; the "
    "default) or random rows.",
)
@click.option(
    "--rows/--no-rows",
    default=None,
    help="Include the row of every column in --json (default: only for n <= 1000).",
)
@max_memory_option()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def min_conflicts_command(
    n: int,
    seed: int | None,
    max_steps: int | None,
    engine: str,
    init: str | None,
    rows: bool | None,
    as_json: bool,
) -> None:
    used = choose_engine(n, engine)
    if used == "kernel" and init is not None:
        raise InputError(
            f"--init chooses the generic engine's start; the kernel (used for n = {n:,}) "
            "builds its own: add --engine generic or drop --init"
        )
    with_rows = rows if rows is not None else n <= 1000
    waiting = console().status(f"repairing a board of n = {n:,} ...")
    from searchlab.domains.queens.repair import repair  # numpy: loaded only to repair

    with waiting if interactive() and not as_json and n > 10_000 else contextlib.nullcontext():
        result = repair(
            n,
            engine=used,
            seed=seed,
            max_steps=max_steps,
            init="random" if init == "random" else None,
        )
    if as_json:
        print_json(result.to_dict(with_rows=with_rows))
        sys.exit(exit_status(result.status))
    tail = f"seed {result.seed}; {result.engine} engine"
    if result.reason is not None:
        click.echo(f"n = {n:,}: not solved: {result.reason}, so no search ran; {tail}")
        sys.exit(exit_status(result.status))
    if result.solved:
        verdict = "solved (checked independently)"
    else:
        verdict = f"not solved ({result.conflicted} queens attacked)"
    took = f"{result.seconds:.3f} s"
    if result.setup_seconds >= 0.0005:
        took += f" (+ {result.setup_seconds:.3f} s loading the compiled kernel)"
    click.echo(f"n = {n:,}: {verdict} after {result.steps:,} {result.step_unit}; {took}; {tail}")
    if n <= DRAW_LIMIT:
        click.echo(format_board(n, result.queens))
    sys.exit(exit_status(result.status))
