"""The source of the code running each view, read from the installed package, so the
help panel shows exactly what runs (the seed's applet linked to its source code)."""

from __future__ import annotations

import functools
import importlib
import inspect
from pathlib import Path
from typing import Any

import searchlab

_PACKAGE_ROOT = Path(searchlab.__file__).resolve().parent.parent


def _resolve(dotted: str) -> Any:
    """The object at ``package.module.attribute`` (attributes may be nested)."""
    parts = dotted.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            target: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for name in parts[split:]:
            target = getattr(target, name)
        return target
    raise LookupError(dotted)


@functools.lru_cache(maxsize=64)
def source_of(dotted: str) -> dict[str, Any]:
    """One object's source with where it lives; ``error`` says why it could not be read."""
    try:
        target = inspect.unwrap(_resolve(dotted))
        lines, first = inspect.getsourcelines(target)
        path = Path(inspect.getsourcefile(target) or "")
        try:
            where = str(path.resolve().relative_to(_PACKAGE_ROOT))
        except ValueError:
            where = path.name
        return {"name": dotted, "file": where, "line": first, "code": "".join(lines)}
    except (LookupError, AttributeError, OSError, TypeError) as error:
        return {"name": dotted, "file": None, "line": None, "code": "", "error": str(error)}


def sources(names: tuple[str, ...]) -> list[dict[str, Any]]:
    return [source_of(name) for name in names]
