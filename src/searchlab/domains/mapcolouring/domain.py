"""Map colouring as a registered domain: a start is a map (``australia``, ``usa``, an
adjacency file, or one written inline), coloured with ``--colours K`` colours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from searchlab.algorithms.csp import CSP, CSPState
from searchlab.core.options import Option
from searchlab.domains.csp import CSPDomain
from searchlab.domains.drawing import Area, Chart, Drawing, Text
from searchlab.domains.mapcolouring.geometry import PALETTE, layout
from searchlab.domains.mapcolouring.maps import COLOURS, MAPS, Map, colouring_csp, load_map

COLOURS_OPTION = Option(
    "colours",
    "int",
    "how many colours: red, green, blue, yellow, then purple, orange, …; when not given, "
    "the map's own: 3 for australia (AIMA's), 4 for usa (Nevada's five neighbours need a "
    "fourth) and for a map of your own (every flat map takes 4)",
    low=1,
    high=len(COLOURS),
    metavar="K",
)
DRAWN_REGIONS = 200
"""A map of more regions is listed as text, not drawn (its graph would be a hairball)."""
DEFAULT_COLOURS = {"australia": 3}
"""A built-in map's own number of colours (any other map: 4)."""


def colours_for(start: Map, params: Mapping[str, Any]) -> int:
    """The colours a run uses: those asked for, or the map's own."""
    asked = params.get("colours")
    if asked:
        return int(asked)
    own = next((k for name, k in DEFAULT_COLOURS.items() if MAPS[name] is start), 4)
    return own


class MapColouringDomain(CSPDomain):
    """Map colouring as a CSP: Australia, the 48 US states, any adjacency file.

    Each region is a variable taking a colour; bordering regions differ. Each state lists
    the regions, the colour given to each, and for the others the colours they may still
    take: forward checking removes a colour from the neighbours of a region that takes it.
    """

    name = "map-colouring"
    title = "Map colouring"
    order = 41
    notation = (
        "a map: australia, usa (the 48 contiguous states), a file with one region a line "
        '"REGION: NEIGHBOUR NEIGHBOUR …" (# comments; a border written once is enough), '
        'or the same inline with ; between regions: "A: B C; B: C"'
    )
    examples = (
        "australia --colours 3",
        "australia --colours 2",
        "usa --json",
        "usa --colours 3 --algorithm csp --inference mac",
        '"A: B C; B: C" --colours 3 --all',
    )
    presets: ClassVar[Mapping[str, str]] = {name: name for name in MAPS}
    params = (COLOURS_OPTION,)
    sources = ("searchlab.domains.mapcolouring.maps.colouring_csp",)
    commands = "searchlab.cli.csp:map_colouring_commands"  # a map file is priced

    def parse(self, text: str) -> Map:
        return load_map(text)

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        """A built-in map by its name, any other written inline as parse reads it (the
        state's ``format`` writes colours, not the map)."""
        named = [name for name, known in MAPS.items() if known is start]
        if named:
            return [("start", named[0], None)]
        borders = [f"{region}: {other}" for region, other in start.borders]
        alone = [f"{region}:" for region in start.regions if not start.neighbours(region)]
        return [("start", "; ".join(borders + alone), None)]

    def encode_start(self, start: Any) -> Any:
        return {region: start.neighbours(region) for region in start.regions}

    def build(self, start: Any, params: dict[str, Any]) -> CSP:
        return colouring_csp(start, colours_for(start, params))

    def format(self, state: Any) -> str:
        return " ".join(f"{var}={value}" for var, value in state.assignment().items()) or "—"

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        """The map, each region in its colour; a region not yet coloured shows the
        colours it may still take (as small swatches in the viewer). Australia and the
        48 states are drawn as maps, any other map as a graph (``geometry``)."""
        csp = state.csp
        regions = tuple(str(var) for var in csp.variables)
        coloured = sum(1 for k in state.assigned if k >= 0)
        caption = f"{coloured} of {len(csp)} regions coloured"
        if len(regions) > DRAWN_REGIONS:
            return Text(self._listed(state), caption)
        chart = Map(regions, tuple((str(a), str(b)) for a, b in self._borders(csp)), csp.name)
        width, height, places, links = layout(chart)
        areas = []
        for var in csp.variables:
            at, shape = places[str(var)]
            if state.assigned[csp.index[var]] >= 0:
                areas.append(Area(str(var), at, shape, str(state.value(var))))
            elif state.domains is None:
                areas.append(Area(str(var), at, shape))
            else:
                areas.append(Area(str(var), at, shape, left=tuple(map(str, state.domain(var)))))
        used = {value for values in csp.domains for value in values}
        palette = tuple((name, PALETTE[name]) for name in COLOURS if name in used)
        if state.domains is not None and coloured < len(csp):
            caption += "; the dots in a blank region: the colours it may still take"
        return Chart(width, height, tuple(areas), chart.borders, palette, caption, csp.name, links)

    @staticmethod
    def _borders(csp: CSP) -> list[tuple[Any, Any]]:
        """Each pair of regions that a constraint keeps apart, once."""
        seen: dict[frozenset[Any], tuple[Any, Any]] = {}
        for constraint in csp.constraints:
            scope = tuple(constraint.scope)
            if len(scope) == 2:
                seen.setdefault(frozenset(scope), (scope[0], scope[1]))
        return list(seen.values())

    @staticmethod
    def _listed(state: Any) -> str:
        csp = state.csp
        width = max(len(str(var)) for var in csp.variables)
        lines = []
        for var in csp.variables:
            if state.assigned[csp.index[var]] >= 0:
                lines.append(f"{str(var).ljust(width)}  {state.value(var)}")
            elif state.domains is None:
                lines.append(f"{str(var).ljust(width)}  ?")
            else:
                left = state.domain(var)
                shown = "{" + ", ".join(left) + "}" if left else "{} (no colour left)"
                lines.append(f"{str(var).ljust(width)}  {shown}")
        return "\n".join(lines)

    def solution_json(self, state: CSPState) -> Any:
        return {str(var): value for var, value in state.assignment().items()}

    def stream_scope(self, request: Any) -> str:
        return f" with {colours_for(request.start, request.params)} colours"


MAP_COLOURING = MapColouringDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
