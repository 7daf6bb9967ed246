"""Plug-ins found through an entry-point group: searchlab's own domains and experiments
register exactly as a third-party package's would, and this is the one loader for all.

A plug-in that fails to load, is not of the expected type, or takes a name already
taken (searchlab's own are loaded first) is left out, and the reason kept for the front
ends to report: a broken plug-in must not break every command.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from searchlab.core import declared as sources
from searchlab.core.declared import Declared
from searchlab.core.errors import InputError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint


class Plugin(Protocol):
    """What every plug-in has: the name it is known by, and its place in lists."""

    @property
    def name(self) -> str: ...

    @property
    def order(self) -> int: ...

    @property
    def summary(self) -> str: ...


T = TypeVar("T", bound=Plugin)


class PluginGroup(Generic[T]):
    """The plug-ins of one entry-point group, loaded once, ordered by ``order`` then
    name. ``kind`` is the type every plug-in must be, or a function importing it on the
    first load (a listing needs none). ``accept`` may refuse a loaded plug-in with a
    reason (None: accepted)."""

    def __init__(
        self,
        group: str,
        kind: type[T] | Callable[[], type[T]],
        noun: str,
        accept: Callable[[T], str | None] = lambda _plugin: None,
    ) -> None:
        self.group = group
        self.kind = kind
        self.noun = noun
        self.accept = accept
        self._loaded: dict[str, T] | None = None
        self._made: dict[str, T | None] = {}  # entry point value -> its plug-in, made once
        self.errors: list[str] = []

    def load(self) -> dict[str, T]:
        if self._loaded is not None:
            return self._loaded
        from importlib.metadata import entry_points  # not for a listing (see ``_said``)

        found: dict[str, T] = {}
        # searchlab's own first: a plug-in taking one of their names is the one left out
        points = sorted(
            entry_points(group=self.group),
            key=lambda point: (not point.value.startswith("searchlab."), point.name),
        )
        for point in points:
            plugin = self._load(point)
            if plugin is None:
                continue
            if not plugin.name or plugin.name in found:
                self.errors.append(f"the {self.noun} {point.value} has no name, or one taken")
                continue
            found[plugin.name] = plugin
        ordered = sorted(found.values(), key=lambda plugin: (plugin.order, plugin.name))
        self._loaded = {plugin.name: plugin for plugin in ordered}
        return self._loaded

    def _load(self, point: EntryPoint) -> T | None:
        """The plug-in ``point`` names, or None (and the reason kept) if it is refused;
        made once, whether alone (``find``) or with the others."""
        if point.value not in self._made:
            self._made[point.value] = self._make(point)
        return self._made[point.value]

    def _make(self, point: EntryPoint) -> T | None:
        try:
            loaded: Any = point.load()
            plugin = loaded() if isinstance(loaded, type) else loaded
        except Exception as error:  # any failure of someone else's code
            self.errors.append(
                f"the {self.noun} {point.name!r} ({point.value}) failed to load: {error}"
            )
            return None
        kind: type[T] = self.kind if isinstance(self.kind, type) else self.kind()
        if not isinstance(plugin, kind):
            self.errors.append(
                f"the entry point {point.name!r} ({point.value}) is not a {kind.__name__}"
            )
            return None
        refusal = self.accept(plugin)
        if refusal is not None:
            self.errors.append(refusal)
            return None
        return plugin

    @cached_property
    def _said(self) -> dict[str, tuple[Declared, str, str]] | None:
        """Each plug-in as its source declares it, by name, with its entry point's name
        and value; None when one does not declare itself plainly or two declare one name
        (then the plug-ins are loaded to be listed or found)."""
        said: dict[str, tuple[Declared, str, str]] = {}
        for point, value in sources.entry_points(self.group):
            card = sources.declared(value)
            if card is None or card.name in said:
                return None
            said[card.name] = (card, point, value)
        return said

    def declared(self) -> list[Declared]:
        """Every plug-in's name, summary and order for a listing (``searchlab --help``),
        read from the sources so that none is imported (see ``_said``)."""
        if self._loaded is None and self._said is not None:
            cards = [card for card, _point, _value in self._said.values()]
            return sorted(cards, key=lambda card: (card.order, card.name))
        return [Declared(p.name, p.summary, p.order) for p in self.load().values()]

    def find(self, name: str) -> T | None:
        """The plug-in called ``name``, or None. Only its own module is imported when the
        sources say which it is (a command's start-up; see ``_said``)."""
        key = name.strip().lower()
        if self._loaded is None and self._said is not None and key in self._said:
            from importlib.metadata import EntryPoint

            _card, point, value = self._said[key]
            plugin = self._load(EntryPoint(point, value, self.group))
            if plugin is not None and plugin.name == key:
                return plugin
        return self.load().get(key)

    def get(self, name: str) -> T:
        """The plug-in called ``name`` (InputError listing the known ones if none is)."""
        plugin = self.find(name)
        if plugin is None:
            known = ", ".join(self.load())
            raise InputError(f"unknown {self.noun} {name!r}: choose one of {known}")
        return plugin
