"""Additive pattern databases for the 15- and 24-puzzle: partitions, building, the disk cache.

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
import math
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from searchlab.core import access, allowance
from searchlab.core.cachedir import cache_dir as cache_dir
from searchlab.core.errors import InputError
from searchlab.core.resources import require_disk, size_text
from searchlab.domains.puzzle.kernels.layout import CELL, GROUP, WEIGHT, weights_for

FORMAT = "searchlab-pdb/2"  # 2: ranked tables (1: sparse, 16**k)
SCAN = 1 << 24
"""Ranks a call of the build's kernel scans (a progress report after each)."""

Progress = Callable[[str, int, int], None]
"""Called while a database is built: (description, entries filled so far, entries in all)."""

CacheStatus = Literal["loaded", "built", "rebuilt"]

BUILD_BYTES_PER_ENTRY = 4
"""The build's arrays, one byte each a placement: the table, the regions seen, the
regions of the layer scanned and of the next."""
BUILD_OVERHEAD = 300_000_000
"""The process around them (Python, numpy, the compiled kernels, the 2 MB of region
tables), measured with room to spare: the 7-tile build peaked at 0.38 GB of
resident memory, 0.23 GB of it the arrays."""

BUILD_MICROSECONDS = {6: 0.37, 7: 0.44, 8: 0.61}
"""Build time per placement measured here (CPU seconds of the layer scan: 6 tiles in
2.14 s, best of four; 7 tiles in 25.2 s and 8 in 318 s, ``python -m benchmarks --only
puzzle15-78-build`` at 00:46 UTC); a larger pattern is estimated by the last ratio (more
regions a placement, a table further past the caches)."""

BUILD_MICROSECONDS_5 = {4: 0.70, 6: 1.24}
"""The same on the 5×5 board (flood fill in place of the 4×4 region lookup): 4 tiles
0.21 s a table, 6 tiles 158 s of CPU a table (a loaded machine, 00:28 UTC)."""

# Partitions of the goal squares other than the blank's, written for the blank's goal
# in the bottom-right corner (square n - 1); other corners are reached by symmetry.
# A partition's board is the one its squares fill: 15 squares 4 wide, 24 squares 5 wide.
PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "pdb-663": ((0, 4, 5, 8, 9, 12), (6, 7, 10, 11, 13, 14), (1, 2, 3)),
    # Korf & Felner's 7-8: on Korf's goal (blank top left) tiles 1-7 and 8-15
    "pdb-78": ((8, 9, 10, 11, 12, 13, 14), (0, 1, 2, 3, 4, 5, 6, 7)),
    "pdb-555": ((0, 1, 4, 5, 8), (2, 3, 6, 7, 11), (9, 10, 12, 13, 14)),
    "pdb-33333": ((0, 1, 2), (3, 7, 11), (4, 5, 6), (8, 9, 12), (10, 13, 14)),
    # Korf & Felner's 6-6-6-6 for the 24-puzzle: on Korf's goal (blank top left) tiles
    # {1,2,5,6,7,12} {3,4,8,9,13,14} {10,11,15,16,20,21} {17,18,19,22,23,24}; here
    # their half turn (square c to 24 - c)
    "pdb-6666": (
        (12, 17, 18, 19, 22, 23),
        (10, 11, 15, 16, 20, 21),
        (3, 4, 8, 9, 13, 14),
        (0, 1, 2, 5, 6, 7),
    ),
    # six 4-tile patterns (2×2 blocks and the bottom right's L): quick to build, for tests
    "pdb-444444": (
        (0, 1, 5, 6),
        (2, 3, 7, 8),
        (4, 9, 14, 19),
        (10, 11, 15, 16),
        (12, 13, 17, 18),
        (20, 21, 22, 23),
    ),
}


def partition_width(name: str) -> int:
    """The width of the board partition ``name`` is written for (4 or 5)."""
    return math.isqrt(sum(len(cells) for cells in PARTITIONS[name]) + 1)


def board_width(goal: Sequence[int]) -> int:
    """The width of a square board of ``len(goal)`` cells."""
    return math.isqrt(len(goal))


