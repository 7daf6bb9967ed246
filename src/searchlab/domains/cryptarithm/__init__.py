"""Cryptarithmetic as a CSP: WORD+WORD(+…)=WORD, each letter a different digit."""

from searchlab.domains.cryptarithm.puzzle import Cryptarithm, cryptarithm_csp, parse_cryptarithm

__all__ = ["Cryptarithm", "cryptarithm_csp", "parse_cryptarithm"]
