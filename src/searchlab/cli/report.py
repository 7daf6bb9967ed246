"""How a search's outcome reaches the terminal: the one exit-status convention, the
JSON document, and the text a person reads (within 80 columns).

Exit status, for every command that runs a search (docs/cli.md):

    0  solved          1  no solution (the space exhausted, or a local optimum)
    2  bad input       3  a limit stopped the search first       130  Ctrl-C
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import click

from searchlab.core.result import SearchResult, Stats, Status
from searchlab.domains.base import Domain, SearchRequest, plural
from searchlab.domains.drawing import Drawing, Grid, to_text

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130

WIDTH = 80
"""Text output is laid out for this many columns at most (and fewer on a narrower
terminal), wrapping long lines rather than cutting them."""


def exit_status(status: Status | str) -> int:
    """The exit status of a search that ended with ``status``."""
    if status == Status.SOLVED:
        return EXIT_SOLVED
    if status == Status.LIMIT_REACHED:
        return EXIT_LIMIT
    return EXIT_NO_SOLUTION


def width() -> int:
    """The columns to lay text out in: the terminal's, at most ``WIDTH``."""
    return min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)


def wrap(text: str, indent: str = "") -> str:
    """``text`` wrapped to ``width()``, line by line (a line that fits, such as a row of
    a chart, is kept as it is); continuation lines indented by ``indent``."""
    columns = width()
    return "\n".join(
        line
        if len(line) <= columns
        else textwrap.fill(
            line,
            width=columns,
            subsequent_indent=indent,
            break_on_hyphens=False,
            break_long_words=True,
        )
        for line in text.split("\n")
    )


def pasteable(label: str, text: str, note: str = "") -> str:
    """``label: text  note`` on one line if it fits ``width()``, else ``label:  note``
    and the text whole on the next line: a start to paste back is never broken."""
    after = f"  {note}" if note else ""
    line = f"{label}: {text}{after}"
    return line if len(line) <= width() else f"{label}:{after}\n{text}"


def seconds(value: float) -> str:
    """A duration as a person reads it, the same everywhere: ms below a second."""
    return f"{value * 1000:.2f} ms" if value < 1 else f"{value:.2f} s"


def figures(stats: Stats) -> str:
    """What the search did, on one line (wrapped if long)."""
    parts = [
        f"expanded {stats.expanded:,}",
        f"generated {stats.generated:,}",
        f"peak frontier {stats.max_frontier:,}",
    ]
    if stats.iterations:
        parts.append(f"{stats.iterations:,} iteration{'' if stats.iterations == 1 else 's'}")
    if stats.restarts:
        parts.append(f"{stats.restarts:,} restart{'' if stats.restarts == 1 else 's'}")
    parts.append(f"{seconds(stats.seconds)} of search")
    if stats.setup_seconds >= 0.0005:
        parts.append(f"{seconds(stats.setup_seconds)} of set-up")
    return wrap(", ".join(parts))


def side_by_side(left: str, right: str, titles: tuple[str, str]) -> str:
    """Two drawings next to each other when they fit ``width()``, else one above the
    other, each under its title."""
    left_lines, right_lines = left.splitlines(), right.splitlines()
    gap = 4
    left_width = max(len(titles[0]), *(len(line) for line in left_lines)) + gap
    right_width = max(len(titles[1]), *(len(line) for line in right_lines))
    if left_width + right_width > width() or len(left_lines) != len(right_lines):
        return f"{titles[0]}:\n{left}\n{titles[1]}:\n{right}"
    lines = [titles[0].ljust(left_width) + titles[1]]
    lines += [a.ljust(left_width) + b for a, b in zip(left_lines, right_lines, strict=True)]
    return "\n".join(line.rstrip() for line in lines)


def print_result(
    domain: Domain[Any, Any],
    request: SearchRequest,
    result: SearchResult[Any, Any],
    *,
    show_path: bool,
    problem: Any = None,
) -> None:
    """The text report: the start (and goal), how it ended, the moves, the figures,
    and with ``show_path`` every state of the path, ``---`` between them (Bratko's
    ``showsol``)."""
    start = domain.request_start_state(request)
    if start is not None and fits(domain.draw(start, problem)):
        drawn = to_text(domain.draw(start, problem))
        if request.goal is not None:
            goal = to_text(domain.draw(request.goal, problem))
            click.echo(side_by_side(drawn, goal, ("start", "goal")))
        else:
            click.echo(f"start:\n{drawn}" if "\n" in drawn else wrap(f"start: {drawn}", "  "))
    click.echo(wrap(domain.describe(request, result)))
    if result.moves:
        shown = result.moves
        label = "moves"
        if not show_path and not result.solved and len(shown) > LAST_MOVES:
            shown = shown[-LAST_MOVES:]  # a failed walk: its end, not 10,000 moves
            label = f"{len(result.moves):,} moves, the last {LAST_MOVES}"
        print_moves(domain, shown, label)
    click.echo(figures(result.stats))
    if show_path:
        print_path(domain, result.path, problem)


