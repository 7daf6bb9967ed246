"""Graphs by name: ``romania``, generated ones (``road:N[:SEED]``, ``maze:W:H[:SEED]``,
``rooms:W:H[:SEED]``) and files by their suffix (``.gr`` DIMACS, ``.csv``,
``.graphml``, ``.npz``, ``.map`` Moving AI). A graph is loaded once and kept (with the
seconds it took, reported as set-up time) while its file is unchanged."""

from __future__ import annotations

import random
import time
from pathlib import Path

from searchlab.core.errors import InputError
from searchlab.domains.routes.caps import MAX_GENERATED, MAX_SIDE
from searchlab.domains.routes.generate import road_graph
from searchlab.domains.routes.graph import Graph
from searchlab.domains.routes.grid import maze, read_map, rooms
from searchlab.domains.routes.readers import read_csv, read_dimacs, read_graphml, read_npz
from searchlab.domains.routes.romania import romania

SUFFIXES = (".gr", ".csv", ".graphml", ".xml", ".npz", ".map")
GENERATED = ("road", "maze", "rooms", "grid")
MAX_INLINE = 512
"""The most rows, and cells a row, of a grid written inline."""
KEEP = 4
"""Graphs kept loaded at once (a million-node graph is some 100 MB)."""

_LOADED: dict[tuple[str, int, float], tuple[Graph, float]] = {}


def _whole(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise InputError(f"{what} must be a whole number, not {text!r}", field="start") from None
    if not low <= value <= high:
        raise InputError(f"{what} must be {low:,} to {high:,}, not {value:,}", field="start")
    return value


def _inline_grid(rows: str, neighbours: int) -> Graph:
    """``grid:ROWS``: a grid written inline, rows of . (free) and @ (wall) joined by /
    (the viewer's grid with the walls a user drew)."""
    from searchlab.domains.routes.grid import parse_map

    lines = rows.split("/")
    width = len(lines[0])
    if not lines[0] or len(lines) > MAX_INLINE or width > MAX_INLINE:
        raise InputError(
            f"a grid written inline has 1 to {MAX_INLINE} rows of 1 to {MAX_INLINE} cells",
            field="start",
        )
    text = f"type octile\nheight {len(lines)}\nwidth {width}\nmap\n" + "\n".join(lines)
    grid = parse_map(text, "grid", "the grid")
    grid.neighbours = neighbours
    return grid.graph()


def _generated(spec: str, neighbours: int) -> Graph:
    kind, *fields = spec.split(":")
    if kind == "grid":
        return _inline_grid(":".join(fields), neighbours)
    if kind == "road":
        if not 1 <= len(fields) <= 2:
            raise InputError("a road graph is written road:N or road:N:SEED", field="start")
        n = _whole(fields[0], "the nodes of a road graph", 2, MAX_GENERATED)
        seed = _whole(fields[1], "the seed", 0, 2**63 - 1) if len(fields) > 1 else 0
        return road_graph(n, seed)
    if not 2 <= len(fields) <= 3:
        raise InputError(f"a {kind} grid is written {kind}:W:H or {kind}:W:H:SEED", field="start")
    limit = MAX_SIDE // 2 - 1 if kind == "maze" else MAX_SIDE
    w = _whole(fields[0], f"the width of a {kind}", 1 if kind == "maze" else 3, limit)
    h = _whole(fields[1], f"the height of a {kind}", 1 if kind == "maze" else 3, limit)
    seed = _whole(fields[2], "the seed", 0, 2**63 - 1) if len(fields) > 2 else 0
    grid = (
        maze(w, h, random.Random(seed)) if kind == "maze" else rooms(w, h, 8, random.Random(seed))
    )
    grid.name = spec
    grid.neighbours = neighbours
    return grid.graph()


def _from_file(path: Path, neighbours: int) -> Graph:
    suffix = path.suffix.lower()
    if suffix == ".gr":
        return read_dimacs(path)
    if suffix == ".csv":
        return read_csv(path)
    if suffix in (".graphml", ".xml"):
        return read_graphml(path)
    if suffix == ".npz":
        return read_npz(path)
    if suffix == ".map":
        return read_map(path, neighbours).graph()
    raise InputError(
        f"{path}: unknown kind of graph file (known: {', '.join(SUFFIXES)})", field="start"
    )


def load_graph(spec: str, neighbours: int = 8) -> tuple[Graph, float]:
    """The graph named by ``spec`` and the seconds its loading took (0 when it was
    already loaded)."""
    spec = spec.strip()
    if spec.lower() == "romania":
        return romania(), 0.0
    is_generated = spec.split(":")[0] in GENERATED
    stamp = 0.0
    if not is_generated:
        path = Path(spec)
        try:
            stamp = path.stat().st_mtime
        except OSError:
            raise InputError(f"cannot read {spec}: no such file", field="start") from None
    key = (spec, neighbours, stamp)
    held = _LOADED.get(key)
    if held is not None:
        return held[0], 0.0
    started = time.perf_counter()
    graph = _generated(spec, neighbours) if is_generated else _from_file(Path(spec), neighbours)
    seconds = time.perf_counter() - started
    if len(_LOADED) >= KEEP:
        _LOADED.pop(next(iter(_LOADED)))
    _LOADED[key] = (graph, seconds)
    return graph, seconds
