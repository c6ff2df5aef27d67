"""``xlbridge serve --write``'s file piece: the journal's entries written into a 7-table
Mitchell's pairs.xlsx, each into the row its movement gives; read back by the kinds'
reader, checked and scored as a typed book, recalculated by LibreOffice as the engine
scores it; typed results kept, conflicts listed, a book open in a spreadsheet waited for."""

from __future__ import annotations

import csv
import random
import shutil
import threading
import time
from pathlib import Path

import pytest

from tests import lo
from xlbridge import engine as E
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.director.safe_open import load
from xlbridge.live.entry import Entry
from xlbridge.live.writeback import WorkbookOpen, WriteBackError, office_lock, write_back

TABLES, BOARDS = 7, 21
MOVEMENT = E.movement("mitchell", TABLES, BOARDS)


@pytest.fixture(scope="module")
def blank(tmp_path_factory) -> Path:
    """pairs.xlsx for the movement, as ``xlbridge workbooks`` writes it."""
    folder = tmp_path_factory.mktemp("blank")
    assert main(["workbooks", "pairs", "--movement", "mitchell", "--tables", str(TABLES), "--boards", str(BOARDS),
                 "--out", str(folder)]) == 0
    return folder / "pairs.xlsx"


@pytest.fixture
def book(blank, tmp_path) -> Path:
    return Path(shutil.copy(blank, tmp_path / "club.xlsx"))


def entries(rounds=(1, 2), seed: int = 7) -> list[Entry]:
    """A random result for every board of ``rounds``, as phones would send them (one
    passed out, the rest played, made or down)."""
    rng = random.Random(seed)
    out = []
    for round_, table, board, _, _ in MOVEMENT.results():
        if round_ not in rounds:
            continue
        contract = "PASS" if not out else rng.choice(["1N", "2HX", "3N", "4S", "4H", "5DX", "6C", "3NXX"])
        if contract == "PASS":
            out.append(Entry(round_, table, board, "PASS", "", None))
        else:
            need = E.parse_contract(contract).tricks_needed
            out.append(Entry(round_, table, board, contract, rng.choice("NESW"),
                             max(0, min(13, need + rng.choice([-2, -1, 0, 0, 1, 2]))), lead=rng.choice(["", "SA"])))
    return out


def rows_of(path: Path) -> dict[tuple, tuple]:
    """Each results row's (round, table, board) -> (contract, declarer, tricks), read by the
    kinds' reader, as check and report read the book."""
    cells = kinds.read(path).cells
    columns = [[cell.value for cell in cells.column(name)]
               for name in ("RoundNo", "TableNo", "Board", "Contract", "Declarer", "Tricks")]
    return {tuple(row[:3]): tuple(row[3:]) for row in zip(*columns, strict=True) if row[0] is not None}


def engine_event(results: list[Entry]) -> E.PairsEvent:
    """The engine's scoring of the results, from the movement's pairs: what the book must show."""
    seats = {(r, t, b): (ns, ew) for r, t, b, ns, ew in MOVEMENT.results()}
    rows = [(e.board, *seats[e.key], *e.cells()) for e in results]
    return E.pairs_event(rows, fields=2)  # a Mitchell without arrow switch: a winner each way


def test_each_entry_lands_in_its_movement_row_and_nothing_else(book):
    before = rows_of(book)
    given = entries()
    report = write_back(book, [*given, Entry(9, 1, 1, "3N", "S", 9), Entry(1, 8, 1, "3N", "S", 9)])
    assert [e.key for e in report.written] == sorted(e.key for e in given)
    assert [e.key for e in report.missing] == [(1, 8, 1), (9, 1, 1)]  # no round 9, no table 8
    assert not report.unchanged and not report.conflicts
    after = rows_of(book)
    assert after.keys() == before.keys() and len(after) == len(MOVEMENT.results())
    by_key = {e.key: e for e in given}
    for key, result in after.items():
        assert result == (by_key[key].cells() if key in by_key else (None, None, None)), key
    lines = report.lines()
    assert lines[0] == f"{book}: {len(given)} results written; 2 without a row"
    assert "round 9, table 1, board 1: no such row" in lines[-1]
    # written again: every result already there, the file untouched
    data = book.read_bytes()
    again = write_back(book, given)
    assert len(again.unchanged) == len(given) and not again.written and book.read_bytes() == data


