"""Individual scoring (docs/rules.md §12): a session worked by hand, and bad input."""

from __future__ import annotations

import pytest

from xlbridge.engine import BridgeInputError
from xlbridge.engine.individual_scoring import individual_event

# Twelve players at three tables, three boards (worked by hand below).
ROWS = [
    # board 1 (none vul): 420, 450, -50 -> NS 2, 4, 0 of a top of 4
    (1, 1, 2, 3, 4, "4S", "N", 10),
    (1, 5, 6, 7, 8, "4S", "N", 11),
    (1, 9, 10, 11, 12, "4S", "N", 9),
    # board 2 (NS vul): 600, NP, -100 -> two results where three were expected:
    # Neuberg (M + 1) * 3 / 2 - 1: 3.5 and 0.5
    (2, 1, 5, 9, 2, "3N", "S", 9),
    (2, 3, 6, 10, 4, "NP", "", ""),
    (2, 7, 11, 8, 12, "3N", "S", 8),
    # board 3 (EW vul): A60/40, -110, -140 -> 2.4/1.6, and 3.5, 0.5 by Neuberg
    (3, 1, 3, 5, 7, "A60/40", "", ""),
    (3, 2, 4, 6, 8, "2H", "E", 8),
    (3, 9, 10, 11, 12, "2H", "E", 9),
]

# player: (matchpoints, top, boards), each summed by hand from the comments above.
BY_HAND = {
    1: (2 + 3.5 + 2.4, 12, 3), 2: (2 + 0.5 + 3.5, 12, 3), 3: (2 + 1.6, 8, 2), 4: (2 + 0.5, 8, 2),
    5: (4 + 0.5 + 2.4, 12, 3), 6: (0 + 3.5, 8, 2), 7: (4 + 0.5 + 1.6, 12, 3), 8: (0 + 0.5 + 0.5, 12, 3),
    9: (0 + 3.5 + 0.5, 12, 3), 10: (4 + 3.5, 8, 2), 11: (0 + 3.5 + 0.5, 12, 3), 12: (4 + 3.5 + 3.5, 12, 3),
}
PLACES = {10: "1", 12: "2", 1: "3", 5: "4", 7: "5", 2: "6", 3: "7", 6: "8", 9: "9-10", 11: "9-10", 4: "11",
          8: "12"}


def test_a_session_worked_by_hand():
    event = individual_event(ROWS)
    assert event.expected == 3
    assert [(r.ns, r.ew) for r in event.rows] == [
        (2, 2), (4, 0), (0, 4), (3.5, 0.5), (None, None), (0.5, 3.5), (2.4, 1.6), (3.5, 0.5), (0.5, 3.5)]
    for player, (mp, top, boards) in BY_HAND.items():
        total = event.players[player]
        assert total.mp == pytest.approx(mp) and total.top == top and total.boards == boards, player
        assert total.percent == pytest.approx(100 * mp / top), player
        assert total.place == PLACES[player], player
    assert [p.player for p in event.ranking()] == [10, 12, 1, 5, 7, 2, 3, 6, 9, 11, 4, 8]


def test_ties_are_exact_and_a_one_result_board_is_average():
    # 9 and 11 reach 4/12 by different roads (0 + 3.5 + 0.5 and 0 + 3.5 + 0.5 in another order)
    event = individual_event(ROWS)
    assert event.players[9].percent == event.players[11].percent
    alone = individual_event([(1, 1, 2, 3, 4, "3N", "N", 9)])
    assert {p.percent for p in alone.players.values()} == {50.0}


def test_the_scale_and_neuberg_switch_follow_pairs():
    half = individual_event(ROWS, mpscale=1)
    assert half.players[12].mp == pytest.approx(11 / 2) and half.players[12].top == 6
    raw = individual_event(ROWS, neuberg=False)  # board 2: two results, a top of 2
    assert (raw.rows[3].ns, raw.rows[3].top) == (2, 2)


@pytest.mark.parametrize(("rows", "message"), [
    ([(1, 1, 2, 3, 4, "4S", "N", 10), (1, 5, 6, 1, 8, "4S", "N", 10)],
     "row 2: player 1 plays board 1 twice (also row 1)"),
    ([(1, 1, 2, 3, 2, "4S", "N", 10)], "row 1: player 2 sits both East and West"),
    ([(1, 1, 2, 3, 4, "A60/4S", "N", 10)], "row 1: contract \"A60/4S\": an individual does not score"),
    ([(1, 1, 2, 3, 4, "4S", "N", 14)], "row 1: "),
    ([(1, 1, 2, 3, "x", "4S", "N", 10)], "row 1: West player \"x\""),
    ([(1, 1, 2, 3, 4)], "row 1: "),
])
def test_bad_rows_are_one_line_naming_the_row(rows, message):
    with pytest.raises(BridgeInputError) as error:
        individual_event(rows)
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


def test_an_incomplete_row_is_skipped_and_a_blank_seat_scores_nobody():
    event = individual_event([*ROWS[:3], (2, 1, 5, 9, 2, "3N", "S", "")])
    assert event.rows[3] is None and event.players[1].boards == 1
    outside = individual_event([(1, 1, None, 3, 4, "4S", "N", 10), (1, 5, 6, 7, 8, "4S", "N", 9)])
    assert 2 not in outside.players and outside.players[3].mp == 2
