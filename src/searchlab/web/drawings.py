"""Events whose states carry their drawing, for the generic view.

A domain says once how a state looks (``Domain.draw``: a ``Grid``, ``Chart``,
``Gantt`` or ``Text``); asked with ``drawings: true``, the server adds each event's
drawing beside its state, as ``drawing.to_json`` writes it, and ``static/js/drawing.js``
draws it. The page then shows any domain's states without knowing what they are.

A domain whose picture needs the moves that reached a state (``draws_moves``: a
schedule's finished tasks, which its state forgets) is drawn by ``draw_after``: the
encoder remembers, for each state generated, its parent and the move, and walks back.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from searchlab.core.encoding import EventEncoder
from searchlab.core.events import (
    Backtrack,
    Event,
    Expand,
    Generate,
    Narrow,
    Prune,
    Restart,
    Solution,
    Step,
    Wipeout,
)
from searchlab.domains.base import Domain
from searchlab.domains.drawing import Chart, Grid, Text, to_json

MAX_CELLS = 4096
"""The largest grid sent (64×64): a larger board is named, not drawn, so that an event
stays a few kB however large the domain's states are."""
MAX_TEXT = 8000
"""The longest text drawing sent, in characters; longer ones are cut."""


MINI_CELLS = 100
"""The largest board drawn in a step's tables (10×10): larger ones are written as text."""
MAX_REACHED = 200_000
"""The most states whose way in is remembered (a few tens of MB at most); a state past
it is drawn by ``draw`` alone."""
MAX_AREAS = 400
"""The most regions a map's drawing is sent with (more: named, not drawn)."""


def drawing_of(
    domain: Domain[Any, Any], problem: Any, state: Any, moves: Sequence[Any] | None = None
) -> dict[str, Any]:
    """A state's drawing as JSON (``problem``: the one the state belongs to; ``moves``:
    those that reached it from the start, when known), within the size caps above."""
    if moves is not None and domain.draws_moves:
        drawing = domain.draw_after(moves, state, problem)
    else:
        drawing = domain.draw(state, problem)
    if isinstance(drawing, Chart) and len(drawing.areas) > MAX_AREAS:
        drawing = Text(f"(a map of {len(drawing.areas)} regions: too large to draw here)")
    elif isinstance(drawing, Grid) and drawing.rows * drawing.cols > MAX_CELLS:
        size = f"{drawing.rows}×{drawing.cols}"
        drawing = Text(f"(a {size} grid: too large to draw here)", drawing.caption)
    elif isinstance(drawing, Text) and len(drawing.text) > MAX_TEXT:
        drawing = Text(drawing.text[: MAX_TEXT - 1] + "…", drawing.caption)
    return to_json(drawing)


class DrawingEncoder(EventEncoder):
    """The domain's own encoder, plus ``drawing`` (of ``state``), ``next_drawing`` (of a
    Step's ``next``), ``path_drawings`` (of a Solution's ``path``) and ``move_text`` (a
    move as the domain writes it, when it says how)."""

    def __init__(self, domain: Domain[Any, Any], problem: Any) -> None:
        super().__init__(state=domain.encode, move=domain.encode_move)
        self.domain = domain
        self.problem = problem
        self.move_texts = domain.writes_moves()
        self.reached: dict[Any, tuple[Any, Any]] | None = {} if domain.draws_moves else None
        self.minis = not domain.draws_moves  # small boards for the tables (see ``mini``)
        self.start = getattr(problem, "initial", None) if domain.draws_moves else None

    def count(self, event: Event) -> str:
        if self.reached is not None and isinstance(event, Generate):
            self.remember(self.reached, event)
        return super().count(event)

    @staticmethod
    def remember(reached: dict[Any, tuple[Any, Any]], event: Generate) -> None:
        """Note the latest way to a generated state (up to ``MAX_REACHED`` states)."""
        if len(reached) < MAX_REACHED or event.state in reached:
            reached[event.state] = (event.parent, event.move)

    def moves_to(self, state: Any) -> list[Any] | None:
        """The moves of the path last seen to reach ``state`` from the start (None when
        not tracked, or when its way back does not reach the start)."""
        if self.reached is None:
            return None
        moves: list[Any] = []
        at = state
        while at in self.reached and len(moves) <= len(self.reached):
            at, move = self.reached[at]
            moves.append(move)
        if at != self.start:
            return None
        moves.reverse()
        return moves

    def draw(self, state: Any) -> dict[str, Any]:
        return drawing_of(self.domain, self.problem, state, self.moves_to(state))

    def mini(self, state: Any) -> dict[str, Any] | None:
        """A successor's or a frontier entry's drawing when it is a small board (at most
        ``MINI_CELLS`` cells, no pencil marks), drawn in the tables as a mini board;
        None for anything else, which the tables write as text."""
        if not self.minis:
            return None
        drawing = self.domain.draw(state, self.problem)
        small = isinstance(drawing, Grid) and drawing.rows * drawing.cols <= MINI_CELLS
        if small and isinstance(drawing, Grid) and not drawing.notes:
            return to_json(drawing)
        self.minis = False  # a problem's states are alike: drawn once too large, never asked again
        return None

    def draw_path(self, path: Sequence[Any]) -> list[dict[str, Any]]:
        """Each state of a solution's path, drawn with the moves along this very path."""
        self.follow(path)
        return [self.draw(state) for state in path]

    def follow(self, path: Sequence[Any]) -> None:
        """Remember ``path`` as the way to each of its states (a later draw shows it)."""
        if self.reached is not None:
            for before, after in pairwise(path):
                if self.reached.get(after, (None,))[0] != before:
                    move = next(
                        (m for m, s, _ in self.problem.successors(before) if s == after), None
                    )
                    self.reached[after] = (before, move)

    def fields(self, event: Event) -> dict[str, Any]:
        encoded = super().fields(event)
        if isinstance(event, Step):
            encoded["next_drawing"] = self.draw(event.next_state)
        elif isinstance(event, Solution):
            encoded["path_drawings"] = self.draw_path(event.path)
        elif isinstance(event, Expand | Generate | Prune | Backtrack | Restart | Narrow | Wipeout):
            encoded["drawing"] = self.draw(event.state)
        if self.move_texts and isinstance(event, Generate | Step):
            encoded["move_text"] = self.domain.format_move(event.move)
        return encoded
