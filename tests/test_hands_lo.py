"""The Hands sheet and the pairs travellers' hand diagrams as LibreOffice computes them: each
seat's hand cut out of a pasted deal (any first seat, 10 or T, any case), its high-card points,
the double-dummy table, the par, and each result's difference from par equal to the engine's
(points under matchpoints, IMPs under Butler); a board with no deal shows nothing and no cell
holds an error (issue 20).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests import lo
from xlbridge import workbooks as W
from xlbridge.engine import SEATS, Scoring, Seat, Strain, board_vul, imps, score
from xlbridge.engine.doubledummy import STRAINS, Par, ParContract, Tricks
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import SYMBOLS, deals
from xlbridge.workbooks import hands as sheet
from xlbridge.workbooks.pairs import SCORING, TRAVELLER_ROWS

pytestmark = lo.needs_soffice

TABLES, BOARDS = 3, 3
SET = deals(2, seed="test_hands_lo")
TRICKS = Tricks(((7, 8, 9, 6, 5), (6, 5, 4, 7, 8), (7, 8, 9, 6, 5), (6, 5, 4, 7, 8)))
RECORDS = [HandRecord(1, SET[0], TRICKS, Par(-420, (ParContract.parse("EW 4S="),))),
           HandRecord(2, SET[1], TRICKS, Par(600, (ParContract.parse("NS 3NT+1"), ParContract.parse("NS 5D="))))]
# Board 1's results: (NS, EW, contract, declarer, tricks); board 3 has results and no deal.
RESULTS = [(1, 1, 4, "4S", "E", 10), (1, 2, 5, "3NT", "N", 9), (1, 3, 6, "PASS", None, None),
           (3, 1, 5, "2H", "S", 8)]


def rotated(record: HandRecord) -> str:
    """The deal as a director might paste it: East first, lower case, 10 for the ten."""
    hands = [str(record.deal.hand(seat)) for seat in SEATS]
    return "e:" + " ".join(hands[1:] + hands[:1]).lower().replace("t", "10")


def build(tmp_path: Path, scoring: Scoring) -> Path:
    book = W.build("pairs", tables=TABLES, boards=BOARDS)
    W.write_named(book, "Scoring", [SCORING.word(scoring, "en")])
    for index, name in enumerate(("Board", "NS", "EW", "Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [row[index] for row in RESULTS])
    sheet.write(book, RECORDS)
    W.write_named(book, "HandDeal", [str(RECORDS[0].deal), rotated(RECORDS[1])])
    return W.save(book, tmp_path / f"pairs-{scoring.name.lower()}.xlsx")


@pytest.fixture(scope="module")
def computed(tmp_path_factory) -> dict[Scoring, openpyxl.Workbook]:
    folder = tmp_path_factory.mktemp("hands_lo")
    paths = {scoring: build(folder, scoring) for scoring in (Scoring.MP, Scoring.BUTLER)}
    out = lo.recalc(list(paths.values()), folder / "calc")
    return {scoring: openpyxl.load_workbook(path, data_only=True) for scoring, path in zip(paths, out, strict=True)}


def top(board: int) -> int:
    return 1 + (board - 1) * (TRAVELLER_ROWS + TABLES + 1)


def test_no_cell_of_the_travellers_or_the_hands_sheet_is_an_error(computed):
    for book in computed.values():
        for ws in (book.worksheets[3], book["Hands"]):
            bad = [(ws.title, c.coordinate, c.value) for row in ws.iter_rows() for c in row if lo.is_error(c.value)]
            assert not bad, bad[:5]


def test_the_hands_sheet_cuts_each_seats_hand_out_of_the_pasted_deal(computed):
    book = computed[Scoring.MP]
    for seat, name in zip(SEATS, ("HandNorth", "HandEast", "HandSouth", "HandWest"), strict=True):
        cells = W.named_cells(book, name)
        assert [cell.value for cell in cells[:2]] == [str(record.deal.hand(seat)) for record in RECORDS], name
        assert cells[2].value in (None, "")
    assert {cell.value for cell in W.named_cells(book, "HandCheck")} <= {None, ""}


@pytest.mark.parametrize("board", [1, 2])
def test_the_traveller_shows_the_hand_points_tricks_and_par(computed, board):
    ws = computed[Scoring.MP].worksheets[3]
    record = RECORDS[board - 1]
    first = top(board) + 2
    north, west, east, south = (record.deal.hand(seat) for seat in (Seat.N, Seat.W, Seat.E, Seat.S))
    for suit, symbol in enumerate(SYMBOLS.values()):
        for hand, cell in ((north, f"D{first + suit}"), (west, f"B{first + 4 + suit}"),
                           (east, f"F{first + 4 + suit}"), (south, f"D{first + 8 + suit}")):
            held = hand.suits[suit].replace("T", "10") or "—"
            assert ws[cell].value == f"{symbol} {held}", cell
    assert ws[f"D{first + 4}"].value == f"N {north.hcp}"
    assert (ws[f"D{first + 5}"].value, ws[f"E{first + 5}"].value) == (f"W {west.hcp}", f"E {east.hcp}")
    assert ws[f"D{first + 6}"].value == f"S {south.hcp}"
    for row, strain in enumerate(STRAINS, start=first + 1):
        shown = [ws[f"{column}{row}"].value for column in "IJKL"]
        assert shown == [record.tricks.of(Seat(seat), strain) for seat in "NSEW"], strain
    assert ws[f"I{first}"].value == "N" and ws[f"H{first + 1}"].value == "NT"
    assert ws[f"I{first + 7}"].value == record.par.contract_text()
    assert ws[f"I{first + 8}"].value == ("NS 600" if board == 2 else "EW 420")


@pytest.mark.parametrize("scoring", [Scoring.MP, Scoring.BUTLER])
def test_each_result_against_par_is_the_engines(computed, scoring):
    ws = computed[scoring].worksheets[3]
    first = top(1) + TRAVELLER_ROWS
    par = RECORDS[0].par.score
    expected = []
    for board, _ns, _ew, contract, declarer, tricks in RESULTS:
        if board != 1:
            continue
        ns = 0 if contract == "PASS" else score(contract, tricks, board_vul(1), declarer)
        expected.append(ns - par if scoring is Scoring.MP else imps(ns - par))
    assert [ws[f"L{first + k}"].value for k in range(3)] == expected
    assert expected == ([0, 820, 420] if scoring is Scoring.MP else [0, 13, 9])  # what the figures are
    assert "vs par" in ws[f"L{first - 2}"].value


def test_a_board_without_a_deal_shows_nothing(computed):
    ws = computed[Scoring.MP].worksheets[3]
    first = top(3)
    shown = [(c.coordinate, c.value) for row in ws.iter_rows(min_row=first + 2, max_row=first + TRAVELLER_ROWS - 3,
                                                              min_col=2, max_col=13) for c in row
             if c.value not in (None, "")]
    assert shown == []
    results = first + TRAVELLER_ROWS
    assert ws[f"E{results}"].value == "2H" and ws[f"H{results}"].value == 110  # its result is there
    assert ws[f"L{results}"].value in (None, "")  # and no par to compare with
    assert ws[f"L{results - 2}"].value in (None, "")


def test_the_strains_and_the_red_suits(computed):
    ws = computed[Scoring.MP].worksheets[3]
    first = top(1) + 2
    hearts, clubs = ws[f"D{first + 1}"], ws[f"D{first + 3}"]
    assert hearts.value.startswith("♥") and clubs.value.startswith("♣")
    assert hearts.font.color.rgb.endswith(sheet.RED) and not clubs.font.color.rgb.endswith(sheet.RED)
    assert ws[f"H{first + 3}"].font.color.rgb.endswith(sheet.RED)  # the table's ♥
    assert Strain.NT in STRAINS
