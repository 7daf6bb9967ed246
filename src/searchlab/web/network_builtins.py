"""The networks the network tab offers ready-made: Australia's map colouring and
SEND+MORE (made from the library's own domains, so the tab shows the same CSPs the
command line solves), 4-queens and a small crossword (binary tables of allowed pairs,
as the textbooks draw them)."""

from __future__ import annotations

import itertools
import math
from typing import Any

from searchlab.algorithms.csp import CSP, AllDifferent, LinearSum, NotEqual
from searchlab.domains.cryptarithm.puzzle import cryptarithm_csp, parse_cryptarithm
from searchlab.domains.mapcolouring.maps import MAPS, colouring_csp

AUSTRALIA_PLACES = {
    "WA": (0.12, 0.5),
    "NT": (0.38, 0.18),
    "SA": (0.42, 0.55),
    "Q": (0.7, 0.22),
    "NSW": (0.78, 0.55),
    "V": (0.62, 0.8),
    "T": (0.72, 0.96),
}
CROSSWORD_WORDS = ("ado", "air", "and", "art", "dog", "eat", "ink", "tea", "ten", "toe")
"""Three-letter words for a 3 × 3 frame: 1-across and 4-across, 1-down and 2-down
(after Poole & Mackworth's crossword examples, smaller). Its two solutions are one
filling and its mirror image across the diagonal."""
CROSSWORD_SLOTS = {  # slot: (place, the cells it covers)
    "A1": ((0.5, 0.08), ((0, 0), (0, 1), (0, 2))),
    "D1": ((0.12, 0.5), ((0, 0), (1, 0), (2, 0))),
    "D2": ((0.88, 0.5), ((0, 2), (1, 2), (2, 2))),
    "A4": ((0.5, 0.92), ((2, 0), (2, 1), (2, 2))),
}


def _spec_of(csp: CSP, places: dict[str, tuple[float, float]]) -> dict[str, Any]:
    """A library CSP built of not-equals, all-differents and sums as the tab's JSON."""
    variables = []
    for var, values in zip(csp.variables, csp.domains, strict=True):
        item: dict[str, Any] = {"name": str(var), "domain": list(values)}
        if str(var) in places:
            item["x"], item["y"] = places[str(var)]
        variables.append(item)
    constraints: list[dict[str, Any]] = []
    for constraint in csp.constraints:
        scope = [str(var) for var in constraint.scope]
        if isinstance(constraint, NotEqual) and constraint.plus == (0,):
            constraints.append({"kind": "relation", "scope": scope, "relation": "!="})
        elif isinstance(constraint, AllDifferent) and constraint.offsets is None:
            constraints.append({"kind": "alldiff", "scope": scope, "label": constraint.label})
        elif isinstance(constraint, LinearSum):
            constraints.append(
                {
                    "kind": "sum",
                    "label": equation(constraint),
                    "scope": scope,
                    "coefficients": list(constraint.coefficients),
                    "relation": constraint.relation,
                    "total": constraint.total,
                }
            )
        else:  # pragma: no cover - the built-ins use only the kinds above
            raise ValueError(f"no JSON for {constraint.name}")
    return {"name": csp.name, "variables": variables, "constraints": constraints}


def equation(constraint: LinearSum) -> str:
    """A sum as an equation with no minus sign: ``D + E = Y + 10·c1``."""

    def side(sign: int) -> str:
        terms = [
            str(var) if c * sign == 1 else f"{c * sign}·{var}"
            for var, c in zip(constraint.scope, constraint.coefficients, strict=True)
            if c * sign > 0
        ]
        return " + ".join(terms) or "0"

    relation = {"==": "=", "<=": "≤", ">=": "≥"}[constraint.relation]
    if constraint.total:
        return f"{side(1)} {relation} {side(-1)} + {constraint.total}"
    return f"{side(1)} {relation} {side(-1)}"


def australia() -> dict[str, Any]:
    """AIMA's map of Australia in three colours."""
    return _spec_of(colouring_csp(MAPS["australia"], 3), AUSTRALIA_PLACES)


