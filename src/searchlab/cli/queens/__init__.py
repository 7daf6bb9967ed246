"""``searchlab queens``: seed 002's backtracking and seed 000's hill climbing, from the
command line. A thin layer over ``searchlab.domains.queens``, one module per command
family; importing the package registers every command on the ``queens`` group."""

import click

from searchlab.cli.queens import backtracking, climbing, repair, watch
from searchlab.cli.queens.common import queens
from searchlab.cli.queens.tour import tour_queens


def queens_commands(group: click.Group, domain: object) -> None:
    """Add the queens domain's own commands to its group (its descriptor names this)."""
    for command in queens.commands.values():
        group.add_command(command)


__all__ = [
    "backtracking",
    "climbing",
    "queens",
    "queens_commands",
    "repair",
    "tour_queens",
    "watch",
]
