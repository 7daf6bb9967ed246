"""One command group per registered domain, built from its descriptor.

Every domain gets ``solve`` (a search from a start, with any algorithm it offers, the
same options everywhere) and, if it has random starts, ``random``; its extra commands
(the seeds' own programs, the kernels' records) are added from the module its
descriptor names. ``searchlab run`` (``cli/run.py``) reuses ``run_solve`` for a user's
own problem.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import click

from searchlab.algorithms.registry import ALGORITHMS, SEARCHES
from searchlab.cli.notices import deprecated
from searchlab.cli.options import (
    JSON,
    add_renamed,
    apply,
    click_option,
    flag,
    limit_options,
    seed_option,
)
from searchlab.cli.output import progress, searching
from searchlab.cli.report import (
    bounded,
    exit_status,
    pasteable,
    print_document,
    print_result,
    print_solution,
    wrap,
)
from searchlab.core.encoding import EventEncoder
from searchlab.core.errors import InputError
from searchlab.core.events import Event, Observer
from searchlab.core.limits import Limits
from searchlab.core.options import Option
from searchlab.core.outfile import atomic
from searchlab.core.result import Status, no_path
from searchlab.domains.base import Domain, RandomSpec, SearchRequest
from searchlab.domains.drawing import to_text

SOLUTIONS = Option(
    "solutions",
    "int",
    "print the first K solutions (algorithms that find every solution)",
    low=1,
    high=1_000_000,
    metavar="K",
)


def algorithm_help(domain: Domain[Any, Any]) -> str:
    names = ", ".join(domain.algorithms)
    return f"One of: {names} (default {domain.default_algorithm}; see `searchlab algorithms`)."


def heuristic_help(domain: Domain[Any, Any]) -> str:
    parts = []
    for name, spec in domain.heuristics.items():
        claim = "" if spec.admissible else " (not admissible)"
        parts.append(f"{name}{claim}")
    default = domain.default_heuristic or domain.default_heuristic_note or "the domain's"
    return f"One of: {', '.join(parts)}. Default: {default}."


def _named(flag: str, short: str, help: str) -> Any:
    """An option naming one of the domain's choices (checked by the domain, which lists
    them when the name is unknown)."""
    return click.option(flag, short, metavar=short.lstrip("-").upper(), help=help)


def search_options(domain: Domain[Any, Any] | None) -> list[Any]:
    """The options of ``solve`` (and ``run``): the same names in every domain. Without a
    domain (``run``) every algorithm and option of the engine is offered."""
    offered = domain.algorithms if domain is not None else SEARCHES
    # run takes a CSP factory too, so it takes the CSP solvers' options as well
    with_options = domain.algorithms if domain is not None else tuple(ALGORITHMS)
    algorithm_options: dict[str, Option] = {}
    for name in with_options:
        for option in ALGORITHMS[name].options:
            algorithm_options[option.name] = option
    options: list[Any] = []
    if domain is None or domain.takes_goal:
        names = f" ({', '.join(domain.goals)}, or a state)" if domain and domain.goals else ""
        options.append(click.option("--goal", "-g", metavar="G", help=f"The goal{names}."))
    options.append(
        _named(
            "--algorithm",
            "-a",
            algorithm_help(domain) if domain else "Any algorithm of `searchlab algorithms`.",
        )
    )
    if domain is None or len(domain.heuristics):
        options.append(
            _named(
                "--heuristic",
                "-H",
                heuristic_help(domain) if domain else "A heuristic the problem defines.",
            )
        )
    options += [click_option(option) for option in algorithm_options.values()]
    if domain is not None:
        options += [click_option(option) for option in domain.params]
    options.append(seed_option())
    if domain is not None and len(domain.engines) > 1:
        engines = ", ".join(("auto", *domain.engines))
        options.append(
            click.option(
                "--engine",
                metavar="E",
                help=f"One of {engines}: auto takes the compiled engine when it gives the "
                "same answer.",
            )
        )
    options += limit_options()
    if any(ALGORITHMS[name].stream for name in offered):
        options += [
            click.option("--all", "every", is_flag=True, help="Print every solution (dfs)."),
            click_option(SOLUTIONS),
            click.option(
                "--next",
                "ask",
                is_flag=True,
                help="After each solution, ask whether to look for another (dfs).",
            ),
        ]
    options += [
        click.option(
            "--show-path", is_flag=True, help="Draw every state of the path, --- between."
        ),
        click.option(
            "--trace-out",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Write every event of the search to FILE.jsonl, one JSON object a line.",
        ),
        JSON,
    ]
    return options


@dataclass(frozen=True)
class Reporting:
    """How ``solve`` reports, from its options of these names: every solution
    (``--all``), the first ``solutions``, or asking after each (``--next``); the path
    drawn; every event written to ``trace_out``; one JSON document."""

    every: bool = False
    solutions: int | None = None
    ask: bool = False
    show_path: bool = False
    trace_out: Path | None = None
    as_json: bool = False

    @classmethod
    def take(cls, options: dict[str, Any]) -> Reporting:
        """The reporting options, taken out of a command's keyword arguments."""
        names = [field.name for field in fields(cls)]
        return cls(**{name: options.pop(name) for name in names if name in options})

    def check_stream(self) -> None:
        """Refuse the options that exclude each other (``--all`` with ``--solutions``,
        ``--next`` with any of ``--json``, ``--all``, ``--solutions``)."""
        if self.every and self.solutions is not None:
            raise InputError("--all and --solutions exclude each other: choose one")
        if self.ask and (self.as_json or self.every or self.solutions is not None):
            raise InputError(
                "--next asks after each solution: use it without --json, --all, --solutions"
            )

    @property
    def one_by_one(self) -> bool:
        """Whether solutions are wanted one at a time, from the lazy stream."""
        return self.every or self.solutions is not None or self.ask


