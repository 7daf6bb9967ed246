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

from searchlab.core.plugins import PluginGroup
from searchlab.experiments.base import Experiment

GROUP = "searchlab.experiments"


def _measures_a_registered_domain(experiment: Experiment) -> str | None:
    from searchlab.domains.registry import domains

    if experiment.domain is None or experiment.domain in {domain.name for domain in domains()}:
        return None
    return (
        f"the experiment {experiment.name!r} measures the domain {experiment.domain!r}, "
        "which is not registered"
    )


_EXPERIMENTS: PluginGroup[Experiment] = PluginGroup(
    GROUP, Experiment, "experiment", _measures_a_registered_domain
)


def experiments() -> list[Experiment]:
    """Every registered experiment, searchlab's own first (by ``order``), then by name."""
    return list(_EXPERIMENTS.load().values())


def get_experiment(name: str) -> Experiment:
    """The experiment called ``name`` (InputError listing the known ones if none is)."""
    return _EXPERIMENTS.get(name)


def load_errors() -> list[str]:
    """Why some registered experiments could not be loaded (empty when all loaded)."""
    _EXPERIMENTS.load()
    return list(_EXPERIMENTS.errors)
