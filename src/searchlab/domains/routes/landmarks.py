"""ALT's landmarks (Goldberg & Harrelson, "Computing the shortest path: A* search meets
graph theory", 2005): a few nodes whose distances to and from every node are computed
once; by the triangle inequality d(v,t) ≥ d(L,t) − d(L,v) and d(v,t) ≥ d(v,L) − d(t,L),
so the largest of these over the landmarks is an admissible, consistent estimate.

Landmarks are chosen ``farthest`` (each new one the node farthest from those chosen,
the first the farthest from a node drawn with the seed) or ``random``. The tables are
saved as ``.npz`` with the graph's fingerprint and reused: under the user's cache
directory by default, or in a file named by the user. A web request builds them in
memory only (``in_memory``): within its allowance, and never written to the cache.
"""

from __future__ import annotations

import contextlib
import random
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from searchlab.core import allowance
from searchlab.core.cachedir import cache_dir as cache_dir
from searchlab.core.errors import InputError
from searchlab.core.outfile import atomic
from searchlab.domains.routes.caps import (
    LANDMARK_SECONDS,
    MAX_LANDMARKS,
    SELECTIONS,
    landmark_bytes,
)
from searchlab.domains.routes.graph import Graph

FORMAT = "searchlab-landmarks/1"

Progress = Callable[[str, int, int], None]
FloatTable = npt.NDArray[np.float64]


@dataclass(eq=False)
class Landmarks:
    """The chosen nodes and their tables: ``from_[k, v]`` = d(L_k, v), ``to[k, v]`` =
    d(v, L_k) (the same array on an undirected graph)."""

    nodes: npt.NDArray[np.int64]
    from_: npt.NDArray[np.float64]
    to: npt.NDArray[np.float64]
    fingerprint: str
    selection: str
    seed: int

    def estimate(self, v: int, t: int) -> float:
        """The largest lower bound on d(v, t) the landmarks give."""
        with np.errstate(invalid="ignore"):
            a = self.from_[:, t] - self.from_[:, v]
            b = self.to[:, v] - self.to[:, t]
        best = np.nanmax(np.concatenate([a, b, [0.0]]))
        return float(best)


def _arrays(
    graph: Graph,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.float64]]:
    return graph.indptr, graph.indices, graph.weights


def build(
    graph: Graph,
    count: int,
    selection: str = "farthest",
    seed: int = 0,
    progress: Progress | None = None,
) -> Landmarks:
    """Choose ``count`` landmarks and compute their tables (2·count full searches on a
    directed graph, count on an undirected one, by the compiled kernel)."""
    from searchlab.domains.routes import kernel

    if not 1 <= count <= MAX_LANDMARKS:
        raise InputError(f"landmarks must be 1 to {MAX_LANDMARKS}, not {count}", field="landmarks")
    if selection not in SELECTIONS:
        raise InputError(f"landmark selection is one of {', '.join(SELECTIONS)}", field="selection")
    count = min(count, graph.n)
    tables = count * (2 if graph.directed else 1)
    allowance.afford(
        f"{count} landmarks on {graph.n:,} nodes",
        landmark_bytes(graph.n, tables),
        "landmarks",
        "fewer landmarks, or another heuristic",
    )
    forward = _arrays(graph)
    backward = _arrays(graph.reverse())
    space = kernel.Workspace(graph.n)
    rng = random.Random(seed)
    nodes: list[int] = []
    from_rows: list[npt.NDArray[np.float64]] = []
    to_rows: list[npt.NDArray[np.float64]] = []
    total = count * (2 if graph.directed else 1)
    if selection == "random":
        nodes = rng.sample(range(graph.n), count)
    else:
        # the farthest from a random node starts; each next maximises the least distance
        nearest = kernel.distances_from(forward, rng.randrange(graph.n), space)
    for k in range(count):
        if selection == "farthest":
            finite = np.where(np.isfinite(nearest), nearest, -1.0)
            if k > 0:
                finite[np.asarray(nodes)] = -1.0
            nodes.append(int(np.argmax(finite)))
        row = kernel.distances_from(forward, nodes[k], space)
        from_rows.append(row)
        if selection == "farthest":
            nearest = row if k == 0 else np.minimum(nearest, row)
        if graph.directed:
            to_rows.append(kernel.distances_from(backward, nodes[k], space))
        if progress is not None:
            progress("landmarks", len(from_rows) + len(to_rows), total)
    from_ = np.vstack(from_rows)
    to = np.vstack(to_rows) if graph.directed else from_
    return Landmarks(
        np.asarray(nodes, dtype=np.int64), from_, to, graph.fingerprint(), selection, seed
    )


