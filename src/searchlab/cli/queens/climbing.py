"""``searchlab queens climb``, ``cases`` and ``repl``: seed 000's hill climbing, on the
queens domain (``queens solve BOARD`` is the generic form of one climb)."""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable
from typing import Any, Unpack

import click

from searchlab.algorithms.local import HILL_CLIMBING
from searchlab.cli.main import print_json
from searchlab.cli.options import JSON, add_renamed, apply, click_option, seed_option
from searchlab.cli.output import console, progress
from searchlab.cli.queens.common import queens
from searchlab.cli.report import EXIT_SOLVED, exit_status, print_document, seconds, wrap
from searchlab.core.errors import InputError
from searchlab.core.events import Event, Restart, Step
from searchlab.core.options import Option
from searchlab.core.seeds import trial_seed
from searchlab.domains.base import SearchRequest
from searchlab.domains.drawing import to_text
from searchlab.domains.queens import (
    HEURISTICS,
    MOVES,
    SEED_CASES,
    Board,
    cases_rows,
    climb_trial,
    format_queens,
    parse_board,
    run_case,
    summarize_trials,
    variant_name,
)
from searchlab.domains.queens.climb import ENGINE_OPTION, ClimbSettings, climb_engine
from searchlab.domains.queens.domain import MOVES_OPTION, QUEENS

TIE_BREAK, SIDEWAYS, RESTARTS, VARIANT = (
    HILL_CLIMBING.option(name) for name in ("tie_break", "sideways", "restarts", "variant")
)

HEURISTIC = Option(
    "heuristic",
    "choice",
    "attackers (h1): queens attacking another; attacks (h2): attacks summed over "
    "queens; pairs: attacking pairs",
    default="attacks",
    choices=tuple(QUEENS.heuristics),
    aliases={
        alias: name for name in QUEENS.heuristics for alias in QUEENS.heuristics.aliases_of(name)
    },
)
SIZE = Option(
    "size",
    "int",
    "board size n (default: from STATE; 8 with --random); the largest depends on the "
    "move operator and the engine (see --engine)",
    low=1,
    high=max(move.max_kernel_n for move in MOVES.values()),
    metavar="N",
)
TRIALS = Option(
    "random",
    "int",
    "instead of STATE, run T climbs from random boards",
    low=1,
    high=1_000_000,
    metavar="T",
)

LEGACY_CLIMB_KEYS = {
    "initial": "run.start",
    "h_initial": "h_start",
    "steps": "stats.iterations",
    "generated": "stats.generated",
    "restarts": "stats.restarts",
    "seconds": "stats.seconds",
    "operator": "run.moves",
    "heuristic": "run.heuristic",
    "last_start": "path.0",
}
"""0.1's ``climb --json`` keys, kept for a release (``final``, ``h_final``, ``solved``,
``status`` and ``n`` kept their names in the one schema)."""


def climb_options(tie_default: str = "first") -> list[Callable[[Any], Any]]:
    """The options of a climb, from the domain's and the algorithm's specs."""
    tie_break = dataclasses.replace(TIE_BREAK, default=tie_default)
    return [
        click_option(MOVES_OPTION, fill=True),
        click_option(HEURISTIC, fill=True),
        click_option(tie_break, fill=True),
        click_option(SIDEWAYS, fill=True),
        click_option(RESTARTS, fill=True),
        seed_option(),
    ]


