"""The web viewer's JavaScript modules as one module, for a notebook widget.

anywidget loads a widget's code as one ES module from a string, where relative imports
cannot be resolved; the viewer's modules import one another. So the modules the widget's
entry (``stepper.js``) reaches are joined here, each in its own function scope (their
private names never meet), its ``import {…} from "./x.js"`` read from the modules
already joined and its ``export``s handed on. The code is the viewer's own, unchanged:
the notebook and the page cannot drift apart. The modules are plain ES modules of one
form (named imports and exports at the top level), which is all this handles; anything
else is refused rather than joined wrongly.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from pathlib import Path

IMPORT = re.compile(r"^import\s*\{([^}]*)\}\s*from\s*\"([^\"]+)\";[ \t]*$", re.MULTILINE)
EXPORT = re.compile(
    r"^export\s+(?:async\s+)?(?:function\*?|class|const|let)\s+([A-Za-z_$][\w$]*)", re.MULTILINE
)
OTHER = re.compile(
    r"^(?:import\b(?!\()|export\b(?!\s+(?:async\s+)?(?:function|class|const|let)\b))",
    re.MULTILINE,
)


class BundleError(ValueError):
    """A module in a form the joiner does not handle."""


def _bindings(names: str) -> str:
    """``a, b as c`` as the object pattern ``{ a, b: c }``."""
    parts = []
    for name in names.split(","):
        words = name.split()
        if not words:
            continue
        parts.append(words[0] if len(words) == 1 else f"{words[0]}: {words[2]}")
    return "{ " + ", ".join(parts) + " }"


class Joiner:
    """Joins modules depth first, each once, dependencies before the modules using them."""

    def __init__(self) -> None:
        self.keys: dict[Path, str] = {}
        self.parts: list[str] = []

    def key(self, path: Path) -> str:
        return self.keys[path.resolve()]

    def imports(self, path: Path, text: str) -> str:
        """``text`` with each import replaced by a read from the joined modules."""

        def replace(match: re.Match[str]) -> str:
            target = (path.parent / match.group(2)).resolve()
            self.add(target)
            return f"const {_bindings(match.group(1))} = modules[{json.dumps(self.key(target))}];"

        return IMPORT.sub(replace, text)

    def add(self, path: Path) -> None:
        if path in self.keys:
            return
        if path.name in self.keys.values():
            raise BundleError(f"{path}: another module is also called {path.name}")
        self.keys[path] = path.name
        text = path.read_text(encoding="utf-8")
        if OTHER.search(IMPORT.sub("", text)):
            raise BundleError(f"{path.name}: only named imports and exports can be joined")
        body = self.imports(path, text)
        names = EXPORT.findall(body)
        body = re.sub(r"^export\s+", "", body, flags=re.MULTILINE)
        exported = ", ".join(names)
        self.parts.append(
            f"// ---- {path.name}\nmodules[{json.dumps(path.name)}] = (() => {{\n{body}\n"
            f"return {{ {exported} }};\n}})();\n"
        )

    def entry(self, path: Path) -> str:
        """The entry module, its own exports kept, after every module it reaches."""
        body = self.imports(path, path.read_text(encoding="utf-8"))
        return "const modules = {};\n" + "".join(self.parts) + f"// ---- {path.name}\n{body}"


@cache
def widget_module() -> str:
    """The stepping widget's code: ``stepper.js`` and the viewer's modules it imports."""
    entry = Path(str(resources.files("searchlab.notebook") / "stepper.js"))
    return Joiner().entry(entry)
