"""A scored individual in every view that writes one: terminal text and CSV (``xlbridge
report``), the web page, PBN and USEBIO (``xlbridge export``). Each format's ``dumps``
hands an :class:`~xlbridge.event.individual.IndividualReport` here.

What the exchange formats have for an individual (docs/rules.md §12):

- USEBIO (1.1 and 1.2): ``EVENT_TYPE="INDIVIDUAL"`` on the EVENT, its PARTICIPANTS and each
  BOARD; a ``PLAYER`` a participant (``PLAYER_NUMBER``, ``PLACE`` with ``=`` for a tie,
  ``PERCENTAGE``, ``PLAYER_NAME``); a ``TRAVELLER_LINE`` a table (``N_PLAYER_NUMBER``,
  ``S_PLAYER_NUMBER``, ``E_PLAYER_NUMBER``, ``W_PLAYER_NUMBER``, ``SCORE``,
  ``NS_MATCH_POINTS``, ``EW_MATCH_POINTS``), as the UK club programs' sample individual
  writes them. It has no element for the round or the table of a line.
- PBN (2.0, 2.1): ``[Competition "Individuals"]``; the ScoreTable's ``PlayerId_North``,
  ``PlayerId_South``, ``PlayerId_East``, ``PlayerId_West`` and ``MP_North`` ... ``MP_West``,
  the TotalScoreTable's ``PlayerId`` and ``TotalPercentage``, as Ruter writes them (a
  Swedish individual of 48 players in the real files). PBN's standard names these columns
  for no scoring program's individuals in particular: a reader that knows only pairs reads
  none of them.

The boards' deals (the event's ``hands``, from the Hands sheet) go where a pairs event's go:
the web page and the printout show each board's traveller under its hand diagram
(:mod:`.diagram`), with each result against par (North-South's score less the par score,
in points) where the par is known; PBN writes each board's ``[Deal]`` with its double-dummy
tags, USEBIO the ``HANDSET``. Text and CSV carry no hands, as a pairs event's do not.

    >>> from xlbridge.event import Play
    >>> from xlbridge.event.individual import IndividualEvent, IndividualResult, score_individual
    >>> report = score_individual(IndividualEvent("Club", "2025-03-14", (), (
    ...     IndividualResult(1, 1, 1, (1, 2, 3, 4), Play("4S", "N", 10)),
    ...     IndividualResult(1, 2, 1, (5, 6, 7, 8), Play("4S", "N", 9)))))
    >>> print(text(report).splitlines()[0])
    Club, 2025-03-14: 8 players, 1 board, matchpoints 2/1/0
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from .. import __version__
from ..engine.pairs import RowPoints
from ..event.individual import IndividualReport, IndividualResult
from .table import points_text

SEATS = ("North", "East", "South", "West")
RANKING = ("Place", "Player", "Name", "MP", "Top", "%", "Boards")
TRAVELLER = ("Round", "Table", "N", "E", "S", "W", "Contract", "By", "Tricks", "Score NS", "MP NS", "MP EW")
VERSUS_PAR = "vs par"
"""The traveller's last column where its board's par is known: North-South's score less par, in points."""
VERSUS_PAR_NOTE = "vs par: the score less the par score, in points, from North-South's side"


def _summary(report: IndividualReport) -> str:
    event = report.event
    title = ", ".join(part for part in (event.name, event.date) if part)
    boards = report.boards
    scale = "2/1/0" if report.scored.mpscale == 2 else "1/0.5/0"
    return (f"{title}: {len(report.scored.players)} players, {boards} board{'s' * (boards != 1)}, "
            f"matchpoints {scale}")


def ranking_rows(report: IndividualReport) -> list[list[object]]:
    """The ranking, best first: place, player, name, matchpoints, top, percentage, boards."""
    name = report.event.name_of
    return [[p.place, p.player, name(p.player), points_text(p.mp), points_text(p.top), f"{p.percent:.2f}", p.boards]
            for p in report.ranking()]


