"""The ``searchlab`` command: a thin layer over the library.

Subcommands live in their own modules and are imported only when used, so ``--help``
and small commands start fast and never load the compiled kernels or the web stack.
Besides the front-end commands below, there is one group per registered domain
(``searchlab.domains.registry``), built from its descriptor by ``cli/domains.py``.
Every error the user can cause ends in one line on stderr and exit status 2.
"""

from __future__ import annotations

import ast
import importlib
import json
import sys
from typing import Any

import click

from searchlab import __version__
from searchlab.core.errors import InputError, SearchInterrupted
from searchlab.core.result import Stats

# The front ends' own commands, name -> "module:attribute" (imported when used).
SUBCOMMANDS: dict[str, str] = {
    "tour": "searchlab.cli.tour:tour",
    "run": "searchlab.cli.run:run",
    "prolog": "searchlab.cli.prolog:prolog",
    "pddl": "searchlab.cli.pddl:pddl",
    "algorithms": "searchlab.cli.algorithms:algorithms",
    "serve": "searchlab.cli.serve:serve",
    "experiment": "searchlab.cli.experiment:experiment",
    "bench": "searchlab.cli.bench:bench",
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use: the front ends' commands,
    then one group per registered domain."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from searchlab.domains.registry import declared

        return [*SUBCOMMANDS, *(domain.name for domain in declared())]

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Domains listed apart from the other commands, with their one-line summaries
        (read from the descriptors' sources, so no domain is imported for the list)."""
        from searchlab.domains.registry import declared, load_errors

        rows = []
        for name, target in SUBCOMMANDS.items():
            command = _declared_command(name, target) or self.get_command(ctx, name)
            if command is not None:
                rows.append((name, command.get_short_help_str(limit=formatter.width - 20)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)
        with formatter.section("Domains (searchlab DOMAIN --help)"):
            formatter.write_dl([(domain.name, domain.summary) for domain in declared()])
        for problem in load_errors(everything=False):
            click.echo(f"searchlab: warning: {problem}", err=True)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            from searchlab.domains.registry import find_domain

            domain = find_domain(cmd_name)
            if domain is not None:
                from searchlab.cli.domains import domain_group

                return domain_group(domain)
            return super().get_command(ctx, cmd_name)
        module_name, attribute = target.split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command)
        return command


def _declared_command(name: str, target: str) -> click.Command | None:
    """A stand-in for the command ``target`` names, with the help its source declares (the
    decorator's literal ``short_help`` or ``help``, else the docstring), for the list in
    ``searchlab --help`` without importing the command's module; None where the source
    does not say it plainly."""
    from searchlab.core.declared import parsed

    module, _, attribute = target.partition(":")
    tree = parsed(module)
    function = next(
        (
            node
            for node in (tree.body if tree is not None else [])
            if isinstance(node, ast.FunctionDef) and node.name == attribute
        ),
        None,
    )
    if function is None:
        return None
    declared: dict[str, object] = {"help": ast.get_docstring(function)}
    for decorator in function.decorator_list:
        if not (
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr in ("command", "group")
        ):
            continue
        for keyword in decorator.keywords:
            if keyword.arg in ("help", "short_help"):
                try:
                    declared[keyword.arg] = ast.literal_eval(keyword.value)
                except ValueError:
                    return None
    short, text = declared.get("short_help"), declared["help"]
    if not isinstance(text, str) and not isinstance(short, str):
        return None
    return click.Command(
        name,
        help=text if isinstance(text, str) else None,
        short_help=short if isinstance(short, str) else None,
    )


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="searchlab")
def cli() -> None:
    """State-space search on classic puzzles, and on your own problem.

    N-queens by backtracking and hill climbing, sliding-tile puzzles and task
    scheduling by Bratko's best-first search and A*, one engine behind them all.
    Start with `searchlab tour`; every command has --help, and --json for scripts.

    \b
    Examples:
      searchlab tour
      searchlab puzzle solve c --algorithm best-first --heuristic bratko
      searchlab queens solve 8 --all
      searchlab run examples/romania.py --json
    """


def _fail(message: str, status: int = 2) -> None:
    click.echo(f"searchlab: error: {message}", err=True)
    sys.exit(status)


def phrase(error: InputError) -> str:
    """An error in the command line's words: its field as a flag (``max_expanded`` ->
    ``--max-expanded``) and its hint as the option to use."""
    message = str(error)
    if error.field is not None and error.field not in ("start", "state"):
        label = error.field.replace("_", "-")
        flag = "--" + label
        if message.startswith(label + " "):
            message = flag + message[len(label) :]
        elif f"unknown {label} " in message:
            message = message.replace(f"unknown {label} ", f"unknown {flag} ", 1)
    if error.hint is not None:
        option, value = error.hint
        message += f" (use --{option.replace('_', '-')} {value})"
    return message


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
        _fail(phrase(error))
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
