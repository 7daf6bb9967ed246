"""Reports as rich tables: one column per row key, numbers formatted for reading."""

from __future__ import annotations

import contextlib
import json
from typing import TYPE_CHECKING, Any

from searchlab.experiments.report import Report

if TYPE_CHECKING:
    from rich.table import Table

TITLES = {
    "hill-climbing": "Hill climbing on {n}-queens ({trials} random starts per row, seed {seed})",
    "astar-depth": "8-puzzle by solution depth ({per_depth} boards per depth, seed {seed})",
    "bratko": "Bratko's positions under every algorithm (max {max_expanded} expansions)",
    "min-conflicts": "Min-conflicts on n-queens ({trials} runs per n, seed {seed})",
}

HEADERS = {
    "success_rate": "solved %",
    "mean_steps_solved": "moves if solved",
    "mean_steps_failed": "moves if stuck",
    "heuristic": "h",
    "algorithm": "algorithm",
    "effective_branching_factor": "b*",
    "mean_generated": "generated",
    "mean_expanded": "expanded",
    "is_shortest": "shortest?",
    "off_path": "off path",
    "mean_steps": "steps",
    "most_steps": "most steps",
    "mean_seconds": "s / run",
}


def format_value(key: str, value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key == "success_rate":
        return f"{100 * value:.1f}"
    if key == "effective_branching_factor":
        return f"{value:.2f}"
    if key in ("seconds", "mean_seconds"):
        return f"{value:.3f}"
    if isinstance(value, float):
        return f"{value:,.1f}" if value < 1e6 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def report_table(report: Report) -> Table:
    from rich.table import Table

    title = TITLES.get(report.experiment, report.experiment)
    with contextlib.suppress(KeyError, IndexError):
        title = title.format(**report.parameters)
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
        f"{HEADERS.get(key, key.replace('_', ' '))} {format_value(key, report.rows[0][key])}"
        for key in constant
    )
    table = Table(title=title, caption=caption or None)
    shown = [key for key in columns if key not in constant]
    for key in shown:
        numeric = any(
            isinstance(row.get(key), int | float) and not isinstance(row.get(key), bool)
            for row in report.rows
        )
        table.add_column(
            HEADERS.get(key, key.replace("_", " ")),
            justify="right" if numeric else "left",
            no_wrap=True,
        )
    for row in report.rows:
        table.add_row(*(format_value(key, row.get(key)) for key in shown))
    return table
