"""``searchlab sudoku bulk FILE``: a file of puzzles, one a line, solved by the compiled
solver (or the generic engine), every answer checked by an independent validator and,
with ``--cross-check``, against the generic engine too."""

from __future__ import annotations

import gc
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from searchlab.cli.csp import csp_commands
from searchlab.cli.options import JSON, engine_option, max_memory_option
from searchlab.cli.output import progress
from searchlab.cli.report import EXIT_NO_SOLUTION, wrap
from searchlab.core.errors import InputError, SearchlabError
from searchlab.domains.sudoku.grid import Puzzle, format_cells, valid_solution

if TYPE_CHECKING:  # numpy is imported by the command, not by the CLI's start-up
    from searchlab.domains.sudoku.batch import Batch

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
    """Every puzzle of a file with its line number (``read_batch``, as ``Puzzle`` objects)."""
    batch = read_batch(path)
    return [(number, batch.puzzle(place)) for place, number in enumerate(batch.lines)]


def read_batch(path: Path) -> Batch:
    """Every puzzle of a file (blank lines and lines starting with # skipped), its 9×9
    lines decoded as one array; the first malformed line refuses the file, naming the
    line and cell. A byte order mark is accepted; a file past --max-memory or a line past
    ``MAX_LINE`` is refused while it is read."""
    from searchlab.core import allowance, textfile
    from searchlab.domains.sudoku.batch import read_lines

    # streamed within --max-memory, lines at most MAX_LINE (a 25×25 grid is 625 cells)
    text = textfile.read_text(path, field="file", max_line=MAX_LINE, factor=PUZZLE_FACTOR)
    lines = text.count("\n") + 1
    allowance.afford(f"{path} ({lines:,} lines)", lines * PUZZLE_BYTES, "file", "a smaller file")
    if lines > MAX_PUZZLES and _puzzle_lines(text) > MAX_PUZZLES:
        raise InputError(f"{path} holds more than {MAX_PUZZLES:,} puzzles", field="file")
    batch = read_lines(text, str(path))
    if not batch.lines:
        raise InputError(f"{path} holds no puzzle", field="file")
    return batch


def _puzzle_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip() and not line.strip().startswith("#"))


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
CHUNK = 10_000
"""Puzzles per compiled call: large enough that the call's own cost vanishes, small
enough that the progress bar moves."""


def _nine_by_kernel(batch: Batch, bar: Any) -> tuple[list[int], list[str | None], float]:
    """Counts and solutions (one line each) of the batch's 9×9 puzzles, solved by
    ``kernels.bitboard`` in chunks and checked together by the vectorised validator; and the
    CPU seconds the solver took."""
    import numpy as np

    from searchlab.domains.sudoku.batch import valid_solutions
    from searchlab.domains.sudoku.kernels.bitboard import solve_many

    counts: list[int] = []
    lines: list[str | None] = []
    spent = 0.0
    digits = np.frombuffer(b"0123456789", dtype=np.uint8)
    for first in range(0, batch.nine.shape[0], CHUNK):
        chunk = batch.nine[first : first + CHUNK]
        started = time.process_time()
        found, solutions, _ = solve_many(chunk, 2)
        spent += time.process_time() - started
        solved = found > 0
        checked = valid_solutions(chunk[solved], solutions[solved])
        if not checked.all():
            row = first + int(np.flatnonzero(solved)[np.flatnonzero(~checked)[0]])
            number = batch.lines[batch.nine_at[row]]
            raise CheckFailed(f"line {number}: the kernel solver's answer breaks a rule")
        text = digits[solutions].tobytes().decode("ascii")
        counts.extend(found.tolist())
        lines.extend(
            text[81 * k : 81 * k + 81] if ok else None for k, ok in enumerate(solved.tolist())
        )
        bar.advance(len(chunk))
    return counts, lines, spent


def _one_by_one(
    batch: Batch, places: list[int], engine: str, bar: Any
) -> tuple[list[int], list[str | None], float]:
    """Counts and solutions of the puzzles at ``places``, one call each (the generic
    engine, or the general compiled solver for 16×16 and 25×25), each checked; and the
    CPU seconds the solver took."""
    solver = _kernel if engine == "kernel" else _generic
    counts: list[int] = []
    lines: list[str | None] = []
    spent = 0.0
    for place in places:
        puzzle = batch.puzzle(place)
        started = time.process_time()
        count, cells = solver(puzzle)
        spent += time.process_time() - started
        if cells is not None and not valid_solution(puzzle, cells):
            number = batch.lines[place]
            raise CheckFailed(f"line {number}: the {engine} solver's answer breaks a rule")
        counts.append(count)
        lines.append(None if cells is None else format_cells(puzzle.size, cells))
        bar.advance()
    return counts, lines, spent


def _cross_check(batch: Batch, engine: str, counts: list[int], lines: list[str | None]) -> None:
    """Solve every puzzle with the other engine too; stop at the first disagreement."""
    other_solver = _generic if engine == "kernel" else _kernel
    for place, number in enumerate(batch.lines):
        puzzle = batch.puzzle(place)
        other_count, other = other_solver(puzzle)
        count = counts[place]
        other_line = None if other is None else format_cells(puzzle.size, other)
        if other_count != count or (count == 1 and other_line != lines[place]):
            raise CheckFailed(
                f"line {number}: the compiled solver and the generic engine disagree "
                f"({STATUS[count]} against {STATUS[other_count]})"
            )


