"""Sudoku as a registered domain: a start is a puzzle (one line or a grid), solved by
any CSP solver; ``searchlab sudoku bulk FILE`` solves a file of puzzles with the
compiled solver, each answer checked."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from searchlab.algorithms.csp import CSP, CSPState
from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.domains.base import RandomSpec
from searchlab.domains.csp import CSPDomain
from searchlab.domains.drawing import Drawing, Grid
from searchlab.domains.sudoku.grid import (
    SIZES,
    SYMBOLS,
    Puzzle,
    cell_name,
    parse_puzzle,
    sudoku_csp,
    unique_puzzle,
)

PUZZLES: dict[str, str] = {
    # Project Euler 96, grid 01: singles alone solve it
    "easy": "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    # Arto Inkala's "world's hardest" (2012): one solution, a few hundred guesses
    "hard": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    # a random grid with 52 cells emptied (random_puzzle, seed 1): two solutions
    "several": "1...62..369...8.41..8.172........17.9.12..........1....1....437..41...6.865......",
    # no rule broken by the givens, yet r1c1 has no value left: no solution
    "none": ".12345678" + "9........" + "." * 63,
    "16x16": (
        "84FA1.B6D5.G973......E5.93278..A..5.72.98F..61.C9732.AF.6BC1DG..78A36.C...BD.92.."
        "92583A....6.DEB1D.B...G7A3.4..F46.F.B..G.597...BE1.2D.5.79A.C.8.C....1B.GD..A.952"
        "GDA.73F4..BE.63...C8.FB1..5.GDC.6.51..29..AF8723.GF78.C..BE5D..F...46..D...3..E.D"
        "13.92A..F..64"
    ),
    "25x25": (
        "H.TY..VN..US.I..K.....OL.VJQ.N.BF.OD..X.HMT..UIRS..SR.PKD..EVJNG.B.O..H..MA.LOCF.."
        "PIR....TVJQ.GDXEK.DK.XW.HA.....COU.RPI.GQJNNGKV..F.BMW..DLAYST.PUJI.W..DEY.T.SFCO"
        "..P..RU.....F..BOI.RUJ.YT..NG...WDLX.AY.H..NQ.K.IR..WXL..F.MCO.IJ.R.W.DL.G.VKFCMOB"
        "AHS.T.U.PJ.EL....KN.OBY.FTA..S.HIA..Q.NXRU...E.C..O..BMQ..NKBO.F.EDL...HI..RPG.JOB"
        "YF.UR.PGTH.A..VXKN.WCDLE..W.HTSAI..MFY..GJPQ.X.KSA.T..KXQDJPG.VLW....OHF..F..YP.GR"
        "V..I...NDX.L.B...W..CA.ITU..YO.JP.G...D..J.VRGW.CEBK.X.D.FHY..T..IKNDQX.MYOH.WCEBS"
        "A.IT...PGG.N.VE.B.FXQ.K.....M.S.T.X..KDO....CEBLF.TPUSGJNRVI....QXD.W..V.NC...L.MA"
        "O.Y...HRGVJ.IT.SPX...KCL..BC...BTI..P..HM..RNVJ.KW.D"
    ),
}


class SudokuDomain(CSPDomain):
    """Sudoku 9×9, 16×16, 25×25 as a CSP: FC, MAC, MRV, backjumping; files in bulk.

    Each cell is a variable with the values 1…N; every row, column and box is all different.
    Each state shows the values given so far and, in every open cell, the candidates it
    still has: forward checking and MAC shrink them after each assignment (the step after
    the assignment shows it), and a cell left with none is a wipe-out.
    """

    name = "sudoku"
    title = "Sudoku"
    order = 40
    notation = (
        "a puzzle on one line, row by row, . or 0 for a blank (81 cells; 16×16: 256 cells "
        "of 1-9 and A-G; 25×25: 625 of A-Y), or as a grid over several lines (spaces, | and "
        "- between cells are ignored; with spaces, values may be numbers), - for standard "
        "input"
    )
    examples = (
        "hard",
        "easy --inference mac --json",
        "hard --inference none --variable-order static --max-seconds 5",
        "several --solutions 2",
        "16x16 --algorithm min-conflicts --seed 1",
    )
    presets: ClassVar[Mapping[str, str]] = PUZZLES
    size = Option(
        "size", "int", "the Sudoku's size N: 9, 16 or 25", default=9, low=9, high=25, metavar="N"
    )
    views = ("generic",)
    sources = ("searchlab.domains.sudoku.grid.sudoku_csp",)
    commands = "searchlab.cli.sudoku:sudoku_commands"

    def parse(self, text: str) -> Puzzle:
        return parse_puzzle(text)

    def encode_start(self, start: Any) -> Any:
        return start.line()

    def build(self, start: Any, params: dict[str, Any]) -> CSP:
        return sudoku_csp(start)

    def _cells(self, state: CSPState) -> tuple[int, list[str]]:
        size = round(len(state.assigned) ** 0.5)
        symbols = SYMBOLS[size]
        texts = []
        for var in state.csp.variables:
            value = state.value(var)
            if value is not None:
                texts.append(symbols[value - 1])
            elif state.domains is not None:
                texts.append("".join(symbols[v - 1] for v in state.domain(var)))
            else:
                texts.append("")
        return size, texts

    def format(self, state: Any) -> str:
        _, texts = self._cells(state)
        return "".join(text if len(text) == 1 else "." for text in texts)

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        """The grid as on paper: thick lines around the boxes, the givens in bold, and in
        an open cell its candidates as pencil marks, each value in its own place of a
        small box × box grid (1 top left, 9 bottom right)."""
        size, texts = self._cells(state)
        symbols = SYMBOLS[size]
        box = math.isqrt(size)
        csp = state.csp
        given = frozenset(i for i, values in enumerate(csp.domains) if len(values) == 1)
        cells: list[str] = []
        marks: dict[int, str] = {}
        notes: dict[int, tuple[str, ...]] = {}
        for index, text in enumerate(texts):
            if index in given:
                cells.append(symbols[csp.domains[index][0] - 1])
                continue
            if state.assigned[index] >= 0:
                cells.append(text)
                continue
            cells.append("")
            if state.domains is None:
                continue
            left = set(state.domain(csp.variables[index]))
            notes[index] = tuple(symbols[v - 1] if v in left else "" for v in range(1, size + 1))
            if not left:
                marks[index] = "no value left"
        filled = sum(1 for i, k in enumerate(state.assigned) if k >= 0 or i in given)
        caption = f"{filled} of {size * size} cells filled; givens in bold"
        if state.domains is not None and filled < size * size:
            caption += "; small digits: the candidates an open cell has left"
        return Grid(size, size, tuple(cells), "plain", marks, caption, (box, box), given, notes)

    def encode(self, state: Any) -> Any:
        """``{"grid": the one-line grid, "candidates": {cell: "147", …}}`` (candidates of
        the open cells, when the state records domains)."""
        if not isinstance(state, CSPState):
            return super().encode(state)
        size, texts = self._cells(state)
        out: dict[str, Any] = {"grid": self.format(state)}
        if state.domains is not None:
            out["candidates"] = {
                cell_name(size, i): text for i, text in enumerate(texts) if state.assigned[i] < 0
            }
        return out

    def solution_json(self, state: CSPState) -> Any:
        return self.format(state)

    random_draw = (
        "as a puzzle with exactly one solution: a random full grid whose cells are emptied "
        "in random order while singles alone still fill it (not uniformly among all "
        "puzzles)"
    )

    def random_start(self, rng: random.Random, spec: RandomSpec) -> Puzzle:
        size = self.size.parse(spec.size) if self.size is not None else 9
        if size not in SIZES:
            raise InputError(f"size must be 9, 16 or 25, not {size}", field="size")
        return unique_puzzle(size, rng)

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        return [("start", start.line(), None)]


SUDOKU = SudokuDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
