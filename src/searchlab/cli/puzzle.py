"""The puzzle domain's own commands, beside the generic ``solve`` and ``random``: Korf's
100 instances by the compiled IDA*, and the document's experiment (seed 003, Bratko
ch. 12); and the tour's stop for seed 003."""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, Unpack

import click

from searchlab.cli.checkpoints import checkpoint_options, resumed, saver, stopped_line
from searchlab.cli.main import print_json
from searchlab.cli.options import add_max_memory, click_option, max_memory_option, split_options
from searchlab.cli.output import console
from searchlab.cli.report import wrap
from searchlab.core.limits import MAX_EXPANDED
from searchlab.domains.puzzle import (
    BRATKO_GOAL,
    BRATKO_POSITIONS,
    Board,
    BratkoRow,
    experiment_table,
    format_board,
    format_path,
    run_experiment,
    solve,
    to_bratko,
    verdict_lines,
)
from searchlab.domains.puzzle.problem import DEFAULT_MOVE_ORDER, MOVE_ORDERS

if TYPE_CHECKING:
    from searchlab.domains.puzzle.kernels import KorfRun, SetOptions

F = TypeVar("F", bound=Callable[..., Any])


def prepare_databases(name: str, goal: Board, *, enabled: bool) -> None:
    """Load the pattern databases now, with a progress bar on a terminal when they have
    to be built (once: they are cached on disk afterwards), said first with what the
    build will take."""
    from searchlab.cli.output import progress
    from searchlab.domains.puzzle.kernels.pdb import build_estimate, pattern_databases

    estimate = build_estimate(name, goal)
    if estimate is not None:
        click.echo(estimate, err=True)
    with progress(f"loading {name} pattern databases", None, enabled=enabled) as bar:

        def report(description: str, filled: int, total: int) -> None:
            bar.update(description=f"building {description}", completed=filled, total=total)

        pattern_databases(name, goal, progress=report)


def run_rows(run: KorfRun) -> list[dict[str, Any]]:
    """A published set's rows as ``korf100`` and ``korf24`` print them in --json."""
    return [
        {
            "instance": row.instance,
            "length": row.length,
            "optimal": row.optimal,
            "optimal_found": row.length == row.optimal,
            "generated": row.generated,
            "expanded": row.expanded,
            "seconds": round(row.seconds, 6),
        }
        for row in run.rows
    ]


MOVE_ORDER_OPTION = click.option(
    "--move-order",
    type=click.Choice(list(MOVE_ORDERS)),
    default=DEFAULT_MOVE_ORDER,
    show_default=True,
    help="The order the blank's moves are tried in (Korf's is up, left, right, down).",
)
"""``--move-order``, the same in ``korf100`` and ``korf24``."""

REFLECT_OPTION = click.option(
    "--reflect/--no-reflect",
    default=True,
    show_default=True,
    help="Also read the pattern databases on the board reflected about its main diagonal "
    "and take the larger sum (Felner, Korf & Hanan 2004, as Korf and Felner's solver "
    "does): on Korf's 100, about a quarter of the nodes.",
)
"""``--reflect``, the same in ``korf100`` and ``korf24``."""


def first_option(count: int) -> Callable[[F], F]:
    """``--first`` of a published set of ``count`` instances."""
    return click.option(
        "--first",
        type=click.IntRange(1, count),
        metavar="K",
        help=f"Only the first K instances, in the published order (1 to {count}; default all).",
    )


def solve_published(
    solver: Callable[..., KorfRun],
    goal: Board,
    title: str,
    count: int,
    *,
    quiet: bool,
    heuristic: str,
    **options: Unpack[SetOptions],
) -> tuple[KorfRun, float]:
    """Run ``korf100`` or ``korf24`` (``solver``, whose instances are chosen) as their
    commands do: the databases loaded first (said, with a bar when they are built), then
    a bar that follows the ``count`` instances and each one's iterations. Returns the
    run and its seconds, databases included."""
    import time

    from searchlab.cli.output import progress
    from searchlab.domains.puzzle.kernels.pdb import PARTITIONS

    started = time.perf_counter()
    if heuristic in PARTITIONS:
        prepare_databases(heuristic, goal, enabled=not quiet)
    with progress(title, count, enabled=not quiet) as bar:

        def report(done: int, total: int) -> None:
            bar.update(completed=done, total=total)

        def iteration(number: int, threshold: int, generated: int) -> None:
            bar.update(
                description=f"instance {number}: threshold {threshold} done, {generated:,} nodes"
            )

        run = solver(heuristic=heuristic, progress=report, iteration=iteration, **options)
    return run, time.perf_counter() - started


