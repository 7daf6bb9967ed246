"""Which engine repairs a board of n queens, and the sizes that decide it: apart from
``repair`` so that the command line can state them in its help without loading numpy."""

from __future__ import annotations

from typing import Literal

from searchlab.core.errors import InputError

Engine = Literal["auto", "generic", "kernel"]
ENGINES: tuple[Engine, ...] = ("auto", "generic", "kernel")

KERNEL_FROM_N = 20_000
"""``engine="auto"`` hands boards at least this large to the compiled kernel."""

MAX_REPAIR_N = 1_000_000_000
"""The largest board the compiled repair takes: 8 bytes a queen (8 GB here; a board
that does not fit the memory available is refused before it is allocated), and about
a minute per 10**8 queens."""

BYTES_PER_QUEEN = 8
"""The compiled repair's memory: columns (int32) and two diagonal counters (uint8, 2n each)."""

MAX_GENERIC_REPAIR_N = 10_000_000
"""The largest board the generic engine takes: its numpy arrays take about 50·n bytes,
and it needs minutes at this size already."""

MAX_COUNT_N = 30
"""The largest n the compiled counters accept (masks are 64-bit; n = 30 would take ages)."""

UNSOLVABLE = (2, 3)
"""The board sizes with no solution at all."""


def choose_engine(n: int, engine: str = "auto") -> Literal["generic", "kernel"]:
    """The engine that repairs a board of n queens (checking n and the engine's name)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise InputError(f"n must be at least 1, not {n!r}")
    if n > MAX_REPAIR_N:
        raise InputError(
            f"n = {n:,} is too large to repair (at most {MAX_REPAIR_N:,} queens)"
        )
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine == "auto":
        return "kernel" if n >= KERNEL_FROM_N else "generic"
    if engine == "generic" and n > MAX_GENERIC_REPAIR_N:
        raise InputError(
            f"n = {n:,} is too large for the generic engine (at most "
            f"{MAX_GENERIC_REPAIR_N:,} queens): drop --engine generic",
            field="engine",
        )
    return "kernel" if engine == "kernel" else "generic"
