"""The template workbooks as generated: names, validation, protection, lookup tables,
formulas, print set-up, languages, saving, the command, and the shipped set.

What they compute is checked in LibreOffice by test_workbooks_lo.py.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.files import OutputExistsError
from xlbridge.workbooks import lookup
from xlbridge.workbooks.names import EXCEL_FUNCTIONS, name_problem

SHIPPED = Path(__file__).resolve().parent.parent / "workbooks"

# The public names (docs/workbooks.md), by template:
# single cells, then groups of equally long columns with their length.
CELLS = {
    "traveller": {"Board", "EventName", "EventDate", "MPScale", "Dealer", "Vulnerability",
                  "Top"},
    "pairs": {"EventName", "EventDate", "TableCount", "BoardCount", "MPScale",
              "ResultsEntered", "ResultsFlagged", "Scoring", "CrossIMPsMode", "UseNeuberg",
              "ExpectedResults", "SessionRule", "Fields", "MissingAsTies", "MPDecimals", "ScaleToBoards",
              "AdjustedIMPs", "BoardSlots"},
    "teams": {"TotalIMPs", "VPHome", "VPAway", "HomeIMPs", "AwayIMPs", "BoardsPlayed",
              "HomeTeam", "AwayTeam", "EventName", "EventDate"},
}
HANDS = ["HandBoard", "HandDeal", "HandNorth", "HandEast", "HandSouth", "HandWest", "HandParScore", "HandParContract",
         "HandCheck"]
COLUMNS = {
    "traveller": [(30, ["NS", "EW", "Contract", "Declarer", "Tricks", "ScoreNS", "ScoreEW",
                        "MPNS", "MPEW", "Check"])],
    "pairs": [
        (1080, ["Board", "NS", "EW", "Contract", "Declarer", "Tricks", "ScoreNS", "ScoreEW",
                "MPNS", "MPEW", "IMPsNS", "IMPsEW", "BoardTop", "Check"]),
        (60, ["RankPlace", "RankPair", "RankName", "RankField", "RankMP", "RankTop", "RankPercent",
              "RankIMPs", "RankIMPsPerBoard", "RankBoards", "RankPenalty", "HandicapPlace", "HandicapPair",
              "HandicapName", "HandicapField", "HandicapGiven", "HandicapPercent"]),
        (60, ["PairNumber", "PairName", "PairField", "PairBoards", "PairMP", "PairTop", "PairPercent",
              "PairIMPs", "PairRealPercent", "PairCheck", "PairPenalty", "PairHandicap"]),
        (36, HANDS),
    ],
    "teams": [(64, ["Board", "OpenContract", "OpenDeclarer", "OpenTricks", "ClosedContract",
                    "ClosedDeclarer", "ClosedTricks", "OpenScore", "ClosedScore", "BoardIMPs",
                    "Check"]), (64, HANDS)],
}
# The Hands sheet's 20 double-dummy tricks a board: one block, a row a board (docs/workbooks.md).
BLOCKS = {"pairs": {"HandTricks": (36, 20)}, "teams": {"HandTricks": (64, 20)}}
INPUTS = {
    "traveller": ["Board", "EventName", "EventDate", "MPScale", "NS", "EW", "Contract",
                  "Declarer", "Tricks"],
    "pairs": ["EventName", "EventDate", "TableCount", "BoardCount", "MPScale", "Scoring",
              "CrossIMPsMode", "UseNeuberg", "ExpectedResults", "SessionRule", "Fields", "MissingAsTies",
              "MPDecimals", "ScaleToBoards", "AdjustedIMPs", "PairNumber",
              "PairName", "PairPenalty", "PairHandicap", "Board", "NS", "EW", "Contract", "Declarer", "Tricks",
              "HandDeal", "HandTricks", "HandParScore", "HandParContract"],
    "teams": ["EventName", "EventDate", "HomeTeam", "AwayTeam", "Board", "OpenContract",
              "OpenDeclarer", "OpenTricks", "ClosedContract", "ClosedDeclarer", "ClosedTricks",
              "HandDeal", "HandTricks", "HandParScore", "HandParContract"],
}
# Functions that Excel 2010+, LibreOffice 7.4 and Google Sheets all have, none volatile.
PORTABLE = {"ABS", "AND", "COUNT", "COUNTA", "COUNTIF", "COUNTIFS", "IF", "IFERROR", "INDEX", "INT",
            "ISNA", "ISNUMBER", "LEFT", "MATCH", "MAX", "MID", "MIN", "MOD", "N", "NOT", "OR",
            "RANK", "ROUND", "SIGN", "SUM", "SUMIF", "SUMIFS", "SUMPRODUCT", "TRIM",
            # reading a weighted score's words (Excel 2010, LibreOffice and Google Sheets have them all)
            "FIND", "LEN", "REPT", "RIGHT", "SUBSTITUTE", "UPPER", "VALUE",
            # season.xlsx's best sessions (in SUMPRODUCT: no array formula; Excel 2010, LibreOffice, Google Sheets)
            "LARGE",
            # season.xlsx's latest sessions for the handicap (a range's rows, in SUMPRODUCT; not volatile)
            "ROW"}


@pytest.fixture(scope="module")
def books() -> dict[str, openpyxl.Workbook]:
    return {name: W.build(name) for name in W.TEMPLATES}


def formula_cells(book: openpyxl.Workbook):
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    yield sheet, cell


def test_the_set():
    assert W.TEMPLATES[:3] == ("traveller", "pairs", "individual")
    assert {"teams", "teams-event", "rubber", "chicago", "pivot"} <= set(W.TEMPLATES)
    assert W.file_name("pairs") == "pairs.xlsx"


@pytest.mark.parametrize("name", ["traveller", "pairs", "teams"])
def test_every_public_name_is_defined_with_its_shape(books, name):
    book = books[name]
    documented = set(CELLS[name])
    for cell in CELLS[name]:
        assert len(W.named_cells(book, cell)) == 1, cell
    for length, columns in COLUMNS[name]:
        documented |= set(columns)
        for column in columns:
            cells = W.named_cells(book, column)
            assert len(cells) == length, column
            assert len({c.column for c in cells}) == 1, f"{column} is not one column"
    for block, (rows, width) in BLOCKS.get(name, {}).items():
        documented.add(block)
        cells = W.named_cells(book, block)
        assert (len({c.row for c in cells}), len({c.column for c in cells})) == (rows, width), block
    internal = {n for n in book.defined_names if n.startswith("tbl")}
    assert set(book.defined_names) - internal == documented


def test_no_defined_name_is_a_function_name_or_a_cell(books):
    for book in books.values():
        for name in book.defined_names:
            assert name_problem(name) is None, name
    for bad in ("IMPS", "VP", "vp", "Rank", "SCORE", "BRIDGESCORE", "MATCH", "AB12", "R1C1"):
        assert name_problem(bad), bad
    assert {"XLOOKUP", "SUMIFS", "TEXT"} <= EXCEL_FUNCTIONS


@pytest.mark.parametrize("name", ["traveller", "pairs", "teams"])
def test_inputs_are_unlocked_and_validated_formulas_locked(books, name):
    book = books[name]
    for input_name in INPUTS[name]:
        for cell in W.named_cells(book, input_name):
            assert cell.protection.locked is False, (input_name, cell.coordinate)
            rules = [dv for dv in cell.parent.data_validations.dataValidation
                     if cell.coordinate in dv.sqref]
            assert len(rules) == 1, (input_name, cell.coordinate)
            rule = rules[0]
            # Every input refuses what it cannot take, but for pairs.xlsx's Contract: a
            # weighted score (60% 4SN= 40% 4SN-1) is typed, so Excel warns and the row's check reads it.
            weighted = (name, input_name) == ("pairs", "Contract")
            assert rule.showErrorMessage and rule.errorStyle == ("warning" if weighted else "stop")
            assert rule.error and len(rule.error) <= 255, input_name
            assert rule.errorTitle and len(rule.errorTitle) <= 32
    for sheet, cell in formula_cells(book):
        assert cell.protection.locked, (sheet.title, cell.coordinate)
    for sheet in book.worksheets:
        assert sheet.protection.sheet, sheet.title
        assert not sheet.protection.password and not sheet.protection.hashValue


def test_dropdowns_offer_the_engines_contracts_and_seats(books):
    book = books["traveller"]
    sheet = W.named_cells(book, "Contract")[0].parent
    by_type = {dv.type + (dv.formula1 or ""): dv for dv in sheet.data_validations.dataValidation}
    contracts = [dv for key, dv in by_type.items() if "Lookup" in key]
    assert len(contracts) == 1
    assert [c.value for c in W.named_cells(book, "tblContracts")] == [
        text for text, _ in lookup.spellings()
    ]
    texts = [c.value for c in W.named_cells(book, "tblContracts")]
    assert texts[:106] == [str(c) for c in lookup.contracts()] and texts[105] == "7NTXX"
    assert texts[106:] == [f"{level}N{x}" for level in range(1, 8) for x in ("", "X", "XX")]
    # A results row also offers NP and the adjusted scores.
    codes = ["NP", "A60", "A50", "A40", "A60/50", "A60/40", "A50/60", "A50/40", "A40/60", "A40/50"]
    choices = [c.value for c in W.named_cells(book, "tblRowChoices")]
    assert choices[:len(texts) + len(codes)] == [*texts[:106], *codes, *texts[106:]]
    # Then the other spellings of adjusted scores and the split scores (issue 18), which a
    # cell must take too: the dropdown's list is what Excel lets a director type.
    others = [text for text, _ in E.adjusted_spellings()][len(codes) - 1:]
    splits = [f"A{p}/{t}" if ns else f"{t}/A{p}" for t in texts for p in (60, 50, 40) for ns in (True, False)]
    assert choices[len(texts) + len(codes):] == [*others, *splits]
    assert {"A60/60", "A6040", "AVE+/AVE-", "A+", "A60/4S", "3NT/A40", "PASS/A60"} <= set(choices)
    assert contracts[0].formula1 == book.defined_names["tblRowChoices"].attr_text
    assert any(dv.formula1 == '"N,E,S,W"' for dv in by_type.values())
    assert any(dv.type == "whole" and (dv.formula1, dv.formula2) == ("0", "13")
               for dv in by_type.values())


def rows_of(book: openpyxl.Workbook, name: str) -> list[list]:
    cells = W.named_cells(book, name)
    width = len({c.column for c in cells})
    values = [c.value for c in cells]
    return [values[i:i + width] for i in range(0, len(values), width)]


def test_lookup_tables_are_the_engines(books):
    book = books["teams"]
    sheet = book["Lookup"]
    assert sheet.sheet_state == "hidden" and sheet.protection.sheet
    scores = rows_of(book, "tblScores")
    for (_, contract), row in zip(lookup.spellings(), scores, strict=True):
        assert row == [E.duplicate_score(contract, tricks, vul)
                       for vul in (False, True) for tricks in range(14)]
    assert [c.value for c in W.named_cells(book, "tblImpLow")] == [0, *E.IMP_THRESHOLDS]
    grid = rows_of(book, "tblVP")
    for boards in range(1, 65):
        table = E.vp_table(boards)
        column = [row[boards - 1] for row in grid]
        assert column[:len(table)] == list(table)
        assert set(column[len(table):]) <= {20.0}
    declarer_vul = rows_of(book, "tblDeclVul")
    for board in range(1, 17):
        assert declarer_vul[board - 1] == [int(E.board_vul(board).is_vulnerable(seat))
                                           for seat in E.SEATS]
        assert W.named_cells(book, "tblDealer")[board - 1].value == str(E.board_dealer(board))


def test_formulas_use_portable_functions_and_bounded_ranges(books):
    for book in books.values():
        texts = [cell.value for _, cell in formula_cells(book)]
        texts += [dv.formula1 or "" for sheet in book.worksheets
                  for dv in sheet.data_validations.dataValidation]
        for text in texts:
            functions = set(re.findall(r"([A-Z][A-Z0-9.]*)\(", text))
            assert functions <= PORTABLE, (functions - PORTABLE, text)
            # Whole columns (A:A) or rows (1:1) would make every recalculation slow.
            assert not re.search(r"(?<![\w$])\$?[A-Z]{1,3}:\$?[A-Z]{1,3}(?![\w$])", text), text
            assert not re.search(r"(?<![\w$])\$?\d+:\$?\d+(?![\w$])", text), text


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_print_setup(paper):
    for name in W.TEMPLATES:
        book = W.build(name, paper=paper)
        for sheet in book.worksheets:
            if sheet.sheet_state != "visible":
                continue
            setup = sheet.page_setup
            assert setup.paperSize == {"A4": 9, "Letter": 1}[paper]  # ECMA-376 ST_PaperSize
            assert sheet.print_area, (name, sheet.title)
            assert sheet.sheet_properties.pageSetUpPr.fitToPage
            assert setup.fitToWidth == 1
            assert "&P" in sheet.oddFooter.center.text and "&N" in sheet.oddFooter.center.text
            assert sheet.oddHeader.left.text and sheet.oddHeader.left.font.startswith("Arial")
            for row in sheet.iter_rows():
                for cell in row:
                    assert cell.font.name == "Arial", (name, sheet.title, cell.coordinate)
    pairs = W.build("pairs", paper=paper)
    travellers = pairs.worksheets[3]
    assert len(travellers.row_breaks.brk) == 35  # one traveller a page
    assert pairs.worksheets[1].print_title_rows == "$1:$4"


def test_finnish_labels_same_names(books):
    for name in W.TEMPLATES:
        finnish = W.build(name, lang="fi")
        english = books[name]
        assert {n: d.attr_text.split("!")[1] for n, d in finnish.defined_names.items()} == {
            n: d.attr_text.split("!")[1] for n, d in english.defined_names.items()}
    pairs = W.build("pairs", lang="fi")
    assert pairs.sheetnames == ["Asetukset", "Tulokset", "Sijoitukset", "Tuloslaput", "Kädet", "Jaot", "Painotetut",
                               "Lookup"]
    values = {c.value for row in pairs["Tulokset"].iter_rows(max_row=4) for c in row}
    assert {"Jako", "Sopimus", "Tikit", "Tarkista"} <= values
    flags = [c.value for c in W.named_cells(pairs, "tblFlags")]
    assert flags == ["jako?", "pari?", "sopimus?", "pelinviejä?", "tikit?", "kahdesti?", "keinotulos?", "joukkue?",
                     "painotettu?"]
    assert W.build("teams", lang="fi").sheetnames[0] == "Ottelu"
    with pytest.raises(E.OptionError):  # not bridge input: an option
        W.build("teams", lang="sv")  # a language xlbridge does not speak


NASTY = ['=HYPERLINK("http://x","y")', "+358 40 123 4567", "@home", "-minus-", "=1+1"]


def test_names_a_user_typed_are_stored_as_text(tmp_path):
    pairs = W.build("pairs", pairs=list(enumerate(NASTY, start=1)), event=NASTY[0])
    teams = W.build("teams", home=NASTY[0], away=NASTY[1])
    path = W.save(pairs, tmp_path / "pairs.xlsx")
    W.save(teams, tmp_path / "teams.xlsx")
    with zipfile.ZipFile(path) as archive:
        xml = "".join(archive.read(n).decode() for n in archive.namelist()
                      if n.startswith("xl/worksheets/"))
    formulas = re.findall(r"<f>(.*?)</f>", xml)
    assert len(formulas) > 1000
    assert not [f for f in formulas if "HYPERLINK" in f or f == "1+1"]  # none of them
    again = openpyxl.load_workbook(path)
    names = W.named_cells(again, "PairName")[:5]
    assert [c.value for c in names] == NASTY and {c.data_type for c in names} == {"s"}
    assert W.read_named(again, "EventName") == [NASTY[0]]
    assert all(c.number_format == "@" for c in W.named_cells(again, "PairName"))
    teams_again = openpyxl.load_workbook(tmp_path / "teams.xlsx")
    assert W.read_named(teams_again, "HomeTeam") == [NASTY[0]]
    assert W.named_cells(teams_again, "HomeTeam")[0].data_type == "s"
    # Filling through the names keeps text text too.
    W.write_named(teams_again, "AwayTeam", ["=2+2"])
    assert W.named_cells(teams_again, "AwayTeam")[0].data_type == "s"
    with pytest.raises(E.OptionError):
        W.write_named(teams_again, "HomeTeam", ["a", "b"])
    with pytest.raises(KeyError):
        W.named_cells(teams_again, "NoSuchName")


def test_header_shows_the_event_and_escapes_ampersands():
    book = W.build("traveller", event="Smith & Jones Cup")
    header = book.worksheets[0].oddHeader
    assert header.left.text == "Smith && Jones Cup" and header.right.text == "&D"
    assert W.read_named(book, "EventName") == ["Smith & Jones Cup"]


def test_template_options():
    small = W.build("pairs", tables=5, boards=8)
    assert len(W.named_cells(small, "Board")) == 40
    assert len(W.named_cells(small, "PairNumber")) == 10
    assert len(W.build("teams", boards=16).defined_names["tblVP"].attr_text) > 0
    assert len(W.named_cells(W.build("traveller", tables=12), "Contract")) == 12
    for name, options in (("pairs", {"tables": 0}), ("teams", {"boards": 65}),
                          ("traveller", {"tables": 100})):
        with pytest.raises(ValueError):
            W.build(name, **options)
    with pytest.raises(E.OptionError):
        W.build("rubbish")
    with pytest.raises(E.OptionError):
        W.build("traveller", paper="A3")
    assert not issubclass(E.OptionError, E.BridgeInputError)  # bridge input is the engine's


# --- saving and the command ----------------------------------------------------------------


def test_save_refuses_an_existing_file_without_force(tmp_path):
    target = tmp_path / "traveller.xlsx"
    target.write_bytes(b"a director's results")
    with pytest.raises(OutputExistsError, match="force"):
        W.save(W.build("traveller"), target)
    assert target.read_bytes() == b"a director's results"
    W.save(W.build("traveller"), target, force=True)
    assert zipfile.is_zipfile(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["traveller.xlsx"]  # no temp left


def test_save_leaves_nothing_behind_when_writing_fails(tmp_path, monkeypatch):
    book = W.build("traveller")

    def fail(path):
        Path(path).write_bytes(b"half a file")
        raise OSError("disk full")

    monkeypatch.setattr(book, "save", fail)
    with pytest.raises(OSError, match="disk full"):
        W.save(book, tmp_path / "t.xlsx")
    assert list(tmp_path.iterdir()) == []


def test_write_set_writes_nothing_if_any_file_exists(tmp_path):
    (tmp_path / "pairs.xlsx").write_bytes(b"results")
    with pytest.raises(OutputExistsError, match=r"pairs\.xlsx"):
        W.write_set(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pairs.xlsx"]
    written = W.write_set(tmp_path, force=True, names=("pairs", "teams"))
    assert [p.name for p in written] == ["pairs.xlsx", "teams.xlsx"]


def test_command(tmp_path, capsys):
    out = tmp_path / "set"
    assert main(["workbooks", "--out", str(out)]) == 0
    printed = capsys.readouterr().out.split()
    assert [Path(p).name for p in printed] == [f"{name}.xlsx" for name in W.TEMPLATES]
    before = (out / "pairs.xlsx").read_bytes()
    assert main(["workbooks", "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert "already exist" in error and "--force" in error
    assert (out / "pairs.xlsx").read_bytes() == before
    assert main(["workbooks", "pairs", "--out", str(out), "--force", "--lang", "FI",
                 "--paper", "letter"]) == 0
    pairs = openpyxl.load_workbook(out / "pairs.xlsx")
    assert pairs.sheetnames[0] == "Asetukset"
    assert pairs.worksheets[0].page_setup.paperSize == W.PAPERS["Letter"]
    assert main(["workbooks", "rubbish", "--out", str(out)]) == 2
    assert "unknown template rubbish" in capsys.readouterr().err


# --- the shipped set ----------------------------------------------------------------------


def fingerprint(path: Path) -> dict:
    """What a workbook holds, not how its bytes happen to be laid out."""
    book = openpyxl.load_workbook(path)
    sheets = []
    for sheet in book.worksheets:
        cells = {
            cell.coordinate: (cell.value, cell.data_type, cell.number_format,
                              cell.protection.locked, cell.font.b, cell.fill.fgColor.rgb)
            for row in sheet.iter_rows() for cell in row
        }
        validations = sorted(
            (dv.type, dv.formula1, dv.formula2, dv.operator, dv.error, str(dv.sqref))
            for dv in sheet.data_validations.dataValidation
        )
        setup = sheet.page_setup
        sheets.append({
            "title": sheet.title, "state": sheet.sheet_state, "cells": cells,
            "validations": validations,
            "merged": sorted(str(m) for m in sheet.merged_cells.ranges),
            "print": (sheet.print_area, sheet.print_title_rows, setup.paperSize,
                      setup.orientation, setup.fitToWidth, setup.fitToHeight,
                      [b.id for b in sheet.row_breaks.brk]),
            "header": (sheet.oddHeader.left.text, sheet.oddHeader.right.text,
                       sheet.oddFooter.center.text),
            "protected": sheet.protection.sheet,
            "hidden": sorted(k for k, d in sheet.column_dimensions.items() if d.hidden),
            "widths": {k: d.width for k, d in sheet.column_dimensions.items()},
        })
    names = {n: d.attr_text for n, d in book.defined_names.items()}
    return {"names": names, "sheets": sheets}


@pytest.mark.parametrize("name", ["traveller", "pairs", "teams"])
def test_shipped_workbooks_are_current(tmp_path, name):
    shipped = SHIPPED / W.file_name(name)
    assert shipped.exists(), f"run: xlbridge workbooks --out workbooks --force ({shipped})"
    fresh = W.save(W.build(name), tmp_path / W.file_name(name))
    assert fingerprint(shipped) == fingerprint(fresh), (
        f"{shipped} is stale: run xlbridge workbooks --out workbooks --force"
    )


def test_every_template_is_shipped():
    assert sorted(p.name for p in SHIPPED.glob("*.xlsx")) == sorted(
        W.file_name(n) for n in W.TEMPLATES)


def test_finnish_sheets_show_vulnerability_in_finnish():
    from xlbridge.engine import movement

    for name in ("traveller", "teams", "chicago", "rubber", "pairs"):
        book = W.build(name, lang="fi")
        shown = {c.value for ref in ("tblVulText", "tblChicagoVul", "tblRubVul") if ref in book.defined_names
                 for c in W.named_cells(book, ref)}
        assert shown and shown <= {"Ei", "NS", "EW", "Kaikki"}, (name, shown)
    cards = W.build("pairs", lang="fi", movement=movement("mitchell", 3, 6))
    texts = {c.value for ws in cards.worksheets for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    assert not any("None" in text or text.endswith(": All") for text in texts)
    assert any(text.endswith("Vaarassa: Kaikki") for text in texts)