def set_document(
    run: KorfRun, seconds: float, move_order: str, reflected: bool, **extra: Any
) -> dict[str, Any]:
    """A published set's run in --json: its settings (``extra`` after the shared ones),
    a row per instance, and the seconds."""
    return {
        "heuristic": run.heuristic,
        "reflect": reflected,
        "move_order": move_order,
        **extra,
        "rows": run_rows(run),
        "seconds": round(seconds, 6),
    }


@click.command("korf100")
@first_option(100)
@click.option(
    "--heuristic",
    "-H",
    type=click.Choice(["pdb-78", "pdb-663", "pdb-555", "linear-conflict", "manhattan"]),
    help="Heuristic of the compiled IDA* (default: the best databases present, pdb-78 "
    "once built, else pdb-663). pdb-78 is built on first use: 550 MB of disk, about 2.2 GB "
    "of memory (refused past --max-memory) and about six minutes, said before it starts.",
)
@REFLECT_OPTION
@MOVE_ORDER_OPTION
@split_options(
    "every iteration of IDA*, as subtrees (the same answers and node counts; the CPU the "
    "split costs is reported),"
)
@max_memory_option()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def korf100_command(
    first: int | None,
    heuristic: str | None,
    reflect: bool,
    move_order: str,
    jobs: int,
    cluster: str | None,
    as_json: bool,
) -> None:
    """Solve Korf's (1985) 100 standard 15-puzzle instances optimally.

    Runs the compiled IDA* and checks every length against the published optimum.
    Prints instance, length, nodes generated and seconds; --json gives
    {"heuristic", "reflect", "move_order", "jobs", "rows": [{"instance", "length",
    "optimal", "optimal_found", "generated", "expanded", "seconds"}, ...], "seconds":
    total, "worker_seconds",
    "wasted_seconds"}: with --jobs or --cluster, the CPU seconds the workers spent on
    subtrees, and those spent on subtrees the serial search would not have entered. With
    pdb-663 all 100 take seconds; manhattan takes minutes. The databases used are said
    in the title (and "heuristic" in --json).

    \b
    Examples:
      searchlab puzzle korf100 --first 10
      searchlab puzzle korf100 --heuristic pdb-555 --json
      searchlab puzzle korf100 --heuristic pdb-78
    """
    from searchlab.domains.puzzle.kernels import KORF_GOAL, KORF_INSTANCES, korf100
    from searchlab.domains.puzzle.kernels.pdb import PARTITIONS, best_present

    if heuristic is None:
        heuristic = best_present(KORF_GOAL)
    reflected = reflect and heuristic in PARTITIONS
    with contextlib.ExitStack() as stack:
        executor = None
        if jobs > 1 or cluster is not None:
            from searchlab.experiments.executors import executor_for

            executor = stack.enter_context(executor_for(jobs, cluster))
        run, total = solve_published(
            functools.partial(korf100, first),
            KORF_GOAL,
            "Korf's instances",
            KORF_INSTANCES if first is None else first,
            quiet=as_json,
            heuristic=heuristic,
            reflect=reflect,
            move_order=move_order,
            executor=executor,
        )
    if as_json:
        document = set_document(run, total, move_order, reflected, jobs=jobs)
        document["worker_seconds"] = round(run.worker_seconds, 6)
        document["wasted_seconds"] = round(run.wasted_seconds, 6)
        print_json(document)
        return
    from rich.table import Table

    how = f"{heuristic}, reflected" if reflected else heuristic
    table = Table(title=f"Korf's 100 instances, compiled IDA* with {how}")
    for column in ("instance", "length", "generated", "seconds"):
        table.add_column(column, justify="right")
    for row in run.rows:
        table.add_row(
            str(row.instance), str(row.length), f"{row.generated:,}", f"{row.seconds:.3f}"
        )
    console().print(table)
    click.echo(
        f"{len(run.rows)} instances solved optimally (every length equals the published "
        f"one): {run.generated:,} nodes generated, {total:.1f} s in all, databases included"
    )
    if run.worker_seconds:
        click.echo(
            f"split over workers: {run.worker_seconds:.2f} CPU seconds on subtrees, "
            f"{run.wasted_seconds:.2f} of them past the subtree holding each answer"
        )


KORF24_NAMES = [str(number) for number in range(1, 11)]