@queens.command(name="climb")
@click.argument("state", required=False)
@click_option(TRIALS)
@click_option(SIZE)
@apply(climb_options())
@click_option(VARIANT, fill=True)
@click_option(ENGINE_OPTION, fill=True)
@click.option("--trace", is_flag=True, help="Print every move with the heuristic after it.")
@JSON
def climb_command(
    state: str | None,
    random: int | None,
    size: int | None,
    seed: int | None,
    trace: bool,
    as_json: bool,
    **settings: Unpack[ClimbSettings],
) -> None:
    """Hill climbing from STATE (seed 000): move to the best strictly better successor
    until none is better.

    Reports the initial and final state, the heuristic before and after, whether it
    is a solution, moves made, successors generated and time. With --tie-break last
    it makes exactly the document's program's choices. Every move is scored in O(1)
    from counters of queens per line; a steepest step still scores every move, n(n-1)
    of them for column moves and about 0.4·n³ for free ones, over about n/2 steps, so
    the sizes are capped by time: column boards up to n = 1,000 in the generic engine
    and 5,000 compiled (--engine kernel: about 2 minutes a climb at 5,000 with h2,
    much longer with h1), free boards up to 150 and 400. The kernel scans steepest
    steps with tie-break first or last (the same climbs as the generic engine); the
    other variants and tie-breaks go move by move. Min-conflicts goes further.
    --json: the one schema of docs/json.md, with h_start and h_final.

    --random T --size N runs T independent climbs from random boards (for column, a
    random row in every column; for free, N distinct random squares), trial i seeded
    from --seed and i exactly as `searchlab experiment hill-climbing` seeds it, so the
    same settings give the same figures there.

    \b
    Examples:
      searchlab queens climb case1 --tie-break last --trace
      searchlab queens climb --random 1000 --size 8 --moves free --heuristic h1
      searchlab queens climb --random 1 --size 2000 --engine kernel
    """
    if state is None and random is None:
        raise InputError("give a STATE to climb from, or --random T for T random starts")
    if state is not None and random is not None:
        raise InputError("give a STATE or --random T, not both")
    if random is not None:
        if trace:
            raise InputError("--trace follows one climb: give a STATE, not --random T")
        _climb_random(random, size or 8, seed, as_json, settings)
        return
    assert state is not None
    text = QUEENS.presets.get(state.strip(), state)
    board = parse_board(text, size)
    request = climb_request(board, seed, settings)
    moves, heuristic = settings["moves"], settings["heuristic"]
    h = HEURISTICS[heuristic]
    if not as_json:
        click.echo(
            f"{moves} moves, {heuristic} heuristic ({variant_name(moves, heuristic)}), "
            f"tie-break {settings['tie_break']}, seed {request.seed}"
        )
        click.echo(wrap(f"initial: {board}  h = {h(board.queens)}", "  "))
    trace_lines: list[str] = []
    moves_made = 0
    with progress("climbing", None, enabled=not (as_json or trace)) as bar:

        def observe(event: Event) -> None:
            nonlocal moves_made
            if isinstance(event, Step):
                moves_made += 1
                (r0, c0), (r1, c1) = event.move
                line = f"move {moves_made}: ({r0},{c0}) -> ({r1},{c1})  h = {event.value:g}"
                trace_lines.append(line + ("  (sideways)" if event.sideways else ""))
                bar.update(description=f"climbing: {moves_made} moves, h = {event.value:g}")
            elif isinstance(event, Restart):
                state_text = format_queens(tuple(event.state))  # type: ignore[arg-type]
                trace_lines.append(f"restart {event.index} from {state_text}  h = {event.value:g}")
            else:
                return
            if trace and not as_json:
                click.echo(wrap(trace_lines[-1], "  "))

        result = QUEENS.search(request, observe)
    if as_json:
        document = QUEENS.document(request, result)
        if trace:
            document["trace"] = trace_lines
        print_document(document, LEGACY_CLIMB_KEYS)
        sys.exit(exit_status(result.status) if result.status == "limit_reached" else EXIT_SOLVED)
    last_start = result.path[0]
    if result.stats.restarts:
        click.echo(
            wrap(
                f"last climb (restart {result.stats.restarts}) from {format_queens(last_start)}  "
                f"h = {h(last_start)}",
                "  ",
            )
        )
    final = result.final_state
    verdict = "a solution" if result.solved else "not a solution (local minimum)"
    click.echo(wrap(f"final:   {format_queens(final)}  h = {h(final)}, {verdict}", "  "))
    stats = result.stats
    click.echo(
        f"{_count(stats.iterations, 'move')} over all climbs, {stats.generated:,} successors "
        f"generated, {_count(stats.restarts, 'restart')}, {seconds(stats.seconds)}"
    )
    drawing = QUEENS.draw(final)
    if board.n <= 32:
        click.echo(to_text(drawing))


