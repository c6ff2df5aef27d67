"""swiss-pairs.xlsx: a Swiss pairs event, from the draw to the VP standings.

Each round, pairs close in the standings meet for a match of a few boards; every table
plays the round's boards, and each table's score is compared with the whole field's:
IMPs against the board's Butler datum, or cross-IMPs averaged (``Scoring`` on Setup). A
match's margin, North-South's IMPs over its boards, goes to VPs on the WBF 20-VP scale for
the boards played, interpolated for a fractional margin. The rules are the engine's
(:func:`xlbridge.engine.swiss_pairs_event`, which ``check`` and ``report`` use; the
sources are named there and in docs/rules.md, "Swiss pairs").

Sheets: Setup (event, scoring, size, the bye's VPs, the pairs with their VPs and places,
the byes), Draw, Results (a row per board per table), Standings, After each round,
Scorecards (one per table per round) and a hidden sheet of per-round figures. The Draw,
Standings, After each round and hidden sheets are the team event's own
(:mod:`.teams_event`), fed from this book's Results and Setup: a match's North-South pair is
the team event's home side. Round 1 is drawn by pair number; ``xlbridge draw`` writes each
next one (:func:`xlbridge.engine.swiss_draw`).

Names: Results ``MatchRound`` ``MatchNS`` ``MatchEW`` ``Board`` ``Contract`` ``Declarer``
``Tricks`` (inputs) ``TableScore`` ``BoardDatum`` ``IMPsNS`` ``IMPsEW`` ``Check``; Setup
``EventName``* ``EventDate``* ``Scoring``* ``PairCount``* ``RoundCount``* ``MatchBoards``*
``ByeVP``* ``PairNumber`` ``PairName`` ``PairVP`` ``PairPlace`` ``RoundBye``; Draw
``DrawRound`` ``DrawHome`` ``DrawAway`` ``DrawHomeIMPs`` ``DrawAwayIMPs`` ``DrawBoards``
``DrawVPHome`` ``DrawVPAway``; Standings ``StandPlace`` ``StandTeam`` ``StandName``
``StandVP`` (the team event's names: home is North-South, a team is a pair).
The Hands sheet (:mod:`.hands`, a row a board) holds the deals, double dummy and par.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.worksheet.worksheet import Worksheet

from ..engine import BYE_VP, OptionError, Pairing, swiss_draw
from . import formulas as f
from . import hands, styles
from . import teams_event as base
from .book import NAME_LENGTH, Book, Rule
from .names import set_value
from .options import Option
from .teams import room_columns

NAME = "swiss-pairs"
"""The template's name: its file is ``swiss-pairs.xlsx``, its labels' namespace in the catalog."""
POSITION = 45
"""Where it is listed among the templates (after the team event)."""
INPUTS = ("MatchRound", "MatchNS", "MatchEW", "Board", "Contract", "Declarer", "Tricks")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate", "Scoring", "PairCount", "RoundCount", "MatchBoards", "ByeVP", "PairNumber",
         "PairName", "RoundBye", *hands.NAMES)
"""The Setup cells ``check`` reads (each optional), and the Hands sheet's."""
SIGNATURE = frozenset(INPUTS)
"""The defined names that tell a filled book of this template."""

METHOD = Option("SwissScorings", NAME, "scoring", (("method_butler", "butler"), ("method_cross", "cross-imps")))
"""Scoring on Setup: Butler (the default) or cross-IMPs, a word in any language."""
OPTIONS = (METHOD,)

PAIRS = (4, 60)
BOARDS = (1, 16)
MAX_ROUNDS = 15
BIG = 100000  # above any score: turns a masked MAX into a MIN and keeps blanks out of both


def schedule(pairs: int, rounds: int) -> list[list[Pairing]]:
    """The rounds a new book is laid out for: round 1 drawn by pair number (1 v 2, 3 v 4 ...,
    the last pair's bye with an odd number), the others empty.

    >>> schedule(5, 3)
    [[(1, 2), (3, 4), (5, None)], [], []]
    """
    low, high = PAIRS
    if not low <= pairs <= high:
        raise OptionError(f"pairs {pairs}: must be {low}-{high}")
    most = min(pairs - 1 if pairs % 2 == 0 else pairs, MAX_ROUNDS)
    if not 1 <= rounds <= most:
        raise OptionError(f"rounds {rounds}: a Swiss of {pairs} pairs has 1-{most} rounds "
                          "(so that no two pairs need meet twice)")
    return [swiss_draw(list(range(1, pairs + 1)), [], round=1)] + [[] for _ in range(rounds - 1)]


