"""The commands every constraint satisfaction domain has besides ``solve`` and
``random``: ``propagate`` (AC-3 alone) and ``count`` (every solution, or up to K: 2
tells a unique solution from several). Their options are the domain's own and the CSP
solver's, built from the same ``Option`` specs as ``solve``'s."""

from __future__ import annotations

import sys
from typing import Any

import click

from searchlab.algorithms.csp import ac3
from searchlab.algorithms.registry import ALGORITHMS
from searchlab.cli.options import JSON, apply, click_option, engine_option, limit_options
from searchlab.cli.output import count_stream
from searchlab.cli.report import EXIT_LIMIT, EXIT_NO_SOLUTION, fits, wrap
from searchlab.core.errors import InputError
from searchlab.core.limits import Limits
from searchlab.core.options import Option
from searchlab.domains.csp import CSPDomain, csp_figures, how, strategy_of
from searchlab.domains.drawing import to_text

AT_MOST = Option(
    "at_most",
    "int",
    "stop counting at K solutions (2: is the solution unique?)",
    low=1,
    high=10**12,
    metavar="K",
)


def _start(domain: CSPDomain, state: str) -> Any:
    return domain.parse_start(sys.stdin.read() if state == "-" else state)


def _params(domain: CSPDomain, given: dict[str, Any]) -> dict[str, Any]:
    return {option.name: given.pop(option.name, None) for option in domain.params}


def propagate_command(domain: CSPDomain) -> click.Command:
    @click.command(
        "propagate",
        short_help="AC-3 alone: narrow every domain, no search.",
        help=(
            f"Make every arc of a {domain.title.lower()} consistent with AC-3 and show what "
            "is left, without searching: AC-3 alone may solve it, prove that it has no "
            "solution (a domain emptied), or only narrow it. Exit status 0, or 1 when it "
            "proves there is no solution. --json: {consistent, solved, wiped, open, "
            "removed, checks, seconds, state, solution}."
            f"\n\nSTATE: {domain.notation}"
            f"\n\n\b\nExample:\n  searchlab {domain.name} propagate "
            f"{next(iter(domain.presets), 'STATE')}"
        ),
    )
    @click.argument("state")
    @apply([click_option(option) for option in domain.params])
    @JSON
    def propagate(state: str, as_json: bool, **given: Any) -> None:
        from searchlab.core.options import parse_options

        start = _start(domain, state)
        params = parse_options(domain.params, _params(domain, given), where=domain.title)
        problem = domain.csp_problem(start, params)
        found = ac3(problem)
        if as_json:
            from searchlab.cli.main import print_json

            print_json(
                {
                    "domain": domain.name,
                    "start": domain.encode_start(start),
                    "consistent": found.consistent,
                    "solved": found.solved,
                    "wiped": None if found.wiped is None else str(found.wiped),
                    "open": found.open,
                    "removed": found.removed,
                    "checks": found.stats.checks,
                    "seconds": round(found.stats.seconds, 6),
                    "state": domain.encode(found.state),
                    "solution": None if not found.solved else domain.solution_json(found.state),
                }
            )
        else:
            drawing = domain.draw(found.state, problem)
            if fits(drawing):
                click.echo(to_text(drawing))
            figures = (
                f"({found.removed:,} values removed, {found.stats.checks:,} consistency "
                f"checks, {found.stats.seconds:.3f} s)"
            )
            if not found.consistent:
                click.echo(
                    wrap(f"AC-3 proves there is no solution: {found.wiped} has no value left. ")
                    + figures
                )
            elif found.solved:
                click.echo(wrap(f"AC-3 alone solves it {figures}."))
            else:
                variables = len(found.state.csp)
                click.echo(
                    wrap(
                        f"AC-3 leaves {found.open:,} of {variables:,} variables with more than "
                        f"one value: a search must finish it {figures}."
                    )
                )
        sys.exit(0 if found.consistent else EXIT_NO_SOLUTION)

    return propagate


