"""season.xlsx: a club's season, every session of every player, and the ladder by the
club's rule (docs/rules.md §15, docs/workbooks.md).

``xlbridge season add`` appends each session to the Sessions sheet, one row a player
(the session's key, date, event, the player's number and name, partner, direction, the
score as a percentage or IMPs, the place and the last place it shares, the field's size,
boards); a director may type rows too. The Ladder sheet lists the season's players
(``season add`` writes each new one) and computes, in native formulas as
:func:`xlbridge.engine.season.ladder` does: sessions played and attendance, the average
of the best ``BestN`` sessions, points by place from the table on Setup, and the place by
the rule on Setup (``SeasonRanking``: the average, the points, both, or a multi-session
event's sessions' total: percentages weighted by boards, IMPs or VPs added), among players
with ``MinSessions`` sessions; ties share a place. The Player sheet lists one player's
sessions.

Names: Setup ``EventName``* (the season) ``BestN``* ``MinSessions``* ``SeasonRanking``*
``PointsScale``* (the club's table or the ACBL's club scale) ``PointsFields`` (the smallest
field size of each column of the table) ``PointsTable`` (points for places 1-60 down, a column
a field size across) ``HandicapSessions``* ``HandicapFactor``* ``HandicapCap``* (the club handicap method's last N
sessions, factor and cap, docs/rules.md §17); Sessions ``SessionKey`` ``SessionDate``
``SessionEvent`` ``SessionNumber`` ``SessionPlayer`` ``SessionPartner`` ``SessionDirection``
``SessionScore`` ``SessionUnit`` ``SessionPlace`` ``SessionPlaceTo`` ``SessionField``
``SessionBoards`` (inputs) ``SessionPoints``, ``SessionsHeld``*; Ladder ``SeasonNumber``
``SeasonPlayer`` (inputs) ``SeasonSessions`` ``SeasonAttendance`` ``SeasonAverage``
``SeasonPoints`` ``SeasonPlace`` ``SeasonHandicap`` (the club method's handicap after the sessions so far)
``SeasonTotal`` (the sessions' total);
Player ``ChosenPlayer``*.
"""

from __future__ import annotations

from ..engine import OptionError, handicap
from ..engine.season import DEFAULT_POINTS, FIELD_COLUMNS, PLACES, acbl_factor
from . import styles
from .book import EVENT_LENGTH, NAME_LENGTH, Book, Rule
from .i18n import date_format
from .options import Option

NAME = "season"
"""The template's name: its file is ``season.xlsx``, its labels' namespace in the catalog."""
POSITION = 90
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
SESSION_COLUMNS = ("SessionKey", "SessionDate", "SessionEvent", "SessionNumber", "SessionPlayer", "SessionPartner",
                   "SessionDirection", "SessionScore", "SessionUnit", "SessionPlace", "SessionPlaceTo",
                   "SessionField", "SessionBoards")
"""The Sessions sheet's input columns, in order (A-M)."""
INPUTS = (*SESSION_COLUMNS, "SeasonNumber", "SeasonPlayer")
"""The defined names of what ``season add`` (or a director) writes, read back by ``check``."""
SETUP = ("EventName", "BestN", "MinSessions", "SeasonRanking", "PointsScale", "PointsFields", "PointsTable",
         "HandicapSessions", "HandicapFactor", "HandicapCap")
"""The Setup cells ``check`` reads."""
SIGNATURE = frozenset({"SeasonPlayer", "SeasonPlace", "SessionKey"})
"""The defined names that tell a filled book of this template."""

RANKING = Option("SeasonRankings", NAME, "ranking", (("ranking_average", "average"), ("ranking_points", "points"),
                                                      ("ranking_both", "both"), ("ranking_total", "total")))
SCALE = Option("PointsScales", NAME, "points scale", (("scale_table", "table"), ("scale_acbl", "acbl")))
OPTIONS = (RANKING, SCALE)
ACBL_PLACES = 200  # the ACBL scale's places: 40% of a field of 500 pairs

