"""Maps: regions and which of them share a border, read from an adjacency text.

A map is written one region a line, ``REGION: NEIGHBOUR NEIGHBOUR …`` (commas allowed
between neighbours, ``;`` may stand for a new line, ``#`` starts a comment); a region
with no neighbour is written alone (``T:``). A border needs writing once: the map is
made symmetric. A region adjacent to itself is refused, naming its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from searchlab.algorithms.csp import CSP, NotEqual
from searchlab.core import access, textfile
from searchlab.core.errors import InputError

COLOURS = (
    "red",
    "green",
    "blue",
    "yellow",
    "purple",
    "orange",
    "cyan",
    "pink",
    "brown",
    "grey",
    "olive",
    "navy",
)
MAX_REGIONS = 10_000

AUSTRALIA = """
WA: NT SA
NT: SA Q
SA: Q NSW V
Q: NSW
NSW: V
V:
T:
"""

# The 48 contiguous states; borders that meet at a point only (Four Corners: AZ-CO,
# NM-UT) are not borders, and neither are water boundaries (MI-MN in Lake Superior).
USA = """
AL: FL GA MS TN
AZ: CA NV UT NM
AR: MO TN MS LA TX OK
CA: OR NV AZ
CO: WY NE KS OK NM UT
CT: NY MA RI
DE: MD PA NJ
FL: AL GA
GA: FL AL TN NC SC
ID: WA OR NV UT WY MT
IL: WI IA MO KY IN
IN: IL MI OH KY
IA: MN WI IL MO NE SD
KS: NE MO OK CO
KY: IL IN OH WV VA TN MO
LA: TX AR MS
ME: NH
MD: VA WV PA DE
MA: RI CT NY VT NH
MI: WI IN OH
MN: WI IA SD ND
MS: LA AR TN AL
MO: IA IL KY TN AR OK KS NE
MT: ND SD WY ID
NE: SD IA MO KS CO WY
NV: CA OR ID UT AZ
NH: VT ME MA
NJ: DE PA NY
NM: AZ CO OK TX
NY: NJ PA CT MA VT
NC: VA TN GA SC
ND: MN SD MT
OH: PA WV KY IN MI
OK: KS MO AR TX NM CO
OR: CA NV ID WA
PA: NY NJ DE MD WV OH
RI: CT MA
SC: GA NC
SD: ND MN IA NE WY MT
TN: KY VA NC GA AL MS AR MO
TX: NM OK AR LA
UT: ID WY CO AZ NV
VT: NY NH MA
VA: MD WV KY TN NC
WA: ID OR
WV: OH PA MD VA KY
WI: MI MN IA IL
WY: MT SD NE CO UT ID
"""


@dataclass(frozen=True)
class Map:
    """Regions in the order first written, and their borders (each pair once, in the
    order first written)."""

    regions: tuple[str, ...]
    borders: tuple[tuple[str, str], ...]
    name: str = ""

    def neighbours(self, region: str) -> list[str]:
        found = [b for a, b in self.borders if a == region]
        return found + [a for a, b in self.borders if b == region]


_NAME = re.compile(r"^[^\s:,;#]+$")


def parse_map(text: str, name: str = "") -> Map:
    """A map from its adjacency text (see the module docstring)."""
    regions: dict[str, None] = {}
    borders: dict[frozenset[str], tuple[str, str]] = {}
    lines = [part for line in text.splitlines() for part in line.split("#", 1)[0].split(";")]
    for number, line in enumerate(lines, start=1):
        body = line.strip()
        if not body:
            continue
        if ":" not in body:
            raise InputError(
                f"line {number}: write a region as REGION: NEIGHBOUR NEIGHBOUR …, not {body!r}"
            )
        head, rest = body.split(":", 1)
        region = head.strip()
        if not _NAME.match(region):
            raise InputError(f"line {number}: {region!r} is not a region's name")
        regions.setdefault(region, None)
        for other in (part for part in re.split(r"[\s,]+", rest) if part):
            if not _NAME.match(other):
                raise InputError(f"line {number}: {other!r} is not a region's name")
            if other == region:
                raise InputError(f"line {number}: {region} is adjacent to itself")
            regions.setdefault(other, None)
            borders.setdefault(frozenset((region, other)), (region, other))
        if len(regions) > MAX_REGIONS:
            raise InputError(f"a map of more than {MAX_REGIONS:,} regions is past the cap")
    if not regions:
        raise InputError("the map has no region: write REGION: NEIGHBOUR … one a line")
    return Map(tuple(regions), tuple(borders.values()), name)


MAP_FACTOR = 128
"""Bytes of memory per byte of a map file, from its text to the CSP's constraints and
arcs: measured 115 on the densest kind of map (1,414 regions of 3 to 5 characters,
each bordering all: 5.5 MB of file, 660 MB of resident memory); a file is refused
past ``--max-memory`` over this while it is read (/dev/zero is no map)."""


MAPS = {"australia": parse_map(AUSTRALIA, "Australia"), "usa": parse_map(USA, "USA (48 states)")}


def load_map(text: str) -> Map:
    """A built-in map by name, a map written inline (with ``:``), or a file's."""
    body = text.strip()
    if body in MAPS:
        return MAPS[body]
    if ":" in body:
        return parse_map(body)
    path = access.named_file(body, "map", "start")  # in a web request: a name it serves
    try:
        exists = path.exists()
    except (OSError, ValueError):  # ValueError: a NUL in the name
        exists = False
    if not exists:
        raise InputError(
            f"no map called {body!r}: name one of {', '.join(MAPS)}, a file, or write "
            "REGION: NEIGHBOUR … inline"
        )
    # streamed, refused past the memory budget while it is read (/dev/zero is no map)
    content = textfile.read_text(path, field="start", factor=MAP_FACTOR)
    try:
        return parse_map(content, path.stem)
    except InputError as error:
        raise InputError(f"{body} {error}") from None


def colouring_csp(chart: Map, colours: int) -> CSP:
    """A variable per region taking one of the first ``colours`` colours, and a
    not-equal per border."""
    if not 1 <= colours <= len(COLOURS):
        raise InputError(f"colours must be from 1 to {len(COLOURS)}, not {colours}")
    palette = COLOURS[:colours]
    domains = {region: palette for region in chart.regions}
    return CSP(domains, [NotEqual(a, b) for a, b in chart.borders], name=chart.name)
