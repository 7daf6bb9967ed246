"""Sliding-tile puzzles (the 8-puzzle, the 15-puzzle, any k×k): notations, goals,
solvability, the state space, heuristics, and Bratko's experiment (seed 003)."""

from __future__ import annotations

from searchlab.domains.puzzle.board import (
    BLANK_SHOWN,
    BRATKO_GOAL,
    GOAL_NAMES,
    Board,
    ParsedBoard,
    blank_first_goal,
    board_size,
    format_board,
    format_flat,
    format_path,
    parse_board,
    resolve_goal,
    standard_goal,
    to_bratko,
)
from searchlab.domains.puzzle.bratko import (
    BRATKO_POSITIONS,
    BratkoRow,
    off_path_run,
    run_experiment,
)
from searchlab.domains.puzzle.heuristics import (
    ADMISSIBLE,
    HEURISTICS,
    HeuristicSpec,
    is_admissible,
    make_heuristic,
    register_heuristic,
    seq_score,
    totdist,
)
from searchlab.domains.puzzle.problem import MOVES, Move, SlidingPuzzle, apply_move, neighbours
from searchlab.domains.puzzle.solvability import (
    check_solvable,
    is_solvable,
    random_board,
    unsolvable_reason,
)
from searchlab.domains.puzzle.solve import guaranteed_shortest, solve

__all__ = [
    "ADMISSIBLE",
    "BLANK_SHOWN",
    "BRATKO_GOAL",
    "BRATKO_POSITIONS",
    "GOAL_NAMES",
    "HEURISTICS",
    "MOVES",
    "Board",
    "BratkoRow",
    "HeuristicSpec",
    "Move",
    "ParsedBoard",
    "SlidingPuzzle",
    "apply_move",
    "blank_first_goal",
    "board_size",
    "check_solvable",
    "format_board",
    "format_flat",
    "format_path",
    "guaranteed_shortest",
    "is_admissible",
    "is_solvable",
    "make_heuristic",
    "neighbours",
    "off_path_run",
    "parse_board",
    "random_board",
    "register_heuristic",
    "resolve_goal",
    "run_experiment",
    "seq_score",
    "solve",
    "standard_goal",
    "to_bratko",
    "totdist",
    "unsolvable_reason",
]