def save(landmarks: Landmarks, path: Path) -> None:
    """Write the tables (atomically: a temporary file renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic(path) as temporary, temporary.open("wb") as out:
        arrays = {
            "format": np.array(FORMAT),
            "fingerprint": np.array(landmarks.fingerprint),
            "selection": np.array(landmarks.selection),
            "seed": np.array(landmarks.seed),
            "nodes": landmarks.nodes,
            "from_": landmarks.from_,
        }
        if landmarks.to is not landmarks.from_:
            arrays["to"] = landmarks.to
        np.savez(out, **arrays)  # type: ignore[arg-type]


def load(path: Path, graph: Graph) -> Landmarks:
    """Tables saved for ``graph`` (an InputError for another graph or a damaged file, or
    one whose arrays would not fit --max-memory: priced before they are loaded)."""
    from searchlab.domains.routes.readers import priced

    try:
        priced(path, "landmarks_file")
        with np.load(path, allow_pickle=False) as data:
            if str(data["format"]) != FORMAT:
                raise KeyError("format")
            fingerprint = str(data["fingerprint"])
            nodes = data["nodes"].astype(np.int64)
            from_ = data["from_"].astype(np.float64)
            to = data["to"].astype(np.float64) if "to" in data else from_
            selection, seed = str(data["selection"]), int(data["seed"])
    except FileNotFoundError:
        raise InputError(f"cannot read {path}: no such file", field="landmarks_file") from None
    except InputError:
        raise  # past --max-memory: said as such
    except (
        OSError,
        KeyError,
        ValueError,
        TypeError,
        OverflowError,
        EOFError,
        zipfile.BadZipFile,
    ) as error:
        raise InputError(
            f"{path} is not a landmarks file ({error or type(error).__name__})",
            field="landmarks_file",
        ) from None
    if fingerprint != graph.fingerprint():
        raise InputError(f"{path} holds landmarks for another graph", field="landmarks_file")
    if from_.shape != (len(nodes), graph.n) or to.shape != from_.shape or from_.ndim != 2:
        raise InputError(f"{path} does not match the graph's size", field="landmarks_file")
    check_tables(graph, from_, to, str(path))
    return Landmarks(nodes, from_, to, fingerprint, selection, seed)


def check_tables(graph: Graph, from_: FloatTable, to: FloatTable, where: str) -> None:
    """Refuse tables that would make the estimate overestimate on ``graph``: the
    fingerprint in a file is only its word, so the tables are checked against the
    graph's arcs themselves. The estimate is admissible exactly when every row is a
    feasible potential: ``from_[v] − from_[u] ≤ w`` and ``to[u] − to[v] ≤ w`` for every
    arc u → v of weight w (true distances are; a forged or damaged table is not)."""
    tails = np.repeat(np.arange(graph.n, dtype=np.int64), np.diff(graph.indptr))
    heads, weights = graph.indices, graph.weights
    slack = weights + 1e-9 * np.maximum(1.0, weights)  # the rounding of sums in floats
    rows = [(from_, heads, tails), (to, tails, heads)]
    for table, later, earlier in rows[: 1 if to is from_ else 2]:
        if np.isnan(table).any() or (table < 0).any():
            raise InputError(
                f"{where}: a distance is negative or not a number", field="landmarks_file"
            )
        for k, row in enumerate(table):
            with np.errstate(invalid="ignore"):
                rise = row[later] - row[earlier]
                tolerance = slack + 1e-12 * np.abs(np.where(np.isfinite(row[later]), row[later], 0))
                bad = rise > tolerance
            if bad.any():
                arc = int(np.argmax(bad))
                raise InputError(
                    f"{where}: landmark {k + 1}'s distances are not the graph's (across the "
                    f"arc {graph.name(int(tails[arc]))} → {graph.name(int(heads[arc]))} they "
                    f"differ by more than its weight {weights[arc]:g}): it would overestimate",
                    field="landmarks_file",
                )


def cache_path(graph: Graph, count: int, selection: str, seed: int) -> Path:
    """Where the tables for these choices are kept in the user's cache."""
    name = f"{graph.fingerprint()}-{count}-{selection}-{seed}.npz"
    return cache_dir() / "landmarks" / name


def cached(
    graph: Graph, count: int, selection: str, seed: int, progress: Progress | None = None
) -> Landmarks:
    """The tables from the cache, built and saved there the first time."""
    path = cache_path(graph, count, selection, seed)
    if path.exists():
        try:
            return load(path, graph)
        except InputError:
            pass  # damaged or stale: rebuilt below
    landmarks = build(graph, count, selection, seed, progress)
    with contextlib.suppress(OSError):  # a read-only cache: it only rebuilds next time
        save(landmarks, path)
    return landmarks


WORKSPACE_BYTES = 48
"""The kernel's workspace per node while the tables are computed."""


def in_memory(
    graph: Graph, count: int, selection: str, seed: int, progress: Progress | None = None
) -> Landmarks:
    """The tables built for this request only (the web's: no cache is read or written),
    refused up front past the request's allowance and stopped once it has used the
    run's seconds; built once per request, however often the request asks."""
    budget = allowance.current()
    key = ("landmarks", id(graph), count, selection, seed)
    if budget is not None and key in budget.built:
        return budget.built[key][1]  # type: ignore[no-any-return]
    tables = min(count, graph.n) * (2 if graph.directed else 1)
    peak = landmark_bytes(graph.n, tables)
    allowance.check(
        f"{count} landmarks on {graph.n:,} nodes",
        peak,
        tables * graph.n * LANDMARK_SECONDS,
        "fewer landmarks, or a smaller graph",
        field="landmarks",
    )

    def step(stage: str, done: int, total: int) -> None:
        allowance.over("building the landmarks", "landmarks")
        if progress is not None:
            progress(stage, done, total)

    landmarks = build(graph, count, selection, seed, step)
    if budget is not None:
        budget.built[key] = (graph, landmarks)  # the graph held: its id stays its own
    return landmarks