@click.command("korf24")
@first_option(len(KORF24_NAMES))
@click.option(
    "--only",
    type=click.Choice(KORF24_NAMES),
    multiple=True,
    metavar="NAME",
    help="Only this instance (Korf and Taylor's number, 1 to 10); repeat for more.",
)
@click.option(
    "--heuristic",
    "-H",
    type=click.Choice(["pdb-6666", "pdb-444444", "linear-conflict", "manhattan"]),
    default="pdb-6666",
    show_default=True,
    help="Heuristic of the compiled IDA*. pdb-6666 (Korf and Felner's four 6-tile "
    "databases) is built on first use: 486 MB of disk, about 773 MB of memory (refused "
    "past --max-memory) and some 10 to 40 minutes on one core, said before it starts; "
    "the others leave the 95-move "
    "instance unsolved for hours.",
)
@REFLECT_OPTION
@MOVE_ORDER_OPTION
@click_option(MAX_EXPANDED, help="Stop an instance after expanding this many nodes (0 to 10^12).")
@checkpoint_options
@max_memory_option()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def korf24_command(
    first: int | None,
    only: tuple[str, ...],
    heuristic: str,
    reflect: bool,
    move_order: str,
    max_expanded: int | None,
    max_seconds: float | None,
    checkpoint_path: Path | None,
    resume: Path | None,
    as_json: bool,
) -> None:
    """Solve Korf and Taylor's (1996) ten 24-puzzle instances optimally.

    Runs the compiled IDA* on 5×5 boards (goal: the blank top left, then 1 to 24) and
    checks every length against the published optimum (95 to 114 moves). Prints each
    instance's length, the published one, nodes generated and seconds; a progress bar
    follows each instance's iterations. With pdb-6666 and reflection the 95-move
    instance (no. 2) generates billions of nodes: minutes of search; the hardest take
    hours. --max-expanded leaves an instance unsolved (exit status 3). --max-seconds
    stops the run in time (exit status 3) and --checkpoint saves where it stands (every
    minute, and at the stop or Ctrl-C), so that --resume goes on from there, another day,
    with the answers and node counts of one uninterrupted run. --json gives
    {"heuristic", "reflect", "move_order", "max_expanded", "unfinished", "checkpoint",
    "rows": [{"instance", "length", "optimal", "optimal_found", "generated",
    "expanded", "seconds"}, ...], "seconds": total}; "length" null when --max-expanded
    stopped it; "unfinished" true when --max-seconds stopped the run (the rows are the
    instances finished).

    \b
    Examples:
      searchlab puzzle korf24 --only 2
      searchlab puzzle korf24 --first 1 --heuristic pdb-444444 --max-expanded 1000000 --json
      searchlab puzzle korf24 --only 6 --max-seconds 3600 --checkpoint six.json
      searchlab puzzle korf24 --resume six.json --max-seconds 3600
    """
    from searchlab.domains.puzzle.kernels import KORF_GOAL_24, korf24
    from searchlab.domains.puzzle.kernels.korf_taylor import korf_taylor

    options: dict[str, Any] = {}
    if resume is not None:
        back, check = resumed(
            resume, "korf24", ("first", "only", "heuristic", "reflect", "move_order")
        )
        only, first = tuple(str(number) for number in back.instances), None
        heuristic, reflect, move_order = back.heuristic, back.reflect, back.move_order
        check([(int(i.name), i.board, i.optimal) for i in korf_taylor(list(only))])
        options["resume"] = (back.rows, back.search)
        checkpoint_path = checkpoint_path or resume
    if checkpoint_path is not None:
        numbers = [int(name) for name in only] or list(range(1, (first or 10) + 1))
        options["checkpoint"] = saver(
            checkpoint_path, "korf24", numbers, heuristic, reflect, move_order
        )
    if max_seconds is not None:
        options["max_seconds"] = max_seconds
    from searchlab.domains.puzzle.kernels.pdb import PARTITIONS

    reflected = reflect and heuristic in PARTITIONS
    run, total = solve_published(
        functools.partial(korf24, list(only) or None, first),
        KORF_GOAL_24,
        "Korf and Taylor's instances",
        len(only) if only else (first or len(KORF24_NAMES)),
        quiet=as_json,
        heuristic=heuristic,
        reflect=reflect,
        move_order=move_order,
        max_expanded=max_expanded,
        **options,
    )
    if as_json:
        print_json(
            set_document(
                run,
                total,
                move_order,
                reflected,
                max_expanded=max_expanded,
                unfinished=run.unfinished,
                checkpoint=None if checkpoint_path is None else str(checkpoint_path),
            )
        )
    else:
        _print_korf24(run, reflected, total)
        if run.unfinished:
            click.echo(stopped_line("korf24", checkpoint_path))
    if run.unfinished or any(row.length is None for row in run.rows):
        sys.exit(3)


