"""Movements: the properties every movement the engine offers must have, at every size.

Each test derives what it checks from the rows alone (who sits where, on which boards),
not from how the movement was built.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from itertools import combinations

import pytest

from xlbridge.engine import BridgeInputError, Movement, Seating, movement

MITCHELLS = [(t, v, p) for t in range(3, 16) for v in ([None] if t % 2 else ["skip", "relay"])
             for p in (2 * t, 2 * t - 1) if not (v == "skip" and p % 2)]
HOWELLS = [(t, p) for t in range(2, 11) for p in (2 * t, 2 * t - 1)]
SETS = {2: 3, 3: 5}


def howell_sets(tables: int) -> int:
    return SETS.get(tables, 2 * tables - 1)


def every_movement():
    for tables, variant, pairs in MITCHELLS:
        for per_round in (2, 3):
            yield movement("mitchell", tables, tables * per_round, variant=variant, pairs=pairs)
        yield movement("mitchell", tables, tables * 2, variant=variant, pairs=pairs, arrow_switch=True)
    for tables, pairs in HOWELLS:
        yield movement("howell", tables, howell_sets(tables) * 2, pairs=pairs)


MOVEMENTS = list(every_movement())


def ids(m) -> str:
    return f"{m.kind}-{m.tables}-{m.variant or ''}-{m.pairs}-{m.per_round}{'-arrow' if m.arrow_switch else ''}"


@pytest.mark.parametrize("m", MOVEMENTS, ids=ids)
def test_every_movement_is_playable(m):
    by_round = defaultdict(list)
    for row in m.rows:
        by_round[row.round].append(row)
    assert sorted(by_round) == list(range(1, m.rounds + 1))
    for rows in by_round.values():
        # every table once a round, no pair twice in a round
        assert sorted(r.table for r in rows) == list(range(1, m.tables + 1))
        seated = [p for r in rows for p in (r.ns, r.ew) if p is not None]
        assert len(seated) == len(set(seated))
        # a board played at one table a round, or at exactly the tables shared() names
        tables_of = defaultdict(list)
        for r in rows:
            if not r.sits_out:
                tables_of[r.boards].append(r.table)
        shared = {boards: tables for (round_no, boards), tables in m.shared().items() if round_no == rows[0].round}
        assert shared == {boards: tuple(tables) for boards, tables in tables_of.items() if len(tables) > 1}
    # every real pair plays; no pair plays a board twice; the phantom is the pair that stays put
    phantom = 2 * m.tables if m.kind == "howell" else m.tables
    assert m.pair_numbers == [p for p in range(1, 2 * m.tables + 1) if m.pairs == 2 * m.tables or p != phantom]
    for pair in m.pair_numbers:
        boards = [b for r in m.played if pair in (r.ns, r.ew) for b in r.boards]
        assert len(boards) == len(set(boards)), pair
    # every board played at the same number of tables, all boards in play
    assert sorted(m.times_played()) == list(range(1, m.boards + 1))
    assert len(set(m.times_played().values())) == 1
    assert sum(m.boards_played().values()) == 2 * sum(m.times_played().values())


@pytest.mark.parametrize("m", [m for m in MOVEMENTS if m.kind == "mitchell"], ids=ids)
def test_mitchell_ns_meets_each_ew_pair_at_most_once_and_stays(m):
    meetings = Counter(frozenset((r.ns, r.ew)) for r in m.played)
    assert max(meetings.values()) == 1
    t = m.tables
    for row in m.rows:
        if row.round not in m.arrow_switch:
            assert row.ns in (row.table, None)  # NS pair t stays at table t
            assert row.ew is None or t < row.ew <= 2 * t
    if m.pairs == 2 * t and m.variant != "skip":  # every NS pair meets every EW pair
        assert len(meetings) == t * t


@pytest.mark.parametrize("m", [m for m in MOVEMENTS if m.arrow_switch], ids=ids)
def test_arrow_switch_rounds_seat_ew_pairs_north_south(m):
    assert m.arrow_switch and set(m.arrow_switch) <= set(range(1, m.rounds + 1))
    for row in m.rows:
        if row.round in m.arrow_switch and row.ew is not None:
            assert row.ew == row.table  # the table's own NS pair now sits EW


@pytest.mark.parametrize("m", [m for m in MOVEMENTS if m.kind == "howell"], ids=ids)
def test_howell_every_pair_meets_every_other(m):
    meetings = Counter(frozenset((r.ns, r.ew)) for r in m.played)
    pairs = m.pair_numbers
    assert max(meetings.values()) == 1
    assert len(meetings) == len(pairs) * (len(pairs) - 1) // 2
    if m.tables >= 4:  # complete: every pair plays every board once, but the set of its sit-out
        sits_out = m.per_round if m.pairs % 2 else 0
        assert set(m.boards_played().values()) == {m.boards - sits_out}


@pytest.mark.parametrize("tables", range(4, 11))
def test_the_howell_tables_have_the_balance_they_claim(tables):
    """engine/howells.py says: with an even number of tables every pair sits the same way as
    every other pair on exactly T - 1 sets; with an odd number on T - 2 to T."""
    m = movement("howell", tables, 2 * tables - 1)  # a board a set
    low, high = m.balance
    if tables % 2 == 0:
        assert (low, high) == (tables - 1, tables - 1)
    else:
        assert (low, high) == (tables - 2, tables)
    # and the average is always T - 1: the sets a pair shares a direction with the rest
    values = list(m.comparisons().values())
    assert sum(values) == pytest.approx((tables - 1) * len(values))


def test_the_two_and_three_table_howells_share_boards():
    two = movement("howell", 2, 24)
    assert two.rounds == 3 and all(len(tables) == 2 for tables in two.shared().values())
    three = movement("howell", 3, 20)
    assert three.rounds == 5 and list(three.shared().values()) == [(1, 2, 3)]


@pytest.mark.parametrize("m", [m for m in MOVEMENTS if m.pairs % 2 and (m.kind == "mitchell" or m.tables >= 4)],
                         ids=ids)
def test_the_sit_out_stays_at_one_table(m):
    """(The 2- and 3-table Howells move every pair, the phantom too.)"""
    empty = {row.table for row in m.rows if row.sits_out}
    rounds = [row.round for row in m.rows if row.sits_out]
    assert rounds == list(range(1, m.rounds + 1))  # one table empty every round ...
    assert len(empty) == 1  # ... always the same one
    if m.kind == "mitchell":  # the last table's North-South is the phantom
        assert empty == {m.tables}
        assert all(row.ns is None for row in m.rows if row.sits_out and row.round not in m.arrow_switch)


@pytest.mark.parametrize("m", MOVEMENTS, ids=ids)
def test_boards_next_names_only_tables_that_play_them(m):
    played = {(row.round, row.table): row.boards for row in m.played}
    for row in m.rows:
        found = m.boards_next(row.round, row.table)
        if found is None:
            later = [r for (r, _), boards in played.items() if boards == row.boards and r > row.round]
            assert not later
            continue
        next_round, tables = found
        assert all(played.get((next_round, t)) == row.boards for t in tables)
        # and nothing plays them in between
        assert not [t for (r, t), boards in played.items() if boards == row.boards and row.round < r < next_round]


def test_the_relay_mitchell_with_a_sit_out_shares_nothing():
    """The phantom at the last table: table 1 plays the set the two tables would share."""
    for tables in range(4, 31, 2):
        m = movement("mitchell", tables, tables, variant="relay", pairs=2 * tables - 1)
        assert m.shared() == {}, tables
        assert movement("mitchell", tables, tables, variant="relay").shared() != {}


def every_mitchell(tables: int, per_round: int = 1):
    variants = [None] if tables % 2 else ["skip", "relay"]
    for variant in variants:
        for pairs in (2 * tables, 2 * tables - 1):
            if not (variant == "skip" and pairs % 2):
                yield variant, pairs


def never_compared(m) -> list[tuple[int, int]]:
    """The pairs of pairs who never sit the same way on any board, counted from the rows."""
    sides = defaultdict(set)
    for row in m.played:
        for board in row.boards:
            sides[board, "NS"].add(row.ns)
            sides[board, "EW"].add(row.ew)
    together = {frozenset((a, b)) for group in sides.values() for a in group for b in group if a != b}
    pairs = m.pair_numbers
    return [(a, b) for i, a in enumerate(pairs) for b in pairs[i + 1:] if frozenset((a, b)) not in together]


def switched(m, rounds) -> Movement:
    """``m`` with East-West sitting North-South in ``rounds``."""
    return replace(m, rows=tuple(Seating(r.round, r.table, *((r.ew, r.ns) if r.round in rounds else (r.ns, r.ew)),
                                         r.boards) for r in m.rows), arrow_switch=tuple(sorted(rounds)))


@pytest.mark.parametrize("tables", range(3, 31))
def test_the_default_arrow_switch_compares_every_two_pairs(tables):
    """For every size, variant and sit-out: no two pairs who never sit the same way on a
    board. Where no choice of whole rounds to switch achieves that (a few small Mitchells,
    tried one by one), the default leaves as few as any choice would."""
    for variant, pairs in every_mitchell(tables):
        plain = movement("mitchell", tables, tables, variant=variant, pairs=pairs)
        m = movement("mitchell", tables, tables, variant=variant, pairs=pairs, arrow_switch=True)
        assert m.rows == switched(plain, m.arrow_switch).rows
        missed = len(never_compared(m))
        if missed:
            assert plain.rounds <= 10, (tables, variant, pairs)
            fewest = min(len(never_compared(switched(plain, chosen))) for k in range(1, plain.rounds + 1)
                         for chosen in combinations(range(1, plain.rounds + 1), k))
            assert fewest > 0 and missed == fewest, (tables, variant, pairs)
            continue
        # the fewest of the last rounds that compare every two pairs, from the EBU's one (two from 12 rounds)
        base = 2 if plain.rounds >= 12 else 1
        last = [k for k in range(base, plain.rounds + 1)
                if not never_compared(switched(plain, range(plain.rounds - k + 1, plain.rounds + 1)))]
        if last:
            assert m.arrow_switch == tuple(range(plain.rounds - last[0] + 1, plain.rounds + 1))
        try:
            spread = movement("mitchell", tables, tables, variant=variant, pairs=pairs, arrow_switch="spread")
        except BridgeInputError as error:  # refused only where it would leave pairs uncompared
            assert "would never sit the same way" in str(error)
            share = max(1, round(plain.rounds / 8))
            rounds = {plain.rounds - i * (plain.rounds // share) for i in range(share)}
            assert never_compared(switched(plain, rounds)) != []
        else:
            assert never_compared(spread) == [], (tables, variant, pairs)


def test_the_spread_arrow_switch_is_refused_where_it_leaves_pairs_uncompared():
    """With 21 tables the spread switches (rounds 7, 14, 21) leave pairs who never sit the
    same way; the last rounds do not."""
    with pytest.raises(BridgeInputError, match=r"arrow-switch spread: with 21 tables .* pairs of pairs"):
        movement("mitchell", 21, 21, arrow_switch="spread")
    assert movement("mitchell", 21, 21, arrow_switch=True).arrow_switch == (20, 21)


def test_relay_shares_between_the_first_and_last_tables():
    m = movement("mitchell", 6, 12, variant="relay")
    assert set(m.shared().values()) == {(1, 6)}
    # one set each round sits on the bye stand: played by nobody
    for r in range(1, m.rounds + 1):
        in_play = {row.boards for row in m.rows if row.round == r}
        assert len(in_play) == m.tables - 1


def test_the_movement_says_where_boards_and_pairs_go():
    m = movement("mitchell", 5, 10)
    assert m.boards_next(1, 3) == (2, (2,))  # boards move down a table
    row = m.pair_next(1, 8)  # EW pair 8 starts at table 3, moves up
    assert (row.table, row.direction(8)) == (4, "EW")
    row = m.pair_next(1, 3)
    assert (row.table, row.direction(3)) == (3, "NS")  # NS stays
    assert m.boards_next(5, 1) is None and m.pair_next(5, 1) is None
    relay = movement("mitchell", 4, 8, variant="relay")
    # table 2's boards go to the shared set of tables 1 and 4; table 3's rest on the bye stand
    assert [relay.boards_next(1, t) for t in range(1, 5)] == [(2, (3,)), (2, (1, 4)), (3, (2,)), (2, (3,))]


@pytest.mark.parametrize(("args", "kwargs", "message"), [
    (("mitchel", 7, 21), {}, 'movement "mitchel": must be mitchell or howell'),
    (("mitchell", 7, 20), {}, "boards 20: a 7-table Mitchell has 7 board sets, so boards must be a multiple "
                              "of 7 (14 or 21)"),
    (("howell", 4, 20), {}, "must be a multiple of 7 (14 or 21)"),
    (("howell", 1, 3), {}, "tables 1: a Howell here has 2-10 tables"),
    (("mitchell", 2, 4), {}, "tables 2: a Mitchell here has 3-30 tables"),
    (("mitchell", 7, 21), {"variant": "skip"}, "only an even-table Mitchell has one"),
    (("mitchell", 8, 24), {"variant": "hesitation"}, "must be skip or relay"),
    (("mitchell", 8, 24), {"variant": "skip", "pairs": 15}, "use relay"),
    (("howell", 4, 14), {"arrow_switch": True}, "only for a Mitchell"),
    (("mitchell", 7, 21), {"arrow_switch": "sometimes"}, 'arrow-switch "sometimes": must be on, off, last or spread'),
    (("mitchell", 7, 21), {"pairs": 12}, "pairs 12: 7 tables seat 13 or 14 pairs"),
    (("mitchell", 7, 3), {}, "(7)"),
])
def test_impossible_requests_say_why_and_what_would_do(args, kwargs, message):
    with pytest.raises(BridgeInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        movement(*args, **kwargs)
