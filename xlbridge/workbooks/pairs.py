"""pairs.xlsx: a matchpointed pairs event, up to 30 tables x 36 boards.

Sheets: Setup (event, date, tables, boards, scale, the pair list with names and each
pair's totals), Results (one long table: a row per board and table, in any order),
Ranking (every pair by percentage, shared places as ``2-3``), Travellers (one page
per board).

Pair numbers are unique across the event (Mitchell EW pairs e.g. 11-20, or Howell
1..n). On each board a result is matchpointed against the others in its direction;
a pair's percentage is its matchpoints over the most it could have had on the boards
it played (50 when every such board was played once), so NS and EW pairs rank in one
list. Equal percentages share a place; the list shows them in pair-list order.

Names: Results ``Board`` ``NS`` ``EW`` ``Contract`` ``Declarer`` ``Tricks`` ``ScoreNS``
``ScoreEW`` ``MPNS`` ``MPEW`` ``BoardTop`` ``Check``; Ranking ``RankPlace`` ``RankPair``
``RankName`` ``RankMP`` ``RankTop`` ``RankPercent`` ``RankBoards``; Setup ``EventName``*
``EventDate``* ``TableCount``* ``BoardCount``* ``MPScale``* ``PairNumber`` ``PairName``
``PairBoards`` ``PairMP`` ``PairTop`` ``PairPercent`` ``PairCheck``
``ResultsEntered``* ``ResultsFlagged``*.
"""

from __future__ import annotations

from collections.abc import Iterable

from openpyxl.utils import quote_sheetname
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import board_dealer, board_vul
from . import formulas as f
from . import styles
from .book import NAME_LENGTH, Book
from .lookup import flag_code
from .names import set_value

LABELS = {
    "title": ("Pairs event", "Parikilpailu"),
    "setup": ("Setup", "Asetukset"),
    "results": ("Results", "Tulokset"),
    "ranking": ("Ranking", "Sijoitukset"),
    "travellers": ("Travellers", "Tuloslaput"),
    "place": ("Place", "Sija"),
    "percent": ("%", "%"),
    "mp": ("MP", "MP"),
    "played": ("Boards", "Jakoja"),
    "pairs_note": (
        "Pair numbers are unique in the event: in a Mitchell e.g. NS 1-10 and EW 11-20.",
        "Parinumerot ovat kilpailussa yksilöllisiä: Mitchellissä esim. NS 1-10 ja EW 11-20.",
    ),
    "entered": ("Results entered", "Syötettyjä tuloksia"),
    "flagged": ("Rows to check", "Tarkistettavia rivejä"),
    "of": ("of", "/"),
    "row": ("#", "#"),
    "results_note": (
        "One row per board and table, in any order. Tricks: the tricks declarer took. "
        "Passed out: PASS.",
        "Rivi jakoa ja pöytää kohden, missä järjestyksessä tahansa. Tikit: pelinviejän "
        "tikit. Passattu jako: PASS.",
    ),
    "ranking_note": (
        "% = matchpoints / the most possible on the boards the pair played.",
        "% = MP-pisteet / suurin mahdollinen parin pelaamissa jaoissa.",
    ),
    "results_count": ("Results", "Tuloksia"),
}

TABLES = 30
BOARDS = 36
MAX_PAIR = 999
SCORE_NUMBER = '">=-99999"'  # a COUNTIFS criterion matching every score and no blank

PAIR_HEAD = 12  # Setup: the pair list's heading row
RESULTS_FIRST = 5  # Results: headings in rows 1-4
RANK_FIRST = 5  # Ranking: headings in rows 1-4
TRAVELLER_ROWS = 5  # Travellers: heading rows above each board's results


