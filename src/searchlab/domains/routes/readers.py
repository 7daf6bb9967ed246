"""Reading graphs from files: DIMACS shortest-path (``.gr`` arcs with an optional
``.co`` of coordinates beside it), a CSV edge list (with an optional ``NAME.coords.csv``
beside it), GraphML (read with ``xml.etree``: no networkx at run time), and searchlab's
own ``.npz`` of the arrays. Every malformed line is refused by its line number.

A DIMACS file of millions of arcs is parsed by numpy in one call when every line after
the header is an arc (the usual layout); otherwise line by line, which also finds the
line to blame.
"""

from __future__ import annotations

import csv
import io
import math
import re
import warnings
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from searchlab.core import allowance, textfile
from searchlab.core.errors import InputError
from searchlab.core.numbers import is_float, strict_float, strict_int
from searchlab.core.outfile import atomic
from searchlab.core.textfile import MAX_LINE
from searchlab.domains.routes.caps import graph_bytes
from searchlab.domains.routes.graph import (
    MAX_ARCS,
    MAX_NODES,
    MAX_WEIGHT,
    WEIGHT_RULE,
    CoordKind,
    FloatArray,
    Graph,
    check_coords,
    check_weights,
    from_arcs,
    undirected_if_symmetric,
)

PLANE_MARK = "c searchlab coordinates: plane"
"""A ``.co`` comment line saying the coordinates are plane units, not microdegrees."""


CSV_FACTOR = 16
"""Bytes of memory a byte of CSV takes while read: the text, then a few Python objects
an edge (measured 11 by tracemalloc on an edge list of short names)."""
GRAPHML_FACTOR = 20
"""Bytes of memory a byte of GraphML takes while read: the text and its element tree
(measured 15)."""


def _read_text(
    path: Path, *, max_line: int | None = MAX_LINE, factor: float = textfile.TEXT_FACTOR
) -> str:
    """The file's text, streamed within the memory budget (``core.textfile``)."""
    return textfile.read_text(path, max_line=max_line, factor=factor)


def _bad(path: Path, line: int, what: str) -> InputError:
    return InputError(f"{path} line {line}: {what}")


