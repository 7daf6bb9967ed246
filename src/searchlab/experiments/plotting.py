"""Charts of experiment reports, written to PNG or SVG without ever leaving half a file.

Each experiment draws its own chart (its descriptor's ``plot``, on a ``figure`` made
here); this module checks where it goes and writes it. matplotlib is imported only
when a chart is drawn, and through its object-oriented API with the Agg canvas: no
pyplot, no display, no global backend. The figure goes to a temporary file beside the
target and is renamed over it when complete.
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
        raise InputError(f"plot {path}: the file name must end in .png or .svg", field="plot")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"plot {path}: the folder {parent} does not exist", field="plot")
    return suffix


def write_plot(report: Report, path: Path, draw: Callable[[Report], Figure]) -> None:
    """Draw ``report`` with ``draw`` and save it at ``path`` atomically."""
    fmt = check_plot_path(path)
    chart = draw(report)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=f".{fmt}", dir=path.parent if str(path.parent) else "."
    )
    os.close(handle)
    try:
        metadata = {"Date": None} if fmt == "svg" else {"Software": "searchlab"}
        chart.savefig(temporary, format=fmt, dpi=120, bbox_inches="tight", metadata=metadata)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp made it private; a chart is not
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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
