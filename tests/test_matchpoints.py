"""Matchpoints and the other pair scorings on one board (docs/rules.md §7)."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import xlbridge

scores = st.lists(st.integers(min_value=-780, max_value=780).map(lambda s: s * 10), min_size=1, max_size=40)


def naive(values, scale=2):
    return [sum(scale if v > o else scale / 2 if v == o else 0
                for j, o in enumerate(values) if j != i) for i, v in enumerate(values)]


def test_three_tables_is_4_2_0():
    assert xlbridge.matchpoints([620, 170, -100]) == [4, 2, 0]
    assert xlbridge.top(3) == 4


def test_ties_share():
    assert xlbridge.matchpoints([420, 450, 400, 420]) == [3, 6, 0, 3]
    assert xlbridge.matchpoints([420, 450, 400, 420], scale=1) == [1.5, 3, 0, 1.5]


@given(scores)
def test_equals_the_all_pairs_count(values):
    assert xlbridge.matchpoints(values) == naive(values)
    assert xlbridge.matchpoints(values, scale=1) == naive(values, scale=1)


@given(scores)
def test_sum_is_n_times_n_minus_1(values):
    n = len(values)
    assert sum(xlbridge.matchpoints(values)) == n * (n - 1)


@given(scores)
def test_against_field_agrees_with_whole_board(values):
    whole = xlbridge.matchpoints(values)
    for value, mp in zip(values, whole, strict=True):
        assert xlbridge.matchpoints_against(value, values) == mp


def test_score_not_in_field_is_an_error():
    with pytest.raises(xlbridge.BridgeInputError, match="not among the field"):
        xlbridge.matchpoints_against(100, [420, 450])


def test_percent_of_top():
    assert xlbridge.mp_percent(4, 3) == 100
    assert xlbridge.mp_percent(1.5, 4, scale=1) == 50
    assert xlbridge.mp_percent(0, 1) == 50  # a board played once is an average


def test_neuberg():
    # A board played 3 times where 4 were expected: top 4 becomes (4 + 1) * 4 / 3 - 1.
    assert xlbridge.neuberg(4, 3, 4) == pytest.approx(17 / 3)
    assert xlbridge.neuberg(2, 3, 4, scale=1) == pytest.approx(17 / 6)
    # Nothing changes when the board was played as often as expected.
    for mp in range(7):
        assert xlbridge.neuberg(mp, 4, 4) == mp


def test_rank_shares_places():
    assert xlbridge.rank([55.0, 60.2, 55.0, 40.1]) == [2, 1, 2, 4]
    assert xlbridge.place_labels([2, 1, 2, 4]) == ["2-3", "1", "2-3", "4"]
    assert xlbridge.rank([10, 10, 10]) == [1, 1, 1]


def test_cross_imps():
    values = [420, 450, 400, -50]
    assert xlbridge.cross_imps(values) == [10, 14, 7, -31]
    assert xlbridge.cross_imps(values, average=True) == pytest.approx([10 / 3, 14 / 3, 7 / 3, -31 / 3])


@given(scores)
def test_cross_imps_sum_to_zero(values):
    assert sum(xlbridge.cross_imps(values)) == 0


def test_butler_datum_drops_top_and_bottom_and_rounds_to_10():
    values = [420, 450, 400, -50, 420]
    # Drop 450 and -50: mean of 420, 400, 420 = 413.3 -> 410.
    assert xlbridge.datum(values) == 410
    assert xlbridge.butler(values) == [0, 1, 0, -10, 0]
    assert xlbridge.datum(values, drop=0) == 330  # 1640 / 5 = 328 -> 330
    assert xlbridge.datum([415, 0]) == 210  # too few to drop: 207.5 -> 210
    assert xlbridge.datum([-415, 0]) == -210  # halves away from zero


def test_adjusted_scores():
    assert (xlbridge.AVERAGE_MINUS, xlbridge.AVERAGE, xlbridge.AVERAGE_PLUS) == (40, 50, 60)


def test_rank_of_permutations_is_consistent():
    for perm in itertools.permutations([3, 1, 2, 2]):
        places = xlbridge.rank(list(perm))
        assert sorted(places) == [1, 2, 2, 4]