def build(book: Book, *, tables: int = TABLES, boards: int = BOARDS,
          pairs: Iterable[tuple[int, str | None]] | None = None, scale: int = 2) -> None:
    """Lay out a pairs event for up to ``tables`` tables and ``boards`` boards.

    ``pairs`` prefills the pair list with (number, name); by default the numbers
    1 ... 2 x ``tables`` with blank names.
    """
    if not 1 <= tables <= 60 or not 1 <= boards <= 99:
        raise ValueError(f"tables {tables}, boards {boards}: must be 1-60 and 1-99")
    for table in ("contracts", "scores", "seats", "cycle", "flags"):
        book.lookup.need(table)
    pair_list = (list(pairs) if pairs is not None
                 else [(n, None) for n in range(1, 2 * tables + 1)])
    layout = _Layout(book, tables, boards, max(2 * tables, len(pair_list)))
    _setup(book, layout, pair_list, scale)
    _results(book, layout)
    _ranking(book, layout)
    _travellers(book, layout)


class _Layout:
    """Where everything is, so that sheets can refer to each other before they exist."""

    def __init__(self, book: Book, tables: int, boards: int, pairs: int) -> None:
        self.tables, self.boards, self.pairs = tables, boards, pairs
        self.rows = range(RESULTS_FIRST, RESULTS_FIRST + tables * boards)
        self.pair_rows = range(PAIR_HEAD + 1, PAIR_HEAD + 1 + pairs)
        self.setup = quote_sheetname(book.t("setup"))
        self.results = quote_sheetname(book.t("results"))
        self.limit = f"{self.setup}!$I$6"  # the highest board number
        self.factor = f"{self.setup}!$I$7"  # 1 on the 2/1/0 scale, 0.5 on 1/½/0

    def col(self, column: str) -> str:
        """A column of the results table, e.g. ``Results!$A$5:$A$1084``."""
        return f"{self.results}!${column}${self.rows[0]}:${column}${self.rows[-1]}"

    def pcol(self, column: str) -> str:
        """A column of the pair list on the setup sheet."""
        return f"{self.setup}!${column}${self.pair_rows[0]}:${column}${self.pair_rows[-1]}"


