"""The ``searchlab`` command: a thin layer over the library.

Subcommands live in their own modules and are imported only when used, so ``--help``
and small commands start fast and never load the compiled kernels or the web stack.
Every error the user can cause ends in one line on stderr and exit status 2.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from typing import Any

import click

from searchlab import __version__
from searchlab.core.errors import InputError, SearchInterrupted
from searchlab.core.result import Stats

# name -> "module:attribute"; a command whose module is not installed is not listed.
SUBCOMMANDS: dict[str, str] = {
    "tour": "searchlab.cli.tour:tour",
    "queens": "searchlab.cli.queens:queens",
    "puzzle": "searchlab.cli.puzzle:puzzle",
    "schedule": "searchlab.cli.schedule:schedule",
    "serve": "searchlab.cli.serve:serve",
    "experiment": "searchlab.cli.experiment:experiment",
    "bench": "searchlab.cli.bench:bench",
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        present = [
            name
            for name, target in SUBCOMMANDS.items()
            if importlib.util.find_spec(target.split(":")[0]) is not None
        ]
        return present + sorted(super().list_commands(ctx))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return super().get_command(ctx, cmd_name)
        module_name, attribute = target.split(":")
        if importlib.util.find_spec(module_name) is None:
            return None
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command)
        return command


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="searchlab")
def cli() -> None:
    """State-space search on classic puzzles.

    N-queens by backtracking and hill climbing, sliding-tile puzzles and task
    scheduling by Bratko's best-first search and A*, one engine behind them all.
    Start with `searchlab tour`; every command has --help, and --json for scripts.
    """


def _fail(message: str, status: int = 2) -> None:
    click.echo(f"searchlab: error: {message}", err=True)
    sys.exit(status)


def report_interrupt(stats: Stats) -> None:
    """What Ctrl-C leaves on stderr: the statistics gathered until then."""
    summary = ", ".join(f"{key} {value}" for key, value in stats.to_dict().items())
    click.echo(f"searchlab: interrupted ({summary})", err=True)


def main(argv: list[str] | None = None) -> None:
    """The console script: run the CLI and turn every failure into a one-line message."""
    try:
        status: Any = cli.main(args=argv, prog_name="searchlab", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as shown:
        click.echo(shown.ctx.get_help() if shown.ctx else "")
        sys.exit(0)
    except click.UsageError as error:
        _fail(error.format_message().splitlines()[0] if error.format_message() else str(error))
    except click.ClickException as error:
        _fail(error.format_message(), error.exit_code or 2)
    except InputError as error:
        _fail(str(error))
    except (KeyboardInterrupt, click.Abort) as interrupt:
        # click turns Ctrl-C into Abort; the engine's SearchInterrupted (with the
        # statistics so far) is then its cause.
        cause = interrupt if isinstance(interrupt, SearchInterrupted) else interrupt.__cause__
        if isinstance(cause, SearchInterrupted) and isinstance(cause.stats, Stats):
            report_interrupt(cause.stats)
        else:
            click.echo("searchlab: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): nothing more to say
        sys.exit(0)
    sys.exit(status if isinstance(status, int) else 0)


def print_json(payload: object) -> None:
    """One JSON object on stdout, as every --json promises."""
    click.echo(json.dumps(payload, ensure_ascii=False))
