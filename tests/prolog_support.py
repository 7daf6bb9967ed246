"""What the Prolog tests share: the example files, and the rule that they need
SWI-Prolog (skipped without it, except under CI, where its absence is a failure: the
test command installs it)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "prolog"
PUZZLE = EXAMPLES / "bratko_puzzle.pl"
SCHEDULE = EXAMPLES / "bratko_schedule.pl"
QUEENS = EXAMPLES / "queens_climb.pl"
JUGS = EXAMPLES / "water_jugs.pl"

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require_swipl() -> None:
    """Skip the calling module when there is no swipl (fail under CI)."""
    if shutil.which("swipl") is None:
        message = "SWI-Prolog is not installed (apt-get install swi-prolog-nox)"
        if IN_CI:
            pytest.fail(message, pytrace=False)
        pytest.skip(message, allow_module_level=True)


def write_pl(folder: Path, body: str, name: str = "mine.pl") -> str:
    """A Prolog file ``name`` in ``folder`` holding ``body``; its path as text."""
    path = folder / name
    path.write_text(body, encoding="utf-8")
    return str(path)
