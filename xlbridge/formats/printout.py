"""The notice-board printout (``xlbridge report --pdf``): a report laid out as a workbook
to print; and the hand records (:func:`hand_records`), four boards to a page.

The values are the engine's (written as plain numbers, no formulas), so the PDF
LibreOffice prints from it shows exactly what ``xlbridge report`` computed. A pairs
event that has its deals (``event.hands``) prints, after the ranking, a second sheet of
travellers, each with its board's hand diagram (:mod:`.diagram`) when known; a team match
with its deals, a second sheet of its hand records; a team event with its deals, a second
sheet of its boards, each hand once with every match's rooms against par under it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from openpyxl import Workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import Seat
from ..engine.handrecord import HandRecord
from ..event import PairsReport, TeamEventReport, TeamsReport
from ..event.individual import IndividualReport
from ..event.season import SeasonReport
from ..workbooks import styles
from ..workbooks.page import paper_name, set_up
from . import table as tables
from .diagram import DECLARERS, Diagram, Runs, diagram, records_in_order
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
           widths: Sequence[float], number_formats: Sequence[str | None], *, repeat: bool = True) -> int:
    """Write a header and rows from row ``top`` (the header repeated on every page with
    ``repeat``); return the next free row."""
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
    if repeat:
        sheet.print_title_rows = f"{top}:{top}"
    return top + len(rows) + 1


def _neutral(sheet: Worksheet, top: int, table: tables.Table, *, repeat: bool = True) -> int:
    """Write a neutral table from row ``top``; return the next free row."""
    columns = [table.columns[i] for i in table.shown("printout")]
    end = _table(sheet, top, table.headings("printout"), table.printed(), [column.width for column in columns],
                 [column.number_format for column in columns], repeat=repeat)
    for offset, formats in enumerate(table.printed_formats(), start=1):
        for column, number_format in enumerate(formats, start=1):
            if number_format is not None:  # a cell written its own way (a team match's VPs)
                sheet.cell(top + offset, column).number_format = number_format
    return end


# --- hand diagrams ------------------------------------------------------------------------

RED = "C00000"  # the red suits, as the web page prints them
_HAND = 11  # the hands' point size
_LINE = 14.5  # a diagram row's height in points
_ROW = 15.0  # a traveller row's height in points
_COMPASS = PatternFill("solid", fgColor="E6EBF3")
DIAGRAM_COLUMNS = 6
"""The columns a hand diagram takes: West's hand in the first, North's and South's in the
third, East's in the fifth (each running on into the empty cell to its right), and the
double-dummy table's declarer and five strains below."""


def _runs(runs: Runs, size: float = _HAND) -> CellRichText | str:
    """A cell's text whose red pieces print red (plain text when none is red)."""
    if not any(red for _text, red in runs):
        return "".join(text for text, _red in runs)
    return CellRichText([TextBlock(InlineFont(rFont=_FONT, sz=size, color=RED if red else None), text)
                         for text, red in runs if text])


def _put(sheet: Worksheet, row: int, column: int, value: object, *, size: float = _HAND, bold: bool = False,
         align: str = "left", color: str | None = None, indent: int = 0) -> None:
    cell = sheet.cell(row, column)
    cell.value = value
    cell.font = Font(name=_FONT, size=size, bold=bold, color=color)
    cell.alignment = Alignment(horizontal=align, vertical="center", indent=indent)


