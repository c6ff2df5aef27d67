"""Team events: the round robin's properties, the Swiss draw's (on random events, and
a 6-team, 5-round Swiss worked by hand), and the standings with their tie-breaks."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from xlbridge import engine as E
from xlbridge.engine import BridgeInputError, round_robin, swiss_draw, team_standings


@pytest.mark.parametrize("teams", range(3, 17))
def test_round_robin_everyone_meets_everyone_once_balanced(teams):
    rounds = round_robin(teams)
    assert len(rounds) == (teams if teams % 2 else teams - 1)
    meetings = Counter(frozenset(m) for r in rounds for m in r if m[1] is not None)
    assert set(meetings) == {frozenset(p) for p in itertools.combinations(range(1, teams + 1), 2)}
    assert set(meetings.values()) == {1}
    for r in rounds:  # each team once a round
        seen = [t for m in r for t in m if t is not None]
        assert sorted(seen) == list(range(1, teams + 1))
    byes = Counter(m[0] for r in rounds for m in r if m[1] is None)
    assert set(byes.values()) == ({1} if teams % 2 else set())  # spread: one each, or none
    homes = Counter(m[0] for r in rounds for m in r if m[1] is not None)
    aways = Counter(m[1] for r in rounds for m in r if m[1] is not None)
    assert all(abs(homes[t] - aways[t]) <= 1 for t in range(1, teams + 1))


def rematch_free_exists(pool, met) -> bool:
    """Independently of swiss_draw: does any pairing of ``pool`` avoid every rematch?"""
    if not pool:
        return True
    first = pool[0]
    return any(rematch_free_exists([t for t in pool[1:] if t != other], met)
               for other in pool[1:] if other not in met[first])


@pytest.mark.parametrize("seed", range(12))
def test_swiss_on_random_events(seed):
    rng = random.Random(seed)
    teams = rng.randint(6, 12 if seed < 8 else 40)
    rounds = rng.randint(3, min(teams - 1, 9))
    played: list[tuple] = []
    met: dict[int, set[int]] = {t: set() for t in range(1, teams + 1)}
    byes = Counter()
    vps = Counter({t: 0.0 for t in range(1, teams + 1)})
    for number in range(1, rounds + 1):
        standings = sorted(vps, key=lambda t: (-vps[t], t))
        draw = swiss_draw(standings, played, round=number)
        assert draw == swiss_draw(standings, played, round=number)  # deterministic
        seen = [t for m in draw for t in m if t is not None]
        assert sorted(seen) == list(range(1, teams + 1))
        place = {t: i for i, t in enumerate(standings)}
        for home, away in draw:
            if away is None:
                assert byes[home] == 0 or all(byes[t] for t in standings)  # a second bye only when all had one
                byes[home] += 1
                vps[home] += 12
                continue
            if teams <= 12 and away in met[home]:  # a rematch only when none could be avoided
                pool = [t for t in standings if t not in [m[0] for m in draw if m[1] is None]]
                assert not rematch_free_exists(pool, met)
            assert abs(place[home] - place[away]) <= 2 * number + 1  # close in the standings
            won = rng.randint(0, 60)
            lost = rng.randint(0, 60)
            vps[home] += E.vp(won - lost, 8)
            vps[away] += E.vp(lost - won, 8)
            met[home].add(away)
            met[away].add(home)
        played.extend(draw)
        distance = [abs(place[h] - place[a]) for h, a in draw if a is not None]
        assert sum(distance) / len(distance) <= number + 1  # on average a rematch or two away


def test_a_six_team_swiss_worked_by_hand():
    """Each round's standings as the results left them, and the draw worked out by hand
    from the rules: the nearest team below not met yet (backtracking when the rest
    cannot be paired), the team with fewer home matches at home (the higher on a tie)."""
    played = []
    # Round 1, no history: 1-2, 3-4, 5-6, the higher placed at home.
    draw = swiss_draw([1, 2, 3, 4, 5, 6], played, round=1)
    assert draw == [(1, 2), (3, 4), (5, 6)]
    played += draw
    # After round 1: 1, 3, 5, 2, 4, 6. 1 meets 3; 5 meets 2 (not met), home 2 (no home yet).
    draw = swiss_draw([1, 3, 5, 2, 4, 6], played, round=2)
    assert draw == [(1, 3), (2, 5), (4, 6)]
    played += draw
    # After round 2: 1..6. 1-4, then 2-3 would leave 5-6 (met): so 2-6 and 3-5.
    # Homes so far 1:2, 2:1, 3:1, 4:1, 5:1, 6:0: 4, 6 and (a tie) 3 are at home.
    draw = swiss_draw([1, 2, 3, 4, 5, 6], played, round=3)
    assert draw == [(4, 1), (6, 2), (3, 5)]
    played += draw
    # After round 3: 2, 1, 4, 3, 6, 5. 2-4; 1-6 would leave 3-5 (met): so 1-5 and 3-6.
    draw = swiss_draw([2, 1, 4, 3, 6, 5], played, round=4)
    assert draw == [(2, 4), (5, 1), (6, 3)]
    played += draw
    # After round 4: 1..6. What is left unplayed: 1-6, 2-3, 4-5; homes all 2: ties.
    draw = swiss_draw([1, 2, 3, 4, 5, 6], played, round=5)
    assert draw == [(1, 6), (2, 3), (4, 5)]


def test_the_bye_goes_to_the_lowest_team_without_one():
    assert swiss_draw([1, 2, 3, 4, 5])[-1] == (5, None)
    assert swiss_draw([1, 2, 3, 4, 5], [(5, None)])[-1] == (4, None)


def test_standings_sum_vps_and_break_ties_by_the_match_between_the_tied():
    a = E.vp(10, 8)
    matches = [(1, 2, 40, 30, 8),  # 1 beats 2 by 10: a and 20 - a
               (3, 1, 40, 30, 8),  # 3 beats 1 by 10
               (2, 4, 40, 30, 8),  # 2 beats 4 by 10
               (3, 4, 20, 20, 8)]  # a draw: 10 each
    table = team_standings(matches)
    assert [(s.team, s.vp) for s in table] == [(3, round(a + 10, 2)), (1, 20.0), (2, 20.0), (4, round(30 - a, 2))]
    assert [s.place for s in table] == ["1", "2", "3", "4"]  # 1 ahead of 2: it won their match
    assert (table[1].imps_for, table[1].imps_against, table[1].quotient) == (70, 70, 1.0)


def test_then_by_imp_quotient_and_byes_score_their_vps():
    # 1 and 2 never meet; each has a bye and wins by 10 IMPs (the same VPs), 1 by 20-10
    # (quotient 2), 2 by 40-30 (quotient 4/3): 1 is ahead.
    matches = [(1, 3, 20, 10, 8), (2, 4, 40, 30, 8), (1, None), (2, None)]
    table = team_standings(matches, bye_vp=12)
    won = 12 + E.vp(10, 8)
    assert [(s.place, s.team, s.vp) for s in table][:2] == [("1", 1, round(won, 2)), ("2", 2, round(won, 2))]
    assert (table[0].quotient, table[1].quotient) == (2.0, pytest.approx(4 / 3))
    # The same margins with the same IMPs: nothing tells them apart, and they share the place.
    level = team_standings([(1, 3, 20, 10, 8), (2, 4, 20, 10, 8), (1, None), (2, None)])
    assert [s.place for s in level][:2] == ["1-2", "1-2"]
    assert team_standings([(1, None)], bye_vp=0)[0].vp == 0


@pytest.mark.parametrize(("call", "message"), [
    (lambda: round_robin(1), "teams 1"),
    (lambda: round_robin([1, 2, 2]), "team 2: listed twice"),
    (lambda: swiss_draw([1, 2, 3, 4], [(1, 9)]), "team 9 is not in the standings"),
    (lambda: swiss_draw([1, 2], [(1, 1)]), "cannot meet itself"),
    (lambda: team_standings([(1, 2, 10, 5)]), "match 1"),
    (lambda: team_standings([(1, 2, -3, 5, 8)]), "match 1: IMPs must be 0 or more"),
    (lambda: team_standings([(1, None)], bye_vp=25), "bye VP 25: must be 0-20"),
])
def test_bad_input_names_the_team_or_match(call, message):
    with pytest.raises(BridgeInputError, match=message):
        call()


def test_vpstandings_spills_the_engines_standings():
    from xlbridge.udfs import VPSTANDINGS

    matches = [(1, 2, 40, 30, 8), (3, 1, 40, 30, 8), (2, 4, 40, 30, 8), (3, 4, 20, 20, 8), (5, None)]
    columns = [[[m[i] if i < len(m) else None] for m in matches] for i in range(5)]
    expected = [[s.team, s.place, s.vp, s.quotient if s.imps_against else ""]
                for s in team_standings(matches)]
    assert VPSTANDINGS(*columns) == expected
    assert VPSTANDINGS([[1], [2]], [[2], [1]], [[1], [2]], [[2]], 8) == "#VALUE! away_imps: 1 rows, but homes has 2"