def send_more_money() -> dict[str, Any]:
    """SEND + MORE = MONEY column by column, with the carries (the cryptarithm domain's
    CSP): letters along the top, carries along the bottom, a hyper-arc per column."""
    csp = cryptarithm_csp(parse_cryptarithm("SEND+MORE=MONEY"))
    letters = [str(v) for v in csp.variables if not str(v).startswith("c")]
    carries = [str(v) for v in csp.variables if str(v).startswith("c")]
    places = {  # two staggered rows, so that domains of ten digits fit
        v: (0.07 + 0.86 * i / (len(letters) - 1), 0.0 if i % 2 else 0.36)
        for i, v in enumerate(letters)
    }
    # column k's box at x = 0.9 − 0.22·(k − 1) (the units on the right), carry k between
    # the boxes of the columns it joins
    places |= {v: (0.79 - 0.22 * i, 1.0) for i, v in enumerate(carries)}
    spec = _spec_of(csp, places)
    spec["name"] = "SEND+MORE=MONEY"
    columns = [c for c in spec["constraints"] if c["kind"] == "sum"]
    for k, column in enumerate(columns):  # column 1 (the units) on the right
        column["x"], column["y"] = max(0.0, 0.9 - 0.22 * k), 0.62 if k % 2 else 0.76
    for constraint in spec["constraints"]:
        if constraint["kind"] == "alldiff":
            constraint["x"], constraint["y"] = 0.5, 0.19
    return spec


def queens(n: int = 4) -> dict[str, Any]:
    """n queens, one per column: Qi is the row of column i's queen; each two columns
    have a table of the pairs of rows where they do not attack each other."""
    names = [f"Q{i + 1}" for i in range(n)]
    variables = []
    for i, name in enumerate(names):
        angle = 2 * math.pi * i / n - math.pi / 2  # the first at the top, clockwise
        x, y = round(0.5 + 0.38 * math.cos(angle), 4), round(0.5 + 0.38 * math.sin(angle), 4)
        variables.append({"name": name, "domain": list(range(1, n + 1)), "x": x, "y": y})
    constraints = []
    for i, j in itertools.combinations(range(n), 2):
        pairs = [
            [a, b]
            for a in range(1, n + 1)
            for b in range(1, n + 1)
            if a != b and abs(a - b) != j - i
        ]
        scope = [names[i], names[j]]
        label = f"{names[i]}, {names[j]} safe"
        constraints.append({"kind": "table", "scope": scope, "pairs": pairs, "label": label})
    return {"name": f"{n}-queens", "variables": variables, "constraints": constraints}


def crossword() -> dict[str, Any]:
    """Four three-letter slots of a 3 × 3 frame; two slots crossing at a cell have a
    table of the pairs of words with the same letter there."""
    variables = [
        {"name": slot, "domain": list(CROSSWORD_WORDS), "x": place[0], "y": place[1]}
        for slot, (place, _cells) in CROSSWORD_SLOTS.items()
    ]
    constraints = []
    for (one, (_, cells1)), (two, (_, cells2)) in itertools.combinations(
        CROSSWORD_SLOTS.items(), 2
    ):
        shared = set(cells1) & set(cells2)
        if not shared:
            continue
        (cell,) = shared
        i, j = cells1.index(cell), cells2.index(cell)
        pairs = [
            [a, b] for a in CROSSWORD_WORDS for b in CROSSWORD_WORDS if a[i] == b[j] and a != b
        ]
        label = f"{one}[{i + 1}] = {two}[{j + 1}]"
        constraints.append({"kind": "table", "scope": [one, two], "pairs": pairs, "label": label})
    return {"name": "crossword", "variables": variables, "constraints": constraints}


BUILTINS = {
    "australia": ("Australia (map colouring)", australia),
    "send-more-money": ("SEND+MORE=MONEY", send_more_money),
    "4-queens": ("4-queens", queens),
    "crossword": ("a small crossword", crossword),
}
"""Every built-in network: its key, its title, and how to make it."""