ROWS = 4000  # player rows of sessions: a season of 50 sessions of 20 pairs is 2,000
MAX_ROWS = 20_000
PLAYERS = 400
MAX_PLAYERS = 2000
LISTED = 200  # one player's sessions the Player sheet lists
BEST_N, MIN_SESSIONS = 10, 5
FIRST = 5  # first data row on Sessions, Ladder and Player
SHIFT = 1_000_000  # above any score a Sessions row accepts (-100,000 to 100,000)

# Setup's cells.
BEST_CELL, MIN_CELL, RANKING_CELL, RULE_CELL, SCALE_CELL = "$B$4", "$B$5", "$B$6", "$E$6", "$E$7"
# The club handicap method's parameters as the formulas take them (blank: the default), hidden.
HANDICAP_LAST, HANDICAP_FACTOR, HANDICAP_CAP = "$J$4", "$J$5", "$J$6"
POINTS_FIRST = 10


def build(book: Book, *, rows: int = ROWS, players: int = PLAYERS, best: int = BEST_N,
          minimum: int = MIN_SESSIONS, points: tuple[float, ...] = DEFAULT_POINTS) -> None:
    """Lay out ``rows`` session rows (1-20,000) and ``players`` ladder rows (1-2,000)."""
    if not 1 <= rows <= MAX_ROWS:
        raise OptionError(f"rows {rows}: must be 1-{MAX_ROWS}")
    if not 1 <= players <= MAX_PLAYERS:
        raise OptionError(f"players {players}: must be 1-{MAX_PLAYERS}")
    t = book.t
    RANKING.add(book)
    SCALE.add(book)
    book.lookup.add("ACBL club game: each place's share of first place's award",
                    [[place, *acbl_factor(place)] for place in range(1, ACBL_PLACES + 1)],
                    {"tblAcblPlace": (0, 0), "tblAcblNum": (1, 1), "tblAcblDen": (2, 2)})
    ladder = book.sheet(t("sheet_ladder"), (7, 9, 30, 10, 11, 11, 10, 2))
    player = book.sheet(t("sheet_player"), (12, 30, 28, 6, 10, 7, 7, 7, 9))
    sessions = book.sheet(t("sheet_sessions"), (14, 11, 24, 9, 26, 26, 6, 9, 6, 7, 7, 7, 7, 9))
    setup = book.sheet(t("sheet_setup"), (22, 14, 10, 10, 10))
    _setup(book, setup, best, minimum, points)
    last = _sessions(book, sessions, rows)
    _ladder(book, ladder, players, last)
    _player(book, player, last)


