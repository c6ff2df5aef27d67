"""Procedural penalties (Law 90, issue 18): matchpoints (IMPs in IMP scoring) or a percentage
of a board's top, taken from one pair's total, in the engine, the workbook's pair list,
check, the ranking and PBN's TotalScoreTable (``ScorePenalty``, as Ruter writes it).

The worked example: four tables of one board, 4S making 10 or 11 tricks. A top is 6 (2/1/0
with 4 results). A penalty of 25% of a top is 1.5 matchpoints.
"""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from xlbridge import kinds
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError, pairs_event

ROWS = [(1, 1, 11, "4S", "N", 10), (1, 2, 12, "4S", "N", 11), (1, 3, 13, "4S", "N", 10), (1, 4, 14, "4S", "N", 9)]


def test_a_quarter_of_a_top_comes_off_the_pairs_total_and_its_place():
    plain = pairs_event(ROWS)
    fined = pairs_event(ROWS, penalties={2: "25%"})
    # Pair 2 made 11 tricks: 6 of 6. Less 1.5 it has 4.5 of 6, 75%, and no longer shares
    # first place with pair 14 (6 of 6). The other pairs' figures are untouched (a penalty
    # is not given to anyone else).
    assert (plain.pairs[2].mp, fined.pairs[2].mp, fined.pairs[2].percent) == (6, 4.5, 75)
    assert (plain.pairs[2].place, fined.pairs[2].place, fined.pairs[14].place) == ("1-2", "2", "1")
    assert all(plain.pairs[p].mp == fined.pairs[p].mp for p in plain.pairs if p != 2)
    # 3 matchpoints off pair 1 (3 of 6) leave 0: last, with pairs 4 and 12 (0 of 6 each).
    assert pairs_event(ROWS, penalties={1: 3}).pairs[1].place == "6-8"
    assert pairs_event(ROWS, penalties={1: 3}).pairs[1].percent == 0


def test_imp_pairs_take_imps():
    fined = pairs_event(ROWS, scoring="Butler", penalties={2: 1})
    assert fined.pairs[2].imps == pairs_event(ROWS, scoring="Butler").pairs[2].imps - 1
    with pytest.raises(BridgeInputError, match="give IMPs in IMP scoring"):
        pairs_event(ROWS, scoring="Butler", penalties={2: "25%"})


@pytest.mark.parametrize(("penalties", "words"), [({99: 1}, "pair 99: the pair has no results"),
                                                  ({2: "a lot"}, "penalty for pair 2"),
                                                  ([(2, 1)], "must map pair numbers to penalties")])
def test_a_bad_penalty_is_named(penalties, words):
    with pytest.raises(BridgeInputError, match=words):
        pairs_event(ROWS, penalties=penalties)


def test_no_penalty_changes_nothing():
    assert pairs_event(ROWS, penalties={}).pairs == pairs_event(ROWS).pairs == pairs_event(ROWS, penalties=None).pairs


@pytest.fixture
def book(tmp_path):
    assert main(["demo", "--out", str(tmp_path / "club")]) == 0
    return next((tmp_path / "club").glob("sample-pairs.xlsx"))


def _set_penalty(path, pair: int, value: object, number_format: str = "General") -> None:
    workbook = load_workbook(path)
    sheet = workbook["Setup"]
    row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == pair and sheet.cell(r, 2).value)
    cell = sheet.cell(row, 10)
    cell.value, cell.number_format = value, number_format
    workbook.save(path)


def test_the_workbook_reads_a_penalty_and_the_report_shows_it(book, capsys):
    before = kinds.check(kinds.read(book))
    pair = before.event.pairs[0].number
    _set_penalty(book, pair, 2)
    checked = kinds.check(kinds.read(book))
    assert checked.clean and checked.event.pairs[0].penalty == 2
    plain, fined = (kinds.PAIRS.score(c.event).scored.pairs[pair] for c in (before, checked))
    assert fined.mp == plain.mp - 2 and fined.penalty == 2
    capsys.readouterr()
    assert main(["report", str(book)]) == 0
    assert "Penalty" in capsys.readouterr().out


def test_a_percentage_typed_in_excel_is_refused_not_taken_as_a_fraction(book):
    pair = kinds.check(kinds.read(book)).event.pairs[0].number
    _set_penalty(book, pair, 0.25, "0%")  # what Excel stores when a director types 25%
    messages = [str(p) for p in kinds.check(kinds.read(book)).problems]
    assert any("typed as a percentage: type the matchpoints taken" in m for m in messages), messages


def test_pbn_writes_and_reads_the_penalty(book, tmp_path):
    pair = kinds.check(kinds.read(book)).event.pairs[0].number
    _set_penalty(book, pair, 1.5)
    assert main(["export", str(book), "--pbn", str(tmp_path / "out.pbn")]) == 0
    text = (tmp_path / "out.pbn").read_text(encoding="utf-8")
    assert "ScorePenalty" in text and "-1.50" in text  # what was added to the total, as Ruter writes it
    assert main(["import", str(tmp_path / "out.pbn"), "--out", str(tmp_path / "again.xlsx"), "--compare"]) == 0
    again = kinds.check(kinds.read(tmp_path / "again.xlsx"))
    assert {p.number: p.penalty for p in again.event.pairs}[pair] == 1.5
