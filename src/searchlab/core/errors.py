"""Errors the user can cause: each one carries a message fit to print as it is."""

from __future__ import annotations


class SearchlabError(Exception):
    """Base class of every error searchlab raises on purpose."""


class InputError(SearchlabError, ValueError):
    """Bad input from the user: a state, a name, a limit. The CLI prints it and exits 2."""


class NegativeCostError(InputError):
    """A problem produced an arc of negative cost, which no algorithm here accepts."""


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a search, carrying the statistics gathered so far."""

    def __init__(self, stats: object) -> None:
        super().__init__("search interrupted")
        self.stats = stats
