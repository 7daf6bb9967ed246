"""Additive pattern databases for the 15-puzzle: partitions, building, and the disk cache.

A database is built once per (pattern tiles, their goal squares, the blank's goal
square) by the compiled breadth-first search in ``pdb_build`` and saved under the
user's cache directory (``platformdirs.user_cache_dir("searchlab")``, or
``$SEARCHLAB_CACHE_DIR``). A cache file holds a one-line JSON header (format version,
the key, the table length and its SHA-256) and the raw table. A file whose header,
length or checksum does not match is never trusted: it is rebuilt and rewritten
(atomically, through a temporary file and a rename).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from searchlab.core.errors import InputError

FORMAT = "searchlab-pdb/1"

Progress = Callable[[str, int, int], None]
"""Called while a database is built: (description, entries filled so far, entries in all)."""

CacheStatus = Literal["loaded", "built", "rebuilt"]

# Partitions of the 15 goal squares other than the blank's, written for the blank's
# goal in the bottom-right corner (square 15); other corners are reached by symmetry.
PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "pdb-663": ((0, 4, 5, 8, 9, 12), (6, 7, 10, 11, 13, 14), (1, 2, 3)),
    "pdb-555": ((0, 1, 4, 5, 8), (2, 3, 6, 7, 11), (9, 10, 12, 13, 14)),
    "pdb-33333": ((0, 1, 2), (3, 7, 11), (4, 5, 6), (8, 9, 12), (10, 13, 14)),
}

# Square maps taking a corner to square 15: each is its own inverse.
_CORNER_MAPS: dict[int, Callable[[int], int]] = {
    15: lambda cell: cell,
    0: lambda cell: 15 - cell,  # half turn
    3: lambda cell: 12 - (cell & ~3) + (cell & 3),  # upside down
    12: lambda cell: (cell & ~3) + 3 - (cell & 3),  # mirrored left to right
}


def cache_dir() -> Path:
    """Where databases are kept: ``$SEARCHLAB_CACHE_DIR`` or the platform's user cache."""
    override = os.environ.get("SEARCHLAB_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("searchlab"))


def partition_cells(name: str, blank_goal: int) -> tuple[tuple[int, ...], ...]:
    """The goal squares of each pattern of partition ``name`` for a goal whose blank is
    on square ``blank_goal``: the written layout turned to put the blank in its corner,
    or, for a blank off the corners, with squares ``blank_goal`` and 15 exchanged."""
    if name not in PARTITIONS:
        raise InputError(
            f"unknown pattern database {name!r}: choose one of {', '.join(PARTITIONS)}"
        )
    mapping = _CORNER_MAPS.get(blank_goal)
    if mapping is not None:
        return tuple(tuple(sorted(mapping(c) for c in cells)) for cells in PARTITIONS[name])
    return tuple(
        tuple(sorted(15 if c == blank_goal else c for c in cells)) for cells in PARTITIONS[name]
    )


@dataclass(frozen=True)
class Pattern:
    """One pattern: its tiles' goal squares (in tile order) and the blank's goal square."""

    goal_cells: tuple[int, ...]
    blank_goal: int

    @property
    def size(self) -> int:
        return int(16 ** len(self.goal_cells))

    @property
    def entries(self) -> int:
        """How many placements of the tiles there are (the table's meaningful entries)."""
        count = 1
        for i in range(len(self.goal_cells)):
            count *= 16 - i
        return count

    def key(self) -> str:
        return json.dumps({"tiles_at": list(self.goal_cells), "blank_at": self.blank_goal})

    def file_name(self) -> str:
        digest = hashlib.sha256(self.key().encode()).hexdigest()[:16]
        return f"pattern-{len(self.goal_cells)}-{digest}.pdb"


def build_table(pattern: Pattern, progress: Progress | None = None) -> npt.NDArray[np.uint8]:
    """Breadth-first search over the pattern's abstract space (in the compiled kernel)."""
    from searchlab.domains.puzzle.kernels.pdb_build import expand_layer, seed_goal

    k = len(pattern.goal_cells)
    dist = np.full(pattern.size, 255, dtype=np.uint8)
    seen = np.zeros(pattern.size, dtype=np.uint16)
    frontier = np.zeros(pattern.size, dtype=np.uint16)
    following = np.zeros(pattern.size, dtype=np.uint16)
    seed_goal(
        k, np.asarray(pattern.goal_cells, dtype=np.int64), pattern.blank_goal, dist, seen, frontier
    )
    filled = 1
    depth = 0
    description = f"pattern database, {k} tiles"
    while True:
        if progress is not None:
            progress(description, filled, pattern.entries)
        new = expand_layer(k, depth, dist, seen, frontier, following)
        if new == 0 and not following.any():
            break
        filled += new
        depth += 1
        frontier, following = following, frontier
        following[:] = 0
    if progress is not None:
        progress(description, pattern.entries, pattern.entries)
    return dist


def _header(pattern: Pattern, table: npt.NDArray[np.uint8]) -> bytes:
    header = {
        "format": FORMAT,
        "key": pattern.key(),
        "length": int(table.shape[0]),
        "sha256": hashlib.sha256(table.tobytes()).hexdigest(),
    }
    return json.dumps(header, sort_keys=True).encode() + b"\n"


def read_table(path: Path, pattern: Pattern) -> npt.NDArray[np.uint8] | None:
    """The table stored at ``path`` if it is whole and matches its checksum, else None."""
    try:
        with path.open("rb") as stream:
            line = stream.readline(4096)
            header = json.loads(line)
            data = stream.read()
    except (OSError, ValueError):
        return None
    if not isinstance(header, dict):
        return None
    if header.get("format") != FORMAT or header.get("key") != pattern.key():
        return None
    if header.get("length") != pattern.size or len(data) != pattern.size:
        return None
    if hashlib.sha256(data).hexdigest() != header.get("sha256"):
        return None
    return np.frombuffer(data, dtype=np.uint8).copy()


def write_table(path: Path, pattern: Pattern, table: npt.NDArray[np.uint8]) -> None:
    """Save atomically: a reader sees the old file or the whole new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(_header(pattern, table))
            stream.write(table.tobytes())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_or_build(
    pattern: Pattern, *, directory: Path | None = None, progress: Progress | None = None
) -> tuple[npt.NDArray[np.uint8], CacheStatus]:
    """The pattern's table from the cache, or built (and cached) when missing or damaged."""
    path = (directory if directory is not None else cache_dir()) / pattern.file_name()
    existed = path.exists()
    table = read_table(path, pattern) if existed else None
    if table is not None:
        return table, "loaded"
    table = build_table(pattern, progress)
    with contextlib.suppress(OSError):  # an unwritable cache costs a rebuild next time
        write_table(path, pattern, table)
    return table, "rebuilt" if existed else "built"


@dataclass(frozen=True)
class PatternDatabases:
    """The flat arrays the IDA* kernel reads: all tables end to end, and per tile its
    pattern number and the shift of its square in that pattern's index."""

    name: str
    tables: npt.NDArray[np.uint8]
    group: npt.NDArray[np.int64]  # tile -> pattern number
    shift: npt.NDArray[np.int64]  # tile -> 4 × its slot in the pattern
    offset: npt.NDArray[np.int64]  # pattern number -> start of its table
    statuses: tuple[CacheStatus, ...]


_LOADED: dict[tuple[str, tuple[int, ...], Path], PatternDatabases] = {}


def pattern_databases(
    name: str,
    goal: Sequence[int],
    *,
    directory: Path | None = None,
    progress: Progress | None = None,
) -> PatternDatabases:
    """Load (or build) every database of partition ``name`` for ``goal`` (16 cells);
    kept in memory for the rest of the process once loaded."""
    where = directory if directory is not None else cache_dir()
    memo_key = (name, tuple(goal), where)
    known = _LOADED.get(memo_key)
    if known is not None:
        return known
    databases = _load_all(name, goal, where, progress)
    _LOADED[memo_key] = databases
    return databases


def forget_loaded() -> None:
    """Drop the in-memory copies (tests use it to exercise the disk cache)."""
    _LOADED.clear()


def _load_all(
    name: str, goal: Sequence[int], directory: Path, progress: Progress | None
) -> PatternDatabases:
    blank_goal = list(goal).index(0)
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    group = np.zeros(16, dtype=np.int64)
    shift = np.zeros(16, dtype=np.int64)
    tables: list[npt.NDArray[np.uint8]] = []
    statuses: list[CacheStatus] = []
    offsets: list[int] = []
    start = 0
    for number, cells in enumerate(partition_cells(name, blank_goal)):
        tiles = sorted(goal[c] for c in cells)
        for slot, tile in enumerate(tiles):
            group[tile] = number
            shift[tile] = 4 * slot
        pattern = Pattern(tuple(goal_cell[t] for t in tiles), blank_goal)
        table, status = load_or_build(pattern, directory=directory, progress=progress)
        tables.append(table)
        statuses.append(status)
        offsets.append(start)
        start += table.shape[0]
    return PatternDatabases(
        name,
        np.concatenate(tables),
        group,
        shift,
        np.asarray(offsets, dtype=np.int64),
        tuple(statuses),
    )
