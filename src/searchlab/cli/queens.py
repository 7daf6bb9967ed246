"""``searchlab queens``: seed 002's backtracking and seed 000's hill climbing, from the
command line. A thin layer over ``searchlab.domains.queens``."""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any, TextIO

import click

from searchlab.cli.main import print_json
from searchlab.cli.output import console, interactive, progress
from searchlab.core.errors import InputError
from searchlab.core.events import Backtrack, Event, Expand, Generate, Prune, Restart, Solution, Step
from searchlab.core.result import SearchResult
from searchlab.domains.queens import (
    HEURISTICS,
    MOVES,
    SEED_CASES,
    Board,
    Queens,
    climb,
    climb_trial,
    columns_board,
    count_solutions_generic,
    format_board,
    format_queens,
    min_conflicts,
    parse_board,
    solutions,
    summarize_trials,
    trial_seeds,
)
from searchlab.domains.queens.moves import Move

DRAW_LIMIT = 32  # boards wider than this are not drawn
MOVE_NAMES = ["column", "free", "v2", "v1"]
HEURISTIC_NAMES = ["attackers", "attacks", "pairs", "h1", "h2"]
TIE_BREAK_NAMES = ["first", "last", "random"]
VARIANTS: tuple[tuple[str, str], ...] = (
    ("free", "attackers"),
    ("free", "attacks"),
    ("column", "attackers"),
    ("column", "attacks"),
)
"""The document's four programs, in its order: rainhasv1h1, v1h2, v2h1, v2h2."""


def variant_name(moves: str, heuristic: str) -> str:
    """The document's name for a variant, e.g. ``v2h1``."""
    operator = MOVES[moves].seed_name
    h = {"attackers": "h1", "attacks": "h2"}.get(HEURISTICS.canonical(heuristic), heuristic)
    return f"{operator}{h}"


def no_solution_line(n: int) -> str:
    return f"no solution exists for n = {n}"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def queens() -> None:
    """N-queens: every solution by backtracking (seed 002), hill climbing with the
    document's two move operators and two heuristics (seed 000), min-conflicts.

    \b
    A state is written as (row, column) pairs, 1-based, in list order:
        "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]"
    or as one column per row:  "[1,5,8,6,3,7,2,4]".
    n is the number of queens unless --n is given.

    \b
    Try:  searchlab queens solve 8
          searchlab queens watch 4
          searchlab queens cases
          searchlab queens climb "[(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8)]" --trace
          searchlab queens climb --random 1000 --n 8 --moves free --heuristic h1
    """


# ---------------------------------------------------------------- backtracking


def _print_solution(index: int, columns: tuple[int, ...]) -> None:
    click.echo(f"Solution {index}: [{','.join(map(str, columns))}]")
    if len(columns) <= DRAW_LIMIT:
        click.echo(format_board(len(columns), columns_board(columns).queens))


