"""Map colouring as a CSP: Australia and the 48 contiguous US states built in, any map
from an adjacency file (``maps``)."""

from searchlab.domains.mapcolouring.maps import MAPS, Map, colouring_csp, parse_map

__all__ = ["MAPS", "Map", "colouring_csp", "parse_map"]
