"""teams.xlsx: a team match of up to 64 boards in two rooms, IMPs and VPs.

The home team sits NS in the open room and EW in the closed room. Each room's score
is NS's; the home team's board IMPs are the IMPs of open minus closed. The IMP margin
is converted to the WBF 20-VP scale for the number of boards played in both rooms.

Names: ``Board`` ``OpenContract`` ``OpenDeclarer`` ``OpenTricks`` ``ClosedContract``
``ClosedDeclarer`` ``ClosedTricks`` ``OpenScore`` ``ClosedScore`` ``BoardIMPs`` (home,
signed) ``Check``, and ``TotalIMPs``* (home's margin) ``VPHome``* ``VPAway``*
``HomeIMPs``* ``AwayIMPs``* ``BoardsPlayed``* ``HomeTeam``* ``AwayTeam``*
``EventName``* ``EventDate``*.
The Hands sheet (:mod:`.hands`, a row a board) holds the deals, double dummy and par; the
Boards sheet shows each board's hand diagram, double-dummy table and par from it, and under
them both rooms' results, each score against par in IMPs, and the board's IMPs.
"""

from __future__ import annotations

from collections.abc import Callable

from openpyxl.utils import quote_sheetname
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import OptionError
from . import formulas as f
from . import hands, styles
from .book import NAME_LENGTH, Book
from .lookup import flag_code

NAME = "teams"
"""The template's name: its file is ``teams.xlsx``, its labels' namespace in the catalog."""
POSITION = 30
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("Board", "OpenContract", "OpenDeclarer", "OpenTricks", "ClosedContract", "ClosedDeclarer", "ClosedTricks")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate", "HomeTeam", "AwayTeam", *hands.NAMES)
"""The Setup cells ``check`` reads (each optional), and the Hands sheet's."""
SIGNATURE = frozenset(INPUTS)
"""The defined names that tell a filled book of this template."""

BOARDS = 64
MAX_BOARD = 999
FIRST = 11  # first board row; headings above


def room_columns(book: Book, ws: Worksheet, rows: range, prefix: str, inputs: str, helpers: str, board: str, *,
                 before: Callable[[int], list[tuple[str, str]]], twice: Callable[[int], str]) -> None:
    """One room's hidden helpers and its North-South score, on a sheet with a board a row.

    ``inputs`` are the room's contract, declarer, tricks and score columns (``"DEFG"``),
    ``helpers`` its hidden contract index, seat index and status columns (``"QRS"``),
    ``board`` the board numbers' column. A row's flags are ``before(r)`` (the row's own:
    the board, the teams), then the result's, then ``twice(r)`` (the board met twice).
    The score is named ``<prefix>Score``.
    """
    contract, declarer, tricks, score = inputs
    index, seat, status = helpers
    book.column(ws, index, rows, lambda r: f.contract_index(f"{contract}{r}"), styles.HIDDEN)
    book.column(ws, seat, rows, lambda r: f.seat_index(f"{declarer}{r}"), styles.HIDDEN)

    def state(r: int) -> str:
        blank = f.incomplete(f"{index}{r}", f"{contract}{r}", f"{declarer}{r}", f"{tricks}{r}")
        return f.status(blank, [
            *before(r),
            (f.bad_contract(f"{index}{r}"), "flag_contract"),
            (f.bad_declarer(f"{index}{r}", f"{seat}{r}"), "flag_declarer"),
            (f.bad_tricks(f"{index}{r}", f"{tricks}{r}"), "flag_tricks"),
            (twice(r), "flag_twice"),
        ])

    book.column(ws, status, rows, state, styles.HIDDEN)
    def ns_score(r: int) -> str:
        return f'IF({status}{r}=1,{f.ns_score(f"{index}{r}", f"{seat}{r}", f"{tricks}{r}", f"{board}{r}")},"")'

    book.column(ws, score, rows, ns_score, styles.OUTPUT.but(number_format=styles.SIGNED), name=f"{prefix}Score")


