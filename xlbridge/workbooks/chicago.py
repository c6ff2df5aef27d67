"""chicago.xlsx: an evening of Chicago, four-deal rounds, with optional compensation IMPs.

Deal k is on row k with its dealer and vulnerability preprinted from the chosen cycle
(``standard``, the Laws of Chicago, or ``duplicate``, boards 1-4 of duplicate; the cycle
and the fits are words in the book's language, read in any, see :mod:`.options`). Each
deal is scored as in duplicate; running totals show the points each side gained.
Given North-South's high-card points and the best fit of the side with more points,
a deal is also scored against the compensation table (IMPs from North-South's view).

Names: ``Contract`` ``Declarer`` ``Tricks`` ``HCP`` ``Fit`` (inputs) ``ScoreNS``
``ScoreEW`` ``IMPsNS`` ``RunningNS`` ``RunningEW`` ``Check``, and ``TotalNS``*
``TotalEW``* ``TotalIMPsNS``* ``ChicagoCycle``* ``PlayersNS``* ``PlayersEW``*
``EventName``* ``EventDate``*.
"""

from __future__ import annotations

from openpyxl.styles import Border, Side

from ..engine import SEATS, Fit, OptionError, chicago_dealer, chicago_vul, compensation
from ..engine import Side as BridgeSide
from ..engine.chicago import VARIANTS
from ..engine.compensation import FITS, LOWEST_HCP
from . import formulas as f
from . import styles
from .book import Book, Rule
from .options import Option
from .rubber import coded_status

NAME = "chicago"
"""The template's name: its file is ``chicago.xlsx``, its labels' namespace in the catalog."""
POSITION = 60
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("Contract", "Declarer", "Tricks", "HCP", "Fit", "ChicagoCycle")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate")
"""The Setup cells ``check`` reads (each optional)."""
SIGNATURE = frozenset({"Contract", "Declarer", "Tricks", "HCP", "Fit"})
"""The defined names that tell a filled book of this template."""

CYCLE = Option("ChicagoCycles", NAME, "cycle", tuple((f"cycle_{v}", v) for v in VARIANTS))
"""The vulnerability cycle a director picks (``ChicagoCycle``), as the engine's variant names."""
FIT = Option("Fits", NAME, "fit", tuple((f"fit_{fit.name.lower()}", fit) for fit in FITS))
"""The best fit of the side with more points (``Fit``), as the engine's :class:`~xlbridge.engine.Fit`:
words, not ``M8``/``m8``, since a dropdown ignores case and could not tell those apart."""
OPTIONS = (CYCLE, FIT)
"""The choices its cells show as words in the book's language (:mod:`.options`)."""

ROUNDS = 8
FIRST = 8  # first deal row

# The row flags, in status-code order (status 2 is the first).
FLAGS = ("flag_cycle", "flag_contract", "flag_declarer", "flag_tricks", "flag_hcp", "flag_fit")

WIDTHS = (5.5, 5, 6, 8.5, 7, 6.5, 7, 9, 7, 7, 8, 8, 7, 7, 10, 2)


def code(key: str) -> int:
    """The status code of a Chicago flag: 0 blank, 1 good, 2... the flags.

    >>> code("flag_contract"), code("flag_fit")
    (3, 7)
    """
    return FLAGS.index(key) + 2


def fit_text(fit: Fit, lang: str = "en") -> str:
    """How the dropdown of a book in ``lang`` spells a fit: spelled out, since a list
    cannot tell ``M8`` from ``m8`` (the words are :data:`~.options.FIT`'s).

    >>> [fit_text(fit) for fit in (Fit.MAJOR10, Fit.MINOR8, Fit.NONE)]
    ['major 10', 'minor 8', 'no fit']
    >>> fit_text(Fit.MINOR8, "fi"), fit_text(Fit.NONE, "ru")
    ('alaväri 8', 'нет фита')
    """
    return FIT.word(fit, lang)


