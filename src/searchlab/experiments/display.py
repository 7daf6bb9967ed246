"""An experiment's report in a notebook: the table the command line prints, as HTML,
and the experiment's own chart as SVG (the one ``--plot`` writes)."""

from __future__ import annotations

import io

from searchlab.core import display
from searchlab.experiments.registry import get_experiment
from searchlab.experiments.report import Report
from searchlab.experiments.tables import format_value


def report_html(report: Report) -> str:
    """The report's table (headed and formatted by its experiment) and its chart."""
    experiment = get_experiment(report.experiment)
    columns = list(report.rows[0]) if report.rows else []
    rows = [[format_value(experiment, key, row.get(key)) for key in columns] for row in report.rows]
    headers = [experiment.header(key) for key in columns]
    shown = display.table(headers, rows, caption=experiment.title_for(report.parameters))
    if experiment.plot is not None and report.rows:
        shown += plot_svg(report)
    return f'<div class="searchlab-report">{shown}</div>'


def plot_svg(report: Report) -> str:
    """The experiment's chart of ``report`` as inline SVG."""
    experiment = get_experiment(report.experiment)
    assert experiment.plot is not None
    chart = experiment.plot(report)
    out = io.StringIO()
    chart.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = out.getvalue()
    return text[text.index("<svg") :]
