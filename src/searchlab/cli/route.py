"""``searchlab route ...``: the route domain's own commands."""

from __future__ import annotations

from typing import Any

import click


def route_commands(group: click.Group, domain: Any) -> None:
    """The route domain's commands beside ``solve``."""
