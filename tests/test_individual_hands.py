"""individual.xlsx's hands (issue 22, part 4): ``xlbridge hands`` writes a deal file's deals
into its Hands sheet; ``check`` reads them into the event; the Boards sheet draws each board's
traveller under its hand diagram; the printout, the web page, PBN and USEBIO carry them as a
pairs event's do, and import reads them back into a new book's Hands sheet.
"""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine import Seat
from xlbridge.engine.doubledummy import Par, ParContract, Tricks
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import SYMBOLS, Deal, deals
from xlbridge.formats import handrecords, html, pbn, usebio
from xlbridge.formats import individual as views
from xlbridge.formats.diagram import ranks_text
from xlbridge.workbooks import hands as sheet

SEATS = ("North", "East", "South", "West")
PLAYERS, BOARDS = 8, 14
SET = deals(3, seed="test_individual_hands")
TRICKS = Tricks(((7, 8, 9, 6, 5), (6, 5, 4, 7, 8), (7, 8, 9, 6, 5), (6, 5, 4, 7, 8)))
# Boards 1, 2 and 5 have their deals (1 and 2 with double dummy and par); board 3 has none.
RECORDS = [HandRecord(1, SET[0], TRICKS, Par(-420, (ParContract.parse("EW 4S="),))),
           HandRecord(2, SET[1], TRICKS, Par(600, (ParContract.parse("NS 3NT+1"), ParContract.parse("NS 5D=")))),
           HandRecord(5, SET[2])]
PARS = {record.board: record.par.score for record in RECORDS if record.par is not None}


def xlbridge(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True,
                          text=True, timeout=300, check=False)


