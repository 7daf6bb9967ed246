"""Every domain, found through the ``searchlab.domains`` entry-point group.

searchlab's own domains register there too (see ``pyproject.toml``), so a third-party
package or a course's own module plugs in exactly as they do: declare a ``Domain``
subclass and name it under ``[project.entry-points."searchlab.domains"]``. The front
ends ask this module for the domains and never name one. A domain that fails to load
is left out, and the reason kept in ``load_errors()`` for the front ends to report.

Listing the domains (``declared``) and finding one by name (``find_domain``) import no
descriptor but the one asked for, nor ``domains.base`` for a listing: that is what keeps
``searchlab --help`` and a domain's own command quick to start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from searchlab.core.declared import Declared
from searchlab.core.plugins import PluginGroup

if TYPE_CHECKING:
    from searchlab.domains.base import Domain

GROUP = "searchlab.domains"


def _kind() -> type[Domain[Any, Any]]:
    from searchlab.domains.base import Domain  # the algorithms under it: not for a listing

    return Domain


_DOMAINS: PluginGroup[Domain[Any, Any]] = PluginGroup(GROUP, _kind, "domain")


def domains() -> list[Domain[Any, Any]]:
    """Every registered domain, searchlab's own first (by ``order``), then by name."""
    return list(_DOMAINS.load().values())


def declared() -> list[Declared]:
    """Every registered domain's name and one-line summary, in the order of ``domains()``,
    read from the descriptors' sources where they say them plainly (see
    ``core/declared.py``); a domain that fails to load then says so in ``load_errors()``."""
    return _DOMAINS.declared()


def get_domain(name: str) -> Domain[Any, Any]:
    """The domain called ``name`` (InputError listing the known ones if there is none)."""
    return _DOMAINS.get(name)


def find_domain(name: str) -> Domain[Any, Any] | None:
    """The domain called ``name``, or None; only its own descriptor is imported."""
    return _DOMAINS.find(name)


def load_errors(everything: bool = True) -> list[str]:
    """Why some registered domains could not be loaded (empty when all loaded); with
    ``everything=False`` only those tried so far (a help screen imports none)."""
    if everything:
        _DOMAINS.load()
    return list(_DOMAINS.errors)
