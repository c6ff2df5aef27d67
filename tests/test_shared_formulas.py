"""Shared formulas (xlbridge/workbooks/shared.py): every book is written with a column's
run of one formula stored once, as Excel writes it. What each cell computes must not change:
openpyxl, which reads a shared formula back with its own Translator, finds every cell's
formula as the template wrote it, and LibreOffice computes every cell of a filled book the
same from either file.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from tests.test_workbooks_fill import pairs_scenario, teams_scenario
from xlbridge import workbooks as W
from xlbridge.workbooks import shared


def plain(book: openpyxl.Workbook) -> bytes:
    """The book as openpyxl writes it: every cell its own formula."""
    out = io.BytesIO()
    openpyxl.Workbook.save(book, out)
    return out.getvalue()


def formulas(xlsx: bytes) -> dict[tuple[str, str], str]:
    """Every formula cell's text, by (sheet, cell), as openpyxl reads the file."""
    book = openpyxl.load_workbook(io.BytesIO(xlsx))
    return {(sheet.title, cell.coordinate): cell.value for sheet in book.worksheets for row in sheet.iter_rows()
            for cell in row if isinstance(cell.value, str) and cell.value.startswith("=")}


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("name", W.TEMPLATES)
def test_every_formula_reads_back_as_written(name, lang):
    written = plain(W.build(name, lang=lang))
    assert formulas(shared.shared(written)) == formulas(written)


def test_a_pairs_book_stores_each_results_column_once():
    """The point of it: the 30-table, 36-board book's results columns are each one shared
    formula over their 1,080 rows, and the file is a third of its size."""
    written = plain(W.build("pairs"))
    sharing = shared.shared(written)
    with zipfile.ZipFile(io.BytesIO(sharing)) as archive:
        names = re.findall(r'<sheet [^>]*name="([^"]+)"', archive.read("xl/workbook.xml").decode())
        results = archive.read(f"xl/worksheets/sheet{names.index('Results') + 1}.xml").decode()
    assert 'ref="R5:R1084"' in results and 'ref="G5:G1084"' in results
    assert results.count('<f t="shared" si=') > 30 * 1079
    assert len(sharing) < len(written) / 2


def test_a_cell_that_is_not_the_one_above_moved_down_keeps_its_own_formula():
    book = openpyxl.Workbook()
    sheet = book.active
    sheet["A1"], sheet["A2"], sheet["A3"] = "=B1+1", "=B2+1", "=B2+1"  # A3 is not A2 moved down
    sheet["A4"], sheet["A5"] = '="A4"&B4', '="A4"&B5'  # A4 moved down: text that looks like a cell stays
    sheet["C1"], sheet["C2"] = "=SUM(B:B)+B1", "=SUM(B:B)+B2"  # a whole column: openpyxl moves it
    written = plain(book)
    assert formulas(shared.shared(written)) == formulas(written)
    sheet_xml = shared.share_sheet(zipfile.ZipFile(io.BytesIO(written)).read("xl/worksheets/sheet1.xml").decode())
    assert 'ref="A1:A2"' in sheet_xml and 'ref="A4:A5"' in sheet_xml and 'ref="C1:C2"' in sheet_xml
    assert '<c r="A3"><f>B2+1</f>' in sheet_xml


@lo.requires_soffice
def test_libreoffice_computes_the_same_from_either_file(tmp_path):
    """A filled pairs book (adjusted, split and weighted scores, a session rule) and a filled
    team match, each saved both ways and recalculated: every cell's value is the same."""
    books = {"pairs": pairs_scenario(5, tables=8, boards=16, adjusted=0.1, split=0.1, weighted=0.05).build(),
             "teams": teams_scenario(3, boards=24).build()}
    paths = []
    for name, book in books.items():
        for how, data in (("plain", plain(book)), ("shared", shared.shared(plain(book)))):
            path = tmp_path / f"{name}-{how}.xlsx"
            path.write_bytes(data)
            paths.append(path)
    computed = lo.recalc(paths, tmp_path / "calc")
    for name in books:
        both = [openpyxl.load_workbook(path, data_only=True)
                for path in computed if Path(path).stem.startswith(name)]
        values = [{(sheet.title, cell.coordinate): cell.value for sheet in book.worksheets
                   for row in sheet.iter_rows() for cell in row} for book in both]
        assert len(values[0]) > 1000
        assert values[0] == values[1], name