def play_all(book: openpyxl.Workbook) -> None:
    """A result on every prefilled row: made, down, passed out, not played and adjusted among them."""
    count = len(W.read_named(book, "Board"))
    kinds_of = [("4S", "N", 10), ("3NT", "S", 8), ("2H", "E", 8), ("PASS", None, None), ("NP", None, None),
                ("A60/40", None, None), ("4HX", "W", 9)]
    results = [kinds_of[i % len(kinds_of)] for i in range(count)]
    for index, name in enumerate(("Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [r[index] for r in results])


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    """An 8-player individual of 14 boards, every row played, with RECORDS on its Hands sheet."""
    book = W.build("individual", players=PLAYERS, boards=BOARDS, event="Club individual",
                   date=datetime.date(2026, 12, 1))
    play_all(book)
    assert sheet.write(book, RECORDS) == [1, 2, 5]
    return W.save(book, tmp_path / "individual.xlsx")


def report_of(path: Path):
    checked = kinds.check(kinds.read(path))
    assert not checked.problems, checked.problems
    return kinds.INDIVIDUAL.score(checked.event)


def test_the_template_has_a_hands_row_a_board_and_the_hands_names():
    book = W.build("individual", players=PLAYERS, boards=BOARDS, lang="fi")
    assert set(sheet.NAMES) <= set(book.defined_names)
    assert W.read_named(book, "HandBoard") == list(range(1, BOARDS + 1))
    assert W.read_named(book, "HandDeal") == [None] * BOARDS
    assert "HandBoard" in kinds.INDIVIDUAL.setup


def test_hands_writes_a_deal_files_deals_into_the_hands_sheet(tmp_path: Path):
    made = xlbridge("workbooks", "individual", "--players", PLAYERS, "--boards", BOARDS, "--out", tmp_path)
    assert made.returncode == 0, made.stderr
    book = tmp_path / "individual.xlsx"
    dealt = xlbridge("deal", "--boards", BOARDS, "--seed", "individual hands", "--out", tmp_path / "deals.pbn")
    assert dealt.returncode == 0, dealt.stderr
    done = xlbridge("hands", book, tmp_path / "deals.pbn")
    assert done.returncode == 0, done.stderr
    assert f"{book}: {BOARDS} deals written (boards 1-{BOARDS})" in done.stdout
    text = (tmp_path / "deals.pbn").read_text(encoding="utf-8")
    tags = dict(zip(map(int, re.findall(r'^\[Board "(\d+)"\]', text, re.M)),
                    re.findall(r'^\[Deal "([^"]+)"\]', text, re.M), strict=True))
    written = sheet.written(openpyxl.load_workbook(book))
    assert {board: row[0] for board, row in written.items()} == tags
    # The tricks and par are the file's (DDS's, when installed, is what deal wrote there too).
    assert written == {record.board: sheet.values(record) for record in handrecords.read(text).records}
    event = kinds.check(kinds.read(book)).event
    assert {board: str(record.deal) for board, record in event.hands.items()} == tags
    # A deal file for a book that has no Hands sheet names the books that have one.
    assert xlbridge("workbooks", "rubber", "--out", tmp_path).returncode == 0
    refused = xlbridge("hands", tmp_path / "rubber.xlsx", tmp_path / "deals.pbn")
    assert refused.returncode == 2 and "individual.xlsx" in refused.stderr


def test_a_book_from_before_the_hands_sheet_checks_and_is_told_so(tmp_path: Path, capsys):
    book = W.build("individual", players=PLAYERS, boards=BOARDS)
    play_all(book)
    for name in [n for n in book.defined_names if n.startswith("Hand")]:  # as individual.xlsx was written before
        del book.defined_names[name]
    path = W.save(book, tmp_path / "old.xlsx")
    checked = kinds.check(kinds.read(path))
    assert not checked.problems and checked.event.hands == {} and len(checked.event.results) == 28
    deal_file = tmp_path / "deals.pbn"
    deal_file.write_text(handrecords.dumps(RECORDS), encoding="utf-8")
    assert main(["hands", str(path), str(deal_file)]) == 2
    assert "old.xlsx: has no Hands sheet (it was written before xlbridge had one)" in capsys.readouterr().err


def test_check_reads_the_hands_sheet_and_names_a_bad_deal_at_its_cell(filled: Path):
    event = kinds.check(kinds.read(filled)).event
    assert event.hands == {record.board: record for record in RECORDS}
    book = openpyxl.load_workbook(filled)
    cells = W.named_cells(book, "HandDeal")
    cells[2].value = "N:AKQ.AKQ.AKQ.AKQJT - - -"  # board 3: 14 cards in North's hand
    book.save(filled)
    checked = kinds.check(kinds.read(filled))
    [problem] = checked.problems
    assert problem.address.endswith(f"!{cells[2].coordinate}") and problem.address.startswith("Hands")
    assert 3 not in checked.event.hands and checked.event.hands[1] == RECORDS[0]


def test_export_pbn_carries_each_boards_deal_and_double_dummy(filled: Path, tmp_path: Path):
    out = tmp_path / "out.pbn"
    assert main(["export", str(filled), "--pbn", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    games = {int(board): body for board, body in re.findall(r'^\[Board "(\d+)"\]\n(.*?)(?=^\[Event|\Z)', text,
                                                               re.M | re.S)}
    deal_of = {board: re.search(r'^\[Deal "([^"]+)"\]', body, re.M)[1] for board, body in games.items()}
    for record in RECORDS:
        assert Deal.parse(deal_of[record.board]) == record.deal
    assert deal_of[3] == "N:- - - -"
    found = {record.board: record for record in handrecords.read(text).records}
    assert found[1].tricks == TRICKS and found[1].par == RECORDS[0].par
    assert found[2].par == RECORDS[1].par and found[5].tricks is None and found[5].par is None
    assert '[OptimumScore "NS 600"]' in games[2] and '[OptimumScore "NS -420"]' in games[1]


def test_the_web_page_and_printout_show_each_board_under_its_hand(filled: Path):
    report = report_of(filled)
    page = html.FORMAT.dumps(report)
    assert page.count('class="record"') == 3  # boards 1, 2 and 5
    board_1 = page[page.index('id="board-1"'):page.index('id="board-2"')]
    assert 'class="record"' in board_1 and "<th>vs par</th>" in board_1
    assert f"{SYMBOLS['S']}</span>{ranks_text(RECORDS[0].deal.hand(Seat.N).suits[0])}</div>" in board_1
    board_3 = page[page.index('id="board-3"'):page.index('id="board-4"')]
    assert 'class="record"' not in board_3 and "vs par" not in board_3
    # The printout: each board's traveller under its hand; vs par is the score less par, worked by hand.
    printed = views.printout(report)["Travellers"]
    cells = {(c.row, c.column): c.value for row in printed.iter_rows() for c in row if c.value is not None}
    assert cells[(1, 1)] == "Board 1" and any(str(v).startswith(SYMBOLS["S"]) for v in cells.values()
                                              if isinstance(v, str))
    breaks = [brk.id for brk in printed.row_breaks.brk]  # whole boards to a page: a page starts at a board
    assert breaks and all(str(cells.get((row + 1, 1), "")).startswith("Board ") for row in breaks)
    headings = [(r, c) for (r, c), v in cells.items() if v == "vs par"]
    assert len(headings) == 2  # boards 1 and 2 have a par
    checked = 0
    for r, c in headings:
        board = 1 if r == min(h[0] for h in headings) else 2
        row = r + 1
        while (row, 1) in cells:  # each line of the board: Score NS in column 10, vs par in column 13
            score_ns = cells.get((row, 10))
            if isinstance(score_ns, int):
                assert cells[(row, c)] == score_ns - PARS[board]
                checked += 1
            row += 1
    assert checked >= 2


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_import_reads_the_deals_back_into_a_new_books_hands_sheet(filled: Path, tmp_path: Path, fmt: str):
    report = report_of(filled)
    path = tmp_path / ("club.pbn" if fmt == "pbn" else "club.xml")
    path.write_text((pbn if fmt == "pbn" else usebio).FORMAT.dumps(report), encoding="utf-8")
    out = tmp_path / "back.xlsx"
    assert main(["import", str(path), "--out", str(out)]) == 0
    before = sheet.written(openpyxl.load_workbook(filled))
    after = sheet.written(openpyxl.load_workbook(out))
    if fmt == "pbn":  # the deals, double dummy and par
        assert {b: row for b, row in after.items() if row[0]} == {b: row for b, row in before.items() if row[0]}
    else:  # USEBIO's HANDSET has the deals alone
        assert {b: row[0] for b, row in after.items() if row[0]} == {r.board: str(r.deal) for r in RECORDS}
    assert kinds.check(kinds.read(out)).event.hands.keys() == {1, 2, 5}


def traveller_lines(ws) -> list[tuple[object, ...]]:
    """Each line of the Boards sheet with the board whose block it is in, sorted."""
    found, board = [], None
    for row in ws.iter_rows():
        if isinstance(row[1].value, str) and row[1].value.startswith("Board "):
            board = row[1].value
        elif isinstance(row[2].value, int) and isinstance(row[3].value, int):  # a line: its table, its North
            found.append((board, *(c.value for c in row[1:15])))
    return sorted(found, key=repr)


@lo.requires_soffice
def test_libreoffice_draws_each_board_under_its_hand_without_an_error(filled: Path, tmp_path: Path):
    report = report_of(filled)
    # The same rows typed bottom to top: each board's traveller finds its rows all the same.
    reversed_book = openpyxl.load_workbook(filled)
    for name in ("RoundNo", "TableNo", "Board", *SEATS, "Contract", "Declarer", "Tricks"):
        W.write_named(reversed_book, name, W.read_named(reversed_book, name)[::-1])
    upside_down = W.save(reversed_book, tmp_path / "reversed.xlsx")
    [out, out_reversed] = lo.recalc([filled, upside_down], tmp_path / "calc")
    book = openpyxl.load_workbook(out, data_only=True)
    again = openpyxl.load_workbook(out_reversed, data_only=True)["Boards"]
    assert len(traveller_lines(book["Boards"])) == len(report.event.results)
    assert traveller_lines(book["Boards"]) == traveller_lines(again)
    boards, hands_ws = book["Boards"], book["Hands"]
    for ws in (boards, hands_ws):
        bad = [(ws.title, c.coordinate, c.value) for row in ws.iter_rows() for c in row if lo.is_error(c.value)]
        assert not bad, bad[:5]
    values = {c.coordinate: c.value for row in boards.iter_rows() for c in row if c.value not in (None, "")}
    # Board 1's block starts at row 1: its North's spades on the diagram's first row.
    assert values.get("D2") == f"{SYMBOLS['S']} {ranks_text(RECORDS[0].deal.hand(Seat.N).suits[0])}"
    # Each line's Score NS (column K) and vs par (column N) equal the engine's score less par.
    engine = {}
    for result, row in zip(report.event.results, report.scored.rows, strict=True):
        if row is not None and row.score is not None:
            engine.setdefault(result.board, []).append((result.table, row.score))
    block = 1 + sheet.DIAGRAM_ROWS + 1 + 2 + 1  # two tables a board
    checked = 0
    for board in (1, 2):
        top = 1 + (board - 1) * block
        for line in range(2):
            r = top + 1 + sheet.DIAGRAM_ROWS + 1 + line
            table = boards[f"C{r}"].value
            expected = dict(engine.get(board, [])).get(table)
            if expected is None:
                assert boards[f"N{r}"].value in (None, "")
                continue
            assert boards[f"K{r}"].value == expected
            assert boards[f"N{r}"].value == expected - PARS[board]
            checked += 1
    assert checked >= 2


REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"
RUTER = REAL / "ruter_fi" / "indi.pbn"


@pytest.mark.skipif(not RUTER.is_file(), reason=f"no real results files at {REAL} (CI has them beside the project)")
def test_ruters_individual_brings_its_deals_into_the_hands_sheet(tmp_path: Path, capsys):
    """Ruter's Swedish individual (62 boards) has each board's deal: import writes them into
    the book's Hands sheet (it once left them out with a note), and the web page draws them."""
    out = tmp_path / "indi.xlsx"
    assert main(["import", str(RUTER), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "deals are not imported" not in printed and "deal not imported" not in printed
    text = RUTER.read_bytes().decode("latin-1")
    in_file = {record.board: record.deal for record in handrecords.read(text).records}
    assert len(in_file) == 62
    written = sheet.written(openpyxl.load_workbook(out))
    assert {board: Deal.parse(row[0]) for board, row in written.items() if row[0]} == in_file
    report = report_of(out)
    assert html.FORMAT.dumps(report).count('class="record"') == 62
