"""What the page is told about the domains it serves: each descriptor as JSON.

The page builds its tabs, forms and help from this alone (``GET /api/options``), so a
domain registered through the entry-point group, or a user's own problem given to
``searchlab serve --problem``, gets a tab with nothing else to write. Every choice and
cap comes from the descriptor and the algorithm registry, the ones the command line
builds its options from, so both offer the same things with the same defaults.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from searchlab import __version__
from searchlab.algorithms.registry import ALGORITHMS
from searchlab.algorithms.registry import load_errors as algorithm_errors
from searchlab.core.access import Served
from searchlab.core.encoding import jsonable
from searchlab.core.errors import InputError
from searchlab.core.options import SEED, Option
from searchlab.domains.base import Domain
from searchlab.domains.registry import domains as registered
from searchlab.domains.registry import load_errors
from searchlab.web.limits import WebLimits


class Catalog:
    """The domains one app serves, by name: the registered ones (searchlab's own and any
    plug-in's), then the user's own problems the server was started with; and the files
    it was started with (``serve --graph``), which a request names by their names."""

    def __init__(
        self, extra: Iterable[Domain[Any, Any]] = (), served: Served | None = None
    ) -> None:
        self.served = served if served is not None else Served()
        # every algorithm collected now: a plug-in's module is a file a request may not
        # open (web/sandbox.py), and the registry loads its plug-ins on the first lookup
        len(ALGORITHMS)
        self._domains: dict[str, Domain[Any, Any]] = {}
        for domain in (*registered(), *extra):
            if domain.name in self._domains:
                raise InputError(
                    f"two domains are called {domain.name!r}: rename the file of your "
                    "problem (its name names the tab)",
                    field="problem",
                )
            self._domains[domain.name] = domain

    def __iter__(self) -> Iterator[Domain[Any, Any]]:
        return iter(self._domains.values())

    def get(self, name: str) -> Domain[Any, Any] | None:
        return self._domains.get(name)


def option_json(option: Option) -> dict[str, Any]:
    """An option spec as the page builds its form field from it."""
    return {
        "name": option.name,
        "label": option.label,
        "kind": option.kind,
        "summary": option.summary,
        "default": jsonable(option.default),
        "choices": list(option.choices),
        "low": option.low,
        "high": option.high,
    }


def algorithm_json(name: str) -> dict[str, Any]:
    """An algorithm as its declaration says it (``Algorithm.fields``: title, family,
    frontier, needs, promise...), with its options as form fields: the page asks these,
    never the algorithm's name."""
    info = ALGORITHMS[name]
    return {
        **info.fields(),
        "informed": info.heuristic,
        "stream": info.stream,
        "options": [option_json(option) for option in info.options],
    }


def presets_of(domain: Domain[Any, Any], served: Served) -> dict[str, str]:
    """The domain's named starts, with one for each file served that it reads (the
    route domain: each graph of ``serve --graph`` at its first node)."""
    presets = dict(domain.presets)
    offer = getattr(domain, "served_presets", None)
    if offer is not None:
        presets.update(offer(served))
    return presets


def param_json(domain: Domain[Any, Any], option: Option) -> dict[str, Any]:
    """A domain's parameter: its spec, and the heuristics it acts with if only some."""
    spec = option_json(option)
    if option.name in domain.param_heuristics:
        spec["heuristics"] = list(domain.param_heuristics[option.name])
    return spec


def domain_json(domain: Domain[Any, Any], served: Served | None = None) -> dict[str, Any]:
    """Everything the page offers for ``domain``, read from its descriptor only.

    ``default_algorithm`` and ``default_heuristic`` are the descriptor's own; a domain
    may choose another for a given start (queens: hill climbing from a board; the
    puzzle: pattern databases on 4×4), so the page sends no choice when the user made
    none, and shows the one the answer's ``run`` says was used."""
    return {
        "name": domain.name,
        "title": domain.title or domain.name,
        "summary": domain.summary,
        "notation": domain.notation,
        "views": list(domain.views),
        "presets": presets_of(domain, served if served is not None else Served()),
        "goals": list(domain.goals),
        "takes_goal": domain.takes_goal,
        "has_default_start": domain.has_default_start,
        "algorithms": [algorithm_json(name) for name in domain.algorithms],
        "default_algorithm": domain.default_algorithm,
        "heuristics": [
            {"name": name, "summary": spec.summary, "admissible": spec.admissible}
            for name, spec in domain.heuristics.items()
        ],
        "default_heuristic": domain.default_heuristic,
        "default_heuristic_note": domain.default_heuristic_note,
        "params": [  # a file of this machine is never named from the page (core.access)
            param_json(domain, option) for option in domain.params if not option.local
        ],
        "size": None if domain.size is None else option_json(domain.size),
        "random": domain.has_random and domain.size is not None,
        "unit_costs": domain.unit_costs,
        "help": domain.help,
        "sources": list(domain.sources),
    }


def options_json(catalog: Catalog, limits: WebLimits) -> dict[str, Any]:
    """The answer of ``GET /api/options``."""
    served: Sequence[Domain[Any, Any]] = list(catalog)
    return {
        "version": __version__,
        "limits": {
            "max_page_events": limits.max_page_events,
            "idle_minutes": limits.idle_seconds / 60,
            "run_max_expanded": limits.run_max_expanded,
            "run_seconds": limits.run_seconds,
            "live_max_expanded": limits.live_max_expanded,
            "live_budget_seconds": limits.live_budget_seconds,
            "slice_seconds": limits.slice_seconds,
        },
        "seed": option_json(SEED),
        "domains": [domain_json(domain, catalog.served) for domain in served],
        "files": {kind: list(catalog.served.names(kind)) for kind in catalog.served.files},
        "load_errors": [*load_errors(), *algorithm_errors()],
    }
