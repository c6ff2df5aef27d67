"""Handicaps: a player's handicap in percentage points, a pair's from its two players',
and a pairs event's handicapped ranking beside the scratch one (docs/rules.md §17).

Two ways to a player's handicap:

- the **EBU's NGS method** (:func:`ngs_handicap`), as the English Bridge Union's scoring
  program EBUScore assigns it ("Handicaps", EBUScore wiki, ebu.co.uk/ebuscore-wiki/handicaps):
  a player's National Grading Scheme grade falls in one of thirteen card bands two
  percentage points wide, Eight being 49-51% and handicap 0; each band above takes one
  point more (Nine -1 ... King -5), each band below gives one (Seven +1 ... Three +5), Ace
  (61% and over) is -6 and Two (under 39%) +6. The pair's handicap is the sum of its
  players' (EBUScore's "100%" option) or their average (its "50%" option):

      >>> ngs_handicap(60.0), ngs_handicap(50.0), ngs_handicap(38.2), ngs_handicap(67.5)
      (-5, 0, 6, -6)

  EBUScore's own example: two 60% players in partnership, -10 at 100%, -5 at 50%:

      >>> pair_handicap(ngs_handicap(60), ngs_handicap(60)), pair_handicap(-5, -5, "average")
      (-10.0, -5.0)

- the **club method** (:func:`club_handicap`): fifty less the player's average percentage over
  their last ``last`` sessions, times ``factor``, to the hundredth, within ``cap`` either
  way, updated after each session (as Queenstown's, Perth's and Tauranga's clubs publish
  theirs: "50 - average"). Defaults: the last 10 sessions, a factor of 1, a cap of 10, no
  handicap before the first session. A pair's handicap is the average of its players'
  (as those clubs, and EBUScore's "50%" option, take it):

      >>> club_handicap([48.0]), club_handicap([55.2, 50.0]), club_handicap([70.0, 72.0])
      (2.0, -2.6, -10.0)
      >>> pair_handicap(-5.2, 1.9, "average")  # Perth's example: (-5.2 + 1.9) / 2
      -1.65

A pair's handicapped percentage is its percentage plus its handicap; places are shared
by equal figures (compared to nine decimals, as the sheet compares them), within each field:

    >>> [(h.pair, h.percent, h.place) for h in handicapped([(1, 60.0, None), (2, 48.0, None), (3, 50.0, None)],
    ...                                                    {1: -10.0, 2: 2.0})]
    [(1, 50.0, '1-3'), (2, 50.0, '1-3'), (3, 50.0, '1-3')]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .errors import BridgeInputError
from .matchpoints import place_labels

NGS_EIGHT = 49.0
"""The EBU NGS band Eight's lower bound: 49% to 51% is an average player, handicap 0."""
NGS_BAND = 2.0
"""Each NGS card band's width in percentage points."""
NGS_LIMIT = 6
"""The largest NGS handicap either way: Ace -6, Two +6."""
COMBINES = ("sum", "average")
"""How a pair's handicap comes from its players': their sum or their average."""

LAST, FACTOR, CAP = 10, 1.0, 10.0
"""The club method's defaults: the last 10 sessions, a factor of 1, at most 10 points either way."""
LIMIT = 50.0
"""A handicap is a number of percentage points from -50 to 50 (players.xlsx's ``PlayerHandicap``)."""


def ngs_handicap(grade: float) -> int:
    """A player's handicap from their EBU NGS grade (a percentage): 0 for band Eight
    (49% to under 51%), one point less for each band of 2 above, one more for each below,
    within -6 (Ace, 61% and over) and +6 (Two, under 39%). A grade on a band's edge is in the
    band above (51% is Nine).

    >>> [ngs_handicap(g) for g in (61, 60.99, 59, 57, 55, 53, 51, 49, 48.99, 47, 41, 39, 38.99)]
    [-6, -5, -5, -4, -3, -2, -1, 0, 1, 1, 4, 5, 6]
    >>> ngs_handicap(120)
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: NGS grade 120: must be a percentage from 0 to 100
    """
    if isinstance(grade, bool) or not isinstance(grade, int | float) or not 0 <= grade <= 100:
        raise BridgeInputError(f"NGS grade {grade!r}: must be a percentage from 0 to 100")
    bands = math.floor((grade - NGS_EIGHT) / NGS_BAND + 1e-9)  # +1e-9: 51 is Nine, not 50.999...'s Eight
    return max(-NGS_LIMIT, min(NGS_LIMIT, -bands))


@dataclass(frozen=True, slots=True)
class HandicapRule:
    """The club method's parameters: the last ``last`` sessions count, the handicap is
    ``factor`` times (50 less their average), to the hundredth, within ``cap`` either way."""

    last: int = LAST
    factor: float = FACTOR
    cap: float = CAP

    def __post_init__(self) -> None:
        if isinstance(self.last, bool) or not isinstance(self.last, int) or not 1 <= self.last <= 999:
            raise BridgeInputError(f"handicap sessions {self.last!r}: must be a whole number 1-999")
        if isinstance(self.factor, bool) or not isinstance(self.factor, int | float) or not 0 <= self.factor <= 10:
            raise BridgeInputError(f"handicap factor {self.factor!r}: must be a number from 0 to 10")
        if isinstance(self.cap, bool) or not isinstance(self.cap, int | float) or not 0 <= self.cap <= LIMIT:
            raise BridgeInputError(f"handicap cap {self.cap!r}: must be a number from 0 to {LIMIT:g}")


