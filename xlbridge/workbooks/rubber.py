"""rubber.xlsx: one rubber on the familiar We/They score sheet with the line.

Type each deal's contract, declarer, tricks and honours in the table on the right;
the sheet on the left writes every deal above and below the line (We = North-South,
They = East-West), draws a line under each game, keeps the games, the vulnerability
and the part scores toward game deal by deal, and adds the rubber bonus (or the
unfinished-rubber bonuses) to the totals. Printed blank, it is a score pad.

Names: ``Contract`` ``Declarer`` ``Tricks`` ``Honours`` (inputs, deal k on row k)
``DealVul`` (the vulnerability the deal was played at) ``AboveNS`` ``BelowNS``
``AboveEW`` ``BelowEW`` (what the deal wrote for each side) ``Check``, and
``TotalNS``* ``TotalEW``* (bonuses included) ``BonusNS``* ``BonusEW``* ``GamesNS``*
``GamesEW``* ``PlayersNS``* ``PlayersEW``* ``EventName``* ``EventDate``*.

The state of the rubber is computed row by row in hidden helper columns, each row
from the one above: a row after the rubber has ended shows a flag.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.styles import Alignment, Border, Side

from ..engine import Contract, Strain, Vulnerability, score_parts
from ..engine import Side as BridgeSide
from ..engine.rubber import (
    RUBBER_BONUS,
    RUBBER_BONUS_TWO_ONE,
    UNFINISHED_GAME_BONUS,
    UNFINISHED_PARTSCORE_BONUS,
    Honours,
)
from ..engine.score import GAME_POINTS
from . import formulas as f
from . import styles
from .book import Book, Rule
from .lookup import spellings

NAME = "rubber"
"""The template's name: its file is ``rubber.xlsx``, its labels' namespace in the catalog."""
POSITION = 50
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("Contract", "Declarer", "Tricks", "Honours")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate")
"""The Setup cells ``check`` reads (each optional)."""
SIGNATURE = frozenset(INPUTS)
"""The defined names that tell a filled book of this template."""

ABOVE_SLOTS = 12  # entries above the line each side shows
GAMES = 3  # a rubber has at most three games
GAME_SLOTS = 5  # each trick score is at least 20, so a side writes at most 5 per game
DEALS = ABOVE_SLOTS + GAMES * GAME_SLOTS + 5  # the deal table is as tall as the pad
FIRST = 7  # first deal row

# The row flags, in status-code order (status 2 is the first).
FLAGS = ("flag_over", "flag_contract", "flag_declarer", "flag_tricks", "flag_honours")

# Columns: the pad A-C, the deals E-O, hidden helpers Q-AK.
WIDTHS = (11, 12, 12, 2, 5.5, 8.5, 7, 6.5, 9, 6, 7, 7, 7, 7, 11, 2)
HELPERS = ("CI", "SI", "HI", "ST", "SG", "VU", "BE", "AB", "GM", "LN", "LE", "GN", "GE",
           "EN", "GI", "CN", "KN", "CE", "KE", "UN", "UE")


def code(key: str) -> int:
    """The status code of a rubber flag: 0 blank row, 1 good, 2... the flags.

    >>> code("flag_over"), code("flag_honours")
    (2, 6)
    """
    return FLAGS.index(key) + 2


def coded_status(blank: str, checks: Sequence[tuple[str, int]]) -> str:
    """0 when ``blank``, else the code of the first ``(condition, code)`` that holds, else 1."""
    formula = "1"
    for condition, number in reversed(checks):
        formula = f"IF({condition},{number},{formula})"
    return f"IF({blank},0,{formula})"


def exact_index(value: str, table: str) -> str:
    """The position of ``value`` in ``table`` (case-insensitive, trimmed), 0 unknown, "" blank."""
    found = f"MATCH(TRIM({value}),{table},0)"
    return f'IF({value}="","",IFERROR(IF(INDEX({table},{found})=TRIM({value}),{found},0),0))'


def honours_choices() -> list[Honours]:
    """The honours a deal can have, in dropdown order.

    >>> [str(h) for h in honours_choices()]
    ['NS 100', 'NS 150', 'EW 100', 'EW 150']
    """
    return [Honours(side, points) for side in BridgeSide for points in (100, 150)]


def _tables(book: Book) -> None:
    """The rubber's own lookup tables, from the engine."""
    below, above = [], []
    for _, contract in spellings():
        below.append([_part(contract, tricks, vul)[0] for vul in (False, True)
                      for tricks in range(14)])
        above.append([_part(contract, tricks, vul)[1] for vul in (False, True)
                      for tricks in range(14)])
    book.lookup.add("Rubber: trick score below the line, tricks 0-13 not vul, 0-13 vul", below,
                    {"tblRubBelow": (0, 27)})
    book.lookup.add("Rubber: above the line for declarer (negative: penalty to the defenders)",
                    above, {"tblRubAbove": (0, 27)})
    strains = [[int(not c.passed_out and c.strain is Strain.NT)] for _, c in spellings()]
    book.lookup.add("Rubber: no-trump contract", strains, {"tblRubNT": (0, 0)})
    honours = [[str(h), h.points if h.side is BridgeSide.NS else 0,
                h.points if h.side is BridgeSide.EW else 0, h.points] for h in honours_choices()]
    book.lookup.add("Honours: text, NS, EW, points", honours,
                    {"tblHonours": (0, 0), "tblHonNS": (1, 1), "tblHonEW": (2, 2),
                     "tblHonPoints": (3, 3)})
    vul = [[book.t.vulnerability(Vulnerability.of_sides(ns > 0, ew > 0))] for ew in (0, 1) for ns in (0, 1)]
    book.lookup.add("Rubber vulnerability: 1 + NS has a game + 2 x EW has a game", vul,
                    {"tblRubVul": (0, 0)})
    book.lookup.add("Rubber flags", [[book.t(key)] for key in FLAGS], {"tblRubFlags": (0, 0)})