def _print_korf24(run: KorfRun, reflected: bool, total: float) -> None:
    """``korf24``'s table and its one-line summary."""
    from rich.table import Table

    how = f"{run.heuristic}, reflected" if reflected else run.heuristic
    table = Table(title=f"Korf and Taylor's 24-puzzles, compiled IDA* with {how}")
    for column in ("instance", "length", "published", "generated", "seconds"):
        table.add_column(column, justify="right")
    for row in run.rows:
        table.add_row(
            str(row.instance),
            "stopped" if row.length is None else str(row.length),
            str(row.optimal),
            f"{row.generated:,}",
            f"{row.seconds:.1f}",
        )
    console().print(table)
    solved = [row for row in run.rows if row.length is not None]
    click.echo(
        f"{len(solved)} of {len(run.rows)} instances solved, every length found equal to "
        f"the published one; {run.generated:,} nodes generated, {total:.1f} s in all, "
        "databases included"
    )


@click.command(
    "bratko", short_help="Rerun the document's experiment (Bratko's fig. 12.7) and judge it."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bratko_command(as_json: bool) -> None:
    """Rerun the document's experiment (Bratko, fig. 12.7).

    Positions (a) 4 moves, (b) start2 5 moves, (c) start3 18 moves, each solved by
    Bratko's best-first search with his heuristic h = totdist + 3·seq and by A* with
    manhattan (admissible, so its length is the shortest). The table gives, per run,
    the moves found, the fewest possible and whether they match, states expanded and
    generated, "off path" (states expanded that are not on the path returned: the
    document claims none for (a) and (b), and almost none for (c)) and milliseconds;
    then one verdict per claim. docs/bratko.md discusses the result.

    --json: {"goal", "positions", "runs": [{"position", "heuristic", "algorithm",
    "length", "shortest", "is_shortest", "expanded", "generated", "off_path",
    "seconds", ...}]}.

    \b
    Example:
      searchlab puzzle bratko --json
    """
    rows = run_experiment()
    if as_json:
        print_json(
            {
                "goal": list(BRATKO_GOAL),
                "positions": {name: list(board) for name, board in BRATKO_POSITIONS.items()},
                "runs": [row.to_dict() for row in rows],
            }
        )
        return
    _print_experiment(rows)


def _print_experiment(rows: list[BratkoRow]) -> None:
    """The experiment's table and its verdicts, as the domain words them."""
    out = console()
    out.print(experiment_table(rows), markup=False)
    for line in verdict_lines(rows):
        out.print(wrap(line, "  "), markup=False, soft_wrap=True)


def tour_puzzle() -> None:
    """Seed 003's system for ``searchlab tour``: the three positions solved by Bratko's
    best-first search, one path drawn as the document prints it, and the table."""
    out = console()
    out.print(
        "Bratko's generic best-first search needs s/3, goal/1 and h/2; for the 8-puzzle "
        "h = totdist + 3·seq. Goal:"
    )
    out.print(format_board(BRATKO_GOAL), markup=False)
    for name, start in BRATKO_POSITIONS.items():
        result = solve(start, BRATKO_GOAL, algorithm="best-first", heuristic="bratko")
        out.print()
        out.print(f"Position ({name}), {to_bratko(start)}:", markup=False)
        out.print(format_board(start), markup=False)
        out.print(
            wrap(
                f"solved in {len(result.moves)} moves by best-first + bratko "
                f"(expanded {result.stats.expanded}): {' '.join(result.moves)}",
                "  ",
            ),
            markup=False,
            soft_wrap=True,
        )
    path = solve(BRATKO_POSITIONS["b"], BRATKO_GOAL, algorithm="best-first", heuristic="bratko")
    out.print()
    out.print("The path for (b), as the document's showsol prints it:")
    out.print(format_path(path.path), markup=False)
    out.print()
    _print_experiment(run_experiment())
    out.print("More: searchlab puzzle --help, searchlab puzzle bratko --json.")


def puzzle_commands(group: click.Group, domain: object) -> None:
    """Add the puzzle domain's own commands to its group (its descriptor names this)."""
    group.add_command(korf100_command)
    group.add_command(korf24_command)
    group.add_command(bratko_command)
    solve_command = group.commands.get("solve")
    add_max_memory(solve_command)  # pattern databases are priced
    if solve_command is not None and solve_command.help is not None:
        solve_command.help += "\n\n" + SOLVE_PATHS


SOLVE_PATHS = (
    "Which code runs: a 4×4 or 5×5 board under astar or ida (manhattan, linear-conflict "
    "or pattern databases) goes to the compiled IDA*. A small board, one it solves within "
    "20,000 expansions (a few dozen moves from its goal), is searched by the "
    "same IDA* in plain Python, node for node, without loading the compiled code (about a "
    "second of CPU); a larger one (Korf's instances) then starts over in the compiled "
    "kernel. 3×3 boards and the other algorithms run on the generic engine, which loads no "
    "compiled code."
)
"""What ``puzzle solve --help`` adds: which inputs take which path (issue 29). The
number is ``kernels.small.SMALL_BUDGET``, written out so that the help imports no numpy
(a test holds them equal)."""
