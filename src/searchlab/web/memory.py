"""Giving memory back to the system once sessions are dropped.

Python frees a dropped session's objects at once, but the C allocator keeps the pages
for reuse, so the server's resident size stayed near its peak long after every viewer
had left. A collection (for cycles) and glibc's ``malloc_trim`` return them.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import sys
from collections.abc import Callable

CHECK_SECONDS = 1.0
"""How often the server looks whether sessions were dropped."""
TRIM_AFTER_BYTES = 16 * 2**20
"""Memory is given back once this much session data was dropped, or all of it."""


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None on other C libraries and systems."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):  # musl and others have no malloc_trim
        return None
    trim.argtypes = [ctypes.c_size_t]  # type: ignore[attr-defined]
    trim.restype = ctypes.c_int  # type: ignore[attr-defined]
    return trim


def give_back() -> bool:
    """Collect garbage and return the allocator's free pages; whether it could trim."""
    gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
