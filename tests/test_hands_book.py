"""The Hands sheet of pairs.xlsx, teams.xlsx and teams-event.xlsx, ``xlbridge hands`` writing a
deal file into it, and ``check`` reading it back into the event's hands (issue 20).

What the sheet and the travellers compute from it is recalculated in LibreOffice by
test_hands_lo.py.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlbridge import solver
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine import board_dealer
from xlbridge.engine.doubledummy import Par, ParContract, Tricks
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import Deal, deals
from xlbridge.formats import handrecords
from xlbridge.kinds import PAIRS, TEAM_EVENT, TEAMS, check, read
from xlbridge.workbooks import hands as sheet

REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "real-results" / "handrecords"
SESSION = REAL / "bridgecomposer" / "1768880456-bJwUQdVmhY@260119HandRecord.pbn"
needs_session = pytest.mark.skipif(not SESSION.exists(), reason=f"the real deal file is not here: {SESSION}")
needs_dds = pytest.mark.skipif(not solver.available(), reason="DDS is not installed: pip install 'xlbridge[dds]'")

SET = deals(4, seed="test_hands_book")


def pbn(records: list[HandRecord]) -> str:
    return handrecords.dumps(records, "Club night", "2026-01-19")


@pytest.fixture
def pairs_book(tmp_path: Path) -> Path:
    return W.save(W.build("pairs", tables=3, boards=4), tmp_path / "pairs.xlsx")


def hands_of(path: Path) -> dict[int, HandRecord]:
    checked = check(read(path))
    assert not checked.problems, [str(p) for p in checked.problems]
    return dict(checked.event.hands)


@pytest.mark.parametrize(("name", "options", "boards"), [("pairs", {}, 36), ("teams", {}, 64),
                                                         ("teams-event", {"teams": 4, "boards": 3}, 9)])
def test_a_new_book_has_a_blank_hands_sheet_a_row_a_board(name, options, boards):
    book = W.build(name, **options)
    assert [cell.value for cell in W.named_cells(book, "HandBoard")] == list(range(1, boards + 1))
    for input_name in ("HandDeal", "HandTricks", "HandParScore", "HandParContract"):
        assert {cell.value for cell in W.named_cells(book, input_name)} == {None}, input_name
    assert len(W.named_cells(book, "HandTricks")) == 20 * boards
    # The dealer beside each board, as the board number gives it.
    board_cells = W.named_cells(book, "HandBoard")
    assert [cell.offset(0, 1).value for cell in board_cells[:4]] == [str(board_dealer(b)) for b in range(1, 5)]
    assert sheet.written(book) == {b: (None,) * 23 for b in range(1, boards + 1)}


def test_every_pairs_traveller_reads_its_own_boards_hands_row():
    book = W.build("pairs", tables=2, boards=3)
    hands_title = W.named_cells(book, "HandDeal")[0].parent.title
    travellers = book.worksheets[3]
    formulas = " ".join(str(c.value) for row in travellers.iter_rows() for c in row if c.data_type == "f")
    for row in (5, 6, 7):  # boards 1-3
        assert f"'{hands_title}'!$AK${row}" in formulas  # North's spades of the board's row
        assert f"'{hands_title}'!$AC${row}" in formulas  # its par score
    assert f"'{hands_title}'!$AK$8" not in formulas  # no fourth board


def test_check_reads_the_hands_back_and_fill_writes_them(tmp_path, pairs_book):
    records = [HandRecord(1, SET[0], Tricks(((9, 8, 7, 6, 5),) * 4), Par(-420, (ParContract.parse("EW 4S="),))),
               HandRecord(3, Deal.parse("N:AKQ2.T98.7653.A2 - - -"))]
    book = openpyxl.load_workbook(pairs_book)
    assert sheet.write(book, records) == [1, 3]
    W.save(book, pairs_book, force=True)
    found = hands_of(pairs_book)
    assert found == {record.board: record for record in records}
    # A kind's fill writes an event's hands as the command does: they read back the same.
    event = check(read(pairs_book)).event
    filled = W.save(PAIRS.fill(event), tmp_path / "filled.xlsx")
    assert hands_of(filled) == found


@pytest.mark.parametrize(("kind", "options"), [(TEAMS, {"boards": 4}), (TEAM_EVENT, {"teams": 4, "boards": 2})])
def test_team_books_read_their_hands_too(tmp_path, kind, options):
    path = W.save(W.build(kind.name, **options), tmp_path / "book.xlsx")
    book = openpyxl.load_workbook(path)
    sheet.write(book, [HandRecord(2, SET[1])])
    W.save(book, path, force=True)
    assert hands_of(path) == {2: HandRecord(2, SET[1])}


@pytest.mark.parametrize(("column", "value", "message"), [
    ("HandDeal", "N:AKQ.T98.7653.A2 - - -", "North's hand \"AKQ.T98.7653.A2\": has 12 cards; a hand has 13"),
    ("HandDeal", "N:AKQ2.T98.7653.A2 AKQ3.J876.42.K74 - -", "♠A is in North's and East's hands"),
    ("HandParContract", "NS 8S=", "par contract \"NS 8S=\": write it as NS 4SX-3 or E 6N="),
    ("HandParScore", "420", "par score \"420\": type it as a number, not as text"),
])
def test_check_names_a_bad_hands_cell_and_why_in_one_line(pairs_book, column, value, message):
    book = openpyxl.load_workbook(pairs_book)
    sheet.write(book, [HandRecord(2, SET[1], par=Par(420, ()))])
    target = W.named_cells(book, column)[1]  # board 2's
    W.names.set_value(target, value)
    W.save(book, pairs_book, force=True)
    checked = check(read(pairs_book))
    problems = [str(problem) for problem in checked.problems]
    where = f"{target.parent.title}!{target.coordinate}"
    assert len(problems) == 1 and problems[0].startswith(f"{where}: ") and message in problems[0], problems
    assert "\n" not in problems[0]
    assert main(["check", str(pairs_book)]) == 1


def test_check_refuses_some_tricks_without_the_rest(pairs_book):
    book = openpyxl.load_workbook(pairs_book)
    sheet.write(book, [HandRecord(1, SET[0], Tricks(((9, 8, 7, 6, 5),) * 4))])
    W.named_cells(book, "HandTricks")[7].value = None  # East's ♥ of board 1
    W.save(book, pairs_book, force=True)
    [problem] = check(read(pairs_book)).problems
    assert str(problem).endswith("board 1: 19 of the 20 double-dummy tricks; give all 20 or none")
    assert problem.cell.column == sheet.TRICKS + 7


# --- xlbridge hands --------------------------------------------------------------------------------


@needs_session
def test_hands_writes_a_real_36_board_deal_file_into_a_pairs_book(tmp_path, capsys):
    book = W.save(W.build("pairs", tables=4, boards=36), tmp_path / "pairs.xlsx")
    assert main(["hands", str(book), str(SESSION)]) == 0
    out = capsys.readouterr()
    assert "36 deals written (boards 1-36)" in out.out
    from_file = handrecords.read(SESSION.read_text(encoding="utf-8", errors="replace")).records
    found = hands_of(book)
    assert sorted(found) == list(range(1, 37))
    assert all(found[r.board].deal == r.deal for r in from_file)
    if solver.available():  # DDS is trusted over the file's own table
        solved = solver.solve([(r.board, r.deal) for r in from_file])
        assert [(found[r.board].tricks, found[r.board].par) for r in from_file] == solved
        assert "from DDS for 36" in out.out and solver.INSTALL not in out.err
    # The same file again: the same deals, nothing refused, nothing lost.
    assert main(["hands", str(book), str(SESSION)]) == 0
    assert hands_of(book) == found


def test_without_dds_the_files_own_tables_are_kept_and_the_install_line_said_once(pairs_book, tmp_path,
                                                                                   capsys, monkeypatch):
    monkeypatch.setattr(solver, "available", lambda: False)
    records = [HandRecord(b, SET[b - 1], Tricks(((b, 8, 7, 6, 5),) * 4), Par(100 * b, ())) for b in (1, 2, 3)]
    deal_file = tmp_path / "deals.pbn"
    deal_file.write_text(pbn(records), encoding="utf-8")
    assert main(["hands", str(pairs_book), str(deal_file)]) == 0
    out = capsys.readouterr()
    assert out.err.count(solver.INSTALL) == 1
    assert "double dummy and par from the file for 3" in out.out
    assert hands_of(pairs_book) == {record.board: record for record in records}


def test_a_deal_already_there_is_replaced_only_with_force_and_nothing_is_lost(pairs_book, tmp_path, capsys):
    first, second = tmp_path / "first.pbn", tmp_path / "second.pbn"
    first.write_text(pbn([HandRecord(b, SET[b - 1]) for b in (1, 2)]), encoding="utf-8")
    second.write_text(pbn([HandRecord(2, SET[3]), HandRecord(3, SET[2])]), encoding="utf-8")
    assert main(["hands", str(pairs_book), str(first)]) == 0
    before = pairs_book.read_bytes()
    capsys.readouterr()
    assert main(["hands", str(pairs_book), str(second)]) == 2
    err = capsys.readouterr().err
    assert "already holds another deal for board 2" in err and "--force" in err and len(err.splitlines()) == 1
    assert pairs_book.read_bytes() == before  # nothing written, board 3 neither
    assert main(["hands", str(pairs_book), str(first)]) == 0  # the same deals again: fine
    assert main(["hands", str(pairs_book), str(second), "--force"]) == 0
    assert {b: r.deal for b, r in hands_of(pairs_book).items()} == {1: SET[0], 2: SET[3], 3: SET[2]}


def test_boards_the_event_has_not_are_said_in_one_line_and_left_out(pairs_book, tmp_path, capsys):
    deal_file = tmp_path / "deals.pbn"
    deal_file.write_text(pbn([HandRecord(b, deals(1, seed=str(b))[0]) for b in range(1, 8)]), encoding="utf-8")
    assert main(["hands", str(pairs_book), str(deal_file)]) == 0
    out = capsys.readouterr().out
    assert f"{deal_file}: boards 5-7 are not in the event (it has boards 1-4); left out" in out.splitlines()
    assert sorted(hands_of(pairs_book)) == [1, 2, 3, 4]


def test_a_refused_deal_is_named_the_others_written_exit_1(pairs_book, tmp_path, capsys):
    deal_file = tmp_path / "deals.pbn"
    text = pbn([HandRecord(1, SET[0]), HandRecord(2, SET[1])])
    deal_file.write_text(text.replace(str(SET[1]), "N:AKQ.T98.7653.A2 - - -"), encoding="utf-8")
    assert main(["hands", str(pairs_book), str(deal_file)]) == 1
    err = capsys.readouterr().err.splitlines()
    refused = [line for line in err if line.startswith(f"{deal_file}: board 2")]
    assert len(refused) == 1 and "has 12 cards" in refused[0]
    assert sorted(hands_of(pairs_book)) == [1]


@pytest.mark.parametrize(("content", "message"), [
    ("% PBN 2.1\n[Event \"x\"]\n", "no deals in it"),
    (b"PK\x03\x04\x00\x00binary", "is not a text file"),
    ('[Board "1"]\n[Deal "N:AKQ - - -"]\n', "none of its 1 deals can be read; nothing written"),
])
def test_a_file_that_gives_no_deal_is_refused_in_one_line(pairs_book, tmp_path, capsys, content, message):
    deal_file = tmp_path / "deals.pbn"
    if isinstance(content, bytes):
        deal_file.write_bytes(content)
    else:
        deal_file.write_text(content, encoding="utf-8")
    before = pairs_book.read_bytes()
    assert main(["hands", str(pairs_book), str(deal_file)]) == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.startswith("xlbridge: ") and message in last
    assert pairs_book.read_bytes() == before


def test_hands_refuses_a_book_without_a_hands_sheet(tmp_path, capsys):
    traveller = W.save(W.build("traveller"), tmp_path / "traveller.xlsx")
    deal_file = tmp_path / "deals.pbn"
    deal_file.write_text(pbn([HandRecord(1, SET[0])]), encoding="utf-8")
    assert main(["hands", str(traveller), str(deal_file)]) == 2
    assert ("is a traveller; hands writes deals into a pairs.xlsx, individual.xlsx, teams.xlsx, teams-event.xlsx "
            "or swiss-pairs.xlsx") in capsys.readouterr().err
    assert main(["hands", str(tmp_path / "missing.xlsx"), str(deal_file)]) == 2
    assert main(["hands", str(traveller), str(tmp_path / "missing.pbn")]) == 2


@needs_dds
def test_a_partial_deal_is_written_without_double_dummy(pairs_book, tmp_path, capsys):
    deal_file = tmp_path / "deals.pbn"
    partial = Deal.parse("N:AKQ2.T98.7653.A2 - - -")
    deal_file.write_text(pbn([HandRecord(1, SET[0]), HandRecord(2, partial)]), encoding="utf-8")
    assert main(["hands", str(pairs_book), str(deal_file)]) == 0
    assert "from DDS for 1; 1 not known card for card" in capsys.readouterr().out
    found = hands_of(pairs_book)
    assert found[2] == HandRecord(2, partial) and found[1].tricks is not None and found[1].par is not None
