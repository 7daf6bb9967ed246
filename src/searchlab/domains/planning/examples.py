"""The built-in planning tasks: small IPC tasks shipped with searchlab, named by their
domain (``blocks``, ``gripper``), for examples, the viewer and the tour."""

from __future__ import annotations

from pathlib import Path

from searchlab.core.errors import InputError

TASKS = Path(__file__).with_name("tasks")
NAMES = ("blocks", "gripper")


def example_paths(name: str) -> tuple[Path, Path]:
    """The domain file and the problem file of the built-in task ``name``.

    Args:
        name: one of ``NAMES``.

    Returns:
        (domain.pddl, task01.pddl) of that domain.

    Raises:
        InputError: for another name.

    Examples:
        >>> [path.name for path in example_paths("blocks")]
        ['domain.pddl', 'task01.pddl']
    """
    if name not in NAMES:
        raise InputError(f"no built-in task {name!r}: one of {', '.join(NAMES)}")
    folder = TASKS / name
    return folder / "domain.pddl", folder / "task01.pddl"
