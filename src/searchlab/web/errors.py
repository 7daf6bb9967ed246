"""The API's one error format, ``{"error": message, "field": name-or-null}``, so the page
can show every refusal next to its field; the page and static files answer in text.

A refusal from the library (``InputError``) names its ``field`` and may carry a
``hint``, another value that would work: the command line phrases it as a flag, the
page as the choice to make (``choose free for moves``), since the page has no flags.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.responses import JSONResponse, PlainTextResponse, Response

from searchlab.core.errors import InputError


def is_api(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def error(
    status: int, message: str, field: str | None = None, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status, headers=headers)


def phrase(problem: InputError) -> str:
    """The message of a refusal as the page shows it: with its hint as a choice."""
    message = str(problem)
    if problem.hint is not None:
        option, value = problem.hint
        message += f" (choose {value} for {option.replace('_', '-')})"
    return message


def refusal(
    path: str, status: int, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    """An error in the API's format on /api paths, one line of text elsewhere."""
    if is_api(path):
        return error(status, message, headers=headers)
    return PlainTextResponse(message, status_code=status, headers=headers)
