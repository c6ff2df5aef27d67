"""A club's season: each session's result for each player (:class:`SeasonLine`), points
per place (:func:`session_points`) and the ladder by the club's rule (:func:`ladder`),
as season.xlsx computes them in its own formulas (docs/rules.md §15).

The rule (:class:`SeasonRule`): ``average``, the average of a player's best ``best``
sessions (all of them while fewer), ranked among players with at least ``minimum``
sessions; ``points``, the total of the points each session's place earns (a table by
place: tied places share the points of the places they span), ranked among the same
players; ``both``, points first and the best-``best`` average between equal points;
``total``, a multi-session event's (two sessions of one championship) ranking on its
sessions' total (:func:`session_total`): percentages averaged over all the boards played,
each session weighted by its boards, and IMPs or VPs added up. Players equal on the rule's
figures share a place; the others have none.

    >>> rule = SeasonRule(best=2, minimum=2, ranking="average", points=(3, 2, 1))
    >>> lines = [SeasonLine("a", 1, "Ann", 60.0, 1, 1), SeasonLine("a", 2, "Bob", 40.0, 2, 2),
    ...          SeasonLine("b", 1, "Ann", 50.0, 2, 2), SeasonLine("b", 2, "Bob", 70.0, 1, 1),
    ...          SeasonLine("c", 1, "Ann", 45.0, 2, 3), SeasonLine("c", 2, "Bob", 45.0, 2, 3)]
    >>> [(s.player, s.sessions, s.average, s.points, s.place) for s in ladder(lines, rule)]
    [('Ann', 3, 55.0, 6.5, 2), ('Bob', 3, 57.5, 6.5, 1)]

On points they are equal and share first place; both rules put Bob first:

    >>> [s.place for s in ladder(lines, SeasonRule(best=2, minimum=2, ranking="points", points=(3, 2, 1)))]
    [1, 1]
    >>> [s.place for s in ladder(lines, SeasonRule(best=2, minimum=2, ranking="both", points=(3, 2, 1)))]
    [2, 1]

A championship of two sessions: Ann and Bob play both, Cy only the first. On the total
Bob's 24-board 40% and 26-board 70% (55.6%) beat Ann's 60% and 50% (54.8%), whose plain
average is the better; Cy has the one session he played:

    >>> rule = SeasonRule(best=2, minimum=1, ranking="total")
    >>> lines = [SeasonLine("1", 1, "Ann", 60.0, boards=24), SeasonLine("1", 2, "Bob", 40.0, boards=24),
    ...          SeasonLine("1", 3, "Cy", 55.0, boards=24),
    ...          SeasonLine("2", 1, "Ann", 50.0, boards=26), SeasonLine("2", 2, "Bob", 70.0, boards=26)]
    >>> [(s.player, s.total, s.place) for s in ladder(lines, rule)]
    [('Ann', 54.8, 3), ('Bob', 55.6, 1), ('Cy', 55.0, 2)]

Averages are compared exactly, not as rounded decimals: the scores are in hundredths, so
one player's best total in hundredths times the other's count of sessions counted is a
whole number, in the sheet as here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import BridgeInputError

RANKINGS = ("average", "points", "both", "total")
"""The ladder's rules, as Setup's ``SeasonRanking`` chooses them."""

SCALES = ("table", "acbl")
"""Where a session's points come from, as Setup's ``PointsScale`` chooses: the club's own
table by place, or the ACBL's club-game scale by place and field size (:func:`acbl_points`)."""

ACBL_PER_TABLE_CENTS, ACBL_MAXIMUM_CENTS, ACBL_DEPTH = 10, 150, 0.4
"""The ACBL's open club game (ACBL Handbook, chapter I, *Calculating the awards*): first
place earns 0.10 masterpoints a table of its group, at most 1.50; awards go to 40% of the
group's pairs."""

PLACES = 60
"""Places the points table holds; a place below it earns nothing."""

FIELD_COLUMNS = 6
"""Columns the points table holds across, one for each smallest field size (``PointsFields``)."""

