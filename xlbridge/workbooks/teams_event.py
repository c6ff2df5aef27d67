"""teams-event.xlsx: a team event, round robin or Swiss, from the draw to the VP standings.

Sheets: Setup (event, format, boards per match, the bye's VPs, the teams with their
members, VPs and places, the byes), Draw (each round's matches, their IMPs and VPs),
Results (one long table: a row per board per match), Standings (best first, on one
page), After each round (every team's VPs and place after each round), Scorecards (one
per match, to fill in at the table) and a hidden sheet of per-round figures.

The rules are the engine's (:func:`xlbridge.engine.team_standings`, which ``check``
and ``report`` use): the home team sits NS in the open room; a board's IMPs are open
minus closed for the home team; a match's margin goes to VPs on the WBF 20-VP scale
for the boards played in both rooms; a bye scores ``ByeVP`` once its round has begun.
Ties on VPs are broken by the VPs the tied teams scored against each other, then by
the IMP quotient; teams still equal share the place (``2-3``). A round robin's rows
come prefilled (round, teams, boards); a Swiss has its first round, and
``xlbridge draw`` writes each next one (:func:`xlbridge.engine.swiss_draw`).

Names: Results ``MatchRound`` ``MatchHome`` ``MatchAway`` ``Board`` ``OpenContract``
``OpenDeclarer`` ``OpenTricks`` ``ClosedContract`` ``ClosedDeclarer`` ``ClosedTricks``
``OpenScore`` ``ClosedScore`` ``BoardIMPs`` (home, signed) ``Check``; Setup
``EventName``* ``EventDate``* ``EventFormat``* (``RR`` or ``Swiss``) ``TeamCount``*
``RoundCount``* ``MatchBoards``* ``ByeVP``* ``TeamNumber`` ``TeamName`` ``TeamMembers``
``TeamVP`` ``TeamPlace`` ``RoundBye`` (a round's bye team, with an odd number of teams);
Draw ``DrawRound`` ``DrawHome`` ``DrawAway`` ``DrawHomeIMPs`` ``DrawAwayIMPs``
``DrawBoards`` ``DrawVPHome`` ``DrawVPAway``; Standings ``StandPlace`` ``StandTeam``
``StandName`` ``StandVP``.
The Hands sheet (:mod:`.hands`, a row a board) holds the deals, double dummy and par; the
Boards sheet shows each board once, its hand diagram, double-dummy table and par from it, and
under them every match that played it (found by the board's number in Results), each room's
result, its score against par in IMPs, and the board's IMPs.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.utils import get_column_letter, quote_sheetname

from ..engine import BYE_VP, OptionError, Pairing, round_robin, swiss_draw
from . import formulas as f
from . import hands, styles
from .book import NAME_LENGTH, Book, Rule
from .names import set_value
from .teams import room_columns

NAME = "teams-event"
"""The template's name: its file is ``teams-event.xlsx``, its labels' namespace in the catalog."""
POSITION = 40
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("MatchRound", "MatchHome", "MatchAway", "Board", "OpenContract", "OpenDeclarer", "OpenTricks",
          "ClosedContract", "ClosedDeclarer", "ClosedTricks")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate", "TeamCount", "RoundCount", "MatchBoards", "ByeVP", "EventFormat", "TeamNumber",
         "TeamName", "RoundBye", *hands.NAMES)
"""The Setup cells ``check`` reads (each optional), and the Hands sheet's."""
SIGNATURE = frozenset(INPUTS)
"""The defined names that tell a filled book of this template."""

TEAMS = (3, 40)
BOARDS = (1, 32)
MAX_ROUNDS = 39
MEMBERS_LENGTH = 200  # a team's players, as one text

TEAM_HEAD = 10  # Setup: the team list's heading row
RESULTS_FIRST = 5  # Results: headings in rows 1-4
DRAW_FIRST = 4  # Draw: headings in rows 1-3
STAND_FIRST = 5  # Standings and After each round: headings in rows 1-4
CALC_FIRST = 3  # the hidden sheet: round flags in row 1, headings in row 2
CALC_BLOCK = 9  # its columns per round
CARD_HEAD = 6  # a scorecard's rows above its boards
INFINITE = "1E+300"  # the quotient of a team that lost no IMPs


