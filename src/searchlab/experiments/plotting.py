"""Charts of experiment reports, written to PNG or SVG without ever leaving half a file.

matplotlib is imported here only, when a chart is asked for, and through its
object-oriented API with the Agg canvas: no pyplot, no display, no global backend.
The figure goes to a temporary file beside the target and is renamed over it when
complete.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from searchlab.core.errors import InputError
from searchlab.experiments.report import Report

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FORMATS = ("png", "svg")


def check_plot_path(path: Path) -> str:
    """The format of ``path`` (png or svg), checked before any work is done."""
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise InputError(f"--plot {path}: the file name must end in .png or .svg")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"--plot {path}: the folder {parent} does not exist")
    return suffix


def write_plot(report: Report, path: Path) -> None:
    """Draw ``report`` and save it at ``path`` atomically."""
    fmt = check_plot_path(path)
    figure = DRAW[report.experiment](report)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=f".{fmt}", dir=path.parent if str(path.parent) else "."
    )
    os.close(handle)
    try:
        metadata = {"Date": None} if fmt == "svg" else {"Software": "searchlab"}
        figure.savefig(temporary, format=fmt, dpi=120, bbox_inches="tight", metadata=metadata)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp made it private; a chart is not
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _figure(width: float, height: float, columns: int = 1) -> tuple[Figure, Any]:
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    matplotlib.rcParams["svg.hashsalt"] = "searchlab"  # stable ids: same data, same SVG
    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(1, columns)
    return figure, axes


def _hill_climbing(report: Report) -> Figure:
    rows = report.rows
    labels = [f"{r['moves']}\n{r['heuristic']}\nside {r['sideways']}" for r in rows]
    figure, (rate_axes, steps_axes) = _figure(max(7.0, 1.1 * len(rows) + 2), 4.2, 2)
    positions = list(range(len(rows)))
    rates = [100 * (r["success_rate"] or 0.0) for r in rows]
    bars = rate_axes.bar(positions, rates, color="#4c72b0")
    rate_axes.bar_label(bars, fmt="%.0f%%", fontsize=8)
    rate_axes.set_ylim(0, 105)
    rate_axes.set_ylabel("solved (%)")
    rate_axes.set_title("Success rate")
    width = 0.4
    solved = [r["mean_steps_solved"] or 0.0 for r in rows]
    failed = [r["mean_steps_failed"] or 0.0 for r in rows]
    steps_axes.bar([p - width / 2 for p in positions], solved, width, label="when solved")
    steps_axes.bar([p + width / 2 for p in positions], failed, width, label="when stuck")
    steps_axes.set_ylabel("moves (mean)")
    steps_axes.set_title("Moves per climb")
    steps_axes.legend(fontsize=8)
    for axes in (rate_axes, steps_axes):
        axes.set_xticks(positions, labels, fontsize=7)
    n, trials = report.parameters.get("n"), report.parameters.get("trials")
    figure.suptitle(f"Hill climbing on {n}-queens, {trials} random starts per variant")
    return figure


def _astar_depth(report: Report) -> Figure:
    figure, axes = _figure(7.0, 4.5)
    lines: dict[str, list[tuple[int, float]]] = {}
    for row in report.rows:
        if row["mean_generated"] is None:
            continue
        name = (
            row["algorithm"]
            if row["heuristic"] == "-"
            else f"{row['algorithm']} ({row['heuristic']})"
        )
        lines.setdefault(name, []).append((row["depth"], row["mean_generated"]))
    for name, points in lines.items():
        points.sort()
        axes.plot([d for d, _ in points], [g for _, g in points], marker="o", label=name)
    axes.set_yscale("log")
    axes.set_xlabel("solution depth d (moves)")
    axes.set_ylabel("nodes generated (mean)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    per = report.parameters.get("per_depth")
    axes.set_title(f"8-puzzle: nodes generated against depth ({per} boards per depth)")
    return figure


def _bratko(report: Report) -> Figure:
    """Horizontal grouped bars: one group per (algorithm, heuristic), one bar per position,
    log scale (the counts run from 4 to 10^5); hatched bars did not find a shortest path."""

    def name(row: dict[str, Any]) -> str:
        return (
            row["algorithm"]
            if row["heuristic"] == "-"
            else f"{row['algorithm']} ({row['heuristic']})"
        )

    names = list(dict.fromkeys(name(row) for row in report.rows))
    positions = list(dict.fromkeys(row["position"] for row in report.rows))
    figure, axes = _figure(8.0, 0.32 * len(names) * max(1, len(positions)) / 2 + 1.8)
    height = 0.8 / max(1, len(positions))
    for offset, position in enumerate(positions):
        rows = {name(row): row for row in report.rows if row["position"] == position}
        ys = [i + (offset - (len(positions) - 1) / 2) * height for i in range(len(names))]
        values = [max(1, rows[n]["expanded"]) if n in rows else 0 for n in names]
        bars = axes.barh(ys, values, height, label=f"({position})")
        for bar, n in zip(bars, names, strict=True):
            if n in rows and rows[n]["is_shortest"] is not True:
                bar.set_hatch("///")
                bar.set_edgecolor("black")
    axes.set_xscale("log")
    axes.set_yticks(list(range(len(names))), names, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("states expanded (log scale; hatched: not a shortest solution)")
    axes.grid(True, axis="x", which="both", alpha=0.3)
    axes.legend(title="position")
    axes.set_title("Bratko's positions (fig. 12.7) under every algorithm")
    return figure


def _min_conflicts(report: Report) -> Figure:
    rows = sorted(report.rows, key=lambda row: row["n"])
    figure, (steps_axes, time_axes) = _figure(9.0, 4.0, 2)
    ns = [row["n"] for row in rows]
    steps_axes.plot(ns, [row["mean_steps"] or 0 for row in rows], marker="o")
    steps_axes.set_xscale("log")
    steps_axes.set_ylim(bottom=0)
    steps_axes.set_xlabel("n")
    steps_axes.set_ylabel("repair steps (mean, solved runs)")
    steps_axes.set_title("Steps")
    time_axes.plot(ns, [row["mean_seconds"] or 0 for row in rows], marker="o", color="#dd8452")
    time_axes.set_xscale("log")
    time_axes.set_yscale("log")
    time_axes.set_xlabel("n")
    time_axes.set_ylabel("seconds per run (mean)")
    time_axes.set_title("Time")
    for axes in (steps_axes, time_axes):
        axes.grid(True, which="both", alpha=0.3)
    figure.suptitle("Min-conflicts on n-queens")
    return figure


DRAW: dict[str, Callable[[Report], Figure]] = {
    "hill-climbing": _hill_climbing,
    "astar-depth": _astar_depth,
    "bratko": _bratko,
    "min-conflicts": _min_conflicts,
}