DEFAULT_POINTS: tuple[float, ...] = (10, 8, 6, 5, 4, 3, 2, 1)
"""The generic club scale (docs/rules.md §15): 10 for the winner down to 1 for eighth."""


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """One player's result in one session: the session's key, the player's number and
    name, the score (a percentage, or IMPs, in hundredths), the place in the field and the
    last place it shares (``2``, ``3`` for 2-3 =), and what the season sheet shows besides."""

    session: str
    number: int
    player: str
    score: float
    place: int | None = None
    place_to: int | None = None
    date: str = ""
    event: str = ""
    partner: str = ""
    direction: str = ""
    unit: str = "%"
    field: int = 0
    boards: int = 0


@dataclass(frozen=True, slots=True)
class SeasonRule:
    """How the ladder ranks: the best ``best`` sessions count towards the average, a
    player needs ``minimum`` sessions for a place, ``ranking`` is one of
    :data:`RANKINGS`, ``points`` the points by place (1st, 2nd ...) for fields from
    ``fields[0]`` pairs, ``columns`` the points by place for fields from each later size
    of ``fields`` (whole, increasing; one column a size after the first).

    A field takes the column of the largest size not above it (a blank field, 0, or one
    below the first size: the first column):

    >>> rule = SeasonRule(points=(5, 3), fields=(1, 9, 13), columns=((8, 6, 4), (10, 8, 6)))
    >>> rule.points_for(0), rule.points_for(10), rule.points_for(13)
    ((5, 3), (8, 6, 4), (10, 8, 6))
    """

    best: int = 10
    minimum: int = 5
    ranking: str = "average"
    points: tuple[float, ...] = DEFAULT_POINTS
    scale: str = "table"
    fields: tuple[int, ...] = (1,)
    columns: tuple[tuple[float, ...], ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= self.best <= 999:
            raise BridgeInputError(f"best sessions {self.best}: must be a whole number 1-999")
        if not 0 <= self.minimum <= 999:
            raise BridgeInputError(f"minimum sessions {self.minimum}: must be a whole number 0-999")
        if self.ranking not in RANKINGS:
            raise BridgeInputError(f"ranking {self.ranking!r}: must be one of {', '.join(RANKINGS)}")
        if self.scale not in SCALES:
            raise BridgeInputError(f"points scale {self.scale!r}: must be one of {', '.join(SCALES)}")
        if len(self.points) > PLACES:
            raise BridgeInputError(f"points table: {len(self.points)} places, at most {PLACES}")
        if not 1 <= len(self.fields) <= FIELD_COLUMNS:
            raise BridgeInputError(f"points fields: {len(self.fields)} columns, must be 1-{FIELD_COLUMNS}")
        for before, size in zip((0, *self.fields), self.fields, strict=False):
            if isinstance(size, bool) or not isinstance(size, int) or size <= before:
                raise BridgeInputError(f"points field {size!r}: must be a whole number above {before}")
        if len(self.columns) != len(self.fields) - 1:
            raise BridgeInputError(f"points table: {len(self.columns) + 1} columns for {len(self.fields)} field sizes")
        if any(len(column) > PLACES for column in self.columns):
            raise BridgeInputError(f"points table: more than {PLACES} places")

    def points_for(self, field: int) -> tuple[float, ...]:
        """The points by place for a field of ``field`` pairs (0: not known, the first column)."""
        index = max(0, sum(size <= field for size in self.fields) - 1)
        return self.points if index == 0 else self.columns[index - 1]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's season: sessions played, the average of the best sessions (None before
    the first), total points, and the place (None when not qualified)."""

    number: int
    player: str
    sessions: int
    average: float | None
    points: float
    place: int | None
    best_total: float = 0.0
    counted: int = 0
    total: float | None = None
    """The sessions' total (:func:`session_total`), None before the first session."""


def line_weight(line: SeasonLine) -> int:
    """A line's weight in the sessions' total: a percentage weighs its boards (one when the
    row does not say), IMPs and VPs nothing (they are added, not averaged).

    >>> line_weight(SeasonLine("a", 1, "Ann", 60.0, boards=24)), line_weight(SeasonLine("a", 1, "Ann", 60.0))
    (24, 1)
    >>> line_weight(SeasonLine("a", 1, "Ann", 12.5, unit="IMP", boards=24))
    0
    """
    return 0 if line.unit in ("IMP", "VP") else max(1, line.boards)


