"""Split scores (issue 18): one side given an artificial percentage, the other keeping the
table result, which stays a result of the board for the whole field (Law 12C1(b): the two
sides' scores need not balance).

The board worked here is board 16 of Ruter's 2016-05-18 session (in ../shared's real
files): NS scores 200, 100, 100, 100 and -100, and at table 6 North-South "+0" (a score of
0) and East-West "A+". Ruter publishes NS percentages 100, 60, 60, 60, 0 and 20 for the
six tables: the +0 is compared with the others, and they with it.
"""

from __future__ import annotations

import pytest

from xlbridge import kinds
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError, Side, Split, pairs_event, parse_split
from xlbridge.event import Play
from xlbridge.formats import pbn

BOARD_16 = [(16, 1, 12, "4S", "W", 8), (16, 6, 7, "3S", "W", 8), (16, 9, 8, "3S", "W", 8),
            (16, 10, 11, "3S", "E", 8), (16, 4, 5, "4H", "N", 8), (16, 3, 2, "PASS/A60", None, None)]


def test_the_table_result_is_compared_with_the_field_and_the_given_side_gets_its_percentage():
    event = pairs_event(BOARD_16)
    assert [100 * r.ns / r.top for r in event.rows] == [100, 60, 60, 60, 0, 20]  # as Ruter publishes
    assert event.pairs[2].percent == 60  # East-West at table 6: A+ (one board, so no session rule)
    assert event.rows[5].score == 0


def test_a_split_is_the_row_it_would_be_for_the_side_keeping_the_result():
    plain = pairs_event([*BOARD_16[:5], (16, 3, 2, "PASS", None, None)])
    split = pairs_event(BOARD_16)
    assert [r.ns for r in plain.rows] == [r.ns for r in split.rows]  # nobody else is touched
    assert [r.ew for r in plain.rows[:5]] == [r.ew for r in split.rows[:5]]
    assert split.rows[5].ew == pytest.approx(0.6 * split.rows[5].top) != plain.rows[5].ew


def test_the_session_rule_applies_to_the_given_side():
    # Pair 2 (East-West) tops board 1, then is given A+ on board 16. Board 1 has 2 results
    # of the 6 expected, so its top is Neuberg-factored: (2 + 1) * 6 / 2 - 1 = 8 of 10, 80%
    # on its real boards. That beats 60%, so it gets 80% (Law 12C2(c)), as Ruter's 65 does.
    rows = [(1, 1, 2, "1NT", "N", 5), (1, 3, 4, "1NT", "N", 7), *BOARD_16]
    event = pairs_event(rows)
    assert event.rows[-1].ew == pytest.approx(0.8 * event.rows[-1].top)
    assert pairs_event(rows, session_rule=False).rows[-1].ew == pytest.approx(0.6 * event.rows[-1].top)


def test_imp_pairs_give_the_side_its_imps():
    rows = [(1, 1, 2, "4S", "N", 10), (1, 3, 4, "4S/A40", "N", 11), (1, 5, 6, "4S", "N", 9)]
    event = pairs_event(rows, scoring="Butler")
    # The datum of 420, 450 and -50 (three results: the highest and lowest dropped) is 420,
    # the table result 450 among them: NS +30 is 1 IMP; East-West are given 40%, -3 IMPs.
    assert (event.rows[1].ns, event.rows[1].ew) == (1, -3)
    assert (event.rows[0].ns, event.rows[2].ns) == (0, -10)


@pytest.mark.parametrize(("text", "side", "percent", "contract"),
                         [("A60/4S", Side.NS, 60, "4S"), ("4s / a40", Side.EW, 40, "4S"),
                          ("PASS/A50", Side.EW, 50, "PASS")])
def test_the_notation(text, side, percent, contract):
    assert parse_split(text) == Split(side, percent, contract)
    assert str(Split(side, percent, contract)) == text.replace(" ", "").upper()


