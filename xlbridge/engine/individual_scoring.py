"""An individual scored from its results rows: each board matchpointed across the tables
that played it, each player ranked alone (docs/rules.md §12).

A row is ``(board, north, east, south, west, contract, declarer, tricks)``. The board's
results are compared as a pairs event compares them, by :func:`~.pairs.pairs_event` itself
(one home for matchpoints, Neuberg and adjusted scores): 2/1/0 (or 1/½/0), a board with
fewer real results than expected Neuberg-factored, ``A60/40`` giving each side that
percentage of the board's top, ``NP`` scoring for nobody. North and South both score
North-South's matchpoints, East and West East-West's.

What an individual does not take from pairs: the session rule (Law 12C2(c) compares a
*pair's* other results; in an individual a side is a partnership for one round, so an
adjusted score is the percentage given), split and weighted scores (refused: the workbook
does not score them), IMP scoring and two fields.

A player's total is the sum of their side's matchpoints on the boards they played; their
percentage is of the tops of those boards (a board played once is 50%); places are shared
by equal percentages (``2-3``). The arithmetic is exact: each row's matchpoints are
fractions with small denominators, recovered exactly from the floats pairs_event gives.

    >>> rows = [(1, 1, 2, 3, 4, "4S", "N", 10), (1, 5, 6, 7, 8, "4S", "N", 9)]
    >>> event = individual_event(rows)
    >>> [(p.player, p.mp, p.percent, p.place) for p in event.ranking()][:3]
    [(1, 2.0, 100.0, '1-4'), (3, 2.0, 100.0, '1-4'), (6, 2.0, 100.0, '1-4')]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .deals import is_blank
from .errors import BridgeInputError, describe
from .matchpoints import place_labels
from .numeric import whole_number
from .pairs import EntryKind, RowPoints, pairs_event, parse_row

SEATS = ("North", "East", "South", "West")
ROW = "(board, north, east, south, west, contract, declarer, tricks)"


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    """A player's line: boards scored (not-played rows do not count), matchpoints, the
    tops of those boards, the percentage and the place (``2-3`` for a shared place)."""

    player: int
    boards: int
    mp: float
    top: float
    percent: float
    place: str


@dataclass(frozen=True)
class IndividualEvent:
    """A scored individual: each row's points in row order (None for a row not complete,
    as pairs_event gives them), and each player's total."""

    mpscale: int
    expected: int
    rows: tuple[RowPoints | None, ...]
    players: Mapping[int, PlayerTotal]

    def ranking(self) -> list[PlayerTotal]:
        """The players best first, ties by player number."""
        return sorted(self.players.values(), key=lambda p: (-p.percent, p.player))


def individual_event(rows: Iterable[Sequence[object]], *, mpscale: object = 2, neuberg: object = True,
                     expected: object = None) -> IndividualEvent:
    """Score an individual from its rows ``(board, north, east, south, west, contract,
    declarer, tricks)``; a row not complete (no board or contract, a contract without its
    tricks) is skipped. A blank player is one from outside the event: nobody scores that seat.

    >>> rows = [(1, 1, 2, 3, 4, "4S", "N", 10), (1, 5, 6, 7, 8, "A60/40", "", ""),  # 2 results of 3: Neuberg
    ...         (1, 9, 10, 11, 12, "4S", "N", 9)]
    >>> event = individual_event(rows)
    >>> [(r.ns, r.ew) for r in event.rows]
    [(3.5, 0.5), (2.4, 1.6), (0.5, 3.5)]
    >>> event.players[5].percent, event.players[6].percent
    (60.0, 40.0)
    >>> individual_event([(1, 1, 2, 1, 4, "4S", "N", 10)])
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: row 1: player 1 sits both North and South
    """
    if isinstance(rows, str | bytes) or not isinstance(rows, Iterable):
        raise BridgeInputError(f"rows {describe(rows)}: must be rows of {ROW}")
    given = list(rows)
    seats: list[tuple[int | None, ...] | None] = []
    as_pairs: list[tuple[object, ...]] = []
    for number, row in enumerate(given, start=1):
        try:
            if isinstance(row, str | bytes) or not isinstance(row, Sequence) or len(row) != 8:
                raise BridgeInputError(f"{describe(row)} must be {ROW}")
            board, *players, contract, declarer, tricks = row
            entry = parse_row((board, None, None, contract, declarer, tricks))
            if entry is not None and (entry.kind is EntryKind.WEIGHTED or entry.split is not None):
                raise BridgeInputError(f"contract {describe(contract)}: an individual does not score weighted or "
                                       "split scores (give a contract, NP or an adjusted score such as A60/40)")
            numbers = tuple(None if is_blank(p) else whole_number(p, f"{seat} player", 1)
                            for p, seat in zip(players, SEATS, strict=True))
        except BridgeInputError as error:
            raise BridgeInputError(f"row {number}: {error}") from None
        where = {}
        for seat, player in zip(SEATS, numbers, strict=True):
            if player is not None and player in where:
                raise BridgeInputError(f"row {number}: player {player} sits both {where[player]} and {seat}")
            where.setdefault(player, seat)
        seats.append(None if entry is None else numbers)
        as_pairs.append((board, None, None, contract, declarer, tricks))
    # A player on a board twice: the second row is wrong.
    seen: dict[tuple[int, int], int] = {}
    for number, (row, numbers) in enumerate(zip(given, seats, strict=True), start=1):
        for player in numbers or ():
            if player is None:
                continue
            key = (whole_number(row[0], "board", 1), player)
            if key in seen:
                raise BridgeInputError(f"row {number}: player {player} plays board {key[0]} twice "
                                       f"(also row {seen[key]})")
            seen[key] = number
    # Pairs from outside the event on every row: the session rule never applies.
    scored = pairs_event(as_pairs, scoring="MP", mpscale=mpscale, neuberg=neuberg, session_rule=False,
                         expected=expected)
    totals: dict[int, Fraction] = defaultdict(Fraction)
    tops: dict[int, Fraction] = defaultdict(Fraction)
    boards: dict[int, int] = defaultdict(int)
    for numbers, points in zip(seats, scored.rows, strict=True):
        if numbers is None or points is None or points.ns is None:
            continue  # not complete, or not played: nobody scores
        top = _exact(points.top)
        for player, side in zip(numbers, (points.ns, points.ew, points.ns, points.ew), strict=True):
            if player is not None:
                totals[player] += _exact(side)
                tops[player] += top
                boards[player] += 1
    percent = {p: 100 * totals[p] / tops[p] if tops[p] else Fraction(50) for p in boards}
    ordered = sorted(boards, key=lambda p: (-percent[p], p))
    first: dict[Fraction, int] = {}
    for place, player in enumerate(ordered, start=1):
        first.setdefault(percent[player], place)
    labels = dict(zip(ordered, place_labels([first[percent[p]] for p in ordered]), strict=True))
    players = {p: PlayerTotal(p, boards[p], float(totals[p]), float(tops[p]), float(percent[p]), labels[p])
               for p in sorted(boards)}
    return IndividualEvent(scored.mpscale, scored.expected, scored.rows, players)


def _exact(value: float | None) -> Fraction:
    """A row's matchpoints as the fraction they are: pairs_event's exact values have
    denominators of at most 200 times a board's results, so the nearest fraction with a
    small denominator is the value itself, and totals tie exactly when they should."""
    return Fraction(value or 0).limit_denominator(10**7)
