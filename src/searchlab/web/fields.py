"""Reading a request's JSON body and query, with errors that name the field so the page
can show the message next to it (a search's own fields are read by the one request
builder, ``Domain.request_from``: see ``searches``)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from searchlab.core.errors import InputError
from searchlab.core.fields import refuse_unknown, shown

__all__ = ["FieldError", "get_int", "parse_object", "refuse_unknown", "shown"]


class FieldError(InputError):
    """Bad input in one named field of a request (HTTP 400)."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field


def parse_object(raw: bytes) -> dict[str, Any]:
    """A request body as a JSON object (empty: no fields). Every way a body can be
    malformed is a FieldError: Python's parser also refuses numbers of more than 4300
    digits (ValueError) and nesting deeper than its recursion limit (RecursionError);
    and a lone surrogate ("\\ud800") it accepts is refused here, since no answer in
    UTF-8 could name it back."""
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except json.JSONDecodeError:
        raise FieldError(None, "the request body is not JSON") from None
    except UnicodeDecodeError:
        raise FieldError(None, "the request body is not JSON in UTF-8") from None
    except ValueError:
        raise FieldError(None, "the request body has a number too long to read as JSON") from None
    except RecursionError:
        raise FieldError(None, "the request body is JSON nested too deeply") from None
    if not isinstance(body, dict):
        raise FieldError(None, "the request body must be a JSON object")
    try:
        json.dumps(body, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise FieldError(None, "the request body has a \\u escape that is no character") from None
    except RecursionError:
        raise FieldError(None, "the request body is JSON nested too deeply") from None
    return body


def get_int(body: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = body.get(name, default)
    if value is None or value == "":
        value = default
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise FieldError(name, f"{name} must be a whole number, not {shown(value)}") from None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(name, f"{name} must be a whole number, not {shown(value)}")
    if not low <= value <= high:
        raise FieldError(name, f"{name} must be between {low} and {high}, not {value}")
    return value