@queens.command()
@click.argument("n", type=int)
@click.option("--limit", "limit", type=click.IntRange(min=1), help="Print the first K solutions.")
@click.option("--all", "every", is_flag=True, help="Print every solution (and prove none is left).")
@click.option(
    "--next",
    "ask",
    is_flag=True,
    help="After each solution ask whether to look for another (the document's 'other solutions').",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def solve(n: int, limit: int | None, every: bool, ask: bool, as_json: bool) -> None:
    """Solutions of N-queens by backtracking, in lexicographic order of their columns.

    Rows are filled from the first, each queen taking the first safe column; when
    none is safe the search goes back a row. Without options it prints the first
    solution (for n = 8: [1,5,8,6,3,7,2,4]) and does no work past it. --json gives
    {"n", "solutions", "exhausted", "stats"}, where "exhausted" says whether the
    search proved there are no more.
    """
    if every and limit is not None:
        raise InputError("--all and --limit exclude each other: choose one")
    if ask and (as_json or every or limit is not None):
        raise InputError("--next asks after each solution: use it without --json, --all, --limit")
    stream = solutions(n)
    wanted = None if every or ask else (limit or 1)
    found: list[tuple[int, ...]] = []
    for result in stream:
        columns = result.final_state
        found.append(columns)
        if not as_json:
            _print_solution(len(found), columns)
        if ask:
            try:
                more = click.confirm("Look for another solution?", default=True)
            except click.Abort:
                more = False
            if not more:
                break
        elif wanted is not None and len(found) >= wanted:
            break
    if as_json:
        print_json(
            {
                "n": n,
                "solutions": [list(columns) for columns in found],
                "exhausted": stream.exhausted,
                "stats": stream.stats.to_dict(),
            }
        )
        return
    if stream.exhausted:
        if found:
            click.echo(f"No more solutions: {len(found)} in all for n = {n}.")
        else:
            click.echo(f"No solution: {no_solution_line(n)}.")
    stats = stream.stats
    click.echo(
        f"({stats.expanded} stable placements expanded, {stats.generated} squares tried, "
        f"{stats.seconds:.3f} s)"
    )


@queens.command()
@click.argument("n", type=int)
@click.option(
    "--engine",
    type=click.Choice(["kernel", "generic"]),
    default="kernel",
    show_default=True,
    help="kernel: compiled bitboard counter with mirror symmetry (n = 16 in seconds); "
    "generic: the engine's backtracking, the readable reference (n = 12 in ~20 s).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Split the count by the first rows' placements over J worker processes (kernel engine).",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Run the pieces on a Dask cluster: tcp://HOST:PORT, or 'local' to start one "
    "(needs pip install 'searchlab[cluster]').",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def count(n: int, engine: str, jobs: int, cluster: str | None, as_json: bool) -> None:
    """How many solutions N-queens has.

    By default a compiled kernel counts them (bitboards, mirror symmetry); with
    --engine generic the seed's backtracking runs to the end on the generic engine
    instead. --json gives {"n", "count", "seconds", "engine", "jobs"}.

    \b
    Examples:
      searchlab queens count 8
      searchlab queens count 15 --jobs 2
      searchlab queens count 10 --engine generic
    """
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    if engine == "generic" and (jobs > 1 or cluster is not None):
        raise InputError("--jobs and --cluster split the kernel's count: drop --engine generic")
    started = time.perf_counter()
    waiting = console().status(f"counting the solutions for n = {n} ...")
    with waiting if interactive() and not as_json else contextlib.nullcontext():
        if engine == "generic":
            total = count_solutions_generic(n)
        else:
            from searchlab.domains.queens.kernels import count_solutions

            if jobs == 1 and cluster is None:
                total = count_solutions(n)
            else:
                from searchlab.experiments.executors import executor_for

                with executor_for(jobs, cluster) as executor:
                    total = count_solutions(n, executor=executor)
    seconds = time.perf_counter() - started
    if as_json:
        print_json(
            {"n": n, "count": total, "seconds": round(seconds, 6), "engine": engine, "jobs": jobs}
        )
    elif total == 0:
        click.echo(f"n = {n}: 0 solutions — {no_solution_line(n)} ({seconds:.3f} s)")
    else:
        plural = "solution" if total == 1 else "solutions"
        click.echo(f"n = {n}: {total:,} {plural} ({seconds:.3f} s, {engine})")


# ---------------------------------------------------------------- watch


class _Stopped(Exception):
    """Raised inside the search thread when the viewer quits."""


class _End:
    """The search ended: ``status`` from the engine, ``found`` solutions seen."""

    def __init__(self, exhausted: bool, found: int) -> None:
        self.exhausted = exhausted
        self.found = found


class EventFeed:
    """The backtracking's events one at a time: the search runs in a thread whose
    observer waits until the viewer takes each event, so a step costs one event."""

    def __init__(self, n: int) -> None:
        self.n = n
        self._events: queue.Queue[Event | _End | BaseException] = queue.Queue(maxsize=64)
        self._stop = threading.Event()
        self._stream = solutions(n, observer=self._observe)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _observe(self, event: Event) -> None:
        self._put(event)

    def _put(self, item: Event | _End | BaseException) -> None:
        while True:
            if self._stop.is_set():
                raise _Stopped
            try:
                self._events.put(item, timeout=0.05)
                return
            except queue.Full:
                continue

    def _run(self) -> None:
        try:
            found = sum(1 for _ in self._stream)
            self._put(_End(self._stream.exhausted, found))
        except _Stopped:
            pass
        except BaseException as error:  # hand it to the viewer's thread
            with contextlib.suppress(_Stopped):
                self._put(error)

    def __iter__(self) -> Iterator[Event | _End]:
        while True:
            item = self._events.get()
            if isinstance(item, BaseException):
                raise item
            yield item
            if isinstance(item, _End):
                return

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)


def _columns(state: Hashable) -> tuple[int, ...]:
    assert isinstance(state, tuple)
    return tuple(int(col) for col in state)


def describe_event(n: int, event: Event) -> tuple[str, str] | None:
    """A frame of the step-through for ``event``: a caption and a board, or None for
    events the viewer does not draw."""
    if isinstance(event, Expand):
        cols = _columns(event.state)
        board = format_board(n, _placed(cols))
        caption = (
            "stable: the empty board"
            if not cols
            else f"stable: {len(cols)} queen{'s' if len(cols) > 1 else ''} safe "
            f"[{','.join(map(str, cols))}]"
        )
        return caption, board
    if isinstance(event, Solution):
        cols = _columns(event.path[-1])
        return (
            f"SOLUTION {event.index}: [{','.join(map(str, cols))}]",
            format_board(n, _placed(cols)),
        )
    if isinstance(event, Generate):
        cols = _columns(event.state)
        parent = cols[:-1]
        square = (len(cols), cols[-1])
        board = format_board(n, _placed(parent), {square: "?"})
        return f"try row {square[0]}, column {square[1]}", board
    if isinstance(event, Prune):
        cols = _columns(event.state)
        square = (len(cols), cols[-1])
        board = format_board(n, _placed(cols[:-1]), {square: "x"})
        return f"row {square[0]}, column {square[1]} is attacked: refused", board
    if isinstance(event, Backtrack):
        cols = _columns(event.state)
        if not cols:
            return None
        return (
            f"back: the queen of row {len(cols)} leaves column {cols[-1]}",
            format_board(n, _placed(cols[:-1])),
        )
    return None


def _placed(cols: tuple[int, ...]) -> Queens:
    return tuple((row, col) for row, col in enumerate(cols, start=1))


class _Keys:
    """Key presses: single keys on a terminal, else one key per line of stdin (an
    empty line is Enter). End of input is ``q``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.terminal = stream.isatty()

    def read(self) -> str:
        if self.terminal:
            try:
                key = click.getchar()
            except (EOFError, KeyboardInterrupt):
                return "q"
            return "\n" if key in ("\r", "\n") else key.lower()
        line = self.stream.readline()
        if not line:
            return "q"
        text = line.strip()
        return text[0].lower() if text else "\n"


WATCH_KEYS = "keys: space or Enter = one step, c = run continuously, n = next solution, q = quit"


@queens.command()
@click.argument("n", type=int)
@click.option(
    "--every-attempt",
    is_flag=True,
    help="Show every square tried, every refusal and every retreat, not only the "
    "stable configurations.",
)
@click.option(
    "--delay",
    type=click.FloatRange(min=0),
    default=None,
    help="Seconds between frames when running continuously (default 0.3 on a terminal, "
    "0 otherwise).",
)
def watch(n: int, every_attempt: bool, delay: float | None) -> None:
    """Step through the backtracking on a board, as the document's applet did.

    It shows the stable configurations (every placed queen safe) and each solution;
    with --every-attempt also each square tried (?), refused (x) and each retreat.
    Keys: space or Enter = one step, c = run continuously to the next solution,
    n = jump to the next solution, q = quit (Ctrl-C pauses a continuous run). When
    stdin is not a terminal, each line is a key (an empty line is Enter).
    """
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    if n > DRAW_LIMIT:
        raise InputError(f"watch draws the board: n must be at most {DRAW_LIMIT}, not {n}")
    stdin = sys.stdin
    keys = _Keys(stdin)
    terminal = keys.terminal and sys.stdout.isatty()
    pause = delay if delay is not None else (0.3 if terminal else 0.0)
    out = console()
    frame_number = 0

    def show(caption: str, board: str) -> None:
        nonlocal frame_number
        frame_number += 1
        if terminal:
            out.clear()
            out.print(f"[bold]N-queens, n = {n}[/] — step {frame_number}")
            out.print(caption)
            out.print(board, markup=False)
            out.print(f"[dim]{WATCH_KEYS}[/]")
        else:
            click.echo(f"--- step {frame_number}: {caption}")
            click.echo(board)

    feed = EventFeed(n)
    events = iter(feed)
    mode = "step"
    try:
        if not terminal:
            click.echo(WATCH_KEYS)
        while True:
            if mode == "step":
                key = keys.read()
                if key == "q":
                    click.echo("Stopped.")
                    return
                if key == "c":
                    mode = "run"
                elif key == "n":
                    mode = "jump"
                elif key not in (" ", "\n"):
                    click.echo(f"unknown key {key!r}; {WATCH_KEYS}")
                    continue
            frame = None
            while frame is None:
                item = next(events)
                if isinstance(item, _End):
                    if item.found == 0:
                        click.echo(f"Search finished: {no_solution_line(n)}.")
                    else:
                        click.echo(f"Search finished: {item.found} solutions in all for n = {n}.")
                    return
                if not every_attempt and not isinstance(item, Expand | Solution):
                    continue
                if mode == "jump" and not isinstance(item, Solution):
                    continue
                frame = describe_event(n, item)
                if frame is not None and isinstance(item, Solution) and mode != "step":
                    mode = "step"
            show(*frame)
            if mode == "run" and pause:
                try:
                    time.sleep(pause)
                except KeyboardInterrupt:
                    mode = "step"
    finally:
        feed.close()


# ---------------------------------------------------------------- hill climbing


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
    if (state is None) == (trials is None):
        raise InputError("give either a STATE or --random T (not both)")
    if trials is not None:
        _climb_random(
            trials, n or 8, moves, heuristic, tie_break, sideways, restarts, seed, as_json
        )
        return
    assert state is not None
    board = parse_board(state, n)
    trace_lines: list[str] = []
    h = HEURISTICS[heuristic]

    def observe(event: Event) -> None:
        if isinstance(event, Step):
            (r0, c0), (r1, c1) = event.move
            line = f"move {len(trace_lines) + 1}: ({r0},{c0}) -> ({r1},{c1})  h = {event.value:g}"
            trace_lines.append(line + ("  (sideways)" if event.sideways else ""))
            if not as_json:
                click.echo(trace_lines[-1])
        elif isinstance(event, Restart):
            state_text = format_queens(tuple(event.state))  # type: ignore[arg-type]
            trace_lines.append(f"restart {event.index} from {state_text}  h = {event.value:g}")
            if not as_json:
                click.echo(trace_lines[-1])

    result = climb(
        board,
        moves=moves,
        heuristic=heuristic,
        sideways=sideways,
        restarts=restarts,
        tie_break=tie_break,
        seed=seed,
        observer=observe if trace else None,
    )
    payload = _climb_payload(board, heuristic, result)
    if as_json:
        payload.update(
            n=board.n,
            operator=MOVES.canonical(moves),
            heuristic=HEURISTICS.canonical(heuristic),
            status=str(result.status),
        )
        if trace:
            payload["trace"] = trace_lines
        print_json(payload)
        return
    name = variant_name(moves, heuristic)
    click.echo(
        f"{MOVES.canonical(moves)} moves, {HEURISTICS.canonical(heuristic)} heuristic "
        f"({name}), tie-break {tie_break}"
    )
    click.echo(f"initial: {board}  h = {h(board.queens)}")
    verdict = "a solution" if result.solved else "not a solution (local minimum)"
    click.echo(f"final:   {format_queens(result.final_state)}  h = {payload['h_final']}, {verdict}")
    click.echo(
        f"{payload['steps']} moves, {payload['generated']} successors generated, "
        f"{payload['restarts']} restarts, {_ms(result.stats.seconds)}"
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
        f"tie-break {tie_break}, sideways {sideways}, restarts {restarts}"
    )
    click.echo(f"solved: {summary['solved']} of {trials} ({summary['success_rate']:.1%})")
    click.echo(
        f"mean moves: {mean(summary['mean_steps_solved'])} when solved, "
        f"{mean(summary['mean_steps_failed'])} when stuck"
    )
    click.echo(f"mean successors generated: {mean(summary['mean_generated'])}")
    click.echo(f"time: {summary['seconds']:.2f} s")


def run_case(board: Board, moves: str, heuristic: str, tie_break: str) -> dict[str, Any]:
    """One case through one variant, as a row of the cases table (refusal included)."""
    row: dict[str, Any] = {
        "initial": board.to_json(),
        "variant": variant_name(moves, heuristic),
        "moves": MOVES.canonical(moves),
        "heuristic": HEURISTICS.canonical(heuristic),
    }
    try:
        result = climb(board, moves=moves, heuristic=heuristic, tie_break=tie_break)
    except InputError as refused:
        row.update(refused=str(refused), final=None, h_final=None, solved=None)
        row.update(steps=None, generated=None, ms=None)
        return row
    row.update(
        refused=None,
        final=[[r, c] for r, c in result.final_state],
        h_final=HEURISTICS[heuristic](result.final_state),
        solved=result.solved,
        steps=result.stats.iterations,
        generated=result.stats.generated,
        ms=round(result.stats.seconds * 1000, 3),
    )
    return row


def cases_rows(tie_break: str = "last") -> list[dict[str, Any]]:
    """The document's eight cases through its four variants."""
    rows = []
    for number, board in enumerate(SEED_CASES, start=1):
        for moves, heuristic in VARIANTS:
            rows.append({"case": number, **run_case(board, moves, heuristic, tie_break)})
    return rows


def _state_text(queens: list[list[int]]) -> str:
    return "[" + ",".join(f"({r},{c})" for r, c in queens) + "]"


def print_cases_table(rows: list[dict[str, Any]], title: str) -> None:
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    for header, justify in (
        ("case", "right"),
        ("variant", "left"),
        ("final state", "left"),
        ("h", "right"),
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


# ---------------------------------------------------------------- min-conflicts


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
    default="greedy",
    show_default=True,
    help="Generic engine: start from a greedy placement (few conflicts) or random rows.",
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
    init: str,
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
    assert init in ("greedy", "random")
    with_rows = rows if rows is not None else n <= 1000
    use_kernel = engine == "kernel" or (engine == "auto" and n >= KERNEL_FROM_N)
    waiting = console().status(f"repairing a board of n = {n:,} ...")
    with waiting if interactive() and not as_json and n > 10_000 else contextlib.nullcontext():
        if use_kernel:
            payload, queens_placed = _repair_with_kernel(n, seed, max_steps, with_rows)
        else:
            result = min_conflicts(
                n,
                seed=seed,
                max_steps=100_000 if max_steps is None else max_steps,
                init=init,  # type: ignore[arg-type]
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
    if n in (2, 3) and not payload["solved"]:
        verdict += f" — {no_solution_line(n)}"
    unit = "candidate swaps" if use_kernel else "moves"
    click.echo(
        f"n = {n:,}: {verdict} after {payload['steps']:,} {unit}; "
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


# ---------------------------------------------------------------- tour


def tour_queens(all_variants: bool = True) -> None:
    """The tour's stop for seeds 000 and 002: backtracking, counts, the cases table."""
    out = console()
    out.print("[bold]Seed 002[/] — backtracking, rows filled from the first, columns 1..n:")
    first = next(iter(solutions(8)))
    columns = first.final_state
    out.print(f"The first 8-queens solution is [{','.join(map(str, columns))}]:")
    out.print(format_board(8, columns_board(columns).queens), markup=False)
    out.print("Counting every solution, n = 1..8 (the document says n <= 3 is unsolvable;")
    out.print("n = 1 has one):")
    for size in range(1, 9):
        total = count_solutions_generic(size)
        note = f"  — {no_solution_line(size)}" if total == 0 else ""
        out.print(f"  n = {size}: {total}{note}")
    out.print(
        "\n[bold]Seed 000[/] — hill climbing on the document's eight cases. With tie-break "
        "'last' every run makes the Prolog's choices; the column operator refuses boards "
        "without one queen per column (the document printed impossible states for them)."
    )
    rows = cases_rows("last")
    if not all_variants:
        rows = [row for row in rows if row["variant"] == "v1h2"]
    print_cases_table(rows, "Seed 000's test cases")
    out.print(
        "More: `searchlab queens watch 5`, `searchlab queens climb --random 1000 --n 8`, "
        "`searchlab queens repl`."
    )
