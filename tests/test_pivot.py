"""Pivot bridge (docs/rules.md §10): the schedules and each player's net and place."""

import itertools
import re
from collections import Counter

import pytest

from xlbridge import (
    BridgeInputError,
    Seat,
    Side,
    pivot_pairs,
    pivot_schedule,
    pivot_seating,
    pivot_standings,
)

# docs/rules.md §10, as (N, E, S, W, sits out).
FOUR = [(2, 4, 1, 3, None), (3, 2, 1, 4, None), (4, 3, 1, 2, None)]
FIVE = [(2, 4, 1, 3, 5), (5, 3, 1, 2, 4), (4, 2, 1, 5, 3), (3, 5, 1, 4, 2), (4, 5, 2, 3, 1)]


@pytest.mark.parametrize(("players", "table"), [(4, FOUR), (5, FIVE), (5.0, FIVE), ("4", FOUR)])
def test_schedules_match_the_rules(players, table):
    schedule = pivot_schedule(players)
    assert [(*r.players, r.sits_out) for r in schedule] == table
    assert [r.round for r in schedule] == list(range(1, len(table) + 1))


@pytest.mark.parametrize("players", [4, 5])
def test_every_pair_partners_exactly_once_and_opposes_twice(players):
    pairs = pivot_pairs(players)
    assert set(pairs) == set(itertools.combinations(range(1, players + 1), 2))
    assert all(partners == 1 for partners, _ in pairs.values())
    assert all(opponents == 2 for _, opponents in pairs.values())


def test_partner_and_opponent_counts_from_the_seatings():
    # Counted here straight from the seats, not through pivot_pairs.
    partners, opponents = Counter(), Counter()
    for seating in pivot_schedule(5):
        for a, b in itertools.combinations(seating.players, 2):
            same_side = seating.side(a) is seating.side(b)
            (partners if same_side else opponents)[frozenset((a, b))] += 1
    assert len(partners) == 10 and set(partners.values()) == {1}
    assert len(opponents) == 10 and set(opponents.values()) == {2}


def test_five_players_everyone_sits_out_once_and_the_pivot_stays_south():
    schedule = pivot_schedule(5)
    assert sorted(r.sits_out for r in schedule) == [1, 2, 3, 4, 5]
    for seating in schedule:
        assert seating.sits_out not in seating.players
        assert sorted([*seating.players, seating.sits_out]) == [1, 2, 3, 4, 5]
    assert [r.seat(1) for r in schedule] == [Seat.S] * 4 + [None]


def test_four_players_pivot_keeps_south_with_each_partner_in_turn():
    schedule = pivot_schedule(4)
    assert all(r.south == 1 and r.sits_out is None for r in schedule)
    assert [r.north for r in schedule] == [2, 3, 4]
    # Round 1: 3 at the pivot's left (West), 4 at his right (East).
    assert (schedule[0].west, schedule[0].east) == (3, 4)


def test_seating_lookups():
    seating = pivot_seating(5, 2)
    assert seating.player("N") == 5 and seating.player(Seat.W) == 2
    assert seating.seat(3) is Seat.E and seating.seat(4) is None
    assert seating.side(5) is Side.NS and seating.side(2) is Side.EW
    assert seating.partnerships == ((5, 1), (3, 2))


def test_rounds_beyond_the_schedule_repeat_it():
    assert pivot_seating(5, 6).players == pivot_seating(5, 1).players
    assert pivot_seating(5, 6).round == 6
    assert pivot_seating(4, 4).players == pivot_seating(4, 1).players
    assert pivot_seating(4, 9).players == pivot_seating(4, 3).players


@pytest.mark.parametrize(
    ("call", "message"),
    [(lambda: pivot_schedule(3), "players 3: must be a whole number 4-5"),
     (lambda: pivot_schedule(6), "players 6: must be a whole number 4-5"),
     (lambda: pivot_seating(4, 0), "round 0: must be a whole number, 1 or more")],
)
def test_bad_players_and_rounds(call, message):
    with pytest.raises(BridgeInputError, match="^" + re.escape(message)):
        call()


def test_standings_four_players():
    # Round 1: 1-2 v 3-4; round 2: 1-3 v 2-4; round 3: 1-4 v 2-3 (North-South first).
    standings = pivot_standings(4, [(620, 100), (0, 450), (300, 300)])
    assert [(s.player, s.net) for s in standings] == [(1, 70), (2, 970), (3, -970), (4, -70)]
    assert [s.place for s in standings] == [2, 1, 4, 3]
    assert all(s.rounds == 3 for s in standings)
    assert standings[0].scored == 620 + 0 + 300 and standings[0].conceded == 100 + 450 + 300


def test_standings_five_players_sitting_out_and_shared_places():
    totals = [(500, 0), (0, 0), (0, 0), (0, 0), (0, 0)]
    standings = pivot_standings(5, totals)
    # Round 1: 2-1 (NS) scored 500 against 4-3; player 5 sat out.
    assert [s.net for s in standings] == [500, 500, -500, -500, 0]
    assert [s.place for s in standings] == [1, 1, 4, 4, 3]
    assert [s.rounds for s in standings] == [4, 4, 4, 4, 4]


def test_standings_skip_unplayed_rounds_and_read_a_lone_blank_as_0():
    standings = pivot_standings(5, [(100, ""), None, ("", ""), (None, 200.0)])
    # Round 1: 2-1 v 4-3, NS +100; round 4: 3-1 v 5-4, EW +200.
    assert [s.net for s in standings] == [-100, 100, -300, 100, 200]
    assert [s.rounds for s in standings] == [2, 1, 2, 2, 1]


def test_standings_beyond_the_schedule_use_the_repeated_seating():
    standings = pivot_standings(4, [None, None, None, (100, 0)])
    assert [s.net for s in standings] == [100, 100, -100, -100]


@pytest.mark.parametrize(
    ("totals", "message"),
    [([(100, "x")], 'round 1 EW total "x": must be a whole number'),
     ([(100,)], "round 1 totals (100,): give (NS, EW)"),
     (["100 0"], 'round 1 totals "100 0": give (NS, EW)'),
     ("100", "round totals: must be a sequence")],
)
def test_bad_round_totals(totals, message):
    with pytest.raises(BridgeInputError, match="^" + re.escape(message)):
        pivot_standings(4, totals)
