"""Seed 000's test cases: its eight boards through its four programs, as plain rows.

The document's programs are the two move operators (v1 = free, v2 = column) crossed
with its two heuristics (h1 = attackers, h2 = attacks); with ``tie_break="last"`` each
run makes the Prolog's choices. A board the column operator cannot take (cases 4, 6
and 7) is a row saying why, not an error, since the table shows all 32.
"""

from __future__ import annotations

from typing import Any

from searchlab.core.errors import InputError
from searchlab.domains.queens.board import SEED_CASES, Board
from searchlab.domains.queens.climb import climb
from searchlab.domains.queens.heuristics import HEURISTICS
from searchlab.domains.queens.moves import MOVES

VARIANTS: tuple[tuple[str, str], ...] = (
    ("free", "attackers"),
    ("free", "attacks"),
    ("column", "attackers"),
    ("column", "attacks"),
)
"""The document's four programs, in its order: rainhasv1h1, v1h2, v2h1, v2h2."""


def variant_name(moves: str, heuristic: str) -> str:
    """The document's name for a variant, e.g. ``v2h1``."""
    operator = MOVES[moves].seed_name
    h = {"attackers": "h1", "attacks": "h2"}.get(HEURISTICS.canonical(heuristic), heuristic)
    return f"{operator}{h}"


def run_case(board: Board, moves: str, heuristic: str, tie_break: str) -> dict[str, Any]:
    """One case through one variant, as a row of the cases table (refusal included):
    initial, variant, moves, heuristic, refused (the reason, or None), final, h_final,
    solved, steps, generated, ms."""
    row: dict[str, Any] = {
        "initial": board.to_json(),
        "variant": variant_name(moves, heuristic),
        "moves": MOVES.canonical(moves),
        "heuristic": HEURISTICS.canonical(heuristic),
    }
    try:
        result = climb(board, moves=moves, heuristic=heuristic, tie_break=tie_break)
    except InputError as refused:
        row.update(refused=str(refused), final=None, h_final=None, solved=None)
        row.update(steps=None, generated=None, ms=None)
        return row
    row.update(
        refused=None,
        final=[[r, c] for r, c in result.final_state],
        h_final=HEURISTICS[heuristic](result.final_state),
        solved=result.solved,
        steps=result.stats.iterations,
        generated=result.stats.generated,
        ms=round(result.stats.seconds * 1000, 3),
    )
    return row


def cases_rows(tie_break: str = "last") -> list[dict[str, Any]]:
    """The document's eight cases through its four variants: 32 rows, case by case,
    each with its ``case`` number (1-based) first."""
    rows = []
    for number, board in enumerate(SEED_CASES, start=1):
        for moves, heuristic in VARIANTS:
            rows.append({"case": number, **run_case(board, moves, heuristic, tie_break)})
    return rows
