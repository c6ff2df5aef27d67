"""Weighted scores (Law 12C1(c), issue 18): the director assigns several possible results of
a board, each with a weight. Each result is compared with the field, the field with each of
them, and the points are weighted (docs/rules.md §7).

The board worked by hand here: board 1 (nobody vulnerable), four tables, 2/1/0 matchpoints,
so a top of 6. North-South's results: +420 (4S by N making), -50 (4S by N one down), +400
(3NT by S making), and at table 4 a weighted score: 60% of 4S by N making (+420), 40% of
one down (-50).

- Table 1, +420: beats -50 and +400 (2 + 2); against table 4 it ties the +420 (1) 60% of
  the time and beats the -50 (2) 40%: 0.6 + 0.8 = 1.4. Total 5.4.
- Table 2, -50: loses to everything, and ties table 4's -50 40% of the time: 0.4.
- Table 3, +400: beats -50 (2), loses to +420; against table 4, beats its -50 40%: 0.8. 2.8.
- Table 4: its +420 ties one and beats two (1 + 2 + 2 = 5), weighted 0.6: 3.0; its -50 ties
  one (1), weighted 0.4: 0.4. Total 3.4.

The four add up to 12, the 3 a table of a normal board: nothing is lost or made up.
"""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError, pairs_event, parse_weighted

BOARD = [(1, 1, 11, "4S", "N", 10), (1, 2, 12, "4S", "N", 9), (1, 3, 13, "3NT", "S", 9),
         (1, 4, 14, "60% 4SN= 40% 4SN-1", None, None)]


def test_the_hand_worked_board():
    event = pairs_event(BOARD)
    assert [r.ns for r in event.rows] == pytest.approx([5.4, 0.4, 2.8, 3.4])
    assert [r.ew for r in event.rows] == pytest.approx([0.6, 5.6, 3.2, 2.6])
    assert event.rows[3].score is None and event.rows[3].top == 6


def test_cross_imps_and_butler_weight_the_imps():
    # Table 4 against the others, cross-IMPs: its +420 gains 0, 10 (470) and 1 (20) = 11;
    # its -50 loses 10, 0 and 10 = -20; weighted 0.6 * 11 - 0.4 * 20 = -1.4, over 3: -0.467.
    cross = pairs_event(BOARD, scoring="Cross-IMPs")
    assert cross.rows[3].ns == pytest.approx(-1.4 / 3)
    # Table 1 against table 4: 0 IMPs 60% of the time, +10 (470) 40%: 4, with +1 and +10 = 15 / 3.
    assert cross.rows[0].ns == pytest.approx(5)
    # Butler: the datum is of the played results only (420, -50, 400: the middle one, 400);
    # table 4 scores 0.6 * 1 (20) + 0.4 * -10 (450) = -3.4.
    butler = pairs_event(BOARD, scoring="Butler")
    assert butler.rows[3].ns == pytest.approx(-3.4)


def test_a_weighted_score_of_one_result_is_that_result():
    """Two equal parts of one result score exactly as the result played."""
    same = pairs_event([*BOARD[:3], (1, 4, 14, "50% 4SN= 50% 4SN=", None, None)])
    played = pairs_event([*BOARD[:3], (1, 4, 14, "4S", "N", 10)])
    for how in ("ns", "ew"):
        assert [getattr(r, how) for r in same.rows] == pytest.approx([getattr(r, how) for r in played.rows])


def test_neuberg_counts_the_weighted_score_as_a_result():
    # Five results expected, four on the board: (M + 1) * 5 / 4 - 1 on each raw score.
    event = pairs_event(BOARD, expected=5)
    assert event.rows[3].ns == pytest.approx((3.4 + 1) * 5 / 4 - 1)
    assert event.rows[3].top == 8


@pytest.mark.parametrize(("text", "message"), [
    ("60% 4SN= 30% 4SN-1", "adding up to 100"),
    ("100% 4SN=", "give 2 to 4 results"),
    ("20% 4SN= 20% 4SN-1 20% 4SN-2 20% 4SN-3 20% 4SN+1", "give 2 to 4 results"),
    ("60% 4S= 40% 4SN-1", 'part "4S=" must be a contract with its declarer'),
    ("60% 8SN= 40% 4SN-1", 'part "8SN="'),
])
def test_a_bad_weighted_score_is_refused_with_its_reason(text, message):
    with pytest.raises(BridgeInputError, match=message):
        parse_weighted(text)
    with pytest.raises(BridgeInputError, match=f"row 4: .*{message}"):
        pairs_event([*BOARD[:3], (1, 4, 14, text, None, None)])


def test_a_weighted_score_names_its_own_declarers():
    with pytest.raises(BridgeInputError, match="declarer \"N\": must be blank for a weighted score"):
        pairs_event([*BOARD[:3], (1, 4, 14, "60% 4SN= 40% 4SN-1", "N", None)])