def session_total(lines: Iterable[SeasonLine]) -> tuple[int, int]:
    """One player's sessions' total as a fraction (hundredths, weight): percentages
    weighted by boards (each percentage in hundredths times its boards, over all the boards),
    IMPs or VPs added up (in hundredths, over 1). A fraction, so that two totals compare
    exactly (the sheet compares them the same way).

    >>> session_total([SeasonLine("1", 1, "Ann", 60.0, boards=24), SeasonLine("2", 1, "Ann", 50.0, boards=26)])
    (274000, 50)
    >>> session_total([SeasonLine("1", 1, "Ann", 12.5, unit="IMP"), SeasonLine("2", 1, "Ann", -3.25, unit="IMP")])
    (925, 1)
    """
    value = weight = 0
    for line in lines:
        own = line_weight(line)
        value += hundredths(line.score) * max(1, own)
        weight += own
    return value, max(1, weight)


def acbl_factor(place: int) -> tuple[int, int]:
    """The share of first place's award a place earns on the ACBL's scale, as a fraction
    (numerator, denominator): 1, 70%, 50%, 35%, then 1/place (a fifth, a sixth ...). A
    fraction, so that an award of a half cent rounds up in the sheet as here (0.35 is not
    exact in binary: 50 x 0.35 is 17.4999...).

    >>> [acbl_factor(p) for p in (1, 2, 3, 4, 5, 6)]
    [(1, 1), (7, 10), (1, 2), (7, 20), (1, 5), (1, 6)]
    """
    return ((1, 1), (7, 10), (1, 2), (7, 20))[place - 1] if place <= 4 else (1, place)


def acbl_cents(first: int, place: int) -> int:
    """A place's award in cents: first place's ``first`` cents times the place's share,
    rounded to the cent, halves up (exactly, in whole numbers).

    >>> acbl_cents(50, 4), acbl_cents(50, 20), acbl_cents(80, 2)
    (18, 3, 56)
    """
    numerator, denominator = acbl_factor(place)
    return (2 * first * numerator + denominator) // (2 * denominator)


