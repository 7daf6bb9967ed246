"""The puzzle domain's own commands, beside the generic ``solve`` and ``random``: Korf's
100 instances by the compiled IDA*, and the document's experiment (seed 003, Bratko
ch. 12); and the tour's stop for seed 003."""

from __future__ import annotations

from typing import Any

import click

from searchlab.cli.main import print_json
from searchlab.cli.output import console
from searchlab.core.errors import InputError
from searchlab.domains.puzzle import (
    BRATKO_GOAL,
    BRATKO_POSITIONS,
    Board,
    BratkoRow,
    format_board,
    format_path,
    make_heuristic,
    run_experiment,
    seq_score,
    solve,
    to_bratko,
    totdist,
)
from searchlab.domains.puzzle.heuristics import PATTERN_DATABASES


def prepare_databases(name: str, goal: Board, *, enabled: bool) -> None:
    """Load the pattern databases now, with a progress bar on a terminal when they have
    to be built (a few seconds, once: they are cached on disk afterwards)."""
    from searchlab.cli.output import progress
    from searchlab.domains.puzzle.kernels.pdb import pattern_databases

    with progress(f"loading {name} pattern databases", None, enabled=enabled) as bar:

        def report(description: str, filled: int, total: int) -> None:
            bar.update(description=f"building {description}", completed=filled, total=total)

        pattern_databases(name, goal, progress=report)


