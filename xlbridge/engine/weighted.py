"""A weighted score (Law 12C1(c)): the director assigns several possible results of a
board, each with a weight, "to reflect the probabilities" (docs/rules.md §7).

It is written in one cell as the weights and results, each a percentage and a played
result (contract, declarer and result as :func:`~.played.parse_played` reads it):
``60% 4SN= 40% 4SN-1`` is 60% of 4S by North making and 40% of 4S by North one down.
The weights are whole percentages, at least two, adding up to 100.

How it is scored (the usual practice, as in the English Bridge Union's White Book):
each part is compared with the field as if it were the table's result, and the
side's points are the weighted sum; the other tables' results are compared with each
part and weighted the same way. Both sides are scored on the same weights.

    >>> w = parse_weighted("60% 4sn= 40% 4SN-1")
    >>> str(w), [(float(weight), score) for weight, score in w.scores(1)]
    ('60% 4SN= 40% 4SN-1', [(0.6, 420), (0.4, -50)])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .errors import BridgeInputError, describe
from .played import Played, parse_played

_PART = re.compile(r"(\d{1,3})\s*%")
MOST_PARTS = 4


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted score: ``parts`` are (percentage, result), the percentages adding up to 100."""

    parts: tuple[tuple[int, Played], ...]

    def __post_init__(self) -> None:
        if not 2 <= len(self.parts) <= MOST_PARTS:
            raise BridgeInputError(f"weighted score {describe(str(self))}: give 2 to {MOST_PARTS} results")
        if any(not 0 < percent < 100 for percent, _ in self.parts) or sum(p for p, _ in self.parts) != 100:
            raise BridgeInputError(f"weighted score {describe(str(self))}: the weights must be whole "
                                   "percentages 1-99 adding up to 100 (e.g. 60% 4SN= 40% 4SN-1)")

    def __str__(self) -> str:
        return " ".join(f"{percent}% {played}" for percent, played in self.parts)

    def scores(self, board: int) -> list[tuple[Fraction, int]]:
        """Each part's weight (a fraction of 1) and North-South's score on ``board``."""
        return [(Fraction(percent, 100), played.score(board)) for percent, played in self.parts]


def looks_weighted(text: object) -> bool:
    """True for a text that starts as a weighted score does (a percentage), so that it is
    parsed, and refused with a reason, as one.

    >>> looks_weighted("60% 4SN= 40% 4SN-1"), looks_weighted("4S"), looks_weighted("60%")
    (True, False, True)
    """
    return isinstance(text, str) and _PART.match(text.strip()) is not None


def parse_weighted(text: object) -> Weighted | None:
    """The weighted score ``text`` writes, or None when it is not one (see :func:`looks_weighted`).

    >>> parse_weighted("70% 3NTS+1 30% 3NTS-1").parts[0]
    (70, Played(contract=Contract(level=3, strain=<Strain.NT: 4>, doubling=<Doubling.UNDOUBLED: 1>, \
declarer=<Seat.S: 'S'>), tricks=10))
    >>> parse_weighted("60% 4S= 40% 4SN-1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: weighted score "60% 4S= 40% 4SN-1": part "4S=" must be ...
    """
    if not looks_weighted(text):
        return None
    assert isinstance(text, str)
    if len(text) > 200:
        raise BridgeInputError(f"weighted score {describe(text)}: too long (at most {MOST_PARTS} results)")
    pieces = _PART.split(text.strip())[1:]  # percentage, result, percentage, result, ...
    parts = []
    for percent, body in zip(pieces[::2], pieces[1::2], strict=True):
        result = "".join(body.split()).rstrip(",;")
        try:
            played = parse_played(result) if result else None
        except BridgeInputError:
            played = None
        if played is None or (not played.contract.passed_out and played.contract.declarer is None):
            raise BridgeInputError(f"weighted score {describe(text)}: part {describe(result)} must be a contract "
                                   "with its declarer and result (e.g. 4SN=, 3NTE-1, PASS)")
        parts.append((int(percent), played))
    return Weighted(tuple(parts))
