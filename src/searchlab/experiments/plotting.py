"""Charts of experiment reports, written to PNG or SVG without ever leaving half a file.

Each experiment draws its own chart (its descriptor's ``plot``, on a ``figure`` made
here, finished the house way by ``finish`` and ``titled``); this module checks where it
goes and writes it. matplotlib is imported only when a chart is drawn, and through its
object-oriented API with the Agg canvas: no pyplot, no display, no global backend. The
figure goes to a temporary file beside the target and is renamed over it when complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from searchlab.core.errors import InputError
from searchlab.core.outfile import atomic
from searchlab.experiments.report import Report, filled

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FORMATS = ("png", "svg")


def check_plot_path(path: Path) -> str:
    """The format of ``path`` (png or svg), checked before any work is done."""
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise InputError(f"plot {path}: the file name must end in .png or .svg", field="plot")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"plot {path}: the folder {parent} does not exist", field="plot")
    return suffix


def write_plot(report: Report, path: Path, draw: Callable[[Report], Figure]) -> None:
    """Draw ``report`` with ``draw`` and save it at ``path`` atomically."""
    fmt = check_plot_path(path)
    chart = draw(report)
    metadata = {"Date": None} if fmt == "svg" else {"Software": "searchlab"}
    with atomic(path) as temporary:
        chart.savefig(temporary, format=fmt, dpi=120, bbox_inches="tight", metadata=metadata)


def figure(width: float, height: float, columns: int = 1) -> tuple[Figure, Any]:
    """A blank figure of ``columns`` axes side by side (inches), ready to draw on."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    matplotlib.rcParams["svg.hashsalt"] = "searchlab"  # stable ids: same data, same SVG
    blank = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(blank)
    axes = blank.subplots(1, columns)
    return blank, axes


Row = Mapping[str, Any]


def lines(axes: Any, rows: Iterable[Row], x: str, y: str, label: Callable[[Row], str]) -> None:
    """A measure against a size, one line per thing compared (``label``), through the
    rows' points in the order of ``x``, a dot at each; a row with no ``y`` (no data)
    is left out."""
    series: dict[str, list[tuple[Any, Any]]] = {}
    for row in rows:
        if row[y] is not None:
            series.setdefault(label(row), []).append((row[x], row[y]))
    for name, points in series.items():
        points.sort()
        axes.plot([p for p, _ in points], [q for _, q in points], marker="o", label=name)


def finish(
    axes: Any,
    *,
    grid: str | None = None,
    which: str = "both",
    legend: bool | Mapping[str, Any] = False,
    **properties: Any,
) -> None:
    """Finish ``axes`` the house way in one call: its ``properties`` (labels, scales,
    limits, title: what matplotlib's ``Axes.set`` takes), a light grid along ``grid``
    ("x", "y" or "both"; ``which`` lines: "both" draws a log scale's minor ones too) and
    a legend (``legend``: True, or the options of ``Axes.legend``)."""
    axes.set(**properties)
    if grid is not None:
        axes.grid(True, axis=grid, which=which, alpha=0.3)
    if legend is not False:
        axes.legend(**({} if legend is True else legend))


def titled(chart: Figure, title: str, report: Report) -> Figure:
    """``chart`` under its title, ``title`` filled in from the report's parameters as a
    table's is: over its axes when it has one, above them all when it has several."""
    text = filled(title, report.parameters)
    if len(chart.axes) == 1:
        chart.axes[0].set_title(text)
    else:
        chart.suptitle(text)
    return chart


def ranked(axes: Any, names: list[str], label: str) -> None:
    """Horizontal bars named down the side, the first on top, against a log scale
    (states expanded run from a handful to millions)."""
    axes.set_yticks(list(range(len(names))), names, fontsize=8)
    axes.invert_yaxis()
    finish(axes, xscale="log", xlabel=label, grid="x")


def hatch(bars: Iterable[Any], marked: Iterable[bool]) -> None:
    """Hatch the marked bars: the runs that fell short (not solved, not a shortest
    solution, stopped at a limit)."""
    for bar, mark in zip(bars, marked, strict=True):
        if mark:
            bar.set_hatch("///")
            bar.set_edgecolor("black")