def _boards(report: IndividualReport) -> dict[int, list[tuple[IndividualResult, RowPoints]]]:
    """Each board's scored rows, in row order."""
    boards: dict[int, list[tuple[IndividualResult, RowPoints]]] = {}
    for result, row in zip(report.event.results, report.scored.rows, strict=True):
        if row is not None:
            boards.setdefault(result.board, []).append((result, row))
    return dict(sorted(boards.items()))


def _number(value: int | None) -> object:
    return "" if value is None else value


def par_of(report: IndividualReport, board: int) -> int | None:
    """The board's par score (North-South's view) when the event has its deal with a par.

    >>> from xlbridge.engine.doubledummy import Par
    >>> from xlbridge.engine.handrecord import HandRecord
    >>> from xlbridge.engine.hands import deals
    >>> from xlbridge.event.individual import IndividualEvent, score_individual
    >>> event = IndividualEvent("", "", (), (), hands={1: HandRecord(1, deals(1, seed=1)[0], par=Par(420, ()))})
    >>> par_of(score_individual(event), 1), par_of(score_individual(event), 2)
    (420, None)
    """
    record = report.event.hands.get(board)
    return None if record is None or record.par is None else record.par.score


def traveller_rows(rows: Iterable[tuple[IndividualResult, RowPoints]], par: int | None = None) -> list[list[object]]:
    """A board's rows: where, who, the result, North-South's score and each side's matchpoints;
    with the board's ``par``, North-South's score less it (blank for a row with no score)."""
    out = []
    for result, row in rows:
        play = result.play
        line = [_number(result.round), _number(result.table), *map(_number, result.seats), play.contract,
                play.declarer, "" if play.tricks is None else play.tricks,
                "" if row.score is None else row.score, points_text(row.ns), points_text(row.ew)]
        if par is not None:
            line.append("" if row.score is None else row.score - par)
        out.append(line)
    return out


def _signed(value: object) -> object:
    """A difference from par as the web page shows it: ``+120``, ``-50``, ``0``."""
    return f"{value:+d}" if isinstance(value, int) and value else value


def text(report: IndividualReport) -> str:
    """The ranking as terminal text, with a title line."""
    from .text import text_table  # text hands an individual here: imported when used

    return f"{_summary(report)}\n\n" + text_table(RANKING, ranking_rows(report), "><<>>>>")


def write_csv(report: IndividualReport, writer) -> None:
    """The ranking, then every row with its matchpoints (one CSV; a blank line between)."""
    writer.writerow(RANKING)
    writer.writerows(ranking_rows(report))
    writer.writerow([])
    writer.writerow(("Board", *TRAVELLER))
    for board, rows in _boards(report).items():
        writer.writerows([board, *line] for line in traveller_rows(rows))


def page(report: IndividualReport) -> str:
    """The web page: the ranking, a link to every board's traveller, the travellers, each
    under its hand diagram when the event has the board's deal."""
    from .html import _diagram, _page, _table  # the page's frame, tables and diagrams, shared with the other events

    event = report.event
    title = event.name or "Individual"
    subtitle = " · ".join(part for part in (event.date, _summary(report).split(": ", 1)[1]) if part)
    boards = _boards(report)
    parts = ["<h2>Ranking</h2>", _table(RANKING, ranking_rows(report), {2})]
    links = "".join(f'<a href="#board-{b}">{b}</a>' for b in boards)
    parts.append(f'<h2>Travellers</h2>\n<nav aria-label="Travellers">{links}</nav>')
    if any(par_of(report, board) is not None for board in boards):
        parts.append(f'<p class="sub">{VERSUS_PAR_NOTE}</p>')
    for board, rows in boards.items():
        par = par_of(report, board)
        lines = [[*line[:-1], _signed(line[-1])] if par is not None else line for line in traveller_rows(rows, par)]
        parts.append(f'<section class="board" id="board-{board}"><h2>Board {board}</h2>'
                     + _diagram(event.hands, board)
                     + _table(TRAVELLER + ((VERSUS_PAR,) if par is not None else ()), lines, {6})
                     + '<a class="top" href="#top">Back to the ranking</a></section>')
    return _page(title, subtitle, "\n".join(parts))


