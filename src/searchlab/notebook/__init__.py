"""searchlab in a notebook: states, results, event streams and reports drawn by their
domain (``show``, ``search``), and a widget that steps any search with the web viewer's
own controls (``Stepper``, in the ``notebook`` extra)."""

from searchlab.notebook.display import (
    Board,
    Run,
    ShownEvents,
    ShownResult,
    as_domain,
    experiment,
    search,
    show,
)

__all__ = [
    "Board",
    "Run",
    "ShownEvents",
    "ShownResult",
    "as_domain",
    "experiment",
    "search",
    "show",
]
