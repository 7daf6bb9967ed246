"""Map colouring as a registered domain: a start is a map (``australia``, ``usa``, an
adjacency file, or one written inline), coloured with ``--colours K`` colours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from searchlab.algorithms.csp import CSP, CSPState
from searchlab.core.options import Option
from searchlab.domains.csp import CSPDomain
from searchlab.domains.drawing import Drawing, Text
from searchlab.domains.mapcolouring.maps import COLOURS, MAPS, Map, colouring_csp, load_map

COLOURS_OPTION = Option(
    "colours",
    "int",
    "how many colours: red, green, blue, yellow, then purple, orange, …",
    default=4,
    low=1,
    high=len(COLOURS),
    metavar="K",
)


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

    def parse(self, text: str) -> Map:
        return load_map(text)

    def encode_start(self, start: Any) -> Any:
        return {region: start.neighbours(region) for region in start.regions}

    def build(self, start: Any, params: dict[str, Any]) -> CSP:
        return colouring_csp(start, params.get("colours") or COLOURS_OPTION.default)

    def format(self, state: Any) -> str:
        return " ".join(f"{var}={value}" for var, value in state.assignment().items()) or "—"

    def draw(self, state: Any, problem: Any = None) -> Drawing:
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
        coloured = sum(1 for k in state.assigned if k >= 0)
        return Text("\n".join(lines), f"{coloured} of {len(csp)} regions coloured")

    def solution_json(self, state: CSPState) -> Any:
        return {str(var): value for var, value in state.assignment().items()}

    def stream_scope(self, request: Any) -> str:
        return f" with {request.params['colours']} colours"


MAP_COLOURING = MapColouringDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
