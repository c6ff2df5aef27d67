"""The complete Howells for 4 to 10 tables, as data: each one's first round.

A complete Howell for T tables has 2T - 1 rounds and board sets; every pair meets every
other pair once and plays every set once. These are *cyclic*: pair 2T stays North-South
at its table, and after each round

- every other pair moves to the seat of the pair one below (pair 5 to where pair 4 sat,
  pair 1 to where pair 2T - 1 sat), and
- every set moves to the next lower table (set 4 to where set 3 was played); a set
  leaving table 1, or the bottom table of a run, rests on a relay stand until the next
  lower table in the cycle needs it (the stand sits between those two tables).

So one round, :data:`FIRST_ROUND`, is the whole movement: per table ``(NS, EW, set)``,
sets numbered 1 .. 2T - 1. The tables form one run of consecutive sets (one relay
stand, T - 1 sets resting on it) for an odd T, and two runs (two stands) for an even T,
as in the English Bridge Union's club Howells (4 tables: a relay of one set and one of
two; 5 and 7 tables: one relay of four and six sets; the Exeter club's list of the EBU
movements, https://www.bridgewebs.com/exeter/info.html). The rows themselves were
found by a search (a starter-adder construction of cyclic Room squares) under these
constraints, for the best balance: with an even T every pair sits in the same
direction as every other pair on exactly T - 1 sets; with an odd T on T - 2 to T.
tests/test_howells.py checks every property from the rows the movement builds.

>>> FIRST_ROUND[4]
((8, 1, 1), (3, 7, 2), (5, 6, 3), (2, 4, 5))
>>> STATIONARY_TABLE[5]  # with a sit-out, nobody plays at this table
3
"""

from __future__ import annotations

from collections.abc import Iterator

FIRST_ROUND: dict[int, tuple[tuple[int, int, int], ...]] = {
    4: ((8, 1, 1), (3, 7, 2), (5, 6, 3), (2, 4, 5)),
    5: ((2, 4, 1), (7, 8, 2), (10, 1, 3), (3, 6, 4), (5, 9, 5)),
    6: ((2, 9, 1), (12, 1, 2), (7, 6, 3), (4, 10, 4), (8, 11, 6), (3, 5, 7)),
    7: ((12, 3, 1), (11, 5, 2), (9, 8, 3), (14, 1, 4), (6, 4, 5), (13, 10, 6), (7, 2, 7)),
    8: ((16, 1, 1), (4, 9, 2), (8, 2, 3), (10, 14, 4), (6, 13, 5), (15, 3, 6), (11, 12, 8), (5, 7, 9)),
    9: ((13, 9, 1), (2, 4, 2), (7, 10, 3), (15, 5, 4), (18, 1, 5), (3, 12, 6), (16, 17, 7), (6, 11, 8),
        (14, 8, 9)),
    10: ((20, 1, 1), (9, 16, 2), (12, 2, 3), (15, 7, 4), (13, 19, 7), (6, 4, 8), (10, 11, 9), (14, 18, 10),
         (8, 5, 11), (17, 3, 12)),
}

# The table of the stationary pair 2T (the phantom's, with a sit-out).
STATIONARY_TABLE: dict[int, int] = {
    tables: next(t for t, (ns, _, _) in enumerate(seats, start=1) if ns == 2 * tables)
    for tables, seats in FIRST_ROUND.items()}


def rounds(tables: int) -> Iterator[tuple[int, int, int, int, int]]:
    """(round, table, NS, EW, set) of the Howell for ``tables`` tables, sets from 0.

    >>> [row for row in rounds(4) if row[0] == 2]
    [(2, 1, 8, 2, 1), (2, 2, 4, 1, 2), (2, 3, 6, 7, 3), (2, 4, 3, 5, 5)]
    """
    moving = 2 * tables - 1
    for r in range(moving):
        for t, (ns, ew, board_set) in enumerate(FIRST_ROUND[tables], start=1):
            ns, ew = (p if p == 2 * tables else (p - 1 + r) % moving + 1 for p in (ns, ew))
            yield r + 1, t, ns, ew, (board_set - 1 + r) % moving
