"""``searchlab queens min-conflicts``: local search that repairs large boards."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import click

from searchlab.cli.main import print_json
from searchlab.cli.output import console, interactive
from searchlab.cli.queens.common import (
    DRAW_LIMIT,
    no_solution_line,
    queens,
)
from searchlab.core.errors import InputError
from searchlab.domains.queens import (
    Queens,
    format_board,
    min_conflicts,
)

KERNEL_FROM_N = 20_000
"""``--engine auto`` hands boards at least this large to the compiled repair kernel."""


@queens.command(name="min-conflicts")
@click.argument("n", type=int)
@click.option("--seed", type=int, help="Seed for the random choices (reproducible runs).")
@click.option(
    "--max-steps",
    type=click.IntRange(min=0),
    help="Give up after this many steps (generic: moves, default 100,000; kernel: "
    "candidate swaps, default 100·n + 10,000).",
)
@click.option(
    "--engine",
    type=click.Choice(["auto", "generic", "kernel"]),
    default="auto",
    show_default=True,
    help=f"generic: min-conflicts in Python; kernel: compiled permutation-and-swap repair "
    f"(Sosic & Gu), n = 1,000,000 in about a second; auto: kernel from n = {KERNEL_FROM_N:,}.",
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
    """Repair a random board until no queen is attacked: local search for large n.

    The generic engine moves a random attacked queen to the least-attacked row of its
    column (min-conflicts); the kernel swaps the rows of two queens whenever that
    lowers the attacks. Either way the final board is checked independently before
    it is called solved. The board is printed only for n <= 32; --json gives n,
    solved, steps, seconds, seed, engine and (for small n) rows.
    """
    with_rows = rows if rows is not None else n <= 1000
    use_kernel = engine == "kernel" or (engine == "auto" and n >= KERNEL_FROM_N)
    if use_kernel and init is not None:
        raise InputError(
            f"--init chooses the generic engine's start; the kernel (used for n = {n:,}) "
            "builds its own: add --engine generic or drop --init"
        )
    waiting = console().status(f"repairing a board of n = {n:,} ...")
    with waiting if interactive() and not as_json and n > 10_000 else contextlib.nullcontext():
        if use_kernel:
            payload, queens_placed = _repair_with_kernel(n, seed, max_steps, with_rows)
        else:
            result = min_conflicts(
                n,
                seed=seed,
                max_steps=100_000 if max_steps is None else max_steps,
                init="random" if init == "random" else "greedy",
            )
            payload = {**result.to_dict(with_rows=with_rows), "engine": "generic"}
            queens_placed = result.queens
            payload["solved"] = result.solved and _verified(n, queens_placed)
    if as_json:
        print_json(payload)
        return
    if payload["solved"]:
        verdict = "solved (checked independently)"
    elif "conflicted" in payload:
        verdict = f"not solved ({payload['conflicted']} queens attacked)"
    else:
        verdict = "not solved"
    unit = "candidate swaps" if use_kernel else "moves"
    why = f" ({no_solution_line(n)})" if n in (2, 3) and not payload["solved"] else ""
    click.echo(
        f"n = {n:,}: {verdict} after {payload['steps']:,} {unit}{why}; "
        f"{payload['seconds']:.3f} s; seed {payload['seed']}; {payload['engine']} engine"
    )
    if n <= DRAW_LIMIT:
        click.echo(format_board(n, queens_placed))


def _verified(n: int, placed: Queens) -> bool:
    """The kernels' independent O(n) check, applied to a board found by any engine."""
    from searchlab.domains.queens.kernels import verify_queens

    columns = [-1] * n
    for row, column in placed:
        if columns[row - 1] != -1:
            return False  # two queens in one row
        columns[row - 1] = column - 1
    return len(placed) == n and verify_queens(columns)


def _repair_with_kernel(
    n: int, seed: int | None, max_steps: int | None, with_rows: bool
) -> tuple[dict[str, Any], Queens]:
    """The compiled repair as the command's payload, and the board as (row, col) pairs."""
    import random

    from searchlab.domains.queens.kernels import min_conflicts as repair

    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    started = time.perf_counter()
    solved, columns, steps = repair(n, seed=seed, max_steps=max_steps)
    seconds = time.perf_counter() - started
    placed = tuple((row + 1, int(column) + 1) for row, column in enumerate(columns.tolist()))
    payload: dict[str, Any] = {
        "n": n,
        "solved": solved,
        "steps": steps,
        "seconds": round(seconds, 6),
        "seed": seed,
        "engine": "kernel",
    }
    if with_rows:
        # the row of the queen in each column, as the generic engine reports it
        by_column = [0] * n
        for row, column in placed:
            by_column[column - 1] = row
        payload["rows"] = by_column
    return payload, placed
