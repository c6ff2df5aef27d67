"""Pair scoring on a board: matchpoints, Neuberg, cross-IMPs, Butler (docs/rules.md §7)."""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

from .deals import is_blank
from .errors import BridgeInputError, describe
from .imps import imps
from .numeric import column_of, real_number, whole_number

MAX_RESULTS = 1_000_000  # results on one board: generous, and still a number a float holds exactly

# Artificial adjusted scores (Law 12C), as percentages of the top.
AVERAGE_MINUS = 40.0
AVERAGE = 50.0
AVERAGE_PLUS = 60.0


def mp_scale(scale: object) -> int:
    """Parse a matchpoint scale: 2 (2/1/0, the default) or 1 (1/½/0, ACBL).

    >>> mp_scale(2.0), mp_scale("1")
    (2, 1)
    """
    if is_blank(scale):
        return 2
    try:
        value = whole_number(scale, "scale")
    except BridgeInputError:
        value = 0
    if value not in (1, 2):
        raise BridgeInputError(f"scale {describe(scale)}: must be 2 (2/1/0) or 1 (1/0.5/0)")
    return value


def _scores(scores: Iterable[object], what: str = "score") -> list[float]:
    return [real_number(s, what) for s in column_of(scores, f"{what}s")]


def matchpoints(scores: Iterable[object], scale: object = 2) -> list[float]:
    """Matchpoints of each result on one board, in the order given.

    Each result gets ``scale`` points for every result it beats and half that
    for every tie. O(n log n): one sort, then two binary searches a result.

    >>> matchpoints([420, 450, 400, 420])
    [3.0, 6.0, 0.0, 3.0]
    >>> matchpoints([420, 450, 400, 420], scale=1)
    [1.5, 3.0, 0.0, 1.5]
    """
    half = mp_scale(scale) / 2
    return [half * doubled for doubled in doubled_matchpoints(_scores(scores))]


def doubled_matchpoints(scores: Sequence[float]) -> list[int]:
    """Matchpoints on the 2/1/0 scale, exactly: 2 per result beaten, 1 per tie.

    >>> doubled_matchpoints([420, 450, 400, 420])
    [3, 6, 0, 3]
    """
    ordered = sorted(scores)
    return [bisect.bisect_left(ordered, s) + bisect.bisect_right(ordered, s) - 1 for s in scores]


def matchpoints_against(score: object, field: Iterable[object], scale: object = 2) -> float:
    """Matchpoints of ``score`` against ``field``, which holds ``score`` itself once.

    >>> matchpoints_against(420, [420, 450, 400, 420])
    3.0
    """
    points = mp_scale(scale)
    value = real_number(score, "score")
    others = _scores(field, "field")
    if value not in others:
        raise BridgeInputError(f"score {describe(score)}: not among the field's results")
    others.remove(value)
    beaten = sum(1 for other in others if other < value)
    ties = sum(1 for other in others if other == value)
    return points * beaten + points / 2 * ties


def top(results: int, scale: object = 2) -> float:
    """The most matchpoints a board with ``results`` results can give one pair.

    >>> top(3), top(3, scale=1)
    (4, 2)
    """
    return mp_scale(scale) * (whole_number(results, "results", 1) - 1)


def mp_percent(mp: object, results: object, scale: object = 2) -> float:
    """Matchpoints as a percentage of the top; a board played once is 50%.

    >>> mp_percent(3, 4)
    50.0
    """
    highest = top(whole_number(results, "results", 1, MAX_RESULTS), scale)
    value = real_number(mp, "matchpoints")
    if not 0 <= value <= highest:
        raise BridgeInputError(f"matchpoints {describe(mp)}: must be 0-{highest:g} for {results} results")
    return AVERAGE if highest == 0 else 100.0 * value / highest


MOST_RESULTS = 9999
"""More results than any board has: a bound that keeps Neuberg's arithmetic in floats."""


