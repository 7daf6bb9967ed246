"""The native signal handler of ``searchlab.domains.stuck``, compiled by numba once and
cached (a module of its own: numba caches only functions defined at module level, and
numba is imported only when a time limit is armed)."""

from __future__ import annotations

from typing import Any

from numba import cfunc, types

from searchlab.domains.stuck import MESSAGE_FD, WIDTH

_send: Any = types.ExternalFunction(
    "sendfile", types.intp(types.int32, types.int32, types.voidptr, types.uintp)
)
_leave: Any = types.ExternalFunction("_exit", types.void(types.int32))


@cfunc(types.void(types.int32), cache=True)
def handler(_signum: int) -> None:  # pragma: no cover - runs as native code
    """Copy the prepared message to standard error and end the process, status 2."""
    _send(2, MESSAGE_FD, 0, WIDTH)
    _leave(2)
