"""A season's standings as terminal text (what ``xlbridge report SEASON.xlsx`` prints) and
as a web page (``xlbridge export SEASON.xlsx --html``): the ladder by the club's rule, then
each player's sessions.

    >>> from xlbridge.engine.season import SeasonLine, SeasonRule
    >>> from xlbridge.event.season import Season, SeasonReport
    >>> lines = (SeasonLine("a", 1, "Ann", 60.0, 1, 1, "2025-01-07", "Tuesday", "Bob"),
    ...          SeasonLine("a", 2, "Bob", 60.0, 1, 1, "2025-01-07", "Tuesday", "Ann"))
    >>> print(season_text(SeasonReport(Season("Spring", lines, SeasonRule(minimum=1), ()))).splitlines()[0])
    Spring: 1 session, 2 players; the average of the best 10 sessions, 1 to qualify
"""

from __future__ import annotations

import html

from ..engine.season import hundredths, line_points
from ..event.season import SeasonReport
from .text import text_table

RULES = {"average": "the average of the best {best} sessions", "points": "points by place",
         "both": "points by place, then the average of the best {best} sessions",
         "total": "the sessions' total (percentages weighted by boards, IMPs and VPs added)"}


UNITS = {"%": "%", "IMP": " IMPs", "VP": " VPs"}
"""A session's score's unit, as a player's sessions show it."""


def two_places(value: float) -> str:
    """A figure to two decimals, halves away from zero as the sheet's ROUND shows it (where
    ``f"{60.415:.2f}"`` gives 60.41, the float being a shade under the half).

    >>> two_places(60.415), two_places(-2.345), two_places(7)
    ('60.42', '-2.35', '7.00')
    """
    cents = hundredths(value)
    return f"{'-' if cents < 0 else ''}{abs(cents) // 100}.{abs(cents) % 100:02d}"


LADDER = ("Place", "No.", "Player", "Sessions", "Attended", "Average", "Points")
SESSIONS = ("Date", "Event", "Partner", "Dir", "Score", "Place", "Field", "Boards", "Points")


def heading(report: SeasonReport) -> str:
    """The season in one line: its name, sessions, players and rule."""
    season, rule = report.season, report.season.rule
    held = season.sessions
    points = "" if rule.scale == "table" else ", points on the ACBL club scale"
    return (f"{season.name or 'Season'}: {held} session{'s' if held != 1 else ''}, {len(report.standings)} players; "
            f"{RULES[rule.ranking].format(best=rule.best)}, {rule.minimum} to qualify{points}")


def ladder_heads(report: SeasonReport) -> tuple[str, ...]:
    """The ladder's headings: :data:`LADDER`, ``Total`` when the ladder is by the sessions'
    total, and ``Hcp`` when the season gives handicaps (rules §17: percentages only)."""
    total = ("Total",) if report.season.rule.ranking == "total" else ()
    return (*LADDER, *total, "Hcp") if report.handicaps else (*LADDER, *total)


def ladder_rows(report: SeasonReport) -> list[list[object]]:
    """The ladder, best first: place (``-`` unplaced), number, player, sessions, attendance,
    average of the best sessions, points, the sessions' total when the ladder is by it, and
    each player's handicap by the club method when the season gives handicaps."""
    held, handicaps = report.season.sessions, report.handicaps
    rows: list[list[object]] = [
        [s.place if s.place is not None else "-", s.number, s.player, s.sessions,
         f"{100 * s.sessions / held:.0f}%" if held else "-",
         "-" if s.average is None else two_places(s.average), f"{s.points:g}"] for s in report.standings]
    if report.season.rule.ranking == "total":
        for row, standing in zip(rows, report.standings, strict=True):
            row.append("-" if standing.total is None else two_places(standing.total))
    if handicaps:
        for row, standing in zip(rows, report.standings, strict=True):
            row.append(two_places(handicaps[standing.number]) if standing.number in handicaps else "-")
    return rows


def player_rows(report: SeasonReport, number: int) -> list[list[object]]:
    """One player's sessions, in the order they were added."""
    rule = report.season.rule
    return [[line.date, line.event, line.partner, line.direction,
             f"{two_places(line.score)}{UNITS[line.unit]}", _place(line.place, line.place_to),
             line.field or "", line.boards or "", f"{line_points(line, rule):g}"] for line in report.lines_of(number)]


def season_text(report: SeasonReport) -> str:
    """The ladder, then each player's sessions."""
    heads = ladder_heads(report)
    parts = [heading(report), "", text_table(heads, ladder_rows(report), ">><" + ">" * (len(heads) - 3))]
    for standing in report.standings:
        rows = player_rows(report, standing.number)
        if rows:
            parts += ["", f"{standing.player} ({standing.number})", text_table(SESSIONS, rows, "<<<<>>>>>")]
    return "\n".join(parts)


def page(report: SeasonReport) -> str:
    """The web page: the ladder, each player linked to their sessions below it."""
    from .html import _page, _table  # the page's frame and tables, shared with every event's page

    anchors = {s.player: f"player-{s.number}" for s in report.standings if report.lines_of(s.number)}
    links = {2: anchors.get}
    body = [_table(ladder_heads(report), ladder_rows(report), {2}, links)]
    for standing in report.standings:
        rows = player_rows(report, standing.number)
        if rows:
            body.append(f'<section class="board" id="player-{standing.number}"><h2>'
                        f"{html.escape(standing.player)} ({standing.number})</h2>"
                        + _table(SESSIONS, rows, {0, 1, 2, 3}) + '<a class="top" href="#top">Back to the ladder</a>'
                        "</section>")
    name, _, rest = heading(report).partition(": ")
    return _page(name, rest, "\n".join(body))


def _place(place: int | None, place_to: int | None) -> str:
    if place is None:
        return ""
    return f"{place}-{place_to}" if place_to and place_to > place else str(place)


def write_csv(report: SeasonReport, writer) -> None:
    """The ladder, then every player's every session (one CSV; a blank line between)."""
    writer.writerow(ladder_heads(report))
    writer.writerows(ladder_rows(report))
    writer.writerow([])
    writer.writerow(("No.", "Player", *SESSIONS))
    for standing in report.standings:
        writer.writerows([standing.number, standing.player, *row] for row in player_rows(report, standing.number))


def printout(report: SeasonReport, paper: str = "A4"):  # -> openpyxl Workbook
    """The ladder on a notice-board page: the season's line, then the ladder."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    from ..workbooks.page import paper_name, set_up

    book = Workbook()
    sheet = book.active
    sheet.title = "Ladder"
    sheet.append([heading(report)])
    sheet["A1"].font = Font(bold=True, size=13)
    sheet.append([])
    sheet.append(list(ladder_heads(report)))
    for cell in sheet[3]:
        cell.font = Font(bold=True)
    for row in ladder_rows(report):
        sheet.append(row)
    for column, width in zip("ABCDEFGH", (7, 7, 30, 10, 10, 10, 9, 8), strict=True):
        sheet.column_dimensions[column].width = width
    last = "GH"[len(ladder_heads(report)) - len(LADDER)]
    set_up(sheet, paper_name(paper), area=f"A1:{last}{sheet.max_row}", title_rows="3:3",
           header=(report.season.name or "Season", None))
    return book
