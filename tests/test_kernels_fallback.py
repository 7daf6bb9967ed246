"""The plain-Python fallback (SEARCHLAB_DISABLE_JIT=1) answers exactly as the compiled path."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import numpy as np
from conftest import python

from searchlab.domains.puzzle.kernels import KORF_GOAL, load_korf100, solve_15
from searchlab.domains.puzzle.kernels.pdb import Pattern, build_table, forget_loaded
from searchlab.domains.queens.board import random_board
from searchlab.domains.queens.climb import ClimbSettings, climb
from searchlab.domains.queens.kernels import count_solutions
from searchlab.domains.queens.repair import repair
from searchlab.domains.sudoku.domain import PUZZLES
from searchlab.domains.sudoku.grid import parse_puzzle
from searchlab.domains.sudoku.kernels.bitboard import solve_many
from searchlab.domains.sudoku.kernels.solver import solve

CLIMB_SETTINGS: tuple[ClimbSettings, ...] = (
    {"heuristic": "attacks", "tie_break": "last", "engine": "kernel"},
    {"heuristic": "attackers", "sideways": 5, "engine": "kernel"},
    {"moves": "free", "heuristic": "pairs", "restarts": 2, "engine": "kernel"},
)

SCRIPT = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from searchlab import jit
from test_kernels_fallback import answers
print(json.dumps({"jit": jit.JIT_ENABLED, **answers(Path(sys.argv[1]))}))
"""
"""``answers`` computed in a child process: ``python -c SCRIPT CACHE TESTS``."""


def answers(cache: Path) -> dict[str, Any]:
    """What every kernel answers on fixed inputs, by the path this process runs (compiled,
    or plain Python under SEARCHLAB_DISABLE_JIT=1)."""
    board = load_korf100()[78][0]
    return {
        "counts": [count_solutions(n) for n in range(9)],
        "repair": [repair(n, engine="kernel", seed=3).rows.tolist() for n in (8, 30)],
        "climb": json.loads(
            json.dumps(
                [
                    climb(board, seed=5, **settings).moves
                    for board in (random_board(12, "column", random.Random(4)),)
                    for settings in CLIMB_SETTINGS
                ]
            )
        ),
        "pdb": build_table(Pattern((0, 5), 15)).tolist(),
        "moves": [
            [found.moves, found.generated]
            for h in ("linear-conflict", "pdb-33333")
            for found in [solve_15(board, KORF_GOAL, heuristic=h, cache_dir=cache)]
        ],
        "sudoku": json.loads(
            json.dumps(
                [
                    list(solve(p.size, p.cells, 2))
                    for p in (
                        parse_puzzle(PUZZLES[name]) for name in ("hard", "several", "none", "16x16")
                    )
                ]
            )
        ),
        "sudoku_nine": [
            part.tolist()
            for part in solve_many(
                np.array(
                    [parse_puzzle(PUZZLES[name]).cells for name in ("hard", "several", "none")],
                    dtype=np.int8,
                )
            )
        ],
    }


def test_plain_python_gives_the_compiled_answers(tmp_path: Path) -> None:
    env = {**os.environ, "SEARCHLAB_DISABLE_JIT": "1"}
    tests = str(Path(__file__).resolve().parent)
    run = python("-c", SCRIPT, str(tmp_path / "python"), tests, env=env)
    assert run.returncode == 0, run.stderr
    plain = json.loads(run.stdout)
    assert plain.pop("jit") is False
    forget_loaded()
    compiled = answers(tmp_path / "compiled")
    assert plain == compiled
