"""pivot.xlsx as generated: names, validation, protection, the schedule from the engine,
formulas, print set-up, Finnish, options, the shipped file.

What it computes is checked in LibreOffice by test_workbooks_pivot_lo.py.
"""

from __future__ import annotations

import re
import zipfile

import openpyxl
import pytest

from tests.test_workbooks import SHIPPED, fingerprint
from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.workbooks import pivot
from xlbridge.workbooks.names import name_problem

CELLS = {"PlayerCount", "EventName", "EventDate"}
COLUMNS = [
    (5, ["Player", "PlayerRounds", "PlayerScored", "PlayerConceded", "PlayerNet", "PlayerPlace"]),
    (15, ["RoundNumber", "RoundNorth", "RoundEast", "RoundSouth", "RoundWest", "RoundSitsOut",
          "RoundNS", "RoundEW", "RoundCheck"]),
]
INPUTS = ["EventName", "EventDate", "PlayerCount", "Player", "RoundNS", "RoundEW"]
PORTABLE = {"AND", "COUNTIF", "COUNTIFS", "IF", "INDEX", "INT", "ISNUMBER", "MOD", "OR", "SUMIF"}


@pytest.fixture(scope="module")
def book() -> openpyxl.Workbook:
    return W.build("pivot")


def formula_cells(book: openpyxl.Workbook):
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    yield sheet, cell


def test_registered_and_documented_names_with_their_shapes(book):
    assert "pivot" in W.TEMPLATES and W.file_name("pivot") == "pivot.xlsx"
    documented = set(CELLS)
    for name in CELLS:
        assert len(W.named_cells(book, name)) == 1, name
    for length, columns in COLUMNS:
        documented |= set(columns)
        for name in columns:
            cells = W.named_cells(book, name)
            assert len(cells) == length, name
            assert len({c.column for c in cells}) == 1, f"{name} is not one column"
    assert set(book.defined_names) == documented | {"tblPivot4", "tblPivot5"}
    for name in book.defined_names:
        assert name_problem(name) is None, name
    for word in ("PlayerNet", "PlayerPlace", "Player"):  # docs/workbooks.md's names
        assert f"``{word}``" in pivot.__doc__


def test_inputs_are_unlocked_and_validated_formulas_locked(book):
    for name in INPUTS:
        for cell in W.named_cells(book, name):
            assert cell.protection.locked is False, (name, cell.coordinate)
            rules = [dv for dv in cell.parent.data_validations.dataValidation
                     if cell.coordinate in dv.sqref]
            assert len(rules) == 1, (name, cell.coordinate)
            rule = rules[0]
            assert rule.showErrorMessage and rule.errorStyle == "stop"
            assert rule.error and len(rule.error) <= 255 and len(rule.errorTitle) <= 32
    count = W.named_cells(book, "PlayerCount")[0]
    [rule] = [dv for dv in count.parent.data_validations.dataValidation
              if count.coordinate in dv.sqref]
    assert (rule.type, rule.formula1) == ("list", '"4,5"') and count.value == 4
    [total] = [dv for dv in count.parent.data_validations.dataValidation
               if W.named_cells(book, "RoundNS")[0].coordinate in dv.sqref]
    assert (total.type, total.formula1, total.formula2) == ("whole", "0", "99999")
    for sheet, cell in formula_cells(book):
        assert cell.protection.locked, (sheet.title, cell.coordinate)
    for name in ("RoundNumber", "RoundNorth", "PlayerNet", "PlayerPlace", "RoundCheck"):
        assert all(c.protection.locked for c in W.named_cells(book, name)), name
    for sheet in book.worksheets:
        assert sheet.protection.sheet and not sheet.protection.password


def test_the_schedule_is_the_engines(book):
    assert book["Lookup"].sheet_state == "hidden"
    for players in (4, 5):
        cells = W.named_cells(book, f"tblPivot{players}")
        width = 4 if players == 4 else 5
        rows = [[c.value for c in cells[i:i + width]] for i in range(0, len(cells), width)]
        assert rows == [[*r.players, *([r.sits_out] if players == 5 else [])]
                        for r in E.pivot_schedule(players)]


def test_formulas_are_portable_and_bounded(book):
    texts = [cell.value for _, cell in formula_cells(book)]
    assert len(texts) > 100
    for text in texts:
        assert set(re.findall(r"([A-Z][A-Z0-9.]*)\(", text)) <= PORTABLE, text
        assert not re.search(r"(?<![\w$])\$?[A-Z]{1,3}:\$?[A-Z]{1,3}(?![\w$])", text), text
    # The seating looks the schedule up by the round number, cycling through it.
    north = W.named_cells(book, "RoundNorth")[0]
    helper = north.parent[f"K{north.row}"].value
    assert "tblPivot5,MOD(A15-1,5)+1,1" in helper and "tblPivot4,MOD(A15-1,3)+1,1" in helper


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_print_setup(paper):
    book = W.build("pivot", paper=paper, event="Smith & Jones")
    sheet = book.worksheets[0]
    assert sheet.page_setup.paperSize == W.PAPERS[paper]
    assert sheet.print_area and sheet.print_title_rows == "$13:$14"
    assert sheet.page_setup.fitToWidth == 1
    assert sheet.oddHeader.left.text == "Smith && Jones"
    assert "&P" in sheet.oddFooter.center.text
    hidden = {k for k, d in sheet.column_dimensions.items() if d.hidden}
    assert hidden == set("KLMNOPQR")
    for row in sheet.iter_rows():
        for cell in row:
            assert cell.font.name == "Arial", cell.coordinate


def test_finnish_labels_same_names(book):
    finnish = W.build("pivot", lang="fi")
    assert finnish.sheetnames == ["Pivot", "Lookup"]
    assert {n: d.attr_text for n, d in finnish.defined_names.items()} == {
        n: d.attr_text for n, d in book.defined_names.items()}
    values = {c.value for row in finnish["Pivot"].iter_rows(max_row=14) for c in row}
    assert {"Pelaaja", "Netto", "Sija", "Kierros", "Sivussa", "Tarkista"} <= values
    checks = W.named_cells(finnish, "RoundCheck")[0].value
    assert '"pisteet?"' in checks and '"pelaajat?"' in checks


def test_options_and_text_names(tmp_path):
    five = W.build("pivot", players=5, rounds=20)
    assert W.read_named(five, "PlayerCount") == [5]
    assert len(W.named_cells(five, "RoundNS")) == 20
    for options in ({"rounds": 0}, {"rounds": 61}, {"players": 3}):
        with pytest.raises(ValueError):
            W.build("pivot", **options)
    W.write_named(five, "Player", ['=HYPERLINK("http://x","y")', "+358 40 1"])
    path = W.save(five, tmp_path / "pivot.xlsx")
    with zipfile.ZipFile(path) as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    assert "HYPERLINK" not in "".join(re.findall(r"<f>(.*?)</f>", xml))
    again = openpyxl.load_workbook(path)
    assert {c.data_type for c in W.named_cells(again, "Player")[:2]} == {"s"}


def test_shipped_file_is_current(tmp_path):
    shipped = SHIPPED / "pivot.xlsx"
    assert shipped.exists(), "run: xlbridge workbooks pivot --out workbooks --force"
    fresh = W.save(W.build("pivot"), tmp_path / "pivot.xlsx")
    assert fingerprint(shipped) == fingerprint(fresh), (
        f"{shipped} is stale: run xlbridge workbooks pivot --out workbooks --force")
