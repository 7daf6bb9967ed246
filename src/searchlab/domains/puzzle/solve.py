"""One call to solve a sliding-tile board with any algorithm the puzzle domain offers
(the compiled IDA* for the 15-puzzle when that gives the same answer faster): the
library's front door over ``PuzzleDomain``, with boards given as tuples."""

from __future__ import annotations

from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult
from searchlab.domains.puzzle.board import Board, ParsedBoard, board_size
from searchlab.domains.puzzle.domain import PUZZLE
from searchlab.domains.puzzle.problem import Move


def solve(
    start: Board,
    goal: Board,
    *,
    algorithm: str = "astar",
    heuristic: str | None = None,
    weight: float | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
    engine: str = "auto",
) -> SearchResult[Board, Move]:
    """Search from ``start`` to ``goal``; refuses an unsolvable start before searching.

    ``heuristic`` defaults as the domain says (pattern databases on 4×4, manhattan
    otherwise); an uninformed algorithm takes none. ``weight`` is weighted A*'s (and
    refused for any other algorithm). ``engine="auto"`` runs a 4×4 board through the
    compiled IDA* whenever it can serve the request: the length is the same shortest
    one; ``"generic"`` always uses the engine, ``"kernel"`` insists on the compiled one.
    The result's ``optimal`` says whether the path is guaranteed shortest.
    """
    request = PUZZLE.request(
        ParsedBoard(tuple(start), board_size(start), "flat"),
        goal=tuple(goal),
        algorithm=algorithm,
        heuristic=heuristic,
        options={} if weight is None else {"weight": weight},
        limits=limits,
        engine=engine,
        observed=observer is not None,
    )
    result: SearchResult[Board, Move] = PUZZLE.search(request, observer)
    return result
