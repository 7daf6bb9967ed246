"""The source of the code a search runs, read from the installed package, so the help
panel shows exactly what runs (the seed's applet linked to its source code): the code
holding the algorithm's search loop (``AlgorithmInfo.loop``: for A* the graph core,
not its five-line wrapper), the algorithm's function, then what the domain's descriptor
names (``sources``), or for a domain that names nothing, its own class (a user's
problem: the problem's class; a Prolog problem: its ``.pl`` file, as the server read
it when it started, ``remember_prolog``)."""

from __future__ import annotations

import functools
import importlib
import inspect
from pathlib import Path
from typing import Any

import searchlab
from searchlab.algorithms.registry import ALGORITHMS
from searchlab.core.errors import InputError
from searchlab.core.pyparse import PARSING
from searchlab.domains.base import Domain
from searchlab.domains.prolog.domain import PrologDomain
from searchlab.domains.user import ProblemDomain

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


def dotted(target: Any) -> str:
    return f"{target.__module__}.{target.__qualname__}"


PROLOG = "prolog:"
"""How the name of a Prolog file's source starts (then its resolved path)."""

_PROLOG_TEXTS: dict[str, str] = {}
"""The Prolog files' texts, by resolved path, as read when the server started: a
request never opens a file (``web.sandbox``)."""


def remember_prolog(path: Path, text: str) -> None:
    """Keep the text of the Prolog file ``path`` for its problem's source."""
    _PROLOG_TEXTS[str(path)] = text


@functools.lru_cache(maxsize=128)
def source_of(name: str) -> dict[str, Any]:
    """One object's source with where it lives; ``error`` says why it could not be read."""
    if name.startswith(PROLOG):
        path = Path(name.removeprefix(PROLOG))
        text = _PROLOG_TEXTS.get(str(path))
        if text is None:
            unread = "this Prolog file was not read when the server started"
            return {"name": path.name, "file": None, "line": None, "code": "", "error": unread}
        return {"name": path.name, "file": path.name, "line": 1, "code": text}
    try:
        with PARSING:  # inspect parses a class's module (core.pyparse)
            target = inspect.unwrap(_resolve(name))
            lines, first = inspect.getsourcelines(target)
            path = Path(inspect.getsourcefile(target) or "")
        try:
            where = str(path.resolve().relative_to(_PACKAGE_ROOT))
        except ValueError:
            where = path.name
        return {"name": name, "file": where, "line": first, "code": "".join(lines)}
    except (LookupError, AttributeError, OSError, TypeError) as error:
        return {"name": name, "file": None, "line": None, "code": "", "error": str(error)}


def sources(names: tuple[str, ...]) -> list[dict[str, Any]]:
    return [source_of(name) for name in names]


def domain_sources(domain: Domain[Any, Any], algorithm: str | None) -> tuple[str, tuple[str, ...]]:
    """The algorithm's canonical name, and the dotted names of its function and of the
    domain's code (an InputError naming ``algorithm`` if the domain does not offer it)."""
    try:
        name = ALGORITHMS.canonical(algorithm or domain.default_algorithm)
    except InputError as error:
        raise error.about("algorithm") from None
    if name not in domain.algorithms:
        raise InputError(
            f"{domain.title or domain.name} does not offer the algorithm {name}: choose one "
            f"of {', '.join(domain.algorithms)}",
            field="algorithm",
        )
    own = domain.sources
    if isinstance(domain, PrologDomain):
        own = (PROLOG + str(domain.the_problem.path),)
    if not own:
        owner = domain.the_problem if isinstance(domain, ProblemDomain) else domain
        own = (dotted(type(owner)),)
    info = ALGORITHMS[name]
    code = [dotted(function) for function in info.loop]
    public = dotted(info.function)
    if public not in code:
        code.append(public)
    return name, (*code, *own)
