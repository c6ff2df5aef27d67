"""Individual movements: each player partners every other player once (docs/rules.md §12).

A complete individual is what mathematicians call a *whist tournament* Wh(n): n players
(n = 4k or 4k + 1), each round k tables of four, each player partnering every other
exactly once and opposing every other exactly twice, as John Pain lists the first two
criteria of an ideal individual (EBU club newsletter, "Unusual (but useful) Movements
for Clubs"). With 4k players there are 4k - 1 rounds and nobody sits out; with 4k + 1,
4k + 1 rounds and one player sits out each round.

The movements here are *cyclic*: player n (with 4k players) stays at the last table,
and in each round every other player's number moves on by one, modulo 4k - 1 (4k + 1),
from a first round kept as data (:data:`FIRST_ROUNDS`). For 4k players up to 24 these
first rounds were found by a computer search and are proved by the tests; for a prime
4k + 1 (5, 13, 17, 29, 37, 41) they are E. H. Moore's construction (1896): with a
primitive root g, table i seats g^i, g^(i+k), g^(i+2k), g^(i+3k), and player 0 sits out.
With 4k + 3 players the 4k + 4 movement is played with a phantom, who stays at the last
table: that table sits out every round, its three players changing.

Every table plays the round's boards: passed from table to table during the round (the
boards a round has are then a multiple of the tables), or as duplicated copies. So each
board is compared at every table of its round.

    >>> m = individual(8, 2)
    >>> str(m)
    'Individual, 8 players: 7 rounds of 2 boards at 2 tables'
    >>> m.at(1, 1)
    IndividualSeating(round=1, table=1, north=5, east=2, south=3, west=1, boards=(1, 2))
    >>> set(m.partners().values()), set(m.opponents().values())
    ({1}, {2})
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from .errors import BridgeInputError, describe
from .numeric import whole_number

STATIONARY = -1
"""In a first round, the player who stays at the last table (numbered last)."""

FIRST_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    # The first round of the cyclic Wh(4k), modulo 4k - 1, found by search; (N, E, S, W)
    # with North-South and East-West partners. The stationary player's table is last.
    8: ((4, 1, 2, 0), (5, 3, STATIONARY, 6)),
    12: ((3, 9, 5, 2), (0, 8, 6, 7), (10, 1, STATIONARY, 4)),
    16: ((11, 10, 5, 7), (9, 14, 2, 0), (6, 13, 4, 3), (1, STATIONARY, 12, 8)),
    20: ((10, 7, 18, 1), (13, 8, 11, 17), (12, 16, 9, 2), (6, 0, 5, 4), (STATIONARY, 15, 14, 3)),
    24: ((13, 16, 18, 14), (19, 7, 12, 4), (21, 11, 17, 5), (1, 15, 10, 0), (3, 22, 2, 9), (6, 20, STATIONARY, 8)),
}
MOORE_PRIMES = (5, 13, 17, 29, 37, 41)
"""The primes 4k + 1 for which Moore's construction gives the movement."""


@dataclass(frozen=True, slots=True)
class IndividualSeating:
    """One table in one round: the four players by seat, and the boards they play."""

    round: int
    table: int
    north: int
    east: int
    south: int
    west: int
    boards: tuple[int, ...]

    @property
    def players(self) -> tuple[int, int, int, int]:
        """North, East, South and West."""
        return self.north, self.east, self.south, self.west


