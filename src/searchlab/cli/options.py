"""The command line's one vocabulary: every option built from the library's ``Option``
specs, so the same thing has the same flag, help, default and cap in every command,
and old spellings kept as hidden aliases that say what to write instead."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from searchlab.core.limits import MAX_EXPANDED, MAX_SECONDS
from searchlab.core.options import SEED, Option

F = TypeVar("F", bound=Callable[..., Any])


def flag(option: Option | str) -> str:
    """The command-line flag of an option (by spec or by name): ``tie_break`` ->
    ``--tie-break``."""
    name = option if isinstance(option, str) else option.name
    return "--" + name.replace("_", "-")


def click_option(
    option: Option, *, help: str | None = None, hidden: bool = False, fill: bool = False
) -> Callable[[F], F]:
    """A click option decorator for ``option`` (see ``click_param``). Not given, it is
    None (so a command can tell what the user chose), or with ``fill`` its default."""
    declarations, attributes = _click_spec(option, help=help, hidden=hidden, fill=fill)
    return click.option(*declarations, **attributes)


def click_param(option: Option, *, help: str | None = None, hidden: bool = False) -> click.Option:
    """The click option of ``option``: text in, checked by ``Option.parse`` (so the CLI
    and the library refuse the same values with the same words). A list option whose
    values are not written in one text (``separator`` None) is repeated instead."""
    declarations, attributes = _click_spec(option, help=help, hidden=hidden)
    return click.Option(declarations, **attributes)


def _click_spec(
    option: Option, *, help: str | None, hidden: bool, fill: bool = False
) -> tuple[list[str], dict[str, Any]]:
    repeated = option.many and option.separator is None

    def convert(_ctx: click.Context, _param: click.Parameter, value: Any) -> Any:
        if value is None or (repeated and not value):
            return option.parse(None) if fill else None
        return option.parse(list(value) if repeated else value)

    attributes = {
        "default": None,
        "multiple": repeated,
        "metavar": option.metavar or ("NAME" if option.kind == "choice" else "VALUE"),
        "callback": convert,
        "help": help or option.describe(),
        "hidden": hidden,
    }
    return [flag(option), option.name], attributes


def apply(options: Iterable[Any]) -> Callable[[F], F]:
    """Decorate a command with several options, in the order listed."""

    def decorate(function: F) -> F:
        for option in reversed(list(options)):
            function = option(function)
        return function

    return decorate


def limit_options() -> list[Callable[[F], F]]:
    """--max-expanded and --max-seconds, with their caps."""
    return [click_option(MAX_EXPANDED), click_option(MAX_SECONDS)]


def seed_option(summary: str | None = None) -> Callable[[F], F]:
    return click_option(SEED, help=summary)


def engine_option(
    help: str, engines: Sequence[str] = ("kernel", "generic"), default: str | None = None
) -> Callable[[F], F]:
    """``--engine``: the same flag wherever a command has a compiled and a generic way
    (the first of ``engines`` by default)."""
    return click.option(
        "--engine",
        type=click.Choice(list(engines)),
        default=default or engines[0],
        show_default=True,
        help=help,
    )


def split_options(pieces: str) -> Callable[[F], F]:
    """``--jobs J`` (default 1: here) and ``--cluster ADDRESS``: the same two flags
    wherever a command can split its work, ``pieces`` saying into what."""
    return apply(
        [
            click.option(
                "--jobs",
                "-j",
                type=click.IntRange(min=1),
                default=1,
                show_default=True,
                help=f"Split {pieces} over J worker processes.",
            ),
            click.option(
                "--cluster",
                metavar="ADDRESS",
                help="Run the pieces on a Dask cluster: tcp://HOST:PORT, or 'local' to start "
                "one (needs pip install 'searchlab[cluster]').",
            ),
        ]
    )


JSON = click.option("--json", "as_json", is_flag=True, help="Print one JSON object (docs/json.md).")

MAX_MEMORY_HELP = (
    "The most memory the command may plan to use (4G, 512M, 1.5GB): a size that needs "
    "more is refused before the work, with the figure. Default: half the memory the "
    "machine has available."
)


def _set_max_memory(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    from searchlab.core import allowance

    # for this command only: one run in the same process (tests, notebooks) leaves nothing
    allowance.set_max_memory(None if value is None else allowance.parse_size(value))
    ctx.call_on_close(lambda: allowance.set_max_memory(None))


def max_memory_param() -> click.Option:
    """``--max-memory SIZE``: the one definition of the memory budget's flag, for the
    commands that read graphs, maps and bulk files or generate them (it sets the budget
    ``core.allowance.afford`` checks; the command takes no parameter for it)."""
    return click.Option(
        ["--max-memory"],
        metavar="SIZE",
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_set_max_memory,
        help=MAX_MEMORY_HELP,
    )


def max_memory_option() -> Callable[[F], F]:
    """``--max-memory`` as a decorator (see ``max_memory_param``)."""

    def decorate(function: F) -> F:
        params = getattr(function, "__click_params__", [])
        params.append(max_memory_param())
        function.__click_params__ = params  # type: ignore[attr-defined]
        return function

    return decorate


def add_max_memory(command: click.Command | None) -> None:
    """Give ``command`` ``--max-memory`` (once): for the commands built generically for
    every domain (``solve``, ``propagate``, ``count``) in a domain whose starts are priced
    (a graph, a map file, pattern databases)."""
    if command is not None and "max_memory" not in {param.name for param in command.params}:
        command.params.append(max_memory_param())


def param_option(what: str) -> Callable[[F], F]:
    """``--param/-p KEY=VALUE`` (repeatable): keyword arguments for ``what``."""
    return click.option(
        "--param",
        "-p",
        "params",
        multiple=True,
        metavar="KEY=VALUE",
        help=f"A keyword argument for {what} (a Python literal, or text); repeatable.",
    )


@dataclass(frozen=True)
class Alias:
    """An old spelling of an option: ``old`` (e.g. ``--n``) now written ``new``
    (``--size``), whose value goes to the parameter ``dest``."""

    old: str
    new: str
    dest: str
    is_flag: bool = False


RENAMED: tuple[Alias, ...] = (
    Alias("--n", "--size", "size"),
    Alias("-k", "--size", "size"),
    Alias("-w", "--weight", "weight"),
    Alias("--limit", "--solutions", "solutions"),
    Alias("--heuristics", "--heuristic", "heuristic"),
    Alias("--algorithms", "--algorithm", "algorithm"),
)
"""Options renamed since 0.1, accepted for a release with a notice."""


def add_renamed(command: click.Command, aliases: Sequence[Alias] = RENAMED) -> click.Command:
    """Accept the old spelling of each renamed option ``command`` has, as a hidden
    option: its value goes through the new option's own checks, with a one-line notice
    on stderr naming the new spelling (``notices.deprecated``: once a release, never
    with --json)."""
    params = {param.name: param for param in command.params}
    taken = {name for param in command.params for name in param.opts}
    chosen = [alias for alias in aliases if alias.dest in params and alias.old not in taken]
    if not chosen:
        return command
    for alias in chosen:
        command.params.append(
            click.Option(
                [alias.old, _hidden_name(alias)],
                is_flag=alias.is_flag,
                default=False if alias.is_flag else None,
                hidden=True,
            )
        )
    callback = command.callback
    assert callback is not None

    @functools.wraps(callback)
    def wrapper(**kwargs: Any) -> Any:
        from searchlab.cli.notices import deprecated

        ctx = click.get_current_context()
        for alias in chosen:
            value = kwargs.pop(_hidden_name(alias), None)
            if value is None or value is False:
                continue
            deprecated(f"{alias.old} is deprecated and will be removed: write {alias.new}")
            if kwargs.get(alias.dest) in (None, False):
                kwargs[alias.dest] = params[alias.dest].process_value(ctx, value)
        return callback(**kwargs)

    command.callback = wrapper
    return command


def _hidden_name(alias: Alias) -> str:
    return "old_" + alias.old.lstrip("-").replace("-", "_")


def note(message: str) -> None:
    """A one-line notice on stderr (stdout stays clean for --json)."""
    click.echo(f"searchlab: note: {message}", err=True)