def _book(tmp_path, contract: str, declarer=None, tricks=None):
    """A pairs book of BOARD with table 4's contract cell as typed."""
    book = W.build("pairs")
    rows = [*BOARD[:3], (1, 4, 14, contract, declarer, tricks)]
    for index, name in enumerate(("Board", "NS", "EW", "Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [row[index] for row in rows])
    listed = [1, 2, 3, 4, 11, 12, 13, 14]
    W.write_named(book, "PairNumber", listed + [None] * (len(W.read_named(book, "PairNumber")) - len(listed)))
    return W.save(book, tmp_path / "weighted.xlsx")


def test_check_and_report_score_the_book_as_the_engine(tmp_path, capsys):
    path = _book(tmp_path, "60% 4sn=  40% 4SN-1")  # any case and spacing, as the sheet reads it
    checked = kinds.check(kinds.read(path))
    assert checked.clean, [str(p) for p in checked.problems]
    assert main(["report", str(path)]) == 0
    out = capsys.readouterr().out
    # Pair 4 (NS at table 4): 3.4 of 6, 56.67%.
    assert "56.67" in out.splitlines()[[line.split()[1:2] for line in out.splitlines()].index(["4"])]
    assert main(["export", str(path), "--html", str(tmp_path / "weighted.html")]) == 0
    # Each result kept whole on a phone's narrow column.
    page = (tmp_path / "weighted.html").read_text(encoding="utf-8")
    assert '<span class="w">60% 4SN=</span> <span class="w">40% 4SN-1</span>' in page


@pytest.mark.parametrize(("typed", "declarer", "problem"), [
    ("60%4SN= 40% 4SN-1", None, "write it as 60% 4SN= 40% 4SN-1"),
    ("60% 4SNX= 40% 4SN-1", None, "write it as 60% 4SXN= 40% 4SN-1"),
    ("60% 4SN= 40% 4SN-1", "N", "declarer must be blank for a weighted score"),
    ("60% 4SN= 30% 4SN-1", None, "adding up to 100"),
])
def test_check_says_what_the_sheet_would_flag(tmp_path, typed, declarer, problem):
    checked = kinds.check(kinds.read(_book(tmp_path, typed, declarer)))
    messages = [str(p) for p in checked.problems]
    assert any(problem in m for m in messages), messages


def test_a_traveller_refuses_a_weighted_score(tmp_path):
    book = W.build("traveller")
    W.write_named(book, "NS", [1, 2])
    W.write_named(book, "EW", [11, 12])
    W.write_named(book, "Contract", ["4S", "60% 4SN= 40% 4SN-1"])
    W.write_named(book, "Declarer", ["N", None])
    W.write_named(book, "Tricks", [10, None])
    checked = kinds.check(kinds.read(W.save(book, tmp_path / "traveller.xlsx")))
    assert any("a traveller does not score weighted scores" in str(p) for p in checked.problems)


@pytest.mark.parametrize("form", ["pbn", "usebio"])
def test_export_and_import_keep_it(tmp_path, capsys, form):
    path = _book(tmp_path, "60% 4SN= 40% 4SN-1")
    out = tmp_path / f"out.{'pbn' if form == 'pbn' else 'xml'}"
    assert main(["export", str(path), f"--{form}", str(out)]) == 0
    assert "60% 4SN= 40% 4SN-1" in out.read_text(encoding="utf-8")
    capsys.readouterr()
    again = tmp_path / "again.xlsx"
    assert main(["import", str(out), "--out", str(again), "--compare"]) == 0
    assert "\n0 differences" in capsys.readouterr().out
    sheet = load_workbook(again)["Results"]
    assert "60% 4SN= 40% 4SN-1" in [sheet.cell(r, 4).value for r in range(1, sheet.max_row + 1)]


def test_check_names_what_the_workbook_cannot_hold(tmp_path):
    """pairs.xlsx reads up to 4 weighted scores a board (its hidden Weighted sheet) and flags
    the fifth: check says so at the fifth's row."""
    from xlbridge.workbooks.weighted import PER_BOARD

    book = W.build("pairs")
    rows = [(1, pair, pair + 10, "60% 4SN= 40% 4SN-1", None, None) for pair in range(1, PER_BOARD + 2)]
    for index, name in enumerate(("Board", "NS", "EW", "Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [row[index] for row in rows])
    checked = kinds.check(kinds.read(W.save(book, tmp_path / "five.xlsx")))
    assert [str(p) for p in checked.problems] == [
        f"Results!A{4 + PER_BOARD + 1}: board 1 has more than {PER_BOARD} weighted scores; "
        "the workbook scores that many a board"]
