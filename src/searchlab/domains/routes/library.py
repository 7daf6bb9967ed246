"""Graphs by name: ``romania``, generated ones (``road:N[:SEED]``, ``maze:W:H[:SEED]``,
``rooms:W:H[:SEED]``) and files by their suffix (``.gr`` DIMACS, ``.csv``,
``.graphml``, ``.npz``, ``.map`` Moving AI). A graph is loaded once and kept (with the
seconds it took, reported as set-up time) while its file is unchanged.

In a web request (``core.access``, ``core.allowance``) a file is only one the server
was started with, named by its name; a generated graph past the request's memory or
seconds is refused before it is built; and a graph larger than the allowance keeps is
held for that request alone, so memory comes back once it is answered."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from searchlab.core import access, allowance
from searchlab.core.errors import InputError
from searchlab.core.numbers import strict_int
from searchlab.domains.routes.caps import BUILD_BYTES, BUILD_SECONDS, MAX_GENERATED, MAX_SIDE
from searchlab.domains.routes.generate import road_graph
from searchlab.domains.routes.graph import Graph
from searchlab.domains.routes.grid import check_cells, maze, read_map, rooms
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
        value = strict_int(text.strip())
    except ValueError:
        raise InputError(f"{what} must be a whole number, not {text!r}", field="start") from None
    if not low <= value <= high:
        raise InputError(f"{what} must be {low:,} to {high:,}, not {value:,}", field="start")
    return value


def _afford(kind: str, cells: int, spec: str) -> None:
    """Refuse, before building it, a generated graph of ``cells`` nodes (a grid: cells)
    past the allowance of the request, or on the command line past --max-memory."""
    budget = allowance.current()
    if budget is None:
        most = allowance.max_memory() // BUILD_BYTES[kind]
        allowance.afford(
            spec, cells * BUILD_BYTES[kind], "start", f"at most {most:,} {_unit(kind)} fit"
        )
        return
    most = int(min(budget.max_bytes / BUILD_BYTES[kind], budget.seconds / BUILD_SECONDS[kind]))
    largest = (
        f"road:N up to N = {most:,}"
        if kind == "road"
        else f"a {kind} of up to {most:,} cells" + (" (2W+1 × 2H+1)" if kind == "maze" else "")
    )
    allowance.check(
        spec, cells * BUILD_BYTES[kind], cells * BUILD_SECONDS[kind], largest, field="start"
    )


def _unit(kind: str) -> str:
    return "nodes" if kind == "road" else "cells" + (" (2W+1 × 2H+1)" if kind == "maze" else "")


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
    _afford("grid", len(lines) * width, "the grid")
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
        _afford("road", n, f"road:{n:,}")
        return road_graph(n, seed)
    if not 2 <= len(fields) <= 3:
        raise InputError(f"a {kind} grid is written {kind}:W:H or {kind}:W:H:SEED", field="start")
    limit = MAX_SIDE // 2 - 1 if kind == "maze" else MAX_SIDE
    w = _whole(fields[0], f"the width of a {kind}", 1 if kind == "maze" else 3, limit)
    h = _whole(fields[1], f"the height of a {kind}", 1 if kind == "maze" else 3, limit)
    seed = _whole(fields[2], "the seed", 0, 2**63 - 1) if len(fields) > 2 else 0
    cells = (2 * w + 1) * (2 * h + 1) if kind == "maze" else w * h
    _afford(kind, cells, f"{kind}:{w}:{h}")
    check_cells(cells, f"{kind}:{w}:{h}")
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


def nbytes(graph: Graph) -> int:
    """About the memory ``graph`` holds: its arrays, and its names at ~60 bytes each."""
    arrays = (graph.indptr, graph.indices, graph.weights, graph.coords)
    held = sum(array.nbytes for array in arrays if array is not None)
    passable = getattr(graph.grid, "passable", None)
    held += 0 if passable is None else int(passable.nbytes)
    return held + 60 * len(graph.names or ())


def load_graph(spec: str, neighbours: int = 8) -> tuple[Graph, float]:
    """The graph named by ``spec`` and the seconds its loading took (0 when it was
    already loaded)."""
    spec = spec.strip()
    if spec.lower() == "romania":
        return romania(), 0.0
    is_generated = spec.split(":")[0] in GENERATED
    path: Path | None = None
    stamp = 0.0
    if not is_generated:
        path = access.named_file(spec, "graph", "start")
        try:
            stamp = path.stat().st_mtime
        except (OSError, ValueError):
            raise InputError(f"cannot read {spec}: no such file", field="start") from None
    key = (spec if path is None else str(path), neighbours, stamp)
    budget = allowance.current()
    held = _LOADED.get(key) or (budget.built.get(key) if budget is not None else None)
    if held is not None:
        return held[0], 0.0
    started = time.perf_counter()
    if path is None:
        graph = _generated(spec, neighbours)
    else:
        with allowance.outside():  # a file the server was started with, read then
            graph = _from_file(path, neighbours)
    seconds = time.perf_counter() - started
    if budget is not None and path is None and not allowance.may_keep(nbytes(graph)):
        budget.built[key] = (graph, seconds)  # for this request only
        return graph, seconds
    if len(_LOADED) >= KEEP:
        _LOADED.pop(next(iter(_LOADED)))
    _LOADED[key] = (graph, seconds)
    return graph, seconds


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def served_graphs(entries: Sequence[str]) -> dict[str, Path]:
    """The graphs of ``searchlab serve --graph [NAME=]FILE``, by name (the file's name
    unless one is given), each read once now so that a file that does not load is
    refused before the server starts."""
    served: dict[str, Path] = {}
    for entry in entries:
        name, _, file = entry.rpartition("=") if "=" in entry else ("", "", entry)
        path = Path(file).expanduser().resolve()
        name = name.strip() or path.name
        if not _NAME.fullmatch(name) or name.lower() == "romania" or name in GENERATED:
            raise InputError(
                f"cannot serve a graph named {name!r}: a name is letters, digits, '.', '_' "
                "and '-' (not romania, road, maze, rooms or grid); give one as NAME=FILE",
                field="graph",
            )
        if name in served:
            raise InputError(f"two graphs are called {name!r}: name one NAME=FILE", field="graph")
        if not path.is_file():
            raise InputError(f"cannot read {file}: no such file", field="graph")
        try:
            load_graph(str(path))
        except InputError as error:
            raise InputError(str(error), field="graph") from None
        served[name] = path  # loaded now under the key a request finds it by
    return served


def first_node(graph: Graph) -> str:
    """The first node with a way out (a grid's first open cell), as it is written."""
    out = np.diff(graph.indptr) > 0
    return graph.name(int(np.argmax(out)) if out.any() else 0)
