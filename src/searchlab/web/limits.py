"""Every bound the web server puts on what one request or one viewer may cost.

A request can neither hang nor exhaust the server: pages of events, seconds, expansions,
request bodies, the memory sessions hold and the searches computing at once are capped,
and idle searches are dropped; what a request builds before searching (a generated
graph, landmark tables) is refused up front past its memory, counts against the run's
seconds, and is let go after the request unless it is small. What a search may be
asked (board sizes, options) is the domain's to say, as on the command line: these are
only the server's own caps, applied on top. Tests shrink them to exercise them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WebLimits:
    """The server's caps; the defaults suit one person on a laptop."""

    max_page_events: int = 2000  # events returned by one request
    max_page_bytes: int = 4 * 2**20  # ... and their JSON, drawings included (fewer if need be)
    slice_seconds: float = 2.0  # time one request may spend advancing a live search
    live_budget_seconds: float = 120.0  # total search time of one live (depth-first) viewer
    live_max_expanded: int = 5_000_000  # ... and its expansions
    run_seconds: float = 5.0  # any other search, which is computed and recorded in one go
    run_max_expanded: int = 20_000  # ... and its expansions (each one a recorded event)
    max_build_bytes: int = 256 * 2**20  # a graph or tables built for one request, at peak
    keep_build_bytes: int = 16 * 2**20  # ... kept cached after it only up to this size
    max_table_bytes: int = 384 * 2**20  # building a puzzle's tables for a named goal (once)
    max_sessions: int = 64  # live viewers; the least recently used is dropped past it
    idle_seconds: float = 900.0  # a viewer idle this long is dropped
    max_session_bytes: int = 64 * 2**20  # events all sessions hold; LRU dropped past it
    max_detail_bytes: int = 2**20  # a run's successors, open lists, scores (≤ 1/4 of ↑)
    max_body_bytes: int = 20_000  # a request body, refused (413) before it is read past this
    max_concurrent_searches: int = 2  # searches computing at once: one per core here
    queue_seconds: float = 2.0  # a search waits this long for a free worker, then 429
    abandon_seconds: float = 30.0  # work still running this long is answered 503 (pool.py)


DEFAULT_LIMITS = WebLimits()
