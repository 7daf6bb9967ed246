"""``searchlab experiment``: many runs, one table (and a chart), reproducible anywhere.

One command per registered experiment (``searchlab.experiments.registry``), built from
its descriptor: its options come from its ``Option`` specs, so they are spelled as in
every other command (``--size``, ``--heuristic``, ``--algorithm``, ``--max-expanded``)
and state their caps. Every experiment also takes --seed (the numbers depend on it and
on nothing else: not on --jobs, not on the cluster), --jobs/--cluster (where trials
run), --out/--resume (a JSON Lines file that keeps every finished trial), --json and
--plot. The spellings of 0.1 (``--n``, ``--heuristics``, ``--algorithms``) still work,
with a notice.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import click

from searchlab.cli.options import RENAMED, add_renamed, click_param, note
from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.experiments.base import Experiment
from searchlab.experiments.executors import CLUSTER, JOBS, check_cluster
from searchlab.experiments.registry import experiments, load_errors

OLD_SPELLINGS = tuple(
    alias for alias in RENAMED if alias.old in ("--n", "--heuristics", "--algorithms")
)
"""The experiments' options renamed since 0.1 (``--n`` is now ``--size``, ...)."""


@dataclass(frozen=True)
class HowToRun:
    """The options of every experiment that say how to run it, not what it measures."""

    jobs: int | None
    cluster: str | None
    out: Path | None
    resume: bool
    plot: Path | None
    as_json: bool


COMMON = tuple(field.name for field in fields(HowToRun))


def _argument(option: Option) -> click.Argument:
    """A positional parameter, read as text (the experiment's check reads it)."""
    return click.Argument([option.name], required=False, metavar=f"[{option.metavar or 'VALUE'}]")


def _common_options() -> list[click.Option]:
    """--jobs, --cluster, --out, --resume, --plot and --json."""
    return [
        click.Option(
            ["--jobs", "-j", "jobs"],
            default=None,
            metavar=JOBS.metavar,
            callback=lambda _ctx, _param, value: None if value is None else JOBS.parse(value),
            help=JOBS.describe(),
        ),
        click.Option(
            ["--cluster", "cluster"],
            default=None,
            metavar=CLUSTER.metavar,
            help=CLUSTER.describe(),
        ),
        click.Option(
            ["--out", "out"],
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="Append each finished trial to this JSON Lines file as it completes.",
        ),
        click.Option(
            ["--resume", "resume"],
            is_flag=True,
            help="Skip the trials already in --out (after a crash, a Ctrl-C or a kill); "
            "a file of another experiment, other settings or another version is refused.",
        ),
        click.Option(
            ["--plot", "plot"],
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="Also draw a chart to FILE.png or FILE.svg.",
        ),
        click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object instead."),
    ]


def experiment_command(experiment: Experiment) -> click.Command:
    """The command of one experiment, from its descriptor."""
    examples = "\n".join(
        f"  searchlab experiment {experiment.name} {example}".rstrip()
        for example in experiment.examples
    )
    help_text = (
        f"{experiment.help}\n\nThe same --seed gives the same numbers however the trials "
        "are spread (--jobs, --cluster); --out keeps every finished trial, --resume "
        "continues it."
    )
    if examples:
        help_text += f"\n\n\b\nExamples:\n{examples}"
    params: list[click.Parameter] = [_argument(option) for option in experiment.arguments]
    params += [
        click_param(option) for option in experiment.every_option[len(experiment.arguments) :]
    ]
    params += _common_options()

    def run(**values: Any) -> None:
        how = HowToRun(**{key: values.pop(key) for key in COMMON})
        _preflight(experiment, how)
        parameters = experiment.parameters(values)
        for line in experiment.notes(parameters):
            note(line)
        _execute(experiment, parameters, how)

    command = click.Command(
        experiment.name,
        params=params,
        callback=run,
        help=help_text,
        short_help=experiment.summary,
    )
    return add_renamed(command, OLD_SPELLINGS)


def _preflight(experiment: Experiment, how: HowToRun) -> None:
    """Checks that must fail before any trial runs (and before the parameters, some of
    which take a while to check)."""
    from searchlab.experiments.runner import check_out

    if how.plot is not None:
        if experiment.plot is None:
            raise InputError(f"the experiment {experiment.name} draws no chart", field="plot")
        from searchlab.experiments.plotting import check_plot_path

        check_plot_path(how.plot)
    out = how.out
    if out is not None and not how.resume and out.is_file() and out.stat().st_size > 0:
        raise InputError(
            f"{out} already holds trials: add --resume to continue it, or choose another file"
        )
    check_out(out, resume=how.resume)
    check_cluster(how.cluster)


def _execute(experiment: Experiment, parameters: dict[str, Any], how: HowToRun) -> None:
    """Run the trials, summarize, draw, print: the part all experiments share."""
    from searchlab.cli.output import console, progress
    from searchlab.experiments.executors import worker_pool
    from searchlab.experiments.runner import TrialsInterrupted, WorkerFailure

    try:
        with (
            worker_pool(how.jobs, how.cluster) as pool,
            progress(experiment.unit, None) as bar,
        ):

            def advance(done: int, total: int) -> None:
                bar.update(completed=done, total=total)

            report = experiment.run(
                parameters, pool=pool, out=how.out, resume=how.resume, progress=advance
            )
    except WorkerFailure as failure:
        raise click.ClickException(str(failure)) from None
    except TrialsInterrupted as interrupted:
        if interrupted.out is not None:
            click.echo(
                f"searchlab: {interrupted.finished} finished trials are in {interrupted.out}; "
                "add --resume to continue",
                err=True,
            )
        raise
    plot = how.plot
    if plot is not None:
        from searchlab.experiments.plotting import write_plot

        assert experiment.plot is not None  # checked before the trials ran
        write_plot(report, plot, experiment.plot)
    if how.as_json:
        from searchlab.cli.main import print_json

        print_json(report.to_dict())
        return
    from searchlab.experiments.tables import report_table

    # On a terminal rich fits the table to it; into a pipe or a file, nothing is cut.
    screen = console()
    if not screen.is_terminal:
        from rich.console import Console

        screen = Console(highlight=False, width=240)
    screen.print(report_table(report, experiment))
    if plot is not None:
        screen.print(f"chart written to {plot}")


class ExperimentGroup(click.Group):
    """The experiments, one command each, as the registry lists them."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [experiment.name for experiment in experiments()]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        for experiment in experiments():
            if experiment.name == cmd_name:
                return experiment_command(experiment)
        return None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The experiments with their one-line summaries, read from the descriptors."""
        with formatter.section("Experiments"):
            formatter.write_dl([(item.name, item.summary) for item in experiments()])
        for problem in load_errors():
            note(problem)


@click.group(
    cls=ExperimentGroup,
)
def experiment() -> None:
    """Measure the claims: many runs of a search, summarised as a table and a chart.

    Every domain gets `compare` (every algorithm on the same starts); the others
    measure a claim of the textbook or of the seeds. Trials run on all cores by default
    (--jobs), or on a Dask cluster (--cluster). The same --seed gives the same numbers
    however the trials are spread.

    \b
    Examples:
      searchlab experiment hill-climbing --trials 2000 --plot hc.png
      searchlab experiment compare puzzle
    """
