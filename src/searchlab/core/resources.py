"""What the machine has room for: work that would not fit is refused before it starts.

A board of 10**9 queens or a pattern database of half a gigabyte is allocated in one
go; past the memory the machine has, that ends in a swap storm or the kernel's
out-of-memory killer rather than an error, and a cache file past the free disk ends
half-written. ``require_memory`` and ``require_disk`` compare what a piece of work
needs, stated by its owner, with what the system reports as available now, and refuse
with a one-line ``InputError`` that says both.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

MEMINFO = Path("/proc/meminfo")


def available_memory() -> int | None:
    """Bytes the system can give a new allocation without swapping (Linux's
    MemAvailable; elsewhere the free pages), or None when it does not say."""
    try:
        for line in MEMINFO.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def describe_bytes(count: float) -> str:
    """``1.2 GB``, ``640 MB``, ``12 kB``: decimal units, as memory is usually quoted."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count:.0f} bytes"


def require_disk(needed: int, directory: Path, what: str, *, field: str | None = None) -> None:
    """Refuse ``what`` if writing ``needed`` bytes under ``directory`` (or the nearest
    folder of it that exists) would not fit the free disk space."""
    from searchlab.core.errors import InputError

    place = directory
    while not place.exists() and place != place.parent:
        place = place.parent
    try:
        free = shutil.disk_usage(place).free
    except OSError:
        return
    if needed > free:
        raise InputError(
            f"{what} needs about {describe_bytes(needed)} of disk in {place} and "
            f"{describe_bytes(free)} is free",
            field=field,
        )


def require_memory(needed: int, what: str, *, field: str | None = None) -> None:
    """Refuse ``what`` (e.g. "repairing 10**9 queens") if it needs more memory than the
    system has available; silent when the system does not say."""
    from searchlab.core.errors import InputError

    available = available_memory()
    if available is not None and needed > available:
        raise InputError(
            f"{what} needs about {describe_bytes(needed)} of memory and "
            f"{describe_bytes(available)} is available",
            field=field,
        )
