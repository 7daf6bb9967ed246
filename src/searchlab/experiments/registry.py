"""Every experiment, found through the ``searchlab.experiments`` entry-point group.

searchlab's own experiments register there too (see ``pyproject.toml``), so a
third-party package adds one exactly as they do: declare an ``Experiment`` and name it
under ``[project.entry-points."searchlab.experiments"]``. The command line asks this
module for the experiments and never names one.

An experiment that fails to load, or that measures a domain no one registered, does
not take the others down: it is left out and the reason kept in ``load_errors()`` for
the front ends to report.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from searchlab.core.errors import InputError
from searchlab.experiments.base import Experiment

GROUP = "searchlab.experiments"

_errors: list[str] = []


@cache
def _load() -> dict[str, Experiment]:
    from searchlab.domains.registry import domains

    known_domains = {domain.name for domain in domains()}
    found: dict[str, Experiment] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda point: point.name):
        try:
            loaded = point.load()
            experiment = loaded() if isinstance(loaded, type) else loaded
        except Exception as error:  # a broken plug-in must not break every command
            _errors.append(f"the experiment {point.name!r} ({point.value}) failed to load: {error}")
            continue
        if not isinstance(experiment, Experiment):
            _errors.append(f"the entry point {point.name!r} ({point.value}) is not an Experiment")
            continue
        if not experiment.name or experiment.name in found:
            _errors.append(f"the experiment {point.value} has no name, or one already taken")
            continue
        if experiment.domain is not None and experiment.domain not in known_domains:
            _errors.append(
                f"the experiment {experiment.name!r} measures the domain "
                f"{experiment.domain!r}, which is not registered"
            )
            continue
        found[experiment.name] = experiment
    ordered = sorted(found.values(), key=lambda experiment: (experiment.order, experiment.name))
    return {experiment.name: experiment for experiment in ordered}


def experiments() -> list[Experiment]:
    """Every registered experiment, searchlab's own first (by ``order``), then by name."""
    return list(_load().values())


def get_experiment(name: str) -> Experiment:
    """The experiment called ``name`` (InputError listing the known ones if none is)."""
    known = _load()
    key = name.strip().lower()
    if key not in known:
        raise InputError(f"unknown experiment {name!r}: choose one of {', '.join(known)}")
    return known[key]


def load_errors() -> list[str]:
    """Why some registered experiments could not be loaded (empty when all loaded)."""
    _load()
    return list(_errors)