def solve_request(
    domain: Domain[Any, Any], state: str | None, options: dict[str, Any], *, observed: bool
) -> SearchRequest:
    """The request ``solve``'s options ask for, built by the one request builder
    (``Domain.request_from``): ``state`` as typed (``-`` reads it from stdin; None: the
    domain's default start), the limits (``max_expanded``, ``max_seconds``, taken out
    of ``options``), and every other option by its field's name."""
    limits = Limits(options.pop("max_expanded", None), options.pop("max_seconds", None))
    start = sys.stdin.read() if state == "-" else state
    return domain.request_from({"start": start, **options}, limits, observed=observed)


def run_solve(domain: Domain[Any, Any], state: str | None, **options: Any) -> None:
    """``solve``: build the request (every refusal before any work), run it, report it,
    and exit with the house status. ``options`` are the command's by name
    (``search_options``): how to report (``Reporting``), and the request's fields
    (``solve_request``)."""
    reporting = Reporting.take(options)
    trace_out = reporting.trace_out
    request = solve_request(domain, state, options, observed=trace_out is not None)
    if trace_out is not None:
        _check_writable(trace_out)
    if request.info.stream or reporting.one_by_one:
        _solve_stream(domain, request, reporting)
        return
    as_json = reporting.as_json
    _prepare(domain, request, quiet=as_json)
    busy = searching(lambda: f"searching with {request.algorithm}…", enabled=not as_json)
    with _trace(domain, trace_out) as observer, busy:
        result = domain.search(request, observer)
    if as_json:
        document = bounded(domain.document(request, result), show_path=reporting.show_path)
        print_document(document, domain.legacy_keys)
    else:
        print_result(domain, request, result, show_path=reporting.show_path)
        if trace_out is not None:
            click.echo(f"events written to {trace_out}")
    sys.exit(exit_status(result.status))


def _prepare(domain: Domain[Any, Any], request: SearchRequest, *, quiet: bool) -> None:
    """The domain's set-up (databases), with a progress bar when it has to build."""
    with progress("loading", None, enabled=not quiet) as bar:

        def report(what: str, done: int, total: int) -> None:
            bar.update(description=f"building {what}", completed=done, total=total)

        domain.prepare(request, report)


