"""``xlbridge serve``'s table cards: EVENT-tables.pdf, a card a table with the QR code that
logs a phone in as that table, and a last card with the director's code.

The cards are printed as the report's printout is (:mod:`xlbridge.formats.printout`): a
workbook laid out to print, turned into a PDF by LibreOffice (:func:`xlbridge.director.office.to_pdf`).
That needs no new dependency and prints every language the labels have, Cyrillic too. A QR
code is drawn as cells: a square cell a module, filled black where the code is dark
(``segno`` gives the modules). LibreOffice prints a row's height in whole 1/96-inch steps
(0.75 pt), so a module is a multiple of 0.75 pt and its column as wide in column-width units
(:data:`POINTS_PER_WIDTH`, measured on its printout): the printed modules are square.

Two cards a page, on A4 and on Letter alike (each fits half a Letter page), framed to be
cut apart: the event, the table's number large, what to do, the code and its address small
(for a phone whose camera cannot read it).

    >>> sheet = cards_sheet("Club night", {1: "http://10.0.0.2:8000/t/abc"}, "http://10.0.0.2:8000/d/xyz",
    ...                     lang="fi").active
    >>> [sheet.cell(row, 2).value for row in (2, 3, 4)]
    ['Club night', 'Pöytä 1', 'Skannaa ja syötä tämän pöydän tulokset']
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import segno
from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from .. import files
from ..director.office import to_pdf
from ..engine.errors import OptionError
from ..kinds import PAIRS
from ..workbooks import styles
from ..workbooks.cards import HALF_PAGE
from ..workbooks.i18n import Labels
from ..workbooks.page import paper_name, set_up

POINTS_PER_WIDTH = 5.54
"""Points a column-width unit prints as in LibreOffice (Arial's digit width; measured on
the PDF it prints: a 0.812-wide column and a 4.5 pt row print as the same 4.47 pt)."""

QUIET = 4
"""White modules around a QR code, as its standard asks (the cells around it are white)."""

PAGE_WIDTH = 450.0
"""Points a card is wide: inside A4's and Letter's printable width, so neither scales it."""

_DARK = PatternFill("solid", fgColor="000000")
_FRAME = Side(style="dashed", color="808080")  # where to cut


@dataclass(frozen=True)
class _Card:
    heading: str
    title: str
    say: str
    url: str
    warning: str = ""


def table_cards(title: str, table_urls: Mapping[int, str], director_url: str, lang: str, out: Path, *,
                force: bool = False, paper: str = "A4", sections: Mapping[int, tuple[str, int]] | None = None
                ) -> Path:
    """Write the cards' PDF to ``out`` (``EVENT-tables.pdf``): one card a table, in table
    order, then the director's. An existing ``out`` is replaced only with ``force``.
    (``lang`` and ``out`` may be given by name or in place: ``serve`` gives them in place.)

    Raises :class:`xlbridge.director.office.OfficeError` when LibreOffice is missing or
    cannot print (the command says so and goes on: the addresses still work), and
    :class:`xlbridge.engine.errors.OptionError` for a table that is not a number 1 or
    more or an address that is blank.
    """
    out = files.refuse_existing(out, force=force)  # before LibreOffice's seconds of work
    workbook = cards_sheet(title, table_urls, director_url, lang=lang, paper=paper, sections=sections)
    with tempfile.TemporaryDirectory(prefix="xlbridge-cards-") as folder:
        book = files.save(workbook, Path(folder) / f"{out.stem}.xlsx")
        return to_pdf(book, out, force=force)


def cards_sheet(title: str, table_urls: Mapping[int, str], director_url: str, *, lang: str,
                paper: str = "A4", sections: Mapping[int, tuple[str, int]] | None = None) -> Workbook:
    """The cards as a one-sheet workbook laid out to print (see the module's description).
    A sectioned event's table (``sections``: serve's number -> (section, its number there))
    is printed as its section's (``Section B, Club night`` over ``Table 1``), as the
    section's guide cards title it.

    >>> sheet = cards_sheet("Club", {5: "http://h/t/x"}, "http://h/d/y", lang="en", sections={5: ("B", 1)}).active
    >>> [sheet.cell(row, 2).value for row in (2, 3)]
    ['Section B, Club', 'Table 1']
    """
    t = Labels(lang, "serve_cards")
    for table, url in table_urls.items():
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            raise OptionError(f"table {table!r}: must be a table number, 1 or more")
        _address(url, f"table {table}")
    _address(director_url, "the director")
    if not table_urls:
        raise OptionError("no tables: the cards need at least one table's address")
    shown = {table: (title, table) for table in table_urls}
    for table, (section, number) in (sections or {}).items():
        shown[table] = (Labels(lang, PAIRS.name)("section_card", section=section, card=title), number)
    cards = [_Card(f"{t('table')} {shown[table][1]}", shown[table][0], t("scan"), table_urls[table])
             for table in sorted(table_urls)]
    cards.append(_Card(t("director"), title, t("director_scan"), director_url, warning=t("director_only")))
    codes = [segno.make(card.url, error="m", micro=False) for card in cards]
    size = max(code.symbol_size(border=QUIET)[0] for code in codes)
    module = _module(size, paper)
    columns = max(size + 2, math.floor(PAGE_WIDTH / module))
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Cards"  # never printed
    for column in range(1, columns + 1):
        sheet.column_dimensions[get_column_letter(column)].width = round(module / POINTS_PER_WIDTH, 3)
    sheet.sheet_view.showGridLines = False
    row, breaks = 1, []
    for number, (card, code) in enumerate(zip(cards, codes, strict=True)):
        row = _card(sheet, row, columns, module, card, code)
        if number % 2 == 1 and number < len(cards) - 1:
            breaks.append(row - 1)  # two cards a page
        else:
            sheet.row_dimensions[row].height = 18.0  # the gap between two cards on a page
            row += 1
    set_up(sheet, paper, area=f"A1:{get_column_letter(columns)}{row - 1}", breaks=breaks, footer="")
    sheet.print_options.verticalCentered = True  # the two cards in the middle of the page, as the hand cuts it
    return workbook


def _module(size: int, paper: str) -> float:
    """A module's side in points: the largest multiple of 0.75 pt (LibreOffice prints row
    heights in those steps) that fits a code of ``size`` modules in the room a card has for
    it on half the page, at most 5.25 pt (a code about 7 cm across) and at least 1.5 pt.

    >>> _module(41, "A4"), _module(41, "Letter"), _module(57, "Letter")
    (5.25, 4.5, 3.0)
    """
    room = HALF_PAGE[paper_name(paper)] - _TEXT_HEIGHT  # HALF_PAGE keeps room for the gap between two cards
    return min(5.25, max(1.5, math.floor(room / size / 0.75) * 0.75))


# Each card's rows besides its code: (height in points, font size, bold).
_ROWS = {"edge": (6.0, 0, False), "title": (21.0, 13, True), "heading": (51.0, 40, True),
         "say": (18.0, 12, False), "warning": (18.0, 12, True), "url": (13.5, 8, False)}
_TEXT_HEIGHT = sum(height for height, _, _ in _ROWS.values()) + _ROWS["edge"][0]


def _card(sheet: Worksheet, top: int, columns: int, module: float, card: _Card, code: segno.QRCode) -> int:
    """Lay one card out from row ``top``; return the row after it."""
    row = top
    texts = [("edge", ""), ("title", card.title), ("heading", card.heading), ("say", card.say)]
    if card.warning:
        texts.append(("warning", card.warning))
    for kind, text in texts:
        _text(sheet, row, columns, kind, text)
        row += 1
    matrix = list(code.matrix_iter(border=QUIET))
    left = 1 + (columns - len(matrix)) // 2
    for line in matrix:
        sheet.row_dimensions[row].height = module
        for offset, dark in enumerate(line):
            if dark:
                sheet.cell(row, left + offset).fill = _DARK
        row += 1
    for kind, text in (("url", card.url), ("edge", "")):
        _text(sheet, row, columns, kind, text)
        row += 1
    _frame(sheet, top, row - 1, columns)
    return row


def _text(sheet: Worksheet, row: int, columns: int, kind: str, text: str) -> None:
    """A row of one centred text across the card (between its frame columns)."""
    height, size, bold = _ROWS[kind]
    sheet.row_dimensions[row].height = height
    if not text:
        return
    sheet.merge_cells(start_row=row, start_column=2, end_row=row, end_column=columns - 1)
    cell = sheet.cell(row, 2, text)
    cell.data_type = "s"  # an event called "=X" stays text
    cell.font = Font(name=styles.FONT, size=size, bold=bold, color="C00000" if kind == "warning" else None)
    cell.alignment = Alignment(horizontal="center", vertical="center", shrink_to_fit=True)


def _frame(sheet: Worksheet, top: int, bottom: int, columns: int) -> None:
    """A dashed line around the card, to cut along: the outer columns' and rows' edges
    (never a merged cell's, which the printout would not show whole)."""
    for row in range(top, bottom + 1):
        for column in (1, columns):
            cell = sheet.cell(row, column)
            cell.border = Border(left=_FRAME if column == 1 else None, right=_FRAME if column == columns else None,
                                 top=_FRAME if row == top else None, bottom=_FRAME if row == bottom else None)
    for row in (top, bottom):
        for column in range(2, columns):
            sheet.cell(row, column).border = Border(top=_FRAME if row == top else None,
                                                    bottom=_FRAME if row == bottom else None)


def _address(url: object, whose: str) -> str:
    if not isinstance(url, str) or not url.strip():
        raise OptionError(f"{whose}'s address {url!r}: must be the address a phone opens (http://...)")
    return url
