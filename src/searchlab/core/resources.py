"""What the machine has: its available memory (from which ``core.allowance`` takes
``--max-memory``'s default, the one memory budget every command is priced against) and
its free disk, which a cache file must fit or end half-written (``require_disk``); and
the one way sizes are written in messages (``size_text``).
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


def size_text(nbytes: float) -> str:
    """A size as people read it, in the binary units ``--max-memory`` is written in.

    Examples
    --------
    >>> size_text(26 * 2**30), size_text(1.5 * 2**30), size_text(640 * 2**20)
    ('26.0 GB', '1.5 GB', '640 MB')
    >>> size_text(300 * 2**30), size_text(12_000), size_text(100)
    ('300 GB', '12 kB', '100 bytes')
    """
    if nbytes >= 100 * 2**30:
        return f"{nbytes / 2**30:,.0f} GB"
    if nbytes >= 2**30:
        return f"{nbytes / 2**30:.1f} GB"
    if nbytes >= 2**20:
        return f"{nbytes / 2**20:,.0f} MB"
    if nbytes >= 2**10:
        return f"{nbytes / 2**10:,.0f} kB"
    return f"{nbytes:.0f} bytes"


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
            f"{what} needs about {size_text(needed)} of disk in {place} and "
            f"{size_text(free)} is free",
            field=field,
        )
