"""Errors the user can cause: each one carries a message fit to print as it is.

An ``InputError`` may also name the ``field`` it is about (a request key such as
``start`` or ``max_expanded``) and a ``hint``: another value of an option that would
work. Messages are written in the problem's words and never name a command-line flag
or a form control: each front end phrases the field and the hint its own way (the CLI
as ``--max-expanded`` and ``use --moves free``, the viewer next to the field).
"""

from __future__ import annotations


class SearchlabError(Exception):
    """Base class of every error searchlab raises on purpose."""


class InputError(SearchlabError, ValueError):
    """Bad input from the user: a state, a name, a limit. The CLI prints it and exits 2."""

    def __init__(
        self, message: str, *, field: str | None = None, hint: tuple[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.hint = hint  # (option name, value) that would be accepted instead

    def about(self, field: str) -> InputError:
        """This error, blamed on ``field`` unless it already names one."""
        if self.field is None:
            self.field = field
        return self


class ProblemError(InputError):
    """A user's problem object does not keep the problem protocol (a successor that is
    not a (move, state, cost) triple, an unhashable state, a heuristic returning None).
    The message says what the problem must do."""


class NegativeCostError(InputError):
    """A problem produced an arc of negative cost, which no algorithm here accepts."""


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a search, carrying the statistics gathered so far."""

    def __init__(self, stats: object) -> None:
        super().__init__("search interrupted")
        self.stats = stats