def _setup(book: Book, layout: _Layout, pair_list: list, scale: int) -> Worksheet:
    t = book.t
    ws = book.sheet(t("setup"), (15, 34, 8, 8, 8, 8, 11, 3, 5))
    book.merge(ws, "A1:G1", t("title"), styles.TITLE)
    ws.row_dimensions[1].height = 22
    label = styles.LABEL
    book.put(ws, "A3", t("event"), label)
    book.event_inputs(ws, "B3:G3", "B4")
    book.put(ws, "A4", t("date"), label)
    left = styles.INPUT.but(horizontal="left")
    book.put(ws, "A5", t("tables"), label)
    book.put(ws, "B5", None, left)
    book.define("TableCount", ws, "B5")
    book.validate(ws, "B5", book.rule_whole(1, layout.tables))
    book.put(ws, "A6", t("boards"), label)
    book.put(ws, "B6", None, left)
    book.define("BoardCount", ws, "B6")
    book.validate(ws, "B6", book.rule_whole(1, layout.boards))
    book.put(ws, "A7", t("scale"), label)
    book.put(ws, "B7", scale, left)
    book.define("MPScale", ws, "B7")
    book.validate(ws, "B7", book.rule_scale())
    book.merge(ws, "C7:G7", t("scale_note"), styles.NOTE)
    # Hidden helpers every formula uses: the board limit and the scale factor.
    book.formula(ws, "I6", f'IF(B6="",{layout.boards},B6)', styles.HIDDEN)
    book.formula(ws, "I7", f.half_scale("B7"), styles.HIDDEN)

    # Progress: results entered (of tables x boards) and rows to check.
    book.put(ws, "A8", t("entered"), label)
    book.formula(ws, "C8", f"COUNT({layout.col('G')})", styles.TOTAL.but(size=10))
    book.define("ResultsEntered", ws, "C8")
    book.put(ws, "D8", t("of"), styles.PLAIN.but(horizontal="center"))
    book.formula(ws, "E8", 'IF(OR(B5="",B6=""),"",B5*B6)', styles.OUTPUT)
    book.put(ws, "A9", t("flagged"), label)
    book.formula(ws, "C9", f'COUNTIF({layout.col("K")},"?*")',
                 styles.TOTAL.but(size=10, color="C00000"))
    book.define("ResultsFlagged", ws, "C9")

    # The pair list, with each pair's totals.
    book.merge(ws, f"A{PAIR_HEAD - 1}:G{PAIR_HEAD - 1}", t("pairs_note"), styles.NOTE)
    for column, key in zip("ABCDEFG", ("pair", "name", "played", "mp", "top", "percent", "check"),
                           strict=True):
        book.put(ws, f"{column}{PAIR_HEAD}", t(key), styles.HEAD)
    rows = layout.pair_rows
    book.column(ws, "A", rows, None, styles.INPUT, name="PairNumber",
                rule=book.rule_whole(1, MAX_PAIR, "err_pair"))
    book.column(ws, "B", rows, None, styles.INPUT_TEXT, name="PairName",
                rule=book.rule_text(NAME_LENGTH))
    for row, (number, name) in zip(rows, pair_list, strict=False):
        ws[f"A{row}"].value = number
        set_value(ws[f"B{row}"], name)  # a name is text, even "=HYPERLINK(...)"

    ns, ew, scores = layout.col("B"), layout.col("C"), layout.col("G")
    book.column(ws, "C", rows,
                lambda r: f'IF(A{r}="","",COUNTIFS({ns},A{r},{scores},{SCORE_NUMBER})'
                f"+COUNTIFS({ew},A{r},{scores},{SCORE_NUMBER}))",
                styles.OUTPUT.but(number_format=styles.HIDE_ZERO), name="PairBoards")
    book.column(ws, "D", rows,
                lambda r: f'IF(N(C{r})=0,"",SUMIF({ns},A{r},{layout.col("I")})'
                f'+SUMIF({ew},A{r},{layout.col("J")}))',
                styles.OUTPUT, name="PairMP")
    top = layout.col("P")
    book.column(ws, "E", rows,
                lambda r: f'IF(D{r}="","",SUMIF({ns},A{r},{top})+SUMIF({ew},A{r},{top}))',
                styles.OUTPUT, name="PairTop")
    # 100 * MP first, then / top: the same rounding in every engine, so ties stay ties.
    book.column(ws, "F", rows,
                lambda r: f'IF(D{r}="","",IF(E{r}=0,50,100*D{r}/E{r}))',
                styles.OUTPUT.but(number_format=styles.PERCENT), name="PairPercent")
    numbers = f"$A${rows[0]}:$A${rows[-1]}"
    book.column(ws, "G", rows,
                lambda r: f'IF(A{r}="","",IF(NOT({f.whole_in(f"A{r}", 1, MAX_PAIR)}),'
                f'INDEX(tblFlags,{flag_code("flag_pair") - 1}),'
                f'IF(COUNTIF({numbers},A{r})>1,INDEX(tblFlags,{flag_code("flag_twice") - 1}),"")))',
                styles.FLAG, name="PairCheck")
    # The ranking order: place by %, ties broken by the list's order. The range
    # starts at the heading (text, never equal to a number) so row 1 has one too.
    percents = f"$F${rows[0]}:$F${rows[-1]}"
    book.column(ws, "I", rows,
                lambda r: f'IF(F{r}="","",RANK(F{r},{percents})'
                f"+SUMPRODUCT(--($F${PAIR_HEAD}:F{r - 1}=F{r})))",
                styles.HIDDEN)
    book.hide_columns(ws, "HI")
    book.page(ws, area=f"A1:G{rows[-1]}", title_rows=f"{PAIR_HEAD - 1}:{PAIR_HEAD}")
    return ws


