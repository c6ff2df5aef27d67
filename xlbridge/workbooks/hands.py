"""The Hands sheet of the pairs, individual and teams books, the hand diagram the travellers
(an individual's Boards sheet among them) show from it, and the teams books' Boards sheet
(:func:`boards_sheet`: each board under that diagram, each match's rooms against par): one
home for them all, so that every book lays a board's cards out the same way.

The Hands sheet has a row per board the book has. A director pastes a board's deal in
PBN's notation (``N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 ...``, the first seat and the hands
clockwise from it, ``-`` for a hand not known) into ``HandDeal``; ``xlbridge hands`` writes
the deals of a deal file there, with the double-dummy tricks (``HandTricks``: declarers
N, E, S, W, each in NT, ♠, ♥, ♦, ♣, as PBN's ``[DoubleDummyTricks]`` orders them), the par
score (``HandParScore``, North-South's view) and the par contracts (``HandParContract``, as PBN's
``[ParContract]`` writes them: ``NS 4S=; EW 5DX-2``, or ``Pass``). Native formulas split the
deal into each seat's hand, its suits and its high-card points, which
:func:`diagram` draws on a traveller in the compass layout: North above, West left,
East right, South below, ♥ and ♦ in red. A board with no deal shows nothing.

    >>> from .book import Book, Rule
    >>> book = Book(namespace="pairs")
    >>> hands = Hands(book, range(1, 4))
    >>> hands.row(1), hands.cell("deal", 3)
    (5, "'Hands'!$D$7")
    >>> write_sheet(book, hands).title, book.refs["HandDeal"]
    ('Hands', "'Hands'!$D$5:$D$7")
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import board_dealer, board_vul
from ..engine.doubledummy import STRAINS
from ..engine.handrecord import HandRecord
from ..engine.hands import SYMBOLS
from ..engine.seat import SEATS
from . import formulas as f
from . import styles
from .book import Book, Rule
from .i18n import Labels
from .names import named_cells, set_value

NAMES = ("HandBoard", "HandDeal", "HandTricks", "HandParScore", "HandParContract")
"""The Hands sheet's defined names ``check`` reads (a template lists them in its ``SETUP``)."""
HEAD = 4  # the Hands sheet's headings: rows 3 and 4
FIRST = HEAD + 1  # board rows from here, in board order
DEALER, VUL, DEAL = "B", "C", "D"
SEAT_COLUMNS = "EFGH"  # each seat's hand, N E S W
TRICKS = 9  # column I: the first of the 20 double-dummy tricks
PAR_SCORE, PAR_CONTRACT, CHECK = "AC", "AD", "AE"
DEAL_LENGTH = 120  # a deal in PBN is 69 characters; 10s for Ts and spaces add some
SPREAD = 99  # how far apart the formulas spread a deal's hands and a hand's suits to cut them out
LABEL_SEATS = "NESW"  # the seats' letters, as the Declarer columns take them in every language
TABLE_SEATS = "NSEW"  # the double-dummy table's declarer columns, partners together
STRAIN_TEXT = ("NT", SYMBOLS["S"], SYMBOLS["H"], SYMBOLS["D"], SYMBOLS["C"])
RED = "C00000"
# Hidden helpers: the deal tidied, its first seat, its hands spread apart, how many hands it has,
# then each seat's four suits (N ♠♥♦♣, E ...), each seat's points, whether all 20 tricks are in.
_TIDY, _FIRST, _SPREAD, _COUNT = "AG", "AH", "AI", "AJ"
_SUIT0 = 37  # AK: North's spades
_HCP0 = _SUIT0 + 16  # BA: North's points
_HAS_TRICKS = get_column_letter(_HCP0 + 4)  # BE


