"""``searchlab puzzle``: solve sliding-tile boards, draw random ones, and rerun the
document's experiment (seed 003, Bratko ch. 12)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from searchlab.cli.main import print_json
from searchlab.cli.output import console, interactive
from searchlab.core.errors import InputError
from searchlab.core.limits import Limits
from searchlab.core.result import SearchResult, Status
from searchlab.domains.puzzle import (
    BRATKO_GOAL,
    BRATKO_POSITIONS,
    HEURISTICS,
    Board,
    BratkoRow,
    ParsedBoard,
    blank_first_goal,
    board_size,
    experiment_table,
    format_board,
    format_flat,
    format_path,
    guaranteed_shortest,
    make_heuristic,
    parse_board,
    random_board,
    resolve_goal,
    run_experiment,
    solve,
    standard_goal,
    to_bratko,
    verdict_lines,
)
from searchlab.domains.puzzle.heuristics import PATTERN_DATABASES, default_heuristic
from searchlab.domains.puzzle.solve import kernel_refusal

LIMIT_EXIT = 3
"""Exit status when --max-expanded or --max-seconds stops a search before a solution."""

PUZZLE_ALGORITHMS = (
    "astar",
    "best-first",
    "greedy",
    "weighted-astar",
    "ida",
    "rbfs",
    "bfs",
    "uniform-cost",
)
DEFAULT_WEIGHT = 2.0


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def puzzle() -> None:
    """Sliding-tile puzzles: the 8-puzzle, the 15-puzzle, any k×k board.

    \b
    A board can be written three ways:
      Bratko's X/Y squares, blank first:  "[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]"
      a grid (rows by / or new lines):    "2 1 6/4 _ 8/7 5 3"   (blank: 0 or _)
      a flat row-major list:              2,1,6,4,0,8,7,5,3
    Moves are named by the direction the BLANK moves (up, down, left, right).

    \b
    Examples:
      searchlab puzzle solve "2 1 6/4 _ 8/7 5 3" --goal bratko --show-path
      searchlab puzzle solve "[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]" -a best-first -H bratko
      searchlab puzzle random --size 4 --seed 7
      searchlab puzzle bratko
    """


def _read_state(state: str) -> ParsedBoard:
    if state == "-":
        state = sys.stdin.read()
    return parse_board(state)


@contextmanager
def _spinner(message: str, enabled: bool) -> Iterator[None]:
    """A spinner on stderr while a search runs, only when a person is watching."""
    if not (enabled and interactive()):
        yield
        return
    from rich.console import Console

    with Console(stderr=True).status(message):
        yield


def _algorithm(name: str) -> str:
    from searchlab.algorithms.registry import ALGORITHMS

    canonical = ALGORITHMS.canonical(name)
    if canonical not in PUZZLE_ALGORITHMS:
        raise InputError(
            f"the algorithm {canonical!r} is not offered for puzzles: choose one of "
            + ", ".join(PUZZLE_ALGORITHMS)
        )
    return canonical


def _side_by_side(left: str, right: str, titles: tuple[str, str]) -> str:
    left_lines, right_lines = left.splitlines(), right.splitlines()
    width = max(len(titles[0]), *(len(line) for line in left_lines)) + 4
    lines = [titles[0].ljust(width) + titles[1]]
    lines += [a.ljust(width) + b for a, b in zip(left_lines, right_lines, strict=True)]
    return "\n".join(lines)


def solution_payload(
    start: Board,
    goal: Board,
    result: SearchResult[Board, str],
    *,
    algorithm: str,
    heuristic: str | None,
    weight: float | None,
    engine: str = "generic",
    setup_seconds: float = 0.0,
) -> dict[str, Any]:
    """The JSON object ``solve --json`` prints; ``stats.seconds`` is the search alone,
    ``setup_seconds`` the loading of the compiled solver and its databases."""
    solved = result.status is Status.SOLVED
    return {
        "start": list(start),
        "goal": list(goal),
        "status": str(result.status),
        "length": len(result.moves) if solved else None,
        "moves": list(result.moves),
        "path": [list(board) for board in result.path],
        "stats": result.stats.to_dict(),
        "algorithm": algorithm,
        "heuristic": heuristic,
        "weight": weight,
        "engine": engine,
        "guaranteed_shortest": guaranteed_shortest(algorithm, heuristic or "manhattan"),
        "limit": result.limit,
        "setup_seconds": round(setup_seconds, 6),
    }


@puzzle.command("solve")
@click.argument("state")
@click.option(
    "--goal",
    "-g",
    metavar="G",
    help="bratko (1 2 3/8 _ 4/7 6 5), standard (1…k²−1 then the blank), blank-first, "
    "or a board in any notation. Default: bratko for a 3×3 start in Bratko's "
    "notation, else standard.",
)
@click.option(
    "--algorithm",
    "-a",
    default="astar",
    show_default=True,
    metavar="A",
    help="One of: " + ", ".join(PUZZLE_ALGORITHMS) + ".",
)
@click.option(
    "--heuristic",
    "-H",
    metavar="H",
    help="One of: misplaced, manhattan, linear-conflict, bratko (Bratko's goal only; "
    "not admissible), pdb-663, pdb-555 (4×4 pattern databases). Default: pdb-663 on "
    "4×4, manhattan otherwise. Ignored by bfs and uniform-cost.",
)
@click.option(
    "--engine",
    type=click.Choice(["auto", "kernel", "generic"]),
    default="auto",
    show_default=True,
    help="auto: a 4×4 board under astar or ida with manhattan, linear-conflict or a "
    "pattern database, and no --max-seconds, goes to the compiled IDA* (same shortest "
    "length, far faster); kernel: insist on it (exit 2 saying why when it cannot); "
    "generic: always the generic engine.",
)
@click.option(
    "--weight",
    "-w",
    type=float,
    metavar="W",
    help=f"Weight of h for weighted-astar (f = g + W·h; default {DEFAULT_WEIGHT:g}).",
)
@click.option("--max-expanded", type=int, metavar="N", help="Stop after expanding N states.")
@click.option("--max-seconds", type=float, metavar="S", help="Stop after S seconds.")
@click.option("--show-path", is_flag=True, help="Draw every board of the path, --- between.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def solve_command(
    state: str,
    goal: str | None,
    algorithm: str,
    heuristic: str | None,
    engine: str,
    weight: float | None,
    max_expanded: int | None,
    max_seconds: float | None,
    show_path: bool,
    as_json: bool,
) -> None:
    """Solve the board STATE (use - to read it from stdin).

    Prints the start and goal side by side, the length, the moves (of the blank),
    states expanded and generated, the peak frontier (the most states held at once;
    IDA* holds only its current path), and the time; --show-path draws every board
    of the path with --- between them, as the document prints a solution. On 4×4
    boards the compiled IDA* with pattern databases answers (built on first use in
    a few seconds, then cached); --engine generic runs the generic engine instead.

    A*, IDA*, RBFS and Bratko's best-first with an admissible heuristic (all but
    bratko), and bfs and uniform-cost, return a shortest path; greedy,
    weighted-astar and the bratko heuristic do not promise one, and the output says so.

    An unsolvable start is refused before any search (exit 2, saying why). If
    --max-expanded or --max-seconds stops the search first, the output says so with
    the statistics and the exit status is 3. Optimal search beyond 4×4 is out of
    reach (the frontier outgrows memory): on 5×5 and up, use greedy or a limit.

    --json: {"start", "goal", "status", "length", "moves", "path", "stats",
    "algorithm", "heuristic", "weight", "engine", "guaranteed_shortest", "limit",
    "setup_seconds"}, boards as flat row-major lists with 0 for the blank; the time in
    "stats" is the search alone, "setup_seconds" the loading of the compiled solver
    and its pattern databases (0 on the generic engine).
    """
    parsed = _read_state(state)
    target = resolve_goal(goal, parsed)
    canonical = _algorithm(algorithm)
    from searchlab.algorithms.registry import ALGORITHMS

    informed = ALGORITHMS[canonical].informed
    h_name = HEURISTICS.canonical(heuristic or default_heuristic(target))
    if weight is not None and canonical != "weighted-astar":
        raise InputError("--weight applies only to --algorithm weighted-astar")
    used_weight = (
        (DEFAULT_WEIGHT if weight is None else weight) if canonical == "weighted-astar" else None
    )
    if informed:
        make_heuristic(h_name, target)  # refuse e.g. bratko on another goal before searching
    limits = Limits(max_expanded, max_seconds)
    compiled = engine != "generic" and (
        kernel_refusal(parsed.tiles, canonical, h_name, limits, None) is None
    )
    setup_seconds = 0.0
    if compiled:  # loading is set-up, reported apart from the search's own seconds
        import time

        from searchlab.domains.puzzle.kernels import load_solver

        loading = time.perf_counter()
        load_solver()
        if h_name in PATTERN_DATABASES:
            prepare_databases(h_name, target, enabled=not as_json)
        setup_seconds = time.perf_counter() - loading
    searching = "compiled IDA*" if compiled else canonical
    with _spinner(f"searching with {searching}…", not as_json):
        result = solve(
            parsed.tiles,
            target,
            algorithm=canonical,
            heuristic=h_name,
            weight=1.0 if used_weight is None else used_weight,
            limits=limits,
            engine=engine,  # type: ignore[arg-type]
        )
    engine_used = "kernel" if compiled else "generic"
    exit_code = LIMIT_EXIT if result.status is Status.LIMIT_REACHED else 0
    if result.status is Status.EXHAUSTED:
        exit_code = 1
    if as_json:
        print_json(
            solution_payload(
                parsed.tiles,
                target,
                result,
                algorithm=canonical,
                heuristic=h_name if informed else None,
                weight=used_weight,
                engine=engine_used,
                setup_seconds=setup_seconds,
            )
        )
        sys.exit(exit_code)
    _print_solution(
        parsed.tiles,
        target,
        result,
        canonical,
        h_name,
        informed,
        used_weight,
        show_path,
        engine_used,
        setup_seconds,
    )
    sys.exit(exit_code)


def _print_solution(
    start: Board,
    goal: Board,
    result: SearchResult[Board, str],
    algorithm: str,
    heuristic: str,
    informed: bool,
    weight: float | None,
    show_path: bool,
    engine: str = "generic",
    setup_seconds: float = 0.0,
) -> None:
    echo = click.echo
    echo(_side_by_side(format_board(start), format_board(goal), ("start", "goal")))
    how = algorithm + (f" with {heuristic}" if informed else "")
    if weight is not None:
        how += f" (weight {weight:g})"
    if engine == "kernel":
        how += " (compiled IDA*)"
    stats = result.stats
    figures = (
        f"expanded {stats.expanded:,}, generated {stats.generated:,}, "
        f"peak frontier {stats.max_frontier:,}, {elapsed(stats.seconds)}"
    )
    if stats.iterations:
        figures += f", {stats.iterations} iteration{'' if stats.iterations == 1 else 's'}"
    if setup_seconds >= 1e-4:
        figures += f" (+ {elapsed(setup_seconds)} loading the compiled solver)"
    if result.status is Status.LIMIT_REACHED:
        echo(f"limit reached ({result.limit}) before a solution was found, {how}")
        echo(figures)
        return
    if result.status is not Status.SOLVED:
        echo(f"no solution found ({result.status}), {how}")
        echo(figures)
        return
    length = len(result.moves)
    shortest = guaranteed_shortest(algorithm, heuristic)
    verdict = "shortest" if shortest else "not guaranteed shortest"
    echo(f"solved in {length} moves ({verdict}), {how}")
    if result.moves:
        echo("moves (of the blank): " + " ".join(result.moves))
    echo(figures)
    if show_path:
        echo("")
        echo(format_path(result.path))


def elapsed(seconds: float) -> str:
    """A duration as a person reads it: milliseconds below a second, else seconds."""
    return f"{seconds * 1000:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def prepare_databases(name: str, goal: Board, *, enabled: bool) -> None:
    """Load the pattern databases now, with a progress bar on a terminal when they have
    to be built (a few seconds, once: they are cached on disk afterwards)."""
    from searchlab.cli.output import progress
    from searchlab.domains.puzzle.kernels.pdb import pattern_databases

    with progress(f"loading {name} pattern databases", None, enabled=enabled) as bar:

        def report(description: str, filled: int, total: int) -> None:
            bar.update(description=f"building {description}", completed=filled, total=total)

        pattern_databases(name, goal, progress=report)


@puzzle.command("korf100")
@click.option(
    "--first",
    type=click.IntRange(1, 100),
    metavar="K",
    help="Only the first K instances (default: all 100).",
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
    from searchlab.domains.puzzle.kernels import KORF_GOAL, KORF_INSTANCES, korf100

    started = time.perf_counter()
    if heuristic in PATTERN_DATABASES:
        prepare_databases(heuristic, KORF_GOAL, enabled=not as_json)
    count = KORF_INSTANCES if first is None else first
    with progress("Korf's instances", count, enabled=not as_json) as bar:

        def report(done: int, total: int) -> None:
            bar.update(completed=done, total=total)

        run = korf100(first, heuristic=heuristic, progress=report)
    total = time.perf_counter() - started
    rows = [
        {
            "instance": row.instance,
            "length": row.length,
            "generated": row.generated,
            "seconds": round(row.seconds, 6),
        }
        for row in run.rows
    ]
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
    click.echo(
        f"{len(rows)} instances solved optimally (every length equals the published one): "
        f"{run.generated:,} nodes generated, {total:.1f} s in all, databases included"
    )


@puzzle.command(
    "random", short_help="Print a random solvable board, uniform over all solvable ones."
)
@click.option(
    "--size", "-k", type=int, required=True, metavar="K", help="Board side (3: 8-puzzle)."
)
@click.option("--seed", type=int, metavar="S", help="Seed, for the same board again.")
@click.option(
    "--goal", "-g", metavar="G", help="standard (default), blank-first, bratko or a board."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def random_command(size: int, seed: int | None, goal: str | None, as_json: bool) -> None:
    """Print a random board that can reach the goal, drawn uniformly among all such.

    Exactly half of all (k²)! boards can reach a given goal; the board is a uniform
    shuffle, with its first two tiles swapped when it cannot: that swap pairs each
    unreachable board with one reachable board, so every reachable one is equally
    likely. Printed as a grid, as a flat list and (3×3) in Bratko's notation, ready to
    paste into `searchlab puzzle solve`.

    Without --seed a seed is chosen and printed, so the board can be drawn again.
    --json: {"size", "seed", "board", "goal"}, boards as flat lists with 0 for the blank.
    """
    if not 2 <= size <= 64:
        raise InputError(f"the size must be between 2 and 64, not {size}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    standard = ParsedBoard(tuple(range(size * size)), size, "flat")
    target = resolve_goal(goal or "standard", standard)
    board = random_board(size, random.Random(seed), target)
    if as_json:
        print_json({"size": size, "seed": seed, "board": list(board), "goal": list(target)})
        return
    # `solve` gives a flat start the standard goal and a start in Bratko's notation
    # Bratko's, and a board that reaches one goal may not reach another: when the goal
    # drawn for is not the one a notation implies, say which --goal to add.
    hint = f"  (solve it with --goal {_goal_name(target)})"
    click.echo(format_board(board))
    click.echo(f"flat: {format_flat(board)}" + ("" if target == standard_goal(size) else hint))
    if size == 3:
        click.echo(f"bratko: {to_bratko(board)}" + ("" if target == BRATKO_GOAL else hint))
    click.echo(f"seed: {seed}")


def _goal_name(goal: Board) -> str:
    """How to write ``goal`` as a --goal option: its name if it has one, else flat."""
    k = board_size(goal)
    names = {standard_goal(k): "standard", blank_first_goal(k): "blank-first"}
    names[BRATKO_GOAL] = "bratko"
    return names.get(goal, format_flat(goal))


@puzzle.command(
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
    _print_experiment(rows)


def _print_experiment(rows: list[BratkoRow]) -> None:
    """The experiment's table and its verdicts, as the domain words them."""
    out = console()
    out.print(experiment_table(rows), markup=False)
    for line in verdict_lines(rows):
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
    _print_experiment(run_experiment())
    out.print("More: searchlab puzzle --help, searchlab puzzle bratko --json.")