def _results(book: Book, layout: _Layout) -> Worksheet:
    t = book.t
    ws = book.sheet(t("results"), (7, 6, 6, 9, 7.5, 6, 7.5, 7.5, 7, 7, 11, 2, 4, 4, 4, 4, 6))
    rows, first, last = layout.rows, layout.rows[0], layout.rows[-1]
    book.event_heading(ws, 1, book.title, "A", "K", "I:K")
    book.merge(ws, "A2:C2", t("results"), styles.SUBTITLE)
    book.merge(ws, "D2:K2", t("results_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    _result_headings(book, ws, 3, "A", ("board", "ns", "ew", "contract", "declarer", "tricks"))
    book.merge(ws, "K3:K4", t("check"), styles.HEAD)

    pair = book.rule_whole(1, MAX_PAIR, "err_pair")
    book.column(ws, "A", rows, None, styles.INPUT, name="Board",
                rule=book.rule_whole(1, layout.boards, "err_board"))
    book.column(ws, "B", rows, None, styles.INPUT, name="NS", rule=pair)
    book.column(ws, "C", rows, None, styles.INPUT, name="EW", rule=pair)
    book.column(ws, "D", rows, None, styles.INPUT, name="Contract", rule=book.rule_contract())
    book.column(ws, "E", rows, None, styles.INPUT, name="Declarer", rule=book.rule_declarer())
    book.column(ws, "F", rows, None, styles.INPUT, name="Tricks", rule=book.rule_tricks())

    boards, ns, ew = (f"$A${first}:$A${last}", f"$B${first}:$B${last}",
                      f"$C${first}:$C${last}")
    scores = f"$G${first}:$G${last}"
    pair_numbers = layout.pcol("A")

    def pair_bad(r: int) -> str:
        unknown = [f"ISNA(MATCH({c}{r},{pair_numbers},0))" for c in "BC"]
        return f"OR({','.join(unknown)},B{r}=C{r})"

    def twice(r: int) -> str:
        counts = [f"COUNTIFS({boards},A{r},{ns},{c}{r})+COUNTIFS({boards},A{r},{ew},{c}{r})>1"
                  for c in "BC"]
        return f"OR({','.join(counts)})"

    def status(r: int) -> str:
        blank = f.incomplete(f"M{r}", f"D{r}", f"E{r}", f"F{r}", (f"A{r}", f"B{r}", f"C{r}"))
        return f.status(blank, [
            (f"NOT({f.whole_in(f'A{r}', 1, layout.limit)})", "flag_board"),
            (pair_bad(r), "flag_pair"),
            (f.bad_contract(f"M{r}"), "flag_contract"),
            (f.bad_declarer(f"M{r}", f"N{r}"), "flag_declarer"),
            (f.bad_tricks(f"M{r}", f"F{r}"), "flag_tricks"),
            (twice(r), "flag_twice"),
        ])

    book.column(ws, "M", rows, lambda r: f.contract_index(f"D{r}"), styles.HIDDEN)
    book.column(ws, "N", rows, lambda r: f.seat_index(f"E{r}"), styles.HIDDEN)
    book.column(ws, "O", rows, status, styles.HIDDEN)
    score = styles.OUTPUT.but(number_format=styles.PLUS_ONLY)
    book.column(ws, "G", rows,
                lambda r: f'IF(O{r}=1,{f.ns_score(f"M{r}", f"N{r}", f"F{r}", f"A{r}")},"")',
                score, name="ScoreNS")
    book.column(ws, "H", rows, lambda r: f'IF(G{r}="","",-G{r})', score, name="ScoreEW")
    # The board's top: 2 x (its results - 1), times the scale factor.
    book.column(ws, "P", rows,
                lambda r: f'IF(G{r}="","",2*{layout.factor}*(COUNTIFS({boards},A{r},{scores},'
                f"{SCORE_NUMBER})-1))", styles.HIDDEN, name="BoardTop")
    book.column(ws, "I", rows,
                lambda r: f.matchpoints_ns(f"G{r}", scores, layout.factor, (boards, f"A{r}")),
                styles.OUTPUT, name="MPNS")
    book.column(ws, "J", rows, lambda r: f'IF(I{r}="","",P{r}-I{r})', styles.OUTPUT,
                name="MPEW")
    book.column(ws, "K", rows, lambda r: f.flag(f"O{r}"), styles.FLAG, name="Check")
    # Travellers find the k-th row of board b by its key b * 10000 + k.
    book.column(ws, "Q", rows,
                lambda r: f'IF(ISNUMBER(A{r}),A{r}*10000+COUNTIF($A${first}:A{r},A{r}),"")',
                styles.HIDDEN)
    book.hide_columns(ws, "LMNOPQ")
    ws.freeze_panes = f"A{first}"
    book.page(ws, area=f"A1:K{last}", title_rows="1:4")
    return ws


def _result_headings(book: Book, ws: Worksheet, row: int, start: str,
                     keys: tuple[str, ...]) -> None:
    """Two heading rows: the given columns, then Score NS/EW and Matchpoints NS/EW."""
    t = book.t
    first = ord(start)
    for offset, key in enumerate(keys):
        column = chr(first + offset)
        book.merge(ws, f"{column}{row}:{column}{row + 1}", t(key), styles.HEAD)
    score = first + len(keys)
    columns = [chr(score + i) for i in range(4)]
    book.merge(ws, f"{columns[0]}{row}:{columns[1]}{row}", t("score"), styles.HEAD)
    book.merge(ws, f"{columns[2]}{row}:{columns[3]}{row}", t("matchpoints"), styles.HEAD)
    for column, key in zip(columns, ("ns", "ew", "ns", "ew"), strict=True):
        book.put(ws, f"{column}{row + 1}", t(key), styles.HEAD)


def _ranking(book: Book, layout: _Layout) -> Worksheet:
    t = book.t
    ws = book.sheet(t("ranking"), (8, 7, 36, 8, 8, 9, 8, 3, 4, 4, 4, 4))
    book.event_heading(ws, 1, book.title, "A", "G", "F:G")
    book.merge(ws, "A2:C2", t("ranking"), styles.SUBTITLE)
    book.merge(ws, "D2:G2", t("ranking_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 24
    for column, key in zip("ABCDEFG", ("place", "pair", "name", "mp", "top", "percent", "played"),
                           strict=True):
        book.merge(ws, f"{column}3:{column}4", t(key), styles.HEAD)
    rows = range(RANK_FIRST, RANK_FIRST + layout.pairs)
    percents = layout.pcol("F")

    # Hidden: the pair's position in the list, its %, place and how many share it.
    book.column(ws, "I", rows,
                lambda r: f"IFERROR(MATCH({r - RANK_FIRST + 1},{layout.pcol('I')},0),\"\")",
                styles.HIDDEN)
    book.column(ws, "J", rows, lambda r: f'IF(I{r}="","",INDEX({percents},I{r}))',
                styles.HIDDEN)
    book.column(ws, "K", rows, lambda r: f'IF(I{r}="","",RANK(J{r},{percents}))',
                styles.HIDDEN)
    book.column(ws, "L", rows,
                lambda r: f'IF(I{r}="","",COUNT({percents})+1-K{r}-RANK(J{r},{percents},1)+1)',
                styles.HIDDEN)
    book.hide_columns(ws, "HIJKL")

    def pick(column: str, text: bool = False):
        source = layout.pcol(column)
        as_text = '&""' if text else ""  # a blank name is "", not 0
        return lambda r: f'IF(I{r}="","",INDEX({source},I{r}){as_text})'

    book.column(ws, "A", rows,
                lambda r: f'IF(I{r}="","",IF(L{r}=1,""&K{r},K{r}&"-"&(K{r}+L{r}-1)))',
                styles.OUTPUT.but(bold=True), name="RankPlace")
    book.column(ws, "B", rows, pick("A"), styles.OUTPUT, name="RankPair")
    book.column(ws, "C", rows, pick("B", text=True), styles.OUTPUT_TEXT, name="RankName")
    book.column(ws, "D", rows, pick("D"), styles.OUTPUT, name="RankMP")
    book.column(ws, "E", rows, pick("E"), styles.OUTPUT, name="RankTop")
    book.column(ws, "F", rows, pick("F"), styles.OUTPUT.but(number_format=styles.PERCENT,
                                                            bold=True), name="RankPercent")
    book.column(ws, "G", rows, pick("C"), styles.OUTPUT, name="RankBoards")
    book.page(ws, area=f"A1:G{rows[-1]}", title_rows="1:4", one_page=True)
    return ws


def _travellers(book: Book, layout: _Layout) -> Worksheet:
    """One block per board, one page each: the board's rows of the results table,
    found by their key (board * 10000 + k) in hidden column A."""
    t = book.t
    ws = book.sheet(t("travellers"), (2, 5, 7, 7, 10, 7.5, 7, 8, 8, 7.5, 7.5, 11))
    keys = layout.col("Q")
    height = TRAVELLER_ROWS + layout.tables + 1
    breaks = []
    for board in range(1, layout.boards + 1):
        top = 1 + (board - 1) * height
        rows = range(top + TRAVELLER_ROWS, top + TRAVELLER_ROWS + layout.tables)
        book.event_heading(ws, top, book.title, "B", "L", "J:L")
        big = styles.Style(size=13, bold=True)
        book.merge(ws, f"B{top + 1}:D{top + 1}", f"{t('board')} {board}", big)
        book.merge(ws, f"E{top + 1}:F{top + 1}",
                   f"{t('dealer')}: {board_dealer(board)}", styles.LABEL)
        book.merge(ws, f"G{top + 1}:I{top + 1}",
                   f"{t('vulnerable')}: {board_vul(board)}", styles.LABEL)
        scores = f"$H${rows[0]}:$H${rows[-1]}"
        book.merge(ws, f"J{top + 1}:L{top + 1}",
                   f'IF(COUNT({scores})=0,"","{t("top")} "&2*{layout.factor}*(COUNT({scores})-1))',
                   styles.LABEL.but(horizontal="right"), formula=True)
        ws.row_dimensions[top + 1].height = 20
        _result_headings(book, ws, top + 3, "B",
                         ("row", "ns", "ew", "contract", "declarer", "tricks"))
        book.merge(ws, f"L{top + 3}:L{top + 4}", t("check"), styles.HEAD)
        book.column(ws, "A", rows,
                    lambda r, b=board, first=rows[0]:
                    f'IFERROR(MATCH({b * 10000 + r - first + 1},{keys},0),"")',
                    styles.HIDDEN)
        book.column(ws, "B", rows, lambda r, first=rows[0]: r - first + 1, styles.FIXED)
        for column, source, text in (("C", "B", False), ("D", "C", False), ("E", "D", True),
                                     ("F", "E", True), ("G", "F", False)):
            book.column(ws, column, rows, _copy(layout.col(source), text), styles.OUTPUT)
        for column, source, style in (
            ("H", "G", styles.OUTPUT.but(number_format=styles.PLUS_ONLY)),
            ("I", "H", styles.OUTPUT.but(number_format=styles.PLUS_ONLY)),
            ("J", "I", styles.OUTPUT),
            ("K", "J", styles.OUTPUT),
            ("L", "K", styles.FLAG),
        ):
            cells = layout.col(source)
            book.column(ws, column, rows,
                        lambda r, c=cells: f'IF($A{r}="","",INDEX({c},$A{r}))', style)
        breaks.append(rows[-1] + 1)
    book.hide_columns(ws, "A")
    last = layout.boards * height
    book.page(ws, area=f"A1:L{last}", breaks=breaks[:-1])
    return ws


def _copy(cells: str, text: bool):
    """A traveller cell copying an input of the results row whose index is in column A."""
    if text:
        return lambda r: f'IF($A{r}="","",INDEX({cells},$A{r})&"")'
    # INDEX of a blank input is 0: show a blank.
    return lambda r: f'IF($A{r}="","",IF(INDEX({cells},$A{r})="","",INDEX({cells},$A{r})))'
