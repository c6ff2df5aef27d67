"""The complete Howells (xlbridge/engine/howells.py): every property checked from the rows
the movement builds, for every size, with and without a sit-out."""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise

import pytest

from xlbridge.engine import movement
from xlbridge.engine.howells import FIRST_ROUND, STATIONARY_TABLE

SIZES = [(tables, pairs) for tables in sorted(FIRST_ROUND) for pairs in (2 * tables, 2 * tables - 1)]

# The English Bridge Union's club Howells as the Exeter club lists them
# (https://www.bridgewebs.com/exeter/info.html): the sets resting on each relay stand.
# "4 tables, 7 rounds: 1 relay between tables 1 & 2 and 2 relays between tables 4 & 1";
# "5 tables, 9 rounds: 4 relays between tables 5 & 1"; "7 tables, 13 rounds: 6 relays
# between tables 7 & 1".
PUBLISHED_STANDS = {4: [1, 2], 5: [4], 7: [6]}


def paths(m) -> dict[tuple[int, ...], list[tuple[int, int]]]:
    """Each set's (round, table) visits, every row (a table where nobody plays holds its boards)."""
    found = defaultdict(list)
    for row in m.rows:
        found[row.boards].append((row.round, row.table))
    return {boards: sorted(visits) for boards, visits in found.items()}


