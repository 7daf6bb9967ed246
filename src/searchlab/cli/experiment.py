"""``searchlab experiment``: many runs, one table (and a chart), reproducible anywhere.

Every experiment takes --seed (the numbers depend on it and on nothing else: not on
--jobs, not on the cluster), --jobs/--cluster (where trials run), --out/--resume (a
JSON Lines file that keeps every finished trial), --json and --plot.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from searchlab.core.errors import InputError

F = TypeVar("F", bound=Callable[..., Any])

_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")


def parse_names(text: str, option: str) -> list[str]:
    """``a,b,c`` -> [a, b, c], blanks dropped; an empty list is an InputError."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise InputError(f"{option} needs at least one value")
    return list(dict.fromkeys(names))


def parse_ints(text: str, option: str) -> list[int]:
    """Integers: ``2,4,8``, a range ``2..6``, or a progression ``2,4,...,24`` (the step
    taken from the two terms before the dots)."""
    parts = parse_names(text.replace("…", "..."), option)
    values: list[int] = []
    index = 0
    while index < len(parts):
        part = parts[index]
        if part == "...":
            if len(values) < 2 or index + 1 >= len(parts):
                raise InputError(f"{option} {text!r}: write a progression as 2,4,...,24")
            step = values[-1] - values[-2]
            end = _int(parts[index + 1], option)
            if step <= 0 or end < values[-1]:
                raise InputError(f"{option} {text!r}: a progression must increase")
            values.extend(range(values[-1] + step, end + 1, step))
            if values[-1] != end:
                raise InputError(f"{option} {text!r}: {end} is not on the progression")
            index += 2
            continue
        matched = _RANGE.match(part)
        if matched:
            low, high = int(matched.group(1)), int(matched.group(2))
            if high < low:
                raise InputError(f"{option} {text!r}: the range {part} is empty")
            values.extend(range(low, high + 1))
        else:
            values.append(_int(part, option))
        index += 1
    return list(dict.fromkeys(values))


def _int(text: str, option: str) -> int:
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise InputError(f"{option}: {text!r} is not a whole number") from None


