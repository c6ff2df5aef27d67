"""Pivot bridge: four or five players at one table, everyone partnering everyone (docs/rules.md §10).

Players are numbered by the draw: 1 is the pivot (highest card), 2 the first
partner, 3 sits at the pivot's left, 4 at the pivot's right, 5 sits out first.
A round is four Chicago deals or one rubber. After the schedule (3 rounds with
four players, 5 with five) the players draw again; round numbers beyond it
repeat the schedule, as if the new draw gave everyone the same number.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from .deals import is_blank
from .errors import BridgeInputError, describe
from .matchpoints import rank
from .numeric import whole_number
from .seat import SEATS, Seat, Side


@dataclass(frozen=True, slots=True)
class PivotRound:
    """Who sits where in one round, and who sits out (five players only).

    >>> r = pivot_seating(5, 3)
    >>> r.player("W"), r.seat(5), r.sits_out, r.partnerships
    (5, <Seat.W: 'W'>, 3, ((4, 1), (2, 5)))
    """

    round: int
    north: int
    east: int
    south: int
    west: int
    sits_out: int | None = None

    @property
    def players(self) -> tuple[int, int, int, int]:
        """The players at North, East, South and West."""
        return self.north, self.east, self.south, self.west

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """``((north, south), (east, west))``."""
        return (self.north, self.south), (self.east, self.west)

    def player(self, seat: object) -> int:
        """The player at ``seat`` (N, E, S, W)."""
        return self.players[SEATS.index(Seat.parse(seat, "seat"))]

    def seat(self, player: int) -> Seat | None:
        """Where ``player`` sits (None when sitting out)."""
        return SEATS[self.players.index(player)] if player in self.players else None

    def side(self, player: int) -> Side | None:
        """``player``'s side this round (None when sitting out)."""
        seat = self.seat(player)
        return seat.side if seat is not None else None


# (N, E, S, W, sits out) of each round, docs/rules.md §10. Seed 001's drawing of
# five-player round 3 puts player 3 at West although 3 sits out: West is 5.
_SCHEDULES: dict[int, tuple[tuple[int, int, int, int, int | None], ...]] = {
    4: ((2, 4, 1, 3, None), (3, 2, 1, 4, None), (4, 3, 1, 2, None)),
    5: ((2, 4, 1, 3, 5), (5, 3, 1, 2, 4), (4, 2, 1, 5, 3), (3, 5, 1, 4, 2), (4, 5, 2, 3, 1)),
}


def pivot_players(players: object) -> int:
    """Parse the number of players: 4 or 5.

    >>> pivot_players(5.0)
    5
    """
    return whole_number(players, "players", 4, 5)


def pivot_schedule(players: object) -> tuple[PivotRound, ...]:
    """The rounds of one pivot cycle for 4 players (3 rounds) or 5 (5 rounds).

    >>> [r.players for r in pivot_schedule(4)]
    [(2, 4, 1, 3), (3, 2, 1, 4), (4, 3, 1, 2)]
    """
    return tuple(
        PivotRound(number, *seats)
        for number, seats in enumerate(_SCHEDULES[pivot_players(players)], start=1)
    )


def pivot_seating(players: object, round: object) -> PivotRound:
    """The seating of round ``round`` (1, 2, ...); later rounds repeat the schedule.

    >>> pivot_seating(4, 5).players, pivot_seating(4, 5).round
    ((3, 2, 1, 4), 5)
    """
    schedule = _SCHEDULES[pivot_players(players)]
    number = whole_number(round, "round", 1)
    return PivotRound(number, *schedule[(number - 1) % len(schedule)])


def pivot_pairs(players: object) -> dict[tuple[int, int], tuple[int, int]]:
    """How often each pair of players partners and opposes in one cycle.

    Keys are ``(low, high)`` player numbers; values ``(partners, opponents)``.
    Every pair partners exactly once; with five players each pair also
    opposes exactly twice (with four, twice as well).

    >>> set(pivot_pairs(5).values()), set(pivot_pairs(4).values())
    ({(1, 2)}, {(1, 2)})
    """
    count = pivot_players(players)
    partners = dict.fromkeys(itertools.combinations(range(1, count + 1), 2), 0)
    opponents = dict(partners)
    for seating in pivot_schedule(count):
        ns, ew = seating.partnerships
        for pair in (ns, ew):
            partners[_pair(*pair)] += 1
        for a, b in itertools.product(ns, ew):
            opponents[_pair(a, b)] += 1
    return {pair: (partners[pair], opponents[pair]) for pair in partners}


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class PivotStanding:
    """One player's result: rounds played, points scored by his sides and
    against them, the net (scored minus conceded) and the place (ties share)."""

    player: int
    rounds: int
    scored: int
    conceded: int
    net: int
    place: int


def pivot_standings(
    players: object, round_totals: Sequence[object]
) -> tuple[PivotStanding, ...]:
    """Each player's net score and place, from each round's side totals.

    ``round_totals[k]`` is round k+1's ``(ns_total, ew_total)``: the points
    North-South and East-West scored that round (the seating is
    :func:`pivot_seating`'s). A round given as None, or with both totals
    blank, is not played yet; with one total blank that side scored 0. A
    player's net is his sides' points minus the opponents' over the rounds he
    played; the highest net places first, ties share the place.

    Round 1 is 1-2 (North-South) against 3-4, round 2 is 1-3 against 2-4:

    >>> [(s.player, s.net, s.place) for s in pivot_standings(4, [(620, 100), (0, 450)])]
    [(1, 70, 2), (2, 970, 1), (3, -970, 4), (4, -70, 3)]
    """
    count = pivot_players(players)
    if isinstance(round_totals, str) or not isinstance(round_totals, Sequence):
        raise BridgeInputError("round totals: must be a sequence of (NS, EW) pairs, one a round")
    scored = dict.fromkeys(range(1, count + 1), 0)
    conceded = dict(scored)
    rounds = dict(scored)
    for number, totals in enumerate(round_totals, start=1):
        pair = _round_totals(number, totals)
        if pair is None:
            continue
        seating = pivot_seating(count, number)
        for player in seating.players:
            side = seating.side(player)
            own, other = pair if side is Side.NS else pair[::-1]
            scored[player] += own
            conceded[player] += other
            rounds[player] += 1
    nets = [scored[p] - conceded[p] for p in scored]
    places = rank(nets)
    return tuple(
        PivotStanding(player, rounds[player], scored[player], conceded[player], net, place)
        for player, net, place in zip(scored, nets, places, strict=True)
    )


def _round_totals(number: int, totals: object) -> tuple[int, int] | None:
    """Parse one round's ``(ns, ew)`` totals; None for a round not played."""
    if totals is None:
        return None
    if isinstance(totals, str) or not isinstance(totals, Sequence) or len(totals) != 2:
        raise BridgeInputError(f"round {number} totals {describe(totals)}: give (NS, EW)")
    blank = [is_blank(value) for value in totals]
    if all(blank):
        return None
    ns, ew = (
        0 if empty else whole_number(value, f"round {number} {side} total")
        for value, empty, side in zip(totals, blank, ("NS", "EW"), strict=True)
    )
    return ns, ew
