"""Reading an instance from JSON or TOML: ``{"processors": 3, "tasks": {"t1":
{"duration": 4, "after": []}, ...}}`` (in TOML: ``processors = 3`` and one
``[tasks.t1]`` table per task). Every fault becomes an InputError naming it."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from searchlab.core.errors import InputError
from searchlab.domains.scheduling.model import Instance, make_instance

_TASK_KEYS = {"duration", "after"}


def instance_from_data(data: object) -> Instance:
    """Check the decoded document's shape, then the instance itself."""
    if not isinstance(data, dict):
        raise InputError("the file must hold an object with 'processors' and 'tasks'")
    missing = [key for key in ("processors", "tasks") if key not in data]
    if missing:
        raise InputError("the file has no " + " and no ".join(repr(key) for key in missing))
    extra = sorted(set(data) - {"processors", "tasks"})
    if extra:
        raise InputError(f"unknown key {extra[0]!r} (expected 'processors' and 'tasks')")
    tasks = data["tasks"]
    if not isinstance(tasks, dict):
        raise InputError("'tasks' must map each task name to {duration, after}")
    entries: dict[str, tuple[object, list[Any]]] = {}
    for name, spec in tasks.items():
        if not isinstance(spec, dict):
            raise InputError(f"task {name!r} must be an object with 'duration' and 'after'")
        if "duration" not in spec:
            raise InputError(f"task {name!r} has no 'duration'")
        unknown = sorted(set(spec) - _TASK_KEYS)
        if unknown:
            raise InputError(
                f"task {name!r}: unknown key {unknown[0]!r} (expected duration, after)"
            )
        after = spec.get("after", [])
        if isinstance(after, str) or not isinstance(after, list):
            raise InputError(f"task {name!r}: 'after' must be a list of task names")
        entries[name] = (spec["duration"], after)
    return make_instance(data["processors"], entries)


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (json would keep the last silently:
    a task written twice would lose its first definition). TOML refuses it itself."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise InputError(f"{key!r} is given twice in one object")
        data[key] = value
    return data


TOO_LONG = "a number has more than 4,300 digits"
"""Why a file with a number past Python's limit on whole-number digits is refused."""


def parse_instance(text: str, fmt: str | None = None) -> Instance:
    """Parse ``text`` as ``fmt`` ("json" or "toml"); with no format, JSON if the text
    starts with ``{``, else TOML."""
    if fmt is None:
        fmt = "json" if text.lstrip().startswith("{") else "toml"
    if fmt == "json":
        try:
            data: object = json.loads(text, object_pairs_hook=_no_repeated_keys)
        except json.JSONDecodeError as error:
            raise InputError(f"not valid JSON: {error}") from None
        except InputError:  # a key given twice
            raise
        except ValueError:  # Python reads no whole number of more than 4,300 digits
            raise InputError(f"not valid JSON: {TOO_LONG}") from None
    elif fmt == "toml":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise InputError(f"not valid TOML: {error}") from None
        except ValueError:
            raise InputError(f"not valid TOML: {TOO_LONG}") from None
    else:
        raise InputError(f"unknown format {fmt!r}: use json or toml")
    return instance_from_data(data)


def load_instance(path: str | Path) -> Instance:
    """Read an instance from a file (``.json`` or ``.toml``; other names are sniffed)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"cannot read {str(path)!r}: {error}") from None
    except ValueError:  # a NUL in the name
        raise InputError(f"{str(path)!r} is not a file name: it holds a NUL character") from None
    except OSError as error:
        raise InputError(f"cannot read {str(path)!r}: {error.strerror or error}") from None
    suffix = path.suffix.lower().lstrip(".")
    try:
        return parse_instance(text, suffix if suffix in ("json", "toml") else None)
    except InputError as error:
        raise InputError(f"{path.name}: {error}") from None


def example_instance() -> Instance:
    """Bratko's example (§12.3): 7 tasks on 3 processors, optimum 24."""
    text = resources.files(__package__).joinpath("bratko_example.toml").read_text("utf-8")
    return parse_instance(text, "toml")
