"""What one queen's move does to seed 000's heuristics, in O(1) from line counters.

Written once in the subset of Python numba compiles (integers and indexable arrays
only): the generic engine's evaluator calls these functions on Python lists, and the
compiled climb (``climb_kernel``) compiles the same source for numpy arrays, so both
engines score every move with one piece of code.

The board is held as: ``qr[i]``, ``qc[i]`` the row and column (1-based) of queen i
(0-based, in list order); ``rc``, ``cc``, ``dc``, ``ac`` the number of queens on each
row, column, diagonal (index r − c + n) and anti-diagonal (index r + c); ``rs``, ``cs``,
``ds``, ``asum`` the sum of the indices of the queens on each, which names the queen
when a line holds exactly one (or the other one, when it holds two).
"""

from __future__ import annotations

from typing import Any

Array = Any  # a list of ints (generic engine) or an int64 array (compiled kernel)


def pairs_delta(
    i: int, r2: int, c2: int, n: int, qr: Array, qc: Array, rc: Array, cc: Array, dc: Array,
    ac: Array,
) -> int:  # fmt: skip
    """The change in attacking pairs when queen i moves to (r2, c2): leaving a line of
    k queens breaks k − 1 pairs, joining one of k makes k (a line it stays on: none)."""
    r = qr[i]
    c = qc[i]
    change = 0
    if r2 != r:
        change += rc[r2] - rc[r] + 1
    if c2 != c:
        change += cc[c2] - cc[c] + 1
    if r2 - c2 != r - c:
        change += dc[r2 - c2 + n] - dc[r - c + n] + 1
    if r2 + c2 != r + c:
        change += ac[r2 + c2] - ac[r + c] + 1
    return change


def _flip(
    q: int, r: int, c: int, r2: int, c2: int, n: int, qr: Array, qc: Array, rc: Array,
    cc: Array, dc: Array, ac: Array,
) -> int:  # fmt: skip
    """+1 if queen q (not the one moving from (r, c) to (r2, c2)) becomes attacked, −1
    if it stops being attacked, 0 otherwise."""
    row = qr[q]
    col = qc[q]
    d = row - col
    a = row + col
    before = rc[row] > 1 or cc[col] > 1 or dc[d + n] > 1 or ac[a] > 1
    after = (
        rc[row] - (row == r) + (row == r2) > 1
        or cc[col] - (col == c) + (col == c2) > 1
        or dc[d + n] - (d == r - c) + (d == r2 - c2) > 1
        or ac[a] - (a == r + c) + (a == r2 + c2) > 1
    )
    return int(after) - int(before)


def attackers_delta(
    i: int, r2: int, c2: int, n: int, qr: Array, qc: Array, rc: Array, cc: Array, dc: Array,
    ac: Array, rs: Array, cs: Array, ds: Array, asum: Array,
) -> int:  # fmt: skip
    """The change in attacked queens (seed's h1) when queen i moves to (r2, c2).

    Only queens on a line whose count crosses between 1 and 2 can change: the other
    queen of a line i leaves that held two, the lone queen of a line i joins that held
    one (at most eight), and i itself."""
    r = qr[i]
    c = qc[i]
    d = r - c
    a = r + c
    d2 = r2 - c2
    a2 = r2 + c2
    mover_before = rc[r] > 1 or cc[c] > 1 or dc[d + n] > 1 or ac[a] > 1
    mover_after = (
        rc[r2] - (r2 == r) >= 1
        or cc[c2] - (c2 == c) >= 1
        or dc[d2 + n] - (d2 == d) >= 1
        or ac[a2] - (a2 == a) >= 1
    )
    change = int(mover_after) - int(mover_before)
    o0 = o1 = o2 = o3 = o4 = o5 = o6 = o7 = -1
    if r2 != r:
        if rc[r] == 2:
            o0 = rs[r] - i
        if rc[r2] == 1:
            o1 = rs[r2]
    if c2 != c:
        if cc[c] == 2:
            o2 = cs[c] - i
        if cc[c2] == 1:
            o3 = cs[c2]
    if d2 != d:
        if dc[d + n] == 2:
            o4 = ds[d + n] - i
        if dc[d2 + n] == 1:
            o5 = ds[d2 + n]
    if a2 != a:
        if ac[a] == 2:
            o6 = asum[a] - i
        if ac[a2] == 1:
            o7 = asum[a2]
    others = (o0, o1, o2, o3, o4, o5, o6, o7)
    for k in range(8):
        q = others[k]
        if q < 0:
            continue
        seen = False
        for m in range(k):
            if others[m] == q:
                seen = True
                break
        if not seen:
            change += _flip(q, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    return change


def place(
    i: int, r: int, c: int, sign: int, n: int, rc: Array, cc: Array, dc: Array, ac: Array,
    rs: Array, cs: Array, ds: Array, asum: Array,
) -> None:  # fmt: skip
    """Add (sign = 1) or remove (sign = −1) queen i on (r, c) in the line counters."""
    rc[r] += sign
    cc[c] += sign
    dc[r - c + n] += sign
    ac[r + c] += sign
    rs[r] += sign * i
    cs[c] += sign * i
    ds[r - c + n] += sign * i
    asum[r + c] += sign * i
