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
from searchlab.core.resources import require_disk, require_memory

FORMAT = "searchlab-pdb/1"

Progress = Callable[[str, int, int], None]
"""Called while a database is built: (description, entries filled so far, entries in all)."""

CacheStatus = Literal["loaded", "built", "rebuilt"]

BUILD_BYTES_PER_ENTRY = 7
"""A build's memory per table entry: the distances (1 byte) and three blank-region
masks (2 bytes each: seen, this layer, the next)."""

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

    def describe(self) -> str:
        """``the 6-tile pattern database``: how a message names it."""
        return f"the {len(self.goal_cells)}-tile pattern database"

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
    where = path.parent
    require_memory(BUILD_BYTES_PER_ENTRY * pattern.size, f"building {pattern.describe()}")
    require_disk(pattern.size + 4096, where, f"caching {pattern.describe()}")
    table = build_table(pattern, progress)
    with contextlib.suppress(OSError):  # an unwritable cache costs a rebuild next time
        write_table(path, pattern, table)
    return table, "rebuilt" if existed else "built"


@dataclass(frozen=True)
class PatternDatabases:
    """The flat arrays the IDA* kernel reads: all tables end to end (``offset``: where
    each pattern's starts; reflected, the list again, for the lookups on the reflected
    board), and per tile (``slots``, rows as in ``ida``: GROUP, SHIFT, MIRROR_GROUP,
    MIRROR_SHIFT; MIRROR per square) its pattern and the shift of its square in that
    pattern's index, on the board and on its reflection."""

    name: str
    tables: npt.NDArray[np.uint8]
    slots: npt.NDArray[np.int64]
    offset: npt.NDArray[np.int64]
    statuses: tuple[CacheStatus, ...]
    reflected: bool  # whether the mirrored patterns are loaded too

    def sums(self, board: Sequence[int]) -> tuple[int, int]:
        """The regular and the reflected sum of ``board`` (0 when not reflected), in
        plain Python: what the kernel keeps up to date move by move."""
        groups = len(self.offset) // 2 if self.reflected else len(self.offset)
        index = [0] * len(self.offset)
        for cell, tile in enumerate(board):
            if tile:
                index[int(self.slots[0, tile])] += cell << int(self.slots[1, tile])
                if self.reflected:
                    mirrored = int(self.slots[4, cell]) << int(self.slots[3, tile])
                    index[int(self.slots[2, tile])] += mirrored
        regular = sum(int(self.tables[self.offset[g] + index[g]]) for g in range(groups))
        if not self.reflected:
            return regular, 0
        reflected = sum(
            int(self.tables[self.offset[g] + index[g]]) for g in range(groups, 2 * groups)
        )
        return regular, reflected


_LOADED: dict[tuple[str, tuple[int, ...], Path, bool], PatternDatabases] = {}


def mirror_map(blank_goal: int) -> list[int] | None:
    """The reflection of the board about the diagonal through the blank's goal square
    (the main diagonal, or the other one), as a square map; None for a blank off both
    diagonals, whose goal no reflection keeps."""
    if blank_goal in (0, 5, 10, 15):
        return [((cell & 3) << 2) | (cell >> 2) for cell in range(16)]
    if blank_goal in (3, 6, 9, 12):
        return [((3 - (cell & 3)) << 2) | (3 - (cell >> 2)) for cell in range(16)]
    return None


def pattern_databases(
    name: str,
    goal: Sequence[int],
    *,
    directory: Path | None = None,
    progress: Progress | None = None,
    reflect: bool = False,
) -> PatternDatabases:
    """Load (or build) every database of partition ``name`` for ``goal`` (16 cells),
    set up with ``reflect`` to be read on the board reflected too (when the goal has a
    diagonal to reflect about: see ``mirror_map``); kept in memory for the rest of the
    process once loaded."""
    where = directory if directory is not None else cache_dir()
    memo_key = (name, tuple(goal), where, reflect)
    known = _LOADED.get(memo_key)
    if known is not None:
        return known
    databases = _load_all(name, goal, where, progress, reflect)
    _LOADED[memo_key] = databases
    return databases


def forget_loaded() -> None:
    """Drop the in-memory copies (tests use it to exercise the disk cache)."""
    _LOADED.clear()


def _load_all(
    name: str, goal: Sequence[int], directory: Path, progress: Progress | None, reflect: bool
) -> PatternDatabases:
    blank_goal = list(goal).index(0)
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    mirror = mirror_map(blank_goal) if reflect else None
    partition = partition_cells(name, blank_goal)
    slots = np.zeros((5, 16), dtype=np.int64)
    slots[4] = mirror if mirror is not None else range(16)
    tables: list[npt.NDArray[np.uint8]] = []
    statuses: list[CacheStatus] = []
    offsets: list[int] = []
    start = 0
    for number, cells in enumerate(partition):
        tiles = sorted(goal[c] for c in cells)
        for slot, tile in enumerate(tiles):
            slots[0, tile] = number
            slots[1, tile] = 4 * slot
        pattern = Pattern(tuple(goal_cell[t] for t in tiles), blank_goal)
        table, status = load_or_build(pattern, directory=directory, progress=progress)
        tables.append(table)
        statuses.append(status)
        offsets.append(start)
        start += table.shape[0]
    if mirror is not None:
        # the same tables read on the reflected board: there tile t stands on the
        # mirror of its square and counts as the tile whose goal mirrors t's
        for tile in range(1, 16):
            counted_as = goal[mirror[goal_cell[tile]]]
            slots[2, tile] = len(partition) + slots[0, counted_as]
            slots[3, tile] = slots[1, counted_as]
        offsets += offsets
    return PatternDatabases(
        name,
        np.concatenate(tables),
        slots,
        np.asarray(offsets, dtype=np.int64),
        tuple(statuses),
        mirror is not None,
    )