def schedule(teams: int, rounds: int | None = None, *, swiss: bool = False) -> list[list[Pairing]]:
    """The rounds a new teams-event.xlsx is laid out for: a round robin's every round,
    or a Swiss's ``rounds`` rounds of which only the first is drawn (teams in number
    order), the others empty.

    >>> schedule(4)
    [[(4, 1), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]
    >>> schedule(6, 3, swiss=True)
    [[(1, 2), (3, 4), (5, 6)], [], []]
    """
    low, high = TEAMS
    if not low <= teams <= high:
        raise OptionError(f"teams {teams}: must be {low}-{high}")
    if not swiss:
        plan = round_robin(teams)
        if rounds is not None and rounds != len(plan):
            raise OptionError(f"rounds {rounds}: a round robin of {teams} teams has {len(plan)} rounds")
        return plan
    if rounds is None:
        raise OptionError("a Swiss needs its number of rounds")
    most = teams - 1 if teams % 2 == 0 else teams
    if not 1 <= rounds <= min(most, MAX_ROUNDS):
        raise OptionError(f"rounds {rounds}: a Swiss of {teams} teams has 1-{min(most, MAX_ROUNDS)} rounds "
                         "(so that no two teams need meet twice)")
    return [swiss_draw(list(range(1, teams + 1)), [], round=1)] + [[] for _ in range(rounds - 1)]


def build(book: Book, *, teams: int = 8, rounds: int | None = None, boards: int = 8,
          swiss: bool = False, names: Sequence[str | None] = ()) -> None:
    """Lay out an event of ``teams`` teams (3-40) playing ``boards`` boards a match (1-32):
    a round robin (every round prefilled), or with ``swiss`` a Swiss of ``rounds``
    rounds. ``names`` prefill the teams' names, in number order."""
    low, high = BOARDS
    if not low <= boards <= high:
        raise OptionError(f"boards {boards}: must be {low}-{high} a match")
    plan = schedule(teams, rounds, swiss=swiss)
    for table in ("contracts", "scores", "seats", "cycle", "imps", "flags"):
        book.lookup.need(table)
    book.lookup.need("vp", boards=boards)
    layout = _Layout(book, teams, len(plan), boards, swiss)
    _setup(book, layout, plan, list(names))
    _draw(book, layout)
    _results(book, layout, plan)
    _standings(book, layout)
    _rounds(book, layout)
    _scorecards(book, layout)
    # Each board once, under its hand, every match's two rooms against par; then the Hands sheet it reads.
    board_hands = hands.Hands(book, range(1, len(plan) * boards + 1))
    col = layout.col
    hands.boards_sheet(book, board_hands, hands.Rooms(col("D"), (col("F"), col("G"), col("H"), col("I")),
                                                      (col("J"), col("K"), col("L"), col("M")), col("N"),
                                                      (col("B"), col("C"))), layout.matches)
    hands.write_sheet(book, board_hands)
    _calc(book, layout)


class _Layout:
    """Where everything is, so that sheets can refer to each other before they exist."""

    def __init__(self, book: Book, teams: int, rounds: int, boards: int, swiss: bool) -> None:
        self.teams, self.rounds, self.boards, self.swiss = teams, rounds, boards, swiss
        self.matches = teams // 2  # matches a round; an odd number of teams has a bye too
        self.bye = teams % 2 == 1
        self.rows = range(RESULTS_FIRST, RESULTS_FIRST + rounds * self.matches * boards)
        self.team_rows = range(TEAM_HEAD + 1, TEAM_HEAD + 1 + teams)
        self.per_round = 1 + self.matches + (1 if self.bye else 0)  # heading, matches, bye
        self.draw_rows = range(DRAW_FIRST, DRAW_FIRST + rounds * self.per_round)
        self.calc_rows = range(CALC_FIRST, CALC_FIRST + teams)
        t = book.t
        self.setup = quote_sheetname(t("setup"))
        self.results = quote_sheetname(t("results"))
        self.draw = quote_sheetname(t("draw"))
        self.calc = quote_sheetname(t("calc"))

    def first_row(self, round_no: int, match: int) -> int:
        """The results row of a match's first board (rounds and matches from 1)."""
        return RESULTS_FIRST + ((round_no - 1) * self.matches + match - 1) * self.boards

    def draw_row(self, round_no: int, match: int) -> int:
        """The Draw row of a match (match 0: the round's heading; matches + 1: its bye)."""
        return DRAW_FIRST + (round_no - 1) * self.per_round + match

    def col(self, column: str) -> str:
        """A column of the results table."""
        return f"{self.results}!${column}${self.rows[0]}:${column}${self.rows[-1]}"

    def dcol(self, column: str) -> str:
        """A column of the Draw table."""
        return f"{self.draw}!${column}${self.draw_rows[0]}:${column}${self.draw_rows[-1]}"

    def tcol(self, column: str) -> str:
        """A column of the team list on Setup."""
        return f"{self.setup}!${column}${self.team_rows[0]}:${column}${self.team_rows[-1]}"

    def ccol(self, round_no: int, offset: int) -> str:
        """A column of the hidden sheet: figure ``offset`` of round ``round_no``."""
        letter = self.calc_letter(round_no, offset)
        return f"{self.calc}!${letter}${self.calc_rows[0]}:${letter}${self.calc_rows[-1]}"

    @staticmethod
    def calc_letter(round_no: int, offset: int) -> str:
        """The hidden sheet's column of figure ``offset`` (0 VP, 1 IMPs won, 2 IMPs lost,
        3 matches, 4 VPs among the tied, 5 quotient, 6 teams better, 7 sharing, 8 place)."""
        return get_column_letter(2 + (round_no - 1) * CALC_BLOCK + offset)

    def team_name(self, number: str) -> str:
        """The name of team ``number`` (a cell), "" if it is no team."""
        return f'IFERROR(INDEX({self.tcol("B")},{number})&"","")'

    @property
    def final(self) -> int:
        """The round whose figures are the standings so far: the last."""
        return self.rounds


