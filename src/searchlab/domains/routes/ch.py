"""Contraction hierarchies: many queries on one road network, each in a fraction of a
millisecond, after one preprocessing (the compiled part is ``chkernel``).

A hierarchy is built once per graph and saved as ``.npz`` with the graph's fingerprint,
like ALT's landmarks: under the user's cache directory by default (reused while the
graph is the same), or in a file named by the user. A query searches upward from both
ends, meets at the top and unpacks the shortcuts into the graph's own arcs. A distance
table (many-to-many) runs one upward search per target, leaves its distances in
*buckets* at the nodes it reached, then one upward search per source reads them
(Knopp et al., "Computing many-to-many shortest paths using highway hierarchies", 2007).
"""

from __future__ import annotations

import contextlib
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from searchlab.core.cachedir import cache_dir
from searchlab.core.errors import InputError
from searchlab.core.outfile import atomic
from searchlab.domains.routes.graph import Graph

FORMAT = "searchlab-ch/1"
_UP = ("up_ptr", "up_head", "up_cost", "up_middle")
FIELDS: tuple[str, ...] = ("rank", *_UP, *(name.replace("up_", "down_") for name in _UP))


@dataclass(eq=False)
class Hierarchy:
    """A graph's contraction hierarchy: each node's ``rank`` in the order, the arcs that
    climb out of each node (``up_*``: head, cost, the middle node of a shortcut or -1)
    and those that come down into it (``down_*``: the higher tail)."""

    rank: npt.NDArray[np.int32]
    up_ptr: npt.NDArray[np.int64]
    up_head: npt.NDArray[np.int32]
    up_cost: npt.NDArray[np.float64]
    up_middle: npt.NDArray[np.int32]
    down_ptr: npt.NDArray[np.int64]
    down_head: npt.NDArray[np.int32]
    down_cost: npt.NDArray[np.float64]
    down_middle: npt.NDArray[np.int32]
    fingerprint: str
    shortcuts: int = 0
    seconds: float = 0.0

    @property
    def n(self) -> int:
        return len(self.rank)

    @property
    def nbytes(self) -> int:
        return sum(getattr(self, name).nbytes for name in FIELDS)


def _csr(
    n: int, tails: npt.NDArray[np.int32], *columns: npt.NDArray[np.generic]
) -> tuple[npt.NDArray[np.int64], list[npt.NDArray[np.generic]]]:
    order = np.argsort(tails, kind="stable")
    ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(tails, minlength=n), out=ptr[1:])
    return ptr, [np.ascontiguousarray(column[order]) for column in columns]


def build(graph: Graph, witness_limit: int | None = None) -> Hierarchy:
    """Contract ``graph`` (compiled; about a minute for a million-node road graph)."""
    from searchlab.domains.routes import chkernel

    limit = chkernel.WITNESS_LIMIT if witness_limit is None else witness_limit
    started = time.perf_counter()
    rank, ut, uh, uc, um, dt, dh, dc, dm, added = chkernel.contract(
        graph.indptr, graph.indices, graph.weights, limit, chkernel.SIMULATION_LIMIT, True
    )
    up_ptr, (up_head, up_cost, up_middle) = _csr(graph.n, ut, uh, uc, um)
    down_ptr, (down_head, down_cost, down_middle) = _csr(graph.n, dt, dh, dc, dm)
    return Hierarchy(
        rank,
        up_ptr,
        up_head,  # type: ignore[arg-type]
        up_cost,  # type: ignore[arg-type]
        up_middle,  # type: ignore[arg-type]
        down_ptr,
        down_head,  # type: ignore[arg-type]
        down_cost,  # type: ignore[arg-type]
        down_middle,  # type: ignore[arg-type]
        graph.fingerprint(),
        int(added),
        time.perf_counter() - started,
    )


def save(hierarchy: Hierarchy, path: Path) -> None:
    """Write the hierarchy (atomically: a temporary file renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {name: getattr(hierarchy, name) for name in FIELDS}
    with atomic(path) as temporary, temporary.open("wb") as out:
        np.savez(
            out,
            format=np.array(FORMAT),
            fingerprint=np.array(hierarchy.fingerprint),
            shortcuts=np.array(hierarchy.shortcuts),
            seconds=np.array(hierarchy.seconds),
            **arrays,
        )


_DTYPES = {"rank": np.int32, "ptr": np.int64, "head": np.int32, "cost": np.float64}


def load(path: Path, graph: Graph) -> Hierarchy:
    """A hierarchy saved for ``graph`` (an InputError for another graph's, or a file
    that is not one, or whose arcs do not fit the graph)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["format"]) != FORMAT:
                raise KeyError("format")
            fingerprint = str(data["fingerprint"])
            arrays = {
                name: np.ascontiguousarray(
                    data[name], dtype=_DTYPES.get(name.split("_")[-1], np.int32)
                )
                for name in FIELDS
            }
            shortcuts, seconds = int(data["shortcuts"]), float(data["seconds"])
    except FileNotFoundError:
        raise _refused(path, "cannot be read: no such file") from None
    except (OSError, KeyError, ValueError, TypeError, EOFError, zipfile.BadZipFile) as error:
        why = error or type(error).__name__
        raise _refused(path, f"is not a contraction hierarchy ({why})") from None
    if fingerprint != graph.fingerprint():
        raise _refused(path, "holds a hierarchy for another graph")
    hierarchy = Hierarchy(
        **arrays,
        fingerprint=fingerprint,
        shortcuts=shortcuts,
        seconds=seconds,
    )
    _check(hierarchy, graph, path)
    return hierarchy


