"""The notice-board printout (``xlbridge report --pdf``): a report laid out as a one-sheet
workbook to print.

The values are the engine's (written as plain numbers, no formulas), so the PDF
LibreOffice prints from it shows exactly what ``xlbridge report`` computed.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.worksheet.worksheet import Worksheet

from ..event import PairsReport, TeamEventReport, TeamsReport
from ..workbooks import styles
from ..workbooks.page import set_up
from . import table as tables
from .words import scoring_text

_FONT = styles.FONT  # the templates' font (LibreOffice prints Liberation Sans, metric-compatible)
_TITLE = Font(name=_FONT, size=16, bold=True)
_SUBTITLE = Font(name=_FONT, size=11)
_HEAD = Font(name=_FONT, size=11, bold=True)
_BODY = Font(name=_FONT, size=11)
_RULE = Border(bottom=Side(style="thin"))


def _sheet(title: str, subtitle: str, paper: str, header: tuple[str, str] = ("", ""),
           *, one_page: bool = False) -> tuple[Workbook, Worksheet]:
    """A one-sheet workbook: title, subtitle, paper (the templates' page set-up, on one page
    with ``one_page``); the page header carries ``header`` (the event's name and date),
    never the program's name."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Results"
    sheet["A1"] = title
    sheet["A1"].font = _TITLE
    sheet["A2"] = subtitle
    sheet["A2"].font = _SUBTITLE
    set_up(sheet, paper, header=header, one_page=one_page)
    return workbook, sheet


POINTS = "points"  # a column of matchpoints or IMPs: whole numbers whole, others 2 decimals (table.Column)


def _table(sheet: Worksheet, top: int, header: Sequence[str], rows: Sequence[Sequence[object]],
           widths: Sequence[float], number_formats: Sequence[str | None]) -> int:
    """Write a header and rows from row ``top``; return the next free row."""
    for column, (text, width) in enumerate(zip(header, widths, strict=True), start=1):
        cell = sheet.cell(top, column, text)
        cell.font, cell.border = _HEAD, _RULE
        # Wrapped, so that a long heading (a team's name) shows whole on two lines.
        cell.alignment = Alignment(horizontal="left" if number_formats[column - 1] is None
                                   else "right", indent=1, wrap_text=True, vertical="bottom")
        sheet.column_dimensions[cell.column_letter].width = width
    for offset, row in enumerate(rows, start=1):
        for column, value in enumerate(row, start=1):
            cell = sheet.cell(top + offset, column)
            cell.value = value
            if isinstance(value, str):
                cell.data_type = "s"  # a player called "=X" stays text
            cell.font = _BODY
            fmt = number_formats[column - 1]
            # An indent each side keeps right-aligned numbers off the next column's text.
            if fmt is None:
                cell.alignment = Alignment(horizontal="left", indent=1)
            else:
                if fmt == POINTS:
                    whole = isinstance(value, int | float) and float(value).is_integer()
                    fmt = "0" if whole else "0.00"
                cell.number_format = fmt
                cell.alignment = Alignment(horizontal="right", indent=1)
    sheet.print_title_rows = f"{top}:{top}"
    return top + len(rows) + 1


def _neutral(sheet: Worksheet, top: int, table: tables.Table) -> int:
    """Write a neutral table from row ``top``; return the next free row."""
    columns = [table.columns[i] for i in table.shown("printout")]
    end = _table(sheet, top, table.headings("printout"), table.printed(), [column.width for column in columns],
                 [column.number_format for column in columns])
    for offset, formats in enumerate(table.printed_formats(), start=1):
        for column, number_format in enumerate(formats, start=1):
            if number_format is not None:  # a cell written its own way (a team match's VPs)
                sheet.cell(top + offset, column).number_format = number_format
    return end


def pairs_printout(report: PairsReport, paper: str = "A4") -> Workbook:
    """The ranking of a pairs event (one per direction in a two-winner event), ready to print."""
    event = report.event
    workbook, sheet = _sheet(
        event.name or "Pairs event",
        f"{event.date}   {len(report.scored.pairs)} pairs, {report.boards} boards, "
        f"{scoring_text(report)}".strip(),
        paper, (event.name, event.date),
    )
    top = 4
    for heading, totals in report.rankings():
        if heading:
            sheet.cell(top, 1, heading).font = _HEAD
            top += 1
        top = _neutral(sheet, top, tables.ranking(report, totals)) + 1
    return workbook


def teams_printout(report: TeamsReport, paper: str = "A4") -> Workbook:
    """A team match, board by board, with its totals and victory points."""
    match = report.match
    workbook, sheet = _sheet(
        f"{match.home} v {match.away}",
        f"{match.name}   {match.date}   {len(report.boards)} boards".strip(),
        paper, (match.name, match.date),
    )
    end = _neutral(sheet, 4, tables.team_match(report))
    sheet.row_dimensions[4].height = 44  # room for a team's name on three lines
    sheet.cell(end + 1, 1, report.verdict).font = _HEAD
    return workbook


def traveller_printout(report: PairsReport, paper: str = "A4") -> Workbook:
    """One board's traveller with scores and matchpoints, ready to print."""
    results = report.event.results
    board = results[0].board if results else ""
    event = report.event
    workbook, sheet = _sheet(f"Board {board}", f"{len(results)} results", paper, (event.name, event.date))
    _neutral(sheet, 4, tables.traveller(report, range(len(results))))
    return workbook


def event_printout(report: TeamEventReport, paper: str = "A4") -> Workbook:
    """A team event's standings so far, best first, on one page."""
    event = report.event
    workbook, sheet = _sheet(
        event.name or "Team event",
        f"{event.date}   Standings after round {max(report.rounds_begun)} of {event.rounds}".strip(),
        paper, (event.name, event.date), one_page=True,
    )
    _neutral(sheet, 4, tables.standings(report, report.standings()))
    return workbook


def workbook(report: PairsReport | TeamsReport | TeamEventReport, paper: str = "A4") -> Workbook:
    """The printout of any report: a pairs event's ranking, a traveller, a team match, a
    team event's standings."""
    if isinstance(report, TeamEventReport):
        return event_printout(report, paper)
    if isinstance(report, TeamsReport):
        return teams_printout(report, paper)
    return traveller_printout(report, paper) if report.is_traveller else pairs_printout(report, paper)
