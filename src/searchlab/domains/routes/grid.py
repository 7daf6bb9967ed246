"""Grid maps in the Moving AI benchmark format (``.map``, ``.scen``), as graphs.

A ``.map`` file is a header (``type octile``, ``height H``, ``width W``, ``map``) and H
rows of W characters: ``.``, ``G`` and ``S`` are passable, ``@``, ``O``, ``T`` and
``W`` are not. Moves go to the 8 neighbours (octile: straight 1, diagonal √2) or to
the 4 straight ones; as the format defines, a diagonal move may not cut a corner: both
cells it passes between must be passable. A cell is written ``x,y``: column, then row,
from the top-left corner at 0,0, as the ``.scen`` files write them.

A ``.scen`` file (``version 1``) lists problems, one a line: bucket, map name, width,
height, start x, start y, goal x, goal y and the optimal length.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import numpy as np
import numpy.typing as npt

from searchlab.core import allowance
from searchlab.core.errors import InputError
from searchlab.core.numbers import strict_float, strict_int
from searchlab.domains.routes.caps import BUILD_BYTES, MAX_SIDE
from searchlab.domains.routes.graph import MAX_NODES, Graph, from_arcs

PASSABLE = frozenset(".GS")
BLOCKED = frozenset("@OTW")
MAX_SCENARIOS = 1_000_000
"""The most problems one ``.scen`` file may hold."""

STRAIGHT = ((1, 0), (0, 1))
DIAGONAL = ((1, 1), (-1, 1))


@dataclass(eq=False)
class GridMap:
    """A grid of passable (True) and blocked cells, and how moves are counted."""

    passable: npt.NDArray[np.bool_]  # height × width
    name: str = "grid"
    neighbours: int = 8  # 8 (octile, no corner cutting) or 4

    @property
    def height(self) -> int:
        return int(self.passable.shape[0])

    @property
    def width(self) -> int:
        return int(self.passable.shape[1])

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def cell(self, text: str) -> int:
        """The node of cell ``x,y`` (an InputError outside the map or on a wall)."""
        parts = text.replace(" ", "").split(",")
        try:
            x, y = (strict_int(part) for part in parts)
        except ValueError:
            raise InputError(f"a cell is written x,y (column, row), not {text.strip()!r}") from None
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise InputError(
                f"cell {x},{y} is off the map ({self.width} wide, {self.height} high: "
                f"x from 0 to {self.width - 1}, y from 0 to {self.height - 1})"
            )
        if not self.passable[y, x]:
            raise InputError(f"cell {x},{y} is a wall")
        return self.index(x, y)

    def graph(self) -> Graph:
        """The map as a graph: every cell a node (walls have no arcs), node y·W + x."""
        tails: list[npt.NDArray[np.int64]] = []
        heads: list[npt.NDArray[np.int64]] = []
        costs: list[npt.NDArray[np.float64]] = []
        p = self.passable
        h, w = p.shape
        moves = STRAIGHT + (DIAGONAL if self.neighbours == 8 else ())
        for dx, dy in moves:
            ok = np.zeros_like(p)
            x0, x1 = max(0, -dx), w - max(0, dx)
            y0, y1 = 0, h - dy
            here = p[y0:y1, x0:x1]
            there = p[y0 + dy : y1 + dy, x0 + dx : x1 + dx]
            allowed = here & there
            if dx and dy:  # no corner cutting: both cells beside the diagonal passable
                allowed &= p[y0:y1, x0 + dx : x1 + dx] & p[y0 + dy : y1 + dy, x0:x1]
            ok[y0:y1, x0:x1] = allowed
            ys, xs = np.nonzero(ok)
            tails.append(ys * w + xs)
            heads.append((ys + dy) * w + xs + dx)
            costs.append(np.full(len(ys), math.sqrt(2) if dx and dy else 1.0))
        ys, xs = np.divmod(np.arange(h * w), w)
        graph = from_arcs(
            h * w,
            np.concatenate(tails),
            np.concatenate(heads),
            np.concatenate(costs),
            directed=False,
            coords=np.column_stack([xs, ys]),
            kind="grid",
            title=self.name,
            check=False,
        )
        graph.grid = self
        return graph

    def text(self) -> str:
        """The map in the Moving AI format."""
        rows = ["".join("." if cell else "@" for cell in row) for row in self.passable]
        return "type octile\nheight {}\nwidth {}\nmap\n{}\n".format(
            self.height, self.width, "\n".join(rows)
        )


def parse_map(text: str, name: str = "grid", where: str = "the map") -> GridMap:
    """A Moving AI ``.map`` from its text (InputError naming the line that is wrong)."""
    lines = text.splitlines()
    header: dict[str, str] = {}
    row = 0
    for row, line in enumerate(lines):
        fields = line.split()
        if fields == ["map"]:
            break
        if len(fields) != 2 or fields[0] not in ("type", "height", "width"):
            raise InputError(f"{where} line {row + 1}: expected type, height, width, then map")
        header[fields[0]] = fields[1]
    else:
        raise InputError(f"{where} has no 'map' line before its rows")
    try:
        height, width = strict_int(header["height"]), strict_int(header["width"])
    except (KeyError, ValueError):
        raise InputError(f"{where}: the header must give a whole height and width") from None
    if not (1 <= height <= MAX_SIDE and 1 <= width <= MAX_SIDE):
        raise InputError(f"{where}: height and width must be 1 to {MAX_SIDE}")
    allowance.afford(
        f"{where} ({width:,}×{height:,} cells)",
        width * height * BUILD_BYTES["grid"],
        "start",
        f"at most {allowance.max_memory() // BUILD_BYTES['grid']:,} cells fit",
    )
    check_cells(width * height, f"{where} ({width:,}×{height:,})")
    rows = lines[row + 1 : row + 1 + height]
    if len(rows) < height:
        raise InputError(f"{where}: {height} rows expected, {len(rows)} found")
    passable = np.zeros((height, width), dtype=bool)
    for y, cells in enumerate(rows):
        number = row + 2 + y
        cells = cells.rstrip("\r")
        if len(cells) != width:
            raise InputError(f"{where} line {number}: {width} cells expected, {len(cells)} found")
        unknown = set(cells) - PASSABLE - BLOCKED
        if unknown:
            raise InputError(f"{where} line {number}: unknown terrain {sorted(unknown)[0]!r}")
        passable[y] = [c in PASSABLE for c in cells]
    if any(line.strip() for line in lines[row + 1 + height :]):
        raise InputError(f"{where} line {row + 2 + height}: more rows than the height {height}")
    return GridMap(passable, name)


def check_cells(cells: int, what: str) -> None:
    """Refuse, before it is built, a grid of more cells than a graph may have nodes
    (every cell is a node): 8,192 a side is 67 million cells."""
    if cells > MAX_NODES:
        raise InputError(
            f"{what} has {cells:,} cells: a grid's graph has at most {MAX_NODES:,} (a cell a node)",
            field="start",
        )


def read_map(path: Path, neighbours: int = 8) -> GridMap:
    from searchlab.domains.routes.readers import _read_text

    grid = parse_map(_read_text(path), path.name, str(path))
    grid.neighbours = neighbours
    return grid


@dataclass(frozen=True)
class Scenario:
    """One problem of a ``.scen`` file."""

    line: int
    bucket: int
    map_name: str
    start: tuple[int, int]
    goal: tuple[int, int]
    optimal: float
    decimals: int = 8  # how many the file writes the optimal length with


def decimals_of(text: str) -> int:
    """How many decimals a number is written with (``50.08326112``: 8; ``12``: 0;
    ``5e-3``: 3)."""
    exponent = Decimal(text).as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def parse_scen(
    text: str, grid: GridMap | None = None, where: str = "the scenario"
) -> list[Scenario]:
    """The problems of a ``.scen`` file; with ``grid``, each is checked to be on it (its
    map's name and size, start and goal on passable cells)."""
    scenarios: list[Scenario] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or (number == 1 and line.split()[0] == "version"):
            continue
        fields = line.split("\t") if "\t" in line else line.split()
        if len(fields) != 9:
            raise InputError(f"{where} line {number}: expected 9 fields, found {len(fields)}")
        try:
            bucket, width, height, sx, sy, gx, gy = (
                strict_int(fields[i].strip()) for i in (0, 2, 3, 4, 5, 6, 7)
            )
            optimal = strict_float(fields[8].strip())
        except ValueError:
            raise InputError(f"{where} line {number}: a field is not a number") from None
        if not (math.isfinite(optimal) and optimal >= 0):
            raise InputError(f"{where} line {number}: optimal length {fields[8]} is not ≥ 0")
        if len(scenarios) >= MAX_SCENARIOS:
            raise InputError(f"{where} holds more than {MAX_SCENARIOS:,} problems")
        written = fields[8].strip()
        scenario = Scenario(
            number, bucket, fields[1], (sx, sy), (gx, gy), optimal, decimals_of(written)
        )
        if grid is not None:
            _check_on(scenario, grid, width, height, where)
        scenarios.append(scenario)
    if not scenarios:
        raise InputError(f"{where} holds no problem")
    return scenarios


def _check_on(scenario: Scenario, grid: GridMap, width: int, height: int, where: str) -> None:
    name = Path(scenario.map_name.replace("\\", "/")).name
    if name != grid.name or (width, height) != (grid.width, grid.height):
        raise InputError(
            f"{where} line {scenario.line} is for the map {name} ({width}×{height}), not "
            f"{grid.name} ({grid.width}×{grid.height})"
        )
    for what, (x, y) in (("start", scenario.start), ("goal", scenario.goal)):
        try:
            grid.cell(f"{x},{y}")
        except InputError as error:
            raise InputError(f"{where} line {scenario.line}: the {what} {error}") from None


# -- generators -------------------------------------------------------------------------
def maze(width: int, height: int, rng: random.Random) -> GridMap:
    """A perfect maze of ``width`` × ``height`` rooms (a grid of 2w+1 × 2h+1 cells) by the
    randomised depth-first walk, with an explicit stack."""
    cells = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    seen = np.zeros((height, width), dtype=bool)
    stack = [(0, 0)]
    seen[0, 0] = True
    cells[1, 1] = True
    while stack:
        x, y = stack[-1]
        options = [
            (x + dx, y + dy)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= x + dx < width and 0 <= y + dy < height and not seen[y + dy, x + dx]
        ]
        if not options:
            stack.pop()
            continue
        nx, ny = rng.choice(options)
        seen[ny, nx] = True
        cells[2 * ny + 1, 2 * nx + 1] = True
        cells[y + ny + 1, x + nx + 1] = True
        stack.append((nx, ny))
    return GridMap(cells, f"maze-{width}x{height}")


def widened(grid: GridMap, times: int) -> GridMap:
    """``grid`` with every cell made ``times`` × ``times`` cells: a maze of corridors
    (and walls) ``times`` wide, like Moving AI's maze512-4 and maze512-8 sets."""
    passable = np.repeat(np.repeat(grid.passable, times, axis=0), times, axis=1)
    return GridMap(passable, f"{grid.name}×{times}", grid.neighbours)


def rooms(width: int, height: int, room: int, rng: random.Random, doors: int = 1) -> GridMap:
    """Square rooms of side ``room`` behind walls, each wall between two rooms holding
    ``doors`` openings (Moving AI's room maps are built this way)."""
    side = room + 1
    cells = np.ones((height, width), dtype=bool)
    cells[::side, :] = False
    cells[:, ::side] = False
    for top in range(0, height, side):
        for left in range(0, width, side):
            for _ in range(doors):
                if left + side < width:  # a door in the wall to the right
                    y = min(height - 1, top + 1 + rng.randrange(room))
                    cells[y, left + side] = True
                if top + side < height:  # a door in the wall below
                    x = min(width - 1, left + 1 + rng.randrange(room))
                    cells[top + side, x] = True
    return GridMap(cells, f"rooms-{width}x{height}")