def _check(hierarchy: Hierarchy, graph: Graph, path: Path) -> None:
    """Refuse arrays a query would read out of bounds (a damaged file)."""
    n = graph.n
    bad = hierarchy.rank.shape != (n,)
    for side in ("up", "down"):
        ptr = getattr(hierarchy, f"{side}_ptr")
        head = getattr(hierarchy, f"{side}_head")
        middle = getattr(hierarchy, f"{side}_middle")
        cost = getattr(hierarchy, f"{side}_cost")
        arcs = len(head)
        bad = bad or ptr.shape != (n + 1,) or ptr[0] != 0 or ptr[-1] != arcs
        bad = bad or bool(np.any(np.diff(ptr) < 0)) or len(middle) != arcs or len(cost) != arcs
        if arcs and not bad:
            bad = bool(head.min() < 0 or head.max() >= n or middle.min() < -1)
            bad = bad or bool(middle.max() >= n or not np.all(cost >= 0))
    if bad:
        raise _refused(path, "does not match the graph's arrays")


def _refused(path: Path, why: str) -> InputError:
    return InputError(f"{path} {why}", field="ch_file")


def cache_path(graph: Graph) -> Path:
    """Where the hierarchy of ``graph`` is kept in the user's cache."""
    return cache_dir() / "ch" / f"{graph.fingerprint()}.npz"


def cached(graph: Graph) -> Hierarchy:
    """The hierarchy from the cache, built and saved there the first time."""
    path = cache_path(graph)
    if path.exists():
        try:
            return load(path, graph)
        except InputError:
            pass  # damaged or stale: rebuilt below
    hierarchy = build(graph)
    with contextlib.suppress(OSError):  # a read-only cache: it only rebuilds next time
        save(hierarchy, path)
    return hierarchy


class Workspace:
    """The arrays of the two upward searches, reused query after query."""

    def __init__(self, n: int) -> None:
        self.dist = (np.full(n, np.inf), np.full(n, np.inf))
        self.parent = (np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64))
        self.touched = (np.zeros(n, dtype=np.int32), np.zeros(n, dtype=np.int32))
        self.counts = [0, 0]
        self.heap = np.zeros(n, dtype=np.int32)
        self.pos = np.full(n, -1, dtype=np.int32)

    def reset(self) -> None:
        from searchlab.domains.routes.chkernel import reset

        for side in (0, 1):
            reset(self.touched[side], self.counts[side], self.dist[side], self.parent[side])
            self.counts[side] = 0

    @property
    def settled(self) -> int:
        """Nodes the last query's two searches reached."""
        return self.counts[0] + self.counts[1]


_SPACES: dict[int, tuple[Graph, Workspace]] = {}


def workspace(graph: Graph) -> Workspace:
    """The query arrays for ``graph``, kept for the next query on it."""
    held = _SPACES.get(id(graph))
    if held is None or held[0] is not graph:
        _SPACES.clear()
        held = (graph, Workspace(graph.n))
        _SPACES[id(graph)] = held
    return held[1]


def _search(hierarchy: Hierarchy, space: Workspace, side: int, source: int) -> None:
    from searchlab.domains.routes.chkernel import upward

    h = hierarchy
    graphs = (
        (h.up_ptr, h.up_head, h.up_cost, h.down_ptr, h.down_head, h.down_cost),
        (h.down_ptr, h.down_head, h.down_cost, h.up_ptr, h.up_head, h.up_cost),
    )
    space.counts[side] = upward(
        *graphs[side],
        source,
        space.dist[side],
        space.parent[side],
        space.heap,
        space.pos,
        space.touched[side],
    )


def query(
    hierarchy: Hierarchy, space: Workspace, source: int, target: int
) -> tuple[float, list[int]]:
    """The cost of the cheapest path from ``source`` to ``target`` and the path itself
    (inf and [] when there is none)."""
    from searchlab.domains.routes.chkernel import meet, unpack

    space.reset()
    _search(hierarchy, space, 0, source)
    _search(hierarchy, space, 1, target)
    cost, top = meet(space.touched[0], space.counts[0], space.dist[0], space.dist[1])
    if top < 0:
        return float("inf"), []
    h = hierarchy
    path = unpack(
        h.up_ptr, h.up_head, h.up_middle, h.down_ptr, h.down_head, h.down_middle,
        space.parent[0], space.parent[1], source, target, top,
    )  # fmt: skip
    return float(cost), path.tolist()


def distance_table(
    hierarchy: Hierarchy, sources: Sequence[int], targets: Sequence[int]
) -> npt.NDArray[np.float64]:
    """The cost from each of ``sources`` to each of ``targets`` (rows by source; inf
    where there is no path): one upward search per node of either set."""
    from searchlab.domains.routes.chkernel import table

    h = hierarchy
    return table(
        h.up_ptr, h.up_head, h.up_cost, h.down_ptr, h.down_head, h.down_cost,
        np.asarray(sources, dtype=np.int64), np.asarray(targets, dtype=np.int64),
    )  # fmt: skip