def hand_diagram(sheet: Worksheet, top: int, shown: Diagram, left: int = 1, *, hcp: bool = True,
                 size: float = _HAND, line: float = _LINE) -> int:
    """Write a board's hand diagram from row ``top``, column ``left``, over
    :data:`DIAGRAM_COLUMNS` columns: the board, dealer and vulnerability at the top left,
    North's hand at the top, West's and East's either side of a compass with each hand's
    points (``hcp``), South's below, then the double-dummy table and the par when known;
    the text ``size`` points, each row ``line`` points high. Return the next free row."""
    _put(sheet, top, left, shown.heading, size=size + 1, bold=True)
    _put(sheet, top + 1, left, shown.dealer_text, size=size)
    _put(sheet, top + 2, left, shown.vulnerability_text, size=size)
    for seat, row, column in ((Seat.N, top, left + 2), (Seat.W, top + 4, left), (Seat.E, top + 4, left + 4),
                              (Seat.S, top + 8, left + 2)):
        for offset, suit in enumerate(shown.hand(seat).lines):
            _put(sheet, row + offset, column, _runs(((suit.symbol, suit.red), (f" {suit.cards}", False)), size),
                 size=size)
    for row in range(top + 4, top + 8):  # the compass, with each hand's points
        for column in (left + 2, left + 3):
            sheet.cell(row, column).fill = _COMPASS

    def points(seat: Seat) -> str:
        known = shown.hand(seat).hcp
        return f"{seat} {known}" if hcp and known is not None else str(seat)

    sheet.merge_cells(start_row=top + 4, start_column=left + 2, end_row=top + 4, end_column=left + 3)
    sheet.merge_cells(start_row=top + 7, start_column=left + 2, end_row=top + 7, end_column=left + 3)
    small = size - 2
    _put(sheet, top + 4, left + 2, points(Seat.N), size=small, align="center")
    _put(sheet, top + 5, left + 2, points(Seat.W), size=small, indent=1)
    _put(sheet, top + 5, left + 3, points(Seat.E), size=small, align="right", indent=1)
    _put(sheet, top + 7, left + 2, points(Seat.S), size=small, align="center")
    for row in range(top, top + 12):
        sheet.row_dimensions[row].height = line
    end = top + 12
    if shown.tricks is not None:
        for column, run in enumerate(shown.strain_headings, start=left + 1):
            _put(sheet, end, column, run[0], size=size, bold=True, align="center", color=RED if run[1] else None)
            sheet.cell(end, column).border = _RULE
        sheet.cell(end, left).border = _RULE
        for offset, (seat, tricks) in enumerate(zip(DECLARERS, shown.tricks, strict=True), start=1):
            _put(sheet, end + offset, left, str(seat), size=size, bold=True, align="center")
            for column, count in enumerate(tricks, start=left + 1):
                _put(sheet, end + offset, column, count, size=size, align="center")
        for row in range(end, end + 5):
            sheet.row_dimensions[row].height = line
        end += 5
    if shown.par is not None:
        _put(sheet, end, left, _runs(shown.par_runs, size), size=size)
        sheet.row_dimensions[end].height = line
        end += 1
    return end


def _diagram_rows(shown: Diagram) -> int:
    """How many rows :func:`hand_diagram` writes."""
    return 12 + 5 * (shown.tricks is not None) + (shown.par is not None)


# Each paper's printable height in points inside the page set-up's margins (0.75 in top and
# bottom), less a line for safety: what a page of travellers may fill at 100 %.
_PAGE_HEIGHT = {"A4": 842 - 108 - 15, "Letter": 792 - 108 - 15}


def hand_records(records: Iterable[HandRecord], event: str = "", date: str = "", paper: str = "A4", *,
                 hcp: bool = True) -> Workbook:
    """The hand records to print: four boards to a page (two across, two down), in board
    order, each with its diagram, double-dummy table and par when known; the event's
    name and date head every page. A board whose deal is not known keeps its place with
    its number, dealer and vulnerability.

    >>> from xlbridge.engine.hands import deals
    >>> sheet = hand_records([HandRecord(n, d) for n, d in enumerate(deals(5, seed=1), 1)], "Club", "2026-12-01").active
    >>> sheet["A1"].value, sheet["H1"].value, sheet["A21"].value, sheet["A41"].value, sheet.row_breaks.brk[0].id
    ('Board 1', 'Board 2', 'Board 3', 'Board 5', 40)
    """
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Hand records"
    _hand_records(sheet, records, event, date, paper, hcp=hcp)
    return workbook


