"""N-queens as a CSP, a registered domain beside seed 002's ``queens``: the same board,
searched with the CSP solvers (plain backtracking, forward checking, MAC, MRV, LCV,
backjumping, min-conflicts), so they can be set side by side."""

from __future__ import annotations

from typing import Any

from searchlab.algorithms.csp import CSP, CSPState
from searchlab.core.errors import InputError
from searchlab.domains.base import SearchRequest
from searchlab.domains.csp import CSPDomain, refuse_observed_size
from searchlab.domains.drawing import Drawing, Grid
from searchlab.domains.queens_csp.model import queens_csp

MAX_N = 1000
"""The largest board: 1,000 queens are half a million pairs of columns to check."""
MAX_WATCHED = 64
"""The largest board whose search can be watched event by event (each event draws it)."""


class QueensCSPDomain(CSPDomain):
    """N-queens as a CSP: backtracking with FC, MAC, MRV, LCV, backjumping; min-conflicts.

    Each column holds one queen, whose row is its variable's value; rows and both diagonals
    are all different. A state shows the queens placed and, in every empty column, a dot on
    each row still possible: forward checking and MAC clear the rows a new queen attacks.
    """

    name = "queens-csp"
    title = "N-queens as a CSP"
    order = 35
    notation = f"n, the size of the board (1 to {MAX_N:,}): a queen per column, Q1 … Qn"
    examples = (
        "8",
        "8 --inference none --variable-order static --all",
        "1000 --variable-order mrv --inference fc",
        "30 --inference mac --value-order lcv --json",
        "200 --algorithm min-conflicts --seed 3",
    )
    sources = ("searchlab.domains.queens_csp.model.queens_csp",)

    def parse(self, text: str) -> int:
        body = text.strip()
        if not body.lstrip("+-").isdigit() or len(body) > 7:
            raise InputError(f"a board is written as its size n, a whole number, not {body!r}")
        n = int(body)
        if not 1 <= n <= MAX_N:
            raise InputError(f"n must be from 1 to {MAX_N:,}, not {n:,}")
        return n

    def build(self, start: Any, params: dict[str, Any]) -> CSP:
        return queens_csp(start)

    def start_state(self, start: Any) -> Any:
        return None if start > MAX_WATCHED else super().start_state(start)

    def resolve_engine(self, request: SearchRequest, observed: bool) -> str:
        if observed:
            refuse_observed_size(request.start, MAX_WATCHED, f"n = {request.start}")
        return super().resolve_engine(request, observed)

    def _rows(self, state: CSPState) -> list[int | None]:
        return [state.value(var) for var in state.csp.variables]

    def format(self, state: Any) -> str:
        return "[" + ",".join("_" if row is None else str(row) for row in self._rows(state)) + "]"

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        csp = state.csp
        n = len(csp)
        cells = [""] * (n * n)
        for c, var in enumerate(csp.variables):
            i = csp.index[var]
            if state.assigned[i] >= 0:
                cells[(state.value(var) - 1) * n + c] = "Q"
            elif state.domains is not None:
                for row in state.domain(var):
                    cells[(row - 1) * n + c] = "·"
        caption = "· a row still possible for the queen of its column" if state.domains else ""
        return Grid(n, n, tuple(cells), "chess", {}, caption)

    def solution_json(self, state: CSPState) -> Any:
        return self._rows(state)

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        return [("start", str(start), None)]  # n: the root node is no start's text

    def stream_scope(self, request: SearchRequest) -> str:
        return f" for n = {request.start}"


QUEENS_CSP = QueensCSPDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
