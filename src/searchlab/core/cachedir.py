"""searchlab's cache folder, one answer for everything kept there (pattern databases,
landmarks, the notices already shown): ``$SEARCHLAB_CACHE_DIR``, else the platform's
user cache (``platformdirs``; ``$XDG_CACHE_HOME/searchlab`` on Linux)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """The folder (not created here: the first writer makes it)."""
    override = os.environ.get("SEARCHLAB_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("searchlab"))
