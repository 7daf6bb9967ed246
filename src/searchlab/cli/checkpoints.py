"""``--max-seconds``, ``--checkpoint`` and ``--resume`` for a published set's long run
(``puzzle korf24``): stop in time, save where the search stands, go on later from
the file (``searchlab.domains.puzzle.kernels.checkpoint``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.core import ParameterSource

from searchlab.cli.options import click_option, flag
from searchlab.core.errors import InputError
from searchlab.core.limits import MAX_SECONDS

if TYPE_CHECKING:
    from searchlab.domains.puzzle.kernels import KorfRow
    from searchlab.domains.puzzle.kernels.checkpoint import SetCheckpoint
    from searchlab.domains.puzzle.kernels.parallel import SearchState

F = TypeVar("F", bound=Callable[..., Any])


def checkpoint_options(f: F) -> F:
    """The three options, in the order ``--help`` shows them."""
    f = click.option(
        "--resume",
        type=click.Path(dir_okay=False, path_type=Path),
        metavar="FILE",
        help="Go on from a run saved with --checkpoint: its instances, heuristic and "
        "settings come from FILE (give none of them), the answers and node counts are "
        "those of one uninterrupted run, and the run goes on saving to FILE.",
    )(f)
    f = click.option(
        "--checkpoint",
        "checkpoint_path",
        type=click.Path(dir_okay=False, path_type=Path),
        metavar="FILE",
        help="Save where the run stands to FILE every minute, after each instance and "
        "when it stops (--max-seconds, Ctrl-C), written whole or not at all.",
    )(f)
    return click_option(
        MAX_SECONDS,
        help="Stop after this many seconds (between two tasks of the search, which take "
        "milliseconds), exit status 3; with --checkpoint, go on later with --resume.",
    )(f)


def resumed(
    path: Path, set_name: str, given: Sequence[str]
) -> tuple[SetCheckpoint, Callable[[Sequence[tuple[int, Any, int]]], None]]:
    """The run saved at ``path``, refused unless it is a run of ``set_name`` and no
    option of ``given`` (the settings the file holds) was typed; and a check of its
    finished rows against the set's (number, board, published length)."""
    from searchlab.domains.puzzle.kernels import checkpoint

    context = click.get_current_context()
    typed = [
        name for name in given if context.get_parameter_source(name) is ParameterSource.COMMANDLINE
    ]
    if typed:
        raise click.UsageError(
            f"--resume takes the instances and settings from its file: drop {flag(typed[0])}"
        )
    back = checkpoint.read(path)
    if back.set_name != set_name:
        raise InputError(
            f"{path} saved a run of {back.set_name}, not {set_name}", field="resume"
        )
    return back, functools.partial(_check_rows, path, back)


def _check_rows(
    path: Path, back: SetCheckpoint, instances: Sequence[tuple[int, Any, int]]
) -> None:
    """The rows finished must be the first instances', with their published lengths."""
    for row, (number, _, optimal) in zip(back.rows, instances, strict=False):
        if (row.instance, row.length, row.optimal) != (number, optimal, optimal):
            raise InputError(
                f"{path}: its row for instance {row.instance} does not match the set",
                field="resume",
            )
    if len(back.rows) > len(instances):
        raise InputError(f"{path} holds more rows than instances", field="resume")


def saver(
    path: Path,
    set_name: str,
    instances: Sequence[int],
    heuristic: str,
    reflect: bool,
    move_order: str,
) -> Callable[[tuple[KorfRow, ...], SearchState | None], None]:
    """What ``solve_set`` calls to save: the run as a ``SetCheckpoint`` at ``path``."""
    from searchlab.domains.puzzle.kernels import checkpoint

    def save(rows: tuple[KorfRow, ...], search: SearchState | None) -> None:
        checkpoint.write(
            path,
            checkpoint.SetCheckpoint(
                set_name, tuple(instances), heuristic, reflect, move_order, rows, search
            ),
        )

    return save


def stopped_line(command: str, saved_to: Path | None) -> str:
    """What a run stopped by --max-seconds says last."""
    if saved_to is None:
        return (
            "stopped by --max-seconds before the last answer; give --checkpoint FILE to "
            "save where it stands and go on later"
        )
    return (
        f"stopped by --max-seconds before the last answer; saved in {saved_to}: go on with "
        f"`searchlab puzzle {command} --resume {saved_to}`"
    )