@dataclass(frozen=True, slots=True)
class IndividualMovement:
    """Every round of an individual: who sits where, and who sits out."""

    players: int
    tables: int
    rounds: int
    boards_per_round: int
    seatings: tuple[IndividualSeating, ...]

    def __str__(self) -> str:
        return (f"Individual, {self.players} players: {self.rounds} rounds of {self.boards_per_round} "
                f"board{'s' * (self.boards_per_round != 1)} at {self.tables} table{'s' * (self.tables != 1)}")

    def at(self, round: int, table: int) -> IndividualSeating | None:
        """Who plays at ``table`` in ``round``; None when the table sits out."""
        return next((s for s in self.seatings if s.round == round and s.table == table), None)

    def of_player(self, player: int) -> list[IndividualSeating]:
        """The tables ``player`` sits at, round by round (none in a round sat out)."""
        return [s for s in self.seatings if player in s.players]

    def sits_out(self, round: int) -> tuple[int, ...]:
        """The players who do not play in ``round``."""
        playing = {p for s in self.seatings if s.round == round for p in s.players}
        return tuple(p for p in range(1, self.players + 1) if p not in playing)

    def partners(self) -> Counter[frozenset[int]]:
        """How often each two players are partners."""
        return Counter(frozenset(pair) for s in self.seatings
                       for pair in ((s.north, s.south), (s.east, s.west)))

    def opponents(self) -> Counter[frozenset[int]]:
        """How often each two players are opponents."""
        return Counter(frozenset((a, b)) for s in self.seatings
                       for a in (s.north, s.south) for b in (s.east, s.west))

    def times_played(self) -> Counter[int]:
        """How many tables play each board."""
        return Counter(board for s in self.seatings for board in s.boards)


def individual(players: object, boards_per_round: object, rounds: object = None) -> IndividualMovement:
    """The complete individual movement for ``players`` players, playing
    ``boards_per_round`` boards a round; ``rounds`` plays only the first rounds.

    >>> str(individual(13, 2))
    'Individual, 13 players: 13 rounds of 2 boards at 3 tables'
    >>> individual(11, 2).sits_out(1)
    (2, 5, 11)
    >>> individual(10, 2)
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: players 10: an individual here has 5, 7, 8, 11, 12, 13, 15, 16, 17, \
19, 20, 23, 24, 29, 37 or 41 players
    """
    count = whole_number(players, "players", 1)
    if count not in SIZES:
        raise BridgeInputError(f"players {describe(players)}: an individual here has "
                               f"{', '.join(map(str, SIZES[:-1]))} or {SIZES[-1]} players")
    per_round = whole_number(boards_per_round, "boards a round", 1)
    first, modulus, stationary = _first_round(count)
    playing = rounds is not None and rounds != ""
    total = whole_number(rounds, "rounds", 1) if playing else modulus
    if total > modulus:
        raise BridgeInputError(f"rounds {describe(rounds)}: the {count}-player individual has {modulus} rounds")
    seatings = []
    for r in range(total):
        boards = tuple(range(r * per_round + 1, (r + 1) * per_round + 1))
        for number, table in enumerate(first, start=1):
            seats = tuple(stationary if x == STATIONARY else (x + r) % modulus + 1 for x in table)
            if stationary > count and stationary in seats:
                continue  # the phantom's table sits out
            seatings.append(IndividualSeating(r + 1, number, *seats, boards=boards))
    tables = len(first) - (stationary > count)
    return IndividualMovement(count, tables, total, per_round, tuple(seatings))


@functools.cache
def _first_round(players: int) -> tuple[tuple[tuple[int, int, int, int], ...], int, int]:
    """The first round, the modulus rounds move by, and the stationary player's number
    (a phantom's, above ``players``, when there is one; 0 when nobody stays)."""
    if players in MOORE_PRIMES:
        k, g = (players - 1) // 4, _primitive_root(players)
        tables = tuple(tuple(pow(g, i + j * k, players) for j in range(4)) for i in range(k))
        return tables, players, 0  # type: ignore[return-value]
    whist = players + 1 if players % 4 == 3 else players
    return FIRST_ROUNDS[whist], whist - 1, whist


def _primitive_root(p: int) -> int:
    return next(g for g in range(2, p) if len({pow(g, e, p) for e in range(1, p)}) == p - 1)


SIZES = tuple(sorted({*FIRST_ROUNDS, *(n - 1 for n in FIRST_ROUNDS), *MOORE_PRIMES}))
"""The numbers of players offered: 4k (and 4k - 1, with a phantom) up to 24, and the
primes 4k + 1 up to 41."""
