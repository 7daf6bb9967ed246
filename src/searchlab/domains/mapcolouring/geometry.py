"""Where each region of a map is drawn: shipped with the package, never fetched.

Australia's seven regions are simplified polygons that share exactly the borders of
the map (WA–NT, WA–SA, NT–SA, NT–Q, SA–Q, SA–NSW, SA–V, Q–NSW, NSW–V; Tasmania an
island), as AIMA draws them. The 48 states are a tile grid (one square per state, near
where it lies), and their borders are drawn as links, so every border of ``USA`` shows
even where two tiles do not touch. Any other map is a graph: its regions on a circle
(in the order the file names them), a link per border. The layouts are deterministic:
the same map is drawn the same way every time.
"""

from __future__ import annotations

import math

from searchlab.domains.mapcolouring.maps import MAPS, Map

Point = tuple[float, float]

PALETTE: dict[str, str] = {
    # Okabe & Ito's colour-blind-safe palette for the first eight, so that the three
    # colours of AIMA's example (red, green, blue) stay apart for every reader
    "red": "#D55E00",  # vermilion
    "green": "#009E73",  # bluish green
    "blue": "#0072B2",
    "yellow": "#F0E442",
    "purple": "#CC79A7",  # reddish purple
    "orange": "#E69F00",
    "cyan": "#56B4E9",  # sky blue
    "pink": "#F5B7D2",
    "brown": "#8C510A",
    "grey": "#999999",
    "olive": "#999933",
    "navy": "#332288",
}
"""The RGB each colour name of ``maps.COLOURS`` is drawn with."""

AUSTRALIA: dict[str, tuple[Point, tuple[Point, ...]]] = {
    # region: (where its label goes, its polygon); a 420 × 360 canvas
    "WA": ((80, 165), ((10, 85), (160, 30), (160, 270), (65, 300), (10, 250))),
    "NT": ((205, 95), ((160, 30), (260, 20), (260, 170), (160, 170))),
    "SA": ((215, 225), ((160, 170), (280, 170), (280, 305), (220, 315), (160, 270))),
    "Q": ((325, 110), ((260, 20), (340, 40), (405, 210), (280, 210), (280, 170), (260, 170))),
    "NSW": ((335, 235), ((280, 210), (405, 210), (385, 270), (280, 262))),
    "V": ((318, 288), ((280, 262), (385, 270), (350, 305), (280, 305))),
    "T": ((336, 335), ((315, 320), (360, 320), (350, 352), (325, 352))),
}

USA_TILES: dict[str, tuple[int, int]] = {
    # state: (row, column) of its tile on a 6 × 12 grid
    "WA": (0, 0), "ID": (0, 1), "MT": (0, 2), "ND": (0, 3), "MN": (0, 4), "WI": (0, 5),
    "MI": (0, 7), "VT": (0, 9), "NH": (0, 10), "ME": (0, 11),
    "OR": (1, 0), "NV": (1, 1), "WY": (1, 2), "SD": (1, 3), "IA": (1, 4), "IL": (1, 5),
    "IN": (1, 6), "OH": (1, 7), "PA": (1, 8), "NY": (1, 9), "MA": (1, 10),
    "CA": (2, 0), "UT": (2, 1), "CO": (2, 2), "NE": (2, 3), "MO": (2, 4), "KY": (2, 5),
    "WV": (2, 6), "VA": (2, 7), "MD": (2, 8), "NJ": (2, 9), "CT": (2, 10), "RI": (2, 11),
    "AZ": (3, 1), "NM": (3, 2), "KS": (3, 3), "AR": (3, 4), "TN": (3, 5), "NC": (3, 6),
    "SC": (3, 7), "DE": (3, 8),
    "OK": (4, 3), "LA": (4, 4), "MS": (4, 5), "AL": (4, 6), "GA": (4, 7),
    "TX": (5, 3), "FL": (5, 7),
}  # fmt: skip
TILE = 48
"""A tile's pitch in the USA's grid, in canvas units."""
TILE_GAP = 12
"""The space between two tiles, where a border's link shows."""

GRAPH_SIZE = 420
"""The side of the canvas a graph is drawn on."""

Layout = tuple[float, float, dict[str, tuple[Point, tuple[Point, ...]]], bool]
"""Width, height, each region's label point and polygon (empty: a disc), and whether the
borders are drawn as links."""


def _square(row: int, col: int) -> tuple[Point, tuple[Point, ...]]:
    x, y = col * TILE + TILE_GAP / 2, row * TILE + TILE_GAP / 2
    side = TILE - TILE_GAP
    corners = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
    return (x + side / 2, y + side / 2), corners


def layout(chart: Map) -> Layout:
    """Where each region of ``chart`` is drawn (see the module docstring)."""
    regions = set(chart.regions)
    if regions == set(AUSTRALIA) and _borders(chart) == _borders(MAPS["australia"]):
        return 420, 360, dict(AUSTRALIA), False  # the polygons show exactly these borders
    if regions == set(USA_TILES):
        places = {name: _square(*USA_TILES[name]) for name in chart.regions}
        return 12 * TILE, 6 * TILE, places, True
    return GRAPH_SIZE, GRAPH_SIZE, _circle(chart.regions), True


def _circle(regions: tuple[str, ...]) -> dict[str, tuple[Point, tuple[Point, ...]]]:
    """The regions evenly on a circle, the first at the top, clockwise."""
    centre = GRAPH_SIZE / 2
    radius = centre - 40
    count = len(regions)
    if count == 1:
        return {regions[0]: ((centre, centre), ())}
    places: dict[str, tuple[Point, tuple[Point, ...]]] = {}
    for index, name in enumerate(regions):
        angle = 2 * math.pi * index / count - math.pi / 2
        x, y = centre + radius * math.cos(angle), centre + radius * math.sin(angle)
        places[name] = ((round(x, 1), round(y, 1)), ())
    return places


def _borders(chart: Map) -> set[frozenset[str]]:
    return {frozenset(border) for border in chart.borders}
