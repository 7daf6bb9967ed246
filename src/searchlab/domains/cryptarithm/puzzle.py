"""Cryptarithms: ``SEND+MORE=MONEY`` and any sum of words, as the textbook models them.

Each letter is a variable (in the order the columns meet them, from the right, each
column's carry after its letters) with the digits 0-9 (1-9 for the first letter of a word of
two letters or more), all letters different; each column of the sum is a linear
constraint with carries: the column's letters plus the carry in equal the result's
letter plus ten times the carry out (carries ``c1``, ``c2``, … from the right, each
below the number of addends; none out of the last column).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from searchlab.algorithms.csp import CSP, AllDifferent, Constraint, LinearSum
from searchlab.core.errors import InputError

MAX_WORD = 30
"""The longest word read (a sum of 30-digit numbers is already far past any puzzle)."""
MAX_ADDENDS = 50

_FORM = "write a cryptarithm as WORD+WORD=WORD (letters only; several addends allowed)"


@dataclass(frozen=True)
class Cryptarithm:
    """The addends and the result, in capitals."""

    addends: tuple[str, ...]
    result: str

    def __str__(self) -> str:
        return "+".join(self.addends) + "=" + self.result

    @property
    def letters(self) -> tuple[str, ...]:
        """Every distinct letter, in order of first appearance."""
        return tuple(dict.fromkeys("".join((*self.addends, self.result))))

    def leading(self) -> set[str]:
        """The letters a number may not start with a 0 of."""
        return {word[0] for word in (*self.addends, self.result) if len(word) > 1}

    def substitute(self, digits: dict[str, int]) -> str:
        """The sum with the letters that have a digit replaced by it."""
        return "".join(str(digits[ch]) if ch in digits else ch for ch in str(self))


def parse_cryptarithm(text: str) -> Cryptarithm:
    """``SEND+MORE=MONEY`` (spaces allowed, any case); refused with one line: not of
    that form, a word too long, or more than ten distinct letters."""
    body = re.sub(r"\s+", "", text).upper()
    if body.count("=") != 1:
        raise InputError(f"{_FORM}, not {text.strip()!r}")
    left, result = body.split("=")
    addends = tuple(left.split("+"))
    words = (*addends, result)
    if len(addends) < 2 or any(not re.fullmatch(r"[A-Z]+", word) for word in words):
        raise InputError(f"{_FORM}, not {text.strip()!r}")
    if len(addends) > MAX_ADDENDS:
        raise InputError(f"at most {MAX_ADDENDS} addends, not {len(addends)}")
    for word in words:
        if len(word) > MAX_WORD:
            raise InputError(f"the word {word[:12]}… is longer than {MAX_WORD} letters")
    puzzle = Cryptarithm(addends, result)
    letters = puzzle.letters
    if len(letters) > 10:
        raise InputError(
            f"{puzzle} has {len(letters)} distinct letters ({''.join(letters)}): at most 10, "
            "one for each digit"
        )
    return puzzle


def carry(k: int) -> str:
    return f"c{k}"


def cryptarithm_csp(puzzle: Cryptarithm) -> CSP:
    """The CSP of the module docstring."""
    leading = puzzle.leading()
    width = max(len(word) for word in (*puzzle.addends, puzzle.result))
    most = len(puzzle.addends) - 1  # the largest carry a column can pass on
    # variables column by column from the right, each column's carry out after its
    # letters: a static order then completes each column's constraint as early as it can
    domains: dict[str, range] = {}
    for k in range(width):
        for word in (*puzzle.addends, puzzle.result):
            if k < len(word) and word[-1 - k] not in domains:
                letter = word[-1 - k]
                domains[letter] = range(1 if letter in leading else 0, 10)
        if k + 1 < width:
            domains[carry(k + 1)] = range(0, most + 1)
    letters = tuple(var for var in domains if not var.startswith("c"))
    constraints: list[Constraint] = [AllDifferent(letters, label="all letters differ")]
    for k in range(width):
        terms: dict[str, int] = {}
        for word in puzzle.addends:
            if k < len(word):
                letter = word[-1 - k]
                terms[letter] = terms.get(letter, 0) + 1
        if k > 0:
            terms[carry(k)] = terms.get(carry(k), 0) + 1
        if k < len(puzzle.result):
            letter = puzzle.result[-1 - k]
            terms[letter] = terms.get(letter, 0) - 1
        if k + 1 < width:
            terms[carry(k + 1)] = terms.get(carry(k + 1), 0) - 10
        kept = {var: c for var, c in terms.items() if c}
        label = f"column {k + 1} from the right"
        if kept:
            constraints.append(LinearSum(tuple(kept), tuple(kept.values()), 0, "==", label=label))
    return CSP(domains, constraints, name=str(puzzle))