def _check_writable(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise InputError(f"{path} is a folder, not a file", field="trace_out")
    if not folder.is_dir():
        raise InputError(f"the folder {folder} does not exist", field="trace_out")


@contextlib.contextmanager
def _trace(domain: Domain[Any, Any], path: Path | None) -> Iterator[Observer | None]:
    """An observer writing each event as a JSON line to a temporary file beside
    ``path``, renamed over it when the search ends (never a half-written file)."""
    if path is None:
        yield None
        return
    encoder = EventEncoder(state=domain.encode, move=domain.encode_move)
    with atomic(path) as temporary, temporary.open("w", encoding="utf-8") as out:

        def write(event: Event) -> None:
            out.write(json.dumps(encoder(event), ensure_ascii=False) + "\n")

        yield write


def _solve_stream(domain: Domain[Any, Any], request: SearchRequest, reporting: Reporting) -> None:
    """Solutions one by one from the lazy stream (``--all``, ``--solutions K``,
    ``--next``): nothing is computed past the solution asked for."""
    reporting.check_stream()
    every, wanted, as_json = reporting.every, reporting.solutions, reporting.as_json
    with _trace(domain, reporting.trace_out) as observer:
        stream = domain.stream(request, observer)
        found: list[Any] = []
        last = None

        def looking() -> str:
            return (
                f"looking for solution {len(found) + 1}: "
                f"{stream.stats.generated:,} states generated"
            )

        while True:
            with searching(looking, enabled=not as_json):
                result = next(stream, None)
            if result is None:
                break
            last = result
            found.append(result.final_state)
            if not as_json:
                print_solution(domain, request, len(found), result, show_path=reporting.show_path)
            more = ask_for_more() if reporting.ask else every or len(found) < (wanted or 1)
            if not more:
                break
    status = stream.status or Status.SOLVED
    if last is None:
        last = no_path(status, stream.stats, stream.limit)
    if as_json:
        document = domain.document(request, last)
        document.update(
            status=str(status if not found else Status.SOLVED),
            solutions=[domain.encode(state) for state in found],
            count=len(found),
            exhausted=stream.exhausted,
            stats=stream.stats.to_dict(),
        )
        print_document(document, domain.legacy_keys)
        sys.exit(exit_status(document["status"]))
    click.echo(wrap(domain.describe_stream(request, len(found), stream)))
    sys.exit(exit_status(Status.SOLVED if found else status))


def ask_for_more() -> bool:
    """``--next``: whether the user wants another solution (no, on Ctrl-C or end of input)."""
    try:
        return click.confirm("Look for another solution?", default=True)
    except click.Abort:
        return False


def solve_command(domain: Domain[Any, Any]) -> click.Command:
    """The ``solve`` command of ``domain``."""
    examples = "\n".join(
        f"  searchlab {domain.name} solve {example}" for example in domain.examples
    )
    presets = ""
    if domain.presets:
        presets = f"\n\nNamed starts: {', '.join(domain.presets)}."
    help_text = (
        f"Search {domain.title.lower() or domain.name} from STATE (- reads it from stdin)."
        f"\n\nSTATE: {domain.notation}{presets}"
        "\n\nPrints how the search ended, the moves, states expanded and generated, the "
        "peak frontier and the time (set-up such as loading databases apart); --show-path "
        "draws every state of the path. Exit status: 0 solved, 1 no solution, 2 bad "
        "input, 3 a limit stopped it first. --json prints the result in the one schema "
        "of docs/json.md (status, solved, optimal, cost, length, moves, path, final, "
        "limit, stats, and run: every parameter needed to run it again)."
        f"\n\n\b\nExamples:\n{examples}"
    )

    @click.command(
        "solve",
        help=help_text,
        short_help=f"Search {domain.title.lower() or domain.name} with any algorithm.",
    )
    @click.argument("state", required=not domain.has_default_start)
    @apply(search_options(domain))
    def solve(state: str | None, **kwargs: Any) -> None:
        run_solve(domain, state, **kwargs)

    return add_renamed(solve)


def random_command(domain: Domain[Any, Any]) -> click.Command:
    """``random``: a random start, printed so it can be pasted back into ``solve``."""
    assert domain.size is not None
    size_option = domain.size

    @click.command(
        "random",
        short_help="Print a random solvable start, ready to paste into solve.",
        help=(
            f"Print a random start of {domain.title.lower() or domain.name}, drawn "
            f"{domain.random_draw}, ready to paste into "
            f"`searchlab {domain.name} solve`. Without --seed one is drawn and printed, "
            'so the start can be drawn again. --json: {"size", "seed", "start", '
            '"goal"}.'
            f"\n\n\b\nExample:\n  searchlab {domain.name} random --size "
            f"{size_option.default} --seed 7"
        ),
    )
    @click_option(size_option)
    @apply(
        [click.option("--goal", "-g", metavar="G", help="The goal to reach.")]
        if domain.takes_goal
        else []
    )
    @seed_option()
    @JSON
    def random_start(
        size: int | None, seed: int | None, as_json: bool, goal: str | None = None
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        start = domain.random_start(random.Random(seed), RandomSpec(size, goal))
        state = domain.start_state(start)
        target = domain.parse_goal(goal, start) if domain.takes_goal else None
        if as_json:
            payload = {
                "size": size if size is not None else size_option.default,
                "seed": seed,
                "start": domain.encode_start(start),
                "goal": None if target is None else domain.encode(target),
            }
            print_document(payload, domain.legacy_random_keys)
            return
        click.echo(to_text(domain.draw(state)))
        for label, text, goal_to_name in domain.describe_random(start, target):
            hint = f"(add --goal {goal_to_name})" if goal_to_name else ""
            click.echo(pasteable(label, text, hint))
        click.echo(f"seed: {seed}")

    return add_renamed(random_start)


def domain_group(domain: Domain[Any, Any]) -> click.Group:
    """The command group of a domain: solve, random, and its own extra commands."""
    examples = "\n".join(
        f"  searchlab {domain.name} solve {example}" for example in domain.examples
    )

    @click.group(
        domain.name,
        cls=DomainGroup,
        help=(
            f"{domain.summary}\n\nA start is written as {domain.notation}"
            f"\n\n\b\nExamples:\n{examples}"
        ),
        short_help=domain.summary,
    )
    def group() -> None:
        pass

    group.add_command(solve_command(domain))
    if domain.has_random and domain.size is not None:
        group.add_command(random_command(domain))
    if domain.commands:
        module_name, attribute = domain.commands.split(":")
        extras: Callable[[click.Group, Domain[Any, Any]], None] = getattr(
            importlib.import_module(module_name), attribute
        )
        extras(group, domain)
    assert isinstance(group, DomainGroup)
    group.fallback = domain.cli_fallback
    group.rewrites = dict(domain.cli_fallback_rewrites)
    return group


class DomainGroup(click.Group):
    """A domain's group; ``fallback`` (if set) is the command that arguments not naming
    a command go to, for the 0.1 spelling ``searchlab schedule FILE``."""

    fallback: str | None = None
    rewrites: dict[str, str] = {}  # noqa: RUF012 - set per instance by domain_group

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        first = args[0] if args else None
        if self.fallback and first not in (None, *self.commands, *ctx.help_option_names):
            old = " ".join(args)
            args = [self.fallback, *(self.rewrites.get(arg, arg) for arg in args)]
            deprecated(
                f"`searchlab {self.name} {old}` is deprecated and will be removed: "
                f"write `searchlab {self.name} {' '.join(args)}`",
                as_json="--json" in args,
            )
        return super().parse_args(ctx, args)


__all__ = [
    "domain_group",
    "flag",
    "run_solve",
    "search_options",
    "solve_command",
    "solve_request",
]
