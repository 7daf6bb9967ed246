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
    k queens breaks k − 1 pairs, joining one of k makes k (a line it stays on: none).
    Written without branches (each term masked by whether its line changes): numba
    compiles the branching form of this sum about ten times slower."""
    r = qr[i]
    c = qc[i]
    change: int = (
        (rc[r2] - rc[r] + 1) * (r2 != r)
        + (cc[c2] - cc[c] + 1) * (c2 != c)
        + (dc[r2 - c2 + n] - dc[r - c + n] + 1) * (r2 - c2 != r - c)
        + (ac[r2 + c2] - ac[r + c] + 1) * (r2 + c2 != r + c)
    )
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
    before = (rc[row] > 1) | (cc[col] > 1) | (dc[d + n] > 1) | (ac[a] > 1)
    after = (
        (rc[row] - (row == r) + (row == r2) > 1)
        | (cc[col] - (col == c) + (col == c2) > 1)
        | (dc[d + n] - (d == r - c) + (d == r2 - c2) > 1)
        | (ac[a] - (a == r + c) + (a == r2 + c2) > 1)
    )
    return int(after) - int(before)


def _other(moved: bool, count: int, wanted: int, ids: int, i: int) -> int:
    """The queen a line names when the mover changes it and it holds ``wanted`` queens
    (the other one of two, less the mover i; the one of one), else −1."""
    if moved and count == wanted:
        return ids - i if wanted == 2 else ids
    return -1


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
    mover_before = (rc[r] > 1) | (cc[c] > 1) | (dc[d + n] > 1) | (ac[a] > 1)
    mover_after = (
        (rc[r2] - (r2 == r) >= 1)
        | (cc[c2] - (c2 == c) >= 1)
        | (dc[d2 + n] - (d2 == d) >= 1)
        | (ac[a2] - (a2 == a) >= 1)
    )
    change = int(mover_after) - int(mover_before)
    o0 = _other(r2 != r, rc[r], 2, rs[r], i)
    o1 = _other(r2 != r, rc[r2], 1, rs[r2], i)
    o2 = _other(c2 != c, cc[c], 2, cs[c], i)
    o3 = _other(c2 != c, cc[c2], 1, cs[c2], i)
    o4 = _other(d2 != d, dc[d + n], 2, ds[d + n], i)
    o5 = _other(d2 != d, dc[d2 + n], 1, ds[d2 + n], i)
    o6 = _other(a2 != a, ac[a], 2, asum[a], i)
    o7 = _other(a2 != a, ac[a2], 1, asum[a2], i)
    # each queen counted once (one queen can stand on several of these lines)
    if o0 >= 0:
        change += _flip(o0, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    if o1 >= 0 and o1 != o0:
        change += _flip(o1, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    if o2 >= 0 and o2 != o0 and o2 != o1:
        change += _flip(o2, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    if o3 >= 0 and o3 != o0 and o3 != o1 and o3 != o2:
        change += _flip(o3, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    if o4 >= 0 and o4 != o0 and o4 != o1 and o4 != o2 and o4 != o3:
        change += _flip(o4, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    if o5 >= 0 and o5 != o0 and o5 != o1 and o5 != o2 and o5 != o3 and o5 != o4:
        change += _flip(o5, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    if o6 >= 0 and o6 != o0 and o6 != o1 and o6 != o2 and o6 != o3 and o6 != o4 and o6 != o5:
        change += _flip(o6, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
    if (
        o7 >= 0 and o7 != o0 and o7 != o1 and o7 != o2 and o7 != o3 and o7 != o4
        and o7 != o5 and o7 != o6
    ):  # fmt: skip
        change += _flip(o7, r, c, r2, c2, n, qr, qc, rc, cc, dc, ac)
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
