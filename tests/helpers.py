"""Small helpers that several test modules share (imported as ``helpers``)."""

from __future__ import annotations


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB, from /proc (Linux)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS in /proc/{pid}/status")