def climb_request(board: Board, seed: int | None, settings: ClimbSettings) -> SearchRequest:
    """One of seed 000's climbs as the queens domain's request (checked, seed drawn)."""
    return QUEENS.request(
        board,
        algorithm="hill-climbing",
        heuristic=settings["heuristic"],
        options={
            "tie_break": settings["tie_break"],
            "sideways": settings["sideways"],
            "restarts": settings["restarts"],
            "variant": settings.get("variant", "steepest"),
        },
        params={"moves": settings["moves"]},
        seed=seed,
        engine=settings.get("engine", "auto"),
    )


def _count(k: int, noun: str) -> str:
    return f"{k:,} {noun}{'' if k == 1 else 's'}"


def _climb_random(
    trials: int, n: int, seed: int | None, as_json: bool, settings: ClimbSettings
) -> None:
    moves, heuristic = settings["moves"], settings["heuristic"]
    engine = climb_engine(
        n,
        moves,
        settings.get("engine", "auto"),
        settings["tie_break"],
        settings.get("variant", "steepest"),
    )
    settings = {**settings, "engine": engine}
    if seed is None:  # chosen here so that the report can say how to repeat the run
        seed = QUEENS.request(8, algorithm="hill-climbing").seed
    assert seed is not None
    started = time.perf_counter()
    results = []
    with progress(f"{trials} climbs, n = {n}", trials, enabled=not as_json) as bar:
        for index in range(trials):
            results.append(climb_trial(n, seed=trial_seed(seed, index), **settings))
            solved = sum(1 for trial in results if trial["solved"])
            bar.update(description=f"{trials} climbs, n = {n}: {solved} solved")
            bar.advance()
    summary = summarize_trials(results)
    summary["seconds"] = round(time.perf_counter() - started, 6)
    if as_json:
        summary["solved_count"] = summary.pop("solved")
        summary["parameters"] = {"size": n, "trials": trials, **settings, "seed": seed}
        print_document(
            summary,
            {
                "solved": "solved_count",
                "n": "parameters.size",
                "operator": "parameters.moves",
                "heuristic": "parameters.heuristic",
                "seed": "parameters.seed",
            },
        )
        return

    def mean(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f}"

    click.echo(
        wrap(
            f"{trials} random starts, n = {n}, {moves} moves, {heuristic} heuristic "
            f"({variant_name(moves, heuristic)}), tie-break {settings['tie_break']}, "
            f"sideways {settings['sideways']}, restarts {settings['restarts']}, seed {seed}"
        )
    )
    click.echo(f"solved: {summary['solved']} of {trials} ({summary['success_rate']:.1%})")
    click.echo(
        f"mean moves: {mean(summary['mean_steps_solved'])} when solved, "
        f"{mean(summary['mean_steps_failed'])} when stuck"
    )
    click.echo(f"mean successors generated: {mean(summary['mean_generated'])}")
    click.echo(f"time: {summary['seconds']:.2f} s")


add_renamed(climb_command)


def _state_text(queens: list[list[int]]) -> str:
    return format_queens(tuple((row, col) for row, col in queens))


