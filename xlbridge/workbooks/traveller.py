"""traveller.xlsx: one board's results, up to 30 tables, scored and matchpointed.

Type the board number (dealer and vulnerability follow it) and, per table, the pairs,
contract, declarer and tricks; scores and matchpoints appear. One page. A row may
also hold ``NP`` (not played) or an adjusted score (``A60/40``), as in pairs.xlsx:
the board is then scored as :func:`xlbridge.engine.pairs_event` scores it, its real
results Neuberg-factored to the number of rows, each adjusted side given its
percentage of the top.

Names: ``Board``* ``NS`` ``EW`` ``Contract`` ``Declarer`` ``Tricks`` ``ScoreNS`` ``ScoreEW``
``MPNS`` ``MPEW``, and ``EventName``* ``EventDate``* ``MPScale``* ``Dealer``*
``Vulnerability``* ``Top``* ``Check`` (a row's flag, blank when good).
"""

from __future__ import annotations

from ..engine import OptionError
from . import formulas as f
from . import styles
from .book import Book

NAME = "traveller"
"""The template's name: its file is ``traveller.xlsx``, its labels' namespace in the catalog."""
POSITION = 10
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("Board", "NS", "EW", "Contract", "Declarer", "Tricks")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate", "MPScale")
"""The Setup cells ``check`` reads (each optional)."""
SIGNATURE = frozenset(INPUTS)
"""The defined names that tell a filled book of this template."""

TABLES = 30
MAX_BOARD = 999
MAX_PAIR = 999
FIRST = 7  # first result row

# Columns: visible A-K, hidden helpers M-R.
WIDTHS = (6.5, 6.5, 6.5, 10, 7.5, 6.5, 8, 8, 7.5, 7.5, 11, 2, 5, 5, 5, 5, 5, 5)