def _setup(book: Book, ws, best: int, minimum: int, points: tuple[float, ...]) -> None:
    t = book.t
    book.put(ws, "A1", t("title"), styles.TITLE)
    book.put(ws, "A2", t("season"), styles.LABEL)
    book.merge(ws, "B2:E2", book.event, styles.INPUT_TEXT.but(bold=True))
    book.define("EventName", ws, "B2")
    book.validate(ws, "B2", book.rule_text(EVENT_LENGTH))
    for row, key, name, value in ((4, "best_n", "BestN", best), (5, "min_sessions", "MinSessions", minimum)):
        book.put(ws, f"A{row}", t(key), styles.LABEL)
        book.put(ws, f"B{row}", value, styles.INPUT.but(bold=True))
        book.define(name, ws, f"B{row}")
        book.validate(ws, f"B{row}", book.rule_whole(0 if name == "MinSessions" else 1, 999))
    book.put(ws, "A6", t("ranking"), styles.LABEL)
    book.merge(ws, "B6:D6", RANKING.word("average", book.lang), styles.INPUT.but(bold=True))
    book.define("SeasonRanking", ws, "B6")
    book.validate(ws, "B6", RANKING.rule(book, t("err_ranking")))
    # The rule's position, 1 (average) when the cell is blank; 0 when it is no choice.
    book.formula(ws, RULE_CELL.replace("$", ""), f"{RANKING.index('B6')}", styles.HIDDEN)
    book.put(ws, "A7", t("points_scale"), styles.LABEL)
    book.merge(ws, "B7:D7", SCALE.word("table", book.lang), styles.INPUT.but(bold=True))
    book.define("PointsScale", ws, "B7")
    book.validate(ws, "B7", SCALE.rule(book, t("err_points_scale")))
    book.formula(ws, SCALE_CELL.replace("$", ""), f"{SCALE.index('B7')}", styles.HIDDEN)
    book.merge(ws, "A8:E8", t("rule_note"), styles.NOTE.but(wrap=True, vertical="top"))
    ws.row_dimensions[8].height = 84  # the note says how the table's columns follow the field
    # The table: places down, a column a field size across; the header row (PointsFields) holds
    # the smallest field each column is for (one column from 1: every field, as before).
    head = POINTS_FIRST - 1
    across = "BCDEFG"[:FIELD_COLUMNS]
    book.put(ws, f"A{head}", t("points_fields"), styles.HEAD)
    for column in across:
        book.put(ws, f"{column}{head}", 1 if column == "B" else None, styles.INPUT.but(bold=True))
    book.define("PointsFields", ws, f"B{head}:{across[-1]}{head}")
    book.validate(ws, f"B{head}:{across[-1]}{head}", Rule("whole", "1", "9999", "between", t("err_points_fields")))
    places = range(POINTS_FIRST, POINTS_FIRST + PLACES)
    book.column(ws, "A", places, lambda r: r - POINTS_FIRST + 1, styles.FIXED)
    for column in across:
        book.column(ws, column, places, lambda r: None, styles.INPUT.but(number_format="0.##"),
                    rule=Rule("decimal", "0", "100000", "between", t("err_points")))
    book.define("PointsTable", ws, f"B{places[0]}:{across[-1]}{places[-1]}")
    for place, value in enumerate(points, start=POINTS_FIRST):
        ws[f"B{place}"].value = value
    _handicap_setup(book, ws)
    book.page(ws, area=f"A1:H{places[-1]}")


def _handicap_setup(book: Book, ws) -> None:
    """The club handicap method's parameters (docs/rules.md §17), beside the ladder's rule:
    the last N sessions, the factor and the cap; J4:J6 (hidden) the values the formulas use."""
    t = book.t
    for column, width in zip("FGHIJ", (10, 20, 8, 2, 6), strict=True):
        ws.column_dimensions[column].width = width
    book.put(ws, "G3", t("handicap_rule"), styles.LABEL)
    rules = ((4, "handicap_sessions", "HandicapSessions", handicap.LAST, book.rule_whole(1, 999)),
             (5, "handicap_factor", "HandicapFactor", handicap.FACTOR,
              Rule("decimal", "0", "10", "between", t("err_handicap_factor"))),
             (6, "handicap_cap", "HandicapCap", handicap.CAP,
              Rule("decimal", "0", "50", "between", t("err_handicap_cap"))))
    for row, key, name, value, rule in rules:
        book.put(ws, f"G{row}", t(key), styles.LABEL)
        book.put(ws, f"H{row}", value, styles.INPUT.but(bold=True))
        book.define(name, ws, f"H{row}")
        book.validate(ws, f"H{row}", rule)
        book.formula(ws, f"J{row}", f"IF(ISNUMBER(H{row}),H{row},{value})", styles.HIDDEN)
    book.merge(ws, "G7:H8", t("handicap_note"), styles.NOTE.but(wrap=True, vertical="top"))
    book.hide_columns(ws, "J")


