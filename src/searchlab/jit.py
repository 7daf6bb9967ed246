"""One switch for the compiled kernels: numba when it is there, plain Python otherwise.

Kernels are written once in the subset of Python that numba compiles (explicit stacks,
no recursion, arrays and integers only) and decorated with ``njit(signature)``. The
decorator compiles eagerly with ``cache=True``, so the first import in a fresh
environment pays the compile (a few seconds) and later imports load machine code from
numba's cache. With numba missing, or ``SEARCHLAB_DISABLE_JIT=1`` in the environment
(read once, at import), the same functions run as ordinary Python: slower, same answers.
Import this module only from kernel modules, so commands that need no kernel never
import numba.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_FALSE = {"", "0", "false", "no", "off"}


def _disabled_by_environment() -> bool:
    return os.environ.get("SEARCHLAB_DISABLE_JIT", "").strip().lower() not in _FALSE


JIT_ENABLED: bool = not _disabled_by_environment() and importlib.util.find_spec("numba") is not None
"""Whether kernels are compiled (True) or run as plain Python (False)."""


def backend() -> str:
    """A short description of how kernels run, for reports: ``numba 0.60.0`` or ``python``."""
    if not JIT_ENABLED:
        return "python"
    import numba

    return f"numba {numba.__version__}"


def njit(signature: str, *, counted: bool = True) -> Callable[[F], F]:
    """Compile ``function`` for exactly ``signature`` (cached on disk), or leave it as Python.

    ``counted=False`` compiles it without numba's reference counting (its ``_nrt``
    option), for a kernel that allocates nothing: every array it receives is then
    passed on to its inlined helpers without the atomic increment and decrement each
    helper call otherwise costs (a fifth of a Sudoku solver's time). Such a kernel
    cannot create an array (numba refuses to compile it)."""
    if not JIT_ENABLED:

        def identity(function: F) -> F:
            return function

        return identity
    import numba

    def compile_(function: F) -> F:
        if counted:
            compiled: F = numba.njit(signature, cache=True, nogil=True)(function)  # type: ignore[assignment]
        else:  # numba's stubs do not list the option
            compiled = numba.njit(signature, cache=True, nogil=True, _nrt=False)(function)  # type: ignore[call-overload]
        return compiled

    return compile_


def inline(function: F) -> F:
    """A helper of kernels, compiled into each kernel that calls it (numba's
    ``inline="always"``: a call between separately compiled functions passes every array
    as a struct and costs more than a small helper's work), or left as Python."""
    if not JIT_ENABLED:
        return function
    import numba

    inlined: F = numba.njit(inline="always")(function)  # type: ignore[assignment]
    return inlined
