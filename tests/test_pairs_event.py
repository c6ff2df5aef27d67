"""pairs_event against hand-worked examples of each rule (docs/rules.md §7, Law 12C2).

Every expected figure below was worked out by hand from the rule, not by running
the code: the comments show the arithmetic.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import engine as E
from xlbridge.engine import BridgeInputError, Side, pairs_event


def row(board, ns, ew, contract, declarer=None, tricks=None):
    return (board, ns, ew, contract, declarer, tricks)


# Board 1 (none vulnerable): 4S by N making 10 is 420, 11 is 450; 3NT by S making 9 is 400.
B1 = [row(1, 1, 11, "4S", "N", 10), row(1, 2, 12, "4S", "N", 11), row(1, 4, 14, "3N", "S", 9)]


def test_neuberg_on_the_2_1_0_scale():
    event = pairs_event([*B1, row(1, 3, 13, "NP")])
    # 3 real results of N = 4 rows: raw 2, 4, 0 -> (M + 1) * 4 / 3 - 1 = 3, 17/3, 1/3; top 6.
    # Flat: pytest 9's approx compares no nested sequences.
    points = [value for r in event.rows[:3] for value in (r.ns, r.ew, r.top)]
    assert points == pytest.approx([3, 3, 6, 17 / 3, 1 / 3, 6, 1 / 3, 17 / 3, 6])
    assert event.rows[3] == E.RowPoints(None, None, None)
    assert event.expected == 4
    assert event.pairs[2].percent == pytest.approx(100 * (17 / 3) / 6)
    assert 3 not in event.pairs and 13 not in event.pairs  # NP: no board for either pair


def test_neuberg_on_the_1_half_0_scale():
    event = pairs_event([*B1, row(1, 3, 13, "NP")], mpscale=1)
    # Half the 2/1/0 figures: raw 1, 2, 0 -> ((2M + 1) * 4 / 3 - 1) / 2 = 1.5, 17/6, 1/6; top 3.
    assert [r.ns for r in event.rows[:3]] == pytest.approx([1.5, 17 / 6, 1 / 6])
    assert event.rows[0].top == 3


def test_neuberg_off_divides_raw_matchpoints_by_raw_tops():
    event = pairs_event([*B1, row(1, 3, 13, "NP")], neuberg=False)
    assert [(r.ns, r.top) for r in event.rows[:3]] == [(2, 4), (4, 4), (0, 4)]


def test_expected_results_set_by_the_director():
    event = pairs_event(B1, expected=5)
    # (M + 1) * 5 / 3 - 1 for raw 2, 4, 0: 4, 22/3, 2/3 on a top of 8.
    assert [r.ns for r in event.rows] == pytest.approx([4, 22 / 3, 2 / 3])
    assert event.rows[0].top == 8
    with pytest.raises(BridgeInputError, match="expected results 2: board 1 has 3 results"):
        pairs_event(B1, expected=2)


@pytest.mark.parametrize(("code", "ns", "ew"), [
    ("A60/40", 60, 40), ("A40/60", 40, 60), ("A50/60", 50, 60), ("A60/50", 60, 50),
    ("A40/50", 40, 50), ("A50/40", 50, 40), ("A60", 60, 60), ("A50", 50, 50), ("A40", 40, 40),
    (" a60 / 40 ", 60, 40),
])
def test_each_adjusted_form_gives_its_percentage_of_the_top(code, ns, ew):
    event = pairs_event([*B1, row(1, 3, 13, code)], session_rule=False)
    adjusted = event.rows[3]
    assert adjusted.score is None
    assert (adjusted.ns, adjusted.ew) == pytest.approx((6 * ns / 100, 6 * ew / 100))
    assert event.pairs[3].percent == pytest.approx(ns)
    assert event.pairs[13].percent == pytest.approx(ew)


# Two boards, three tables. Board 1 as B1's first two tables plus 4S+2 (480) at table 3,
# so pair 3 tops it (100%) and pair 13 scores 0%. Board 2 (NS vulnerable): 4S= by N is
# 620, 4S-1 is -100, and table 3 is adjusted.
def session(code):
    return [row(1, 1, 11, "4S", "N", 10), row(1, 2, 12, "4S", "N", 11), row(1, 3, 13, "4S", "N", 12),
            row(2, 1, 11, "4S", "N", 10), row(2, 2, 12, "4S", "N", 9), row(2, 3, 13, code)]


def test_session_rule_raises_60_to_a_higher_percentage_and_lowers_40_to_a_lower_one():
    event = pairs_event(session("A60/40"))
    # Pair 3: 100% on its real board, so its 60 becomes 100: 4 of a top of 4.
    # Pair 13: 0% on its real board, so its 40 becomes 0.
    assert (event.rows[5].ns, event.rows[5].ew) == (4, 0)
    assert event.pairs[3].percent == 100 and event.pairs[13].percent == 0
    off = pairs_event(session("A60/40"), session_rule=False)
    assert (off.rows[5].ns, off.rows[5].ew) == pytest.approx((2.4, 1.6))
    assert off.pairs[3].percent == pytest.approx(80)  # (4 + 2.4) / 8


def test_session_rule_leaves_60_and_40_alone_the_other_way():
    event = pairs_event(session("A40/60"))
    # Pair 3 (100%) given 40 keeps 40; pair 13 (0%) given 60 keeps 60.
    assert (event.rows[5].ns, event.rows[5].ew) == pytest.approx((1.6, 2.4))


def test_board_2_is_neuberg_factored_around_its_adjusted_row():
    event = pairs_event(session("A60/40"))
    # Board 2: 620 beats -100: raw 2 and 0 of n = 2, N = 3: (2 + 1) * 3 / 2 - 1 = 3.5, 0.5.
    assert [(r.ns, r.ew) for r in event.rows[3:5]] == [(3.5, 0.5), (0.5, 3.5)]
    # Board 1: 420, 450, 480 score 0, 2, 4; so pair 1 has 0 + 3.5 of 4 + 4.
    assert event.rows[0].ns == 0 and event.rows[1].ns == 2 and event.rows[2].ns == 4
    assert event.pairs[1].mp == 3.5 and event.pairs[1].top == 8


def test_a_blank_pair_is_compared_but_scores_for_nobody():
    event = pairs_event([row(1, 1, None, "4S", "N", 10), *B1[1:]])
    assert event.rows[0].ns == 2  # 420 beats 400 among the three
    assert set(event.pairs) == {1, 2, 12, 4, 14}
    assert event.pairs[12].mp == 0


def test_two_fields_rank_each_direction():
    rows = [row(1, 1, 3, "4S", "N", 10), row(1, 2, 4, "4S", "N", 11),   # 420, 450
            row(2, 1, 4, "2S", "N", 8), row(2, 2, 3, "1NT", "N", 7)]   # 110, 90 (NS vul, part scores)
    # NS: pair 1 0 + 2, pair 2 2 + 0: both 50%. EW: pair 3 2 + 2 = 100%, pair 4 0 + 0 = 0%.
    two = pairs_event(rows, fields=2)
    assert {p: (t.field, t.place) for p, t in two.pairs.items()} == {
        1: (Side.NS, "1-2"), 2: (Side.NS, "1-2"), 3: (Side.EW, "1"), 4: (Side.EW, "2")}
    assert [t.pair for t in two.ranking(Side.EW)] == [3, 4]
    one = pairs_event(rows)
    assert {p: t.place for p, t in one.pairs.items()} == {3: "1", 1: "2-3", 2: "2-3", 4: "4"}


# 420, 450, 400, -50 on board 1 (cross-IMPs worked in RULES/FUNCTIONS: 10, 14, 7, -31).
FOUR = [row(1, 1, 11, "4S", "N", 10), row(1, 2, 12, "4S", "N", 11), row(1, 3, 13, "3NT", "S", 9),
        row(1, 4, 14, "4S", "N", 9)]


def test_cross_imps_summed_and_averaged_with_an_adjusted_row():
    rows = [*FOUR, row(1, 5, 15, "A60/40")]
    total = pairs_event(rows, scoring="Cross-IMPs", crossimps="Total")
    # 420: -1 (v 450) +1 (v 400) +10 (v -50) = 10; 450: 1 + 2 + 11 = 14; 400: -1 - 2 + 10 = 7;
    # -50: -10 - 11 - 10 = -31. The adjusted row: +3 / -3.
    assert [(r.ns, r.ew) for r in total.rows] == [(10, -10), (14, -14), (7, -7), (-31, 31), (3, -3)]
    average = pairs_event(rows, scoring="cross-imps")
    assert [r.ns for r in average.rows[:4]] == pytest.approx([10 / 3, 14 / 3, 7 / 3, -31 / 3])
    assert average.rows[4].ns == 3
    assert average.pairs[2].imps == pytest.approx(14 / 3)
    assert average.pairs[15].imps == -3 and average.pairs[15].percent is None


def test_butler_with_adjusted_and_not_played_rows():
    rows = [*FOUR, row(1, 5, 15, "4S", "N", 10), row(1, 6, 16, "A50"), row(1, 7, 17, "NP")]
    event = pairs_event(rows, scoring="Butler")
    # Real: 420, 450, 400, -50, 420. Drop 450 and -50: (420 + 400 + 420) / 3 = 413.3 -> 410.
    # 420 - 410 = 10: 0; 450: 40 -> 1; 400: -10 -> 0; -50: -460 -> -10; A50: 0. So EW 14
    # leads with +10, NS 2 has +1, eight pairs share 0, EW 12 has -1 and NS 4 -10.
    assert [r.ns for r in event.rows[:6]] == [0, 1, 0, -10, 0, 0]
    assert event.rows[6].ns is None
    assert [(p.place, p.pair) for p in event.ranking()][:3] == [("1", 14), ("2", 2), ("3-10", 1)]
    assert event.pairs[14].imps == 10 and event.pairs[14].imps_per_board == 10


def test_imp_adjusted_scores_are_plus_3_0_minus_3_whatever_the_session():
    event = pairs_event(session("A60/40"), scoring="Butler")
    assert (event.rows[5].ns, event.rows[5].ew) == (3, -3)


def test_pass_and_nt_written_n():
    event = pairs_event([row(1, 1, 11, "3N", "N", 9), row(1, 2, 12, "PASS"), row(1, 3, 13, "3NTX", "N", 9)])
    assert [r.score for r in event.rows] == [400, 0, 550]


def test_incomplete_rows_are_skipped_as_the_sheet_leaves_them_blank():
    event = pairs_event([*B1, row(1, 3, 13, "4S", "N", None), row(None, 5, 15, "4S", "N", 9),
                         (None,) * 6])
    assert event.rows[3:] == (None, None, None)
    assert event.expected == 3


@pytest.mark.parametrize(("rows", "message"), [
    ([*B1, row(1, 1, 13, "4S", "N", 9)], "row 4: pair 1 plays board 1 twice \\(also row 1\\)"),
    ([row(1, 1, 2, "A70/30")], 'row 1: adjusted score "A70/30": each side must be 40, 50 or 60'),
    ([row(1, 1, 2, "A60/40", "N")], 'row 1: declarer "N": must be blank for "A60/40"'),
    ([row(1, 1, 2, "NP", None, 9)], 'row 1: tricks 9: must be blank for "NP"'),
    ([row(1, 1, 1, "4S", "N", 9)], "row 1: EW pair 1: is also the NS pair"),
    ([row(0, 1, 2, "4S", "N", 9)], "row 1: board 0"),
    ([row(1, 1, 2, "8S", "N", 9)], 'row 1: contract "8S": level must be 1-7'),
    ([row(1, 1, 2, "4S", "N", 14)], "row 1: result 14"),
    ([(1, 2, 3)], "row 1: row"),
])
def test_bad_rows_name_the_row_and_the_value(rows, message):
    with pytest.raises(BridgeInputError, match=message):
        pairs_event(rows)


@pytest.mark.parametrize(("option", "value", "message"), [
    ("scoring", "IMPs", 'scoring "IMPs": must be MP, Cross-IMPs or Butler'),
    ("neuberg", "maybe", 'neuberg "maybe": must be Yes or No'),
    ("fields", 3, "fields 3: must be 1"),
    ("crossimps", "mean", 'cross-IMPs "mean": must be Average or Total'),
    ("mpscale", 3, "scale 3"),
])
def test_bad_options_are_named(option, value, message):
    with pytest.raises(BridgeInputError, match=message):
        pairs_event(B1, **{option: value})


# --- with nothing adjusted or missing, the figures are the plain ones -------------------------


@st.composite
def complete_events(draw):
    tables = draw(st.integers(1, 6))
    boards = draw(st.integers(1, 5))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    contracts = ["4S", "3NT", "2H", "PASS", "1NT"]
    rows = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            contract = rng.choice(contracts)
            if contract == "PASS":
                rows.append(row(board, table, 100 + (table + board) % tables, contract))
            else:
                need = E.parse_contract(contract).tricks_needed
                rows.append(row(board, table, 100 + (table + board) % tables, contract, rng.choice("NESW"),
                                need + rng.choice([-2, -1, 0, 0, 1])))
    return rows, draw(st.sampled_from([1, 2]))


@settings(max_examples=60, deadline=None)
@given(complete_events())
def test_complete_events_score_as_plain_matchpoints(case):
    rows, scale = case
    event = pairs_event(rows, mpscale=scale)
    totals: dict[int, list[float]] = {}
    for board in {r[0] for r in rows}:
        where = [i for i, r in enumerate(rows) if r[0] == board]
        scores = [E.score(rows[i][3], rows[i][5] or 0, board, rows[i][4]) for i in where]
        top = E.top(len(where), scale)
        for i, mp in zip(where, E.matchpoints(scores, scale), strict=True):
            assert event.rows[i].ns == mp and event.rows[i].ew == top - mp
            for pair, got in ((rows[i][1], mp), (rows[i][2], top - mp)):
                totals.setdefault(pair, [0.0, 0.0])
                totals[pair][0] += got
                totals[pair][1] += top
    for pair, (mp, top) in totals.items():
        assert event.pairs[pair].percent == pytest.approx(100 * mp / top if top else 50.0)
    places = E.place_labels(E.rank([event.pairs[p].percent for p in sorted(totals)]))
    assert [event.pairs[p].place for p in sorted(totals)] == places


def test_a_thousand_results_score_quickly_enough_to_matter():
    """Not a timing test: a 1,000-result session with every kind of row scores."""
    rng = random.Random(5)
    rows = []
    for board in range(1, 37):
        for table in range(1, 29):
            kind = rng.random()
            code = "A60/40" if kind < 0.03 else "NP" if kind < 0.05 else None
            rows.append(row(board, table, 100 + (table + board) % 28, code) if code
                        else row(board, table, 100 + (table + board) % 28, "4S", "N", rng.randint(8, 11)))
    for scoring in ("MP", "Cross-IMPs", "Butler"):
        event = pairs_event(rows, scoring=scoring)
        assert len(event.rows) == 1008 and len(event.pairs) == 56