def _tables(book: Book) -> None:
    """The Chicago cycles, the fits and the compensation table, from the engine."""
    cycle = []
    for variant in VARIANTS:
        for deal in range(1, 5):
            vul = chicago_vul(deal, variant)
            dealer = chicago_dealer(deal)
            cycle.append([book.t.vulnerability(vul), str(dealer), int(dealer.side is BridgeSide.NS),
                          *(int(vul.is_vulnerable(seat)) for seat in SEATS)])
    book.lookup.add("Chicago cycles (standard deals 1-4, duplicate 1-4): vul, dealer, "
                    "dealer is NS, declarer vulnerable N E S W", cycle,
                    {"tblChicagoVul": (0, 0), "tblChicagoDealer": (1, 1),
                     "tblChicagoDealerNS": (2, 2), "tblChicagoDeclVul": (3, 6)})
    # The cycle and the fits in the book's language, and every language's word for the
    # formulas (tblChicagoCycles, tblFits: the dropdowns).
    CYCLE.add(book)
    FIT.add(book)
    rows = [[compensation(hcp, fit, vul) for vul in (False, True) for fit in FITS]
            for hcp in range(LOWEST_HCP, 41)]
    book.lookup.add(f"Compensation: expected score, HCP {LOWEST_HCP}-40 by fit "
                    "(not vul, then vul)", rows, {"tblComp": (0, 2 * len(FITS) - 1)})
    book.lookup.add("Chicago flags", [[book.t(key)] for key in FLAGS], {"tblChicagoFlags": (0, 0)})