def build(book: Book, *, pairs: int = 12, rounds: int = 5, boards: int = 4,
          names: Sequence[str | None] = (), method: str = "butler") -> None:
    """Lay out a Swiss of ``pairs`` pairs (4-60) over ``rounds`` rounds of ``boards``-board
    matches (1-16); ``names`` prefill the pairs' names in number order, ``method`` the
    scoring (``butler`` or ``cross-imps``)."""
    low, high = BOARDS
    if not low <= boards <= high:
        raise OptionError(f"boards {boards}: must be {low}-{high} a match")
    if method not in METHOD.values:
        raise OptionError(f"method {method!r}: must be butler or cross-imps")
    plan = schedule(pairs, rounds)
    for table in ("contracts", "scores", "seats", "cycle", "imps", "flags"):
        book.lookup.need(table)
    book.lookup.need("vp", boards=boards)
    METHOD.add(book)
    layout = base._Layout(book, pairs, len(plan), boards, True)
    _setup(book, layout, plan, list(names), method)
    base._draw(book, layout)
    _vp_between(book, layout)
    _results(book, layout, plan)
    base._standings(book, layout)
    base._rounds(book, layout)
    _scorecards(book, layout)
    hands.write_sheet(book, hands.Hands(book, range(1, len(plan) * boards + 1)))
    base._calc(book, layout)


def _method_index(layout: base._Layout) -> str:
    """The hidden Setup cell: 1 Butler, 2 cross-IMPs (Butler when blank or unknown)."""
    return f"{layout.setup}!$J$4"


