"""Events whose states carry their drawing, for the generic view.

A domain says once how a state looks (``Domain.draw``: a ``Grid`` or ``Text``); asked
with ``drawings: true``, the server adds each event's drawing beside its state, as
``drawing.to_json`` writes it, and ``static/js/drawing.js`` draws it. The page then
shows any domain's states without knowing what they are.
"""

from __future__ import annotations

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
from searchlab.domains.drawing import Grid, Text, to_json

MAX_CELLS = 4096
"""The largest grid sent (64×64): a larger board is named, not drawn, so that an event
stays a few kB however large the domain's states are."""
MAX_TEXT = 8000
"""The longest text drawing sent, in characters; longer ones are cut."""


def drawing_of(domain: Domain[Any, Any], problem: Any, state: Any) -> dict[str, Any]:
    """A state's drawing as JSON (``problem``: the one the state belongs to), within the
    size caps above."""
    drawing = domain.draw(state, problem)
    if isinstance(drawing, Grid) and drawing.rows * drawing.cols > MAX_CELLS:
        size = f"{drawing.rows}×{drawing.cols}"
        drawing = Text(f"(a {size} grid: too large to draw here)", drawing.caption)
    elif isinstance(drawing, Text) and len(drawing.text) > MAX_TEXT:
        drawing = Text(drawing.text[: MAX_TEXT - 1] + "…", drawing.caption)
    return to_json(drawing)


class DrawingEncoder(EventEncoder):
    """The domain's own encoder, plus ``drawing`` (of ``state``), ``next_drawing`` (of a
    Step's ``next``) and ``path_drawings`` (of a Solution's ``path``)."""

    def __init__(self, domain: Domain[Any, Any], problem: Any) -> None:
        super().__init__(state=domain.encode, move=domain.encode_move)
        self.domain = domain
        self.problem = problem

    def draw(self, state: Any) -> dict[str, Any]:
        return drawing_of(self.domain, self.problem, state)

    def fields(self, event: Event) -> dict[str, Any]:
        encoded = super().fields(event)
        if isinstance(event, Step):
            encoded["next_drawing"] = self.draw(event.next_state)
        elif isinstance(event, Solution):
            encoded["path_drawings"] = [self.draw(state) for state in event.path]
        elif isinstance(event, Expand | Generate | Prune | Backtrack | Restart | Narrow | Wipeout):
            encoded["drawing"] = self.draw(event.state)
        return encoded