@click.command(
    "bulk",
    short_help="Solve a file of puzzles, one a line (compiled solver), each checked.",
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@engine_option(
    "kernel: the compiled solver (per-digit band bitboards: singles, locked candidates, "
    "bivalue guesses); "
    "generic: the CSP engine (MAC + MRV)."
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
    line and the cell. A terminal shows progress. The kernel solves every 9×9 puzzle of
    the file in one compiled call over one array.

    Prints one line per puzzle (its line number, unique/several/none, the solution)
    and a summary with two rates: the solver's own (its CPU time alone) and the whole
    command's (CPU time from reading the file to the last line printed, checks
    included; the interpreter's start-up and the kernel's loading apart). Exit status 0
    when every puzzle has a solution, 1 when some have none. --json: {file, engine,
    count, unique, several, none, cross_checked, seconds and puzzles_per_second (the
    solver's CPU time and rate), command_seconds and command_puzzles_per_second (the
    whole command's), setup_seconds (loading the kernel), puzzles: [{line, status,
    solution}]}.

    \b
    Examples:
      searchlab sudoku bulk puzzles.txt
      searchlab sudoku bulk puzzles.txt --cross-check --quiet
    """
    setup = 0.0
    if engine == "kernel" or cross_check:
        loading = time.process_time()
        from searchlab.domains.sudoku.kernels.bitboard import load as load_bitboard
        from searchlab.domains.sudoku.kernels.solver import load

        load()  # numba and its cache, before the clocks start
        load_bitboard()
        # numba leaves some 100,000 objects behind; a full garbage collection set off by
        # the results of a large file would walk them all (60 ms): they live as long as
        # the process, so they are moved out of the collector's sight
        gc.freeze()
        setup = time.process_time() - loading
    # the modules the command reads the file with are start-up too (30 ms of imports)
    import searchlab.core.allowance
    import searchlab.core.textfile
    import searchlab.domains.sudoku.batch  # noqa: F401

    command_started = time.process_time()
    batch = read_batch(file)
    total = len(batch.lines)
    counts: list[int] = [0] * total
    lines: list[str | None] = [None] * total
    spent = 0.0
    with progress(f"solving {total:,} puzzles", total, enabled=not as_json) as bar:
        if engine == "kernel":
            found, answers, spent = _nine_by_kernel(batch, bar)
            for place, count, answer in zip(batch.nine_at, found, answers, strict=True):
                counts[place], lines[place] = count, answer
            rest = sorted(batch.others)
        else:
            rest = list(range(total))
        found, answers, more = _one_by_one(batch, rest, engine, bar)
        spent += more
        for place, count, answer in zip(rest, found, answers, strict=True):
            counts[place], lines[place] = count, answer
    if cross_check:
        _cross_check(batch, engine, counts, lines)
    by_count = Counter(counts)
    tally = {name: by_count[count] for count, name in STATUS.items()}
    rate = total / spent if spent > 0 else 0.0
    if as_json:
        from searchlab.cli.main import print_json

        results = [
            {"line": number, "status": STATUS[count], "solution": line}
            for number, count, line in zip(batch.lines, counts, lines, strict=True)
        ]
        command = time.process_time() - command_started
        print_json(
            {
                "file": str(file),
                "engine": engine,
                "count": total,
                **tally,
                "cross_checked": cross_check,
                "seconds": round(spent, 6),
                "puzzles_per_second": round(rate, 1),
                "command_seconds": round(command, 6),
                "command_puzzles_per_second": round(total / command if command > 0 else 0.0, 1),
                "setup_seconds": round(setup, 6),
                "puzzles": results,
            }
        )
    else:
        if not quiet:
            sys.stdout.write(
                "".join(
                    f"{number}: {STATUS[count]:<7} {line or ''}".rstrip() + "\n"
                    for number, count, line in zip(batch.lines, counts, lines, strict=True)
                )
            )
            sys.stdout.flush()
        checked = "each solution checked" + (
            ", and the generic engine agrees on every one" if cross_check else ""
        )
        command = time.process_time() - command_started
        command_rate = total / command if command > 0 else 0.0
        click.echo(
            wrap(
                f"{total:,} puzzles: {tally['unique']:,} with one solution, "
                f"{tally['several']:,} with several, {tally['none']:,} with none ({engine}; "
                f"{checked}). Solver: {spent:.3f} s CPU, {rate:,.0f} puzzles/s; whole "
                f"command: {command:.3f} s CPU, {command_rate:,.0f} puzzles/s"
            )
        )
    sys.exit(EXIT_NO_SOLUTION if tally["none"] else 0)


def sudoku_commands(group: click.Group, domain: Any) -> None:
    """Sudoku's own commands: those of every CSP domain, and ``bulk``."""
    csp_commands(group, domain)
    group.add_command(bulk)
