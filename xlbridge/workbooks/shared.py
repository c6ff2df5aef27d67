"""Shared formulas: a column's run of one formula, written once.

openpyxl writes every cell's formula in full. A results table of 1,080 rows then holds each
of its formulas 1,080 times: 5.8 MB of formula text in a 30-table, 36-board pairs.xlsx, which
LibreOffice parses cell by cell when it loads the book. Excel itself writes such a run as a
*shared formula* (ECMA-376 Part 1, §18.3.1.40: ``<f t="shared" ref="R5:R1084" si="0">``
with the text in the run's first cell, ``<f t="shared" si="0"/>`` in the others), which every
spreadsheet reads, and so does openpyxl.

:class:`Workbook` is an openpyxl workbook that saves that way. A cell joins the run above it
only when its formula is exactly the run's first formula moved down to it, as openpyxl's own
:class:`~openpyxl.formula.translate.Translator` moves it (the same translation openpyxl
applies when it reads a shared formula back), so the book's formulas are unchanged, cell by
cell; anything else keeps its own text.

>>> import io, openpyxl
>>> book = Workbook()
>>> sheet = book.active
>>> for row in range(1, 5):
...     sheet[f"A{row}"], sheet[f"B{row}"] = row, f"=A{row}*2+$A$1"
>>> sheet["B5"] = "=SUM(B1:B4)"
>>> saved = io.BytesIO()
>>> book.save(saved)
>>> with zipfile.ZipFile(saved) as archive:
...     xml = archive.read("xl/worksheets/sheet1.xml").decode()
>>> xml.count('t="shared"'), 'ref="B1:B4"' in xml
(4, True)
>>> [cell.value for cell in openpyxl.load_workbook(saved).active["B"]]
['=A1*2+$A$1', '=A2*2+$A$1', '=A3*2+$A$1', '=A4*2+$A$1', '=SUM(B1:B4)']
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from html import unescape

import openpyxl
from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.formula.translate import Translator

# A cell with a plain formula as openpyxl writes it: <c r="R10" s="12"><f>IF(...)</f>
# (an array or data-table formula has attributes on its <f>, and is left alone).
_CELL = re.compile(r'<c r="([A-Z]{1,3})(\d+)"([^>]*)><f>([^<]*)</f>')
_SHEET = re.compile(r"xl/worksheets/sheet\d+\.xml")
_DIGITS = re.compile(r"\d+")
_REF = re.compile(r"(\$?)([A-Z]{1,3})(\$?)(\d+)")  # a cell: $A$5, A10
_NAME = re.compile(r"[A-Za-z_\\][\w.]*")  # a defined name: tblImpLow


class Workbook(openpyxl.Workbook):
    """An openpyxl workbook that writes each column's runs of one formula as shared formulas."""

    def save(self, filename: str | os.PathLike[str] | io.IOBase) -> None:  # type: ignore[override]
        """Save as openpyxl does, then with the runs shared (to a path or a binary file)."""
        plain = io.BytesIO()
        super().save(plain)
        data = shared(plain.getvalue())
        if isinstance(filename, str | os.PathLike):
            with open(filename, "wb") as handle:
                handle.write(data)
        else:
            filename.write(data)