def usebio(report: IndividualReport) -> str:
    """The USEBIO 1.2 document: the players with place and percentage, each board's lines, the
    deals (``HANDSET``, as a pairs event's) when the event has them."""
    from .usebio import DOCTYPE, _add, _handset, _place, adjusted_text, usebio_date

    event = report.event
    root = ET.Element("USEBIO", Version="1.2")
    _add(_add(root, "CLUB"), "CLUB_NAME", "")
    element = _add(root, "EVENT")
    element.set("EVENT_TYPE", "INDIVIDUAL")
    _add(element, "EVENT_DESCRIPTION", event.name)
    _add(element, "PROGRAM_NAME", "xlbridge")
    _add(element, "PROGRAM_VERSION", __version__)
    when = usebio_date(event.date)
    if when:
        _add(element, "DATE", when)
    _add(element, "BOARD_SCORING_METHOD", "MATCH_POINTS")
    participants = _add(element, "PARTICIPANTS")
    participants.set("EVENT_TYPE", "INDIVIDUAL")
    for total in report.ranking():
        player = _add(participants, "PLAYER")
        _add(player, "PLAYER_NUMBER", total.player)
        _add(player, "PLACE", _place(total.place))
        _add(player, "PERCENTAGE", f"{total.percent:.2f}")
        _add(player, "TOTAL_SCORE", points_text(total.mp))
        if event.name_of(total.player):
            _add(player, "PLAYER_NAME", event.name_of(total.player))
    for board, rows in _boards(report).items():
        written = _add(element, "BOARD")
        written.set("EVENT_TYPE", "INDIVIDUAL")
        _add(written, "BOARD_NUMBER", board)
        for result, row in rows:
            line = _add(written, "TRAVELLER_LINE")
            north, east, south, west = result.seats
            for tag, number in (("N", north), ("S", south), ("E", east), ("W", west)):
                if number is not None:
                    _add(line, f"{tag}_PLAYER_NUMBER", number)
            outcome = result.play.outcome
            if row.score is not None:
                played = result.play.played
                _add(line, "CONTRACT", str(played.contract))
                if not played.contract.passed_out:
                    _add(line, "PLAYED_BY", result.play.declarer)
                    _add(line, "TRICKS", result.play.tricks)
                _add(line, "SCORE", row.score)
            elif row.ns is not None:
                _add(line, "SCORE", adjusted_text(outcome))
            else:
                _add(line, "SCORE", "NP")
            if row.ns is not None:
                _add(line, "NS_MATCH_POINTS", points_text(row.ns))
                _add(line, "EW_MATCH_POINTS", points_text(row.ew))
    _handset(root, event.hands)
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + "\n" + ET.tostring(root, encoding="unicode") + "\n"


