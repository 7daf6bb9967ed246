"""The API's one error format, ``{"error": message, "field": name-or-null}``, so the page
can show every refusal next to its field; the page and static files answer in text."""

from __future__ import annotations

from collections.abc import Mapping

from starlette.responses import JSONResponse, PlainTextResponse, Response


def is_api(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def error(
    status: int, message: str, field: str | None = None, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status, headers=headers)


def refusal(
    path: str, status: int, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    """An error in the API's format on /api paths, one line of text elsewhere."""
    if is_api(path):
        return error(status, message, headers=headers)
    return PlainTextResponse(message, status_code=status, headers=headers)
