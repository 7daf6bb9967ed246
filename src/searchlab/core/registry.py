"""Named choices (algorithms, heuristics, move operators) looked up by the name a user
types, so ``--heuristic manhattan`` is a dict lookup and a typo is a clear error."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

from searchlab.core.errors import InputError

T = TypeVar("T")


class Registry(Mapping[str, T], Generic[T]):
    """Entries by canonical name, with aliases (e.g. the seed's ``h1`` for ``attackers``).

    Iterating gives the canonical names only, in the order they were added.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, T] = {}
        self._aliases: dict[str, str] = {}

    def add(self, name: str, entry: T, *aliases: str) -> T:
        self._entries[name] = entry
        for alias in aliases:
            self._aliases[alias] = name
        return entry

    def canonical(self, name: str) -> str:
        """The canonical name for ``name`` or one of its aliases, or an InputError."""
        key = name.strip().lower().replace("_", "-")
        key = self._aliases.get(key, key)
        if key not in self._entries:
            known = ", ".join(self._entries)
            raise InputError(f"unknown {self.kind} {name!r}: choose one of {known}")
        return key

    def aliases_of(self, name: str) -> tuple[str, ...]:
        """The other names ``name`` answers to (e.g. ``h1`` for ``attackers``)."""
        key = self.canonical(name)
        return tuple(alias for alias, target in self._aliases.items() if target == key)

    def __getitem__(self, name: str) -> T:
        return self._entries[self.canonical(name)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)