def _number(text: str, path: Path, line: int, what: str) -> float:
    try:
        value = strict_float(text)
    except ValueError:
        raise _bad(path, line, f"{what} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise _bad(path, line, f"{what} {text} is not finite")
    return value


# -- DIMACS ---------------------------------------------------------------------------
def _head_lines(text: str) -> Iterator[tuple[int, str, int]]:
    """(line number from 1, line, offset just past it) for the lines of ``text`` in
    turn, without splitting the whole text: a header is read, then the body handed on."""
    pos, number = 0, 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        number += 1
        yield number, text[pos:end], end + 1
        pos = end + 1


def _dimacs_header(text: str, path: Path) -> tuple[int, int, int, int]:
    """(nodes, arcs, the line number and the offset just past the problem line)."""
    for number, line, after in _head_lines(text):
        if not line.strip() or line.startswith("c"):
            continue
        fields = line.split()
        if fields[0] != "p" or len(fields) != 4 or fields[1] != "sp":
            raise _bad(path, number, "expected the problem line 'p sp NODES ARCS'")
        try:
            n, m = strict_int(fields[2]), strict_int(fields[3])
        except ValueError:
            raise _bad(
                path,
                number,
                f"the node and arc counts must be whole numbers, not {fields[2]!r} {fields[3]!r}",
            ) from None
        if not 0 < n <= MAX_NODES or not 0 <= m <= MAX_ARCS:
            raise _bad(
                path, number, f"at most {MAX_NODES:,} nodes and {MAX_ARCS:,} arcs, at least 1 node"
            )
        allowance.afford(
            f"{path} ({n:,} nodes, {m:,} arcs)", graph_bytes(n, m), "start", "a smaller graph"
        )
        return n, m, number, after
    raise InputError(f"{path} has no problem line 'p sp NODES ARCS'")


_NOT_PLAIN = re.compile(r"[^0-9+\-.eE \n\r\t]")


def _rows_fast(body: str, tag: str, count: int) -> Any:
    """``count`` rows of three numbers when ``body`` is exactly ``count`` lines
    'TAG X Y Z' (the usual layout), parsed by numpy in one call; None otherwise (the
    careful reader then finds the line to blame)."""
    body = body.rstrip("\n")
    mark = tag + " "
    if count == 0 or not body.startswith(mark):
        return None
    if body.count("\n") != count - 1 or body.count(mark) != count:
        return None
    text = body.replace(mark, "  ")
    if _NOT_PLAIN.search(text):
        return None  # a character numbers are not written with: the careful reader names it
    # whole numbers (DIMACS's usual) parse twice as fast as decimals: tried first
    whole = not any(c in text for c in ".eEn")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            if whole:
                values = np.fromstring(text, dtype=np.int64, sep=" ").astype(np.float64)
            else:
                values = np.fromstring(text, sep=" ")
    except (ValueError, DeprecationWarning):
        return None
    if len(values) != 3 * count:
        return None
    return values.reshape(count, 3)


def _arcs_slow(lines: list[str], first: int, m: int, path: Path) -> Any:
    rows: list[tuple[float, float, float]] = []
    for number in range(first, len(lines)):
        line = lines[number]
        if not line.strip() or line.startswith("c"):
            continue
        fields = line.split()
        if fields[0] != "a" or len(fields) != 4:
            raise _bad(path, number + 1, "expected an arc 'a TAIL HEAD WEIGHT'")
        rows.append(
            (
                _number(fields[1], path, number + 1, "the tail"),
                _number(fields[2], path, number + 1, "the head"),
                _number(fields[3], path, number + 1, "the weight"),
            )
        )
    if len(rows) != m:
        raise InputError(f"{path}: the problem line says {m:,} arcs, the file has {len(rows):,}")
    return np.array(rows, dtype=np.float64).reshape(len(rows), 3)


def _check_arcs(arcs: Any, n: int, first: int, path: Path, text: str) -> None:
    tails, heads, weights = arcs[:, 0], arcs[:, 1], arcs[:, 2]
    bad = (
        (tails < 1)
        | (tails > n)
        | (heads < 1)
        | (heads > n)
        | (tails != np.floor(tails))
        | (heads != np.floor(heads))
        | ~(weights >= 0)
        | (weights > MAX_WEIGHT)
    )
    if bad.any():
        index = int(np.argmax(bad))
        lines = text.splitlines()  # only now: to name the line of the index-th arc
        seen = -1
        number = first
        for number in range(first, len(lines)):
            if lines[number].startswith("a"):
                seen += 1
                if seen == index:
                    break
        t, h, w = arcs[index]
        if not 0 <= w <= MAX_WEIGHT:
            written = lines[number].split()[3] if len(lines[number].split()) == 4 else f"{w:g}"
            raise _bad(path, number + 1, f"weight {written}: {WEIGHT_RULE}")
        raise _bad(path, number + 1, f"arc {t:g} → {h:g} names a node outside 1..{n}")


def read_dimacs(path: Path, coords_path: Path | None = None) -> Graph:
    """A DIMACS ``.gr`` file (directed, or undirected when every arc has its twin of
    equal cost; nodes numbered from 1), with the coordinates of ``coords_path`` or of
    the ``.co`` file beside it if there is one."""
    text = _read_text(path)
    n, m, first, after = _dimacs_header(text, path)
    arcs = _rows_fast(text[after:], "a", m)
    if arcs is None:
        arcs = _arcs_slow(text.splitlines(), first, m, path)
    _check_arcs(arcs, n, first, path, text)
    if coords_path is None and path.with_suffix(".co").exists():
        coords_path = path.with_suffix(".co")
    coords: FloatArray | None = None
    kind: CoordKind = "none"
    if coords_path is not None:
        coords, kind = read_dimacs_coords(coords_path, n)
    graph = from_arcs(
        n,
        arcs[:, 0].astype(np.int64) - 1,
        arcs[:, 1].astype(np.int64) - 1,
        arcs[:, 2],
        directed=True,
        coords=coords,
        kind=kind,
        title=path.name,
        first_id=1,
        check=False,
    )
    return undirected_if_symmetric(graph)


def read_dimacs_coords(path: Path, n: int) -> tuple[FloatArray, CoordKind]:
    """A ``.co`` file: ``v ID X Y`` lines. DIMACS writes longitude and latitude in
    millionths of a degree; a file marked by ``PLANE_MARK`` holds plane coordinates."""
    text = _read_text(path)
    plane = False
    body = ""
    for _, line, after in _head_lines(text):
        if line.startswith("c"):
            plane = plane or line.strip() == PLANE_MARK
        elif line.startswith("v"):
            body = text[after - len(line) - 1 :]
            break
    rows = _rows_fast(body, "v", n)
    if rows is not None and np.array_equal(rows[:, 0], np.arange(1, n + 1)):
        coords = np.ascontiguousarray(rows[:, 1:])
        if not np.isfinite(coords).all():
            rows = None  # the careful reader names the line
    else:
        rows = None
    if rows is None:
        coords = _coords_slow(text, n, path)
    if plane:
        return coords, "plane"
    return coords / 1e6, "geographic"


def _coords_slow(text: str, n: int, path: Path) -> FloatArray:
    coords = np.full((n, 2), np.nan)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("c"):
            continue
        fields = line.split()
        if fields[0] == "p":
            continue
        if fields[0] != "v" or len(fields) != 4:
            raise _bad(path, number, "expected a node 'v ID X Y'")
        node = _number(fields[1], path, number, "the node")
        if node != int(node) or not 1 <= node <= n:
            raise _bad(path, number, f"node {fields[1]} is not one of 1..{n}")
        coords[int(node) - 1] = (
            _number(fields[2], path, number, "x"),
            _number(fields[3], path, number, "y"),
        )
    missing = np.isnan(coords[:, 0])
    if missing.any():
        raise InputError(f"{path} gives no coordinates for node {int(np.argmax(missing)) + 1}")
    return coords


def write_dimacs(graph: Graph, path: Path) -> list[Path]:
    """Write ``graph`` as DIMACS ``.gr`` (and ``.co`` when it has coordinates); the
    files written."""
    tails = np.repeat(np.arange(1, graph.n + 1), np.diff(graph.indptr)).tolist()
    heads = (graph.indices.astype(np.int64) + 1).tolist()
    weights = graph.weights.tolist()
    # repr is the shortest text that reads back as the same float (3 s for 6M arcs,
    # where numpy.savetxt's fixed "%.17g" takes four times as long)
    if all(w.is_integer() for w in weights):
        weights = [int(w) for w in weights]
    with atomic(path) as part, part.open("w", encoding="utf-8") as out:
        out.write(f"c {graph.title or 'graph'} written by searchlab\n")
        out.write(f"p sp {graph.n} {graph.arcs}\n")
        out.write(
            "\n".join([f"a {t} {h} {w!r}" for t, h, w in zip(tails, heads, weights, strict=True)])
        )
        out.write("\n")
    written = [path]
    if graph.coords is not None:
        co = path.with_suffix(".co")
        with atomic(co) as part, part.open("w", encoding="utf-8") as out:
            if graph.kind == "geographic":
                out.write(f"p aux sp co {graph.n}\n")
                values = np.round(graph.coords * 1e6).astype(np.int64).tolist()
                out.write("\n".join([f"v {i} {x} {y}" for i, (x, y) in enumerate(values, 1)]))
                out.write("\n")
            else:
                out.write(PLANE_MARK + "\n")
                out.write(f"p aux sp co {graph.n}\n")
                whole = bool(np.all(graph.coords == np.round(graph.coords)))
                values = (graph.coords.astype(np.int64) if whole else graph.coords).tolist()
                out.write("\n".join([f"v {i} {x!r} {y!r}" for i, (x, y) in enumerate(values, 1)]))
                out.write("\n")
        written.append(co)
    return written


# -- CSV ------------------------------------------------------------------------------
def read_csv(path: Path, coords_path: Path | None = None, *, directed: bool = False) -> Graph:
    """A CSV edge list ``SOURCE,TARGET[,WEIGHT]`` (a header line is recognised by a
    weight that is not a number; no weight: 1), nodes named as written; coordinates
    ``NODE,X,Y`` from ``coords_path`` or ``NAME.coords.csv`` beside it."""
    rows = _csv_rows(path)
    index: dict[str, int] = {}
    tails: list[int] = []
    heads: list[int] = []
    weights: list[float] = []
    for number, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not cells or not any(cells) or cells[0].startswith("#"):
            continue
        if len(cells) not in (2, 3):
            raise _bad(path, number, "expected SOURCE,TARGET or SOURCE,TARGET,WEIGHT")
        if number == 1 and len(cells) == 3 and _is_header(cells[2]):
            continue  # a header
        weight = 1.0 if len(cells) == 2 else _number(cells[2], path, number, "the weight")
        if weight < 0:
            raise _bad(path, number, f"weight {cells[2]}: weights must be 0 or more")
        if not cells[0] or not cells[1]:
            raise _bad(path, number, "a node name is empty")
        tails.append(index.setdefault(cells[0], len(index)))
        heads.append(index.setdefault(cells[1], len(index)))
        weights.append(weight)
    if not index:
        raise InputError(f"{path} holds no edge")
    names = list(index)
    if coords_path is None:
        beside = path.with_name(path.stem + ".coords.csv")
        coords_path = beside if beside.exists() else None
    coords = None if coords_path is None else _read_csv_coords(coords_path, index)
    return from_arcs(
        len(names),
        tails,
        heads,
        weights,
        directed=directed,
        names=names,
        coords=coords,
        kind="plane",
        title=path.name,
    )


def _is_number(text: str) -> bool:
    return is_float(text)


def _is_header(text: str) -> bool:
    """Whether a first line's cell is a column's name (``weight``), not a number, nor a
    number mistyped (``1_0``), which is refused as such."""
    return not is_float(text) and not any(ch.isdigit() for ch in text)


def _csv_rows(path: Path) -> Iterator[list[str]]:
    """The rows of a CSV file one by one (a field past the csv module's cap: refused by
    its line); the text is priced at ``CSV_FACTOR`` bytes of memory a byte."""
    reader = csv.reader(io.StringIO(_read_text(path, factor=CSV_FACTOR)))
    try:
        yield from reader
    except csv.Error as error:
        raise _bad(path, reader.line_num, f"not CSV ({error})") from None


def _read_csv_coords(path: Path, index: dict[str, int]) -> FloatArray:
    coords = np.full((len(index), 2), np.nan)
    for number, row in enumerate(_csv_rows(path), start=1):
        cells = [cell.strip() for cell in row]
        if not cells or not any(cells) or cells[0].startswith("#"):
            continue
        if len(cells) != 3:
            raise _bad(path, number, "expected NODE,X,Y")
        if number == 1 and _is_header(cells[1]):
            continue
        if cells[0] not in index:
            raise _bad(path, number, f"unknown node {cells[0]!r}")
        coords[index[cells[0]]] = (
            _number(cells[1], path, number, "x"),
            _number(cells[2], path, number, "y"),
        )
    missing = np.isnan(coords[:, 0])
    if missing.any():
        name = list(index)[int(np.argmax(missing))]
        raise InputError(f"{path} gives no coordinates for node {name!r}")
    return coords


# -- GraphML --------------------------------------------------------------------------
_NS = "{http://graphml.graphdrawing.org/xmlns}"
_WEIGHT_NAMES = ("weight", "length", "cost", "distance")
_X_NAMES = ("x", "lon", "longitude")
_Y_NAMES = ("y", "lat", "latitude")


def _tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


_LONLAT_CRS = ("epsg:4326", "wgs84", "crs84", "ogc:crs84", "+proj=longlat")
"""How a graph's ``crs`` names longitude and latitude in degrees (OSMnx writes
``epsg:4326`` for a graph it has not projected)."""
_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def _parse_xml(text: str, path: Path) -> ET.Element:
    """The XML's root, refusing a document type declaration: GraphML needs none, and
    its entities are how a small file expands to gigabytes (the standard library's
    parser would expand them)."""
    declared = _DECLARATION.search(text)
    if declared is not None:
        line = text.count("\n", 0, declared.start()) + 1
        raise _bad(path, line, f"a <!{declared.group(1).upper()}> declaration: GraphML needs none")
    try:
        return ET.fromstring(text)
    except ET.ParseError as error:
        line = error.position[0]
        reason = str(error.msg).split(": line")[0]
        raise _bad(
            path, line, f"not well-formed XML ({reason.removeprefix('not well-formed ')})"
        ) from None


def _lonlat_crs(text: str | None) -> bool:
    crs = (text or "").strip().lower().replace(" ", "")
    return any(name in crs for name in _LONLAT_CRS)


def read_graphml(path: Path) -> Graph:
    """A GraphML file: its ``edgedefault``, node ids as names, an edge key named weight,
    length, cost or distance (else 1), node keys x/y or lon/lat (geographic).

    A file as OSMnx saves it (``save_graphml``: a multigraph, every value a string)
    reads as its streets: ``length`` in metres, ``x``/``y`` longitude and latitude when
    the graph's ``crs`` is ``epsg:4326`` (a projected graph's are metres on a plane), so
    the great-circle estimate is the default; of parallel edges only the shortest is
    kept (no shortest path takes another); in an undirected file an edge whose
    ``oneway`` is true goes from its source to its target only."""
    text = _read_text(path, max_line=None, factor=GRAPHML_FACTOR)  # XML: maybe one line
    root = _parse_xml(text, path)
    keys: dict[str, str] = {}
    for key in root.iter():
        if _tag(key) == "key":
            keys[key.get("id", "")] = (key.get("attr.name") or key.get("id") or "").lower()
    graph_element = next((e for e in root.iter() if _tag(e) == "graph"), None)
    if graph_element is None:
        raise InputError(f"{path} holds no <graph>")
    directed = graph_element.get("edgedefault", "directed") == "directed"
    index: dict[str, int] = {}
    xs: dict[int, float] = {}
    ys: dict[int, float] = {}
    geographic = False
    tails: list[int] = []
    heads: list[int] = []
    weights: list[float] = []
    one_ways: list[bool] = []  # an edge of an undirected file that goes one way only
    for element in graph_element:
        tag = _tag(element)
        if tag == "data" and keys.get(element.get("key", ""), "") == "crs":
            geographic = geographic or _lonlat_crs(element.text)
        elif tag == "node":
            ident = element.get("id")
            if ident is None:
                raise InputError(f"{path}: a <node> has no id")
            node = index.setdefault(ident, len(index))
            for data in element:
                name = keys.get(data.get("key", ""), "")
                if name in _X_NAMES:
                    xs[node] = _graphml_number(data.text, path, f"node {ident}'s {name}")
                    geographic = geographic or name != "x"
                elif name in _Y_NAMES:
                    ys[node] = _graphml_number(data.text, path, f"node {ident}'s {name}")
        elif tag == "edge":
            source, target = element.get("source"), element.get("target")
            if source is None or target is None:
                raise InputError(f"{path}: an <edge> lacks its source or target")
            weight = 1.0
            oneway = False
            for data in element:
                name = keys.get(data.get("key", ""), "")
                if name in _WEIGHT_NAMES:
                    weight = _graphml_number(data.text, path, f"edge {source}→{target}'s weight")
                elif name == "oneway":
                    oneway = (data.text or "").strip().lower() in ("true", "1", "yes")
            if weight < 0:
                raise InputError(
                    f"{path}: edge {source}→{target} has weight {weight:g}: weights must be "
                    "0 or more",
                )
            one_way = element.get("directed", "true" if directed else "false").strip().lower()
            if one_way not in ("true", "false"):
                raise InputError(
                    f"{path}: edge {source}→{target} has directed={one_way!r}: true or false"
                )
            if one_way == "true" and not directed:
                raise InputError(f"{path}: mixed directed and undirected edges")
            tail, head = index.setdefault(source, len(index)), index.setdefault(target, len(index))
            tails.append(tail)
            heads.append(head)
            weights.append(weight)
            one_ways.append(oneway)
            if directed and one_way == "false":  # an undirected edge: both ways
                tails.append(head)
                heads.append(tail)
                weights.append(weight)
                one_ways.append(False)
    if not index:
        raise InputError(f"{path} holds no node")
    coords = None
    if len(xs) == len(index) and len(ys) == len(index):
        coords = [(xs[i], ys[i]) for i in range(len(index))]
    t = np.asarray(tails, dtype=np.int64)
    h = np.asarray(heads, dtype=np.int64)
    w = np.asarray(weights, dtype=np.float64)
    if not directed and any(one_ways):  # each edge as its arcs: a directed graph
        both = ~np.asarray(one_ways, dtype=bool)
        t, h = np.concatenate([t, h[both]]), np.concatenate([h, t[both]])
        w = np.concatenate([w, w[both]])
        directed = True
    return from_arcs(
        len(index),
        *_shortest_parallel(t, h, w, directed),
        directed=directed,
        names=list(index),
        coords=coords,
        kind="geographic" if geographic else "plane",
        title=path.name,
    )


def _shortest_parallel(t: Any, h: Any, w: Any, directed: bool) -> tuple[Any, Any, Any]:
    """The arcs (edges, undirected) with only the cheapest of parallel ones kept, in
    the order given."""
    ends = (t, h) if directed else (np.minimum(t, h), np.maximum(t, h))
    order = np.lexsort((w, ends[1], ends[0]))
    first = np.ones(len(order), dtype=bool)
    first[1:] = (np.diff(ends[0][order]) != 0) | (np.diff(ends[1][order]) != 0)
    kept = np.sort(order[first])
    return t[kept], h[kept], w[kept]


def _graphml_number(text: str | None, path: Path, what: str) -> float:
    try:
        value = strict_float((text or "").strip())
    except ValueError:
        raise InputError(f"{path}: {what} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise InputError(f"{path}: {what} is not finite")
    return value


# -- searchlab's own arrays -----------------------------------------------------------
def write_npz(graph: Graph, path: Path) -> None:
    """The graph's arrays, for loading in milliseconds (``numpy.savez``)."""
    arrays: dict[str, Any] = {
        "indptr": graph.indptr,
        "indices": graph.indices,
        "weights": graph.weights,
        "directed": np.array(graph.directed),
        "kind": np.array(graph.kind),
        "first_id": np.array(graph.first_id),
    }
    if graph.coords is not None:
        arrays["coords"] = graph.coords
    if graph.names is not None:
        arrays["names"] = np.array(graph.names)
    with atomic(path) as part, part.open("wb") as out:
        np.savez(out, **arrays)


_NPZ_KINDS = "biuf"  # the arrays' element kinds: bool, int, unsigned, float (and text below)


def _declared(path: Path) -> dict[str, tuple[tuple[int, ...], np.dtype[Any]]]:
    """The shape and type each array of an ``.npz`` declares, read from the headers in
    the zip without loading any: a 3 MB file may expand to gigabytes."""
    declared: dict[str, tuple[tuple[int, ...], np.dtype[Any]]] = {}
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            if not info.filename.endswith(".npy"):
                continue
            with archive.open(info) as member:
                version = np.lib.format.read_magic(member)
                if version == (1, 0):
                    shape, _, dtype = np.lib.format.read_array_header_1_0(member)
                else:
                    shape, _, dtype = np.lib.format.read_array_header_2_0(member)
            declared[info.filename.removesuffix(".npy")] = (shape, dtype)
    return declared


def priced(path: Path, field: str) -> dict[str, tuple[tuple[int, ...], np.dtype[Any]]]:
    """The arrays an ``.npz`` declares (``_declared``), refused past --max-memory (each
    loaded, then converted: three times its size) or when one is not plain numbers or
    text."""
    declared = _declared(path)
    total = 0
    for name, (shape, dtype) in declared.items():
        if dtype.kind not in _NPZ_KINDS + "U":
            raise ValueError(f"{name} holds {dtype}")
        total += int(np.prod(shape, dtype=object)) * max(8, dtype.itemsize)
    allowance.afford(f"{path} ({total:,} bytes of arrays)", 3 * total, field)
    return declared


def read_npz(path: Path) -> Graph:
    """searchlab's own arrays (``write_npz``), each array's declared shape checked, and
    the memory they would take priced, before any is loaded."""
    where = f"cannot read {path} as a searchlab graph"
    try:
        declared = priced(path, "start")
        for name in ("indptr", "indices", "weights"):
            if name not in declared or len(declared[name][0]) != 1:
                raise ValueError(f"{name} must be a list of numbers")
        nodes = declared["indptr"][0][0] - 1
        if "coords" in declared and declared["coords"][0] != (nodes, 2):
            raise ValueError(f"coords is {declared['coords'][0]}, not ({nodes}, 2)")
        if "names" in declared and declared["names"][0] != (nodes,):
            raise ValueError(f"names is {declared['names'][0]}, not ({nodes},)")
        for name in ("directed", "kind", "first_id"):
            if name not in declared or declared[name][0] != ():
                raise ValueError(f"{name} must be a single value")
        with np.load(path, allow_pickle=False) as data:
            indptr = data["indptr"].astype(np.int64)
            indices = data["indices"].astype(np.int64)
            weights = data["weights"].astype(np.float64)
            coords = data["coords"].astype(np.float64) if "coords" in data else None
            names = tuple(str(x) for x in data["names"]) if "names" in data else None
            directed = bool(data["directed"])
            kind: Any = str(data["kind"])
            raw_first = data["first_id"]
            if raw_first.dtype.kind not in "iu":
                raise ValueError(f"first_id must be a whole number, not {raw_first.dtype}")
            first_id = int(raw_first)
    except InputError:
        raise  # past --max-memory: said as such
    except (OSError, KeyError, ValueError, TypeError, EOFError, zipfile.BadZipFile) as error:
        reason = str(error) or type(error).__name__
        if isinstance(error, EOFError | zipfile.BadZipFile) or not reason:
            reason = "not a complete .npz (zip) file"
        raise InputError(f"{where}: {reason}", field="start") from None
    except MemoryError:
        raise InputError(f"{where}: its arrays do not fit in memory", field="start") from None
    n = len(indptr) - 1
    if (
        n < 1
        or n > MAX_NODES
        or len(indices) > MAX_ARCS
        or indptr[0] != 0
        or indptr[-1] != len(indices)
        or np.any(np.diff(indptr) < 0)
        or len(weights) != len(indices)
        or (len(indices) and (indices.min() < 0 or indices.max() >= n))
        or kind not in ("none", "plane", "geographic", "grid")
        or (coords is None and kind != "none")
    ):
        raise InputError(f"{path} is not a consistent searchlab graph", field="start")
    check_weights(weights, f"{path}: ")
    if coords is not None:
        check_coords(coords, kind, f"{path}: ")
    return Graph(
        indptr,
        indices.astype(np.int32),
        weights,
        directed,
        names,
        coords,
        kind,
        path.name,
        first_id,
    )