class Hands:
    """Where a book's Hands sheet is and what each board's cells are, known before the
    sheet is written so that travellers can refer to it."""

    def __init__(self, book: Book, boards: Iterable[int]) -> None:
        self.boards = tuple(boards)
        self.t = Labels(book.lang, "hands")
        self.title = self.t("sheet")
        self.sheet = quote_sheetname(self.title)
        self._rows = {board: FIRST + index for index, board in enumerate(self.boards)}

    def row(self, board: int) -> int:
        """The Hands sheet's row of ``board``."""
        return self._rows[board]

    def cell(self, what: str, board: int, index: int = 0) -> str:
        """A cell of ``board``'s row, sheet-qualified: ``deal``, ``par`` (the score),
        ``contract`` (the par contracts), ``suit`` (``index`` = seat × 4 + suit, seats
        N E S W, suits ♠ ♥ ♦ ♣), ``hcp`` (``index`` the seat), ``tricks`` (``index`` =
        declarer × 5 + strain, as ``HandTricks``) or ``has_tricks`` (1 when all 20 are in)."""
        column = {"deal": DEAL, "par": PAR_SCORE, "contract": PAR_CONTRACT, "has_tricks": _HAS_TRICKS,
                  "suit": get_column_letter(_SUIT0 + index), "hcp": get_column_letter(_HCP0 + index),
                  "tricks": get_column_letter(TRICKS + index)}[what]
        return f"{self.sheet}!${column}${self.row(board)}"

    def par_difference(self, score: str, board: int, imps: str) -> str:
        """The formula of ``score`` (North-South's, a cell) less ``board``'s par score: in
        points, or in IMPs where ``imps`` (a condition) holds; blank without either."""
        par = self.cell("par", board)
        return (f'IF(OR(NOT(ISNUMBER({score})),NOT(ISNUMBER({par}))),"",'
                f"IF({imps},{f.imps(f'({score}-{par})')},{score}-{par}))")