def build(book: Book, *, tables: int = TABLES, board: int | None = None,
          scale: int = 2) -> None:
    """Lay out the traveller for ``tables`` rows (1-99), prefilled with ``board``."""
    if not 1 <= tables <= 99:
        raise OptionError(f"tables {tables}: must be 1-99")
    t = book.t
    for table in ("contracts", "scores", "seats", "cycle", "flags", "row_codes"):
        book.lookup.need(table)
    ws = book.sheet(t("sheet"), WIDTHS)
    rows = range(FIRST, FIRST + tables)
    last = rows[-1]

    # Heading: title, event, date, scale; board, dealer, vulnerability, top.
    book.merge(ws, "A1:E1", t("title"), styles.TITLE)
    ws.row_dimensions[1].height = 22
    book.merge(ws, "F1", t("event"), styles.LABEL.but(horizontal="right"))
    book.event_inputs(ws, "G1:K1", "G2:H2")
    book.merge(ws, "F2", t("date_short"), styles.LABEL.but(horizontal="right"))
    book.merge(ws, "A2:B2", t("scale"), styles.LABEL)
    book.put(ws, "C2", scale, styles.INPUT)
    book.define("MPScale", ws, "C2")
    book.validate(ws, "C2", book.rule_scale())
    book.merge(ws, "D2:E2", t("scale_note"), styles.NOTE)

    big = styles.Style(size=14, bold=True, border=styles.BOX, horizontal="center")
    book.put(ws, "A4", t("board"), styles.LABEL)
    book.merge(ws, "B4", board, big.but(fill=styles.WHITE, locked=False))
    book.define("Board", ws, "B4")
    book.validate(ws, "B4", book.rule_whole(1, MAX_BOARD, "err_board"))
    ok = f.whole_in("$B$4", 1)
    book.merge(ws, "C4:D4", t("dealer"), styles.LABEL.but(horizontal="right"))
    book.formula(ws, "E4", f'IF({ok},INDEX(tblDealer,{f.cycle("$B$4")}),"")',
                 big.but(fill=styles.GREY))
    book.define("Dealer", ws, "E4")
    book.merge(ws, "F4:G4", t("vulnerable"), styles.LABEL.but(horizontal="right"))
    book.formula(ws, "H4", f'IF({ok},INDEX(tblVulText,{f.cycle("$B$4")}),"")',
                 big.but(fill=styles.GREY))
    book.define("Vulnerability", ws, "H4")
    book.put(ws, "I4", t("top"), styles.LABEL.but(horizontal="right"))
    score_col = f"$G${FIRST}:$G${last}"
    kinds = f"$Q${FIRST}:$Q${last}"
    factor = f.half_scale("$C$2")
    # The top: for as many results as the board has rows (played, adjusted, not played).
    book.formula(ws, "J4", f'IF(COUNT({kinds})=0,"",2*{factor}*(COUNT({kinds})-1))',
                 big.but(fill=styles.GREY, number_format=styles.GENERAL))
    book.define("Top", ws, "J4")
    book.formula(ws, "K4", f'IF(AND($B$4="",COUNTA($D${FIRST}:$D${last})>0),'
                 f'"{t("no_board")}","")', styles.FLAG.but(fill=styles.NO_FILL, border=styles.NONE,
                                                           horizontal="left"))
    ws.row_dimensions[4].height = 22

    # Column headings: two rows, the score and matchpoints grouped.
    head = styles.HEAD
    for column, key in zip("ABCDEF", ("table", "ns", "ew", "contract", "declarer", "tricks"),
                           strict=True):
        book.merge(ws, f"{column}5:{column}6", t(key), head)
    book.merge(ws, "G5:H5", t("score"), head)
    book.merge(ws, "I5:J5", t("matchpoints"), head)
    for column, key in zip("GHIJ", ("ns", "ew", "ns", "ew"), strict=True):
        book.put(ws, f"{column}6", t(key), head)
    book.merge(ws, "K5:K6", t("check"), head)

    # Results.
    book.column(ws, "A", rows, lambda r: r - FIRST + 1, styles.FIXED)
    pair = book.rule_whole(1, MAX_PAIR, "err_pair")
    book.column(ws, "B", rows, None, styles.INPUT, name="NS", rule=pair)
    book.column(ws, "C", rows, None, styles.INPUT, name="EW", rule=pair)
    book.column(ws, "D", rows, None, styles.INPUT, name="Contract", rule=book.rule_entry())
    book.column(ws, "E", rows, None, styles.INPUT, name="Declarer", rule=book.rule_declarer())
    book.column(ws, "F", rows, None, styles.INPUT, name="Tricks", rule=book.rule_tricks())

    ns_col, ew_col = f"$B${FIRST}:$B${last}", f"$C${FIRST}:$C${last}"

    def pair_bad(r: int) -> str:
        return f.pair_bad(f"B{r}", f"C{r}", lambda cell: f"NOT(ISNUMBER({cell}))")

    def twice(r: int) -> str:  # on the one board
        return f.pair_twice(f"B{r}", f"C{r}", lambda cell: f"COUNTIF({ns_col},{cell})+COUNTIF({ew_col},{cell})")

    def status(r: int) -> str:
        blank = f.entry_incomplete(f"M{r}", f"P{r}", f"D{r}", f"E{r}", f"F{r}")
        return f.status(blank, [
            (f"NOT({ok})", "flag_board"),
            (pair_bad(r), "flag_pair"),
            *f.entry_checks(f"M{r}", f"P{r}", f"N{r}", f"D{r}", f"E{r}", f"F{r}"),
            (twice(r), "flag_twice"),
        ])

    # A split score's table result is its contract (S: its row in tblSplits, 0 if none).
    book.column(ws, "S", rows, lambda r: f.split_index(f"D{r}"), styles.HIDDEN)
    book.column(ws, "M", rows,
                lambda r: f'IF(N(S{r})>0,INDEX(tblSplitContract,S{r}),{f.contract_index(f"D{r}")})', styles.HIDDEN)
    book.column(ws, "N", rows, lambda r: f.seat_index(f"E{r}"), styles.HIDDEN)
    book.column(ws, "P", rows, lambda r: f.row_code_index(f"D{r}"), styles.HIDDEN)
    book.column(ws, "O", rows, status, styles.HIDDEN)
    book.column(ws, "Q", rows, lambda r: f.entry_kind(f"O{r}", f"P{r}"), styles.HIDDEN)
    book.hide_columns(ws, "LMNOPQRST")

    score = styles.OUTPUT.but(number_format=styles.PLUS_ONLY)
    book.column(ws, "G", rows,
                lambda r: f'IF(Q{r}=1,{f.ns_score(f"M{r}", f"N{r}", f"F{r}", "$B$4")},"")',
                score, name="ScoreNS")
    book.column(ws, "H", rows, lambda r: f'IF(G{r}="","",-G{r})', score, name="ScoreEW")
    # Raw matchpoints (2/1/0) among the played results, then Neuberg to the rows.
    book.column(ws, "R", rows,
                lambda r: f'IF(G{r}="","",2*COUNTIF({score_col},"<"&G{r})+COUNTIF({score_col},G{r})-1)',
                styles.HIDDEN)
    expected, played = f"COUNT({kinds})", f"COUNT({score_col})"
    book.column(ws, "T", rows,
                lambda r: f'IF(Q{r}=1,{factor}*({f.neuberg(f"R{r}", expected, played)}),"")', styles.HIDDEN)

    def given(r: int, side: int) -> str:  # a split score gives this side a percentage
        return f"AND(N(S{r})>0,INDEX(tblSplitSide,S{r})={side})"

    split = "$J$4*INDEX(tblSplitPercent,S{r})/100"
    book.column(ws, "I", rows,
                lambda r: f'IF(Q{r}=1,IF({given(r, 1)},{split.format(r=r)},T{r}),'
                f'IF(Q{r}=2,$J$4*INDEX(tblRowNS,P{r})/100,""))',
                styles.OUTPUT, name="MPNS")
    book.column(ws, "J", rows,
                lambda r: f'IF(Q{r}=1,IF({given(r, 2)},{split.format(r=r)},$J$4-T{r}),'
                f'IF(Q{r}=2,$J$4*INDEX(tblRowEW,P{r})/100,""))',
                styles.OUTPUT, name="MPEW")
    book.column(ws, "K", rows, lambda r: f.flag(f"O{r}"), styles.FLAG, name="Check")

    for row in rows:
        ws.row_dimensions[row].height = 17  # room to write by hand on a printed copy
    book.merge(ws, f"A{last + 2}:K{last + 2}", t("legend"), styles.NOTE)
    ws.freeze_panes = f"A{FIRST}"
    book.page(ws, area=f"A1:K{last + 2}")
