"""Python source parsed one thread at a time.

CPython 3.11 cannot run ``ast.parse`` in two threads at once: the second may fail with
``SystemError: AST constructor recursion depth mismatch`` (fixed in later releases). The
viewer's server answers in threads, and ``inspect`` parses a class's whole module to find
it, so every parse in searchlab, and every ``inspect`` source lookup, holds ``PARSING``.
"""

from __future__ import annotations

import ast
import threading

PARSING = threading.Lock()
"""Held by every ``ast.parse`` searchlab makes, directly or through ``inspect``."""


def parse(source: str) -> ast.Module:
    """``ast.parse(source)`` while holding ``PARSING``."""
    with PARSING:
        return ast.parse(source)