def build(book: Book, *, boards: int = BOARDS, home: str | None = None,
          away: str | None = None) -> None:
    """Lay out a match of up to ``boards`` boards (1-64), numbered 1, 2, ...; the
    team names ``home`` and ``away`` prefill their cells."""
    if not 1 <= boards <= 64:
        raise OptionError(f"boards {boards}: must be 1-64")
    t = book.t
    for table in ("contracts", "scores", "seats", "cycle", "imps", "flags"):
        book.lookup.need(table)
    book.lookup.need("vp", boards=boards)
    ws = book.sheet(t("sheet"), (6.5, 4.5, 6, 9, 7.5, 6, 8, 9, 7.5, 6, 8, 7, 7, 17,
                                 2, 4, 4, 4, 4, 4, 4))
    rows = range(FIRST, FIRST + boards)
    first, last = rows[0], rows[-1]

    # Heading: event, date, teams.
    book.event_heading(ws, 1, t("title"), "A", "N", "L:N")
    label = styles.LABEL
    book.merge(ws, "A2:C2", t("event"), label)
    book.event_inputs(ws, "D2:J2", "L2:N2")
    book.put(ws, "K2", t("date_short"), label.but(horizontal="right"))
    text = styles.INPUT_TEXT.but(bold=True)
    for row, key, name, value, note in ((3, "home_team", "HomeTeam", home, "home_note"),
                                        (4, "away_team", "AwayTeam", away, "away_note")):
        book.merge(ws, f"A{row}:C{row}", t(key), label)
        book.merge(ws, f"D{row}:J{row}", value, text)
        book.define(name, ws, f"D{row}")
        book.validate(ws, f"D{row}", book.rule_text(NAME_LENGTH))
        book.merge(ws, f"K{row}:N{row}", t(note), styles.NOTE)

    # The result: IMPs each, margin, boards played, VPs each.
    imps_col = f"$L${first}:$L${last}"
    head = styles.HEAD
    book.merge(ws, "A6:C6", None, styles.PLAIN)
    book.merge(ws, "D6:G6", t("home"), head)
    book.merge(ws, "H6:K6", t("away"), head)
    book.merge(ws, "L6:M6", t("margin"), head)
    book.merge(ws, "N6", t("played"), head)
    book.merge(ws, "A7:C7", t("imps"), label)
    book.merge(ws, "A8:C8", t("vps"), label)
    total = styles.TOTAL
    book.merge(ws, "D7:G7", f'IF(COUNT({imps_col})=0,"",SUMIF({imps_col},">0"))', total,
               formula=True)
    book.define("HomeIMPs", ws, "D7")
    book.merge(ws, "H7:K7", f'IF(COUNT({imps_col})=0,"",-SUMIF({imps_col},"<0"))', total,
               formula=True)
    book.define("AwayIMPs", ws, "H7")
    book.merge(ws, "L7:M7", f'IF(COUNT({imps_col})=0,"",SUM({imps_col}))',
               total.but(number_format=styles.SIGNED), formula=True)
    book.define("TotalIMPs", ws, "L7")
    book.merge(ws, "N7", f"COUNT({imps_col})", total, formula=True)
    book.define("BoardsPlayed", ws, "N7")
    top = book.vp_margins

    def winner(margin: str) -> str:
        return f"INDEX(tblVP,MIN({margin},{top})+1,$N$7)"

    vp = total.but(number_format=styles.VP)
    book.merge(ws, "D8:G8", f'IF($N$7=0,"",IF($L$7>=0,{winner("$L$7")},'
               f'ROUND(20-{winner("-$L$7")},2)))', vp, formula=True)
    book.define("VPHome", ws, "D8")
    book.merge(ws, "H8:K8", f'IF($N$7=0,"",IF($L$7<=0,{winner("-$L$7")},'
               f'ROUND(20-{winner("$L$7")},2)))', vp, formula=True)
    book.define("VPAway", ws, "H8")
    for row, height in ((6, 26), (7, 19), (8, 19), (10, 26)):
        ws.row_dimensions[row].height = height  # room for wrapped headings and totals

    # Column headings, two rows.
    book.merge(ws, "A9:A10", t("board"), head)
    book.merge(ws, "B9:B10", t("dealer_short"), head)
    book.merge(ws, "C9:C10", t("vul"), head)
    book.merge(ws, "D9:G9", t("open"), head)
    book.merge(ws, "H9:K9", t("closed"), head)
    for columns in ("DEFG", "HIJK"):
        for column, key in zip(columns, ("contract", "declarer", "tricks", "score_ns"),
                               strict=True):
            book.put(ws, f"{column}10", t(key), head)
    book.merge(ws, "L9:M9", t("imps"), head)
    book.put(ws, "L10", t("home"), head)
    book.put(ws, "M10", t("away"), head)
    book.merge(ws, "N9:N10", t("check"), head)

    book.column(ws, "A", rows, lambda r: r - first + 1, styles.INPUT, name="Board",
                rule=book.rule_whole(1, MAX_BOARD, "err_board"))
    contract, declarer, tricks = book.rule_contract(), book.rule_declarer(), book.rule_tricks()
    for prefix, (c, d, tr) in (("Open", "DEF"), ("Closed", "HIJ")):
        book.column(ws, c, rows, None, styles.INPUT, name=f"{prefix}Contract", rule=contract)
        book.column(ws, d, rows, None, styles.INPUT, name=f"{prefix}Declarer", rule=declarer)
        book.column(ws, tr, rows, None, styles.INPUT, name=f"{prefix}Tricks", rule=tricks)

    ok = {r: f.whole_in(f"A{r}", 1) for r in rows}
    book.column(ws, "B", rows, lambda r: f'IF({ok[r]},INDEX(tblDealer,{f.cycle(f"A{r}")}),"")',
                styles.OUTPUT)
    book.column(ws, "C", rows, lambda r: f'IF({ok[r]},INDEX(tblVulText,{f.cycle(f"A{r}")}),"")',
                styles.OUTPUT)

    # Hidden helpers per room: contract index, seat index, status.
    board_col = f"$A${first}:$A${last}"
    for prefix, inputs, helpers in (("Open", "DEFG", "QRS"), ("Closed", "HIJK", "TUV")):
        room_columns(book, ws, rows, prefix, inputs, helpers, "A",
                     before=lambda r: [(f"NOT({ok[r]})", "flag_board")],
                     twice=lambda r: f"COUNTIF({board_col},A{r})>1")
    book.hide_columns(ws, "OPQRSTUV")

    plus = styles.OUTPUT.but(number_format=styles.PLUS_ONLY, bold=True)
    book.column(ws, "L", rows, lambda r: f'IF(AND(S{r}=1,V{r}=1),{f.imps(f"G{r}-K{r}")},"")',
                plus, name="BoardIMPs")
    book.column(ws, "M", rows, lambda r: f'IF(L{r}="","",-L{r})', plus)

    # The flag of the first room with one; a room's own mistakes say which room.
    own = (flag_code("flag_contract"), flag_code("flag_tricks"))

    def room_flag(st: str, r: int, room: str) -> str:
        suffix = f'IF(AND({st}{r}>={own[0]},{st}{r}<={own[1]})," ({t(room)})","")'
        return f"INDEX(tblFlags,{st}{r}-1)&{suffix}"

    book.column(ws, "N", rows,
                lambda r: f'IF(S{r}>=2,{room_flag("S", r, "open_short")},'
                f'IF(V{r}>=2,{room_flag("V", r, "closed_short")},""))',
                styles.FLAG, name="Check")
    book.merge(ws, f"A{last + 2}:N{last + 2}", t("teams_note"), styles.NOTE)
    book.merge(ws, f"A{last + 3}:N{last + 3}", t("legend"), styles.NOTE)
    ws.freeze_panes = f"A{first}"
    book.page(ws, area=f"A1:N{last + 3}", title_rows="9:10")
    # Each board under its hand, both rooms against par: the Boards sheet, then the Hands sheet it reads.
    board_hands = hands.Hands(book, range(1, boards + 1))
    sheet = quote_sheetname(ws.title)

    def whole(column: str) -> str:
        return f"{sheet}!${column}${first}:${column}${last}"

    hands.boards_sheet(book, board_hands, hands.Rooms(whole("A"), tuple(whole(c) for c in "DEFG"),
                                                      tuple(whole(c) for c in "HIJK"), whole("L")))
    hands.write_sheet(book, board_hands)