def _hand_records(sheet: Worksheet, records: Iterable[HandRecord], event: str, date: str, paper: str, *,
                  hcp: bool = True) -> None:
    """Lay the hand records out on ``sheet``, four boards to a page."""
    shown = [diagram(record, blank=True) for record in records_in_order(list(records))]
    block, line = 20, 16.0  # rows a board takes, the gap below it included: two boards down fit Letter too
    for index, board in enumerate(shown):
        assert board is not None  # a blank diagram is asked for
        top = 1 + block * (index // 2)
        hand_diagram(sheet, top, board, 1 + (DIAGRAM_COLUMNS + 1) * (index % 2), hcp=hcp, size=12, line=line)
    for column in range(1, 2 * DIAGRAM_COLUMNS + 2):
        letter = sheet.cell(1, column).column_letter
        sheet.column_dimensions[letter].width = 4 if column == DIAGRAM_COLUMNS + 1 else 8
    for row in range(1, 1 + block * ((len(shown) + 1) // 2)):
        sheet.row_dimensions[row].height = line
    pages = (len(shown) + 3) // 4
    set_up(sheet, paper, header=(event, date), breaks=[2 * block * page for page in range(1, pages)])


def _travellers(workbook: Workbook, report: PairsReport, paper: str) -> None:
    """A sheet of every board's traveller, each under its hand diagram when the board's
    deal is known, a page broken only between boards."""
    event = report.event
    boards: dict[int, list[int]] = {}
    for index, result in enumerate(event.results):
        boards.setdefault(result.board, []).append(index)
    _under_hands(workbook.create_sheet("Travellers"),
                 [(board, diagram(event.hands.get(board)), tables.traveller(report, boards[board]))
                  for board in sorted(boards)], paper, (event.name, event.date))


def _under_hands(sheet: Worksheet, boards: Sequence[tuple[int, Diagram | None, tables.Table]], paper: str,
                 header: tuple[str, str]) -> None:
    """Lay each board's table out on ``sheet`` under its hand diagram (under its number
    alone when the deal is not known), whole boards to a page."""
    page, used, breaks, top = _PAGE_HEIGHT[paper_name(paper)], 0.0, [], 1
    for board, shown, table in boards:
        height = (_diagram_rows(shown) * _LINE if shown else _ROW) + (len(table.printed()) + 2) * _ROW
        if used and used + height > page:
            breaks.append(top - 1)
            used = 0.0
        used += height
        if shown is None:
            _put(sheet, top, 1, f"Board {board}", size=_HAND + 1, bold=True)
            sheet.row_dimensions[top].height = _ROW
            top += 1
        else:
            top = hand_diagram(sheet, top, shown)
        end = _neutral(sheet, top, table, repeat=False)  # a table's headings are its own
        for row in range(top, end + 1):
            sheet.row_dimensions[row].height = _ROW
        top = end + 1
    set_up(sheet, paper, header=header, breaks=breaks)


def pairs_printout(report: PairsReport, paper: str = "A4") -> Workbook:
    """The ranking of a pairs event (one per direction in a two-winner event), ready to
    print; when the event has its deals, a second sheet of every board's traveller with
    its hand diagram."""
    event = report.event
    workbook, sheet = _sheet(
        event.name or "Pairs event",
        f"{event.date}   {len(report.scored.pairs)} pairs, {report.boards} boards, "
        f"{', '.join(p for p in (scoring_text(report), tables.sections_text(report)) if p)}".strip(),
        paper, (event.name, event.date),
    )
    top = 4
    overall = "Overall" if report.sections else ""  # a sectioned event: every section together, then each
    for heading, totals in report.rankings():
        heading = ", ".join(part for part in (overall, heading) if part)
        if heading:
            sheet.cell(top, 1, heading).font = _HEAD
            top += 1
        top = _neutral(sheet, top, tables.ranking(report, totals)) + 1
    for heading, totals in report.section_rankings():  # the section tops; the page's repeated header stays
        sheet.cell(top, 1, tables.section_heading(report, heading, totals)).font = _HEAD
        top = _neutral(sheet, top + 1, tables.ranking(report, totals), repeat=False) + 1
    for heading, lines in report.handicap_rankings():  # when any pair has a handicap (rules §17)
        sheet.cell(top, 1, "Handicapped" + (f", {heading}" if heading else "")).font = _HEAD
        top = _neutral(sheet, top + 1, tables.handicap_ranking(report, lines)) + 1
    if any(diagram(record) is not None for record in event.hands.values()):
        _travellers(workbook, report, paper)
    return workbook


def teams_printout(report: TeamsReport, paper: str = "A4") -> Workbook:
    """A team match, board by board, with its totals and victory points; when the match
    has its deals, a second sheet of their hand records, four boards to a page."""
    match = report.match
    workbook, sheet = _sheet(
        f"{match.home} v {match.away}",
        f"{match.name}   {match.date}   {len(report.boards)} boards".strip(),
        paper, (match.name, match.date),
    )
    end = _neutral(sheet, 4, tables.team_match(report))
    sheet.row_dimensions[4].height = 44  # room for a team's name on three lines
    sheet.cell(end + 1, 1, report.verdict).font = _HEAD
    played = [match.hands[b.board] for b in report.boards if diagram(match.hands.get(b.board)) is not None]
    if played:  # the boards' hands, four to a page, after the match
        _hand_records(workbook.create_sheet("Hands"), played, match.name, match.date, paper)
    return workbook


def traveller_printout(report: PairsReport, paper: str = "A4") -> Workbook:
    """One board's traveller with scores and matchpoints, ready to print."""
    results = report.event.results
    board = results[0].board if results else ""
    event = report.event
    workbook, sheet = _sheet(f"Board {board}", f"{len(results)} results", paper, (event.name, event.date))
    shown = diagram(event.hands.get(board)) if isinstance(board, int) else None
    top = 4 if shown is None else hand_diagram(sheet, 4, shown) + 1  # the hand above the traveller
    _neutral(sheet, top, tables.traveller(report, range(len(results))))
    return workbook


def event_printout(report: TeamEventReport, paper: str = "A4") -> Workbook:
    """A team event's standings so far, best first, on one page; when the event has its
    deals, a second sheet of each board's hand once, each match's rooms against par under it."""
    event = report.event
    workbook, sheet = _sheet(
        event.name or report.heading,
        f"{event.date}   Standings after round {max(report.rounds_begun)} of {event.rounds}".strip(),
        paper, (event.name, event.date), one_page=True,
    )
    _neutral(sheet, 4, tables.standings(report, report.standings()))
    played = sorted({b.board for b in report.boards})
    shown = [(board, view, tables.board_rooms(report, board)) for board in played
             if (view := diagram(event.hands.get(board))) is not None]
    if shown:  # each board's hand once, every match's rooms under it
        _under_hands(workbook.create_sheet("Boards"), shown, paper, (event.name, event.date))
    return workbook


def workbook(report: PairsReport | TeamsReport | TeamEventReport, paper: str = "A4") -> Workbook:
    """The printout of any report: a pairs event's ranking, a traveller, a team match, a
    team event's standings."""
    if isinstance(report, IndividualReport):  # formats/individual.py writes it in every format
        from .individual import printout

        return printout(report, paper)
    if isinstance(report, SeasonReport):  # formats/season.py lays a season out in every view
        from .season import printout as season_printout

        return season_printout(report, paper)
    if isinstance(report, TeamEventReport):
        return event_printout(report, paper)
    if isinstance(report, TeamsReport):
        return teams_printout(report, paper)
    return traveller_printout(report, paper) if report.is_traveller else pairs_printout(report, paper)
