"""What every experiment hands back: its name, the parameters that fix its numbers, and
one row per thing compared. ``--json`` prints exactly this; the table and the plot are
drawn from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Report:
    experiment: str
    parameters: dict[str, Any]
    rows: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"experiment": self.experiment, "parameters": self.parameters, "rows": self.rows}

    def __repr__(self) -> str:
        from searchlab.core.display import plural, short

        rows = plural(len(self.rows), "row")
        return f"<Report {self.experiment}: {rows}, parameters {short(self.parameters, 80)}>"

    def _repr_html_(self) -> str:
        """A notebook's view: the table the command line prints, and the chart."""
        from searchlab.experiments.display import report_html

        return report_html(self)


def filled(template: str, parameters: Mapping[str, Any]) -> str:
    """``template`` filled in from a report's ``parameters`` (``{trials}``, ``{seed}``):
    the one way a table's title and a chart's are written; as it is, if it cannot be."""
    try:
        return template.format(**parameters)
    except (KeyError, IndexError, ValueError):
        return template


def mean(values: list[float]) -> float | None:
    """The mean, or None for no values (JSON null: "no data", never a made-up 0)."""
    return sum(values) / len(values) if values else None