@click.command("korf100")
@click.option(
    "--first", type=int, metavar="K", help="Only the first K instances (default: all 100)."
)
@click.option(
    "--heuristic",
    "-H",
    type=click.Choice(["pdb-663", "pdb-555", "linear-conflict", "manhattan"]),
    default="pdb-663",
    show_default=True,
    help="Heuristic of the compiled IDA*.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def korf100_command(first: int | None, heuristic: str, as_json: bool) -> None:
    """Solve Korf's (1985) 100 standard 15-puzzle instances optimally.

    Runs the compiled IDA* and checks every length against the published optimum.
    Prints instance, length, nodes generated and seconds; --json gives
    {"rows": [{"instance", "length", "generated", "seconds"}, ...], "seconds": total}.
    With pdb-663 all 100 take seconds; manhattan takes minutes.
    """
    import time

    from searchlab.cli.output import progress
    from searchlab.domains.puzzle.kernels import KORF_GOAL, load_korf100, solve_15

    instances = load_korf100()
    if first is not None and not 1 <= first <= len(instances):
        raise InputError(f"--first must be between 1 and {len(instances)}, not {first}")
    instances = instances[:first]
    started = time.perf_counter()
    if heuristic in PATTERN_DATABASES:
        prepare_databases(heuristic, KORF_GOAL, enabled=not as_json)
    rows: list[dict[str, Any]] = []
    with progress("Korf's instances", len(instances), enabled=not as_json) as bar:
        for number, (board, optimal) in enumerate(instances, start=1):
            found = solve_15(board, KORF_GOAL, heuristic=heuristic)
            assert found.moves is not None
            if len(found.moves) != optimal:  # pragma: no cover - would be a kernel bug
                raise AssertionError(
                    f"instance {number}: found {len(found.moves)} moves, published {optimal}"
                )
            rows.append(
                {
                    "instance": number,
                    "length": len(found.moves),
                    "generated": found.generated,
                    "seconds": round(found.seconds, 6),
                }
            )
            bar.advance()
    total = time.perf_counter() - started
    if as_json:
        print_json({"rows": rows, "seconds": round(total, 6)})
        return
    from rich.table import Table

    table = Table(title=f"Korf's 100 instances, compiled IDA* with {heuristic}")
    for column in ("instance", "length", "generated", "seconds"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            str(row["instance"]),
            str(row["length"]),
            f"{row['generated']:,}",
            f"{row['seconds']:.3f}",
        )
    console().print(table)
    generated = sum(row["generated"] for row in rows)
    click.echo(
        f"{len(rows)} instances solved optimally (every length equals the published one): "
        f"{generated:,} nodes generated, {total:.1f} s in all, databases included"
    )


def experiment_table(rows: list[BratkoRow]) -> str:
    """The experiment as a plain-text table that fits 80 columns."""
    headers: tuple[str, ...] = ("pos", "heuristic", "search", "moves", "fewest", "expanded")
    headers += ("generated", "off path", "ms")
    cells = [
        (
            row.position,
            row.heuristic,
            row.algorithm,
            str(row.length),
            f"{row.shortest} {'yes' if row.is_shortest else 'NO'}",
            f"{row.expanded:,}",
            f"{row.generated:,}",
            f"{row.off_path:,}",
            f"{row.seconds * 1000:.2f}",
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [headers, *cells]) for i in range(len(headers))]

    def line(values: tuple[str, ...]) -> str:
        return "  ".join(
            value.ljust(width) if i < 3 else value.rjust(width)
            for i, (value, width) in enumerate(zip(values, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(values) for values in cells)])


CLAIMS = {
    "a": "without a single step off the shortest path",
    "b": "without a single step off the shortest path",
    "c": "almost without backtracking",
}
"""What the document says Bratko's best-first with his heuristic does on each position."""


def _verdicts(rows: list[BratkoRow]) -> list[str]:
    """One line per position: the document's claim, what the run did, and whether the
    claim holds; then the admissibility example."""
    lines = []
    reference = {row.position: row for row in rows if row.heuristic == "manhattan"}
    for row in rows:
        if row.heuristic != "bratko":
            continue
        found = (
            f"a shortest solution ({row.length} moves)"
            if row.is_shortest
            else f"{row.length} moves, {row.length - row.shortest} more than the fewest"
        )
        on_path = row.expanded - row.off_path
        if row.is_shortest and row.off_path == 0:
            verdict = "holds"
        elif row.position != "c":  # the claim for (a) and (b) is exact
            verdict = "does not hold"
        elif row.off_path <= on_path:
            verdict = "holds (fewer detours than steps of the path)"
        else:
            verdict = "holds only loosely (more detours than steps of the path)"
        other = reference.get(row.position)
        compare = (
            ""
            if other is None
            else f"; A* with manhattan expanded {other.off_path} of {other.expanded} off its path"
        )
        lines.append(
            f'({row.position}) the document: "{CLAIMS[row.position]}". Found {found}, '
            f"expanding {row.off_path} of {row.expanded} states off the path: {verdict}"
            f"{compare}."
        )
    a = BRATKO_POSITIONS["a"]
    lines.append(
        f"(a) totdist = {totdist(a, BRATKO_GOAL)}, seq = {seq_score(a)}, "
        f"h = {make_heuristic('bratko', BRATKO_GOAL)(a):g} but h* = "
        f"{next(r.shortest for r in rows if r.position == 'a')}: h is not admissible."
    )
    return lines


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
    out = console()
    out.print(experiment_table(rows), markup=False)
    for line in _verdicts(rows):
        out.print(line, markup=False, soft_wrap=True)


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
            f"solved in {len(result.moves)} moves by best-first + bratko "
            f"(expanded {result.stats.expanded}): {' '.join(result.moves)}",
            markup=False,
            soft_wrap=True,
        )
    path = solve(BRATKO_POSITIONS["b"], BRATKO_GOAL, algorithm="best-first", heuristic="bratko")
    out.print()
    out.print("The path for (b), as the document's showsol prints it:")
    out.print(format_path(path.path), markup=False)
    out.print()
    rows = run_experiment()
    out.print(experiment_table(rows), markup=False)
    for line in _verdicts(rows):
        out.print(line, markup=False, soft_wrap=True)
    out.print("More: searchlab puzzle --help, searchlab puzzle bratko --json.")


def puzzle_commands(group: click.Group, domain: object) -> None:
    """Add the puzzle domain's own commands to its group (its descriptor names this)."""
    group.add_command(korf100_command)
    group.add_command(bratko_command)
