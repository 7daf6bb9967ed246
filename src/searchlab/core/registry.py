"""Named choices (algorithms, heuristics, move operators) looked up by the name a user
types, so ``--heuristic manhattan`` is a dict lookup and a typo is a clear error.

A registry may be filled on its first lookup (``fill``): the algorithms are collected
from an entry-point group, whose plug-ins may import the modules that import the
registry."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Generic, TypeVar

from searchlab.core.errors import InputError

T = TypeVar("T")


class Registry(Mapping[str, T], Generic[T]):
    """Entries by canonical name, with aliases (e.g. the seed's ``h1`` for ``attackers``).

    Iterating gives the canonical names only, in the order they were added. ``fill``,
    if given, is called with the registry before its first lookup, to add the entries.
    """

    def __init__(self, kind: str, fill: Callable[[Registry[T]], None] | None = None) -> None:
        self.kind = kind
        self._entries: dict[str, T] = {}
        self._aliases: dict[str, str] = {}
        self._fill = fill

    def _filled(self) -> None:
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)

    def add(self, name: str, entry: T, *aliases: str) -> T:
        self._filled()
        self._entries[name] = entry
        for alias in aliases:
            self._aliases[alias] = name
        return entry

    def taken(self, *names: str) -> list[str]:
        """Those of ``names`` that already name an entry (as its name or an alias)."""
        self._filled()
        return [name for name in names if name in self._entries or name in self._aliases]

    def canonical(self, name: str) -> str:
        """The canonical name for ``name`` or one of its aliases, or an InputError."""
        self._filled()
        key = name.strip().lower().replace("_", "-")
        key = self._aliases.get(key, key)
        if key not in self._entries:
            known = ", ".join(self._entries)
            raise InputError(f"unknown {self.kind} {name!r}: choose one of {known}")
        return key

    def aliases_of(self, name: str) -> tuple[str, ...]:
        """The other names ``name`` answers to (e.g. ``h1`` for ``attackers``)."""
        key = self.canonical(name)  # filled
        return tuple(alias for alias, target in self._aliases.items() if target == key)

    def __getitem__(self, name: str) -> T:
        return self._entries[self.canonical(name)]

    def __iter__(self) -> Iterator[str]:
        self._filled()
        return iter(self._entries)

    def __len__(self) -> int:
        self._filled()
        return len(self._entries)
