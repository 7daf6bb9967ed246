"""What a plug-in says of itself (name, one-line summary, place in lists), read from its
module's source without importing it.

`searchlab --help` lists every registered domain; importing each descriptor to ask it
would load every domain's package (and the algorithms under them) for a help screen.
A descriptor's name, summary and order are class attributes written as literals, so
they can be read from the file the entry point names. Where the source does not say
them plainly (computed, inherited from another module, no source at all), the answer is
None and the caller imports the plug-in as before.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from dataclasses import dataclass
from importlib.machinery import ModuleSpec, PathFinder
from importlib.util import find_spec
from pathlib import Path

from searchlab.core import pyparse

DEFAULT_ORDER = 100  # where a plug-in that gives no order is listed (after searchlab's own)


@dataclass(frozen=True)
class Declared:
    """A plug-in as its source declares it."""

    name: str
    summary: str
    order: int


def docstring_texts(doc: str | None) -> dict[str, str]:
    """A plug-in's docstring as its ``summary`` (the first line, for lists such as
    ``searchlab --help``) and its ``help`` (the paragraphs after it, each on one line:
    each front end wraps them to its width), so that the plug-in says them once. A text
    the docstring lacks is left out: the plug-in then says it as an attribute."""
    summary, _, rest = (doc or "").strip().partition("\n")
    paragraphs = (" ".join(paragraph.split()) for paragraph in rest.split("\n\n"))
    texts = {"summary": summary.strip(), "help": "\n\n".join(filter(None, paragraphs))}
    return {field: text for field, text in texts.items() if text}


def declared(value: str) -> Declared | None:
    """What the entry point ``value`` ("module:ATTRIBUTE") declares on the class of its
    object, or None when the source does not say its name and summary as literals."""
    module, _, attribute = value.partition(":")
    source = _source(module.strip())
    try:
        tree = pyparse.parse(_skeleton(source or ""))
    except SyntaxError:  # a head this reading cut badly, or a broken file: import it
        return None
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    found = _class_attributes(classes, _class_of(tree, attribute.strip(), classes))
    name, summary, order = (found.get(key) for key in ("name", "summary", "order"))
    if not isinstance(name, str) or not isinstance(summary, str):
        return None
    return Declared(name, summary, order if isinstance(order, int) else DEFAULT_ORDER)


_INSTANCE = re.compile(r"[A-Za-z_]\w*\s*=\s*[A-Za-z_]\w*\(\)\s*(#.*)?$")
_METHOD = re.compile(r"(\s+)(?:(?:async\s+)?def\s|@)")


def _skeleton(source: str) -> str:
    """The lines of ``source`` that can declare a plug-in: each top-level class up to its
    first method, and the one-line ``NAME = Class()`` at the top level. Parsing whole
    descriptors would cost ``searchlab --help`` as much as the rest of its work."""
    kept: list[str] = []
    keeping = False
    for line in source.splitlines():
        if line[:1] not in ("", " ", "\t", "#"):  # a top-level statement begins
            keeping = line.startswith("class ")
            if _INSTANCE.match(line):
                kept.append(line)
        elif keeping and (method := _METHOD.match(line)):
            kept.append(method.group(1) + "pass")  # the head alone is a whole class
            keeping = False
        if keeping:
            kept.append(line)
    return "\n".join(kept)


def entry_points(group: str) -> list[tuple[str, str]]:
    """``(name, value)`` of every entry point of ``group``, as
    ``importlib.metadata.entry_points(group=...)`` finds them (each ``*.dist-info`` or
    ``*.egg-info`` folder on ``sys.path``, the first of each distribution name), without
    importing ``importlib.metadata``: its email, zipfile and csv are a third of what
    ``searchlab --help`` costs beyond ``--version``."""
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:  # not a folder (a zip, a missing path): nothing found there
            continue
        for name in names:
            stem, dot, kind = name.rpartition(".")
            if not dot or kind not in ("dist-info", "egg-info"):
                continue
            distribution = re.sub(r"[-_.]+", "_", stem.partition("-")[0]).lower()
            if distribution in seen:
                continue
            seen.add(distribution)
            found += _group_of(os.path.join(folder or ".", name, "entry_points.txt"), group)
    return found


def _group_of(path: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of section ``[group]`` of an ``entry_points.txt``."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError:  # a distribution without entry points
        return []
    points: list[tuple[str, str]] = []
    section = None
    for line in (line.strip() for line in lines):
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line and not line.startswith(("#", ";")):
            name, _, value = line.partition("=")
            points.append((name.strip(), value.strip()))
    return points


def parsed(module: str) -> ast.Module | None:
    """``module``'s source parsed, not run; None where there is no Python source to read
    or it does not parse (the import will then say what is wrong)."""
    source = _source(module)
    if source is None:
        return None
    try:
        return pyparse.parse(source)
    except SyntaxError:
        return None


def _source(module: str) -> str | None:
    """The text of ``module``'s file, found as the import system would find it but
    without running it or the ``__init__`` of the packages above it."""
    head, *rest = module.split(".")
    try:
        spec: ModuleSpec | None = find_spec(head)  # a top-level name: nothing is run
    except (ImportError, ValueError):
        return None
    for depth in range(1, len(rest) + 1):
        if spec is None or not spec.submodule_search_locations:
            return None
        name = ".".join([head, *rest[:depth]])
        spec = PathFinder.find_spec(name, list(spec.submodule_search_locations))
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    try:
        return Path(spec.origin).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _class_of(tree: ast.Module, attribute: str, classes: dict[str, ast.ClassDef]) -> str | None:
    """The class the entry point's object is: the class itself, or the one a module-level
    ``ATTRIBUTE = Class()`` instantiates."""
    if attribute in classes:
        return attribute
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(
                isinstance(target, ast.Name) and target.id == attribute for target in node.targets
            )
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
        ):
            return node.value.func.id
    return None


def _class_attributes(classes: dict[str, ast.ClassDef], name: str | None) -> dict[str, object]:
    """The literal class attributes of class ``name`` and of its bases defined in the same
    module (a subclass's own first)."""
    found: dict[str, object] = {}
    seen: set[str] = set()
    while name is not None and name in classes and name not in seen:
        seen.add(name)
        node = classes[name]
        assignments = [_assignment(statement) for statement in node.body]
        for target, value in assignments:
            if target is not None and target not in found:
                try:
                    found[target] = ast.literal_eval(value)
                except ValueError:  # not a literal: unknown here
                    continue
        if any(target == "name" for target, _ in assignments):
            # a descriptor's docstring, as ``Domain.__init_subclass__`` reads it
            for field, text in docstring_texts(ast.get_docstring(node)).items():
                found.setdefault(field, text)
        bases = [base.id for base in node.bases if isinstance(base, ast.Name)]
        name = next((base for base in bases if base in classes), None)
    return found


def _assignment(statement: ast.stmt) -> tuple[str | None, ast.expr]:
    """``target = value`` or ``target: type = value`` in a class body, or (None, ...)."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Name):
            return target.id, statement.value
    if (
        isinstance(statement, ast.AnnAssign)
        and statement.value is not None
        and isinstance(statement.target, ast.Name)
    ):
        return statement.target.id, statement.value
    return None, ast.Constant(None)