def write_sheet(book: Book, hands: Hands) -> Worksheet:
    """The Hands sheet: a row per board, its dealer and vulnerability, the deal to paste,
    each seat's hand, the 20 double-dummy tricks, the par score and contracts, a check."""
    t = hands.t
    widths = (6, 6, 6, 62, 17, 17, 17, 17, *([3.2] * 20), 7, 16, 8)
    ws = book.sheet(hands.title, widths)
    book.merge(ws, "A1:H1", t("title"), styles.TITLE)
    ws.row_dimensions[1].height = 22
    book.merge(ws, "A2:AE2", t("note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    head = styles.HEAD
    for column, key in zip("ABCD", ("board", "dealer", "vul", "deal"), strict=True):
        book.merge(ws, f"{column}{HEAD - 1}:{column}{HEAD}", t(key), head)
    for seat, column in zip(LABEL_SEATS, SEAT_COLUMNS, strict=True):
        book.merge(ws, f"{column}{HEAD - 1}:{column}{HEAD}", t(f"seat_{seat}"), head)
    for index, seat in enumerate(LABEL_SEATS):
        first = TRICKS + 5 * index
        book.merge(ws, f"{get_column_letter(first)}{HEAD - 1}:{get_column_letter(first + 4)}{HEAD - 1}",
                   t("dd_by", seat=seat), head)
        for offset, strain in enumerate(STRAIN_TEXT):
            red = strain in (SYMBOLS["H"], SYMBOLS["D"])
            book.put(ws, f"{get_column_letter(first + offset)}{HEAD}", strain, head.but(color=RED) if red else head)
    for column, key in ((PAR_SCORE, "par_score"), (PAR_CONTRACT, "par_contract"), (CHECK, "check")):
        book.merge(ws, f"{column}{HEAD - 1}:{column}{HEAD}", t(key), head)
    ws.row_dimensions[HEAD - 1].height = 26
    rows = range(FIRST, FIRST + len(hands.boards))
    if not hands.boards:
        return ws
    book.column(ws, "A", rows, lambda r: hands.boards[r - FIRST], styles.FIXED, name="HandBoard")
    book.column(ws, DEALER, rows, None, styles.FIXED)
    book.column(ws, VUL, rows, None, styles.FIXED)
    for r, board in zip(rows, hands.boards, strict=True):  # text, not formulas (book.column's strings are)
        set_value(ws[f"{DEALER}{r}"], str(board_dealer(board)))
        set_value(ws[f"{VUL}{r}"], t.vulnerability(board_vul(board)))
    book.column(ws, DEAL, rows, None, styles.INPUT_TEXT.but(size=9), name="HandDeal",
                rule=Rule("textLength", "0", str(DEAL_LENGTH), "between", t("err_deal")))
    tricks = f"{get_column_letter(TRICKS)}{{r}}:{get_column_letter(TRICKS + 19)}{{r}}"
    for index in range(20):
        book.column(ws, get_column_letter(TRICKS + index), rows, None, styles.INPUT.but(size=9))
    book.define("HandTricks", ws, f"{get_column_letter(TRICKS)}{FIRST}:{get_column_letter(TRICKS + 19)}{rows[-1]}")
    book.validate(ws, f"{get_column_letter(TRICKS)}{FIRST}:{get_column_letter(TRICKS + 19)}{rows[-1]}",
                  book.rule_tricks())
    book.column(ws, PAR_SCORE, rows, None, styles.INPUT.but(number_format=styles.SIGNED), name="HandParScore",
                rule=Rule("whole", "-7600", "7600", "between", t("err_par")))
    book.column(ws, PAR_CONTRACT, rows, None, styles.INPUT_TEXT, name="HandParContract",
                rule=Rule("textLength", "0", "60", "between", t("err_par_contract")))
    hidden = styles.HIDDEN
    # The deal as the formulas read it: upper case but the spot x, 10 as T, one space apart.
    book.column(ws, _TIDY, rows,
                lambda r: f'SUBSTITUTE(SUBSTITUTE(UPPER(TRIM({DEAL}{r})),"X","x"),"10","T")', hidden)
    book.column(ws, _FIRST, rows,
                lambda r: f'IF(MID({_TIDY}{r},2,1)<>":",0,IFERROR(FIND(LEFT({_TIDY}{r},1),"NESW"),0))', hidden)
    book.column(ws, _SPREAD, rows,
                lambda r: f'SUBSTITUTE(TRIM(MID({_TIDY}{r},3,999))," ",REPT(" ",{SPREAD}))', hidden)
    book.column(ws, _COUNT, rows,
                lambda r: f'IF({_FIRST}{r}=0,0,LEN(TRIM(MID({_TIDY}{r},3,999)))'
                f'-LEN(SUBSTITUTE(TRIM(MID({_TIDY}{r},3,999))," ",""))+1)', hidden)
    names = ("HandNorth", "HandEast", "HandSouth", "HandWest")
    for seat, (column, name) in enumerate(zip(SEAT_COLUMNS, names, strict=True), start=1):
        def hand(r: int, seat: int = seat) -> str:
            cut = f"TRIM(MID({_SPREAD}{r},MOD({seat}-{_FIRST}{r},4)*{SPREAD}+1,{SPREAD}))"
            return f'IF(OR({_FIRST}{r}=0,{_COUNT}{r}<>4),"",IF({cut}="-","",{cut}))'

        book.column(ws, column, rows, hand, styles.OUTPUT_TEXT.but(size=9), name=name)
    for seat, hand_column in enumerate(SEAT_COLUMNS):
        for suit in range(4):
            def holding(r: int, h: str = hand_column, suit: int = suit) -> str:
                cut = f'TRIM(MID(SUBSTITUTE({h}{r},".",REPT(" ",{SPREAD})),{suit * SPREAD + 1},{SPREAD}))'
                return f'IF({h}{r}="","",IF({cut}="","—",SUBSTITUTE({cut},"T","10")))'

            book.column(ws, get_column_letter(_SUIT0 + 4 * seat + suit), rows, holding, hidden)
        points = "+".join(f'{weight}*(LEN({hand_column}{{r}})-LEN(SUBSTITUTE({hand_column}{{r}},"{rank}","")))'
                          for rank, weight in (("A", 4), ("K", 3), ("Q", 2), ("J", 1)))
        book.column(ws, get_column_letter(_HCP0 + seat), rows,
                    lambda r, h=hand_column, p=points: f'IF({h}{r}="","",{p.format(r=r)})', hidden)
    book.column(ws, _HAS_TRICKS, rows, lambda r: f"IF(COUNT({tricks.format(r=r)})=20,1,0)", hidden)

    def bad_hand(h: str) -> str:  # a hand that is not four suits of 13 cards (T for the ten)
        return f'AND({h}<>"",OR(LEN({h})-LEN(SUBSTITUTE({h},".",""))<>3,LEN({h})<>16))'

    def flag(r: int) -> str:
        deal_bad = f"OR({_FIRST}{r}=0,{_COUNT}{r}<>4,{','.join(bad_hand(f'{h}{r}') for h in SEAT_COLUMNS)})"
        count = f"COUNT({tricks.format(r=r)})"
        par_bad = f'AND({PAR_CONTRACT}{r}<>"",NOT(ISNUMBER({PAR_SCORE}{r})))'
        return (f'IF(AND({DEAL}{r}<>"",{deal_bad}),"{t("flag_deal")}",IF(AND({count}>0,{count}<20),'
                f'"{t("flag_tricks")}",IF({par_bad},"{t("flag_par")}","")))')

    book.column(ws, CHECK, rows, flag, styles.FLAG, name="HandCheck")
    book.hide_columns(ws, [get_column_letter(c) for c in range(_SUIT0 - 5, _HCP0 + 5)])
    ws.freeze_panes = f"B{FIRST}"
    book.page(ws, area=f"A1:{CHECK}{rows[-1]}", title_rows=f"{HEAD - 1}:{HEAD}", landscape=True)
    return ws


DIAGRAM_ROWS = 12
"""The rows a hand diagram takes: North's four suits, West's and East's, South's."""
DIAGRAM_HEIGHT = 12.0
"""Its rows' height in points, a little under a row's default: a traveller of 30 tables and its
hand still print on one Letter page."""


def diagram(book: Book, ws: Worksheet, hands: Hands, board: int, top: int, columns: Sequence[str]) -> None:
    """``board``'s hand diagram on ``ws`` from row ``top`` (:data:`DIAGRAM_ROWS` rows), in
    eleven ``columns``: West in the first two, North and South in the next two, East in
    the two after, with each seat's high-card points between them; the double-dummy
    table (a strain a row, declarers N, S, E, W) and the par in the last five. Every cell
    is a formula reading the Hands sheet: blank when the board has no deal."""
    t = hands.t
    for row in range(top, top + DIAGRAM_ROWS):
        ws.row_dimensions[row].height = DIAGRAM_HEIGHT
    west, north, east = (f"{columns[i]}{{row}}:{columns[i + 1]}{{row}}" for i in (0, 2, 4))
    table = columns[6:11]
    plain = styles.PLAIN.but(size=10)
    red = plain.but(color=RED)
    for seat, place, first in ((0, north, top), (3, west, top + 4), (1, east, top + 4), (2, north, top + 8)):
        for suit in range(4):
            holding = hands.cell("suit", board, 4 * seat + suit)
            symbol = SYMBOLS["SHDC"[suit]]
            book.merge(ws, place.format(row=first + suit), f'IF({holding}="","","{symbol} "&{holding})',
                       red if suit in (1, 2) else plain, formula=True)
    middle = styles.PLAIN.but(size=8, color="404040")

    def points(seat: int) -> str:
        cell = hands.cell("hcp", board, seat)
        return f'IF({cell}="","","{LABEL_SEATS[seat]} "&{cell})'

    book.merge(ws, north.format(row=top + 4), points(0), middle.but(horizontal="center"), formula=True)
    book.merge(ws, f"{columns[2]}{top + 5}", points(3), middle.but(horizontal="center"), formula=True)
    book.merge(ws, f"{columns[3]}{top + 5}", points(1), middle.but(horizontal="center"), formula=True)
    book.merge(ws, north.format(row=top + 6), points(2), middle.but(horizontal="center"), formula=True)
    shown = f"{hands.cell('has_tricks', board)}=1"
    cell_style = styles.Style(size=9, horizontal="center")
    head = cell_style.but(bold=True)
    book.formula(ws, f"{table[0]}{top}", f'IF({shown},"{t("dd")}","")', head.but(italic=True, size=8))
    for offset, seat in enumerate(TABLE_SEATS, start=1):
        book.formula(ws, f"{table[offset]}{top}", f'IF({shown},"{seat}","")', head)
    for row, strain in enumerate(STRAINS, start=top + 1):
        text = STRAIN_TEXT[STRAINS.index(strain)]
        colour = RED if strain.name in ("H", "D") else "000000"
        book.formula(ws, f"{table[0]}{row}", f'IF({shown},"{text}","")',
                     cell_style.but(bold=True, color=colour, size=9 if strain.name == "NT" else 11))
        for offset, seat in enumerate(TABLE_SEATS, start=1):
            index = 5 * LABEL_SEATS.index(seat) + STRAINS.index(strain)
            book.formula(ws, f"{table[offset]}{row}", f'IF({shown},{hands.cell("tricks", board, index)},"")',
                         cell_style)
    par, contract = hands.cell("par", board), hands.cell("contract", board)
    has_par = f"ISNUMBER({par})"
    book.formula(ws, f"{table[0]}{top + 7}", f'IF({has_par},"{t("par")}","")', cell_style.but(bold=True))
    book.merge(ws, f"{table[1]}{top + 7}:{table[4]}{top + 7}", f'IF({has_par},{contract}&"","")',
               plain.but(size=9), formula=True)
    book.merge(ws, f"{table[1]}{top + 8}:{table[4]}{top + 8}",
               f'IF({has_par},IF({par}>=0,"{t("ns")} "&{par},"{t("ew")} "&-{par}),"")',
               plain.but(size=9, bold=True), formula=True)


# --- a teams book's boards, each under its hand ----------------------------------------


@dataclass(frozen=True, slots=True)
class Rooms:
    """A teams book's results table as :func:`boards_sheet` reads it, each a whole column's
    range, sheet-qualified: the board numbers, each room's contract, declarer, tricks and
    North-South score, the home team's IMPs, and in a team event the home and away teams."""

    board: str
    open: tuple[str, str, str, str]
    closed: tuple[str, str, str, str]
    imps: str
    teams: tuple[str, str] | None = None


# Each paper's printable height in points inside the page set-up's margins (0.75 in top and
# bottom), less a line for safety: how many boards a page of the Boards sheet holds.
PAGE_HEIGHT = {"A4": 842 - 108 - 15, "Letter": 792 - 108 - 15}
_BOARD_HEAD, _TABLE_HEAD, _ROOM, _GAP = 20.0, 26.0, 15.0, 8.0  # the Boards sheet's row heights


def boards_sheet(book: Book, hands: Hands, rooms: Rooms, matches: int = 1) -> Worksheet:
    """The Boards sheet of a teams book: each board of the Hands sheet once, its hand
    diagram, double-dummy table and par (:func:`diagram`; blank without a deal), then each
    match that played it (up to ``matches``, in the order of the results table), a row a
    room: the contract, declarer, tricks, North-South's score and that score less par in
    IMPs (North-South's side, as the score), and on the open room's row the match's teams
    (a team event) and the home team's IMPs on the board. A match's rows are found by the
    board's number in the results table (the ``k``-th row with it for the ``k``-th match),
    so rows typed in any order are found; whole boards to a page. A cell a field, no merged
    cells under the diagram: a 40-team event's sheet has 20 matches a board."""
    t = hands.t
    event = rooms.teams is not None
    ws = book.sheet(t("boards_sheet"), (2, 7, 8, 8, 8, 7, 8, 8, 8, 7, 7, 7))
    keys = (("match_teams",) if event else ()) + ("room", "contract", "declarer", "tricks", "score_ns", "vs_par",
                                              "imps_home")
    place = {key: get_column_letter(2 + index) for index, key in enumerate(keys)}
    height = _BOARD_HEAD + DIAGRAM_ROWS * DIAGRAM_HEIGHT + _TABLE_HEAD + 2 * matches * _ROOM + _GAP
    per_page = max(1, int(PAGE_HEIGHT[book.paper] // height))
    block = 1 + DIAGRAM_ROWS + 1 + 2 * matches + 1
    board_cells, last = rooms.board, rooms.board.split(":")[-1]
    sheet_of = rooms.board.rsplit("!", 1)[0]
    big, head, text, plain = styles.Style(size=13, bold=True), styles.HEAD, styles.OUTPUT_TEXT, styles.OUTPUT
    signed = plain.but(number_format=styles.SIGNED)
    breaks = []
    for index, board in enumerate(hands.boards):
        top = 1 + index * block
        book.merge(ws, f"B{top}:D{top}", f"{t('board')} {board}", big)
        book.merge(ws, f"E{top}:G{top}", f"{t('dealer')}: {board_dealer(board)}", styles.LABEL)
        book.merge(ws, f"H{top}:K{top}", f"{t('vulnerable')}: {t.vulnerability(board_vul(board))}", styles.LABEL)
        ws.row_dimensions[top].height = _BOARD_HEAD
        diagram(book, ws, hands, board, top + 1, "BCDEFGHIJKL")
        heading = top + 1 + DIAGRAM_ROWS
        par = hands.cell("par", board)
        for key, column in place.items():
            if key == "vs_par":  # like the DD table and the par: only where the board's par is known
                book.formula(ws, f"{column}{heading}", f'IF(ISNUMBER({par}),"{t("vs_par")} ({t("imps")})","")', head)
            else:
                book.put(ws, f"{column}{heading}", t(key), head)
        ws.row_dimensions[heading].height = _TABLE_HEAD
        for match in range(matches):
            row = heading + 1 + 2 * match
            previous = f"$A{row - 2}"
            found = (f'IFERROR(MATCH({board},{board_cells},0),"")' if match == 0 else
                     f'IF({previous}="","",IFERROR({previous}+MATCH({board},'
                     f'INDEX({board_cells},{previous}+1):{sheet_of}!{last},0),""))')
            book.formula(ws, f"A{row}", found, styles.HIDDEN)
            at = f"$A{row}"
            if rooms.teams is not None:
                home, away = rooms.teams
                book.formula(ws, f"{place['match_teams']}{row}", f'IF({at}="","",IF(INDEX({home},{at})="","",'
                             f'INDEX({home},{at})&" v "&INDEX({away},{at})))', text)
                book.put(ws, f"{place['match_teams']}{row + 1}", None, text)
            for r, key, cells in ((row, "open", rooms.open), (row + 1, "closed", rooms.closed)):
                ws.row_dimensions[r].height = _ROOM
                contract, declarer, tricks, score = cells
                book.formula(ws, f"{place['room']}{r}", f'IF({at}="","","{t(key)}")', text)
                for field, source in (("contract", contract), ("declarer", declarer)):
                    book.formula(ws, f"{place[field]}{r}", f'IF({at}="","",INDEX({source},{at})&"")', plain)
                book.formula(ws, f"{place['tricks']}{r}",
                             f'IF({at}="","",IF(INDEX({tricks},{at})="","",INDEX({tricks},{at})))', plain)
                book.formula(ws, f"{place['score_ns']}{r}", f'IF({at}="","",INDEX({score},{at}))', signed)
                book.formula(ws, f"{place['vs_par']}{r}",
                             hands.par_difference(f"{place['score_ns']}{r}", board, "TRUE"), signed)
            book.formula(ws, f"{place['imps_home']}{row}", f'IF({at}="","",INDEX({rooms.imps},{at}))',
                         signed.but(bold=True))
            book.put(ws, f"{place['imps_home']}{row + 1}", None, plain)
        ws.row_dimensions[top + block - 1].height = _GAP
        if (index + 1) % per_page == 0 and index + 1 < len(hands.boards):
            breaks.append(top + block - 1)
    book.hide_columns(ws, "A")
    book.page(ws, area=f"A1:L{max(1, len(hands.boards) * block)}", breaks=breaks)
    return ws


# --- writing deals into a book ---------------------------------------------------------


def written(workbook: Workbook) -> dict[int, tuple[object, ...]]:
    """What each board's row of a book's Hands sheet holds now: its deal, its 20 tricks,
    its par score and contracts, by board (the cells as they are; nothing parsed)."""
    boards = named_cells(workbook, "HandBoard")
    deals = named_cells(workbook, "HandDeal")
    tricks = named_cells(workbook, "HandTricks")
    scores, contracts = named_cells(workbook, "HandParScore"), named_cells(workbook, "HandParContract")
    found = {}
    for index, board in enumerate(boards):
        if isinstance(board.value, int):
            row = tuple(cell.value for cell in tricks[20 * index:20 * index + 20])
            found[board.value] = (deals[index].value, *row, scores[index].value, contracts[index].value)
    return found


def values(record: HandRecord) -> tuple[object, ...]:
    """A hand record as its Hands row holds it: the deal, the 20 tricks (None when not
    known), the par score and the par contracts."""
    tricks: tuple[object, ...] = (tuple(n for seat in SEATS for n in
                                        (record.tricks.of(seat, strain) for strain in STRAINS))
                                  if record.tricks is not None else (None,) * 20)
    par = (record.par.score, record.par.contract_text()) if record.par is not None else (None, None)
    return (str(record.deal), *tricks, *par)


def written_cell(workbook: Workbook, board: int) -> str:
    """Where ``board``'s deal is, as a director finds it: ``Hands!D5``."""
    boards = named_cells(workbook, "HandBoard")
    index = next(i for i, cell in enumerate(boards) if cell.value == board)
    cell = named_cells(workbook, "HandDeal")[index]
    return f"{quote_sheetname(cell.parent.title)}!{cell.coordinate}"


def write(workbook: Workbook, records: Iterable[HandRecord], keep: Collection[int] = ()) -> list[int]:
    """Write each record into its board's row of the Hands sheet (a record for a board the
    book has no row for is left out); return the boards written. For a board in ``keep``
    the tricks and the par already there stay where the record has none."""
    boards = named_cells(workbook, "HandBoard")
    deals = named_cells(workbook, "HandDeal")
    tricks = named_cells(workbook, "HandTricks")
    scores, contracts = named_cells(workbook, "HandParScore"), named_cells(workbook, "HandParContract")
    index = {board.value: i for i, board in enumerate(boards) if isinstance(board.value, int)}
    done = []
    for record in records:
        i = index.get(record.board)
        if i is None:
            continue
        deal, *row, score, contract = values(record)
        set_value(deals[i], deal)
        if record.tricks is not None or record.board not in keep:
            for cell, value in zip(tricks[20 * i:20 * i + 20], row, strict=True):
                cell.value = value
        if record.par is not None or record.board not in keep:
            scores[i].value = score
            set_value(contracts[i], contract)
        done.append(record.board)
    return done