def _corner_map(corner: int, width: int) -> Callable[[int], int] | None:
    """The square map taking ``corner`` to the last square (each is its own inverse), or
    None for a square off the corners."""
    last = width * width - 1
    maps: dict[int, Callable[[int], int]] = {
        last: lambda cell: cell,
        0: lambda cell: last - cell,  # half turn
        width - 1: lambda cell: (width - 1 - cell // width) * width + cell % width,  # upside down
        last - width + 1: lambda cell: cell - cell % width + width - 1 - cell % width,  # mirrored
    }
    return maps.get(corner)


def partition_cells(
    name: str, blank_goal: int, width: int = 4
) -> tuple[tuple[int, ...], ...]:
    """The goal squares of each pattern of partition ``name`` for a goal ``width`` wide
    whose blank is on square ``blank_goal``: the written layout turned to put the blank
    in its corner, or, for a blank off the corners, with ``blank_goal`` and the last
    square exchanged."""
    if name not in PARTITIONS:
        raise InputError(
            f"unknown pattern database {name!r}: choose one of {', '.join(PARTITIONS)}"
        )
    if partition_width(name) != width:
        wide = partition_width(name)
        raise InputError(
            f"the pattern database {name} is for {wide}×{wide} boards, not {width}×{width}"
        )
    last = width * width - 1
    mapping = _corner_map(blank_goal, width)
    if mapping is not None:
        return tuple(tuple(sorted(mapping(c) for c in cells)) for cells in PARTITIONS[name])
    return tuple(
        tuple(sorted(last if c == blank_goal else c for c in cells)) for cells in PARTITIONS[name]
    )


@dataclass(frozen=True)
class Pattern:
    """One pattern: its tiles' goal squares (in tile order), the blank's goal square, and
    the board's width (4, or 5 for the 24-puzzle)."""

    goal_cells: tuple[int, ...]
    blank_goal: int
    width: int = 4

    @property
    def entries(self) -> int:
        """How many placements of the tiles there are: the ranked table's length."""
        return math.perm(self.width * self.width, len(self.goal_cells))

    def describe(self) -> str:
        """``the 6-tile pattern database``: how a message names it."""
        return f"the {len(self.goal_cells)}-tile pattern database"

    def key(self) -> str:
        fields: dict[str, Any] = {"tiles_at": list(self.goal_cells), "blank_at": self.blank_goal}
        if self.width != 4:  # 4 wide keeps the key its cache files were written under
            fields["width"] = self.width
        return json.dumps(fields)

    def file_name(self) -> str:
        digest = hashlib.sha256(self.key().encode()).hexdigest()[:16]
        return f"pattern-{len(self.goal_cells)}-{digest}.pdb"


def _geometry(pattern: Pattern) -> tuple[Any, ...]:
    """What ``pdb_build.expand_layer`` knows of the pattern and its board (its GEOMETRY):
    the tiles' weights, the regions' numbers and cells (4 wide), the width."""
    from searchlab.domains.puzzle.kernels.pdb_build import region_numbers

    width = pattern.width
    numbers = np.zeros((1 << 20) if width == 4 else 0, dtype=np.uint8)
    regions = np.zeros((1 << 19) if width == 4 else 0, dtype=np.uint16)
    if width == 4:
        region_numbers(numbers, regions)
    weights = weights_for(len(pattern.goal_cells), width * width)
    return weights, numbers, regions, width


def build_table(
    pattern: Pattern,
    progress: Progress | None = None,
    *,
    out: npt.NDArray[np.uint8] | None = None,
) -> npt.NDArray[np.uint8]:
    """Breadth-first search over the pattern's abstract space (in the compiled kernel),
    into ``out`` when given (``pattern.entries`` bytes): each layer a scan of the table
    in rank order, ``SCAN`` ranks a call, between the lowest and the highest rank the
    layer before reached."""
    from searchlab.domains.puzzle.kernels.pdb_build import expand_layer, seed_goal

    k = len(pattern.goal_cells)
    geometry = _geometry(pattern)
    dist = out if out is not None else np.empty(pattern.entries, dtype=np.uint8)
    dist.fill(255)
    padded = -(-pattern.entries // 8) * 8  # whole words for the scan
    seen = np.zeros(padded, dtype=np.uint8)
    current = np.zeros(padded, dtype=np.uint8)
    following = np.zeros(padded, dtype=np.uint8)
    goal_cells = np.asarray(pattern.goal_cells, dtype=np.int64)
    seed = seed_goal(goal_cells, geometry[0], pattern.blank_goal, pattern.width)
    rank, bit = (int(v) for v in seed)
    seen[rank] = current[rank] = bit
    low, high = rank, rank + 1
    filled = 0
    depth = 0
    description = f"pattern database, {k} tiles"
    bounds = np.zeros(2, dtype=np.int64)
    while low < high:
        bounds[:] = (padded, 0)
        words = current.view(np.uint64)
        for start in range(low & ~7, high, SCAN):
            stop = min(start + SCAN, high)
            filled += expand_layer(
                geometry, depth, start, stop, dist, seen, current, words, following, bounds
            )
            if progress is not None:
                progress(description, filled, pattern.entries)
        current, following = following, current  # the scan left ``current`` all zero
        low, high = (int(v) for v in bounds)
        depth += 1
    if progress is not None:
        progress(description, pattern.entries, pattern.entries)
    return dist


def _header(pattern: Pattern, table: npt.NDArray[np.uint8]) -> bytes:
    header = {
        "format": FORMAT,
        "key": pattern.key(),
        "length": int(table.shape[0]),
        "sha256": hashlib.sha256(table.data).hexdigest(),
    }
    return json.dumps(header, sort_keys=True).encode() + b"\n"


def read_table(
    path: Path, pattern: Pattern, out: npt.NDArray[np.uint8] | None = None
) -> npt.NDArray[np.uint8] | None:
    """The table stored at ``path`` (read into ``out`` when given) if it is whole and
    matches its checksum, else None."""
    table = out if out is not None else np.empty(pattern.entries, dtype=np.uint8)
    try:
        with path.open("rb") as stream:
            header = json.loads(stream.readline(4096))
            got = stream.readinto(table.data)
            extra = stream.read(1)
    except (OSError, ValueError):
        return None
    if not isinstance(header, dict):
        return None
    if header.get("format") != FORMAT or header.get("key") != pattern.key():
        return None
    if header.get("length") != pattern.entries or got != pattern.entries or extra:
        return None
    if hashlib.sha256(table.data).hexdigest() != header.get("sha256"):
        return None
    return table


def write_table(path: Path, pattern: Pattern, table: npt.NDArray[np.uint8]) -> None:
    """Save atomically: a reader sees the old file or the whole new one, never half
    (Ctrl-C while writing removes the temporary file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(_header(pattern, table))
            stream.write(table.data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def build_memory(pattern: Pattern) -> int:
    """Bytes a build of ``pattern`` needs: ``BUILD_BYTES_PER_ENTRY`` a placement and the
    process around them (``BUILD_OVERHEAD``)."""
    return pattern.entries * BUILD_BYTES_PER_ENTRY + BUILD_OVERHEAD


def build_seconds(pattern: Pattern) -> float:
    """A rough estimate of ``pattern``'s build time on this kind of machine."""
    k = len(pattern.goal_cells)
    measured = BUILD_MICROSECONDS if pattern.width == 4 else BUILD_MICROSECONDS_5
    known = sorted(measured)
    rate = measured[min(max(k, known[0]), known[-1])]
    if k > known[-1]:
        rate *= (measured[known[-1]] / measured[known[-2]]) ** (k - known[-1])
    return pattern.entries * rate * 1e-6


def build_estimate(name: str, goal: Sequence[int], directory: Path | None = None) -> str | None:
    """What building the missing tables of partition ``name`` will take (disk, memory,
    time), said before it starts; None when every table is cached. A build past
    ``--max-memory`` or the free disk is refused here (InputError), before it is said."""
    where = directory if directory is not None else cache_dir()
    missing = [p for p, _ in partition_patterns(name, goal) if not (where / p.file_name()).exists()]
    if not missing:
        return None
    for pattern in missing:
        require_room(pattern, where)
    counts = [str(len(p.goal_cells)) for p in missing]
    sizes = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " and " + counts[-1]
    seconds = sum(build_seconds(p) for p in missing)
    when = f"{seconds / 60:.0f} minutes" if seconds >= 90 else f"{seconds:.0f} seconds"
    disk = size_text(sum(p.entries for p in missing))
    memory = size_text(max(build_memory(p) for p in missing))
    return (
        f"building the {name} databases ({sizes} tiles): {disk} of disk in {where}, "
        f"about {memory} of memory, roughly {when} on one core"
    )


def require_room(pattern: Pattern, directory: Path) -> None:
    """Refuse to build ``pattern`` past ``--max-memory`` or the free disk. A web request
    is priced before this, against the viewer's own cap for tables
    (``web.prepared.check_build``), which is not the request's allowance for graphs."""
    if allowance.current() is None:
        allowance.afford(
            f"building {pattern.describe()}",
            build_memory(pattern),
            "heuristic",
            "a partition of smaller tables, or a larger --max-memory",
        )
    require_disk(pattern.entries + 4096, directory, f"caching {pattern.describe()}")


def load_or_build(
    pattern: Pattern,
    *,
    directory: Path | None = None,
    progress: Progress | None = None,
    out: npt.NDArray[np.uint8] | None = None,
) -> tuple[npt.NDArray[np.uint8], CacheStatus]:
    """The pattern's table from the cache, or built (and cached) when missing or damaged;
    into ``out`` when given. A build that would not fit the memory or the free disk is
    refused before it starts."""
    path = (directory if directory is not None else cache_dir()) / pattern.file_name()
    existed = path.exists()
    table = read_table(path, pattern, out) if existed else None
    if table is not None:
        return table, "loaded"
    require_room(pattern, path.parent)
    table = build_table(pattern, progress, out=out)
    if access.may_write_cache():  # a web request writes nothing into the user's cache
        with contextlib.suppress(OSError):  # an unwritable cache costs a rebuild next time
            write_table(path, pattern, table)
    return table, "rebuilt" if existed else "built"


@dataclass(frozen=True)
class PatternDatabases:
    """The flat arrays the IDA* kernel reads: all tables end to end (``offset``: where
    each pattern's starts; reflected, the list again, for the lookups on the reflected
    board), and ``slots``, two views (the board, its reflection) with the rows of
    ``pdb_build.rank_step``: per tile its pattern and its weight in that pattern's
    rank, per square the square it stands for."""

    name: str
    tables: npt.NDArray[np.uint8]
    slots: npt.NDArray[np.int64]
    offset: npt.NDArray[np.int64]
    statuses: tuple[CacheStatus, ...]
    reflected: bool  # whether the reflected lookups are set up too

    def sums(self, board: Sequence[int]) -> tuple[int, int]:
        """The regular and the reflected sum of ``board`` (0 when not reflected), in
        plain Python, ranks from scratch: what the kernel keeps up to date move by move."""
        totals = []
        for view in self.slots[: 2 if self.reflected else 1].tolist():
            group, weight, cell_map = view  # pdb_build's rows GROUP, WEIGHT, CELL
            index: dict[int, int] = {}
            for cell, tile in enumerate(board):
                if tile:
                    earlier = sum(
                        1
                        for other_cell, other in enumerate(board)
                        if other
                        and group[other] == group[tile]
                        and weight[other] > weight[tile]
                        and cell_map[other_cell] < cell_map[cell]
                    )
                    digit = cell_map[cell] - earlier
                    index[group[tile]] = index.get(group[tile], 0) + digit * weight[tile]
            totals.append(sum(int(self.tables[self.offset[g] + r]) for g, r in index.items()))
        return totals[0], totals[1] if self.reflected else 0


_LOADED: dict[tuple[str, tuple[int, ...], Path, bool], PatternDatabases] = {}


def mirror_map(blank_goal: int, width: int = 4) -> list[int] | None:
    """The reflection of the board about the diagonal through the blank's goal square
    (the main diagonal, or the other one), as a square map; None for a blank off both
    diagonals, whose goal no reflection keeps."""
    row, col = divmod(blank_goal, width)
    last = width - 1
    if row == col:
        return [(cell % width) * width + cell // width for cell in range(width * width)]
    if row + col == last:
        return [
            (last - cell % width) * width + last - cell // width for cell in range(width * width)
        ]
    return None


def pattern_databases(
    name: str,
    goal: Sequence[int],
    *,
    directory: Path | None = None,
    progress: Progress | None = None,
    reflect: bool = False,
) -> PatternDatabases:
    """Load (or build) every database of partition ``name`` for ``goal`` (16 or 25 cells),
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


def partition_patterns(
    name: str, goal: Sequence[int]
) -> list[tuple[Pattern, tuple[int, ...]]]:
    """Each pattern of partition ``name`` for ``goal`` (16 or 25 cells), with its tiles
    in the order of its table's rank."""
    blank_goal = list(goal).index(0)
    width = board_width(goal)
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    patterns = []
    for cells in partition_cells(name, blank_goal, width):
        tiles = tuple(sorted(goal[c] for c in cells))
        patterns.append(
            (Pattern(tuple(goal_cell[t] for t in tiles), blank_goal, width), tiles)
        )
    return patterns


def present(name: str, goal: Sequence[int], directory: Path | None = None) -> bool:
    """Whether every table of partition ``name`` for ``goal`` has a cache file (not
    yet verified: a damaged one is rebuilt when loaded)."""
    where = directory if directory is not None else cache_dir()
    return all((where / p.file_name()).exists() for p, _ in partition_patterns(name, goal))


BEST_FIRST = ("pdb-78", "pdb-663")
"""The partitions in order of strength (fewest nodes): what ``best_present`` picks from."""

BEST_FIRST_5 = ("pdb-6666", "pdb-444444")
"""The same for 5×5 boards: 6-6-6-6 once built (minutes), else 4-tile tables (seconds)."""


def best_present(goal: Sequence[int], directory: Path | None = None) -> str:
    """The strongest partition whose tables for ``goal`` are cached (pdb-78 or pdb-6666
    once built), else the one that takes seconds to build (pdb-663, pdb-444444)."""
    choices = BEST_FIRST if board_width(goal) == 4 else BEST_FIRST_5
    for name in choices[:-1]:
        if present(name, goal, directory):
            return name
    return choices[-1]


def _load_all(
    name: str, goal: Sequence[int], directory: Path, progress: Progress | None, reflect: bool
) -> PatternDatabases:
    blank_goal = list(goal).index(0)
    n = len(goal)
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    mirror = mirror_map(blank_goal, board_width(goal)) if reflect else None
    patterns = partition_patterns(name, goal)
    slots = np.full((2, 3, n), -1, dtype=np.int64)  # the board, and its reflection
    slots[0, CELL] = range(n)
    slots[1, CELL] = mirror if mirror is not None else range(n)
    offsets = [0]
    for pattern, _ in patterns:
        offsets.append(offsets[-1] + pattern.entries)
    for pattern, _ in patterns:  # refused before any is built, not after the first
        if not (directory / pattern.file_name()).exists():
            require_room(pattern, directory)
    tables = np.empty(offsets[-1], dtype=np.uint8)  # one block: no copy of 500 MB
    statuses: list[CacheStatus] = []
    for number, (pattern, tiles) in enumerate(patterns):
        weights = weights_for(len(tiles), n)
        for slot, tile in enumerate(tiles):
            slots[0, GROUP, tile] = number
            slots[0, WEIGHT, tile] = weights[slot]
        where = tables[offsets[number] : offsets[number + 1]]
        _, status = load_or_build(pattern, directory=directory, progress=progress, out=where)
        statuses.append(status)
    offsets.pop()
    if mirror is not None:
        # the same tables read on the reflected board: there tile t stands on the
        # mirror of its square and counts as the tile whose goal mirrors t's
        for tile in range(1, n):
            counted_as = goal[mirror[goal_cell[tile]]]
            slots[1, GROUP, tile] = len(patterns) + slots[0, GROUP, counted_as]
            slots[1, WEIGHT, tile] = slots[0, WEIGHT, counted_as]
        offsets += offsets
    return PatternDatabases(
        name,
        tables,
        slots,
        np.asarray(offsets, dtype=np.int64),
        tuple(statuses),
        mirror is not None,
    )