def _sessions(book: Book, ws, rows: int) -> int:
    t = book.t
    book.put(ws, "A1", t("sheet_sessions"), styles.TITLE)
    book.merge(ws, "A2:N2", t("sessions_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    span = range(FIRST, FIRST + rows)
    first, last = span[0], span[-1]
    heads = ("key", "date", "event", "number", "player", "partner", "direction", "score", "unit", "place",
             "place_to", "field", "boards", "points")
    for index, key in enumerate(heads):
        book.put(ws, f"{'ABCDEFGHIJKLMN'[index]}{FIRST - 1}", t(key), styles.HEAD)
    text = styles.INPUT_TEXT
    whole = book.rule_whole(1, 99_999_999)
    specs = (("A", text, None), ("B", styles.INPUT.but(number_format=book_date(book)), book.rule_date()),
             ("C", text, book.rule_text(EVENT_LENGTH)), ("D", styles.INPUT, whole),
             ("E", text, book.rule_text(NAME_LENGTH)), ("F", text, book.rule_text(NAME_LENGTH)),
             ("G", styles.INPUT, Rule("list", '"NS,EW"', message=t("err_direction"))),
             ("H", styles.INPUT.but(number_format=styles.PERCENT),
              Rule("decimal", "-100000", "100000", "between", t("err_score"))),
             ("I", styles.INPUT, Rule("list", '"%,IMP,VP"', message=t("err_unit"))),
             ("J", styles.INPUT, book.rule_whole(1, 9999)), ("K", styles.INPUT, book.rule_whole(1, 9999)),
             ("L", styles.INPUT, book.rule_whole(1, 9999)), ("M", styles.INPUT, book.rule_whole(1, 9999)))
    for (column, style, rule), name in zip(specs, SESSION_COLUMNS, strict=True):
        book.column(ws, column, span, None, style, name=name, rule=rule)
    table = "PointsTable"
    # The table's column: the largest PointsFields not above the field (blank field: the first).
    across = "IFERROR(MATCH(N(L{r}),PointsFields,1),1)"

    scale = on(book, "sheet_setup") + SCALE_CELL

    def points(r: int) -> str:
        # In whole cents, each tie's share rounded as a whole number over a whole number, so
        # that a half cent rounds up here as in the engine (0.175 is not exact in binary).
        to = f"MIN(MAX(N(K{r}),J{r}),{PLACES})"
        column = across.format(r=r)
        own = (f"IF(OR(J{r}<1,J{r}>{PLACES}),0,ROUND(ROUND(SUM(INDEX({table},J{r},{column}):"
               f"INDEX({table},{to},{column}))*100,0)/({to}-J{r}+1),0)/100)")
        # The ACBL's club scale: first place 10 cents a table of the group (at most 150),
        # each place its share, to 40% of the group's pairs; a tie the average of its places.
        last, tables = f"MAX(N(K{r}),J{r})", f'IF(OR(G{r}="NS",G{r}="EW"),L{r},INT((L{r}+1)/2))'
        acbl = (f"IF(OR(J{r}<1,N(L{r})<1),0,ROUND(SUMPRODUCT((tblAcblPlace>=J{r})*(tblAcblPlace<={last})"
                f"*(tblAcblPlace<=ROUND(0.4*L{r},0))*ROUND(MIN(10*{tables},150)*tblAcblNum/tblAcblDen,0))"
                f"/({last}-J{r}+1),0)/100)")
        return f'IF(OR(D{r}="",J{r}=""),"",IF({scale}=2,{acbl},{own}))'

    book.column(ws, "N", span, points, styles.OUTPUT.but(number_format="0.##"), name="SessionPoints")
    # Hidden: the first row of each session (sessions are held contiguously), and the rows
    # of the Player sheet's chosen player, counted down the sheet.
    book.column(ws, "P", span, lambda r: f'IF(A{r}="",0,IF(A{r}<>A{r - 1},1,0))' if r > first else
                f'IF(A{r}="",0,1)', styles.HIDDEN)
    chosen = f"{on(book, 'sheet_player')}$F$2"
    book.column(ws, "Q", span, lambda r: f'IF(D{r}="",0,IF(D{r}={chosen},1,0))+{"0" if r == first else f"Q{r - 1}"}',
                styles.HIDDEN)
    book.column(ws, "R", span, lambda r: f'IF(D{r}="","",IF(D{r}={chosen},Q{r},""))', styles.HIDDEN)
    # S, T: the row's part in its player's sessions' total (engine.season.session_total): the
    # weight (a percentage's boards, one when blank; IMPs and VPs none) and the score in
    # hundredths times the weight (at least one), whole numbers so that totals compare exactly.
    book.column(ws, "S", span, lambda r: f'IF(OR(D{r}="",I{r}="IMP",I{r}="VP"),0,MAX(1,N(M{r})))', styles.HIDDEN)
    book.column(ws, "T", span, lambda r: f'IF(D{r}="",0,ROUND(H{r}*100,0)*MAX(1,S{r}))', styles.HIDDEN)
    book.hide_columns(ws, "OPQRST")
    book.put(ws, "A3", t("held"), styles.LABEL)
    book.formula(ws, "C3", f"SUM(P{first}:P{last})", styles.TOTAL.but(size=10))
    book.define("SessionsHeld", ws, "C3")
    ws.freeze_panes = f"A{FIRST}"
    ws.auto_filter.ref = f"A{FIRST - 1}:N{last}"
    book.page(ws, area=f"A1:N{last}", title_rows=f"{FIRST - 1}:{FIRST - 1}", landscape=True)
    return last


def book_date(book: Book) -> str:
    """The date format of the book's language."""
    return date_format(book.lang)


def on(book: Book, key: str) -> str:
    """A reference's sheet prefix for the sheet titled by catalog ``key``: ``'Sessions'!``."""
    return "'" + book.t(key).replace("'", "''") + "'!"


def _ladder(book: Book, ws, players: int, last_session: int) -> None:
    t = book.t
    span = range(FIRST, FIRST + players)
    first, last = span[0], span[-1]
    s = on(book, "sheet_sessions")
    number_col, score_col = f"{s}$D${FIRST}:$D${last_session}", f"{s}$H${FIRST}:$H${last_session}"
    points_col = f"{s}$N${FIRST}:$N${last_session}"
    ws.merge_cells("A1:G1")
    book.formula(ws, "A1", f'IF(EventName="","{t("title")}",EventName)', styles.TITLE)
    book.merge(ws, "A2:G2", f'"{t("held")}: "&SessionsHeld&"   {t("best_n")}: "&BestN&"   {t("min_sessions")}: "'
               f"&MinSessions", styles.LABEL, formula=True)
    for column, key in zip("ABCDEFG", ("place", "number", "player", "sessions", "attendance", "average", "points"),
                           strict=True):
        book.put(ws, f"{column}{FIRST - 1}", t(key), styles.HEAD)
    book.column(ws, "B", span, None, styles.INPUT, name="SeasonNumber", rule=book.rule_whole(1, 99_999_999))
    book.column(ws, "C", span, None, styles.INPUT_TEXT, name="SeasonPlayer", rule=book.rule_text(NAME_LENGTH))
    best, minimum = "BestN", "MinSessions"
    book.column(ws, "D", span, lambda r: f'IF(B{r}="","",COUNTIF({number_col},B{r}))', styles.OUTPUT,
                name="SeasonSessions")
    book.column(ws, "E", span, lambda r: f'IF(OR(B{r}="",SessionsHeld=0),"",D{r}/SessionsHeld)',
                styles.OUTPUT.but(number_format="0%"), name="SeasonAttendance")
    # Hidden: I sessions counted, J the lowest counted score, K the best sessions' total,
    # L it in hundredths, M the points in hundredths, N qualified (1) or not.
    book.column(ws, "I", span, lambda r: f'IF(B{r}="",0,IF(D{r}=0,0,MIN(MAX(1,{best}),D{r})))', styles.HIDDEN)
    # J: the I-th largest of the player's scores. SUMPRODUCT evaluates LARGE's argument as an
    # array in every spreadsheet without an array formula; the shift keeps a negative IMP
    # score above the other players' rows (0), and ROUND gives back the score as it was typed.
    book.column(ws, "J", span, lambda r: (f"IF(I{r}=0,0,ROUND(SUMPRODUCT(LARGE(({number_col}=B{r})"
                                          f"*({score_col}+{SHIFT}),I{r}))-{SHIFT},2))"), styles.HIDDEN)
    book.column(ws, "K", span, lambda r: (f"IF(I{r}=0,0,SUMIFS({score_col},{number_col},B{r},{score_col},"
                                          f'">"&J{r})+(I{r}-COUNTIFS({number_col},B{r},{score_col},">"&J{r}))*J{r})'),
                styles.HIDDEN)
    book.column(ws, "L", span, lambda r: f"ROUND(K{r}*100,0)", styles.HIDDEN)
    book.column(ws, "M", span, lambda r: f'IF(B{r}="",0,ROUND(SUMIF({number_col},B{r},{points_col})*100,0))',
                styles.HIDDEN)
    book.column(ws, "N", span, lambda r: f'IF(B{r}="",0,IF(D{r}>=MAX(1,{minimum}),1,0))', styles.HIDDEN)
    book.column(ws, "F", span, lambda r: f'IF(I{r}=0,"",K{r}/I{r})', styles.OUTPUT.but(number_format=styles.PERCENT),
                name="SeasonAverage")
    book.column(ws, "G", span, lambda r: f'IF(B{r}="","",M{r}/100)', styles.OUTPUT.but(number_format="0.##"),
                name="SeasonPoints")
    q, k, s100, p100, tv, tw = (f"${c}${first}:${c}${last}" for c in "NILMST")
    rule = on(book, "sheet_setup") + RULE_CELL

    def place(r: int) -> str:
        average = f"({s100}*I{r}>L{r}*{k})"
        points = f"({p100}>M{r})"
        total = f"SUMPRODUCT({q}*({tv}*T{r}>S{r}*{tw}))"
        return (f'IF(N{r}=0,"",1+IF({rule}=2,SUMPRODUCT({q}*{points}),IF({rule}=3,'
                f"SUMPRODUCT({q}*({points}+({p100}=M{r})*{average})),IF({rule}=4,{total},"
                f"SUMPRODUCT({q}*{average})))))")

    book.column(ws, "A", span, place, styles.TOTAL.but(size=10), name="SeasonPlace")
    _handicaps(book, ws, span, last_session)
    # The sessions' total (column R, after the handicap), a fraction S / T compared exactly:
    # S the weighted hundredths, T the weight (1 for IMPs or VPs, which are added).
    weight_col, value_col = f"{s}$S${FIRST}:$S${last_session}", f"{s}$T${FIRST}:$T${last_session}"
    book.column(ws, "S", span, lambda r: f'IF(B{r}="",0,SUMIF({number_col},B{r},{value_col}))', styles.HIDDEN)
    book.column(ws, "T", span, lambda r: f'IF(B{r}="",1,MAX(1,SUMIF({number_col},B{r},{weight_col})))', styles.HIDDEN)
    book.put(ws, f"R{FIRST - 1}", t("total"), styles.HEAD)
    ws.column_dimensions["R"].width = 10
    book.column(ws, "R", span, lambda r: f'IF(N(D{r})=0,"",S{r}/T{r}/100)',
                styles.OUTPUT.but(number_format=styles.PERCENT), name="SeasonTotal")
    book.hide_columns(ws, "ST")
    book.hide_columns(ws, "HIJKLMN")
    book.merge(ws, f"A{last + 1}:G{last + 1}", t("ladder_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[last + 1].height = 24
    ws.freeze_panes = f"A{FIRST}"
    ws.auto_filter.ref = f"A{FIRST - 1}:G{last}"
    book.page(ws, area=f"A1:R{last + 1}", title_rows=f"{FIRST - 1}:{FIRST - 1}")


def _handicaps(book: Book, ws, span: range, last_session: int) -> None:
    """``SeasonHandicap`` (column O, shown after the hidden helpers): the club method's
    handicap after the sessions so far (:func:`xlbridge.engine.handicap.club_handicap`), blank
    for a player with no session or a season of IMPs or VPs. Hidden: P the first Sessions row
    counted (the player's N-th latest), Q the counted scores' total in hundredths."""
    s = on(book, "sheet_sessions")
    number_col, score_col = f"{s}$D${FIRST}:$D${last_session}", f"{s}$H${FIRST}:$H${last_session}"
    unit_col = f"{s}$I${FIRST}:$I${last_session}"
    setup = on(book, "sheet_setup")
    last, factor, cap = (setup + cell for cell in (HANDICAP_LAST, HANDICAP_FACTOR, HANDICAP_CAP))
    counted = f"MIN(MAX(1,{last}),D{{r}})"
    book.put(ws, f"O{FIRST - 1}", book.t("handicap"), styles.HEAD)
    ws.column_dimensions["O"].width = 8
    # The latest rows are the lowest in the sheet: season add appends each session below the last.
    book.column(ws, "P", span, lambda r: (f'IF(N(D{r})=0,0,SUMPRODUCT(LARGE(({number_col}=B{r})*ROW({number_col}),'
                                          f"{counted.format(r=r)})))"), styles.HIDDEN)
    book.column(ws, "Q", span, lambda r: (f"IF(P{r}=0,0,SUMPRODUCT(({number_col}=B{r})*(ROW({number_col})>=P{r})"
                                          f"*ROUND({score_col}*100,0)))"), styles.HIDDEN)
    book.column(ws, "O", span, lambda r: (
        f'IF(OR(P{r}=0,COUNTIFS({number_col},B{r},{unit_col},"IMP")+COUNTIFS({number_col},B{r},{unit_col},"VP")>0),'
        f'"",MAX(-{cap},MIN({cap},ROUND({factor}*(5000*{counted.format(r=r)}-Q{r})/{counted.format(r=r)},0)/100)))'),
        styles.OUTPUT.but(number_format=styles.PERCENT), name="SeasonHandicap")
    book.hide_columns(ws, "PQ")


def _player(book: Book, ws, last_session: int) -> None:
    t = book.t
    s = on(book, "sheet_sessions")
    book.put(ws, "A1", t("sheet_player"), styles.TITLE)
    book.put(ws, "A2", t("player"), styles.LABEL)
    book.merge(ws, "B2:C2", None, styles.INPUT_TEXT.but(bold=True))
    book.define("ChosenPlayer", ws, "B2")
    book.validate(ws, "B2", Rule("list", "SeasonPlayer", message=t("err_player"), style="warning"))
    # F2 (hidden text colour): the chosen player's number, matched exactly (not as MATCH's wildcards).
    book.formula(ws, "F2", 'IF(B2="","",IFERROR(INDEX(SeasonNumber,MATCH(B2,SeasonPlayer,0)),""))', styles.HIDDEN)
    listed = range(FIRST, FIRST + LISTED)
    heads = ("date", "event", "partner", "direction", "score", "place", "field", "boards", "points")
    sources = "BCFGHJLMN"
    for column, key in zip("ABCDEFGHI", heads, strict=True):
        book.put(ws, f"{column}{FIRST - 1}", t(key), styles.HEAD)
    found = f"{s}$R${FIRST}:$R${last_session}"
    for r in listed:
        book.formula(ws, f"K{r}", f'IFERROR(MATCH({r - FIRST + 1},{found},0),"")', styles.HIDDEN)
    for column, source in zip("ABCDEFGHI", sources, strict=True):
        style = styles.OUTPUT_TEXT if column in "BC" else styles.OUTPUT
        if column == "A":
            style = style.but(number_format=book_date(book))
        elif column == "E":
            style = style.but(number_format=styles.PERCENT)
        book.column(ws, column, listed,
                    lambda r, c=source: f'IF(K{r}="","",INDEX({s}${c}${FIRST}:${c}${last_session},K{r})&"")'
                    if c in "CFG" else f'IF(K{r}="","",INDEX({s}${c}${FIRST}:${c}${last_session},K{r}))', style)
    book.hide_columns(ws, "JK")
    book.put(ws, "D2", t("sessions"), styles.LABEL)
    book.formula(ws, "E2", 'IF(F2="","",INDEX(SeasonSessions,MATCH(F2,SeasonNumber,0)))', styles.OUTPUT)
    ws.freeze_panes = f"A{FIRST}"
    book.page(ws, area=f"A1:I{listed[-1]}", title_rows=f"{FIRST - 1}:{FIRST - 1}")