def _setup(book: Book, layout: base._Layout, plan: list[list[Pairing]], names: list[str | None],
           method: str) -> None:
    """The team event's Setup where its other sheets read it (the names in column B,
    ``ByeVP`` in C7, the byes in column H), for pairs: each pair's VPs and place beside its name."""
    t = book.t
    ws = book.sheet(t("setup"), (6, 30, 9, 7, 6, 3, 7, 8, 2, 6))
    book.event_heading(ws, 1, book.title, "A", "F", "G:H")
    label, fixed = styles.LABEL, styles.FIXED
    book.merge(ws, "A2:B2", t("event"), label)
    book.event_inputs(ws, "C2", "D2:E2")
    book.merge(ws, "A3:B3", t("scoring"), label)
    book.merge(ws, "C3:D3", METHOD.word(method, book.lang), styles.INPUT.but(horizontal="left"))
    book.define("Scoring", ws, "C3")
    book.validate(ws, "C3", METHOD.rule(book, t("err_scoring")))
    book.merge(ws, "E3:H3", t("scoring_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[3].height = 36
    book.formula(ws, "J4", f"IF(N({METHOD.index('C3')})=2,2,1)", styles.HIDDEN)
    for row, key, value, name in ((4, "pair_count", layout.teams, "PairCount"), (5, "rounds", layout.rounds,
                                                                                  "RoundCount"),
                                  (6, "match_boards", layout.boards, "MatchBoards")):
        book.merge(ws, f"A{row}:B{row}", t(key), label)
        book.put(ws, f"C{row}", value, fixed.but(horizontal="left"))
        book.define(name, ws, f"C{row}")
    book.merge(ws, "A7:B7", t("bye_vp"), label)
    book.put(ws, "C7", BYE_VP, styles.INPUT.but(horizontal="left"))
    book.define("ByeVP", ws, "C7")
    book.validate(ws, "C7", Rule("decimal", "0", "20", "between", t("err_bye_vp")))
    book.merge(ws, "D7:H7", t("bye_vp_note"), styles.NOTE.but(wrap=True))
    book.merge(ws, "A8:H8", t("swiss_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[7].height = 24
    ws.row_dimensions[8].height = 24

    head = styles.HEAD
    top = base.TEAM_HEAD
    for column, key in zip("ABCD", ("team_no", "team", "vp", "place"), strict=True):
        book.put(ws, f"{column}{top}", t(key), head)
    rows = layout.team_rows
    book.column(ws, "A", rows, lambda r: r - rows[0] + 1, fixed, name="PairNumber")
    book.column(ws, "B", rows, None, styles.INPUT_TEXT, name="PairName", rule=book.rule_text(NAME_LENGTH))
    for row, name in zip(rows, names, strict=False):
        set_value(ws[f"B{row}"], name)  # a name is text, even "=X"
    final = layout.final
    book.column(ws, "C", rows, lambda r: f"{layout.calc}!{layout.calc_letter(final, 0)}{base._calc_row(layout, r)}",
                styles.OUTPUT.but(number_format=styles.VP, bold=True), name="PairVP")
    book.column(ws, "D", rows, lambda r: f"{layout.calc}!{layout.calc_letter(final, 8)}{base._calc_row(layout, r)}",
                styles.OUTPUT.but(bold=True), name="PairPlace")
    last = rows[-1]
    if layout.bye:
        book.put(ws, f"G{top}", t("round"), head)
        book.put(ws, f"H{top}", t("bye"), head)
        bye_rows = range(top + 1, top + 1 + layout.rounds)
        byes = {number: next((ns for ns, ew in matches if ew is None), None)
                for number, matches in enumerate(plan, start=1)}
        book.column(ws, "G", bye_rows, lambda r: r - top, fixed)
        book.column(ws, "H", bye_rows, lambda r: byes[r - top], styles.INPUT, name="RoundBye",
                    rule=book.rule_whole(1, layout.teams, "err_team"))
        last = max(last, bye_rows[-1])
    book.merge(ws, f"A{last + 2}:H{last + 2}", t("legend"), styles.NOTE)
    book.hide_columns(ws, "J")
    book.page(ws, area=f"A1:H{last + 2}", title_rows=f"{top}:{top}")


def _vp_between(book: Book, layout: base._Layout) -> None:
    """Each match's VPs on the Draw sheet for a margin that may be fractional (cross-IMPs):
    the WBF table's two neighbours interpolated and rounded to 2 decimals, as the engine's
    :func:`~xlbridge.engine.vp` does; a whole margin reads the table as it is."""
    ws = book.workbook[book.t("draw")[:31]]
    top = book.vp_margins
    for number in range(1, layout.rounds + 1):
        for match in range(1, layout.matches + 1):
            r = layout.draw_row(number, match)
            played = f"MIN(I{r},{layout.boards})"

            def winner(margin: str, played: str = played) -> str:
                low = f"INT({margin})"
                return (f"IF({margin}>={top},20,ROUND(INDEX(tblVP,{low}+1,{played})+(INDEX(tblVP,{low}+2,{played})"
                        f"-INDEX(tblVP,{low}+1,{played}))*({margin}-{low}),2))")

            ws[f"J{r}"].value = (f'=IF(N(I{r})=0,"",IF(G{r}>=H{r},{winner(f"(G{r}-H{r})")},'
                                 f'ROUND(20-{winner(f"(H{r}-G{r})")},2)))')
            ws[f"K{r}"].value = (f'=IF(N(I{r})=0,"",IF(H{r}>=G{r},{winner(f"(H{r}-G{r})")},'
                                 f'ROUND(20-{winner(f"(G{r}-H{r})")},2)))')


def _results(book: Book, layout: base._Layout, plan: list[list[Pairing]]) -> None:
    """A row per board per table: round, pairs, board, the result, North-South's score,
    the board's datum (Butler), North-South's and East-West's IMPs on the field, the flag.
    Hidden: the result's helpers (N-P), whether it counts (Q), its score as a number (R),
    and the W-Y figures the team event's Draw sheet sums (a board played, IMPs won, lost)."""
    t = book.t
    ws = book.sheet(t("results"), (7, 6, 6, 6.5, 6, 9.5, 7.5, 7, 9, 8, 8, 8, 11))
    rows, first, last = layout.rows, layout.rows[0], layout.rows[-1]
    book.event_heading(ws, 1, book.title, "A", "J", "K:M")
    book.merge(ws, "A2:M2", t("results_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    head = styles.HEAD
    for column, key in (("A", "round"), ("B", "ns"), ("C", "ew"), ("D", "board"), ("E", "vul"), ("F", "contract"),
                        ("G", "declarer"), ("H", "tricks"), ("I", "score_ns"), ("J", "datum"), ("M", "check")):
        book.merge(ws, f"{column}3:{column}4", t(key), head)
    book.merge(ws, "K3:L3", t("imps"), head)
    book.put(ws, "K4", t("ns"), head)
    book.put(ws, "L4", t("ew"), head)
    ws.row_dimensions[4].height = 18

    prefilled: dict[int, tuple[int, int | None, int | None, int]] = {}
    for number, matches in enumerate(plan, start=1):
        real = [m for m in matches if m[1] is not None]
        for match in range(1, layout.matches + 1):
            ns, ew = real[match - 1] if match <= len(real) else (None, None)
            for board in range(1, layout.boards + 1):
                prefilled[layout.first_row(number, match) + board - 1] = (
                    number, ns, ew, (number - 1) * layout.boards + board)
    pairs = layout.teams
    pair_rule = book.rule_whole(1, pairs, "err_team")
    book.column(ws, "A", rows, lambda r: prefilled[r][0], styles.INPUT, name="MatchRound",
                rule=book.rule_whole(1, layout.rounds, "err_round"))
    book.column(ws, "B", rows, lambda r: prefilled[r][1], styles.INPUT, name="MatchNS", rule=pair_rule)
    book.column(ws, "C", rows, lambda r: prefilled[r][2], styles.INPUT, name="MatchEW", rule=pair_rule)
    book.column(ws, "D", rows, lambda r: prefilled[r][3], styles.INPUT, name="Board",
                rule=book.rule_whole(1, 999, "err_board"))
    ok = {r: f.whole_in(f"D{r}", 1) for r in rows}
    book.column(ws, "E", rows, lambda r: f'IF({ok[r]},INDEX(tblVulText,{f.cycle(f"D{r}")}),"")', styles.OUTPUT)
    book.column(ws, "F", rows, None, styles.INPUT, name="Contract", rule=book.rule_contract())
    book.column(ws, "G", rows, None, styles.INPUT, name="Declarer", rule=book.rule_declarer())
    book.column(ws, "H", rows, None, styles.INPUT, name="Tricks", rule=book.rule_tricks())

    # A row's field is its round's rows: the block the round is laid out in (a round's rows
    # are together, and draw writes them there), so that a result typed recalculates its own
    # round only. A round number typed that is not its block's is flagged, as check refuses it.
    per_round = layout.matches * layout.boards

    def round_of(r: int) -> int:
        return (r - rows[0]) // per_round + 1

    def col(column: str, r: int) -> str:
        top = layout.first_row(round_of(r), 1)
        return f"${column}${top}:${column}${top + per_round - 1}"

    def own(r: int) -> list[tuple[str, str]]:
        pairs_ok = (f"AND({f.whole_in(f'A{r}', 1, layout.rounds)},{f.whole_in(f'B{r}', 1, pairs)},"
                    f"{f.whole_in(f'C{r}', 1, pairs)},B{r}<>C{r})")
        # A pair at another table of the round (or this table's pairs the other way round),
        # or playing in the round it has the bye: check names the cell; the row stays out.
        elsewhere = (f'COUNTIFS({col("A", r)},A{r},{col("B", r)},B{r},{col("C", r)},"<>"&C{r})'
                     f"+COUNTIFS({col('A', r)},A{r},{col('C', r)},B{r})"
                     f'+COUNTIFS({col("A", r)},A{r},{col("C", r)},C{r},{col("B", r)},"<>"&B{r})'
                     f"+COUNTIFS({col('A', r)},A{r},{col('B', r)},C{r})>0")
        checks = [(f"NOT({ok[r]})", "flag_board"), (f"NOT({pairs_ok})", "flag_pair"),
                  (f"A{r}<>{round_of(r)}", "flag_pair"), (elsewhere, "flag_pair")]
        if layout.bye:
            bye = f"INDEX({layout.setup}!$H${base.TEAM_HEAD + 1}:$H${base.TEAM_HEAD + layout.rounds},A{r})"
            checks.append((f"OR(N({bye})=B{r},N({bye})=C{r})", "flag_pair"))
        return checks

    # A table's board twice: the same round, NS pair and board on two rows.
    room_columns(book, ws, rows, "Table", "FGHI", "NOP", "D", before=own,
                 twice=lambda r: f"COUNTIFS({col('A', r)},A{r},{col('B', r)},B{r},{col('D', r)},D{r})>1")
    book.column(ws, "Q", rows, lambda r: f"IF(P{r}=1,1,0)", styles.HIDDEN)
    book.column(ws, "R", rows, lambda r: f"IF(Q{r}=1,I{r},0)", styles.HIDDEN)
    # The field of a row: the rows of its round and board with a result.
    field = {r: f"({col('A', r)}=A{r})*({col('D', r)}=D{r})*({col('Q', r)}=1)" for r in rows}
    count = {r: f"COUNTIFS({col('A', r)},A{r},{col('D', r)},D{r},{col('Q', r)},1)" for r in rows}

    def datum(r: int) -> str:
        # engine.datum: the mean without the top and the bottom (all when 2 or fewer), to the nearest 10.
        total = f"SUMIFS({col('R', r)},{col('A', r)},A{r},{col('D', r)},D{r},{col('Q', r)},1)"
        high = f"(SUMPRODUCT(MAX({field[r]}*({col('R', r)}+{BIG})))-{BIG})"
        low = f"({BIG}-SUMPRODUCT(MAX({field[r]}*({BIG}-{col('R', r)}))))"
        return (f'IF(OR(Q{r}<>1,{_method_index(layout)}<>1),"",ROUND(IF({count[r]}>2,({total}-{high}-{low})'
                f"/10/({count[r]}-2),{total}/10/{count[r]}),0)*10)")

    book.column(ws, "J", rows, datum, styles.OUTPUT.but(number_format=styles.SIGNED), name="BoardDatum")

    def cross(r: int) -> str:  # engine.cross_imps averaged: against every other table of the field
        against = (f"SUMPRODUCT({field[r]}*SIGN(I{r}-{col('R', r)})"
                   f"*(MATCH(ABS(I{r}-{col('R', r)}),tblImpLow,1)-1))")
        return f"IF({count[r]}>1,{against}/({count[r]}-1),0)"

    book.column(ws, "K", rows, lambda r: f'IF(Q{r}<>1,"",IF({_method_index(layout)}=1,{f.imps(f"I{r}-J{r}")},'
                f"{cross(r)}))", styles.OUTPUT.but(number_format=styles.IMPS, bold=True), name="IMPsNS")
    book.column(ws, "L", rows, lambda r: f'IF(K{r}="","",-K{r})', styles.OUTPUT.but(number_format=styles.IMPS),
                name="IMPsEW")
    book.column(ws, "M", rows, lambda r: f.flag(f"P{r}"), styles.FLAG, name="Check")
    book.column(ws, "W", rows, lambda r: f'IF(K{r}="",0,1)', styles.HIDDEN)
    book.column(ws, "X", rows, lambda r: f'IF(K{r}="",0,MAX(K{r},0))', styles.HIDDEN)
    book.column(ws, "Y", rows, lambda r: f'IF(K{r}="",0,MAX(-K{r},0))', styles.HIDDEN)
    book.hide_columns(ws, "NOPQRSTUVWXY")
    book.merge(ws, f"A{last + 2}:M{last + 2}", t("legend"), styles.NOTE)
    ws.freeze_panes = f"A{first}"
    breaks = [layout.first_row(n, 1) - 1 for n in range(2, layout.rounds + 1)]
    book.page(ws, area=f"A1:M{last + 2}", title_rows="3:4", breaks=breaks)


def _scorecards(book: Book, layout: base._Layout) -> None:
    """A card per table per round, to fill in at the table: the two pairs, then per board
    the contract, declarer, tricks and North-South's score; three cards a page when they fit."""
    t = book.t
    ws: Worksheet = book.sheet(t("scorecards"), (8, 7, 11, 9, 9, 12, 12))
    height = 5 + layout.boards + 1
    per_page = max(1, min(3, 52 // height))
    head = styles.HEAD
    breaks, card = [], 0
    for number in range(1, layout.rounds + 1):
        for match in range(1, layout.matches + 1):
            top = 1 + card * height
            draw = layout.draw_row(number, match)
            book.event_heading(ws, top, book.title, "A", "E", "F:G")
            book.merge(ws, f"A{top + 1}:G{top + 1}", t("card_title", round=number, match=match), styles.SUBTITLE)
            for row, key, pair_col, name in ((top + 2, "ns", "C", "D"), (top + 3, "ew", "E", "F")):
                pair = f"{layout.draw}!{pair_col}{draw}"
                book.put(ws, f"A{row}", t(key), styles.LABEL)
                book.merge(ws, f"B{row}:G{row}", f'IF({pair}="","",{pair}&" "&{layout.draw}!{name}{draw})',
                           styles.LABEL, formula=True)
            h = top + 4
            for column, key in zip("ABCDEF", ("board", "vul", "contract", "declarer", "tricks", "score_ns"),
                                   strict=True):
                book.put(ws, f"{column}{h}", t(key), head)
            source = layout.first_row(number, match)
            for k in range(layout.boards):
                r = h + 1 + k
                for column in "DE":
                    target = "A" if column == "D" else "B"
                    book.formula(ws, f"{target}{r}", f'IF({layout.results}!{column}{source + k}="","",'
                                 f"{layout.results}!{column}{source + k})", styles.FIXED)
                for column in "CDEF":
                    book.put(ws, f"{column}{r}", None, styles.INPUT)
                ws.row_dimensions[r].height = 18
            card += 1
            if card % per_page == 0:
                breaks.append(top + height - 1)
    last = card * height
    book.page(ws, area=f"A1:G{last}", breaks=[row for row in breaks if row < last])