def test_the_written_book_checks_and_reports_as_the_engine_scores_it(book, tmp_path, capsys):
    given = entries()
    write_back(book, given)
    assert main(["check", str(book)]) == 0
    out = capsys.readouterr().out
    assert "no problems" in out.splitlines()[-1]
    assert main(["report", str(book), "--csv", str(tmp_path / "r.csv")]) == 0
    ranking = list(csv.DictReader((tmp_path / "r.csv").open(encoding="utf-8-sig")))
    event = engine_event(given)
    assert {int(row["Pair"]) for row in ranking} == set(event.pairs) == set(MOVEMENT.pair_numbers)
    for row in ranking:
        total = event.pairs[int(row["Pair"])]
        assert (row["Place"], row["Percent"], float(row["MP"])) == (total.place, f"{total.percent:.2f}", total.mp)
    assert len({row["Percent"] for row in ranking}) > 3  # the results tell the pairs apart


def test_a_typed_result_is_kept_and_a_different_one_is_a_conflict(book):
    given = entries()
    same, other = given[3], given[5]
    workbook = load(book, read_only=False)
    rows = list(zip(*(W.named_cells(workbook, n) for n in ("RoundNo", "TableNo", "Board", "Contract", "Declarer",
                                                             "Tricks")), strict=True))
    for entry, typed in ((same, (entry_spelled(same), same.declarer.lower(), same.tricks)),
                         (other, ("7NXX", "W", 13))):
        row = next(r for r in rows if (r[0].value, r[1].value, r[2].value) == entry.key)
        for cell, value in zip(row[3:], typed, strict=True):
            cell.value = value
    workbook.save(book)
    report = write_back(book, given)
    assert [e.key for e in report.unchanged] == [same.key]
    [conflict] = report.conflicts
    assert conflict.entry == other and conflict.book == ("7NXX", "W", 13) and not conflict.replaced
    assert rows_of(book)[other.key] == ("7NXX", "W", 13)  # kept as typed
    assert len(report.written) == len(given) - 2
    line = str(conflict)
    assert line.startswith(f"round {other.round}, table {other.table}, board {other.board}: the book has 7NXX W 13 ")
    assert "the book's kept" in line and conflict.address in line and "1 conflict kept" in report.lines()[0]
    # with force (the director asked) the journal's result is written over it
    forced = write_back(book, given, force=True)
    assert [c.entry for c in forced.conflicts] == [other] and forced.conflicts[0].replaced
    assert rows_of(book)[other.key] == other.cells()
    assert "written over (--force)" in forced.lines()[0]


def entry_spelled(entry: Entry) -> str:
    """The entry's contract as a director might type it: lower case, no-trump as NT."""
    return entry.contract.lower().replace("n", "nt") if entry.contract[1:2] == "N" else entry.contract.lower()


def snapshot(path: Path) -> tuple[dict, tuple, object]:
    """Every cell's value or formula by sheet and address; and what a director's book holds
    besides its values: defined names, validations, conditional formats, merged cells,
    column widths, protection and page set-up."""
    workbook = load(path, read_only=False)
    cells = {(sheet.title, cell.coordinate): cell.value for sheet in workbook.worksheets
             for row in sheet.iter_rows() for cell in row if cell.value is not None}
    names = {name: defined.attr_text for name, defined in workbook.defined_names.items()}
    sheets = [(sheet.title, [(str(v.sqref), v.formula1, v.type) for v in sheet.data_validations.dataValidation],
               sorted(str(rule.sqref) for rule in sheet.conditional_formatting),
               sorted(str(cells) for cells in sheet.merged_cells.ranges),
               {key: dim.width for key, dim in sheet.column_dimensions.items()},
               sheet.protection.sheet, sheet.page_setup.paperSize, sheet.page_setup.orientation)
              for sheet in workbook.worksheets]
    return cells, (names, sheets), workbook


