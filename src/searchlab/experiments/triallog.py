"""The trial file (``--out``): JSON Lines that keep every finished trial, and that a
``--resume`` may trust.

Each line is ``{"trial": spec, "result": result}``. The first record a run writes also
carries ``"settings"``: the experiment, its parameters and searchlab's version, so
that a file names the run it belongs to. Resuming reads the file first and refuses,
naming the file and line, what would mix two runs' numbers: settings of another
experiment or version, a trial this run would not make (another ``--size``, say), a
result the experiment does not write, and two different results for one trial. A
record repeated with the same result (a file concatenated twice) is kept once. The
line is read streaming, each at most ``MAX_LINE`` bytes. A last line without its
newline that is not JSON is a record torn by a crash: it is moved to ``FILE.torn``
(never erased: it may be the user's) before the run appends.

A run may add trials to a file (more ``--trials``, another value in a list) as long as
every trial already there is one it makes; its settings then ride on its first record.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

from searchlab.core.errors import InputError

Spec = dict[str, Any]
Result = dict[str, Any]

MAX_LINE = 4 * 1024 * 1024
"""The longest record read, in bytes (a spec holds at most a few start texts)."""

TIMING = frozenset({"seconds"})
"""Result keys that differ between two runs of the same trial: ignored when a repeated
record is compared with the first."""

KINDS: dict[str, Callable[[Any], bool]] = {
    "bool": lambda value: isinstance(value, bool),
    "count": lambda value: isinstance(value, int) and not isinstance(value, bool) and value >= 0,
    "number": lambda value: (
        isinstance(value, int | float) and not isinstance(value, bool) and not math.isnan(value)
    ),
    "text": lambda value: isinstance(value, str),
}
"""What each kind of result field (an experiment's ``result`` schema) accepts; a kind
ending in ``?`` also accepts null. A time is a ``number`` named ``seconds``."""


def trial_key(spec: Spec) -> str:
    """The canonical text of a spec: what makes two trials the same trial."""
    return json.dumps(spec, sort_keys=True, separators=(",", ":"))


def check_schema(schema: Mapping[str, str]) -> None:
    """A declaration error (not the user's): every kind must be one of ``KINDS``."""
    for key, kind in schema.items():
        if kind.removesuffix("?") not in KINDS:
            raise ValueError(f"result field {key!r}: unknown kind {kind!r}")


def result_problem(result: Result, schema: Mapping[str, str]) -> str | None:
    """What is wrong with ``result`` against ``schema`` (None: nothing), in a few words."""
    for key, kind in schema.items():
        if key not in result:
            return f"has no {key!r}"
        value = result[key]
        if value is None and kind.endswith("?"):
            continue
        if not KINDS[kind.removesuffix("?")](value):
            wanted = kind.removesuffix("?") + (" or null" if kind.endswith("?") else "")
            return f"has {key!r} {_short(value)}, not a {wanted}"
    return None


def _short(value: Any, width: int = 40) -> str:
    text = json.dumps(value, allow_nan=True)
    return text if len(text) <= width else text[: width - 1] + "…"


def _untimed(result: Result) -> dict[str, Any]:
    return {key: value for key, value in result.items() if key not in TIMING}


def _as_json(value: Any) -> Any:
    """``value`` as it reads back from the file (tuples become lists)."""
    return json.loads(json.dumps(value, default=str))


class TrialLog:
    """The trial file of one run (see the module docstring).

    ``wanted`` are this run's trials by key; ``settings`` the run's own
    (``{"experiment", "parameters", "searchlab"}``; None: a bare runner, no check of
    them); ``schema`` the experiment's result fields (empty: any JSON object).
    """

    def __init__(
        self,
        path: Path,
        *,
        resume: bool,
        wanted: Mapping[str, Spec],
        settings: Mapping[str, Any] | None = None,
        schema: Mapping[str, str] | None = None,
        notify: Callable[[str], None],
    ) -> None:
        self.path = path
        self.done: dict[str, Result] = {}
        self.wanted = wanted
        self.settings = None if settings is None else _as_json(dict(settings))
        self.schema = dict(schema or {})
        self.notify = notify
        self._lines: dict[str, int] = {}  # key -> the line that gave its result
        self._file_settings: dict[str, Any] | None = None  # the last settings read
        self._duplicates = 0
        needs_newline = False
        if resume and path.exists() and path.stat().st_size > 0:
            needs_newline = self._load()
        # The settings go with the next record unless the file already ends under them.
        self._pending = self.settings if self._file_settings != self.settings else None
        try:
            self.handle: IO[str] = path.open("a", encoding="utf-8")
        except OSError as error:
            raise InputError(f"cannot write {path}: {error.strerror}", field="out") from None
        if needs_newline:
            self.handle.write("\n")
            self.handle.flush()

    # ---- reading --------------------------------------------------------------------

    def _error(self, number: int, problem: str) -> InputError:
        return InputError(f"{self.path} line {number} {problem}", field="out")

    def _load(self) -> bool:
        """Read and check every record; return whether the last one lacks its newline."""
        try:
            handle = self.path.open("rb")
        except OSError as error:
            raise InputError(f"cannot read {self.path}: {error.strerror}", field="out") from None
        with handle:
            number, offset = 0, 0
            while raw := handle.readline(MAX_LINE + 1):
                number += 1
                if len(raw) > MAX_LINE:
                    raise self._error(number, f"is longer than {MAX_LINE:,} bytes: not a trial")
                if not raw.endswith(b"\n"):
                    return self._last_line(raw, number, offset)
                offset += len(raw)
                if raw.strip():
                    self._take(self._decode(raw, number), number)
        if self._duplicates:
            self.notify(
                f"{self.path} repeats {self._duplicates} trials with the same results; "
                "each is counted once"
            )
        return False

    def _last_line(self, raw: bytes, number: int, offset: int) -> bool:
        """A last line without its newline: a record (kept, a newline added before the
        next one), or one torn by a crash (moved aside, never erased)."""
        if not raw.strip():
            return True
        try:
            json.loads(raw)
        except ValueError:
            aside = self.path.with_name(self.path.name + ".torn")
            try:
                with aside.open("ab") as kept:
                    kept.write(raw + b"\n")
                with self.path.open("r+b") as handle:
                    handle.truncate(offset)
            except OSError as error:
                raise InputError(
                    f"cannot move the torn last line of {self.path} to {aside}: {error.strerror}",
                    field="out",
                ) from None
            self.notify(
                f"moved a torn last line of {self.path} (from an interrupted run, "
                f"{len(raw):,} bytes) to {aside}"
            )
            return False
        self._take(self._decode(raw, number), number)
        return True

    def _decode(self, raw: bytes, number: int) -> dict[str, Any]:
        try:
            record = json.loads(raw)
        except ValueError:
            record = None
        if not isinstance(record, dict):
            raise self._error(number, "is not a searchlab trial record; is this the right file?")
        return record

    def _take(self, record: dict[str, Any], number: int) -> None:
        settings = record.get("settings")
        if settings is not None:
            self._check_settings(settings, number)
        spec, result = record.get("trial"), record.get("result")
        if not isinstance(spec, dict) or not isinstance(result, dict):
            raise self._error(number, "is not a searchlab trial record; is this the right file?")
        key = trial_key(spec)
        if key not in self.wanted:
            raise self._error(number, self._mismatch(spec))
        problem = result_problem(result, self.schema)
        if problem is not None:
            raise self._error(number, f"is not a result of this experiment: it {problem}")
        if key in self.done:
            if _untimed(self.done[key]) != _untimed(result):
                raise self._error(
                    number,
                    f"gives a trial another result than line {self._lines[key]}: two runs "
                    "are mixed in it; keep one of the lines",
                )
            self._duplicates += 1
            return
        self.done[key] = result
        self._lines[key] = number

    def _check_settings(self, settings: Any, number: int) -> None:
        if not isinstance(settings, dict) or not isinstance(settings.get("parameters"), dict):
            raise self._error(number, "has settings that are not a searchlab run's")
        self._file_settings = settings
        if self.settings is None:
            return
        for what in ("experiment", "searchlab"):
            theirs, ours = settings.get(what), self.settings[what]
            if theirs != ours:
                name = "the experiment" if what == "experiment" else "searchlab"
                raise self._error(
                    number,
                    f"holds trials of {name} {_short(theirs)}, not {_short(ours)}: "
                    "resume it with the same one, or choose another file",
                )

    def _mismatch(self, spec: Spec) -> str:
        """Why a trial in the file is not one of this run's: the settings that differ."""
        if self._file_settings is not None and self.settings is not None:
            theirs, ours = self._file_settings["parameters"], self.settings["parameters"]
            names = [n for n in dict.fromkeys([*theirs, *ours]) if theirs.get(n) != ours.get(n)]
            differ = [f"{n} {_short(theirs.get(n))}, not {_short(ours.get(n))}" for n in names]
        else:  # a file without settings: the spec's own fields say what differs
            differ = []
            for name, value in spec.items():
                values = {trial_key({"v": other.get(name)}) for other in self.wanted.values()}
                if trial_key({"v": value}) not in values:
                    differ.append(f"{name} {_short(value)}")
        what = "; ".join(differ) if differ else _short(spec, 60)
        return (
            f"holds a trial of other settings ({what}): resume with the same settings, "
            "or choose another file"
        )

    # ---- writing --------------------------------------------------------------------

    def write(self, spec: Spec, result: Result) -> None:
        record: dict[str, Any] = {"trial": spec, "result": result}
        if self._pending is not None:
            record["settings"] = self._pending
            self._pending = None
        self.handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()
