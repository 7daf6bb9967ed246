"""N-queens as a CSP: a queen per column, its row the variable's value."""

from searchlab.domains.queens_csp.model import queens_csp

__all__ = ["queens_csp"]