def common_options(function: F) -> F:
    """The options every experiment shares."""
    options = [
        click.option(
            "--seed",
            type=int,
            default=1,
            show_default=True,
            help="Fixes every random choice: the same seed gives the same numbers on any "
            "number of processes or machines.",
        ),
        click.option(
            "--jobs",
            "-j",
            type=int,
            default=None,
            help="Worker processes (default: all cores; 1 runs in this process). With "
            "--cluster local: the number of Dask workers.",
        ),
        click.option(
            "--cluster",
            metavar="tcp://HOST:PORT|local",
            default=None,
            help="Run the trials on a Dask cluster: an existing scheduler's address, or "
            "'local' to start one here for the run. Needs: pip install 'searchlab[cluster]'; "
            "remote workers need searchlab installed too.",
        ),
        click.option(
            "--out",
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="Append each finished trial to this JSON Lines file as it completes.",
        ),
        click.option(
            "--resume",
            is_flag=True,
            help="Skip the trials already in --out (after a crash, a Ctrl-C or a kill).",
        ),
        click.option(
            "--plot",
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="Also draw a chart to FILE.png or FILE.svg.",
        ),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _execute(
    module: Any,
    trial_specs: list[dict[str, Any]],
    parameters: dict[str, Any],
    *,
    jobs: int | None,
    cluster: str | None,
    out: Path | None,
    resume: bool,
    plot: Path | None,
    as_json: bool,
    description: str,
    largest_chunk: int,
) -> None:
    """Run the trials, summarize, draw, print: the part all experiments share."""
    from searchlab.experiments.executors import worker_pool
    from searchlab.experiments.runner import WorkerFailure, run_trials

    try:
        with worker_pool(jobs, cluster) as pool:
            results = run_trials(
                module.trial,
                trial_specs,
                pool=pool,
                out=out,
                resume=resume,
                largest_chunk=largest_chunk,
                description=description,
            )
    except WorkerFailure as failure:
        raise click.ClickException(str(failure)) from None
    report = module.summarize(parameters, trial_specs, results)
    if plot is not None:
        from searchlab.experiments.plotting import write_plot

        write_plot(report, plot)
    if as_json:
        from searchlab.cli.main import print_json

        print_json(report.to_dict())
        return
    from searchlab.cli.output import console
    from searchlab.experiments.tables import report_table

    # On a terminal rich fits the table to it; into a pipe or a file, nothing is cut.
    screen = console()
    if not screen.is_terminal:
        from rich.console import Console

        screen = Console(highlight=False, width=240)
    screen.print(report_table(report))
    if plot is not None:
        screen.print(f"chart written to {plot}")


def _preflight(plot: Path | None, resume: bool, out: Path | None) -> None:
    """Checks that must fail before any trial runs."""
    if plot is not None:
        from searchlab.experiments.plotting import check_plot_path

        check_plot_path(plot)
    if resume and out is None:
        raise InputError("--resume needs --out FILE: the file to resume from")


def _with_preflight(function: F) -> F:
    @functools.wraps(function)
    def wrapper(**kwargs: Any) -> Any:
        _preflight(kwargs.get("plot"), kwargs.get("resume", False), kwargs.get("out"))
        from searchlab.experiments.executors import check_cluster, check_jobs

        check_jobs(kwargs.get("jobs"))
        check_cluster(kwargs.get("cluster"))
        return function(**kwargs)

    return wrapper  # type: ignore[return-value]


@click.group()
def experiment() -> None:
    """Measure the claims: many runs of a search, summarised as a table and a chart.

    \b
      hill-climbing   success rate and moves of hill climbing on N-queens
      astar-depth     8-puzzle: nodes generated against solution depth, b*
      bratko          Bratko's three positions under every algorithm
      min-conflicts   min-conflicts repair on huge boards: steps, seconds

    Trials run on all cores by default (--jobs), or on a Dask cluster (--cluster).
    The same --seed gives the same numbers however the trials are spread.
    """


@experiment.command("hill-climbing")
@click.option("--n", "n", type=int, default=8, show_default=True, help="Board size.")
@click.option(
    "--trials", type=int, default=1000, show_default=True, help="Random starts per variant."
)
@click.option(
    "--moves",
    default="column,free",
    show_default=True,
    help="Move operators: column (a queen moves in its column), free (to any square).",
)
@click.option(
    "--heuristic",
    "heuristics",
    default="attackers,attacks,pairs",
    show_default=True,
    help="Heuristics: attackers (queens under attack), attacks (each attack, twice per "
    "pair), pairs (attacking pairs, as in AIMA).",
)
@click.option(
    "--sideways",
    default="0,100",
    show_default=True,
    help="Limits on sideways (equal-value) moves in a row.",
)
@click.option(
    "--restarts", type=int, default=0, show_default=True, help="Random restarts after a failure."
)
@click.option(
    "--tie-break",
    default="random",
    show_default=True,
    help="Among equally good moves take the first, the last, or a random one (AIMA's).",
)
@common_options
@_with_preflight
def hill_climbing(
    n: int,
    trials: int,
    moves: str,
    heuristics: str,
    sideways: str,
    restarts: int,
    tie_break: str,
    **common: Any,
) -> None:
    """Hill climbing on N-queens from random starts, one row per variant.

    For every combination of --moves, --heuristic and --sideways: the share of random
    starts solved, mean moves when solved and when stuck, mean states generated.
    AIMA reports 14% solved (4 moves; 3 when stuck) for steepest descent on 8 queens,
    and 94% with up to 100 sideways moves.

    \b
    Example: searchlab experiment hill-climbing --trials 2000 --plot hc.png
    """
    from searchlab.experiments import hill_climbing as module

    move_list = parse_names(moves, "--moves")
    heuristic_list = parse_names(heuristics, "--heuristic")
    sideways_list = parse_ints(sideways, "--sideways")
    move_list, heuristic_list = module.check(
        n=n,
        trials=trials,
        moves=move_list,
        heuristics=heuristic_list,
        sideways=sideways_list,
        restarts=restarts,
        tie_break=tie_break,
    )
    parameters = {
        "n": n,
        "trials": trials,
        "moves": move_list,
        "heuristics": heuristic_list,
        "sideways": sideways_list,
        "restarts": restarts,
        "tie_break": tie_break,
        "seed": common["seed"],
    }
    trial_specs = module.specs(
        n=n,
        trials=trials,
        moves=move_list,
        heuristics=heuristic_list,
        sideways=sideways_list,
        restarts=restarts,
        tie_break=tie_break,
        seed=common["seed"],
    )
    _run(module, trial_specs, parameters, common, "hill climbs", 256)


@experiment.command("astar-depth")
@click.option("--size", type=int, default=3, show_default=True, help="Board side (3 only).")
@click.option(
    "--depths",
    default="2,4,...,24",
    show_default=True,
    help="Solution depths: a list, a range 2..10, or a progression 2,4,...,24 (0 to 31).",
)
@click.option(
    "--per-depth",
    type=int,
    default=100,
    show_default=True,
    help="Boards per depth (AIMA averaged 100).",
)
@click.option(
    "--heuristics",
    default="misplaced,manhattan,linear-conflict",
    show_default=True,
    help="Heuristics for the informed algorithms (AIMA's h1 = misplaced, h2 = manhattan).",
)
@click.option(
    "--algorithms",
    default="astar",
    show_default=True,
    help="Algorithms, e.g. astar,ida; an uninformed one (iterative-deepening, bfs) runs once.",
)
@click.option(
    "--max-expanded",
    type=int,
    default=None,
    help="Stop a search after this many expansions (it then counts as unsolved).",
)
@common_options
@_with_preflight
def astar_depth(
    size: int,
    depths: str,
    per_depth: int,
    heuristics: str,
    algorithms: str,
    max_expanded: int | None,
    **common: Any,
) -> None:
    """Nodes generated against solution depth on the 8-puzzle, with b*.

    For each depth, --per-depth boards are drawn uniformly among all boards whose
    shortest solution has exactly that many moves, and solved by every algorithm and
    heuristic. b* solves N + 1 = 1 + b* + ... + b*^d for the mean N generated: the
    textbook's effective branching factor.

    \b
    Example: searchlab experiment astar-depth --depths 2,4,...,20 --per-depth 50 --plot a.svg
    """
    from searchlab.experiments import astar_depth as module

    depth_list = parse_ints(depths, "--depths")
    algorithm_list = parse_names(algorithms, "--algorithms")
    heuristic_list = parse_names(heuristics, "--heuristics")
    pairs, goal = module.check(
        size=size,
        depths=depth_list,
        per_depth=per_depth,
        algorithms=algorithm_list,
        heuristics=heuristic_list,
        max_expanded=max_expanded,
    )
    parameters = {
        "size": size,
        "depths": depth_list,
        "per_depth": per_depth,
        "algorithms": list(dict.fromkeys(a for a, _ in pairs)),
        "heuristics": list(dict.fromkeys(h for _, h in pairs if h != module.NO_HEURISTIC)),
        "goal": list(goal),
        "max_expanded": max_expanded,
        "seed": common["seed"],
    }
    trial_specs = module.specs(
        depths=depth_list,
        per_depth=per_depth,
        pairs=pairs,
        goal=goal,
        seed=common["seed"],
        max_expanded=max_expanded,
    )
    _run(module, trial_specs, parameters, common, "8-puzzle searches", 8)


@experiment.command("bratko")
@click.option("--positions", default="a,b,c", show_default=True, help="Positions of fig. 12.7.")
@click.option(
    "--algorithms", default=None, help="Algorithms to run (default: every one in the engine)."
)
@click.option(
    "--heuristics", default=None, help="Heuristics for informed algorithms (default: all)."
)
@click.option("--weight", type=float, default=2.0, show_default=True, help="w of weighted A*.")
@click.option(
    "--max-expanded",
    type=int,
    default=200_000,
    show_default=True,
    help="Stop a search after this many expansions (uninformed depth-first would not end).",
)
@common_options
@_with_preflight
def bratko(
    positions: str,
    algorithms: str | None,
    heuristics: str | None,
    weight: float,
    max_expanded: int,
    **common: Any,
) -> None:
    """Bratko's positions (a), (b), (c) under every algorithm and heuristic, one table.

    Shows the length found against the shortest (from a breadth-first count of all
    boards), states expanded and generated, and how many expanded states lie off the
    path returned: the document claims none for (a) and (b) with its heuristic.
    """
    from searchlab.experiments import bratko as module

    runs = module.pairs(
        parse_names(algorithms, "--algorithms") if algorithms else None,
        parse_names(heuristics, "--heuristics") if heuristics else None,
    )
    position_list = parse_names(positions, "--positions")
    trial_specs = module.specs(
        positions=position_list, runs=runs, weight=weight, max_expanded=max_expanded
    )
    parameters = {
        "positions": position_list,
        "algorithms": list(dict.fromkeys(a for a, _ in runs)),
        "heuristics": list(dict.fromkeys(h for _, h in runs if h != module.NO_HEURISTIC)),
        "weight": weight,
        "max_expanded": max_expanded,
        "seed": common["seed"],
    }
    _run(module, trial_specs, parameters, common, "searches", 1)


@experiment.command("min-conflicts")
@click.option("--n", "ns", default="1000,10000,100000", show_default=True, help="Board sizes.")
@click.option("--trials", type=int, default=10, show_default=True, help="Runs per size.")
@click.option(
    "--max-steps",
    type=int,
    default=100_000,
    show_default=True,
    help="Give up a run after this many repairs.",
)
@common_options
@_with_preflight
def min_conflicts(ns: str, trials: int, max_steps: int, **common: Any) -> None:
    """Min-conflicts repair on large N-queens boards: steps and seconds against n.

    AIMA: from a good start, min-conflicts solves even a million queens in about 50
    steps on average; the steps hardly grow with n.
    """
    from searchlab.experiments import min_conflicts as module

    n_list = parse_ints(ns, "--n")
    trial_specs = module.specs(ns=n_list, trials=trials, max_steps=max_steps, seed=common["seed"])
    parameters = {"n": n_list, "trials": trials, "max_steps": max_steps, "seed": common["seed"]}
    _run(module, trial_specs, parameters, common, "repairs", 4)


def _run(
    module: Any,
    trial_specs: list[dict[str, Any]],
    parameters: dict[str, Any],
    common: dict[str, Any],
    description: str,
    largest_chunk: int,
) -> None:
    _execute(
        module,
        trial_specs,
        parameters,
        jobs=common["jobs"],
        cluster=common["cluster"],
        out=common["out"],
        resume=common["resume"],
        plot=common["plot"],
        as_json=common["as_json"],
        description=description,
        largest_chunk=largest_chunk,
    )