def rests(m) -> dict[tuple[int, int], int]:
    """(table left, table next) -> the most sets resting between them in one round."""
    waiting: dict[tuple[int, int], dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for visits in paths(m).values():
        for (r1, t1), (r2, t2) in pairwise(visits):
            for r in range(r1 + 1, r2):
                waiting[t1, t2][r] += 1
    return {key: max(by_round.values()) for key, by_round in waiting.items()}


@pytest.mark.parametrize(("tables", "pairs"), SIZES)
def test_boards_go_to_the_next_lower_table(tables, pairs):
    m = movement("howell", tables, 2 * tables - 1, pairs=pairs)
    for visits in paths(m).values():
        assert len(visits) == tables  # every set at every table once
        for (r1, t1), (r2, t2) in pairwise(visits):
            assert t2 == (t1 - 2) % tables + 1  # the next lower table (table 1's go to the last)
            assert r2 == r1 + 1 or (t1, t2) in rests(m)  # at once, or after resting on a stand


@pytest.mark.parametrize(("tables", "pairs"), SIZES)
def test_one_relay_stand_for_an_odd_number_of_tables_two_for_an_even(tables, pairs):
    m = movement("howell", tables, 2 * tables - 1, pairs=pairs)
    stands = rests(m)
    assert len(stands) == (1 if tables % 2 else 2)
    # T - 1 sets rest each round, all of them on the stands
    assert sum(stands.values()) == tables - 1
    # the engine names the same stands, and every set not at a table before round 1
    assert {(s.after, s.before) for s in m.stands()} == set(stands)
    first = {row.boards for row in m.rows if row.round == 1}
    assert sorted(b for s in m.stands() for b in s.first_round) == sorted(set(paths(m)) - first)


@pytest.mark.parametrize("tables", sorted(PUBLISHED_STANDS))
def test_no_more_stands_than_the_published_howells(tables):
    m = movement("howell", tables, 2 * tables - 1)
    assert len(rests(m)) <= len(PUBLISHED_STANDS[tables])
    assert sorted(rests(m).values()) == PUBLISHED_STANDS[tables]


@pytest.mark.parametrize(("tables", "pairs"), SIZES)
def test_pairs_move_to_the_seat_of_the_pair_one_below(tables, pairs):
    m = movement("howell", tables, 2 * tables - 1, pairs=pairs)
    seat = {}
    for row in m.rows:
        seat[row.round, row.ns] = (row.table, "NS")
        seat[row.round, row.ew] = (row.table, "EW")
    moving = 2 * tables - 1
    for r in range(2, m.rounds + 1):
        for pair in range(1, moving + 1):
            below = (pair - 2) % moving + 1
            assert seat[r, pair] == seat[r - 1, below], (r, pair)
    # the stationary pair stays North-South at its table; with a sit-out, nobody plays there
    still = STATIONARY_TABLE[tables]
    if pairs % 2:  # the phantom is the stationary pair
        assert {row.table for row in m.rows if row.sits_out} == {still}
        assert all(row.ns is None for row in m.rows if row.sits_out)
    else:
        assert {seat[r, 2 * tables] for r in range(1, m.rounds + 1)} == {(still, "NS")}


@pytest.mark.parametrize("tables", sorted(FIRST_ROUND))
def test_balance(tables):
    """Perfect with an even number of tables (every two pairs the same way on T - 1
    sets), T - 2 to T with an odd number."""
    m = movement("howell", tables, 2 * tables - 1)
    assert m.balance == ((tables - 1, tables - 1) if tables % 2 == 0 else (tables - 2, tables))
    values = list(m.comparisons().values())
    assert sum(values) == (tables - 1) * len(values)


@pytest.mark.parametrize("tables", sorted(FIRST_ROUND))
def test_balance_with_a_sit_out(tables):
    """With a sit-out every pair misses the set it would have played against the phantom.
    The 4-, 7-, 9- and 10-table Howells are chosen so that every two pairs still sit the
    same way equally often, on T - 2 sets; the 5-, 6- and 8-table ones on T - 3 to T - 1
    (with 6 tables no movement with two stands does better)."""
    m = movement("howell", tables, 2 * tables - 1, pairs=2 * tables - 1)
    if tables in (4, 7, 9, 10):
        assert m.balance == (tables - 2, tables - 2)
    else:
        assert m.balance == (tables - 3, tables - 1)


# A published 4-table Howell, transcribed: bridgecentral.com's "4 Table Howell" page
# (http://www.bridgecentral.com/MvtHTML/4tablehowells.htm), its line "SS (b) 8-1 6-5 4-2 R
# 7-3 2R": round 1 at tables 1-4 (NS-EW), a relay between tables 3 and 4, two after table 4.
# As in every Howell of this kind, pair 8 stays, the others follow the pair one below, the
# boards go down a table (or a relay place) a round.
PUBLISHED_4 = ("8-1", "6-5", "4-2", "R", "7-3", "R", "R")


def published_rows(layout: tuple[str, ...], tables: int) -> list[tuple[int, int, int, int, int]]:
    """(round, table, NS, EW, set) of a Howell given as its places in board order."""
    moving = 2 * tables - 1
    places = [tuple(map(int, place.split("-"))) if place != "R" else None for place in layout]
    rows = []
    for r in range(moving):
        table = 0
        for column, place in enumerate(places):
            if place is None:
                continue
            table += 1
            ns, ew = (p if p == 2 * tables else (p - 1 + r) % moving + 1 for p in place)
            rows.append((r + 1, table, ns, ew, (column + r) % moving))
    return rows


def balance_and_stands(rows: list[tuple[int, int, int, int, int]], tables: int) -> tuple[tuple[int, int], int]:
    sides = defaultdict(set)
    for _, _, ns, ew, board_set in rows:
        sides[board_set, "NS"].add(ns)
        sides[board_set, "EW"].add(ew)
    pairs = range(1, 2 * tables + 1)
    counts = [sum(1 for group in sides.values() if a in group and b in group) for a in pairs for b in pairs if a < b]
    visits = defaultdict(list)
    for r, t, _, _, board_set in rows:
        visits[board_set].append((r, t))
    stands = {(t1, t2) for seen in visits.values() for (r1, t1), (r2, t2) in pairwise(sorted(seen)) if r2 > r1 + 1}
    return (min(counts), max(counts)), len(stands)


def test_as_balanced_as_a_published_howell_with_no_more_stands():
    rows = published_rows(PUBLISHED_4, 4)
    # the transcription is a complete Howell: every two pairs meet once, every pair plays every set once
    meetings = defaultdict(int)
    plays = defaultdict(int)
    for _, _, ns, ew, board_set in rows:
        meetings[frozenset((ns, ew))] += 1
        plays[ns, board_set] += 1
        plays[ew, board_set] += 1
    assert len(meetings) == 28 and set(meetings.values()) == {1} and set(plays.values()) == {1}
    (low, high), stands = balance_and_stands(rows, 4)
    ours = movement("howell", 4, 7)
    mine = [(row.round, row.table, row.ns, row.ew, row.boards[0]) for row in ours.rows]
    (our_low, our_high), our_stands = balance_and_stands(mine, 4)
    assert (our_low, our_high) == ours.balance
    assert our_low >= low and our_high - our_low <= high - low
    assert our_stands <= stands == 2