def print_moves(domain: Domain[Any, Any], moves: Sequence[Any], label: str = "moves") -> None:
    """``label: move move …`` (commas between moves written with spaces), wrapped."""
    texts = [domain.format_move(move) for move in moves]
    joined = (", " if any(" " in text for text in texts) else " ").join(texts)
    click.echo(wrap(f"{label}: {joined}", "  "))


def print_path(domain: Domain[Any, Any], path: Sequence[Any], problem: Any = None) -> None:
    """Every state of ``path`` drawn, ``---`` between (none if one is too large)."""
    drawings = [domain.draw(state, problem) for state in path]
    if drawings and all(fits(drawing) for drawing in drawings):
        click.echo("")
        click.echo("\n---\n".join(to_text(drawing) for drawing in drawings))


def print_solution(
    domain: Domain[Any, Any],
    request: SearchRequest,
    index: int,
    result: SearchResult[Any, Any],
    *,
    show_path: bool,
) -> None:
    """One solution of a run through them (dfs, --all, --next): its last state (and
    its cost where moves cost differently), drawn; with ``show_path`` its moves and every
    state of its path instead."""
    problem = domain.problem(request)
    state = result.final_state
    costed = not domain.unit_costs and len(result.path) > 1  # a route: what it costs
    cost = f" (cost {result.cost:g} in {plural(len(result.moves), 'move')})" if costed else ""
    click.echo(wrap(f"Solution {index}: {domain.format(state)}{cost}", "  "))
    if show_path and len(result.path) > 1:
        print_moves(domain, result.moves)
        print_path(domain, result.path, problem)
        click.echo("")
        return
    drawing = domain.draw(state, problem)
    if fits(drawing):
        click.echo(to_text(drawing))


LAST_MOVES = 20
"""A search that failed (a local search stopped by a limit, stuck in an optimum)
shows only its last this many moves, unless --show-path asks for them all."""


def bounded(document: dict[str, Any], *, show_path: bool) -> dict[str, Any]:
    """The JSON of a failed search with only its last ``LAST_MOVES`` moves (and the
    states along them), and ``moves_omitted`` saying how many were left out, unless
    --show-path asked for the whole walk: --json carries at most what was asked."""
    moves = document.get("moves")
    if show_path or document.get("solved") or not isinstance(moves, list):
        return document
    if len(moves) <= LAST_MOVES:
        return document
    trimmed = dict(document, moves=moves[-LAST_MOVES:], moves_omitted=len(moves) - LAST_MOVES)
    path = document.get("path")
    if isinstance(path, list):
        trimmed["path"] = path[-(LAST_MOVES + 1) :]
    return trimmed


DRAW_LIMIT = 32
"""Boards wider or taller than this are not drawn in the terminal."""


def fits(drawing: Drawing) -> bool:
    """Whether ``drawing`` is small enough to print (a 1,000-queen board is not)."""
    if isinstance(drawing, Grid):
        return drawing.rows <= DRAW_LIMIT and drawing.cols <= DRAW_LIMIT
    return len(to_text(drawing)) <= 20_000


def print_document(document: Mapping[str, Any], legacy: Mapping[str, str] | None = None) -> None:
    """One JSON object on stdout. Keys of the 0.1 schema that a domain still writes for
    old scripts (``legacy``: old key -> dotted path in the new document) are added, with
    no notice: stderr stays quiet under --json (docs/json.md lists them)."""
    from searchlab.cli.main import print_json

    payload = dict(document)
    for old, path in (legacy or {}).items():
        payload[old] = lookup(document, path)
    print_json(payload)


def lookup(document: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path (``run.start``, ``path.0``) of a document, or None."""
    value: Any = document
    for key in path.split("."):
        if isinstance(value, Mapping):
            value = value.get(key)
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return None
    return value
