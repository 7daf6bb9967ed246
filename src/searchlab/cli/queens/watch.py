"""``searchlab queens watch``: the document's applet in the terminal, stepping
through the backtracking one event at a time (the depth-first stream's ``events()``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Generator, Hashable
from typing import TextIO

import click

from searchlab.cli.output import console
from searchlab.cli.queens.common import queens
from searchlab.cli.report import DRAW_LIMIT
from searchlab.core.errors import InputError
from searchlab.core.events import Backtrack, Event, Expand, Generate, Prune, Solution
from searchlab.domains.queens import (
    Queens,
    format_board,
    solutions,
)
from searchlab.domains.queens.domain import no_solution_line


class _End:
    """The search ran to its end, having found ``found`` solutions."""

    def __init__(self, found: int) -> None:
        self.found = found


def event_feed(n: int) -> Generator[Event | _End, None, None]:
    """The backtracking's events one at a time, then its end: the depth-first stream
    is a generator, so the search advances only when the next event is asked for
    (no thread, nothing buffered)."""
    stream = solutions(n)
    yield from stream.events()
    yield _End(stream.found)


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
    """The queens of a partial placement (rows 1..k); ``columns_board`` wants all n."""
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

    \b
    Examples:
      searchlab queens watch 5
      searchlab queens watch 4 --every-attempt
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

    events = event_feed(n)
    mode = "step"
    try:
        click.echo(WATCH_KEYS if not terminal else f"N-queens, n = {n}. {WATCH_KEYS}")
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
                        plural = "solution" if item.found == 1 else "solutions"
                        click.echo(f"Search finished: {item.found} {plural} in all for n = {n}.")
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
        events.close()
