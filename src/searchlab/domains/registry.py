"""Every domain, found through the ``searchlab.domains`` entry-point group.

searchlab's own domains register there too (see ``pyproject.toml``), so a third-party
package or a course's own module plugs in exactly as they do: declare a ``Domain``
subclass and name it under ``[project.entry-points."searchlab.domains"]``. The front
ends ask this module for the domains and never name one. A domain that fails to load
is left out, and the reason kept in ``load_errors()`` for the front ends to report.
"""

from __future__ import annotations

from typing import Any

from searchlab.core.plugins import PluginGroup
from searchlab.domains.base import Domain

GROUP = "searchlab.domains"

_DOMAINS: PluginGroup[Domain[Any, Any]] = PluginGroup(GROUP, Domain, "domain")


def domains() -> list[Domain[Any, Any]]:
    """Every registered domain, searchlab's own first (by ``order``), then by name."""
    return list(_DOMAINS.load().values())


def get_domain(name: str) -> Domain[Any, Any]:
    """The domain called ``name`` (InputError listing the known ones if there is none)."""
    return _DOMAINS.get(name)


def load_errors() -> list[str]:
    """Why some registered domains could not be loaded (empty when all loaded)."""
    _DOMAINS.load()
    return list(_DOMAINS.errors)
