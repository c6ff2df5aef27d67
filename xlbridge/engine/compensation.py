"""Chicago scored against a compensation table (docs/rules.md §4, seed 000 b).

The expected scores are compensationtable.com's, as given in the project's
reference data; the workbooks read them from here.
"""

from __future__ import annotations

import enum
import re

from .errors import BridgeInputError, describe
from .imps import imps
from .numeric import real_number, whole_number
from .score import declarer_vulnerable


class Fit(enum.Enum):
    """The best trump fit of the side with more points."""

    MAJOR8 = "M8"
    MAJOR9 = "M9"
    MAJOR10 = "M10"
    MINOR8 = "m8"
    MINOR9 = "m9"
    MINOR10 = "m10"
    NONE = "none"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: object) -> Fit:
        """Parse ``M8``/``m9``/``none`` or spelled out: ``major 9``, ``minor 10``, ``no fit``.

        Major is capital ``M``, minor small ``m``; 10 or more cards count as 10.

        >>> Fit.parse("major 11"), Fit.parse("m8"), Fit.parse("No fit")
        (<Fit.MAJOR10: 'M10'>, <Fit.MINOR8: 'm8'>, <Fit.NONE: 'none'>)
        """
        if isinstance(text, Fit):
            return text
        if isinstance(text, str) and len(text) <= 20:
            key = "".join(text.split())
            if key.lower() in ("none", "nofit", "no", "-", "0"):
                return Fit.NONE
            match = re.fullmatch(r"(M|m|major|minor)(\d{1,2})", key, flags=0)
            if match is None:
                match = re.fullmatch(r"(major|minor)(\d{1,2})", key.lower())
            if match is not None:
                kind = match[1]
                length = int(match[2])
                if length >= 8:
                    major = kind == "M" or kind.lower() == "major"
                    return _BY_KIND[(major, min(length, 10))]
        raise BridgeInputError(
            f"fit {describe(text)}: must be M8, M9, M10 (major), m8, m9, m10 (minor) or none"
        )


_BY_KIND = {
    (True, 8): Fit.MAJOR8, (True, 9): Fit.MAJOR9, (True, 10): Fit.MAJOR10,
    (False, 8): Fit.MINOR8, (False, 9): Fit.MINOR9, (False, 10): Fit.MINOR10,
}
FITS: tuple[Fit, ...] = tuple(Fit)
LOWEST_HCP = 20
HIGHEST_TABLE_HCP = 33

# HCP: (not vulnerable, vulnerable) for each fit in FITS order.
_TABLE: dict[int, tuple[tuple[int, int], ...]] = {
    20: ((30, 10), (90, 70), (120, 120), (-20, -40), (-40, -60), (-60, -70), (20, -10)),
    21: ((60, 30), (140, 130), (160, 240), (30, 0), (20, -10), (40, 40), (40, 20)),
    22: ((100, 100), (170, 200), (230, 310), (60, 50), (60, 70), (70, 100), (60, 50)),
    23: ((140, 180), (260, 330), (280, 380), (80, 80), (90, 110), (160, 260), (90, 80)),
    24: ((190, 310), (330, 450), (370, 510), (160, 180), (170, 200), (260, 320), (160, 150)),
    25: ((270, 410), (390, 550), (400, 570), (190, 270), (260, 400), (320, 450), (220, 290)),
    26: ((350, 500), (430, 630), (440, 640), (320, 440), (340, 500), (420, 560), (310, 480)),
    27: ((400, 580), (470, 690), (510, 730), (360, 490), (410, 590), (480, 680), (390, 580)),
    28: ((420, 630), (540, 750), (640, 920), (390, 580), (470, 680), (590, 870), (420, 600)),
    29: ((450, 660), (600, 860), (720, 1050), (420, 640), (530, 770), (670, 1000), (440, 630)),
    30: ((550, 770), (730, 1050), (920, 1320), (490, 740), (670, 990), (850, 1250), (470, 660)),
    31: ((620, 900), (890, 1280), (1020, 1470), (560, 840), (820, 1210), (950, 1400), (510, 710)),
    32: ((770, 1120), (970, 1400), (1070, 1550), (710, 1060), (900, 1330), (1000, 1480), (640, 900)),
    33: ((910, 1310), (1010, 1460), (1110, 1610), (840, 1240), (940, 1390), (1040, 1540), (820, 1170)),
}


def compensation(hcp: object, fit: object, vulnerable: object) -> int:
    """Expected score for the side with ``hcp`` combined points (20-40).

    Above 33 points the 33 row plus 100 (not vulnerable) or 150 (vulnerable)
    for each extra point.

    >>> compensation(28, "M10", False), compensation(35, "none", True)
    (640, 1470)
    """
    points = whole_number(hcp, "hcp", LOWEST_HCP, 40)
    column = FITS.index(Fit.parse(fit))
    vul = declarer_vulnerable(vulnerable)
    row = _TABLE[min(points, HIGHEST_TABLE_HCP)]
    extra = max(points - HIGHEST_TABLE_HCP, 0) * (150 if vul else 100)
    return row[column][vul] + extra


def compensation_imps(score: object, hcp: object, fit: object, vulnerable: object) -> int:
    """IMPs for the side with ``hcp`` points: its score minus the expected score.

    Negative IMPs go to the opponents. The seed's example: 4S+2 not
    vulnerable with 28 points and a 10-card spade fit is 480 against 640.

    >>> compensation_imps(480, 28, "M10", False)
    -4
    """
    expected = compensation(hcp, fit, vulnerable)
    return imps(real_number(score, "score") - expected)
