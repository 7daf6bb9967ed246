"""``searchlab queens climb``, ``cases`` and ``repl``: seed 000's hill climbing."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import click

from searchlab.cli.main import print_json
from searchlab.cli.output import console, progress
from searchlab.cli.queens.common import (
    DRAW_LIMIT,
    HEURISTIC_NAMES,
    MOVE_NAMES,
    TIE_BREAK_NAMES,
    queens,
)
from searchlab.core.errors import InputError
from searchlab.core.events import Event, Restart, Step
from searchlab.core.result import SearchResult
from searchlab.domains.queens import (
    HEURISTICS,
    MOVES,
    SEED_CASES,
    Board,
    Queens,
    cases_rows,
    climb,
    climb_trial,
    format_board,
    format_queens,
    parse_board,
    run_case,
    summarize_trials,
    trial_seeds,
    variant_name,
)
from searchlab.domains.queens.moves import Move


def _climb_options(
    function: Callable[..., Any], *, tie_default: str = "first"
) -> Callable[..., Any]:
    options = [
        click.option(
            "--moves",
            type=click.Choice(MOVE_NAMES, case_sensitive=False),
            default="column",
            show_default=True,
            help="column (seed's v2): a queen moves within its column; free (v1): to any "
            "empty square of a column holding no other queen.",
        ),
        click.option(
            "--heuristic",
            type=click.Choice(HEURISTIC_NAMES, case_sensitive=False),
            default="attacks",
            show_default=True,
            help="attackers (h1): queens attacking another; attacks (h2): attacks summed "
            "over queens; pairs: attacking pairs.",
        ),
        click.option(
            "--tie-break",
            type=click.Choice(TIE_BREAK_NAMES, case_sensitive=False),
            default=tie_default,
            show_default=True,
            help="Which of equally good successors to take; 'last' is the document's program.",
        ),
        click.option(
            "--sideways",
            type=click.IntRange(min=0),
            default=0,
            show_default=True,
            help="Allow this many moves in a row to an equally good state.",
        ),
        click.option(
            "--restarts",
            type=click.IntRange(min=0),
            default=0,
            show_default=True,
            help="After a failed climb, start again from this many random boards.",
        ),
        click.option("--seed", type=int, help="Seed for random choices (reproducible runs)."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _climb_defaults_last(function: Callable[..., Any]) -> Callable[..., Any]:
    return _climb_options(function, tie_default="last")


def _draw(queens: Queens, n: int) -> None:
    if n <= DRAW_LIMIT:
        click.echo(format_board(n, queens))


def _count(k: int, noun: str) -> str:
    return f"{k} {noun}{'' if k == 1 else 's'}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _climb_payload(
    board: Board, heuristic: str, result: SearchResult[Queens, Move]
) -> dict[str, Any]:
    h = HEURISTICS[heuristic]
    return {
        "initial": board.to_json(),
        "final": [[row, col] for row, col in result.final_state],
        "h_initial": h(board.queens),
        "h_final": h(result.final_state),
        "solved": result.solved,
        "steps": result.stats.iterations,
        "generated": result.stats.generated,
        "restarts": result.stats.restarts,
        "seconds": round(result.stats.seconds, 6),
    }


@queens.command(name="climb")
@click.argument("state", required=False)
@click.option(
    "--random",
    "trials",
    type=click.IntRange(min=1),
    metavar="T",
    help="Instead of STATE, run T climbs from random boards and report the figures.",
)
@click.option(
    "--n",
    "n",
    type=click.IntRange(min=1),
    metavar="N",
    help="Board size (default: inferred from STATE; 8 with --random).",
)
@_climb_options
@click.option("--trace", is_flag=True, help="Print every move with the heuristic after it.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def climb_command(
    state: str | None,
    trials: int | None,
    n: int | None,
    moves: str,
    heuristic: str,
    tie_break: str,
    sideways: int,
    restarts: int,
    seed: int | None,
    trace: bool,
    as_json: bool,
) -> None:
    """Hill climbing from STATE (seed 000): move to the best strictly better successor
    until none is better.

    Reports the initial and final state, the heuristic before and after, whether it
    is a solution, moves made, successors generated and time. With --tie-break last
    it makes exactly the document's program's choices.

    --random T --n N runs T independent climbs from random boards (for column, a
    random row in every column; for free, N distinct random squares), reproducible
    with --seed, and reports the success rate and mean moves and successors.
    """
    if state is None and trials is None:
        raise InputError("give a STATE to climb from, or --random T for T random starts")
    if state is not None and trials is not None:
        raise InputError("give a STATE or --random T, not both")
    if trials is not None:
        if trace:
            raise InputError("--trace follows one climb: give a STATE, not --random T")
        _climb_random(
            trials, n or 8, moves, heuristic, tie_break, sideways, restarts, seed, as_json
        )
        return
    assert state is not None
    board = parse_board(state, n)
    operator = MOVES[moves]
    operator.check(board)  # refuse before printing anything
    operator.check_size(board.n)
    h = HEURISTICS[heuristic]
    if not as_json:
        click.echo(
            f"{operator.name} moves, {HEURISTICS.canonical(heuristic)} heuristic "
            f"({variant_name(moves, heuristic)}), tie-break {tie_break}"
        )
        click.echo(f"initial: {board}  h = {h(board.queens)}")
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
                click.echo(trace_lines[-1])

        result = climb(
            board,
            moves=moves,
            heuristic=heuristic,
            sideways=sideways,
            restarts=restarts,
            tie_break=tie_break,
            seed=seed,
            observer=observe,
        )
    payload = _climb_payload(board, heuristic, result)
    last_start: Queens = result.path[0]
    if as_json:
        payload.update(
            n=board.n,
            operator=operator.name,
            heuristic=HEURISTICS.canonical(heuristic),
            status=str(result.status),
            last_start=[[row, col] for row, col in last_start],
        )
        if trace:
            payload["trace"] = trace_lines
        print_json(payload)
        return
    if result.stats.restarts:
        click.echo(
            f"last climb (restart {result.stats.restarts}) from {format_queens(last_start)}  "
            f"h = {h(last_start)}"
        )
    verdict = "a solution" if result.solved else "not a solution (local minimum)"
    click.echo(f"final:   {format_queens(result.final_state)}  h = {payload['h_final']}, {verdict}")
    click.echo(
        f"{_count(payload['steps'], 'move')} over all climbs, "
        f"{payload['generated']} successors generated, "
        f"{_count(payload['restarts'], 'restart')}, {_ms(result.stats.seconds)}"
    )
    _draw(result.final_state, board.n)


def _climb_random(
    trials: int,
    n: int,
    moves: str,
    heuristic: str,
    tie_break: str,
    sideways: int,
    restarts: int,
    seed: int | None,
    as_json: bool,
) -> None:
    MOVES[moves].check_size(n)
    HEURISTICS.canonical(heuristic)
    if seed is None:  # chosen here so that the report can say how to repeat the run
        seed = random.SystemRandom().randrange(2**32)
    started = time.perf_counter()
    results = []
    with progress(f"{trials} climbs, n = {n}", trials, enabled=not as_json) as bar:
        for trial_seed in trial_seeds(seed, trials):
            results.append(
                climb_trial(
                    n,
                    moves=moves,
                    heuristic=heuristic,
                    sideways=sideways,
                    restarts=restarts,
                    tie_break=tie_break,
                    seed=trial_seed,
                )
            )
            solved = sum(1 for trial in results if trial["solved"])
            bar.update(description=f"{trials} climbs, n = {n}: {solved} solved")
            bar.advance()
    summary = summarize_trials(results)
    summary["seconds"] = round(time.perf_counter() - started, 6)
    if as_json:
        summary.update(
            n=n,
            operator=MOVES.canonical(moves),
            heuristic=HEURISTICS.canonical(heuristic),
            seed=seed,
        )
        print_json(summary)
        return

    def mean(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f}"

    click.echo(
        f"{trials} random starts, n = {n}, {MOVES.canonical(moves)} moves, "
        f"{HEURISTICS.canonical(heuristic)} heuristic ({variant_name(moves, heuristic)}), "
        f"tie-break {tie_break}, sideways {sideways}, restarts {restarts}, seed {seed}"
    )
    click.echo(f"solved: {summary['solved']} of {trials} ({summary['success_rate']:.1%})")
    click.echo(
        f"mean moves: {mean(summary['mean_steps_solved'])} when solved, "
        f"{mean(summary['mean_steps_failed'])} when stuck"
    )
    click.echo(f"mean successors generated: {mean(summary['mean_generated'])}")
    click.echo(f"time: {summary['seconds']:.2f} s")


def _state_text(queens: list[list[int]]) -> str:
    return format_queens(tuple((row, col) for row, col in queens))


def print_cases_table(rows: list[dict[str, Any]], title: str) -> None:
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    for header, justify in (
        ("case", "right"),
        ("variant", "left"),
        ("final state", "left"),
        ("final h", "right"),
        ("solved", "left"),
        ("moves", "right"),
        ("generated", "right"),
        ("ms", "right"),
    ):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        if row["refused"] is not None:
            reason = row["refused"].split(" (use")[0].split(": ", 1)[-1]
            table.add_row(
                str(row["case"]), row["variant"], f"refused: {reason}", "", "", "", "", ""
            )
            continue
        table.add_row(
            str(row["case"]),
            row["variant"],
            _state_text(row["final"]),
            str(row["h_final"]),
            "yes" if row["solved"] else "no",
            str(row["steps"]),
            str(row["generated"]),
            f"{row['ms']:.1f}",
        )
    out = console()
    if not out.is_terminal:  # piped: room for a whole 8-queens state on each line
        from rich.console import Console

        out = Console(highlight=False, width=max(out.width, 120))
    out.print(table)


@queens.command()
@click.option(
    "--tie-break",
    type=click.Choice(TIE_BREAK_NAMES, case_sensitive=False),
    default="last",
    show_default=True,
    help="'last' is the document's program and reproduces its printed results.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def cases(tie_break: str, as_json: bool) -> None:
    """The document's eight test cases through its four programs (v1 = free moves,
    v2 = column moves; h1 = attackers, h2 = attacks).

    The column operator cannot take cases 4, 6 and 7 (not one queen per column):
    they are shown as refused, with the reason. h is the variant's own heuristic.
    """
    rows = cases_rows(tie_break)
    if as_json:
        print_json({"tie_break": tie_break, "cases": rows})
        return
    print_cases_table(rows, f"Seed 000's test cases (tie-break {tie_break})")


@queens.command()
@_climb_defaults_last
@click.option("--n", "n", type=click.IntRange(min=1), help="Board size (default: inferred).")
def repl(
    moves: str,
    heuristic: str,
    tie_break: str,
    sideways: int,
    restarts: int,
    seed: int | None,
    n: int | None,
) -> None:
    """The document's program: run the test cases, then climb from each initial state
    typed, until `stop` (or end of input). A bad state gets its message and a new
    prompt. Defaults to the document's tie-break (last)."""
    name = variant_name(moves, heuristic)
    click.echo(
        f"Program {name}: {MOVES[moves].summary}; heuristic {HEURISTICS.canonical(heuristic)}"
    )
    for number, board in enumerate(SEED_CASES, start=1):
        row = run_case(board, moves, heuristic, tie_break)
        if row["refused"] is not None:
            click.echo(f"{number} {board} -> refused: {row['refused']}")
        else:
            verdict = "solved" if row["solved"] else "not solved"
            click.echo(
                f"{number} {board} -> {_state_text(row['final'])}  h = {row['h_final']}, {verdict}"
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
            result = climb(
                board,
                moves=moves,
                heuristic=heuristic,
                sideways=sideways,
                restarts=restarts,
                tie_break=tie_break,
                seed=seed,
            )
        except InputError as error:
            click.echo(f"error: {error}")
            continue
        h = HEURISTICS[heuristic]
        verdict = "solved" if result.solved else "not solved"
        click.echo(
            f"Final state: {format_queens(result.final_state)}  h = {h(result.final_state)}, "
            f"{verdict} ({result.stats.iterations} moves, {result.stats.generated} generated)"
        )
    click.echo("Bye.")
