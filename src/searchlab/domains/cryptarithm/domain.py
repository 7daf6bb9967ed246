"""Cryptarithmetic as a registered domain: a start is a sum of words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from searchlab.algorithms.csp import CSP, CSPState
from searchlab.domains.cryptarithm.puzzle import Cryptarithm, cryptarithm_csp, parse_cryptarithm
from searchlab.domains.csp import CSPDomain
from searchlab.domains.drawing import Drawing, Text


def _digits(state: CSPState) -> dict[str, int]:
    return {
        str(var): value for var, value in state.assignment().items() if not str(var).startswith("c")
    }


class CryptarithmDomain(CSPDomain):
    """Cryptarithms as a CSP: SEND+MORE=MONEY, any WORD+WORD(+…)=WORD.

    Each letter is a variable taking a digit (no leading zero), all different; each column
    of the sum is a linear constraint with a carry. Each state shows the sum with the digits
    given so far and what every other letter may still be.
    """

    name = "cryptarithm"
    title = "Cryptarithmetic"
    order = 42
    notation = (
        "a sum of words, WORD+WORD=WORD (several addends allowed, at most ten distinct "
        "letters): SEND+MORE=MONEY"
    )
    examples = (
        "SEND+MORE=MONEY",
        "TWO+TWO=FOUR --all",
        "SEND+MORE=MONEY --inference none --variable-order static --json",
        "SO+MANY+MORE+MEN+SEEM+TO+SAY+THAT+THEY+MAY+SOON+TRY+TO+STAY+AT+HOME+SO+AS+TO+SEE+OR+HEAR+THE+SAME+ONE+MAN+TRY+TO+MEET+THE+TEAM+ON+THE+MOON+AS+HE+HAS+AT+THE+OTHER+TEN=TESTS",
    )
    presets: ClassVar[Mapping[str, str]] = {"send-more-money": "SEND+MORE=MONEY"}
    sources = ("searchlab.domains.cryptarithm.puzzle.cryptarithm_csp",)

    def parse(self, text: str) -> Cryptarithm:
        return parse_cryptarithm(text)

    def encode_start(self, start: Any) -> Any:
        return str(start)

    def build(self, start: Any, params: dict[str, Any]) -> CSP:
        return cryptarithm_csp(start)

    def _puzzle(self, state: CSPState) -> str:
        return state.csp.name

    def format(self, state: Any) -> str:
        from searchlab.domains.cryptarithm.puzzle import parse_cryptarithm as parse

        return parse(self._puzzle(state)).substitute(_digits(state))

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        from searchlab.domains.cryptarithm.puzzle import parse_cryptarithm as parse

        puzzle = parse(self._puzzle(state))
        digits = _digits(state)
        words = (*puzzle.addends, puzzle.result)
        width = max(len(word) for word in words)
        lines = []
        for index, word in enumerate(words):
            sign = "=" if index == len(words) - 1 else ("+" if index else " ")
            shown = "".join(str(digits[ch]) if ch in digits else ch for ch in word)
            lines.append(f"{sign} {word.rjust(width)}   {shown.rjust(width)}")
        if state.domains is not None:
            for var in state.csp.variables:
                if state.assigned[state.csp.index[var]] < 0:
                    left = state.domain(var)
                    lines.append(f"{var} ∈ {{{','.join(map(str, left))}}}")
        return Text("\n".join(lines))

    def solution_json(self, state: CSPState) -> Any:
        return _digits(state)


CRYPTARITHM = CryptarithmDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
