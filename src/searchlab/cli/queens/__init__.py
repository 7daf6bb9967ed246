"""``searchlab queens``: seed 002's backtracking and seed 000's hill climbing, from the
command line. A thin layer over ``searchlab.domains.queens``, one module per command
family; importing the package registers every command on the ``queens`` group."""

from searchlab.cli.queens import backtracking, climbing, repair, watch
from searchlab.cli.queens.common import queens
from searchlab.cli.queens.tour import tour_queens

__all__ = ["backtracking", "climbing", "queens", "repair", "tour_queens", "watch"]
