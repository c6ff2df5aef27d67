"""What a results row may hold besides a played contract: an artificial adjusted
score (Law 12C2) or "not played" (docs/rules.md §7).

``A60/40`` gives North-South 60% and East-West 40% of the board's top (NS first);
``A60``, ``A50`` and ``A40`` give both sides the same. Each side is 40
(average minus), 50 (average) or 60 (average plus). ``NP`` is a board not
played at that table: it scores for neither pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import BridgeInputError, describe

PERCENTS = (60, 50, 40)
NOT_PLAYED_WORDS = frozenset({"NP", "NOTPLAYED"})
_ADJUSTED = re.compile(r"A(\d{1,3})(?:[/-](\d{1,3}))?")


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: each side's percentage of the board's top.

    >>> Adjusted.parse("a60/40"), str(Adjusted(50, 50)), str(Adjusted(60, 40))
    (Adjusted(ns=60, ew=40), 'A50', 'A60/40')
    """

    ns: int
    ew: int

    def __post_init__(self) -> None:
        for side, percent in (("NS", self.ns), ("EW", self.ew)):
            if percent not in PERCENTS:
                raise BridgeInputError(f"adjusted score: {side} {describe(percent)} must be 40, 50 or 60")

    def __str__(self) -> str:
        return f"A{self.ns}" if self.ns == self.ew else f"A{self.ns}/{self.ew}"

    @classmethod
    def parse(cls, text: object) -> Adjusted:
        """Parse ``A60/40``, ``A60``, ``A50``, ``A40`` (case and spaces free).

        >>> Adjusted.parse("A70/30")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        xlbridge.engine.errors.BridgeInputError: adjusted score "A70/30": each side must be 40, 50 or 60 ...
        """
        adjusted = parse_adjusted(text)
        if adjusted is None:
            raise BridgeInputError(f"adjusted score {describe(text)}: write e.g. A60/40, A60, A50 or A40")
        return adjusted


def looks_adjusted(text: object) -> bool:
    """True for text meant as an adjusted score: ``A`` followed by a digit.

    >>> looks_adjusted("A60/40"), looks_adjusted("a 5"), looks_adjusted("AP")
    (True, True, False)
    """
    if not isinstance(text, str):
        return False
    key = "".join(text.split()).upper()
    return len(key) > 1 and key[0] == "A" and key[1].isdigit()


def parse_adjusted(text: object) -> Adjusted | None:
    """The adjusted score ``text`` writes, or None when it is not meant as one.

    >>> parse_adjusted("A40/60"), parse_adjusted("4S")
    (Adjusted(ns=40, ew=60), None)
    """
    if not looks_adjusted(text):
        return None
    key = "".join(str(text).split()).upper()
    match = _ADJUSTED.fullmatch(key)
    if match is None or any(int(p) not in PERCENTS for p in match.groups() if p is not None):
        raise BridgeInputError(f"adjusted score {describe(text)}: each side must be 40, 50 or 60 "
                               "(e.g. A60/40, A50)")
    ns = int(match[1])
    return Adjusted(ns, int(match[2]) if match[2] else ns)


def is_not_played(text: object) -> bool:
    """True for ``NP`` (or ``Not played``): the board was not played at that table.

    >>> is_not_played("np"), is_not_played("Not played"), is_not_played("PASS")
    (True, True, False)
    """
    return isinstance(text, str) and "".join(text.split()).upper() in NOT_PLAYED_WORDS


def adjusted_codes() -> list[Adjusted]:
    """Every adjusted score, in the order a dropdown lists them: the short forms
    first, then each split (NS first).

    >>> [str(a) for a in adjusted_codes()][:5]
    ['A60', 'A50', 'A40', 'A60/50', 'A60/40']
    """
    same = [Adjusted(p, p) for p in PERCENTS]
    split = [Adjusted(ns, ew) for ns in PERCENTS for ew in PERCENTS if ns != ew]
    return same + split


def imps_for(percent: int) -> int:
    """The IMP equivalent of an artificial percentage: 60 is +3, 50 is 0, 40 is -3.

    >>> imps_for(60), imps_for(50), imps_for(40)
    (3, 0, -3)
    """
    return (percent - 50) * 3 // 10