def pbn(report: IndividualReport) -> str:
    """The PBN file: a game a board with its ScoreTable (the four players, the result, each
    player's matchpoints), the TotalScoreTable with the first; each board's deal and its
    double-dummy tags when the event has them (``N:- - - -`` when not)."""
    from .pbn import ARTIFICIAL, Column, _game_tags, _header, _played_columns, _score_columns, quote, table

    event, scored = report.event, report.scored
    scoring = "MatchPoints" if scored.mpscale == 2 else "MatchPoints;MP1"
    columns = [Column("Round", 2), Column("Table", 2), *(Column(f"PlayerId_{seat}", 2) for seat in SEATS),
               Column("Contract", 5, "L"), Column("Declarer", 1), Column("Result", 2), Column("Score_NS", 6),
               Column("Score_EW", 6), *(Column(f"MP_{seat}", 4) for seat in SEATS)]
    lines = _header()
    for number, (board, rows) in enumerate(_boards(report).items()):
        written, first_played = [], None
        for result, row in rows:
            who = ["-" if p is None else str(p) for p in result.seats]
            where = ["-" if v is None else str(v) for v in (result.round, result.table)]
            if row.score is not None:
                played = list(_played_columns(result.play.contract, result.play.declarer, result.play.tricks))
                scores = list(_score_columns(row.score))
                if first_played is None:
                    first_played = tuple(played)
            elif row.ns is not None:  # PBN §5.7: an adjusted score, its values artificial (§5.2)
                given = result.play.outcome
                played, scores = ["-", "-", "-"], [f"{ARTIFICIAL}{given.ns}%", f"{ARTIFICIAL}{given.ew}%"]
            else:
                played, scores = ["NP", "-", "-"], ["-", "-"]
            points = [points_text(v) if v is not None else "-" for v in (row.ns, row.ew, row.ns, row.ew)]
            written.append([*where, *who, *played, *scores, *points])
        lines += _game_tags(event.name, event.date, board, scoring, first_played, hand=event.hands.get(board))
        lines.append('[Competition "Individuals"]')
        lines += table("ScoreTable", columns, written)
        if number == 0:
            total = [Column("Rank", 3), Column("PlayerId", 2), Column("TotalScoreMP", 6), Column("TotalPercentage", 5),
                     Column("NrBoards", 2), Column("Name", 20, "L")]
            lines += table("TotalScoreTable", total,
                           [[p.place, str(p.player), points_text(p.mp), f"{p.percent:.2f}", str(p.boards),
                             quote(event.name_of(p.player))] for p in report.ranking()])
        lines.append("")
    return "\n".join(lines)


def printout(report: IndividualReport, paper: str = "A4"):
    """The ranking ready to print (``report --pdf``), then every board's traveller on a
    second sheet, each under its hand diagram when the event has the board's deal."""
    from openpyxl.styles import Font

    from ..workbooks.page import paper_name, set_up
    from .diagram import diagram
    from .printout import _LINE, _PAGE_HEIGHT, _diagram_rows, _sheet, _table, hand_diagram  # shared with the others

    event = report.event
    workbook, sheet = _sheet(event.name or "Individual", f"{event.date}   {_summary(report).split(': ', 1)[1]}".strip(),
                             paper, (event.name, event.date))
    _table(sheet, 4, RANKING, ranking_rows(report), (9, 9, 30, 9, 8, 9, 10),
           (None, "0", None, None, None, None, "0"))
    travellers = workbook.create_sheet("Travellers")
    top, used, breaks = 1, 0.0, []
    room = _PAGE_HEIGHT[paper_name(paper)]  # points a page holds inside its margins, less a line
    for board, rows in _boards(report).items():
        shown, par = diagram(event.hands.get(board)), par_of(report, board)
        # Its heading (or hand diagram), the column headings, the rows and a blank.
        block = (_diagram_rows(shown) * _LINE if shown else 20) + 26 + 12.75 * (len(rows) + 1)
        if used and used + block > room:  # a board whole on its page
            breaks.append(top - 1)
            used = 0.0
        used += block
        if shown is None:
            travellers.cell(top, 1, f"Board {board}").font = Font(bold=True, size=12)
            travellers.row_dimensions[top].height = 20
            top += 1
        else:
            top = hand_diagram(travellers, top, shown)
        extra = par is not None
        top = _table(travellers, top, TRAVELLER + (VERSUS_PAR,) * extra, traveller_rows(rows, par),
                     (9, 8, 6, 6, 6, 6, 11, 6, 9, 10, 9, 9) + (9,) * extra,
                     ("0", "0", "0", "0", "0", "0", None, None, "0", "0", None, None) + ("+0;-0;0",) * extra,
                     repeat=False) + 1
    set_up(travellers, paper, header=(event.name, event.date), breaks=breaks)
    return workbook
