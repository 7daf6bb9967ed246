"""Small helpers that several test modules share (imported as ``helpers``)."""

from __future__ import annotations

from collections.abc import Iterator


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB, from /proc (Linux)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS in /proc/{pid}/status")


class NumberLine:
    """The whole numbers 0..``top`` in a line, a unit step down (``-``) or up (``+``),
    from ``start`` to ``goal`` (None: no goal): the smallest problem a search walks."""

    def __init__(self, top: int, start: int, goal: int | None) -> None:
        self.top = top
        self.initial = start
        self.goal = goal

    def successors(self, n: int) -> Iterator[tuple[str, int, float]]:
        if n > 0:
            yield "-", n - 1, 1
        if n < self.top:
            yield "+", n + 1, 1

    def is_goal(self, n: int) -> bool:
        return n == self.goal