def shared(xlsx: bytes) -> bytes:
    """The workbook ``xlsx`` (a saved .xlsx's bytes) with its formulas' runs shared."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx)) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if _SHEET.fullmatch(item.filename):
                data = share_sheet(data.decode("utf-8")).encode("utf-8")
            target.writestr(item, data, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def share_sheet(xml: str) -> str:
    """A worksheet's XML with each column's runs of one formula written as shared formulas.

    >>> cells = "".join(f'<c r="C{row}"><f>C{row - 1}+1</f></c>' for row in (2, 3, 4))
    >>> print(share_sheet(cells).replace("</c>", "</c>\\n"))
    <c r="C2"><f t="shared" ref="C2:C4" si="0">C1+1</f></c>
    <c r="C3"><f t="shared" si="0"/></c>
    <c r="C4"><f t="shared" si="0"/></c>
    <BLANKLINE>
    >>> share_sheet('<c r="C2"><f>C1+1</f></c><c r="C3"><f>C1+1</f></c>')  # not C1+1 moved down
    '<c r="C2"><f>C1+1</f></c><c r="C3"><f>C1+1</f></c>'
    """
    cells = list(_CELL.finditer(xml))
    columns: dict[str, list[re.Match[str]]] = {}
    for cell in cells:
        columns.setdefault(cell.group(1), []).append(cell)
    rewritten: dict[int, str] = {}  # a cell's start in the XML: its new opening
    moving: dict[str, tuple[bool, ...] | None] = {}  # a shape's numbers that are relative rows
    group = 0
    for column, runs in columns.items():
        runs.sort(key=lambda cell: int(cell.group(2)))
        texts = [unescape(cell.group(4)) for cell in runs]
        # A formula moved down keeps its shape: its text with every number as #.
        shapes = [_DIGITS.sub("#", text) for text in texts]
        first = 0
        while first < len(runs):
            head, row, last = runs[first], int(runs[first].group(2)), first
            move = None
            while (last + 1 < len(runs) and int(runs[last + 1].group(2)) == row + 1
                   and shapes[last + 1] == shapes[first]):
                if move is None:
                    if shapes[first] not in moving:
                        moving[shapes[first]] = _relative_rows(texts[first])
                    move = _Move(texts[first], f"{column}{head.group(2)}", moving[shapes[first]])
                if move.to(row + 1 - int(head.group(2))) != texts[last + 1]:
                    break
                last, row = last + 1, row + 1
            if last > first:
                rewritten[head.start()] = (f'<c r="{column}{head.group(2)}"{head.group(3)}><f t="shared" '
                                           f'ref="{column}{head.group(2)}:{column}{row}" si="{group}">'
                                           f"{head.group(4)}</f>")
                for cell in runs[first + 1:last + 1]:
                    rewritten[cell.start()] = (f'<c r="{column}{cell.group(2)}"{cell.group(3)}>'
                                               f'<f t="shared" si="{group}"/>')
                group += 1
            first = last + 1
    if not rewritten:
        return xml
    parts, at = [], 0
    for cell in cells:
        if cell.start() in rewritten:
            parts += [xml[at:cell.start()], rewritten[cell.start()]]
            at = cell.end()
    parts.append(xml[at:])
    return "".join(parts)


class _Move:
    """A formula moved down ``rows`` rows (:meth:`to`), as a spreadsheet moves a shared one.

    ``relative`` says which of its numbers are relative rows (:func:`_relative_rows`), so that
    moving it is a join; None leaves the moving to openpyxl's
    :class:`~openpyxl.formula.translate.Translator`.

    >>> formula = "SUM($A$5:A10)+'Setup'!$R$6*B10+tblImp"
    >>> _Move(formula, "C10", _relative_rows(formula)).to(2)
    "SUM($A$5:A12)+'Setup'!$R$6*B12+tblImp"
    >>> _Move("SUM(A:A)+A1", "C1", _relative_rows("SUM(A:A)+A1")).to(1)
    'SUM(A:A)+A2'
    """

    def __init__(self, formula: str, origin: str, relative: tuple[bool, ...] | None) -> None:
        self.formula, self.origin, self.relative = formula, origin, relative
        self.texts = _DIGITS.split(formula)  # around its numbers
        self.numbers = [int(number) for number in _DIGITS.findall(formula)]

    def to(self, rows: int) -> str:
        """The formula moved down ``rows`` rows."""
        if self.relative is None:
            column, row = _REF.fullmatch(self.origin).group(2, 4)  # type: ignore[union-attr]
            return Translator("=" + self.formula, origin=self.origin).translate_formula(
                f"{column}{int(row) + rows}")[1:]
        parts = [self.texts[0]]
        for number, text, relative in zip(self.numbers, self.texts[1:], self.relative, strict=True):
            parts += [str(number + rows) if relative else str(number), text]
        return "".join(parts)


def _relative_rows(formula: str) -> tuple[bool, ...] | None:
    """Which of ``formula``'s numbers (each run of digits, in order) are relative rows of its
    references, from openpyxl's tokens; None when a reference is not a cell, a range of cells
    or a name (a whole column or row), or a number is written with leading zeros. Formulas of
    one shape (the same text but for their numbers) have the same answer.

    >>> _relative_rows("SUM($A$5:A10)+'Sheet2'!$R$6*B10+LOG10(2)")
    (False, True, False, False, True, False, False)
    """
    rows: set[int] = set()  # where they start in the formula
    at = 0
    for token in Tokenizer("=" + formula).items:
        value = token.value
        if token.type == Token.OPERAND and token.subtype == Token.RANGE:
            sheet = value[:value.index("'!") + 2] if value.startswith("'") else value[:value.rfind("!") + 1]
            start = at + len(sheet)
            for part in value[len(sheet):].split(":"):
                ref = _REF.fullmatch(part)
                if ref is None and not _NAME.fullmatch(part):
                    return None
                if ref is not None and not ref.group(3):  # no $ before the row: it moves
                    rows.add(start + ref.start(4))
                start += len(part) + 1
        at += len(value)
    numbers = list(_DIGITS.finditer(formula))
    if at != len(formula) or any(number.group().startswith("0") and len(number.group()) > 1 for number in numbers):
        return None
    return tuple(number.start() in rows for number in numbers)
