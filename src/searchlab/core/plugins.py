"""Plug-ins found through an entry-point group: searchlab's own domains and experiments
register exactly as a third-party package's would, and this is the one loader for all.

A plug-in that fails to load, is not of the expected type, or takes a name already
taken is left out, and the reason kept for the front ends to report: a broken plug-in
must not break every command.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any, Generic, Protocol, TypeVar

from searchlab.core.errors import InputError


class Plugin(Protocol):
    """What every plug-in has: the name it is known by, and its place in lists."""

    @property
    def name(self) -> str: ...

    @property
    def order(self) -> int: ...


T = TypeVar("T", bound=Plugin)


class PluginGroup(Generic[T]):
    """The plug-ins of one entry-point group, loaded once, ordered by ``order`` then
    name. ``accept`` may refuse a loaded plug-in with a reason (None: accepted)."""

    def __init__(
        self,
        group: str,
        kind: type[T],
        noun: str,
        accept: Callable[[T], str | None] = lambda _plugin: None,
    ) -> None:
        self.group = group
        self.kind = kind
        self.noun = noun
        self.accept = accept
        self._loaded: dict[str, T] | None = None
        self.errors: list[str] = []

    def load(self) -> dict[str, T]:
        if self._loaded is not None:
            return self._loaded
        found: dict[str, T] = {}
        for point in sorted(entry_points(group=self.group), key=lambda point: point.name):
            try:
                loaded: Any = point.load()
                plugin = loaded() if isinstance(loaded, type) else loaded
            except Exception as error:  # any failure of someone else's code
                self.errors.append(
                    f"the {self.noun} {point.name!r} ({point.value}) failed to load: {error}"
                )
                continue
            if not isinstance(plugin, self.kind):
                self.errors.append(
                    f"the entry point {point.name!r} ({point.value}) is not a {self.kind.__name__}"
                )
                continue
            name = plugin.name
            if not name or name in found:
                self.errors.append(f"the {self.noun} {point.value} has no name, or one taken")
                continue
            refusal = self.accept(plugin)
            if refusal is not None:
                self.errors.append(refusal)
                continue
            found[name] = plugin
        ordered = sorted(found.values(), key=lambda plugin: (plugin.order, plugin.name))
        self._loaded = {plugin.name: plugin for plugin in ordered}
        return self._loaded

    def get(self, name: str) -> T:
        """The plug-in called ``name`` (InputError listing the known ones if none is)."""
        known = self.load()
        key = name.strip().lower()
        if key not in known:
            raise InputError(f"unknown {self.noun} {name!r}: choose one of {', '.join(known)}")
        return known[key]
