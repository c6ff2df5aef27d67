"""Individual movements (issue 22, part 1): for every size offered, every two players
partner at most once (exactly once with no phantom), oppose each other twice (once or
twice beside a phantom), every player plays every round but the ones they sit out, and
every board is played at every table of its round. Compared with a published 8-player
movement: Col. G. L. Sicherman's rotation (rec.games.bridge, 1997,
http://sicherman.net/bridge/pseudoteam.txt), which John Pain's EBU newsletter article
("Unusual (but useful) Movements for Clubs") calls the simplest individual of all.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from xlbridge.engine import BridgeInputError
from xlbridge.engine.individual import MOORE_PRIMES, SIZES, IndividualSeating, individual


def lho_counts(seatings: list[tuple[int, int, int, int]]) -> Counter[tuple[int, int]]:
    """How often the second player sits at the first's left (N→E→S→W→N)."""
    return Counter((table[i], table[(i + 1) % 4]) for table in seatings for i in range(4))


@pytest.mark.parametrize("players", SIZES)
def test_every_size_is_a_whist_tournament(players):
    m = individual(players, 2)
    phantom = players % 4 == 3
    pairs = [frozenset(p) for p in itertools.combinations(range(1, players + 1), 2)]
    partners, opponents = m.partners(), m.opponents()
    assert set(partners) <= set(pairs) and set(opponents) <= set(pairs)
    if phantom:  # partners at most once, opponents once or twice: the phantom's table sits out
        assert max(partners[p] for p in pairs) == 1 and {opponents[p] for p in pairs} <= {1, 2}
        assert all(len(m.sits_out(r)) == 3 for r in range(1, m.rounds + 1))
    else:
        assert all(partners[p] == 1 for p in pairs)
        assert all(opponents[p] == 2 for p in pairs)
        assert all(len(m.sits_out(r)) == players % 4 for r in range(1, m.rounds + 1))
    # every player sits out as often as every other, and never twice at one round's tables
    rounds_played = Counter(p for s in m.seatings for p in s.players)
    assert len(set(rounds_played.values())) == 1
    for r in range(1, m.rounds + 1):
        seated = [p for s in m.seatings if s.round == r for p in s.players]
        assert len(seated) == len(set(seated)) == 4 * m.tables
    # each round's boards at each of its tables, and no board in two rounds
    assert set(m.times_played().values()) == {m.tables}
    assert m.rounds == (players if players % 4 == 1 else players + (players % 4 == 3) - 1)


def sicherman_rounds() -> list[list[tuple[int, int, int, int]]]:
    """The published rotation, transcribed: seats T1 N E S W, T2 N E S W; after each round
    T1N stays, T1W to T2W, T1E to T2S, T1S to T1W, T2N to T1E, T2W to T2E, T2E to T2N,
    T2S to T1S."""
    moves = {"1N": "1N", "1W": "2W", "1E": "2S", "1S": "1W", "2N": "1E", "2W": "2E", "2E": "2N", "2S": "1S"}
    seats = dict(zip(["1N", "1E", "1S", "1W", "2N", "2E", "2S", "2W"], range(1, 9), strict=True))
    rounds = []
    for _ in range(7):
        rounds.append([tuple(seats[f"{t}{d}"] for d in "NESW") for t in "12"])
        seats = {moves[seat]: player for seat, player in seats.items()}
    return rounds


def test_ours_matches_the_published_8_player_movement():
    published = [table for rnd in sicherman_rounds() for table in rnd]
    ours = [s.players for s in individual(8, 2).seatings]
    for tables in (published, ours):
        partners = Counter(frozenset(p) for t in tables for p in ((t[0], t[2]), (t[1], t[3])))
        opponents = Counter(frozenset((a, b)) for t in tables for a in (t[0], t[2]) for b in (t[1], t[3]))
        assert len(partners) == 28 and set(partners.values()) == {1}
        assert len(opponents) == 28 and set(opponents.values()) == {2}
    # Pain: "does not satisfy criterion 3" (each opponent once on each side). Neither does ours.
    assert max(lho_counts(published).values()) == max(lho_counts(ours).values()) == 2
    assert len(published) == len(ours) == 14


def test_moore_construction_is_the_published_one():
    # p = 13, primitive root 2, k = 3: table i seats 2^i, 2^(i+3), 2^(i+6), 2^(i+9) (mod 13),
    # player 0 (numbered 1) sits out the first round.
    assert 13 in MOORE_PRIMES
    first = [s.players for s in individual(13, 1).seatings if s.round == 1]
    expected = [tuple(pow(2, i + 3 * j, 13) + 1 for j in range(4)) for i in range(3)]
    assert first == expected
    assert individual(13, 1).sits_out(1) == (1,)


def test_rounds_and_boards():
    m = individual(12, 3, rounds=4)
    assert m.rounds == 4 and m.at(4, 3) == IndividualSeating(4, 3, *m.at(4, 3).players, boards=(10, 11, 12))
    assert m.at(1, 4) is None
    assert [s.table for s in m.of_player(12)] == [3, 3, 3, 3]  # the stationary player


@pytest.mark.parametrize(("args", "message"), [
    ((10, 2), "players 10: an individual here has 5, 7, 8"),
    ((8, 0), "boards a round 0"),
    ((8, 2, 8), "rounds 8: the 8-player individual has 7 rounds"),
    (("eight", 2), 'players "eight"'),
])
def test_bad_input_is_one_line(args, message):
    with pytest.raises(BridgeInputError, match=message):
        individual(*args)