def neuberg(mp: object, results: object, expected: object, scale: object = 2) -> float:
    """Neuberg's formula: matchpoints on a board with fewer (or more) results than expected.

    On the 2/1/0 scale ``M' = (M + 1) * N / n - 1``; on 1/½/0 the same in half points.

    >>> neuberg(4, 3, 4)
    5.666666666666667
    """
    points = mp_scale(scale)
    n = whole_number(results, "results", 1)
    expected_n = whole_number(expected, "expected results", 1)
    for count, given, what in ((n, results, "results"), (expected_n, expected, "expected results")):
        if count > MOST_RESULTS:  # past any board, and past what a float can hold
            raise BridgeInputError(f"{what} {describe(given)}: a board has at most {MOST_RESULTS:,} results")
    value = real_number(mp, "matchpoints")
    in_two = value * 2 / points
    return ((in_two + 1) * expected_n / n - 1) * points / 2


def rank(totals: Sequence[object], descending: bool = True) -> list[int]:
    """Places for totals, ties sharing the better place (1, 2, 2, 4).

    >>> rank([55.0, 60.2, 55.0, 40.1])
    [2, 1, 2, 4]
    """
    values = _scores(totals, "total")
    if not isinstance(descending, bool) and not (isinstance(descending, int) and descending in (0, 1)):
        raise BridgeInputError(f"descending {describe(descending)}: must be True or False")
    ordered = sorted(values, reverse=bool(descending))
    first = {}
    for place, value in enumerate(ordered, start=1):
        first.setdefault(value, place)
    return [first[value] for value in values]


def place_labels(places: Sequence[int]) -> list[str]:
    """Write shared places as bridge results do: ``2-3`` for a tie for 2nd.

    >>> place_labels([2, 1, 2, 4])
    ['2-3', '1', '2-3', '4']
    """
    places = [whole_number(place, "place", 1) for place in column_of(places, "places")]
    too_far = next((place for place in places if place > len(places) * 2 + 999), None)
    if too_far is not None:  # no ranking has it; and it might not even be written as text
        raise BridgeInputError(f"place {describe(too_far)}: beyond any ranking of {len(places)}")
    counts: dict[int, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    return [str(p) if counts[p] == 1 else f"{p}-{p + counts[p] - 1}" for p in places]


def cross_imps(scores: Iterable[object], average: bool = False) -> list[float]:
    """Each result IMPed against every other result on the board, summed.

    With ``average`` the sum is divided by the number of comparisons (n - 1).

    >>> cross_imps([420, 450, 400, -50])
    [10.0, 14.0, 7.0, -31.0]
    """
    values = _scores(scores)
    totals = [float(sum(imps(value - other) for other in values) - imps(0)) for value in values]
    if average and len(values) > 1:
        return [total / (len(values) - 1) for total in totals]
    return totals


def datum(scores: Iterable[object], drop: object = 1) -> int:
    """Butler datum: the mean after dropping ``drop`` highest and lowest results,
    rounded to the nearest 10 (halves away from zero). Nothing is dropped when
    that would leave no result.

    >>> datum([420, 450, 400, -50, 420])
    410
    """
    values = sorted(_scores(scores))
    if not values:
        raise BridgeInputError("scores: a datum needs at least one result")
    cut = whole_number(drop, "drop", 0)
    if len(values) > 2 * cut:
        values = values[cut: len(values) - cut]
    tens = sum(map(Fraction, values)) / len(values) / 10
    rounded = math.floor(abs(tens) + Fraction(1, 2))
    return (rounded if tens >= 0 else -rounded) * 10


def butler(scores: Iterable[object], drop: object = 1) -> list[int]:
    """Each result IMPed against the Butler datum of the board.

    >>> butler([420, 450, 400, -50, 420])
    [0, 1, 0, -10, 0]
    """
    values = _scores(scores)
    level = datum(values, drop)
    return [imps(value - level) for value in values]