def acbl_points(place: int | None, place_to: int | None, field: int, direction: str = "") -> float:
    """Masterpoints for a place in an ACBL open club game: first place 0.10 a table (at most
    1.50), the other places their share of it (:func:`acbl_factor`), each rounded to the
    hundredth, to 40% of the group's pairs (rounded, halves up); a shared place the average
    of the places it spans. The group is the field: a Mitchell direction's (``NS``/``EW``:
    as many tables as pairs) or a one-field event's (half as many tables as pairs, rounded
    up).

    Worked from those rules: an eight-table Mitchell is two groups of 8 pairs (the
    handbook's own example of groups), so first earns 0.80, second 0.56, third 0.40, and
    40% of 8 pairs is 3 awards; a five-table Howell's 2nd and 3rd equal share 0.35 and 0.25.

    >>> [acbl_points(p, p, 8, "NS") for p in (1, 2, 3, 4)]
    [0.8, 0.56, 0.4, 0.0]
    >>> acbl_points(1, 1, 40, "NS"), acbl_points(2, 3, 10)
    (1.5, 0.3)
    """
    if place is None or place < 1 or field < 1:
        return 0.0
    last = place if place_to is None or place_to < place else place_to
    tables = field if direction in ("NS", "EW") else -(-field // 2)
    first = min(ACBL_PER_TABLE_CENTS * tables, ACBL_MAXIMUM_CENTS)
    depth = hundredths(ACBL_DEPTH * field / 100)  # 40% of the pairs, to the nearest whole (never a half)
    return shared([acbl_cents(first, p) if p <= depth else 0 for p in range(place, last + 1)]) / 100


def line_points(line: SeasonLine, rule: SeasonRule) -> float:
    """The points a session's line earns by the rule's scale."""
    if rule.scale == "acbl":
        return acbl_points(line.place, line.place_to, line.field, line.direction)
    return session_points(line.place, line.place_to, rule.points_for(line.field))


def hundredths(value: float) -> int:
    """A figure in whole hundredths, halves away from zero as a sheet's ROUND does.

    >>> hundredths(54.17), hundredths(0.125), hundredths(-2.5)
    (5417, 13, -250)
    """
    scaled = abs(value) * 100
    whole = math.floor(scaled + 0.5 + 1e-9 * max(1.0, scaled))
    return whole if value >= 0 else -whole


def shared(cents: Sequence[int]) -> int:
    """The cents each of a tie's places gets: their total over the places, to the cent,
    halves up (whole numbers, exactly as the sheet's ROUND of a whole number over another).

    >>> shared([18, 17]), shared([1000, 800, 600])
    (18, 800)
    """
    return (2 * sum(cents) + len(cents)) // (2 * len(cents))


def session_points(place: int | None, place_to: int | None, table: Sequence[float]) -> float:
    """The points a place earns: the average of the table's points over the places it
    shares (``place``-``place_to``), to the hundredth; a place past the table earns 0.

    >>> session_points(1, 1, (10, 8, 6)), session_points(2, 3, (10, 8, 6)), session_points(3, 4, (10, 8, 6))
    (10.0, 7.0, 3.0)
    >>> session_points(1, 3, (10, 8, 7))
    8.33
    """
    if place is None or place < 1 or place > PLACES:
        return 0.0
    last = min(place if place_to is None or place_to < place else place_to, PLACES)
    return shared([hundredths(float(table[p - 1])) if p <= len(table) else 0 for p in range(place, last + 1)]) / 100


def ladder(lines: Iterable[SeasonLine], rule: SeasonRule = SeasonRule(),
           players: Sequence[tuple[int, str]] | None = None) -> list[Standing]:
    """Each player's standing, in ``players``' order (number, name) or by first
    appearance; places as the rule gives them, ties sharing."""
    lines = list(lines)
    order: dict[int, str] = dict(players) if players is not None else {}
    if players is None:
        for line in lines:
            order.setdefault(line.number, line.player)
    scores: dict[int, list[int]] = {number: [] for number in order}
    points: dict[int, float] = dict.fromkeys(order, 0.0)
    own: dict[int, list[SeasonLine]] = {number: [] for number in order}
    for line in lines:
        if line.number in scores:
            scores[line.number].append(hundredths(line.score))
            points[line.number] += line_points(line, rule)
            own[line.number].append(line)
    totals = {number: session_total(played) for number, played in own.items()}
    figures = {}
    for number, played in scores.items():
        counted = min(rule.best, len(played))
        total = sum(sorted(played, reverse=True)[:counted])
        figures[number] = (len(played), counted, total, hundredths(points[number]))
    qualified = {n for n, (count, *_rest) in figures.items() if count >= max(rule.minimum, 1)}

    def better(other: int, this: int) -> bool:
        _, k_o, s_o, p_o = figures[other]
        _, k_t, s_t, p_t = figures[this]
        average = s_o * k_t > s_t * k_o
        if rule.ranking == "average":
            return average
        if rule.ranking == "points":
            return p_o > p_t
        if rule.ranking == "total":
            (v_o, w_o), (v_t, w_t) = totals[other], totals[this]
            return v_o * w_t > v_t * w_o
        return p_o > p_t or (p_o == p_t and average)

    standings = []
    for number, name in order.items():
        count, counted, total, _ = figures[number]
        place = 1 + sum(better(o, number) for o in qualified) if number in qualified else None
        # Points to the cent, as they are ranked (a tie's share may be a third of a point).
        standings.append(Standing(number, name, count, total / 100 / counted if counted else None,
                                  figures[number][3] / 100, place, total / 100, counted,
                                  totals[number][0] / totals[number][1] / 100 if count else None))
    return standings


def ranked(standings: Iterable[Standing]) -> list[Standing]:
    """The standings best first: placed players by place, then the others by sessions
    played and name."""
    return sorted(standings, key=lambda s: (s.place is None, s.place or 0, -s.sessions, s.player.casefold()))