@pytest.mark.parametrize("text", ["A60/40", "A60", "4S", "A60/A40", "NP", "A60/4"])
def test_what_is_not_a_split(text):
    assert parse_split(text) is None


def test_a_split_to_a_percentage_the_laws_do_not_give_is_refused():
    with pytest.raises(BridgeInputError, match="NS must be given 40, 50 or 60"):
        parse_split("A70/4S")
    with pytest.raises(BridgeInputError, match="table result must be a contract or PASS"):
        Play("A60/NP")


SPLIT_BOARD = """% PBN 2.0
[Event "Spiren"]
[Board "16"]
[Scoring "MatchPoints;MP1"]
[ScoreTable "Table\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\5R"]
1  1 12 4S  W  8 "200"     -
4  6  7 3S  W  8 "100"     -
3  9  8 3S  W  8 "100"     -
2 10 11 3S  E  8 "100"     -
5  4  5 4H  N  8       - "100"
6  3  2 -   -  - "+0"  "A+"
"""


def test_import_reads_ruters_plus_zero_and_the_workbook_checks_clean(tmp_path):
    path = tmp_path / "board16.pbn"
    path.write_text(SPLIT_BOARD, encoding="utf-8")
    play = next(r.play for r in pbn.loads(SPLIT_BOARD).event.results if r.ns == 3)
    assert play.contract == "PASS/A60"
    out = tmp_path / "board16.xlsx"
    assert main(["import", str(path), "--out", str(out)]) == 0
    checked = kinds.check(kinds.read(out))
    assert checked.clean and next(r.play.contract for r in checked.event.results if r.ns == 3) == "PASS/A60"


def test_an_assigned_score_with_no_contract_is_refused_in_one_line(tmp_path, capsys):
    path = tmp_path / "board16.pbn"
    path.write_text(SPLIT_BOARD.replace('"+0"  "A+"', '"420"  "A+"'), encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "e.xlsx")]) == 2
    err = capsys.readouterr().err.strip()
    assert "a score of 420 beside an adjusted score, with no contract" in err and len(err.splitlines()) == 1


def test_pbn_export_marks_the_given_side_artificial_and_reads_back(tmp_path, capsys):
    path = tmp_path / "board16.pbn"
    path.write_text(SPLIT_BOARD, encoding="utf-8")
    book = tmp_path / "board16.xlsx"
    assert main(["import", str(path), "--out", str(book)]) == 0
    assert main(["export", str(book), "--pbn", str(tmp_path / "out.pbn")]) == 0
    text = (tmp_path / "out.pbn").read_text(encoding="utf-8")
    assert any(line.split()[:2] == ["3", "2"] and "^60%" in line.split() for line in text.splitlines())
    capsys.readouterr()
    assert main(["import", str(tmp_path / "out.pbn"), "--out", str(tmp_path / "again.xlsx"), "--compare"]) == 0
    assert "\n0 differences (12 published figures compared)" in capsys.readouterr().out


@pytest.mark.parametrize(("typed", "problem"), [("A60/4S", None), ("4S/A40", None),
                                                ("A60 / 4S", "write it without spaces, as A60/4S"),
                                                ("A60/4SN", "write the table result as a contract")])
def test_check_reads_a_split_as_the_sheet_does(typed, problem, tmp_path):
    from openpyxl import load_workbook

    path = tmp_path / "board16.pbn"
    path.write_text(SPLIT_BOARD, encoding="utf-8")
    book = tmp_path / "board16.xlsx"
    assert main(["import", str(path), "--out", str(book)]) == 0
    workbook = load_workbook(book)
    sheet = workbook["Results"]
    row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 4).value == "PASS/A60")
    sheet.cell(r := row, 4).value = typed
    sheet.cell(r, 5).value, sheet.cell(r, 6).value = "N", 10
    workbook.save(book)
    checked = kinds.check(kinds.read(book))
    messages = [str(p) for p in checked.problems]
    if problem is None:
        assert checked.clean, messages
    else:
        assert any(problem in m for m in messages), messages
