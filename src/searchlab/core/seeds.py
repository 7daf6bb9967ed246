"""Per-trial seeds that depend on the run's seed and the trial's index alone.

Hashing (not ``hash()``, which varies with PYTHONHASHSEED, and not a shared random
stream, which would depend on the order trials are handed out) makes trial ``i`` draw
the same numbers on one process, on eight, or on a cluster. The one seed scheme of
every layer: the experiments' trials, and any random start a front end draws per trial.
"""

from __future__ import annotations

import hashlib


def trial_seed(seed: int, *index: int | str) -> int:
    """A 63-bit seed for the trial named by ``index`` in a run seeded with ``seed``."""
    text = ":".join(str(part) for part in (seed, *index))
    digest = hashlib.sha256(f"searchlab-trial:{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
