"""``searchlab sudoku bulk FILE``: a file of puzzles, one a line, solved by the compiled
solver (or the generic engine), every answer checked by an independent validator and,
with ``--cross-check``, against the generic engine too."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import click

from searchlab.cli.csp import csp_commands
from searchlab.cli.options import JSON, engine_option, max_memory_option
from searchlab.cli.output import progress
from searchlab.cli.report import EXIT_NO_SOLUTION, wrap
from searchlab.core.errors import InputError, SearchlabError
from searchlab.domains.sudoku.grid import Puzzle, format_cells, parse_puzzle, valid_solution

MAX_PUZZLES = 1_000_000
"""The most puzzles one file may hold."""
MAX_LINE = 4096
"""The longest line of a bulk file (a 25×25 puzzle written with spaces is 1,250)."""
PUZZLE_FACTOR = 4
"""Bytes of memory per byte of the file while its lines are split."""
PUZZLE_BYTES = 2000
"""Bytes per puzzle held (its cells as a tuple, its result), measured 1,400 on 9×9."""


class CheckFailed(SearchlabError):
    """A solver's answer failed its check: a bug, reported as such."""


def read_puzzles(path: Path) -> list[tuple[int, Puzzle]]:
    """Every puzzle of a file (blank lines and lines starting with # skipped), with its
    line number; the first malformed line refuses the file, naming the line and cell.
    A byte order mark is accepted; a file past --max-memory or a line past ``MAX_LINE``
    is refused while it is read."""
    from searchlab.core import allowance, textfile

    # streamed within --max-memory, lines at most MAX_LINE (a 25×25 grid is 625 cells)
    text = textfile.read_text(path, field="file", max_line=MAX_LINE, factor=PUZZLE_FACTOR)
    lines = text.count("\n") + 1
    allowance.afford(f"{path} ({lines:,} lines)", lines * PUZZLE_BYTES, "file", "a smaller file")
    puzzles: list[tuple[int, Puzzle]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        body = line.strip()
        if not body or body.startswith("#"):
            continue
        if len(puzzles) >= MAX_PUZZLES:
            raise InputError(f"{path} holds more than {MAX_PUZZLES:,} puzzles", field="file")
        try:
            puzzles.append((number, parse_puzzle(body)))
        except InputError as error:
            raise InputError(f"{path} line {number}: {error}", field="file") from None
    if not puzzles:
        raise InputError(f"{path} holds no puzzle", field="file")
    return puzzles


def _generic(puzzle: Puzzle) -> tuple[int, tuple[int, ...] | None]:
    """Solutions up to 2 and the first, by the generic CSP engine (MAC + MRV)."""
    from searchlab.algorithms.csp import CSPProblem, Strategy, backtracking
    from searchlab.domains.sudoku.grid import sudoku_csp

    csp = sudoku_csp(puzzle)
    stream = backtracking(CSPProblem(csp), Strategy("mrv", "static", "mac"))
    first = next(stream, None)
    if first is None:
        return 0, None
    cells = tuple(first.final_state.assignment()[var] for var in csp.variables)
    return (2 if next(stream, None) is not None else 1), cells


def _kernel(puzzle: Puzzle) -> tuple[int, tuple[int, ...] | None]:
    """Solutions up to 2 and the first, by the compiled solver."""
    from searchlab.domains.sudoku.kernels.solver import solve

    count, cells, _ = solve(puzzle.size, puzzle.cells, 2)
    return count, cells


STATUS = {0: "none", 1: "unique", 2: "several"}


@click.command(
    "bulk",
    short_help="Solve a file of puzzles, one a line (compiled solver), each checked.",
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@engine_option(
    "kernel: the compiled solver (bit masks, singles, MRV); generic: the CSP engine (MAC + MRV)."
)
@click.option(
    "--cross-check",
    is_flag=True,
    help="Solve every puzzle with the generic engine too and compare (slower).",
)
@click.option("--quiet", "-q", is_flag=True, help="Print the summary only.")
@max_memory_option()
@JSON
def bulk(file: Path, engine: str, cross_check: bool, quiet: bool, as_json: bool) -> None:
    """Solve every puzzle of FILE (- for standard input): one puzzle a line, in the
    one-line format of `sudoku solve` (. or 0 for a blank; 9×9, 16×16 and 25×25 may
    mix); blank lines and lines starting with # are skipped. Each puzzle is counted up
    to two solutions, so it is reported as unique, several (the first is printed) or
    none; every solution is checked by an independent validator (each value once in
    every row, column and box, every given kept), and with --cross-check the generic
    engine solves it too and must agree. A malformed line refuses the file, naming the
    line and the cell. A terminal shows progress.

    Prints one line per puzzle (its line number, unique/several/none, the solution)
    and a summary. Exit status 0 when every puzzle has a solution, 1 when some have
    none. --json: {file, engine, count, unique, several, none, seconds,
    puzzles_per_second, setup_seconds, puzzles: [{line, status, solution}]}.

    \b
    Examples:
      searchlab sudoku bulk puzzles.txt
      searchlab sudoku bulk puzzles.txt --cross-check --quiet
    """
    puzzles = read_puzzles(file)
    setup = 0.0
    solver = _kernel if engine == "kernel" else _generic
    if engine == "kernel" or cross_check:
        from searchlab.domains.sudoku.kernels.solver import load

        setup = load()  # numba's cache, before the clock starts
    results: list[dict[str, Any]] = []
    spent = 0.0
    with progress(f"solving {len(puzzles):,} puzzles", len(puzzles), enabled=not as_json) as bar:
        for number, puzzle in puzzles:
            started = time.perf_counter()
            count, cells = solver(puzzle)
            spent += time.perf_counter() - started
            if cells is not None and not valid_solution(puzzle, cells):
                raise CheckFailed(f"line {number}: the {engine} solver's answer breaks a rule")
            if cross_check:
                other_count, other = (_generic if engine == "kernel" else _kernel)(puzzle)
                if other_count != count or (count == 1 and other != cells):
                    raise CheckFailed(
                        f"line {number}: the compiled solver and the generic engine disagree "
                        f"({STATUS[count]} against {STATUS[other_count]})"
                    )
            results.append(
                {
                    "line": number,
                    "status": STATUS[count],
                    "solution": None if cells is None else format_cells(puzzle.size, cells),
                }
            )
            bar.advance()
    tally = {name: sum(1 for r in results if r["status"] == name) for name in STATUS.values()}
    rate = len(results) / spent if spent > 0 else 0.0
    if as_json:
        from searchlab.cli.main import print_json

        print_json(
            {
                "file": str(file),
                "engine": engine,
                "count": len(results),
                **tally,
                "cross_checked": cross_check,
                "seconds": round(spent, 6),
                "puzzles_per_second": round(rate, 1),
                "setup_seconds": round(setup, 6),
                "puzzles": results,
            }
        )
    else:
        if not quiet:
            for result in results:
                solution = result["solution"] or ""
                click.echo(f"{result['line']}: {result['status']:<7} {solution}".rstrip())
        checked = "each solution checked" + (
            ", and the generic engine agrees on every one" if cross_check else ""
        )
        click.echo(
            wrap(
                f"{len(results):,} puzzles: {tally['unique']:,} with one solution, "
                f"{tally['several']:,} with several, {tally['none']:,} with none "
                f"({spent:.3f} s, {rate:,.0f} puzzles/s, {engine}; {checked})"
            )
        )
    sys.exit(EXIT_NO_SOLUTION if tally["none"] else 0)


def sudoku_commands(group: click.Group, domain: Any) -> None:
    """Sudoku's own commands: those of every CSP domain, and ``bulk``."""
    csp_commands(group, domain)
    group.add_command(bulk)