def _setup(book: Book, layout: _Layout, plan: list[list[Pairing]], names: list[str | None]) -> None:
    t = book.t
    ws = book.sheet(t("setup"), (6, 26, 44, 8, 7, 3, 7, 8, 2, 6))
    book.event_heading(ws, 1, book.title, "A", "C", "D:E")
    label = styles.LABEL
    book.merge(ws, "A2:B2", t("event"), label)
    book.event_inputs(ws, "C2", "D2:E2")
    fixed = styles.FIXED
    rows = ((3, "format", t("swiss") if layout.swiss else t("round_robin"), None),
            (4, "team_count", layout.teams, "TeamCount"),
            (5, "rounds", layout.rounds, "RoundCount"),
            (6, "match_boards", layout.boards, "MatchBoards"))
    for row, key, value, name in rows:
        book.merge(ws, f"A{row}:B{row}", t(key), label)
        book.put(ws, f"C{row}", value, fixed.but(horizontal="left"))
        if name:
            book.define(name, ws, f"C{row}")
    book.put(ws, "J3", "Swiss" if layout.swiss else "RR", styles.HIDDEN)
    book.define("EventFormat", ws, "J3")
    book.merge(ws, "A7:B7", t("bye_vp"), label)
    book.put(ws, "C7", BYE_VP, styles.INPUT.but(horizontal="left"))
    book.define("ByeVP", ws, "C7")
    book.validate(ws, "C7", Rule("decimal", "0", "20", "between", t("err_bye_vp")))
    book.merge(ws, "D7:H7", t("bye_vp_note"), styles.NOTE.but(wrap=True))
    book.merge(ws, "A8:H8", t("swiss_note") if layout.swiss else t("rr_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[8].height = 24

    head = styles.HEAD
    for column, key in zip("ABCDE", ("team_no", "team", "members", "vp", "place"), strict=True):
        book.put(ws, f"{column}{TEAM_HEAD}", t(key), head)
    rows_ = layout.team_rows
    book.column(ws, "A", rows_, lambda r: r - rows_[0] + 1, fixed, name="TeamNumber")
    book.column(ws, "B", rows_, None, styles.INPUT_TEXT, name="TeamName", rule=book.rule_text(NAME_LENGTH))
    for row, name in zip(rows_, names, strict=False):
        set_value(ws[f"B{row}"], name)  # a name is text, even "=X"
    book.column(ws, "C", rows_, None, styles.INPUT_TEXT.but(wrap=True), name="TeamMembers",
                rule=book.rule_text(MEMBERS_LENGTH))
    final = layout.final
    book.column(ws, "D", rows_, lambda r: f"{layout.calc}!{layout.calc_letter(final, 0)}{_calc_row(layout, r)}",
                styles.OUTPUT.but(number_format=styles.VP, bold=True), name="TeamVP")
    book.column(ws, "E", rows_, lambda r: f"{layout.calc}!{layout.calc_letter(final, 8)}{_calc_row(layout, r)}",
                styles.OUTPUT.but(bold=True), name="TeamPlace")
    last = rows_[-1]
    if layout.bye:
        book.put(ws, f"G{TEAM_HEAD}", t("round"), head)
        book.put(ws, f"H{TEAM_HEAD}", t("bye"), head)
        bye_rows = range(TEAM_HEAD + 1, TEAM_HEAD + 1 + layout.rounds)
        byes = {number: next((home for home, away in matches if away is None), None)
                for number, matches in enumerate(plan, start=1)}
        book.column(ws, "G", bye_rows, lambda r: r - TEAM_HEAD, fixed)
        book.column(ws, "H", bye_rows, lambda r: byes[r - TEAM_HEAD], styles.INPUT, name="RoundBye",
                    rule=book.rule_whole(1, layout.teams, "err_team"))
        last = max(last, bye_rows[-1])
    book.merge(ws, f"A{last + 2}:H{last + 2}", t("legend"), styles.NOTE)
    book.hide_columns(ws, "J")
    book.page(ws, area=f"A1:H{last + 2}", title_rows=f"{TEAM_HEAD}:{TEAM_HEAD}")


def _calc_row(layout: _Layout, setup_row: int) -> int:
    """The hidden sheet's row of the team on Setup row ``setup_row``."""
    return CALC_FIRST + setup_row - layout.team_rows[0]


def _draw(book: Book, layout: _Layout) -> None:
    """Each round: a heading, a row per match (teams from the match's first results row,
    IMPs and boards summed over its rows, VPs from them) and the bye."""
    t = book.t
    ws = book.sheet(t("draw"), (7, 7, 5, 24, 5, 24, 7, 7, 7, 7, 7))
    book.event_heading(ws, 1, book.title, "A", "I", "J:K")
    head = styles.HEAD
    for column, key in zip("ABCDEFGHIJK", ("round", "match", "team_no", "home", "team_no", "away", "imps_home",
                                           "imps_away", "boards", "vp_home", "vp_away"), strict=True):
        book.merge(ws, f"{column}2:{column}3", t(key), head)
    ws.row_dimensions[3].height = 18
    played, pos, neg = layout.col("W"), layout.col("X"), layout.col("Y")
    rounds_col, home_col, away_col = layout.col("A"), layout.col("B"), layout.col("C")
    top = book.vp_margins
    fixed, out = styles.FIXED, styles.OUTPUT
    vp_style = out.but(number_format=styles.VP, bold=True)
    ties = [get_column_letter(13 + q) for q in range(layout.rounds)]  # hidden: tied-team flags by round
    for number in range(1, layout.rounds + 1):
        heading = layout.draw_row(number, 0)
        book.merge(ws, f"A{heading}:K{heading}", t("round_n", n=number), styles.SUBTITLE)
        ws.row_dimensions[heading].height = 20
        for match in range(1, layout.matches + 1):
            r, source = layout.draw_row(number, match), layout.first_row(number, match)
            book.put(ws, f"A{r}", number, fixed)
            book.put(ws, f"B{r}", match, fixed)
            for team, name, column in (("C", "D", "B"), ("E", "F", "C")):
                book.formula(ws, f"{team}{r}", f'IF({layout.results}!{column}{source}="","",'
                             f"{layout.results}!{column}{source})", out)
                book.formula(ws, f"{name}{r}", f'IF({team}{r}="","",{layout.team_name(f"{team}{r}")})',
                             styles.OUTPUT_TEXT)
            keys = f"{rounds_col},A{r},{home_col},C{r},{away_col},E{r}"
            book.formula(ws, f"I{r}", f'IF(OR(C{r}="",E{r}=""),"",SUMIFS({played},{keys}))',
                         out.but(number_format=styles.HIDE_ZERO))  # blank until a board is in
            book.formula(ws, f"G{r}", f'IF(N(I{r})=0,"",SUMIFS({pos},{keys}))', out)
            book.formula(ws, f"H{r}", f'IF(N(I{r})=0,"",SUMIFS({neg},{keys}))', out)

            def winner(margin: str, r: int = r) -> str:
                return f"INDEX(tblVP,MIN({margin},{top})+1,MIN(I{r},{layout.boards}))"

            book.formula(ws, f"J{r}", f'IF(N(I{r})=0,"",IF(G{r}>=H{r},{winner(f"G{r}-H{r}")},'
                         f'ROUND(20-{winner(f"H{r}-G{r}")},2)))', vp_style)
            book.formula(ws, f"K{r}", f'IF(N(I{r})=0,"",IF(H{r}>=G{r},{winner(f"H{r}-G{r}")},'
                         f'ROUND(20-{winner(f"G{r}-H{r}")},2)))', vp_style)
        if layout.bye:
            r = layout.draw_row(number, layout.matches + 1)
            bye_cell = f"{layout.setup}!$H${TEAM_HEAD + number}"
            book.put(ws, f"A{r}", number, fixed)
            book.put(ws, f"B{r}", t("bye"), fixed)
            book.formula(ws, f"C{r}", f'IF({bye_cell}="","",{bye_cell})', out)
            book.formula(ws, f"D{r}", f'IF(C{r}="","",{layout.team_name(f"C{r}")})', styles.OUTPUT_TEXT)
            for column in "EFGHIK":
                book.put(ws, f"{column}{r}", None, out)
            started = f"{layout.calc}!{layout.calc_letter(number, 0)}1"
            book.formula(ws, f"J{r}", f'IF(AND(C{r}<>"",{started}=1),ByeVP,"")', vp_style)
    rows = layout.draw_rows
    for name, column in (("DrawRound", "A"), ("DrawHome", "C"), ("DrawAway", "E"), ("DrawHomeIMPs", "G"),
                         ("DrawAwayIMPs", "H"), ("DrawBoards", "I"), ("DrawVPHome", "J"), ("DrawVPAway", "K")):
        book.define(name, ws, f"{column}{rows[0]}:{column}{rows[-1]}")
    book.column(ws, "L", rows, lambda r: f"IF(ISNUMBER(J{r}),1,0)", styles.HIDDEN)
    for q, letter in enumerate(ties, start=1):
        vp_q = layout.ccol(q, 0)
        book.column(ws, letter, rows,
                    lambda r, vp_q=vp_q, q=q: f'IFERROR(IF(AND(L{r}=1,A{r}<={q},N(E{r})>0),'
                    f"IF(INDEX({vp_q},C{r})=INDEX({vp_q},E{r}),1,0),0),0)", styles.HIDDEN)
    book.hide_columns(ws, ["L", *ties])
    last = rows[-1]
    book.merge(ws, f"A{last + 2}:K{last + 2}", t("draw_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[last + 2].height = 24
    breaks = [layout.draw_row(n, 0) - 1 for n in range(2, layout.rounds + 1)] if layout.swiss else []
    book.page(ws, area=f"A1:K{last + 2}", title_rows="1:3", one_page=not layout.swiss, breaks=breaks)


def _results(book: Book, layout: _Layout, plan: list[list[Pairing]]) -> None:
    t = book.t
    ws = book.sheet(t("results"), (7, 7.5, 6.5, 6.5, 6, 9.5, 7.5, 7, 8, 9.5, 7.5, 7, 8, 8, 7, 10))
    rows, first, last = layout.rows, layout.rows[0], layout.rows[-1]
    book.event_heading(ws, 1, book.title, "A", "M", "N:P")
    book.merge(ws, "A2:P2", t("results_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    head = styles.HEAD
    for column, key in (("A", "round"), ("B", "home"), ("C", "away"), ("D", "board"), ("E", "vul"),
                        ("P", "check")):
        book.merge(ws, f"{column}3:{column}4", t(key), head)
    book.merge(ws, "F3:I3", t("open"), head)
    book.merge(ws, "J3:M3", t("closed"), head)
    book.merge(ws, "N3:O3", t("imps"), head)
    for columns in ("FGHI", "JKLM"):
        for column, key in zip(columns, ("contract", "declarer", "tricks", "score_ns"), strict=True):
            book.put(ws, f"{column}4", t(key), head)
    book.put(ws, "N4", t("home"), head)
    book.put(ws, "O4", t("away"), head)
    ws.row_dimensions[4].height = 26  # two-line headings

    prefilled: dict[int, tuple[int, int | None, int | None, int]] = {}
    for number, matches in enumerate(plan, start=1):
        real = [m for m in matches if m[1] is not None]
        for match in range(1, layout.matches + 1):
            home, away = real[match - 1] if match <= len(real) else (None, None)
            for board in range(1, layout.boards + 1):
                prefilled[layout.first_row(number, match) + board - 1] = (
                    number, home, away, (number - 1) * layout.boards + board)
    teams = layout.teams
    team_rule = book.rule_whole(1, teams, "err_team")
    book.column(ws, "A", rows, lambda r: prefilled[r][0], styles.INPUT, name="MatchRound",
                rule=book.rule_whole(1, layout.rounds, "err_round"))
    book.column(ws, "B", rows, lambda r: prefilled[r][1], styles.INPUT, name="MatchHome", rule=team_rule)
    book.column(ws, "C", rows, lambda r: prefilled[r][2], styles.INPUT, name="MatchAway", rule=team_rule)
    book.column(ws, "D", rows, lambda r: prefilled[r][3], styles.INPUT, name="Board",
                rule=book.rule_whole(1, 999, "err_board"))
    ok = {r: f.whole_in(f"D{r}", 1) for r in rows}
    book.column(ws, "E", rows, lambda r: f'IF({ok[r]},INDEX(tblVulText,{f.cycle(f"D{r}")}),"")', styles.OUTPUT)
    contract, declarer, tricks = book.rule_contract(), book.rule_declarer(), book.rule_tricks()
    for prefix, (c, d, tr) in (("Open", "FGH"), ("Closed", "JKL")):
        book.column(ws, c, rows, None, styles.INPUT, name=f"{prefix}Contract", rule=contract)
        book.column(ws, d, rows, None, styles.INPUT, name=f"{prefix}Declarer", rule=declarer)
        book.column(ws, tr, rows, None, styles.INPUT, name=f"{prefix}Tricks", rule=tricks)

    # Hidden per row: each room's contract index, seat index, status; then whether the
    # board counts, and the home and away IMPs it gives.
    keys = f"{layout.col('A')},A{{r}},{layout.col('B')},B{{r}},{layout.col('D')},D{{r}}"

    def own(r: int) -> list[tuple[str, str]]:
        teams_ok = (f"AND({f.whole_in(f'A{r}', 1, layout.rounds)},{f.whole_in(f'B{r}', 1, teams)},"
                    f"{f.whole_in(f'C{r}', 1, teams)},B{r}<>C{r})")
        return [(f"NOT({ok[r]})", "flag_board"), (f"NOT({teams_ok})", "flag_team")]

    for prefix, inputs, helpers in (("Open", "FGHI", "QRS"), ("Closed", "JKLM", "TUV")):
        room_columns(book, ws, rows, prefix, inputs, helpers, "D", before=own,
                     twice=lambda r: f"COUNTIFS({keys.format(r=r)})>1")
    plus = styles.OUTPUT.but(number_format=styles.PLUS_ONLY, bold=True)
    book.column(ws, "N", rows, lambda r: f'IF(AND(S{r}=1,V{r}=1),{f.imps(f"I{r}-M{r}")},"")', plus,
                name="BoardIMPs")
    book.column(ws, "O", rows, lambda r: f'IF(N{r}="","",-N{r})', plus)
    book.column(ws, "P", rows, lambda r: f"IF(S{r}>=2,{f.flag(f'S{r}')}&\" ({t('open_short')})\","
                f"IF(V{r}>=2,{f.flag(f'V{r}')}&\" ({t('closed_short')})\",\"\"))", styles.FLAG, name="Check")
    book.column(ws, "W", rows, lambda r: f'IF(N{r}="",0,1)', styles.HIDDEN)
    book.column(ws, "X", rows, lambda r: f'IF(N{r}="",0,MAX(N{r},0))', styles.HIDDEN)
    book.column(ws, "Y", rows, lambda r: f'IF(N{r}="",0,MAX(-N{r},0))', styles.HIDDEN)
    book.hide_columns(ws, "QRSTUVWXY")
    book.merge(ws, f"A{last + 2}:P{last + 2}", t("legend"), styles.NOTE)
    ws.freeze_panes = f"A{first}"
    breaks = [layout.first_row(n, 1) - 1 for n in range(2, layout.rounds + 1)]
    book.page(ws, area=f"A1:P{last + 2}", title_rows="3:4", landscape=True, breaks=breaks)


def _calc(book: Book, layout: _Layout) -> None:
    """The hidden per-round figures of every team (a row a team, a block of columns a
    round): VPs, IMPs won and lost, matches, VPs against the teams tied with it, the
    quotient, the teams ranked above it, those sharing its place, and the place."""
    t = book.t
    ws = book.workbook.create_sheet(t("calc")[:31])
    ws.sheet_state = "hidden"
    rows = layout.calc_rows
    book.put(ws, "A2", t("team_no"), styles.HIDDEN)
    book.column(ws, "A", rows, lambda r: r - rows[0] + 1, styles.HIDDEN)
    d = layout.dcol
    home, away, rounds = d("C"), d("E"), d("A")
    for q in range(1, layout.rounds + 1):
        col = {k: layout.calc_letter(q, k) for k in range(CALC_BLOCK)}
        whole = {k: layout.ccol(q, k) for k in range(CALC_BLOCK)}
        book.formula(ws, f"{col[0]}1", f"IF(SUMIFS({layout.col('W')},{layout.col('A')},{q})>0,1,0)", styles.HIDDEN)
        for k, heading in enumerate(("VP", "IMPs+", "IMPs-", "Matches", "Among", "Quotient", "Better", "Shared",
                                     "Place")):
            book.put(ws, f"{col[k]}2", f"{heading} {q}", styles.HIDDEN)
        upto = f'{rounds},"<={q}"'

        def both(home_column: str, away_column: str, upto: str = upto) -> str:
            return (f"SUMIFS({d(home_column)},{home},$A{{r}},{upto})"
                    f"+SUMIFS({d(away_column)},{away},$A{{r}},{upto})")

        played = f"{col[3]}{{r}}=0"
        formulas = {
            0: f'IF({played},"",ROUND({both("J", "K")},2))',
            1: both("G", "H"),
            2: both("H", "G"),
            3: both("L", "L"),
            4: (f'IF({played},"",ROUND(SUMIFS({d("J")},{home},$A{{r}},{d(get_column_letter(12 + q))},1)'
                f'+SUMIFS({d("K")},{away},$A{{r}},{d(get_column_letter(12 + q))},1),2))'),
            5: f'IF({played},"",IF({col[2]}{{r}}=0,{INFINITE},{col[1]}{{r}}/{col[2]}{{r}}))',
            6: (f'IF({played},"",SUMPRODUCT(({whole[3]}>0)*(({whole[0]}>{col[0]}{{r}})'
                f"+({whole[0]}={col[0]}{{r}})*({whole[4]}>{col[4]}{{r}})"
                f"+({whole[0]}={col[0]}{{r}})*({whole[4]}={col[4]}{{r}})*({whole[5]}>{col[5]}{{r}}))))"),
            7: (f'IF({played},"",SUMPRODUCT(({whole[3]}>0)*({whole[0]}={col[0]}{{r}})'
                f"*({whole[4]}={col[4]}{{r}})*({whole[5]}={col[5]}{{r}})))"),
            8: f'IF({played},"",(1+{col[6]}{{r}})&IF({col[7]}{{r}}>1,"-"&({col[6]}{{r}}+{col[7]}{{r}}),""))',
        }
        for k, formula in formulas.items():
            book.column(ws, col[k], rows, lambda r, formula=formula: formula.format(r=r), styles.HIDDEN)
    # The standings' order: place, then team number (teams tied have as many teams above
    # them; the ranges start at the heading row, so that the first team has one too).
    better = layout.calc_letter(layout.final, 6)
    key = get_column_letter(2 + layout.rounds * CALC_BLOCK)
    book.put(ws, f"{key}2", "Order", styles.HIDDEN)
    book.column(ws, key, rows, lambda r: f'IF({better}{r}="","",{better}{r}+1+COUNTIF(${better}$2:{better}{r - 1},'
                f"{better}{r}))", styles.HIDDEN)


def _standings(book: Book, layout: _Layout) -> None:
    """Best first, on one page: place, team, matches, VPs, IMPs won and lost, quotient."""
    t = book.t
    ws = book.sheet(t("standings"), (7, 5, 30, 9, 9, 10, 11, 13))
    book.event_heading(ws, 1, book.title, "A", "F", "G:H")
    book.merge(ws, "A2:H2", t("standings_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    for column, key in zip("ABCDEFGH", ("place", "team_no", "team", "matches", "vp", "imps_for", "imps_against",
                                        "quotient"), strict=True):
        book.merge(ws, f"{column}3:{column}4", t(key), styles.HEAD)
    rows = range(STAND_FIRST, STAND_FIRST + layout.teams)
    key = get_column_letter(2 + layout.rounds * CALC_BLOCK)
    keys = f"{layout.calc}!${key}${layout.calc_rows[0]}:${key}${layout.calc_rows[-1]}"
    book.column(ws, "J", rows, lambda r: f'IFERROR(MATCH({r - rows[0] + 1},{keys},0),"")', styles.HIDDEN)
    final = layout.final

    def pick(offset: int) -> object:
        source = layout.ccol(final, offset)
        return lambda r: f'IF(J{r}="","",INDEX({source},J{r}))'

    book.column(ws, "A", rows, pick(8), styles.OUTPUT.but(bold=True), name="StandPlace")
    book.column(ws, "B", rows, lambda r: f'IF(J{r}="","",J{r})', styles.OUTPUT, name="StandTeam")
    book.column(ws, "C", rows, lambda r: f'IF(J{r}="","",{layout.team_name(f"J{r}")})', styles.OUTPUT_TEXT,
                name="StandName")
    book.column(ws, "D", rows, pick(3), styles.OUTPUT)
    book.column(ws, "E", rows, pick(0), styles.OUTPUT.but(number_format=styles.VP, bold=True), name="StandVP")
    book.column(ws, "F", rows, pick(1), styles.OUTPUT)
    book.column(ws, "G", rows, pick(2), styles.OUTPUT)
    quotient = layout.ccol(final, 5)
    book.column(ws, "H", rows, lambda r: f'IF(J{r}="","",IF(INDEX({quotient},J{r})>=1E+299,"-",'
                f"INDEX({quotient},J{r})))", styles.OUTPUT.but(number_format="0.000"))
    book.hide_columns(ws, "IJ")
    book.page(ws, area=f"A1:H{rows[-1]}", title_rows="1:4", one_page=True)


def _rounds(book: Book, layout: _Layout) -> None:
    """Every team's VPs and place after each round, in team order, on one page."""
    t = book.t
    ws = book.sheet(t("rounds_sheet"), (5, 22, *([7, 5.5] * layout.rounds)))
    last_col = get_column_letter(2 + 2 * layout.rounds)
    date_first = get_column_letter(max(3, 2 + 2 * layout.rounds - 2))
    book.event_heading(ws, 1, book.title, "A", get_column_letter(max(2, 2 + 2 * layout.rounds - 3)),
                       f"{date_first}:{last_col}")
    book.merge(ws, f"A2:{last_col}2", t("rounds_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    head = styles.HEAD
    book.merge(ws, "A3:A4", t("team_no"), head)
    book.merge(ws, "B3:B4", t("team"), head)
    rows = range(STAND_FIRST, STAND_FIRST + layout.teams)
    book.column(ws, "A", rows, lambda r: r - rows[0] + 1, styles.FIXED)
    book.column(ws, "B", rows, lambda r: f"{layout.team_name(f'A{r}')}", styles.OUTPUT_TEXT)
    for q in range(1, layout.rounds + 1):
        vp_col, place_col = get_column_letter(1 + 2 * q), get_column_letter(2 + 2 * q)
        book.merge(ws, f"{vp_col}3:{place_col}3", t("round_n", n=q), head)
        book.put(ws, f"{vp_col}4", t("vp"), head)
        book.put(ws, f"{place_col}4", t("place_short"), head)
        # A round not begun stays blank. A place is text ("2-3"); &"" keeps an empty one
        # empty rather than 0.
        begun = f"{layout.calc}!${layout.calc_letter(q, 0)}$1=1"
        for column, offset, suffix, style in ((vp_col, 0, "", styles.OUTPUT.but(number_format=styles.VP)),
                                              (place_col, 8, '&""', styles.OUTPUT.but(bold=True))):
            source = layout.calc_letter(q, offset)
            book.column(ws, column, rows,
                        lambda r, source=source, suffix=suffix, begun=begun:
                        f'IF({begun},{layout.calc}!{source}{CALC_FIRST + r - rows[0]}{suffix},"")', style)
    book.page(ws, area=f"A1:{last_col}{rows[-1]}", title_rows="1:4", landscape=layout.rounds > 5, one_page=True)


def _scorecards(book: Book, layout: _Layout) -> None:
    """A card per match, to fill in at the table: the teams, then per board both rooms'
    contract, declarer, tricks and score, and the IMPs; two cards a page when they fit."""
    t = book.t
    ws = book.sheet(t("scorecards"), (6, 6, 9.5, 7.5, 7, 8, 9.5, 7.5, 7, 8, 8, 8))
    height = CARD_HEAD + layout.boards + 2
    per_page = 2 if height * 2 <= 50 else 1
    head = styles.HEAD
    breaks, card = [], 0
    for number in range(1, layout.rounds + 1):
        for match in range(1, layout.matches + 1):
            top = 1 + card * height
            draw = layout.draw_row(number, match)
            book.event_heading(ws, top, book.title, "A", "I", "J:L")
            book.merge(ws, f"A{top + 1}:L{top + 1}", t("card_title", round=number, match=match), styles.SUBTITLE)
            for row, key, team_col, name in ((top + 2, "home", "C", "D"), (top + 3, "away", "E", "F")):
                team = f"{layout.draw}!{team_col}{draw}"
                book.merge(ws, f"A{row}:B{row}", t(key), styles.LABEL)
                book.merge(ws, f"C{row}:L{row}", f'IF({team}="","",{team}&" "&{layout.draw}!{name}{draw})',
                           styles.LABEL, formula=True)
            h = top + 4
            book.merge(ws, f"A{h}:A{h + 1}", t("board"), head)
            book.merge(ws, f"B{h}:B{h + 1}", t("vul"), head)
            book.merge(ws, f"C{h}:F{h}", t("open"), head)
            book.merge(ws, f"G{h}:J{h}", t("closed"), head)
            book.merge(ws, f"K{h}:L{h}", t("imps"), head)
            for columns in ("CDEF", "GHIJ"):
                for column, key in zip(columns, ("contract", "declarer", "tricks", "score_ns"), strict=True):
                    book.put(ws, f"{column}{h + 1}", t(key), head)
            book.put(ws, f"K{h + 1}", t("home"), head)
            book.put(ws, f"L{h + 1}", t("away"), head)
            ws.row_dimensions[h + 1].height = 26
            source = layout.first_row(number, match)
            for k in range(layout.boards):
                r = h + 2 + k
                book.formula(ws, f"A{r}", f'IF({layout.results}!D{source + k}="","",{layout.results}!D{source + k})',
                             styles.FIXED)
                book.formula(ws, f"B{r}", f'IF({layout.results}!E{source + k}="","",{layout.results}!E{source + k})',
                             styles.FIXED)
                for column in "CDEFGHIJKL":
                    book.put(ws, f"{column}{r}", None, styles.INPUT)
                ws.row_dimensions[r].height = 18
            total = h + 2 + layout.boards
            book.merge(ws, f"A{total}:J{total}", t("total"), styles.LABEL.but(horizontal="right"))
            book.put(ws, f"K{total}", None, styles.INPUT)
            book.put(ws, f"L{total}", None, styles.INPUT)
            card += 1
            if card % per_page == 0:
                breaks.append(top + height - 1)
    last = card * height
    book.page(ws, area=f"A1:L{last}", breaks=[row for row in breaks if row < last])