def count_command(domain: CSPDomain) -> click.Command:
    options = ALGORITHMS["csp-backtracking"].options

    @click.command(
        "count",
        short_help="How many solutions (up to K): unique, several, none.",
        help=(
            f"Count the solutions of a {domain.title.lower()} by backtracking (every "
            "option of csp-backtracking applies), or stop at --at-most K: with 2 it says "
            "whether the solution is unique. Exit status 0 when there is one, 1 when "
            "there is none, 3 when a limit stopped the count. --json: {count, complete, "
            "at_most, limit, strategy, engine, stats, run}."
            f"\n\nSTATE: {domain.notation}"
            f"\n\n\b\nExample:\n  searchlab {domain.name} count "
            f"{next(iter(domain.presets), 'STATE')} --at-most 2"
        ),
    )
    @click.argument("state")
    @apply([click_option(option) for option in domain.params])
    @apply([click_option(option) for option in options])
    @click_option(AT_MOST)
    @apply(limit_options())
    @engine_option(
        "kernel: the engine's compiled core (binary constraints, domains of at most "
        "62 values, static or MRV order, no inference or FC, chronological; same tree and "
        "counts); generic: the Python engine (every option); auto: the kernel when it "
        "can walk the request.",
        ("auto", "kernel", "generic"),
    )
    @JSON
    def count(
        state: str,
        at_most: int | None,
        max_expanded: int | None,
        max_seconds: float | None,
        engine: str,
        as_json: bool,
        **given: Any,
    ) -> None:
        start = _start(domain, state)
        params = _params(domain, given)
        request = domain.request(
            start,
            parsed=True,
            algorithm="csp-backtracking",
            options={key: value for key, value in given.items() if value is not None},
            params=params,
            limits=Limits(max_expanded, max_seconds),
        )
        problem = domain.problem(request)
        strategy = strategy_of(request)
        assert strategy is not None
        compiled = None
        if engine != "generic":
            from searchlab.algorithms.csp.kernel import compile_network, supports

            if supports(strategy) and max_seconds is None:
                compiled = compile_network(problem.network)
            if compiled is None and engine == "kernel":
                raise InputError(
                    "the compiled core walks binary constraints on domains of at most 62 "
                    "values, with static or MRV order, no inference or FC, chronological "
                    "backtracking and no time limit: not this request",
                    field="engine",
                    hint=("engine", "generic"),
                )
        if compiled is not None:
            from searchlab.algorithms.csp.kernel import load, run_kernel

            load()
            counted = run_kernel(
                problem.network,
                strategy,
                at_most=at_most,
                max_expanded=max_expanded,
                compiled=compiled,
            )
            total, stats, complete = counted.count, counted.stats, counted.complete
            limit = "max_expanded" if counted.stopped else None
            ran = "kernel"
        else:
            stream = domain.stream(request)
            total = count_stream(
                stream,
                lambda found: f"counting: {found:,} solutions so far, "
                f"{stream.stats.assignments:,} assignments",
                at_most=at_most,
                enabled=not as_json,
            )
            stats, complete, limit, ran = stream.stats, stream.exhausted, stream.limit, "generic"
        if as_json:
            from searchlab.cli.main import print_json

            print_json(
                {
                    "domain": domain.name,
                    "start": domain.encode_start(start),
                    "count": total,
                    "complete": complete,
                    "at_most": at_most,
                    "limit": limit,
                    "strategy": how(request),
                    "engine": ran,
                    "stats": stats.to_dict(),
                    "run": domain.run_json(request),
                }
            )
        else:
            if complete and total == 1:
                verdict = "1 solution: it is unique"
            elif complete:
                verdict = f"{total:,} solution{'' if total == 1 else 's'}" + (
                    " in all" if total else ": there is none"
                )
            elif limit is not None:
                verdict = (
                    f"{total:,} solutions found before the {limit.replace('_', '-')} "
                    "limit stopped the count"
                )
            else:
                verdict = f"at least {total:,} solutions (stopped at {at_most:,})"
            click.echo(wrap(f"{verdict}, {how(request)}, {ran} {csp_figures(stats)}"))
        if limit is not None:
            sys.exit(EXIT_LIMIT)
        sys.exit(0 if total else EXIT_NO_SOLUTION)

    return count


def csp_commands(group: click.Group, domain: Any) -> None:
    """Add ``propagate`` and ``count`` to a CSP domain's group."""
    assert isinstance(domain, CSPDomain)
    group.add_command(propagate_command(domain))
    group.add_command(count_command(domain))
