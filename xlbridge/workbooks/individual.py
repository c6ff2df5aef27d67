"""individual.xlsx: an individual, each player ranked alone (docs/rules.md §12).

Sheets: Setup (event, date, the movement, the scoring options, progress), Results (a row
per board and table, prefilled from the movement: round, table, board and the four
players; the director types contract, declarer and tricks), Players (each player's name,
total, percentage and place), Ranking (the same, best first), Boards (each board's
traveller under its hand diagram, double-dummy table and par, each result against par),
Hands (:mod:`.hands`, a row a board: the deals, double dummy and par), Movement (the
seating, a row per round and table), Table cards, Guide cards (each player's seat round by
round) and Score cards.

The rules are :func:`xlbridge.engine.individual_scoring.individual_event`'s, which ``check``
and ``report`` use too: each board is matchpointed across the tables that played it, North
and South scoring North-South's matchpoints and East and West East-West's; a board with
fewer real results than expected is Neuberg-factored; ``A60/40`` gives each side that
percentage of the board's top (no session rule); ``NP`` scores for nobody. A player's
percentage is of the tops of the boards they played; places are shared by equal percentages.

Names: Results ``RoundNo`` ``TableNo`` ``Board`` ``North`` ``East`` ``South`` ``West``
``Contract`` ``Declarer`` ``Tricks`` (inputs) ``ScoreNS`` ``MPNS`` ``MPEW`` ``BoardTop``
``Check``; Players ``PlayerNumber`` ``PlayerName`` (inputs) ``PlayerBoards`` ``PlayerMP``
``PlayerTop`` ``PlayerPercent`` ``PlayerPlace`` ``PlayerCheck``; Setup ``EventName``*
``EventDate``* ``BoardCount``* ``MPScale``* ``UseNeuberg``* ``ExpectedResults``*
``MovementText``* ``ResultsEntered``* ``ResultsFlagged``*; Movement ``MoveRound``
``MoveTable`` ``MoveNorth`` ``MoveEast`` ``MoveSouth`` ``MoveWest`` ``MoveBoards``; Hands
``HandBoard`` ``HandDeal`` ``HandTricks`` ``HandParScore`` ``HandParContract`` (the pairs book's).
"""

from __future__ import annotations

from collections import Counter

from openpyxl.utils import quote_sheetname
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import BridgeInputError, IndividualMovement, OptionError, board_dealer, board_vul, individual
from . import formulas as f
from . import hands, styles
from .book import INDIVIDUAL_BOARDS, NAME_LENGTH, Book
from .cards import Card, boards_text
from .cards import _cards as card_sheet
from .lookup import flag_code
from .names import set_value
from .pairs import YES_NO, switch

NAME = "individual"
"""The template's name: its file is ``individual.xlsx``, its labels' namespace in the catalog."""
POSITION = 25
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("RoundNo", "TableNo", "Board", "North", "East", "South", "West", "Contract", "Declarer", "Tricks")
"""The defined names of what a director types, read back by ``check``."""
SEATS = ("North", "East", "South", "West")
SETUP = ("EventName", "EventDate", "BoardCount", "MPScale", "UseNeuberg", "ExpectedResults", "PlayerNumber",
         "PlayerName", "MoveRound", "MoveTable", *(f"Move{seat}" for seat in SEATS), "MoveBoards", *hands.NAMES)
"""The Setup cells ``check`` reads (each optional), the player list, the movement and the Hands sheet."""
SIGNATURE = frozenset({*INPUTS, "PlayerPercent"})
"""The defined names that tell a filled book of this template."""

PLAYERS = 8
BOARDS_PER_ROUND = 2
MAX_BOARDS = INDIVIDUAL_BOARDS
MAX_PLAYER = 999
FIRST = 4  # Results: headings in rows 1-3
PLAYER_FIRST = 5  # Players and Ranking: headings in rows 1-4