def cases_table(rows: list[dict[str, Any]], title: str) -> str:
    """The cases as plain text within 80 columns: a line of figures per case and
    variant, the final state (or the refusal) on its own line under it, whole."""
    headers = ("case", "variant", "final h", "solved", "moves", "generated", "ms")
    widths = (4, 7, 7, 6, 6, 10, 8)
    lines = [
        title,
        "  ".join(
            h.rjust(w) if i in (0, 2, 4, 5, 6) else h.ljust(w)
            for i, (h, w) in enumerate(zip(headers, widths, strict=True))
        ),
    ]
    for row in rows:
        if row["refused"] is not None:
            reason = row["refused"].split(": ", 1)[-1]
            lines.append(f"{row['case']:>4}  {row['variant']:<7}")
            lines.append(wrap(f"      refused: {reason}", "      "))
            continue
        cells = (
            f"{row['case']:>4}",
            f"{row['variant']:<7}",
            f"{row['h_final']:>7}",
            f"{'yes' if row['solved'] else 'no':<6}",
            f"{row['steps']:>6,}",
            f"{row['generated']:>10,}",
            f"{row['ms']:>8.1f}",
        )
        lines.append("  ".join(cells))
        lines.append(wrap(f"      {_state_text(row['final'])}", "      "))
    return "\n".join(lines)


def print_cases_table(rows: list[dict[str, Any]], title: str) -> None:
    console().print(cases_table(rows, title), markup=False, highlight=False, soft_wrap=True)


@queens.command()
@click_option(
    dataclasses.replace(
        TIE_BREAK,
        default="last",
        summary="which of equally good successors to take; last is the document's program "
        "and reproduces its printed results",
    ),
    fill=True,
)
@JSON
def cases(tie_break: str, as_json: bool) -> None:
    """The document's eight test cases through its four programs (v1 = free moves,
    v2 = column moves; h1 = attackers, h2 = attacks).

    The column operator cannot take cases 4, 6 and 7 (not one queen per column):
    they are shown as refused, with the reason. h is the variant's own heuristic.

    \b
    Example:
      searchlab queens cases --tie-break first --json
    """
    rows = cases_rows(tie_break)
    if as_json:
        print_json({"tie_break": tie_break, "cases": rows})
        return
    print_cases_table(rows, f"Seed 000's test cases (tie-break {tie_break})")


@queens.command()
@apply(climb_options(tie_default="last"))
@click_option(SIZE)
def repl(seed: int | None, size: int | None, **settings: Unpack[ClimbSettings]) -> None:
    """The document's program: run the test cases, then climb from each initial state
    typed, until `stop` (or end of input). A bad state gets its message and a new
    prompt. Defaults to the document's tie-break (last).

    \b
    Example:
      printf '[1,2,3,4,5,6,7,8]\\nstop\\n' | searchlab queens repl --moves v2
    """
    n = size
    moves, heuristic = settings["moves"], settings["heuristic"]
    name = variant_name(moves, heuristic)
    click.echo(
        f"Program {name}: {MOVES[moves].summary}; heuristic {HEURISTICS.canonical(heuristic)}"
    )
    for number, board in enumerate(SEED_CASES, start=1):
        row = run_case(board, moves, heuristic, settings["tie_break"])
        if row["refused"] is not None:
            click.echo(wrap(f"{number} {board} -> refused: {row['refused']}", "  "))
        else:
            verdict = "solved" if row["solved"] else "not solved"
            click.echo(
                wrap(
                    f"{number} {board} -> {_state_text(row['final'])}  "
                    f"h = {row['h_final']}, {verdict}",
                    "  ",
                )
            )
    stdin = sys.stdin
    while True:
        click.echo("Initial state (or stop): ", nl=False)
        line = stdin.readline()
        if not line:
            click.echo()
            break
        text = line.strip()
        if text.rstrip(".").strip().lower() == "stop":
            break
        if not text:
            continue
        try:
            board = parse_board(text, n)
            request = climb_request(board, seed, settings)
            result = QUEENS.search(request)
        except InputError as error:
            click.echo(f"error: {error}")
            continue
        h = HEURISTICS[heuristic]
        verdict = "solved" if result.solved else "not solved"
        click.echo(
            wrap(
                f"Final state: {format_queens(result.final_state)}  h = {h(result.final_state)}, "
                f"{verdict} ({result.stats.iterations} moves, {result.stats.generated} generated)",
                "  ",
            )
        )
    click.echo("Bye.")


add_renamed(repl)
