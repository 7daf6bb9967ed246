"""The web viewer: every search of every registered domain (and of a user's own
problem) watched step by step in a browser.

``create_app()`` builds the ASGI app (Starlette); ``searchlab serve`` runs it on uvicorn.
The page is plain HTML, CSS and JavaScript modules under ``static/``: no build step,
nothing fetched from elsewhere. It builds its tabs from ``GET /api/options``, which
the server writes from the domains' descriptors (``catalog``), and names no domain.
"""

from __future__ import annotations

from searchlab.web.app import create_app
from searchlab.web.limits import DEFAULT_LIMITS, WebLimits

__all__ = ["DEFAULT_LIMITS", "WebLimits", "create_app"]