def hundredths(value: float) -> float:
    """``value`` to the hundredth, halves away from zero, as a sheet's ROUND.

    >>> hundredths(2.345), hundredths(-2.345), hundredths(1.005)
    (2.35, -2.35, 1.01)
    """
    scaled = abs(value) * 100
    whole = math.floor(scaled + 0.5 + 1e-9 * max(1.0, scaled))
    return (whole if value >= 0 else -whole) / 100


def club_handicap(scores: Sequence[float], rule: HandicapRule = HandicapRule()) -> float | None:
    """A player's handicap from their percentages, oldest first: ``factor`` x (50 less the
    average of the last ``last``), to the hundredth, within the cap; None before any.

    >>> club_handicap([40, 60, 45], HandicapRule(last=2))  # the last two: 52.5 on average
    -2.5
    >>> club_handicap([30, 30], HandicapRule(factor=0.5, cap=8)), club_handicap([])
    (8.0, None)
    """
    counted = [float(s) for s in scores][-rule.last:]
    if not counted:
        return None
    # In whole hundredths, as season.xlsx counts them: factor x (50 x count - total) / count,
    # rounded once, so that a half hundredth rounds the same way in the sheet and here.
    total = sum(round(s * 100) for s in counted)
    cents = hundredths(rule.factor * (5000 * len(counted) - total) / len(counted) / 100)
    return max(-rule.cap, min(rule.cap, cents)) + 0.0


def club_handicaps(history: Iterable[tuple[int, float]], rule: HandicapRule = HandicapRule()) -> dict[int, float]:
    """Each player's handicap after the sessions so far: ``history`` is (player, percentage)
    in the order played; players without a session have none.

    >>> club_handicaps([(7, 40.0), (8, 60.0), (7, 50.0)], HandicapRule(last=1))
    {7: 0.0, 8: -10.0}
    """
    scores: dict[int, list[float]] = {}
    for player, score in history:
        scores.setdefault(player, []).append(score)
    return {player: h for player, played in scores.items() if (h := club_handicap(played, rule)) is not None}


def pair_handicap(first: float | None, second: float | None, combine: str = "sum") -> float:
    """A pair's handicap from its two players' (a missing one counts 0): their sum, or
    their average to the hundredth.

    >>> pair_handicap(-6, -6), pair_handicap(5, 6), pair_handicap(None, 3, "average")
    (-12.0, 11.0, 1.5)
    """
    if combine not in COMBINES:
        raise BridgeInputError(f"pair handicap {combine!r}: must be one of {', '.join(COMBINES)}")
    total = (first or 0.0) + (second or 0.0)
    return hundredths(total if combine == "sum" else total / 2) + 0.0


F = TypeVar("F")


@dataclass(frozen=True, slots=True)
class Handicapped(Generic[F]):
    """A pair's line in the handicapped ranking: its scratch percentage, its handicap, the
    sum of the two and its place there (``2-3`` for a shared place), in its ``field``."""

    pair: int
    scratch: float
    handicap: float
    percent: float
    place: str
    field: F | None = None


def handicapped(lines: Iterable[tuple[int, float, F | None]], handicaps: Mapping[int, float]) -> list[Handicapped[F]]:
    """The handicapped ranking of (pair, percentage, field) lines, best first within each
    field (fields in the order they first come), ties by pair number; a pair without a
    handicap has 0. Pair 2's 41% and 11 (52%) beats pair 1's 62.5% and -12 (50.5%):

    >>> [(h.pair, h.place) for h in handicapped([(1, 62.5, "NS"), (2, 41.0, "NS"), (3, 52.0, "EW"),
    ...                                             (4, 51.0, "EW")], {1: -12, 2: 11, 4: 1.5})]
    [(2, '1'), (1, '2'), (4, '1'), (3, '2')]
    """
    fields: dict[F | None, list[Handicapped[F]]] = {}
    for pair, percent, field in lines:
        handicap = float(handicaps.get(pair, 0.0))
        fields.setdefault(field, []).append(Handicapped(pair, percent, handicap, percent + handicap, "", field))
    ranking: list[Handicapped[F]] = []
    for members in fields.values():
        ordered = sorted(members, key=lambda h: (-round(h.percent, 9), h.pair))
        first: dict[float, int] = {}
        for place, line in enumerate(ordered, start=1):
            first.setdefault(round(line.percent, 9), place)
        labels = place_labels([first[round(line.percent, 9)] for line in ordered])
        ranking += [Handicapped(h.pair, h.scratch, h.handicap, h.percent, label, h.field)
                    for h, label in zip(ordered, labels, strict=True)]
    return ranking