def test_only_the_result_cells_change(book):
    before, kept, _ = snapshot(book)
    given = entries()
    write_back(book, given)
    after, furniture, workbook = snapshot(book)
    changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
    rows = {e.key for e in given}
    expected = set()
    for round_, table, board, *cells in zip(*(W.named_cells(workbook, n) for n in (
            "RoundNo", "TableNo", "Board", "Contract", "Declarer", "Tricks")), strict=True):
        if (round_.value, table.value, board.value) in rows:
            expected |= {(cell.parent.title, cell.coordinate) for cell in cells
                         if after.get((cell.parent.title, cell.coordinate)) is not None}
    assert changed == expected and len(expected) > 2 * len(given)  # a passed-out board fills one cell
    assert furniture == kept
    assert workbook.calculation.fullCalcOnLoad  # Excel and LibreOffice recalculate it on opening


def test_an_individual_takes_its_entries_too(tmp_path):
    assert main(["workbooks", "individual", "--out", str(tmp_path)]) == 0
    path = tmp_path / "individual.xlsx"
    keys = [key for key in rows_of(path) if key[0] == 1]
    given = [Entry(*key, "4H", "E", 10 - i % 3) for i, key in enumerate(keys)]
    report = write_back(path, given)
    assert len(report.written) == len(keys) > 0 and not report.missing
    assert all(rows_of(path)[e.key] == e.cells() for e in given)
    assert main(["check", str(path)]) == 0


@pytest.mark.parametrize("lock_name", [".~lock.club.xlsx#", "~$club.xlsx"])
def test_a_book_open_in_a_spreadsheet_is_waited_for_then_refused(book, lock_name):
    lock = book.with_name(lock_name)
    lock.write_text("someone,host,2026-12-01\n")
    data = book.read_bytes()
    said: list[str] = []
    start = time.monotonic()
    with pytest.raises(WorkbookOpen) as refused:
        write_back(book, entries(), wait=0.6, say=said.append)
    assert time.monotonic() - start >= 0.6
    program = "LibreOffice" if lock_name.startswith(".~") else "Excel"
    assert len(said) == 1 and f"is open in {program} ({lock_name})" in said[0] and "waiting up to 0.6 s" in said[0]
    message = str(refused.value)
    assert "\n" not in message and "nothing was written" in message and str(lock) in message
    assert book.read_bytes() == data


def test_no_wait_refuses_at_once_without_a_waiting_line(book):
    book.with_name("~$club.xlsx").write_text("x")
    said: list[str] = []
    with pytest.raises(WorkbookOpen, match=r"still open in Excel, so nothing was written"):
        write_back(book, entries(), wait=0, say=said.append)
    assert said == []


def test_a_book_closed_during_the_wait_is_written(book):
    lock = book.with_name(".~lock.club.xlsx#")
    lock.write_text("x")
    threading.Timer(0.5, lock.unlink).start()
    said: list[str] = []
    report = write_back(book, entries(), wait=30, say=said.append)
    assert len(said) == 1 and len(report.written) == len(entries())


def test_office_lock_files_beside_the_book(tmp_path):
    book = tmp_path / "club night.xlsx"
    assert office_lock(book) is None
    (tmp_path / "~$ub night.xlsx").write_text("x")  # Office's owner file of a long name: two letters replaced
    assert office_lock(book) == tmp_path / "~$ub night.xlsx"
    assert office_lock(tmp_path / "other.xlsx") is None


def test_a_book_without_a_movement_is_refused_in_one_line(tmp_path):
    assert main(["workbooks", "pairs", "--out", str(tmp_path)]) == 0
    free = tmp_path / "pairs.xlsx"
    data = free.read_bytes()
    with pytest.raises(WriteBackError, match=r"has no RoundNo, TableNo cells: .* built from a movement"):
        write_back(free, entries())
    assert free.read_bytes() == data


@lo.requires_soffice
def test_libreoffice_recalculates_the_written_book_as_the_engine(book, tmp_path):
    given = entries(rounds=(1, 2, 3), seed=11)
    write_back(book, given)
    [calc] = lo.recalc([book], tmp_path / "calc")
    values = lo.Values(calc)
    assert not values.errors()
    event = engine_event(given)
    percents = {p: v for p, v in zip(values.read("PairNumber"), values.read("PairPercent"), strict=True) if p}
    assert set(percents) == set(event.pairs)
    for pair, total in event.pairs.items():
        assert percents[pair] == pytest.approx(total.percent, abs=1e-9), pair
    assert values.read("ResultsEntered") == [len(given)]
