"""The page set-up every printed sheet shares, the templates' sheets and the reports'
printouts alike: the paper, the orientation, fitting to the page width (and height), the
margins, repeated title rows, manual page breaks, a header with the event and its date,
and a footer with the page number.

    >>> from openpyxl import Workbook
    >>> sheet = Workbook().active
    >>> set_up(sheet, "Letter", header=("Club night", "2025-03-14"))
    >>> sheet.page_setup.paperSize, sheet.oddHeader.left.text, sheet.oddFooter.center.text
    (1, 'Club night', 'Page &P of &N')
"""

from __future__ import annotations

from collections.abc import Iterable

from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import OptionError
from . import styles

PAPERS = {"A4": 9, "Letter": 1}  # OOXML paperSize codes
FOOTER = "Page &P of &N"  # "&P" and "&N" are the page and the page count
HEADER_SIZE = 9


def paper_name(paper: object) -> str:
    """Parse a paper size: ``A4`` or ``Letter``, in any case.

    >>> paper_name("letter"), paper_name("a4")
    ('Letter', 'A4')
    """
    for name in PAPERS:
        if str(paper).strip().lower() == name.lower():
            return name
    raise OptionError(f"paper {paper!r}: must be A4 or Letter")


def set_up(sheet: Worksheet, paper: str, *, landscape: bool = False, one_page: bool = False,
           area: str | None = None, title_rows: str | None = None, breaks: Iterable[int] = (),
           header: tuple[str, str | None] = ("", ""), footer: str = FOOTER) -> None:
    """Set a sheet up for printing on ``paper``: fitted to the page width (and to one page
    with ``one_page``), centred, the print ``area`` and repeated ``title_rows``, page breaks
    after the ``breaks`` rows, ``header`` (left, bold: the event; right: its date, or None
    for the day it is printed) and the page number in the ``footer``."""
    setup = sheet.page_setup
    setup.paperSize = PAPERS[paper_name(paper)]
    setup.orientation = "landscape" if landscape else "portrait"
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    setup.fitToWidth = 1
    setup.fitToHeight = 1 if one_page else 0
    if area:
        sheet.print_area = area
    if title_rows:
        sheet.print_title_rows = title_rows
    sheet.print_options.horizontalCentered = True
    sheet.page_margins = PageMargins(left=0.5, right=0.5, top=0.75, bottom=0.75, header=0.3, footer=0.3)
    for row in breaks:
        sheet.row_breaks.append(Break(id=row))
    left, right = header
    # "&" starts a code in headers and footers (&D: the date): a literal one is written "&&".
    for part, text, bold in ((sheet.oddHeader.left, left.replace("&", "&&"), True),
                             (sheet.oddHeader.right, "&D" if right is None else right.replace("&", "&&"), False),
                             (sheet.oddFooter.center, footer, False)):
        part.text = text
        part.font = f"{styles.FONT},{'Bold' if bold else 'Regular'}"
        part.size = HEADER_SIZE
