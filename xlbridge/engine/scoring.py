"""The scoring methods of a pairs event, each one record (:class:`Method`): its names, its
words, whether it is IMPs, the figures a ranking shows, its PBN tag and its USEBIO codes.
Everything above the engine reads the record; the method's arithmetic is in
:mod:`.matchpoints` and :func:`~.pairs.pairs_event`.

    >>> Scoring.parse("cross imps").method.words.format(mode="averaged", scale="2/1/0")
    'cross-IMPs (averaged)'
    >>> [figure.heading for figure in Scoring.MP.method.figures]
    ['MP', 'Top', '%']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .deals import is_blank
from .errors import BridgeInputError, describe


class Scoring(StrEnum):
    """How a pairs event is scored; its value is how a Setup cell and a file write it."""

    MP = "MP"
    CROSS_IMPS = "Cross-IMPs"
    BUTLER = "Butler"

    @property
    def method(self) -> Method:
        """Everything about this scoring method (:data:`METHODS`)."""
        return METHODS[self]

    @property
    def imps(self) -> bool:
        """True for the IMP scorings (cross-IMPs, Butler)."""
        return self.method.imps

    @classmethod
    def parse(cls, value: object) -> Scoring:
        """``MP``, ``Cross-IMPs`` or ``Butler``, case and spacing free, or any alias.

        >>> Scoring.parse("cross imps"), Scoring.parse("matchpoints")
        (<Scoring.CROSS_IMPS: 'Cross-IMPs'>, <Scoring.MP: 'MP'>)
        """
        if isinstance(value, Scoring):
            return value
        if is_blank(value):
            return cls.MP
        key = "".join(ch for ch in str(value).upper() if ch.isalpha())
        for method in METHODS.values():
            if key in method.aliases:
                return method.scoring
        raise BridgeInputError(f"scoring {describe(value)}: must be {', '.join(list(cls)[:-1])} or {list(cls)[-1]}")


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of a pair's total in a ranking: the :class:`~.pairs.PairTotal` attribute it
    reads, its heading (and the printout's and the CSV's), and how it is written: ``points``
    (whole numbers whole, else 2 decimals), ``fixed`` (2 decimals) or ``whole``; the
    printout may write it otherwise (``printed_as``) in a column ``width`` characters wide."""

    attribute: str
    heading: str
    csv: str
    printed: str
    shown: str
    printed_as: str
    width: float


@dataclass(frozen=True, slots=True)
class Method:
    """One scoring method.

    ``aliases`` are the names it is read by (letters only, upper case); ``words`` say it in a
    report (``{scale}`` the matchpoint scale, ``{mode}`` how cross-IMPs are taken);
    ``points`` names a board's points; ``figures`` are a ranking's columns after the pair's
    names; ``pbn`` is PBN's Scoring tag (``{mp}`` the scale's modifier, ``{cross}`` the
    cross-IMPs'); ``usebio`` the EVENT_TYPE, BOARD_SCORING_METHOD and the points' name.
    """

    scoring: Scoring
    aliases: tuple[str, ...]
    words: str
    imps: bool
    points: str
    figures: tuple[Figure, ...]
    pbn: str
    usebio: tuple[str, str, str]

    def describe(self, *, scale: int = 2, averaged: bool = True) -> str:
        """The method in a report's words.

        >>> Scoring.MP.method.describe(scale=1), Scoring.BUTLER.method.describe()
        ('matchpoints 1/0.5/0', 'Butler IMPs')
        """
        return self.words.format(scale="2/1/0" if scale == 2 else "1/0.5/0", mode="averaged" if averaged else "total")

    def pbn_tag(self, *, scale: int = 2, averaged: bool = True) -> str:
        """PBN's Scoring tag (§3.4.12): the basic system, then its modifiers.

        >>> Scoring.MP.method.pbn_tag(scale=2), Scoring.CROSS_IMPS.method.pbn_tag(averaged=False)
        ('MP;MP1', 'IMP;Cross')
        """
        return self.pbn.format(mp="MP1" if scale == 2 else "MP2", cross="Cross2" if averaged else "Cross")


_MP = (Figure("mp", "MP", "MP", "MP", "points", "points", 10),
       Figure("top", "Top", "Top", "Top", "points", "points", 9),
       Figure("percent", "%", "Percent", "%", "fixed", "fixed", 10))
_IMPS = (Figure("imps", "IMPs", "IMPs", "IMPs", "fixed", "points", 10),
         Figure("imps_per_board", "IMPs/board", "IMPsPerBoard", "Per board", "fixed", "fixed", 12),
         Figure("boards", "Boards", "Boards", "Boards", "whole", "whole", 10))

METHODS: dict[Scoring, Method] = {method.scoring: method for method in (
    Method(Scoring.MP, ("MP", "MATCHPOINTS"), "matchpoints {scale}", False, "MP", _MP, "MP;{mp}",
           ("MP_PAIRS", "MATCH_POINTS", "MATCH_POINTS")),
    Method(Scoring.CROSS_IMPS, ("CROSSIMPS", "XIMPS"), "cross-IMPs ({mode})", True, "IMPs", _IMPS, "IMP;{cross}",
           ("CROSS_IMPS", "CROSS_IMPS", "CROSS_IMP_POINTS")),
    Method(Scoring.BUTLER, ("BUTLER",), "Butler IMPs", True, "IMPs", _IMPS, "IMP;Butler-2",
           ("BUTLER_PAIRS", "BUTLER_IMPS", "BUTLER_POINTS")),
)}
"""Every scoring method's record, by its :class:`Scoring`."""
