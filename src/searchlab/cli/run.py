"""``searchlab run``: search your own problem with every algorithm, as the built-in
domains are searched (``searchlab.domains.user`` says what a problem may offer)."""

from __future__ import annotations

from typing import Any

import click

from searchlab.cli.domains import run_solve, search_options
from searchlab.cli.options import add_renamed, apply, param_option
from searchlab.domains.user import load_problem, parse_params
from searchlab.domains.watchdog import ending_the_process


@click.command(
    "run",
    short_help="Search your own problem (module:factory or file.py) with any algorithm.",
)
@click.argument("target")
@click.argument("state", required=False)
@param_option("the factory")
@apply(search_options(None))
def run(target: str, state: str | None, params: tuple[str, ...], **kwargs: Any) -> None:
    """Search the problem TARGET makes: ``module:factory``, or ``file.py`` (its function
    ``problem``) or ``file.py:factory``. The factory returns an object with
    ``initial``, ``successors(state)`` yielding (move, next_state, cost) and
    ``is_goal(state)``; it may add ``heuristics`` (name -> h), ``format_state``,
    ``parse_state``, ``draw`` and ``unit_costs``. STATE, if given, is the start (a
    Python literal, or the problem's own notation); else its ``initial``. A factory
    that returns a CSP (searchlab.algorithms.csp) is solved by the CSP solvers
    (csp-backtracking, the default, with --inference, --variable-order, …; min-conflicts).

    Every algorithm, limit and output of ``searchlab DOMAIN solve`` works here:
    --show-path, --json (docs/json.md), --trace-out FILE.jsonl (every event), and the
    same exit status (0 solved, 1 no solution, 2 bad input, 3 limit reached).

    Your code runs in this process, with your rights, under guards: --max-seconds
    stops it even inside a successors() that never returns or yields forever (exit 3,
    with the statistics so far; Ctrl-C likewise, exit 130); a single call into C code
    that cannot be interrupted (sum(range(10**13))) ends the process 1 s past the
    limit, with one line naming it (exit 2); one state may have at most 1,000,000
    successors; an exception or sys.exit() in your code ends with exit 2 and one line
    naming the call, file and line; a state that cannot be printed is named by its type.

    \b
    Examples:
      searchlab run examples/romania.py --algorithm astar --heuristic straight-line
      searchlab run examples/romania.py -p start=Sibiu --algorithm uniform-cost
      searchlab run examples/hanoi.py -p discs=4 --show-path
      searchlab run examples/water_jugs.py --algorithm bfs --json
    """
    domain = load_problem(target, parse_params(params))
    with ending_the_process():  # a call stuck in C past --max-seconds ends the process
        run_solve(domain, state, **kwargs)


add_renamed(run)
