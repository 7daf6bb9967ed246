"""Every domain, found through the ``searchlab.domains`` entry-point group.

searchlab's own domains register there too (see ``pyproject.toml``), so a third-party
package or a course's own module plugs in exactly as they do: declare a ``Domain``
subclass and name it under ``[project.entry-points."searchlab.domains"]``. The front
ends ask this module for the domains and never name one.

A domain that fails to load does not take the others down: it is left out and the
reason kept in ``load_errors()`` for the front ends to report.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from searchlab.core.errors import InputError
from searchlab.domains.base import Domain

GROUP = "searchlab.domains"

_errors: list[str] = []


@cache
def _load() -> dict[str, Domain[Any, Any]]:
    found: dict[str, Domain[Any, Any]] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda point: point.name):
        try:
            loaded = point.load()
            domain = loaded() if isinstance(loaded, type) else loaded
        except Exception as error:  # a broken plug-in must not break every command
            _errors.append(f"the domain {point.name!r} ({point.value}) failed to load: {error}")
            continue
        if not isinstance(domain, Domain):
            _errors.append(f"the entry point {point.name!r} ({point.value}) is not a Domain")
            continue
        if not domain.name or domain.name in found:
            _errors.append(f"the domain {point.value} has no name, or one already taken")
            continue
        found[domain.name] = domain
    ordered = sorted(found.values(), key=lambda domain: (domain.order, domain.name))
    return {domain.name: domain for domain in ordered}


def domains() -> list[Domain[Any, Any]]:
    """Every registered domain, searchlab's own first (by ``order``), then by name."""
    return list(_load().values())


def get_domain(name: str) -> Domain[Any, Any]:
    """The domain called ``name`` (InputError listing the known ones if there is none)."""
    known = _load()
    key = name.strip().lower()
    if key not in known:
        raise InputError(f"unknown domain {name!r}: choose one of {', '.join(known)}")
    return known[key]


def load_errors() -> list[str]:
    """Why some registered domains could not be loaded (empty when all loaded)."""
    _load()
    return list(_errors)
