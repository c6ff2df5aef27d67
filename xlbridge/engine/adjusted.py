"""What a results row may hold besides a played contract: an artificial adjusted
score (Law 12C2) or "not played" (docs/rules.md §7).

``A60/40`` gives North-South 60% and East-West 40% of the board's top (NS first);
``A60``, ``A50`` and ``A40`` give both sides the same. Each side is 40
(average minus), 50 (average) or 60 (average plus). ``NP`` is a board not
played at that table: it scores for neither pair.

A split score gives one side an artificial percentage and leaves the other the
table result (Law 12C1(b): the two sides' scores need not balance). It is written
with the artificial side where ``A60/40`` puts it, North-South first: ``A60/4S``
gives North-South 60% and East-West the table result 4S (declarer and tricks in
their own cells); ``4S/A40`` gives North-South 4S and East-West 40%. A score of 0
(other programs' ``+0``) is the table result ``PASS``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .contract import Contract
from .errors import BridgeInputError, describe
from .seat import Side

PERCENTS = (60, 50, 40)
NOT_PLAYED_WORDS = frozenset({"NP", "NOTPLAYED"})
_ADJUSTED = re.compile(r"A(\d{1,3})(?:[/-](\d{1,3}))?|A(\d\d)(\d\d)")
# Average plus, average and average minus as programs and directors write them (one word
# gives both sides the same; two, NS first, with a slash).
AVERAGE_WORDS = {"A+": 60, "A=": 50, "A-": 40, "AVE+": 60, "AVE": 50, "AVE=": 50, "AVE-": 40,
                 "AV+": 60, "AV": 50, "AV=": 50, "AV-": 40}
_GIVEN = re.compile(r"A(\d{1,3})")


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
        """Parse ``A60/40``, ``A60``, ``A50``, ``A40`` (case and spaces free), and the other
        spellings of :func:`adjusted_spellings`: ``A60/60``, ``A6040``, ``A60-40``, ``AVE+/AVE-``.

        >>> Adjusted.parse("A70/30")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        xlbridge.engine.errors.BridgeInputError: adjusted score "A70/30": each side must be 40, 50 or 60 ...
        """
        adjusted = parse_adjusted(text)
        if adjusted is None:
            raise BridgeInputError(f"adjusted score {describe(text)}: write e.g. A60/40, A60, A50 or A40")
        return adjusted


def _words(key: str) -> tuple[int, int] | None:
    """The percentages average words give (``AVE+/AVE-``, ``A=``), or None."""
    parts = key.split("/")
    if len(parts) > 2 or any(part not in AVERAGE_WORDS for part in parts):
        return None
    return AVERAGE_WORDS[parts[0]], AVERAGE_WORDS[parts[-1]]


def looks_adjusted(text: object) -> bool:
    """True for text meant as an adjusted score: ``A`` followed by a digit, or average words.

    >>> looks_adjusted("A60/40"), looks_adjusted("a 5"), looks_adjusted("AP"), looks_adjusted("Ave+/Ave-")
    (True, True, False, True)
    """
    if not isinstance(text, str):
        return False
    key = "".join(text.split()).upper()
    return (len(key) > 1 and key[0] == "A" and key[1].isdigit()) or _words(key) is not None


def parse_adjusted(text: object) -> Adjusted | None:
    """The adjusted score ``text`` writes, or None when it is not meant as one.

    >>> parse_adjusted("A40/60"), parse_adjusted("4S"), parse_adjusted("A6040"), parse_adjusted("AVE+/AVE-")
    (Adjusted(ns=40, ew=60), None, Adjusted(ns=60, ew=40), Adjusted(ns=60, ew=40))
    """
    if not looks_adjusted(text):
        return None
    key = "".join(str(text).split()).upper()
    if (words := _words(key)) is not None:
        return Adjusted(*words)
    match = _ADJUSTED.fullmatch(key)
    if match is None or any(int(p) not in PERCENTS for p in match.groups() if p is not None):
        raise BridgeInputError(f"adjusted score {describe(text)}: each side must be 40, 50 or 60 "
                               "(e.g. A60/40, A50)")
    ns, ew = (match[1], match[2]) if match[3] is None else (match[3], match[4])
    return Adjusted(int(ns), int(ew or ns))


@dataclass(frozen=True, slots=True)
class Split:
    """A split score: ``side`` is given ``percent`` of the board's top (40, 50 or 60);
    the other side keeps the table result, whose contract is ``contract`` as written (or
    already parsed, taken as it is).

    >>> parse_split("a60 / 4s"), str(Split(Side.EW, 40, "4S"))
    (Split(side=<Side.NS: 'NS'>, percent=60, contract='4S'), '4S/A40')
    """

    side: Side
    percent: int
    contract: str | Contract

    def __post_init__(self) -> None:
        if self.percent not in PERCENTS:
            raise BridgeInputError(f"split score: {self.side} {describe(self.percent)} must be 40, 50 or 60")

    def __str__(self) -> str:
        return self.spell(self.contract)

    def spell(self, contract: object) -> str:
        """The split written around ``contract`` (the table result as the sheet spells it)."""
        given = f"A{self.percent}"
        return f"{given}/{contract}" if self.side is Side.NS else f"{contract}/{given}"


def parse_split(text: object) -> Split | None:
    """The split score ``text`` writes, or None when it is not one: an ``A`` and a
    percentage on one side of a ``/`` and a contract (not a number) on the other.

    >>> parse_split("PASS/A60"), parse_split("A60/40"), parse_split("4S")
    (Split(side=<Side.EW: 'EW'>, percent=60, contract='PASS'), None, None)
    >>> parse_split("A70/4S")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: split score "A70/4S": NS must be given 40, 50 or 60 ...
    """
    if not isinstance(text, str) or text.count("/") != 1:
        return None
    ns, ew = ("".join(part.split()).upper() for part in text.split("/"))
    given = [_GIVEN.fullmatch(part) for part in (ns, ew)]
    if (given[0] is None) == (given[1] is None):
        return None  # neither side (a contract) or both (A60/A40)
    side, found, contract = (Side.NS, given[0], ew) if given[0] else (Side.EW, given[1], ns)
    if not contract or contract.isdigit() or looks_adjusted(contract):
        return None
    percent = int(found[1])
    if percent not in PERCENTS:
        raise BridgeInputError(f"split score {describe(text)}: {side} must be given 40, 50 or 60 (e.g. A60/4S)")
    return Split(side, percent, contract)


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


def adjusted_spellings() -> list[tuple[str, Adjusted]]:
    """Every spelling an adjusted score may have in a cell, the workbook's own first (in
    :func:`adjusted_codes` order), then the others programs and directors write.

    >>> [text for text, _ in adjusted_spellings()][9:13]
    ['A60/60', 'A6060', 'A60-60', 'A6050']
    >>> len(adjusted_spellings()) == len({text for text, _ in adjusted_spellings()})
    True
    """
    spellings = [(str(a), a) for a in adjusted_codes()]
    for ns in PERCENTS:
        for ew in PERCENTS:
            spellings += [(f"A{ns}{sep}{ew}", Adjusted(ns, ew)) for sep in ("/", "", "-")]
    for word, percent in AVERAGE_WORDS.items():
        spellings.append((word, Adjusted(percent, percent)))
    for family in (("A+", "A=", "A-"), ("AVE+", "AVE=", "AVE-"), ("AV+", "AV=", "AV-")):
        spellings += [(f"{ns}/{ew}", Adjusted(AVERAGE_WORDS[ns], AVERAGE_WORDS[ew])) for ns in family for ew in family]
    seen: set[str] = set()
    return [(text, a) for text, a in spellings if not (text in seen or seen.add(text))]


def imps_for(percent: int) -> int:
    """The IMP equivalent of an artificial percentage: 60 is +3, 50 is 0, 40 is -3.

    >>> imps_for(60), imps_for(50), imps_for(40)
    (3, 0, -3)
    """
    return (percent - 50) * 3 // 10
