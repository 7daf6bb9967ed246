"""Where the queens domain's own commands gather: each module registers its commands on
``queens``, and ``queens_commands`` adds them to the domain's group, which the command
line builds from the domain's descriptor (its help, examples and ``solve``)."""

from __future__ import annotations

import click

queens = click.Group("queens")
