"""Reports as rich tables: one column per row key, titled, headed and formatted as the
experiment's descriptor says."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from searchlab.experiments.base import Experiment
from searchlab.experiments.report import Report

if TYPE_CHECKING:
    from rich.table import Table


def format_value(experiment: Experiment, key: str, value: Any) -> str:
    """A cell: the experiment's own format for ``key`` if it has one, else by type
    (``seconds``, every report's time spent, to the millisecond)."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    own = experiment.format_of(key)
    if own is not None:
        return own(value)
    if key == "seconds":
        return f"{value:.3f}"
    if isinstance(value, float):
        return f"{value:,.1f}" if value < 1e6 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def report_table(report: Report, experiment: Experiment) -> Table:
    from rich.table import Table

    columns = list(report.rows[0]) if report.rows else []
    # A column holding one value in every row says it once, under the table.
    constant = [
        key
        for key in columns
        if len(report.rows) > 1
        and key not in ("seconds", "solved")
        and len({json.dumps(row.get(key)) for row in report.rows}) == 1
    ]
    caption = ", ".join(
        f"{experiment.header(key)} {format_value(experiment, key, report.rows[0][key])}"
        for key in constant
    )
    table = Table(title=experiment.title_for(report.parameters), caption=caption or None)
    shown = [key for key in columns if key not in constant]
    for key in shown:
        numeric = any(
            isinstance(row.get(key), int | float) and not isinstance(row.get(key), bool)
            for row in report.rows
        )
        table.add_column(
            experiment.header(key), justify="right" if numeric else "left", no_wrap=True
        )
    for row in report.rows:
        table.add_row(*(format_value(experiment, key, row.get(key)) for key in shown))
    return table