def movement_of(players: object, boards: object = None, rounds: object = None) -> IndividualMovement:
    """The movement for ``players`` players playing ``boards`` boards in all (blank: two a
    round), over every round or the first ``rounds``: the boards must be a whole number a
    round, so every table plays the round's boards.

    >>> str(movement_of(8, 21))
    'Individual, 8 players: 7 rounds of 3 boards at 2 tables'
    >>> movement_of(8, 15)
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.OptionError: boards 15: the 8-player individual has 7 rounds; give a multiple of 7 \
(7, 14, 21 ...)
    """
    try:
        whole = individual(players, 1, rounds)
    except BridgeInputError as error:
        raise OptionError(str(error)) from None
    if boards is None:
        return individual(players, BOARDS_PER_ROUND, rounds)
    if not isinstance(boards, int) or isinstance(boards, bool) or boards < 1 or boards % whole.rounds:
        r = whole.rounds
        raise OptionError(f"boards {boards}: the {whole.players}-player individual has {r} rounds; "
                          f"give a multiple of {r} ({r}, {2 * r}, {3 * r} ...)")
    if boards > MAX_BOARDS:
        raise OptionError(f"boards {boards}: at most {MAX_BOARDS} (play fewer rounds with --rounds)")
    return individual(players, boards // whole.rounds, rounds)


def describe(movement: IndividualMovement, t) -> str:
    """The movement in words, in the book's language."""
    return t("movement_text", players=movement.players, tables=movement.tables, rounds=movement.rounds,
             per_round=movement.boards_per_round)


def build(book: Book, *, players: int = PLAYERS, boards: int | None = None, rounds: int | None = None,
          names: dict[int, str] | None = None, movement: IndividualMovement | None = None) -> None:
    """Lay out an individual for ``players`` players and ``boards`` boards in all (a whole
    number a round; blank: two a round), every round or the first ``rounds``; ``names``
    prefills the players' names by number. A ``movement`` given is laid out as it is
    (another program's seating, read by ``import``), in place of the three sizes."""
    movement = movement or movement_of(players, boards, rounds)
    for table in ("contracts", "scores", "seats", "cycle", "flags", "row_codes"):
        book.lookup.need(table)
    YES_NO.add(book)
    layout = _Layout(book, movement)
    _setup(book, layout)
    _results(book, layout)
    _players(book, layout, names or {})
    _ranking(book, layout)
    _boards(book, layout)
    hands.write_sheet(book, layout.hands)
    _movement(book, layout)
    t = book.t
    card_sheet(book, t("table_cards"), _table_cards(book, movement), (8, 9, 9, 9, 9, 9))
    card_sheet(book, t("guide_cards"), _guide_cards(book, movement), (8, 7, 10, 9, 16, 8))
    card_sheet(book, t("score_cards"), _score_cards(book, movement), (7, 7, 7, 7, 9, 8, 9, 6, 7, 8, 8))


class _Layout:
    """Where everything is, so that sheets can refer to each other before they exist."""

    def __init__(self, book: Book, movement: IndividualMovement) -> None:
        self.movement = movement
        self.boards = movement.rounds * movement.boards_per_round
        self.rows = range(FIRST, FIRST + len(movement.seatings) * movement.boards_per_round)
        self.player_rows = range(PLAYER_FIRST, PLAYER_FIRST + movement.players)
        self.setup = quote_sheetname(book.t("setup"))
        self.results = quote_sheetname(book.t("results"))
        self.player_sheet = quote_sheetname(book.t("players_sheet"))
        # Hidden Setup cells every formula uses (column R).
        self.limit = f"{self.setup}!$R$6"  # the highest board number
        self.factor = f"{self.setup}!$R$7"  # 1 on the 2/1/0 scale, 0.5 on 1/½/0
        self.neuberg = f"{self.setup}!$R$8"  # 1 Neuberg, 0 raw
        self.expected = f"{self.setup}!$R$9"  # N: the results a board is expected to have
        played = Counter(board for s in movement.seatings for board in s.boards)
        self.hands = hands.Hands(book, sorted(played))
        self.tables = max(played.values(), default=1)  # the most rows a board has (its traveller's lines)

    def col(self, column: str) -> str:
        """A column of the results table, e.g. ``Results!$C$4:$C$59``."""
        return f"{self.results}!${column}${self.rows[0]}:${column}${self.rows[-1]}"

    def pcol(self, column: str) -> str:
        """A column of the player list."""
        return f"{self.player_sheet}!${column}${self.player_rows[0]}:${column}${self.player_rows[-1]}"


SEAT_COLUMNS = "DEFG"  # Results: North, East, South, West


def _setup(book: Book, layout: _Layout) -> Worksheet:
    t = book.t
    ws = book.sheet(t("setup"), (22, 14, 8, 8, 8, 8, 8, 8, 8))
    book.merge(ws, "A1:I1", t("title"), styles.TITLE)
    ws.row_dimensions[1].height = 22
    book.merge(ws, "A2:I2", describe(layout.movement, t), styles.LABEL)
    book.define("MovementText", ws, "A2")
    label, left = styles.LABEL, styles.INPUT.but(horizontal="left")
    note = styles.NOTE.but(wrap=True)
    book.put(ws, "A3", t("event"), label)
    book.event_inputs(ws, "B3:I3", "B4")
    book.put(ws, "A4", t("date"), label)

    def option(row: int, key: str, name: str, value: object, rule) -> None:
        book.put(ws, f"A{row}", t(key), label)
        book.put(ws, f"B{row}", value, left)
        book.define(name, ws, f"B{row}")
        book.validate(ws, f"B{row}", rule)
        if t.has(f"{key}_note"):
            book.merge(ws, f"C{row}:I{row}", t(f"{key}_note"), note)
        ws.row_dimensions[row].height = 24

    option(6, "boards", "BoardCount", layout.boards, book.rule_whole(1, MAX_BOARDS))
    option(7, "scale", "MPScale", 2, book.rule_scale())
    option(8, "neuberg", "UseNeuberg", YES_NO.word(True, book.lang), YES_NO.rule(book, t("err_yes_no")))
    option(9, "expected", "ExpectedResults", None, book.rule_whole(1, 99))
    # The most rows any board has (played, adjusted, not played): Neuberg's N unless typed.
    most = f'MAX(0,{layout.col("U")})'
    book.merge(ws, "C9:I9", f'IF(ISNUMBER(B9),IF(B9<{most},"{t("expected_few")}"&{most},""),'
               f'"{t("expected_auto")}"&{most})', styles.NOTE.but(color="C00000"), formula=True)
    helpers = {
        6: f'IF(ISNUMBER(B6),B6,{layout.boards})',
        7: f.half_scale("B7"),
        8: switch(YES_NO, "B8"),
        9: f"IF(ISNUMBER(B9),B9,{most})",
    }
    for row, formula in helpers.items():
        book.formula(ws, f"R{row}", formula, styles.HIDDEN)
    book.hide_columns(ws, "R")
    book.put(ws, "A11", t("entered"), label)
    book.formula(ws, "C11", f"COUNT({layout.col('T')})", styles.TOTAL.but(size=10))
    book.define("ResultsEntered", ws, "C11")
    book.put(ws, "D11", t("of"), styles.PLAIN.but(horizontal="center"))
    book.put(ws, "E11", len(layout.rows), styles.OUTPUT)
    book.put(ws, "A12", t("flagged"), label)
    book.formula(ws, "C12", f'COUNTIF({layout.col("N")},"?*")', styles.TOTAL.but(size=10, color="C00000"))
    book.define("ResultsFlagged", ws, "C12")
    book.merge(ws, "A14:I14", t("setup_note"), note)
    ws.row_dimensions[14].height = 36
    book.page(ws, area="A1:I14")
    return ws


def _results(book: Book, layout: _Layout) -> Worksheet:
    t = book.t
    ws = book.sheet(t("results"), (7.5, 5.5, 6.5, 9.5, 9.5, 9.5, 9.5, 9, 5.5, 6, 7, 7, 7, 9.5))
    rows, first, last = layout.rows, layout.rows[0], layout.rows[-1]
    book.event_heading(ws, 1, book.title, "A", "N", "L:N")
    book.merge(ws, "A2:N2", t("results_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 36
    head = styles.HEAD
    keys = ("round", "table", "board", "north", "east", "south", "west", "contract", "declarer", "tricks",
            "score_ns", "mp_ns", "mp_ew", "check")
    for column, key in zip("ABCDEFGHIJKLMN", keys, strict=True):
        book.put(ws, f"{column}3", t(key), head)
    ws.row_dimensions[3].height = 26
    book.column(ws, "A", rows, None, styles.INPUT, name="RoundNo", rule=book.rule_whole(1, 99))
    book.column(ws, "B", rows, None, styles.INPUT, name="TableNo", rule=book.rule_whole(1, 99))
    book.column(ws, "C", rows, None, styles.INPUT, name="Board", rule=book.rule_whole(1, MAX_BOARDS, "err_board"))
    player = book.rule_whole(1, MAX_PLAYER, "err_player")
    for column, seat in zip(SEAT_COLUMNS, SEATS, strict=True):
        book.column(ws, column, rows, None, styles.INPUT, name=seat, rule=player)
    book.column(ws, "H", rows, None, styles.INPUT.but(horizontal="left"), name="Contract", rule=book.rule_entry())
    book.column(ws, "I", rows, None, styles.INPUT, name="Declarer", rule=book.rule_declarer())
    book.column(ws, "J", rows, None, styles.INPUT, name="Tricks", rule=book.rule_tricks())
    r0 = 0
    for r0, (round_no, table, board, *seats) in enumerate(_result_rows(layout.movement)):
        row = first + r0
        for column, value in zip("ABCDEFG", (round_no, table, board, *seats), strict=True):
            ws[f"{column}{row}"].value = value

    rounds, tables, boards = (f"${c}${first}:${c}${last}" for c in "ABC")
    seat_cols = [f"${c}${first}:${c}${last}" for c in SEAT_COLUMNS]
    numbers = layout.pcol("A")

    def unknown(r: int) -> str:  # a typed player who is not on the list
        return "OR(" + ",".join(f'AND({c}{r}<>"",ISNA(MATCH({c}{r},{numbers},0)))' for c in SEAT_COLUMNS) + ")"

    def same_table(r: int) -> str:  # one player in two seats of the row
        pairs = [(a, b) for i, a in enumerate(SEAT_COLUMNS) for b in SEAT_COLUMNS[i + 1:]]
        return "OR(" + ",".join(f'AND({a}{r}<>"",{a}{r}={b}{r})' for a, b in pairs) + ")"

    def counted(r: int, criteria: str) -> str:  # rows where a player of row r sits, in any seat
        parts = []
        for c in SEAT_COLUMNS:
            found = "+".join(f"COUNTIFS({criteria},{col},{c}{r})" for col in seat_cols)
            parts.append(f'IF({c}{r}="",0,{found})')
        return "+".join(parts)

    def seated(r: int) -> str:  # how many seats of the row have a player
        return "+".join(f'({c}{r}<>"")' for c in SEAT_COLUMNS)

    def twice_on_board(r: int) -> str:  # each of the row's players is on its own row once
        return f"{counted(r, f'{boards},C{r}')}>{seated(r)}"

    def two_tables(r: int) -> str:  # a player of the row at another table in the same round
        elsewhere = f'{rounds},A{r},{tables},"<>"&B{r}'
        return f'AND(A{r}<>"",B{r}<>"",{counted(r, elsewhere)}>0)'

    def status(r: int) -> str:
        blank = f.entry_incomplete(f"P{r}", f"Q{r}", f"H{r}", f"I{r}", f"J{r}", (f"C{r}",))
        players_blank = "AND(" + ",".join(f'{c}{r}=""' for c in SEAT_COLUMNS) + ")"
        return f.status(f"OR({blank},{players_blank})", [
            (f"NOT({f.whole_in(f'C{r}', 1, layout.limit)})", "flag_board"),
            (unknown(r), "flag_pair"),  # shown as "player?" (this book's word for the flag)
            *f.entry_checks(f"P{r}", f"Q{r}", f"R{r}", f"H{r}", f"I{r}", f"J{r}"),
            (same_table(r), "flag_twice"),
            (twice_on_board(r), "flag_twice"),
            (two_tables(r), "flag_twice"),
        ])

    hidden = styles.HIDDEN
    book.column(ws, "P", rows, lambda r: f.contract_index(f"H{r}"), hidden)
    book.column(ws, "Q", rows, lambda r: f.row_code_index(f"H{r}"), hidden)
    book.column(ws, "R", rows, lambda r: f.seat_index(f"I{r}"), hidden)
    book.column(ws, "S", rows, status, hidden)
    # The row's kind: 1 played, 2 adjusted, 3 not played ("" blank or flagged).
    book.column(ws, "T", rows, lambda r: f.entry_kind(f"S{r}", f"Q{r}"), hidden)
    kind = f"$T${first}:$T${last}"
    # The rows its board has (Neuberg's N by default), and its real results.
    book.column(ws, "U", rows, lambda r: f'IF(T{r}="","",COUNTIFS({boards},C{r},{kind},">0"))', hidden)
    book.column(ws, "V", rows, lambda r: f'IF(T{r}="","",COUNTIFS({boards},C{r},{kind},1))', hidden)
    score = styles.OUTPUT.but(number_format=styles.PLUS_ONLY)
    book.column(ws, "K", rows, lambda r: f'IF(T{r}=1,{f.ns_score(f"P{r}", f"R{r}", f"J{r}", f"C{r}")},"")',
                score, name="ScoreNS")
    scores = f"$K${first}:$K${last}"
    book.column(ws, "W", rows,
                lambda r: f'IF(OR(T{r}=1,T{r}=2),2*{layout.factor}*MAX(0,IF({layout.neuberg}=1,'
                f'{layout.expected},V{r})-1),"")', hidden, name="BoardTop")
    # Raw matchpoints on the 2/1/0 scale: 2 for each result beaten, 1 for each tie.
    book.column(ws, "X", rows,
                lambda r: f'IF(T{r}=1,2*COUNTIFS({boards},C{r},{kind},1,{scores},"<"&K{r})'
                f"+COUNTIFS({boards},C{r},{kind},1,{scores},K{r})-1,\"\")", hidden)
    book.column(ws, "L", rows,
                lambda r: f'IF(T{r}=1,{layout.factor}*IF({layout.neuberg}=1,'
                f'{f.neuberg(f"X{r}", layout.expected, f"V{r}")},X{r}),'
                f'IF(T{r}=2,W{r}*INDEX(tblRowNS,Q{r})/100,""))', styles.OUTPUT, name="MPNS")
    book.column(ws, "M", rows,
                lambda r: f'IF(T{r}=1,W{r}-L{r},IF(T{r}=2,W{r}*INDEX(tblRowEW,Q{r})/100,""))',
                styles.OUTPUT, name="MPEW")
    book.column(ws, "N", rows, lambda r: f.flag(f"S{r}"), styles.FLAG, name="Check")
    # Each row's key for the Boards sheet: board * 1000 + its place among the board's rows.
    book.column(ws, "Y", rows, lambda r: f'IF(ISNUMBER(C{r}),C{r}*{KEY}+COUNTIF($C${first}:C{r},C{r}),"")', hidden)
    book.hide_columns(ws, "OPQRSTUVWXY")
    ws.freeze_panes = f"A{first}"
    book.page(ws, area=f"A1:N{last}", title_rows="1:3")
    return ws


KEY = 1000  # a board's rows are keyed board * KEY + 1, + 2 ... (fewer than KEY tables)
_BOARD_HEAD, _TABLE_HEAD, _LINE, _GAP = 20.0, 26.0, 15.0, 8.0  # the Boards sheet's row heights


def _boards(book: Book, layout: _Layout) -> Worksheet:
    """The travellers: each board under its hand diagram, double-dummy table and par from
    the Hands sheet (blank without a deal), then the board's rows of the results table,
    found by their key (hidden column Y there: the board's first row, second ...), each with
    North-South's score less par in points where the par is known; whole boards to a page."""
    t, h = book.t, layout.hands.t
    ws = book.sheet(h("boards_sheet"), (2, 6.5, 6, 6.5, 6.5, 6.5, 6.5, 9, 6.5, 6.5, 7.5, 7, 7, 8, 10))
    lines = layout.tables
    block = 1 + hands.DIAGRAM_ROWS + 1 + lines + 1
    height = _BOARD_HEAD + hands.DIAGRAM_ROWS * hands.DIAGRAM_HEIGHT + _TABLE_HEAD + lines * _LINE + _GAP
    per_page = max(1, int(hands.PAGE_HEIGHT[book.paper] // height))
    keys = layout.col("Y")
    big, head, text = styles.Style(size=13, bold=True), styles.HEAD, styles.OUTPUT_TEXT
    headings = (("B", t("round")), ("C", t("table")), *zip("DEFG", hands.LABEL_SEATS, strict=True),
                ("H", t("contract")), ("I", t("declarer")), ("J", t("tricks")), ("K", t("score_ns")),
                ("L", t("mp_ns")), ("M", t("mp_ew")), ("O", t("check")))
    # Each column and the results column it copies: text, a number (blank for blank) or a flag.
    copies = (("B", "A", False), ("C", "B", False), *((c, s, False) for c, s in zip("DEFG", SEAT_COLUMNS,
                                                                                   strict=True)),
              ("H", "H", True), ("I", "I", True), ("J", "J", False), ("K", "K", False), ("L", "L", False),
              ("M", "M", False), ("O", "N", True))
    signed = styles.OUTPUT.but(number_format=styles.SIGNED)
    breaks = []
    boards = layout.hands.boards
    for index, board in enumerate(boards):
        top = 1 + index * block
        book.merge(ws, f"B{top}:D{top}", f"{t('board')} {board}", big)
        book.merge(ws, f"E{top}:G{top}", f"{t('dealer')}: {board_dealer(board)}", styles.LABEL)
        book.merge(ws, f"H{top}:K{top}", f"{t('vulnerable')}: {t.vulnerability(board_vul(board))}", styles.LABEL)
        ws.row_dimensions[top].height = _BOARD_HEAD
        hands.diagram(book, ws, layout.hands, board, top + 1, "BCDEFGHIJKL")
        heading = top + 1 + hands.DIAGRAM_ROWS
        for column, label in headings:
            book.put(ws, f"{column}{heading}", label, head)
        par = layout.hands.cell("par", board)
        book.formula(ws, f"N{heading}", f'IF(ISNUMBER({par}),"{h("vs_par")}","")', head)
        ws.row_dimensions[heading].height = _TABLE_HEAD
        rows = range(heading + 1, heading + 1 + lines)
        book.column(ws, "A", rows, lambda r, b=board, first=rows[0]:
                    f'IFERROR(MATCH({b * KEY + r - first + 1},{keys},0),"")', styles.HIDDEN)
        for column, source, as_text in copies:
            cells = layout.col(source)
            style = styles.FLAG if column == "O" else text if as_text else (
                signed if column == "K" else styles.OUTPUT)
            book.column(ws, column, rows,
                        (lambda r, c=cells: f'IF($A{r}="","",INDEX({c},$A{r})&"")') if as_text else
                        # INDEX of a blank input is 0: show a blank.
                        (lambda r, c=cells: f'IF($A{r}="","",IF(INDEX({c},$A{r})="","",INDEX({c},$A{r})))'),
                        style)
        book.column(ws, "N", rows, lambda r, b=board: layout.hands.par_difference(f"K{r}", b, "FALSE"), signed)
        for r in rows:
            ws.row_dimensions[r].height = _LINE
        ws.row_dimensions[top + block - 1].height = _GAP
        if (index + 1) % per_page == 0 and index + 1 < len(boards):
            breaks.append(top + block - 1)
    book.hide_columns(ws, "A")
    book.page(ws, area=f"A1:O{max(1, len(boards) * block)}", breaks=breaks)
    return ws


def _result_rows(movement: IndividualMovement) -> list[tuple[int, ...]]:
    """The results rows in traveller order (board by board, tables in order), each
    ``(round, table, board, north, east, south, west)``."""
    rows = [(s.round, s.table, board, *s.players) for s in movement.seatings for board in s.boards]
    return sorted(rows, key=lambda row: (row[2], row[1]))


def _players(book: Book, layout: _Layout, names: dict[int, str]) -> Worksheet:
    t = book.t
    ws = book.sheet(t("players_sheet"), (8, 28, 8, 9, 8, 9, 8, 9))
    book.event_heading(ws, 1, book.title, "A", "H", "F:H")
    book.merge(ws, "A2:H2", t("players_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    head = styles.HEAD
    for column, key in zip("ABCDEFGH", ("player", "name", "played", "mp", "top", "percent", "place", "check"),
                           strict=True):
        book.merge(ws, f"{column}3:{column}4", t(key), head)
    rows = layout.player_rows
    book.column(ws, "A", rows, lambda r: r - rows[0] + 1, styles.INPUT, name="PlayerNumber",
                rule=book.rule_whole(1, MAX_PLAYER, "err_player"))
    book.column(ws, "B", rows, None, styles.INPUT_TEXT, name="PlayerName", rule=book.rule_text(NAME_LENGTH))
    for r in rows:
        set_value(ws[f"B{r}"], names.get(r - rows[0] + 1))  # a name is text, even "=HYPERLINK(...)"
    seats = [layout.col(c) for c in SEAT_COLUMNS]
    kind, mp_ns, mp_ew, top = layout.col("T"), layout.col("L"), layout.col("M"), layout.col("W")
    book.column(ws, "C", rows,
                lambda r: f'IF(A{r}="","",' + "+".join(f'COUNTIFS({s},A{r},{kind},"<3")' for s in seats) + ")",
                styles.OUTPUT.but(number_format=styles.HIDE_ZERO), name="PlayerBoards")
    book.column(ws, "D", rows,
                lambda r: f'IF(N(C{r})=0,"",SUMIF({seats[0]},A{r},{mp_ns})+SUMIF({seats[2]},A{r},{mp_ns})'
                f"+SUMIF({seats[1]},A{r},{mp_ew})+SUMIF({seats[3]},A{r},{mp_ew}))",
                styles.OUTPUT.but(number_format=styles.POINTS), name="PlayerMP")
    book.column(ws, "E", rows,
                lambda r: f'IF(D{r}="","",' + "+".join(f"SUMIF({s},A{r},{top})" for s in seats) + ")",
                styles.OUTPUT, name="PlayerTop")
    # 100 * MP first, then / top: the same rounding in every program, so ties stay ties.
    book.column(ws, "F", rows, lambda r: f'IF(D{r}="","",IF(E{r}=0,50,100*D{r}/E{r}))',
                styles.OUTPUT.but(number_format=styles.PERCENT, bold=True), name="PlayerPercent")
    # Ranked on values rounded to 9 decimals: a tie must stay a tie whatever road the sums took.
    book.column(ws, "I", rows, lambda r: f'IF(F{r}="","",ROUND(F{r},9))', styles.HIDDEN)
    values = f"$I${rows[0]}:$I${rows[-1]}"

    def better(r: int) -> str:
        return f"SUMPRODUCT(ISNUMBER({values})*({values}>I{r}))"

    def shared(r: int) -> str:
        return f"SUMPRODUCT(ISNUMBER({values})*({values}=I{r}))"

    book.column(ws, "G", rows,
                lambda r: f'IF(I{r}="","",(1+{better(r)})&IF({shared(r)}>1,"-"&({better(r)}+{shared(r)}),""))',
                styles.OUTPUT.but(bold=True), name="PlayerPlace")
    # The ranking order: best first, ties in the list's order (the range starts at the
    # heading, text, so the first row has one too).
    book.column(ws, "J", rows,
                lambda r: f'IF(I{r}="","",{better(r)}+1+SUMPRODUCT(($I${PLAYER_FIRST - 1}:I{r - 1}=I{r})*1))',
                styles.HIDDEN)
    listed = f"$A${rows[0]}:$A${rows[-1]}"
    book.column(ws, "H", rows,
                lambda r: f'IF(A{r}="","",IF(NOT({f.whole_in(f"A{r}", 1, MAX_PLAYER)}),'
                f'INDEX(tblFlags,{flag_code("flag_pair") - 1}),'
                f'IF(COUNTIF({listed},A{r})>1,INDEX(tblFlags,{flag_code("flag_twice") - 1}),"")))',
                styles.FLAG, name="PlayerCheck")
    book.hide_columns(ws, "IJ")
    book.page(ws, area=f"A1:H{rows[-1]}", title_rows="3:4")
    return ws


def _ranking(book: Book, layout: _Layout) -> Worksheet:
    t = book.t
    ws = book.sheet(t("ranking"), (8, 8, 30, 9, 8, 9, 8))
    book.event_heading(ws, 1, book.title, "A", "G", "E:G")
    book.merge(ws, "A2:G2", t("ranking_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    for column, key in zip("ABCDEFG", ("place", "player", "name", "mp", "top", "percent", "played"), strict=True):
        book.merge(ws, f"{column}3:{column}4", t(key), styles.HEAD)
    rows = range(PLAYER_FIRST, PLAYER_FIRST + layout.movement.players)
    book.column(ws, "H", rows, lambda r: f'IFERROR(MATCH({r - PLAYER_FIRST + 1},{layout.pcol("J")},0),"")',
                styles.HIDDEN)
    book.hide_columns(ws, "H")

    def pick(column: str, text: bool = False):
        source, as_text = layout.pcol(column), '&""' if text else ""
        return lambda r: f'IF(H{r}="","",INDEX({source},H{r}){as_text})'

    for column, source, style in (("A", "G", styles.OUTPUT.but(bold=True)), ("B", "A", styles.OUTPUT),
                                  ("D", "D", styles.OUTPUT.but(number_format=styles.POINTS)),
                                  ("E", "E", styles.OUTPUT),
                                  ("F", "F", styles.OUTPUT.but(number_format=styles.PERCENT, bold=True)),
                                  ("G", "C", styles.OUTPUT)):
        book.column(ws, column, rows, pick(source), style)
    book.column(ws, "C", rows, pick("B", text=True), styles.OUTPUT_TEXT)
    book.page(ws, area=f"A1:G{rows[-1]}", title_rows="1:4", one_page=True)
    return ws


def _movement(book: Book, layout: _Layout) -> Worksheet:
    """The seating, a row per round and table (values: what the cards were printed from),
    named for ``check`` to compare the results with; who sits out, by round."""
    t = book.t
    movement = layout.movement
    ws = book.sheet(t("movement"), (8, 7, 9.5, 9.5, 9.5, 9.5, 8, 20))
    book.event_heading(ws, 1, book.title, "A", "H", "F:H")
    book.merge(ws, "A2:H2", describe(movement, t), styles.LABEL)
    for column, key in zip("ABCDEFGH", ("round", "table", "north", "east", "south", "west", "boards", "sits_out"),
                           strict=True):
        book.put(ws, f"{column}3", t(key), styles.HEAD)
    rows = range(4, 4 + len(movement.seatings))
    cell = styles.OUTPUT
    for r, s in zip(rows, movement.seatings, strict=True):
        for column, value in zip("ABCDEFG", (s.round, s.table, *s.players, boards_text(s.boards)), strict=True):
            cell.apply(ws[f"{column}{r}"])
            ws[f"{column}{r}"].value = value
        out = movement.sits_out(s.round) if s.table == 1 else ()
        styles.OUTPUT_TEXT.apply(ws[f"H{r}"])
        ws[f"H{r}"].value = ", ".join(map(str, out)) or None
    for column, name in zip("ABCDEFG", ("MoveRound", "MoveTable", *(f"Move{s}" for s in SEATS), "MoveBoards"),
                            strict=True):
        book.define(name, ws, f"{column}{rows[0]}:{column}{rows[-1]}")
    book.page(ws, area=f"A1:H{rows[-1]}", title_rows="3:3")
    return ws


def _table_cards(book: Book, movement: IndividualMovement) -> list[Card]:
    t = book.t
    header = [t("round"), t("north"), t("east"), t("south"), t("west"), t("boards")]
    return [Card(t("table_card", table=table), describe(movement, t), header,
                 [[s.round, *s.players, boards_text(s.boards)] for s in movement.seatings if s.table == table])
            for table in range(1, movement.tables + 1)]


def _guide_cards(book: Book, movement: IndividualMovement) -> list[Card]:
    t = book.t
    header = [t("round"), t("table"), t("seat"), t("partner"), t("opponents"), t("boards")]
    seat_words = [t(key) for key in ("north", "east", "south", "west")]
    cards = []
    for player in range(1, movement.players + 1):
        rows: list[list[object]] = []
        for round_no in range(1, movement.rounds + 1):
            s = next((s for s in movement.seatings if s.round == round_no and player in s.players), None)
            if s is None:
                rows.append([round_no, "", t("sits_out"), "", "", ""])
                continue
            at = s.players.index(player)
            partner = s.players[(at + 2) % 4]
            opponents = f"{s.players[(at + 1) % 4]}, {s.players[(at + 3) % 4]}"
            rows.append([round_no, s.table, seat_words[at], partner, opponents, boards_text(s.boards)])
        cards.append(Card(t("guide_card", player=player), describe(movement, t), header, rows))
    return cards


def _score_cards(book: Book, movement: IndividualMovement) -> list[Card]:
    """Each player's own card: a line a board, with the seat and partner, to write the result on."""
    t = book.t
    header = [t("round"), t("board"), t("dealer"), t("vul"), t("seat"), t("partner"), t("contract"), t("declarer"),
              t("result"), t("plus"), t("minus")]
    seat_words = [t(key) for key in ("north", "east", "south", "west")]
    cards = []
    for player in range(1, movement.players + 1):
        rows: list[list[object]] = []
        for round_no in range(1, movement.rounds + 1):
            s = next((s for s in movement.seatings if s.round == round_no and player in s.players), None)
            if s is None:
                rows.append([round_no, "", "", "", t("sits_out"), "", "", "", "", "", ""])
                continue
            at = s.players.index(player)
            for board in s.boards:
                rows.append([round_no, board, str(board_dealer(board)), t.vulnerability(board_vul(board)),
                             seat_words[at], s.players[(at + 2) % 4], "", "", "", "", ""])
        cards.append(Card(t("score_card", player=player), describe(movement, t), header, rows))
    return cards