def _part(contract: Contract, tricks: int, vulnerable: bool) -> tuple[int, int]:
    """(below, above) for declarer; above is minus the penalty when the contract failed."""
    parts = score_parts(contract, tricks, vulnerable)
    return (parts.below, parts.above) if parts.made else (0, -parts.penalty)


def build(book: Book, *, we: str | None = None, they: str | None = None) -> None:
    """Lay out the score pad and the deal table; ``we``/``they`` prefill the players."""
    t = book.t
    book.lookup.need("contracts")
    book.lookup.need("seats")
    _tables(book)
    ws = book.sheet(t("sheet"), WIDTHS)
    rows = range(FIRST, FIRST + DEALS)
    first, last = rows[0], rows[-1]
    helper = dict(zip(HELPERS, ("Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "AA", "AB",
                                "AC", "AD", "AE", "AF", "AG", "AH", "AI", "AJ", "AK"), strict=True))

    # Heading: event and date, the players.
    book.event_heading(ws, 1, t("title"), "A", "O", "M:O")
    label = styles.LABEL
    book.put(ws, "A2", t("event"), label)
    book.event_inputs(ws, "B2:J2", "M2:O2")
    book.merge(ws, "K2:L2", t("date_short"), label.but(horizontal="right"))
    book.player_inputs(ws, "A:A", "B:J", ((3, "we_players", "PlayersNS", we), (4, "they_players", "PlayersEW", they)))

    # Column headings.
    head = styles.HEAD
    book.merge(ws, "A5:A6", None, styles.PLAIN)
    book.merge(ws, "B5", t("we"), head.but(size=12))
    book.merge(ws, "C5", t("they"), head.but(size=12))
    book.put(ws, "B6", t("ns"), head)
    book.put(ws, "C6", t("ew"), head)
    for column, key in zip("EFGHIJ", ("deal", "contract", "declarer", "tricks", "honours", "vul"),
                           strict=True):
        book.merge(ws, f"{column}5:{column}6", t(key), head)
    book.merge(ws, "K5:L5", t("we"), head)
    book.merge(ws, "M5:N5", t("they"), head)
    for column, key in zip("KLMN", ("above", "below", "above", "below"), strict=True):
        book.put(ws, f"{column}6", t(key), head)
    book.merge(ws, "O5:O6", t("check"), head)

    # The deal table's inputs.
    book.column(ws, "E", rows, lambda r: r - first + 1, styles.FIXED)
    book.column(ws, "F", rows, None, styles.INPUT, name="Contract", rule=book.rule_contract())
    book.column(ws, "G", rows, None, styles.INPUT, name="Declarer", rule=book.rule_declarer())
    book.column(ws, "H", rows, None, styles.INPUT, name="Tricks", rule=book.rule_tricks())
    book.column(ws, "I", rows, None, styles.INPUT, name="Honours",
                rule=Rule("list", book.refs["tblHonours"], message=t("err_honours")))

    # The helpers, each row from the one above (the first from a fresh rubber).
    h = {key: (lambda r, c=col: f"{c}{r}") for key, col in helper.items()}

    def prev(key: str, r: int) -> str:
        return "0" if r == first else h[key](r - 1)

    columns = {
        "CI": lambda r: f.contract_index(f"F{r}"),
        "SI": lambda r: f.seat_index(f"G{r}"),
        "HI": lambda r: exact_index(f"I{r}", "tblHonours"),
        "ST": lambda r: coded_status(f.incomplete(h["CI"](r), f"F{r}", f"G{r}", f"H{r}"), [
            (f"{prev('EN', r)}=1", code("flag_over")),
            (f.bad_contract(h["CI"](r)), code("flag_contract")),
            (f.bad_declarer(h["CI"](r), h["SI"](r)), code("flag_declarer")),
            (f.bad_tricks(h["CI"](r), f"H{r}"), code("flag_tricks")),
            # Nested IFs, not OR: INDEX with a 0 index would be an error inside OR.
            (f'IF(I{r}="",FALSE,IF({h["HI"](r)}=0,TRUE,IF({h["CI"](r)}=1,TRUE,'
             f'AND(INDEX(tblRubNT,{h["CI"](r)})=1,INDEX(tblHonPoints,{h["HI"](r)})=100))))',
             code("flag_honours")),
        ]),
        # Declaring side: 1 NS, -1 EW, 0 none (passed out, blank or flagged).
        "SG": lambda r: f'IF(AND({h["ST"](r)}=1,{h["CI"](r)}>1),INDEX(tblSeatSign,{h["SI"](r)}),0)',
        # Declarer vulnerable: its side won a game before this deal.
        "VU": lambda r: f'IF({h["SG"](r)}=1,IF({prev("GN", r)}>0,1,0),'
                        f'IF({h["SG"](r)}=-1,IF({prev("GE", r)}>0,1,0),0))',
        "BE": lambda r: f'IF({h["SG"](r)}=0,0,INDEX(tblRubBelow,{h["CI"](r)},H{r}+1+14*{h["VU"](r)}))',
        "AB": lambda r: f'IF({h["SG"](r)}=0,0,INDEX(tblRubAbove,{h["CI"](r)},H{r}+1+14*{h["VU"](r)}))',
        # The side that completed a game on this deal: 1 NS, -1 EW, 0 none.
        "GM": lambda r: f'IF(AND({h["SG"](r)}=1,{prev("LN", r)}+{h["BE"](r)}>={GAME_POINTS}),1,'
                        f'IF(AND({h["SG"](r)}=-1,{prev("LE", r)}+{h["BE"](r)}>={GAME_POINTS}),-1,0))',
        # Part scores toward game after the deal: a game starts both from 0.
        "LN": lambda r: f'IF({h["GM"](r)}<>0,0,{prev("LN", r)}+IF({h["SG"](r)}=1,{h["BE"](r)},0))',
        "LE": lambda r: f'IF({h["GM"](r)}<>0,0,{prev("LE", r)}+IF({h["SG"](r)}=-1,{h["BE"](r)},0))',
        "GN": lambda r: f'{prev("GN", r)}+IF({h["GM"](r)}=1,1,0)',
        "GE": lambda r: f'{prev("GE", r)}+IF({h["GM"](r)}=-1,1,0)',
        "EN": lambda r: f'IF(OR({h["GN"](r)}>=2,{h["GE"](r)}>=2),1,0)',
        # The game the deal was played in (1-3), and each side's below-the-line entries in it.
        "GI": lambda r: f'{prev("GN", r)}+{prev("GE", r)}+1',
        "CN": lambda r: (f'IF({h["GI"](r)}<>{prev("GI", r)},0,{prev("CN", r)})+'
                         f'IF(AND({h["SG"](r)}=1,{h["BE"](r)}>0),1,0)'),
        "KN": lambda r: f'IF(AND({h["SG"](r)}=1,{h["BE"](r)}>0),{h["GI"](r)}*10+{h["CN"](r)},"")',
        "CE": lambda r: (f'IF({h["GI"](r)}<>{prev("GI", r)},0,{prev("CE", r)})+'
                         f'IF(AND({h["SG"](r)}=-1,{h["BE"](r)}>0),1,0)'),
        "KE": lambda r: f'IF(AND({h["SG"](r)}=-1,{h["BE"](r)}>0),{h["GI"](r)}*10+{h["CE"](r)},"")',
        # Entries above the line so far, each side.
        "UN": lambda r: f'{prev("UN", r)}+IF(N(K{r})>0,1,0)',
        "UE": lambda r: f'{prev("UE", r)}+IF(N(M{r})>0,1,0)',
    }
    for key, content in columns.items():
        book.column(ws, helper[key], rows, content, styles.HIDDEN)
    book.hide_columns(ws, ["P", *helper.values()])

    # What each deal wrote, each side.
    st, sg, ab, hi = h["ST"], h["SG"], h["AB"], h["HI"]
    entry = styles.OUTPUT.but(number_format=styles.HIDE_ZERO)

    def above(r: int, side: int, honours: str) -> str:
        own = (f"IF({sg(r)}={side},IF({ab(r)}>0,{ab(r)},0),"
               f"IF(AND({sg(r)}={-side},{ab(r)}<0),-{ab(r)},0))")
        return f'IF({st(r)}<>1,"",{own}+IF(I{r}="",0,INDEX({honours},{hi(r)})))'

    book.column(ws, "K", rows, lambda r: above(r, 1, "tblHonNS"), entry, name="AboveNS")
    book.column(ws, "L", rows, lambda r: f'IF({st(r)}<>1,"",IF({sg(r)}=1,{h["BE"](r)},0))', entry,
                name="BelowNS")
    book.column(ws, "M", rows, lambda r: above(r, -1, "tblHonEW"), entry, name="AboveEW")
    book.column(ws, "N", rows, lambda r: f'IF({st(r)}<>1,"",IF({sg(r)}=-1,{h["BE"](r)},0))', entry,
                name="BelowEW")

    def vul(r: int) -> str:
        show = f'F{r}<>""' if r == first else f'AND({prev("EN", r)}=0,OR(F{r}<>"",F{r - 1}<>""))'
        index = f'1+IF({prev("GN", r)}>0,1,0)+2*IF({prev("GE", r)}>0,1,0)'
        return f'IF({show},INDEX(tblRubVul,{index}),"")'

    book.column(ws, "J", rows, vul, styles.OUTPUT, name="DealVul")
    book.column(ws, "O", rows, lambda r: f'IF({st(r)}<2,"",INDEX(tblRubFlags,{st(r)}-1))',
                styles.FLAG, name="Check")

    # The pad: above the line (the first entry nearest the line), the line, the games.
    pad = styles.OUTPUT.but(fill=styles.WHITE, size=12, border=styles.NONE)
    above_rows = range(first, first + ABOVE_SLOTS)
    line = above_rows[-1]
    for k, row in enumerate(reversed(above_rows), start=1):
        for column, values, counts in (("B", "K", helper["UN"]), ("C", "M", helper["UE"])):
            count = f"${counts}${last}"
            values_col = f"${values}${first}:${values}${last}"
            counts_col = f"${counts}${first}:${counts}${last}"
            if k == ABOVE_SLOTS:  # the top entry adds up the rest
                content = f'IF({count}<{k},"",SUMIF({counts_col},">={k}",{values_col}))'
            else:
                content = f'IF({count}<{k},"",INDEX({values_col},MATCH({k},{counts_col},0)))'
            book.formula(ws, f"{column}{row}", content, pad)
    for g in range(1, GAMES + 1):
        start = line + 1 + (g - 1) * GAME_SLOTS
        for j in range(1, GAME_SLOTS + 1):
            row = start + j - 1
            for column, values, keys in (("B", "L", helper["KN"]), ("C", "N", helper["KE"])):
                content = (f'IFERROR(INDEX(${values}${first}:${values}${last},'
                           f'MATCH({g * 10 + j},${keys}${first}:${keys}${last},0)),"")')
                book.formula(ws, f"{column}{row}", content, pad)
        book.merge(ws, f"A{start}:A{start + GAME_SLOTS - 1}", t("game_n", n=g),
                   styles.NOTE.but(size=9, horizontal="center"))
    book.merge(ws, f"A{first}:A{line}", t("above_line"), styles.NOTE.but(size=9, horizontal="center"))
    ws[f"A{first}"].alignment = Alignment(horizontal="center", vertical="center", wrap_text=True,
                                          textRotation=90)

    # Totals below the pad.
    totals = line + 1 + GAMES * GAME_SLOTS
    good = f'COUNTIF(${helper["ST"]}${first}:${helper["ST"]}${last},1)=0'
    ended, gn, ge = (f"${helper[k]}${last}" for k in ("EN", "GN", "GE"))
    ln, le = f"${helper['LN']}${last}", f"${helper['LE']}${last}"
    bonus = {
        "NS": (f"IF({ended}=1,IF({gn}>=2,IF({ge}=0,{RUBBER_BONUS},{RUBBER_BONUS_TWO_ONE}),0),"
               f"IF({gn}>0,{UNFINISHED_GAME_BONUS},0)+IF({ln}>0,{UNFINISHED_PARTSCORE_BONUS},0))"),
        "EW": (f"IF({ended}=1,IF({ge}>=2,IF({gn}=0,{RUBBER_BONUS},{RUBBER_BONUS_TWO_ONE}),0),"
               f"IF({ge}>0,{UNFINISHED_GAME_BONUS},0)+IF({le}>0,{UNFINISHED_PARTSCORE_BONUS},0))"),
    }
    sum_style = styles.OUTPUT.but(size=11)
    for offset, key, content in (
        (0, "sum_above", lambda side, c: f"SUM(${c}${first}:${c}${last})"),
        (1, "sum_below", lambda side, c: f"SUM(${c}${first}:${c}${last})"),
        (2, "bonus", lambda side, c: bonus[side]),
    ):
        row = totals + offset
        book.put(ws, f"A{row}", t(key), label)
        for column, side, values in (("B", "NS", "KL"[offset] if offset < 2 else ""),
                                     ("C", "EW", "MN"[offset] if offset < 2 else "")):
            book.formula(ws, f"{column}{row}", f'IF({good},"",{content(side, values)})', sum_style)
            if offset == 2:
                book.define(f"Bonus{side}", ws, f"{column}{row}")
    row = totals + 3
    book.put(ws, f"A{row}", t("total"), label.but(size=12))
    for column in "BC":
        book.formula(ws, f"{column}{row}",
                     f'IF({column}{totals}="","",SUM({column}{totals}:{column}{totals + 2}))',
                     styles.TOTAL.but(size=13))
    book.define("TotalNS", ws, f"B{row}")
    book.define("TotalEW", ws, f"C{row}")
    row = totals + 4
    book.put(ws, f"A{row}", t("games"), label)
    book.formula(ws, f"B{row}", f'IF({good},"",{gn})', styles.OUTPUT)
    book.formula(ws, f"C{row}", f'IF({good},"",{ge})', styles.OUTPUT)
    book.define("GamesNS", ws, f"B{row}")
    book.define("GamesEW", ws, f"C{row}")
    assert row == last
    book.merge(ws, f"E{last + 1}:O{last + 1}",
               f'IF({ended}=1,IF({gn}>=2,"{t("we_won")}","{t("they_won")}")&" "&IF({gn}>{ge},{gn},{ge})&"–"'
               f'&IF({gn}>{ge},{ge},{gn}),"")', styles.LABEL.but(size=12, horizontal="left"), formula=True)

    # The lines: thick under "above", thinner between games, frames around the pad.
    thick, medium = Side(style="thick", color="000000"), Side(style="medium", color="404040")
    thin = Side(style="thin", color="808080")
    for row in range(first, last + 1):
        for column in "BC":
            bottom = None
            if row == line:
                bottom = thick
            elif row > line and (row - line) % GAME_SLOTS == 0 and row < totals:
                bottom = medium
            ws[f"{column}{row}"].border = Border(
                left=thin if column == "B" else medium, right=medium if column == "B" else thin,
                bottom=bottom, top=medium if row == totals else None)
    for row in rows:
        ws.row_dimensions[row].height = 22  # room to write by hand on a printed pad
    ws.row_dimensions[totals + 3].height = 24
    book.merge(ws, f"A{last + 2}:O{last + 3}", t("rubber_note", n=ABOVE_SLOTS),
               styles.NOTE.but(wrap=True, vertical="top"))
    ws.row_dimensions[last + 2].height = 14
    ws.row_dimensions[last + 3].height = 14
    ws.freeze_panes = f"A{first}"
    book.page(ws, area=f"A1:O{last + 3}", one_page=True)