def build(book: Book, *, rounds: int = ROUNDS, cycle: str = "standard",
          ns: str | None = None, ew: str | None = None) -> None:
    """Lay out ``rounds`` rounds of four deals (1-25) with the vulnerability ``cycle``;
    ``ns``/``ew`` prefill the players."""
    if not 1 <= rounds <= 25:
        raise OptionError(f"rounds {rounds}: must be 1-25")
    if cycle not in VARIANTS:
        raise OptionError(f"cycle {cycle!r}: must be one of {', '.join(VARIANTS)}")
    cycle_word = CYCLE.word(cycle, book.lang)
    t = book.t
    for table in ("contracts", "scores", "seats", "imps"):
        book.lookup.need(table)
    _tables(book)
    # The Fit column as wide as the book's longest fit word (ei sopivuutta), never narrower.
    fit_width = max(WIDTHS[7], round(0.72 * max(len(word) for word in FIT.words(book.lang)) + 0.5, 1))
    ws = book.sheet(t("sheet"), (*WIDTHS[:7], fit_width, *WIDTHS[8:]))
    rows = range(FIRST, FIRST + 4 * rounds)
    first, last = rows[0], rows[-1]

    # Heading: event, date, players, the vulnerability cycle.
    book.event_heading(ws, 1, t("title"), "A", "O", "M:O")
    label = styles.LABEL
    book.merge(ws, "A2:B2", t("event"), label)
    book.event_inputs(ws, "C2:J2", "M2:O2")
    book.merge(ws, "K2:L2", t("date_short"), label.but(horizontal="right"))
    book.player_inputs(ws, "A:B", "C:J", ((3, "ns_players", "PlayersNS", ns), (4, "ew_players", "PlayersEW", ew)))
    book.merge(ws, "A5:B5", t("cycle"), label)
    book.merge(ws, "C5:D5", cycle_word, styles.INPUT.but(bold=True))
    book.define("ChicagoCycle", ws, "C5")
    book.validate(ws, "C5", CYCLE.rule(book, t("err_cycle")))
    book.merge(ws, "E5:O5", t("cycle_note"), styles.NOTE)
    # The cycle's position in VARIANTS, in any language's word (blank counts as standard; 0 unknown).
    variant = "$Q$5"
    book.formula(ws, "Q5", f'IF(TRIM(C5)="",1,{CYCLE.index("C5")})', styles.HIDDEN)

    # Column headings, two rows.
    head = styles.HEAD
    for column, key in zip("ABCDEFGH", ("deal", "dealer_short", "vul", "contract", "declarer",
                                        "tricks", "hcp", "fit"), strict=True):
        book.merge(ws, f"{column}6:{column}7", t(key), head)
    for columns, key in (("IJ", "score"), ("KL", "running"), ("MN", "imps")):
        book.merge(ws, f"{columns[0]}6:{columns[1]}6", t(key), head)
        book.put(ws, f"{columns[0]}7", t("ns"), head)
        book.put(ws, f"{columns[1]}7", t("ew"), head)
    book.merge(ws, "O6:O7", t("check"), head)
    ws.row_dimensions[6].height = 15

    # Deal, dealer and vulnerability, preprinted.
    book.column(ws, "A", rows, lambda r: r - first + 1, styles.FIXED)

    def cycle_row(r: int) -> str:
        return f"({variant}-1)*4+MOD(A{r}-1,4)+1"

    book.column(ws, "B", rows, lambda r: f"INDEX(tblChicagoDealer,MOD(A{r}-1,4)+1)", styles.OUTPUT)
    book.column(ws, "C", rows, lambda r: f'IF({variant}=0,"",INDEX(tblChicagoVul,{cycle_row(r)}))',
                styles.OUTPUT)

    book.column(ws, "D", rows, None, styles.INPUT, name="Contract", rule=book.rule_contract())
    book.column(ws, "E", rows, None, styles.INPUT, name="Declarer", rule=book.rule_declarer())
    book.column(ws, "F", rows, None, styles.INPUT, name="Tricks", rule=book.rule_tricks())
    book.column(ws, "G", rows, None, styles.INPUT, name="HCP",
                rule=Rule("whole", "0", "40", "between", t("err_hcp")))
    book.column(ws, "H", rows, None, styles.INPUT, name="Fit", rule=FIT.rule(book, t("err_fit")))

    # Hidden helpers: contract, seat, status; fit, compensation status, side, vul, difference.
    def status(r: int) -> str:
        return coded_status(f.incomplete(f"Q{r}", f"D{r}", f"E{r}", f"F{r}"), [
            (f"{variant}=0", code("flag_cycle")),
            (f.bad_contract(f"Q{r}"), code("flag_contract")),
            (f.bad_declarer(f"Q{r}", f"R{r}"), code("flag_declarer")),
            (f.bad_tricks(f"Q{r}", f"F{r}"), code("flag_tricks")),
        ])

    def comp_status(r: int) -> str:
        blank = f'OR(T{r}<>1,AND(G{r}="",H{r}=""))'
        return coded_status(blank, [
            (f"NOT({f.whole_in(f'G{r}', 0, 40)})", code("flag_hcp")),
            (f'OR(H{r}="",U{r}=0)', code("flag_fit")),
        ])

    helpers = {
        "Q": lambda r: f.contract_index(f"D{r}"),
        "R": lambda r: f.seat_index(f"E{r}"),
        "S": lambda r: f'IF({variant}=0,0,{cycle_row(r)})',
        "T": status,
        "U": lambda r: FIT.index(f"H{r}"),
        "V": comp_status,
        # The side the table is read for: 1 North-South, 0 East-West (at 20-20 the dealer's).
        "W": lambda r: f'IF(V{r}<>1,"",IF(G{r}>20,1,IF(G{r}<20,0,INDEX(tblChicagoDealerNS,S{r}))))',
        "X": lambda r: f'IF(V{r}<>1,"",INDEX(tblChicagoDeclVul,S{r},IF(W{r}=1,1,2)))',
        # That side's score minus the expected score.
        "Y": lambda r: (f'IF(V{r}<>1,"",(2*W{r}-1)*I{r}-INDEX(tblComp,IF(W{r}=1,G{r},40-G{r})'
                        f'-{LOWEST_HCP - 1},U{r}+{len(FITS)}*X{r}))'),
    }
    for column, content in helpers.items():
        book.column(ws, column, rows, content, styles.HIDDEN)
    book.hide_columns(ws, "PQRSTUVWXY")

    score = styles.OUTPUT.but(number_format=styles.PLUS_ONLY)
    declarer_vul = "INDEX(tblChicagoDeclVul,S{r},R{r})"
    book.column(ws, "I", rows,
                lambda r: (f'IF(T{r}<>1,"",IF(Q{r}=1,0,INDEX(tblScores,Q{r},F{r}+1+14*'
                           f'{declarer_vul.format(r=r)})*INDEX(tblSeatSign,R{r})))'),
                score, name="ScoreNS")
    book.column(ws, "J", rows, lambda r: f'IF(I{r}="","",-I{r})', score, name="ScoreEW")
    scores = f"$I${first}:$I{{r}}"
    book.column(ws, "K", rows,
                lambda r: f'IF(I{r}="","",SUMIF({scores.format(r=r)},">0"))',
                styles.OUTPUT, name="RunningNS")
    book.column(ws, "L", rows,
                lambda r: f'IF(I{r}="","",-SUMIF({scores.format(r=r)},"<0"))',
                styles.OUTPUT, name="RunningEW")
    imps = styles.OUTPUT.but(number_format=styles.PLUS_ONLY, bold=True)
    book.column(ws, "M", rows, lambda r: f'IF(V{r}<>1,"",(2*W{r}-1)*{f.imps(f"Y{r}")})', imps,
                name="IMPsNS")
    book.column(ws, "N", rows, lambda r: f'IF(M{r}="","",-M{r})', imps)
    book.column(ws, "O", rows,
                lambda r: (f'IF(T{r}>=2,INDEX(tblChicagoFlags,T{r}-1),'
                           f'IF(V{r}>=2,INDEX(tblChicagoFlags,V{r}-1),""))'),
                styles.FLAG, name="Check")

    # Totals.
    total_row = last + 1
    score_col, imps_col = f"$I${first}:$I${last}", f"$M${first}:$M${last}"
    book.merge(ws, f"A{total_row}:J{total_row}", t("total"), label.but(horizontal="right", size=12))
    total = styles.TOTAL
    book.formula(ws, f"K{total_row}", f'IF(COUNT({score_col})=0,"",SUMIF({score_col},">0"))', total)
    book.define("TotalNS", ws, f"K{total_row}")
    book.formula(ws, f"L{total_row}", f'IF(COUNT({score_col})=0,"",-SUMIF({score_col},"<0"))', total)
    book.define("TotalEW", ws, f"L{total_row}")
    book.formula(ws, f"M{total_row}", f'IF(COUNT({imps_col})=0,"",SUM({imps_col}))',
                 total.but(number_format=styles.PLUS_ONLY))
    book.define("TotalIMPsNS", ws, f"M{total_row}")
    book.formula(ws, f"N{total_row}", f'IF(M{total_row}="","",-M{total_row})',
                 total.but(number_format=styles.PLUS_ONLY))
    ws.row_dimensions[total_row].height = 21

    # Round separators: a heavier line above each round's first deal.
    medium = Side(style="medium", color="404040")
    for start in range(first, last + 1, 4):
        for column in "ABCDEFGHIJKLMNO":
            cell = ws[f"{column}{start}"]
            border = cell.border
            cell.border = Border(left=border.left, right=border.right, top=medium,
                                 bottom=border.bottom)
    for column in "ABCDEFGHIJKLMNO":
        cell = ws[f"{column}{total_row}"]
        cell.border = Border(left=cell.border.left, right=cell.border.right, top=medium,
                             bottom=cell.border.bottom)
    for row in rows:
        ws.row_dimensions[row].height = 20  # room to write by hand on a printed copy
    book.merge(ws, f"A{total_row + 2}:O{total_row + 3}", t("chicago_note"),
               styles.NOTE.but(wrap=True, vertical="top"))
    book.merge(ws, f"A{total_row + 4}:O{total_row + 4}", t("legend"), styles.NOTE)
    ws.freeze_panes = f"A{first}"
    book.page(ws, area=f"A1:O{total_row + 4}", title_rows="6:7", one_page=rounds <= 8)
