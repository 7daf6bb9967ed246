"""A Griffe extension: the API reference shows the docstrings searches compose at import.

searchlab.core.docstrings writes the shared Args, Returns and Raises sections of the
searches into their docstrings when the module is imported (``search_doc``); Griffe reads
source without importing it, so it would show the ``{sections}`` line instead. For those
objects only, this takes the docstring from the imported function.
"""

from __future__ import annotations

import inspect
from typing import Any

import griffe

from searchlab.core.docstrings import PLACEHOLDER


class RuntimeDocstrings(griffe.Extension):
    """Replace a ``{sections}`` docstring by the imported function's composed one."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is None or PLACEHOLDER not in obj.docstring.value:
            return
        composed = inspect.getdoc(griffe.dynamic_import(obj.path))
        if composed is not None:
            obj.docstring.value = composed
