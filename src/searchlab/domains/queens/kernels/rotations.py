"""Takaken's test of a solution against its rotations (``rotation_test.py``), compiled
for the count by symmetry's kernel."""

from __future__ import annotations

from searchlab.domains.queens import rotation_test
from searchlab.jit import njit

check_rotations = njit("int64(int64[:], int64, int64, int64, int64, int64)")(
    rotation_test.check_rotations
)
