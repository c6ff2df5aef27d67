"""pairs.xlsx: a pairs event, up to 30 tables x 36 boards, scored as clubs score it.

Sheets: Setup (event, date, tables, boards, the scoring options, the pair list with
each pair's totals), Results (one long table: a row per board and table, in any
order), Ranking (one list, or one per direction), Travellers (one page per board),
and a hidden sheet of per-board figures.

The rules are :func:`xlbridge.engine.pairs_event`'s, which ``check`` and ``report``
use too: results are compared within their direction; a board with fewer real
results than expected is Neuberg-factored; ``A60/40`` gives each side that
percentage of the top (Law 12C2, with the session rule of 12C2(c)); ``NP`` scores
for neither pair; one pair number may be blank (a pair from outside the event).
Scoring is matchpoints, cross-IMPs or Butler.

Names: Results ``Board`` ``NS`` ``EW`` ``Contract`` ``Declarer`` ``Tricks`` ``ScoreNS``
``ScoreEW`` ``MPNS`` ``MPEW`` ``IMPsNS`` ``IMPsEW`` ``BoardTop`` ``Check``; Ranking
``RankPlace`` ``RankPair`` ``RankName`` ``RankField`` ``RankMP`` ``RankTop`` ``RankPercent``
``RankIMPs`` ``RankIMPsPerBoard`` ``RankBoards``, and beside them the handicapped ranking (matchpoints, once a
pair has a handicap) ``HandicapPlace`` ``HandicapPair`` ``HandicapName`` ``HandicapField`` ``HandicapGiven``
``HandicapPercent``; Setup ``EventName``* ``EventDate``*
``TableCount``* ``BoardCount``* ``MPScale``* ``Scoring``* ``CrossIMPsMode``* ``UseNeuberg``*
``ExpectedResults``* ``SessionRule``* ``Fields``* ``PairNumber`` ``PairName``
``PairPenalty`` (a procedural penalty, matchpoints or IMPs taken from the total) ``PairHandicap``
(percentage points added for the handicapped ranking)
``PairField`` ``PairBoards`` ``PairMP`` ``PairTop`` ``PairPercent`` ``PairIMPs``
``PairRealPercent`` (the % on the pair's played boards: the session rule's basis)
``PairCheck`` ``ResultsEntered``* ``ResultsFlagged``*; the hidden per-board sheet
``BoardSlots``* (how many results a board can hold); the Hands sheet's (:mod:`.hands`):
``HandBoard`` ``HandDeal`` ``HandNorth`` ``HandEast`` ``HandSouth`` ``HandWest`` ``HandTricks``
``HandParScore`` ``HandParContract`` ``HandCheck``. Each traveller shows its board's hand, double-dummy
table and par from it, and each result against par.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from openpyxl.utils import column_index_from_string, get_column_letter, quote_sheetname
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import MITCHELL, Movement, OptionError, Scoring, board_dealer, board_vul
from . import cards, hands, styles, weighted
from . import formulas as f
from .book import NAME_LENGTH, PAIRS_BOARDS, Book, Rule
from .lookup import flag_code
from .names import set_value
from .options import Option

NAME = "pairs"
"""The template's name: its file is ``pairs.xlsx``, its labels' namespace in the catalog."""
POSITION = 20
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("Board", "NS", "EW", "Contract", "Declarer", "Tricks")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate", "MPScale", "TableCount", "BoardCount", "PairNumber", "PairName", "PairPenalty",
         "PairHandicap",
         "Scoring", "CrossIMPsMode", "UseNeuberg", "ExpectedResults", "SessionRule", "Fields", "MissingAsTies",
         "MPDecimals", "ScaleToBoards", "AdjustedIMPs", "BoardSlots", "RoundNo", "TableNo", "MoveRound", "MoveTable",
         "MoveNS", "MoveEW", "MoveBoards", "MoveSection", "SectionScoring", "Sections", "PairSection", "Section",
         *hands.NAMES)
"""The Setup cells ``check`` reads (each optional), and the Hands sheet's."""
SIGNATURE = frozenset({*INPUTS, "RankPair"})
"""The defined names that tell a filled book of this template."""

TABLES = 30
BOARDS = 36
MAX_ROWS = 6_000
"""The most results rows (tables x boards): 60 tables of 99 boards, or 18 tables numbered to 105."""
MAX_PAIR = 999

PAIR_HEAD = 22  # Setup: the pair list's heading row
RESULTS_FIRST = 5  # Results: headings in rows 1-4
RANK_FIRST = 5  # Ranking: headings in rows 1-4
TRAVELLER_ROWS = 5 + hands.DIAGRAM_ROWS  # Travellers: rows above each board's results (its hand diagram among them)
BOARD_FIRST = 2  # the per-board sheet: board k on row k + 1

SCORINGS = tuple(scoring.value for scoring in Scoring)
"""The scoring methods' English words, in the engine's order: a method's index is its place here."""

# The Setup options a director picks, words in the book's language, read in any (:mod:`.options`).
SCORING = Option("Scorings", NAME, "scoring", tuple((f"scoring_{s.name.lower()}", s) for s in Scoring))
"""The scoring method (``Scoring``), as the engine's :class:`~xlbridge.engine.Scoring`, in its order."""
CROSS_IMPS = Option("CrossIMPsModes", NAME, "cross-IMPs", (("crossimps_average", "average"),
                                                            ("crossimps_total", "total")))
"""How cross-IMPs are taken (``CrossIMPsMode``), as pairs_event's ``crossimps``."""
YES_NO = Option("YesNo", NAME, "yes or no", (("yes", True), ("no", False)))
"""A switch (``UseNeuberg``, ``SessionRule``): one table for both."""
OPTIONS = (SCORING, CROSS_IMPS, YES_NO)
"""The choices its cells show as words in the book's language (:mod:`.options`)."""
SECTION_SCORING = Option("SectionScorings", NAME, "section scoring", (("sections_across", True),
                                                                      ("sections_within", False)))
"""A sectioned book's comparisons (``SectionScoring``): across the field (True) or within each section,
as :func:`~xlbridge.engine.sections.sections_event`'s ``across``. Only a sectioned book has its table."""
SECTIONS = 26
"""The most sections a book takes: A ... Z."""


def section_names(count: int) -> tuple[str, ...]:
    """The sections of a book of ``count`` sections: ``A``, ``B`` ...

    >>> section_names(3)
    ('A', 'B', 'C')
    """
    if not 2 <= count <= SECTIONS:
        raise OptionError(f"sections {count}: must be 2-{SECTIONS} (one section is a book without --sections)")
    return tuple(chr(ord("A") + i) for i in range(count))


def method_index(cell: str) -> str:
    """The formula of a scoring method's index (1, 2, 3 ...: its place in :data:`SCORINGS`)
    from its word in ``cell``, in any language; blank or unknown counts as matchpoints.

    >>> method_index("B8")[:40]
    'MAX(1,N(IF(B8="","",IFERROR(IF(INDEX(tbl'
    """
    return f"MAX(1,N({SCORING.index(cell)}))"


def switch(option: Option, cell: str) -> str:
    """The formula of 0 when ``cell`` holds ``option``'s second word (``Total``, ``No``, in
    any language), else 1 (its first word, the default: blank or unknown too).

    >>> switch(YES_NO, "B10")[:41]
    'IF(IF(B10="","",IFERROR(IF(INDEX(tblYesNo'
    """
    return f"IF({option.index(cell)}=2,0,1)"


def build(book: Book, *, tables: int | Sequence[int] = TABLES, boards: int = BOARDS,
          pairs: Iterable[tuple[int, str | None]] | None = None, scale: int = 2,
          movement: Movement | Sequence[Movement] | None = None, sections: int = 1) -> None:
    """Lay out a pairs event for up to ``tables`` tables and ``boards`` boards.

    ``pairs`` prefills the pair list with (number, name); by default the numbers
    1 ... 2 x ``tables`` with blank names. With a ``movement`` (from
    :func:`xlbridge.engine.movement`) the book has its size and its pairs, every
    results row is prefilled (round, table, board, NS, EW: only contract, declarer and
    tricks are left to type), a plain Mitchell ranks each direction, and the movement
    and its cards are added (:mod:`.cards`).

    With ``sections`` (2 or more) the book holds sections A, B ..., each of ``tables`` tables
    (each with the movement, the same boards): a ``Section`` on every results row and in the
    pair list (pairs numbered within their section), Setup's ``SectionScoring`` (across the
    field or within sections) and each pair's place in its section beside its overall one
    (docs/rules.md §7, sections). ``pairs`` are then (section, number, name).

    Sections of different sizes: ``movement`` a sequence, one movement a section (A, B ...:
    its length is the sections, ``sections`` if given must agree), or, in a blank book,
    ``tables`` a sequence, one size a section. Every section plays boards 1 ... its own count
    of the same sets; the book has the most any section plays.
    """
    given = pairs is not None
    movements, sizes = _sized(tables, movement, sections)
    if movements:
        boards = max(m.boards for m in movements)
        if pairs is None:
            pairs = [(number, None) for number in movements[0].pair_numbers]
    if not all(1 <= size <= 60 for size in sizes) or not 1 <= boards <= PAIRS_BOARDS:
        raise OptionError(f"tables {', '.join(map(str, sizes))}, boards {boards}: must be 1-60 and 1-{PAIRS_BOARDS}")
    if sum(sizes) * boards > MAX_ROWS:
        raise OptionError(f"tables {sum(sizes)} x boards {boards}: at most {MAX_ROWS:,} results rows "
                          "(the boards are numbered 1 to the highest)")
    names = section_names(len(sizes)) if len(sizes) > 1 else ()
    if names and sum(sizes) > 60:
        if len(set(sizes)) == 1:
            raise OptionError(f"sections {len(sizes)} x tables {sizes[0]}: at most 60 tables in all")
        raise OptionError(f"sections of {' + '.join(map(str, sizes))} tables: at most 60 tables in all")
    for table in ("contracts", "scores", "seats", "cycle", "flags", "imps", "row_codes"):
        book.lookup.need(table)
    pair_list = (list(pairs) if pairs is not None
                 else [(n, None) for n in range(1, 2 * sizes[0] + 1)])
    if names and not given:  # each section's own pairs: its movement's, or two a table
        pair_list = [(section, number, None) for index, section in enumerate(names)
                     for number in (movements[index].pair_numbers if movements
                                    else range(1, 2 * sizes[index] + 1))]
    layout = _Layout(book, sum(sizes), boards, max(2 * sum(sizes), len(pair_list)), names, sizes, movements)
    _setup(book, layout, pair_list, scale, movements[0] if movements else None)
    _results(book, layout, movements[0] if movements else None)
    _ranking(book, layout)
    _travellers(book, layout)
    hands.write_sheet(book, layout.hands)
    if movements:
        cards.build(book, movements if len(set(movements)) > 1 else movements[0], sections=names)
    _boards(book, layout)
    weighted.build(book, layout.weighted, contract=layout.col("D"), board=layout.col(layout.key), slot=layout.col("AO"),
                   kind=layout.col("S"), played=layout.played_mp, cross_played=layout.cross_played,
                   butler=layout.butler, mp=layout.mp, scoring=layout.scoring)


def _sized(tables: int | Sequence[int], movement: Movement | Sequence[Movement] | None,
           sections: int) -> tuple[tuple[Movement, ...], tuple[int, ...]]:
    """Each section's movement (none in a blank book) and tables, from :func:`build`'s arguments:
    one movement or size for every section, or one a section.

    >>> from xlbridge.engine import movement
    >>> _sized(8, None, 1), _sized((8, 7), None, 1), _sized(5, None, 3)
    (((), (8,)), ((), (8, 7)), ((), (5, 5, 5)))
    >>> [m.tables for m in _sized(30, (movement("mitchell", 8, 24), movement("howell", 7, 26)), 1)[0]]
    [8, 7]
    >>> _sized((8, 7), None, 3)
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.OptionError: sections 3: the tables give 2 sections (8, 7)
    """
    if sections != 1:
        section_names(sections)  # 2-26, or one line why not
    if isinstance(movement, Movement) or movement is None:
        counts = (tables,) if isinstance(tables, int) else tuple(tables)
        if movement is not None:
            counts = (movement.tables,)
        if len(counts) > 1 and sections not in (1, len(counts)):
            raise OptionError(f"sections {sections}: the tables give {len(counts)} sections "
                              f"({', '.join(map(str, counts))})")
        if len(counts) == 1:
            counts = counts * max(1, sections)
        return (() if movement is None else (movement,) * len(counts)), counts
    movements = tuple(movement)
    if not movements or sections not in (1, len(movements)):
        raise OptionError(f"sections {sections}: the movements give {len(movements)} sections")
    return movements, tuple(m.tables for m in movements)


class _Layout:
    """Where everything is, so that sheets can refer to each other before they exist."""

    def __init__(self, book: Book, tables: int, boards: int, pairs: int, sections: tuple[str, ...] = (),
                 sizes: tuple[int, ...] = (), movements: tuple[Movement, ...] = ()) -> None:
        self.tables, self.boards, self.pairs = tables, boards, pairs
        self.sections = sections
        # Each section's tables and movement (one entry a section; a book of one section: one).
        self.sizes, self.movements = sizes or (tables,), movements
        # Sections of different sizes or movements: Setup counts each section's own results.
        self.unequal = len(set(self.sizes)) > 1 or len(set(movements)) > 1
        # A sectioned book: Setup's SectionScoring takes row 19, the rows below it move down one.
        self.shift = 1 if sections else 0
        self.pair_head = PAIR_HEAD + self.shift
        self.rows = range(RESULTS_FIRST, RESULTS_FIRST + tables * boards)
        self.pair_rows = range(self.pair_head + 1, self.pair_head + 1 + pairs)
        # The per-board sheet has a row a *field*: a board's results compared together. One
        # section: the board. Sections: a board in a section (row (s - 1) * boards + board), its
        # rows used within sections and only the first section's across the field (the board).
        self.fields_count = boards * max(1, len(sections))
        self.board_rows = range(BOARD_FIRST, BOARD_FIRST + self.fields_count)
        # The results column a row's field is read from: the board, or (sections) a hidden key.
        self.key = "AQ" if sections else "A"
        self.slots = tables  # real results a board can hold on the per-board sheet
        self.setup = quote_sheetname(book.t("setup"))
        self.results = quote_sheetname(book.t("results"))
        self.per_board = quote_sheetname(book.t("board_sheet"))
        # Hidden Setup cells every formula uses (column R).
        self.limit = f"{self.setup}!$R$6"  # the highest board number
        self.factor = f"{self.setup}!$R$7"  # 1 on the 2/1/0 scale, 0.5 on 1/½/0
        self.scoring = f"{self.setup}!$R$8"  # 1 MP, 2 cross-IMPs, 3 Butler
        self.averaged = f"{self.setup}!$R$9"  # 1 cross-IMPs averaged, 0 summed
        self.neuberg = f"{self.setup}!$R$10"  # 1 Neuberg, 0 raw
        self.expected = f"{self.setup}!$R$11"  # N: the results a board is expected to have
        self.rule = f"{self.setup}!$R$12"  # 1 the session rule applies
        self.fields = f"{self.setup}!$R$13"  # 1 or 2
        # Other programs' conventions (docs/rules.md §7), each off when blank.
        self.ties = f"{self.setup}!$R$14"  # 1: a missing result counts as a tie, not Neuberg
        self.decimals = f"{self.setup}!$R$15"  # each result's matchpoints rounded to so many decimals, "" not
        self.scale_to = f"{self.setup}!$R$16"  # each pair's total scaled to so many boards, "" not
        self.per_comparison = f"{self.setup}!$R$17"  # cross-IMPs: an adjusted score's IMPs a comparison, "" not
        self.within = f"{self.setup}!$R$19"  # sections: 1 within each section, 0 across the field
        # The per-board sheet: counts, top, datum, then two grids of the real NS scores.
        self.grid = 8  # first column of the text grid ("" in empty slots)
        self.grid2 = self.grid + self.slots + 1  # numeric grid (0 in empty slots)
        self.weighted = weighted.locate(book, self.fields_count)
        self.hands = hands.Hands(book, range(1, boards + 1))

    def expected_of(self, key: str) -> str:
        """The results a field is expected to have (Neuberg's N): Setup's, or (sections) the
        field's own from the per-board sheet (within sections each section has its own)."""
        return self.board_of(key, "F") if self.sections else self.expected

    @property
    def mp(self) -> str:
        """TRUE under matchpoint scoring."""
        return f"{self.scoring}=1"

    def col(self, column: str) -> str:
        """A column of the results table, e.g. ``Results!$A$5:$A$1084``."""
        return f"{self.results}!${column}${self.rows[0]}:${column}${self.rows[-1]}"

    def pcol(self, column: str) -> str:
        """A column of the pair list on the setup sheet."""
        return f"{self.setup}!${column}${self.pair_rows[0]}:${column}${self.pair_rows[-1]}"

    def bcol(self, column: str) -> str:
        """A column of the per-board sheet, a row per board."""
        first, last = self.board_rows[0], self.board_rows[-1]
        return f"{self.per_board}!${column}${first}:${column}${last}"

    def grid_ref(self, start: int) -> str:
        """One of the per-board grids: a row per board, a column per result."""
        first, last = get_column_letter(start), get_column_letter(start + self.slots - 1)
        return (f"{self.per_board}!${first}${self.board_rows[0]}:"
                f"${last}${self.board_rows[-1]}")

    def board_of(self, board: str, column: str) -> str:
        """A per-board figure of board ``board`` (a cell holding a valid number)."""
        return f"INDEX({self.bcol(column)},{board})"

    def grid_row(self, board: str, start: int) -> str:
        """The real NS scores of board ``board``, as a row of one of the grids."""
        return f"INDEX({self.grid_ref(start)},{board},0)"

    def played_mp(self, score: str, board: str) -> str:
        """Raw matchpoints (2/1/0) of ``score`` against board ``board``'s played results
        (its own among them, if it is one: 1 too many)."""
        played = self.grid_row(board, self.grid)
        return f'2*COUNTIF({played},"<"&{score})+COUNTIF({played},{score})'

    def cross_played(self, score: str, board: str) -> str:
        """Cross-IMPs (summed) of ``score`` against board ``board``'s played results: the
        numeric grid, only its first n slots counting."""
        row = self.grid_row(board, self.grid2)
        slots = (f"{self.per_board}!${get_column_letter(self.grid2)}$1:"
                 f"${get_column_letter(self.grid2 + self.slots - 1)}$1")
        return (f"SUMPRODUCT(({slots}<={self.board_of(board, 'B')})*SIGN({score}-{row})"
                f"*(MATCH(ABS({score}-{row}),tblImpLow,1)-1))")

    def butler(self, score: str, board: str) -> str:
        """Butler IMPs of ``score`` against board ``board``'s datum."""
        return f.imps(f"({score}-N({self.board_of(board, 'E')}))")


def _setup(book: Book, layout: _Layout, pair_list: list, scale: int, movement: Movement | None) -> Worksheet:
    t = book.t
    ws = book.sheet(t("setup"), (18, 27, 7.5, 7, 8, 8, 8, 8, 10, 10.5))
    book.merge(ws, "A1:I1", t("title"), styles.TITLE)
    ws.row_dimensions[1].height = 22
    label = styles.LABEL
    book.put(ws, "A3", t("event"), label)
    book.event_inputs(ws, "B3:I3", "B4")
    book.put(ws, "A4", t("date"), label)
    left = styles.INPUT.but(horizontal="left")
    note = styles.NOTE.but(wrap=True)

    def option(row: int, key: str, name: str, value: object, rule: Rule) -> None:
        book.put(ws, f"A{row}", t(key), label)
        book.put(ws, f"B{row}", value, left)
        book.define(name, ws, f"B{row}")
        book.validate(ws, f"B{row}", rule)
        if t.has(f"{key}_note"):
            book.merge(ws, f"C{row}:I{row}", t(f"{key}_note"), note)
        ws.row_dimensions[row].height = 24

    movements = layout.movements
    if movement is not None and len(set(movements)) > 1:  # each section's own, in one line that wraps
        text = f"{t('movement')}: " + "; ".join(f"{section}: {cards.describe(m, t)}"
                                                 for section, m in zip(layout.sections, movements, strict=True))
        book.merge(ws, "A2:I2", text, styles.LABEL.but(wrap=True))
        ws.row_dimensions[2].height = cards.height(cards.lines(text, 100, bold=True))  # a bold label
        book.define("MovementText", ws, "A2")
    elif movement is not None:
        book.merge(ws, "A2:I2", f"{t('movement')}: {cards.describe(movement, t)}", styles.LABEL)
        book.define("MovementText", ws, "A2")
    size = (movement.tables, movement.boards) if movement is not None else (None, None)
    if layout.unequal:  # TableCount is every section's tables together, each section's beside it
        size = (layout.tables, layout.boards if movement is not None else None)
    option(5, "tables", "TableCount", size[0], book.rule_whole(1, layout.tables))
    option(6, "boards", "BoardCount", size[1], book.rule_whole(1, layout.boards))
    if layout.unequal:
        book.merge(ws, "C5:I5", ", ".join(f"{s} {n}" for s, n in zip(layout.sections, layout.sizes, strict=True)),
                   note)
        if len({m.boards for m in movements}) > 1:
            book.merge(ws, "C6:I6", ", ".join(f"{s} 1-{m.boards}" for s, m in zip(layout.sections, movements,
                                                                                   strict=True)), note)
    option(7, "scale", "MPScale", scale, book.rule_scale())
    book.merge(ws, "C7:I7", t("scale_note"), note)
    # The options' words in the book's language (the dropdowns), and every language's word
    # with its position for the helpers below.
    for choice in OPTIONS:
        choice.add(book)
    option(8, "scoring", "Scoring", SCORING.word(Scoring.MP, book.lang), SCORING.rule(book, t("scoring_note")))
    option(9, "crossimps", "CrossIMPsMode", CROSS_IMPS.word("average", book.lang),
           CROSS_IMPS.rule(book, t("crossimps_note")))
    yes = YES_NO.word(True, book.lang)
    option(10, "neuberg", "UseNeuberg", yes, YES_NO.rule(book, t("err_yes_no")))
    option(11, "expected", "ExpectedResults", None, book.rule_whole(1, layout.tables * 2))
    option(12, "session_rule", "SessionRule", yes, YES_NO.rule(book, t("err_yes_no")))
    two_winners = movement is not None and all(m.kind == MITCHELL and not m.arrow_switch for m in layout.movements)
    option(13, "fields", "Fields", 2 if two_winners else 1, Rule("list", '"1,2"', message=t("fields_note")))
    # The most rows a board has, counted from the results, not as the per-board sheet's largest
    # count; and the note beside it counts them itself, not from the hidden cell. With either
    # road, LibreOffice's threaded formula groups saw a cycle where there is none and showed
    # Err:522 in every figure of some sizes (6x18, 8x16, 30x18 ...; issue 19).
    most = f'SUMPRODUCT(MAX(COUNTIFS({layout.col(layout.key)},{layout.bcol("A")},{layout.col("S")},">0")))'
    automatic = f'"{t("expected_auto")}"&{most}'
    if layout.sections:
        # Within sections each section's boards are factored to its own most: say each one's
        # (counted from the results as `most` is, each over its section's fields).
        def most_in(index: int) -> str:
            first = BOARD_FIRST + index * layout.boards
            fields = f"{layout.per_board}!$A${first}:$A${first + layout.boards - 1}"
            return f'SUMPRODUCT(MAX(COUNTIFS({layout.col(layout.key)},{fields},{layout.col("S")},">0")))'

        each = '&", "&'.join(f'"{section} "&{most_in(index)}' for index, section in enumerate(layout.sections))
        automatic = f'IF(R19=1,"{t("expected_auto")}"&{each},{automatic})'
    book.merge(ws, "C11:I11",
               f'IF(ISNUMBER(B11),IF(B11<{most},"{t("expected_few")}"&{most},""),{automatic})',
               styles.NOTE.but(color="C00000"), formula=True)
    option(14, "missing_as_ties", "MissingAsTies", YES_NO.word(False, book.lang), YES_NO.rule(book, t("err_yes_no")))
    option(15, "mp_decimals", "MPDecimals", None, book.rule_whole(0, 3))
    option(16, "scale_to", "ScaleToBoards", None, book.rule_whole(1, layout.boards * 4))
    option(17, "adjusted_imps", "AdjustedIMPs", None, Rule("decimal", "0", "30", "between", t("adjusted_imps_note")))
    if layout.sections:
        SECTION_SCORING.add(book)
        option(19, "section_scoring", "SectionScoring", SECTION_SCORING.word(True, book.lang),
               SECTION_SCORING.rule(book, t("section_scoring_note")))
        book.formula(ws, "R19", f"IF({switch(SECTION_SCORING, 'B19')}=1,0,1)", styles.HIDDEN)
        # The sections, for the checks (hidden: column Q beside the helpers).
        for index, name in enumerate(layout.sections):
            ws[f"Q{6 + index}"] = name
        book.define("Sections", ws, f"Q6:Q{5 + len(layout.sections)}")
    if t("options_note"):
        book.merge(ws, "A18:I18", t("options_note"), styles.NOTE.but(wrap=True))
        ws.row_dimensions[18].height = 24
    # Hidden helpers every formula uses (the options read by position, in any language's word).
    helpers = {
        6: f'IF(B6="",{layout.boards},B6)',
        7: f.half_scale("B7"),
        8: method_index("B8"),
        9: switch(CROSS_IMPS, "B9"),
        10: switch(YES_NO, "B10"),
        11: "IF(ISNUMBER(B11),B11,R18)",
        18: most,
        12: switch(YES_NO, "B12"),
        13: 'IF(OR(B13=2,B13="2"),2,1)',
        14: f'IF(B14="",0,{switch(YES_NO, "B14")})',
        15: 'IF(ISNUMBER(B15),B15,"")',
        16: 'IF(ISNUMBER(B16),B16,"")',
        17: 'IF(ISNUMBER(B17),B17,"")',
    }
    for row, formula in helpers.items():
        book.formula(ws, f"R{row}", formula, styles.HIDDEN)

    # Progress: results entered (of those the movement gives, or tables x boards) and rows to check.
    entered, flagged = 19 + layout.shift, 20 + layout.shift
    book.put(ws, f"A{entered}", t("entered"), label)
    book.formula(ws, f"C{entered}", f"COUNT({layout.col('S')})", styles.TOTAL.but(size=10))
    book.define("ResultsEntered", ws, f"C{entered}")
    book.put(ws, f"D{entered}", t("of"), styles.PLAIN.but(horizontal="center"))
    sections = f"*{len(layout.sections)}" if layout.sections else ""  # TableCount is a section's tables
    if layout.unequal:
        # Each section's own results (hidden, column Z beside the sections' names): its movement's,
        # or its tables x the boards in a blank book.
        for index, count in enumerate(layout.sizes):
            own = (len(movements[index].results()) if movements
                   else f'IF(ISNUMBER(B6),B6,{layout.boards})*{count}')
            book.formula(ws, f"Z{6 + index}", str(own), styles.HIDDEN)
        book.formula(ws, f"E{entered}", f"SUM(Z6:Z{5 + len(layout.sizes)})", styles.OUTPUT)
    elif movement is not None:  # the movement's own results: a skip Mitchell plays fewer than tables x boards
        book.formula(ws, f"E{entered}", str(len(movement.results()) * max(1, len(layout.sections))), styles.OUTPUT)
    else:
        book.formula(ws, f"E{entered}", f'IF(OR(B5="",B6=""),"",B5*B6{sections})', styles.OUTPUT)
    book.put(ws, f"A{flagged}", t("flagged"), label)
    book.formula(ws, f"C{flagged}", f'COUNTIF({layout.col("M")},"?*")',
                 styles.TOTAL.but(size=10, color="C00000"))
    book.define("ResultsFlagged", ws, f"C{flagged}")

    # The pair list, with each pair's totals.
    head = layout.pair_head
    book.merge(ws, f"A{head - 1}:I{head - 1}", t("pairs_note"), styles.NOTE)
    for column, key in zip("ABCDEFGHIJ", ("pair", "name", "field", "played", "mp", "top", "percent",
                                          "imps", "check", "penalty"), strict=True):
        book.put(ws, f"{column}{head}", t(key), styles.HEAD)
    rows = layout.pair_rows
    book.column(ws, "A", rows, None, styles.INPUT, name="PairNumber",
                rule=book.rule_whole(1, MAX_PAIR, "err_pair"))
    book.column(ws, "B", rows, None, styles.INPUT_TEXT, name="PairName",
                rule=book.rule_text(NAME_LENGTH))
    # A procedural penalty (Law 90): matchpoints, or IMPs in IMP scoring, taken from the total.
    book.column(ws, "J", rows, None, styles.INPUT.but(number_format=styles.POINTS), name="PairPenalty",
                rule=Rule("decimal", "-1000", "1000", "between", t("err_penalty")))
    # A handicap (docs/rules.md §17): percentage points added for the handicapped ranking.
    # Column S: the next one shown after the hidden helpers K-R.
    book.put(ws, f"S{head}", t("handicap"), styles.HEAD)
    ws.column_dimensions["S"].width = 9
    book.column(ws, "S", rows, None, styles.INPUT.but(number_format=styles.POINTS), name="PairHandicap",
                rule=Rule("decimal", "-50", "50", "between", t("err_handicap")))
    if layout.sections:  # the pair's section (W), shown after the handicap; X hidden: section|number
        book.put(ws, f"W{head}", t("section"), styles.HEAD)
        ws.column_dimensions["W"].width = 8
        book.column(ws, "W", rows, None, styles.INPUT, name="PairSection",
                    rule=Rule("list", '"' + ",".join(layout.sections) + '"', message=", ".join(layout.sections)))
        book.column(ws, "X", rows, lambda r: f'IF(A{r}="","",W{r}&"|"&A{r})', styles.HIDDEN)
        for row, (section, *_rest) in zip(rows, pair_list, strict=False):
            ws[f"W{row}"].value = section
        pair_list = [tuple(pair[1:]) for pair in pair_list]
    for row, (number, name, *more) in zip(rows, pair_list, strict=False):
        ws[f"A{row}"].value = number
        set_value(ws[f"B{row}"], name)  # a name is text, even "=HYPERLINK(...)"
        if more and more[0] is not None:
            ws[f"J{row}"].value = more[0]
        if len(more) > 1 and more[1] is not None:
            ws[f"S{row}"].value = more[1]

    ns, ew, kind = layout.col("B"), layout.col("C"), layout.col("S")
    sections = layout.col("AP")

    def insec(r: int) -> str:  # sections: a pair's rows are those of its section too
        return f",{sections},W{r}" if layout.sections else ""

    def sumif(side: str, r: int, values: str) -> str:
        if layout.sections:
            return f"SUMIFS({values},{side},A{r},{sections},W{r})"
        return f"SUMIF({side},A{r},{values})"

    counted = '"<3"'  # kind 1 (played) or 2 (adjusted), and 4 (weighted): a board the pair has a row on
    book.column(ws, "D", rows,
                lambda r: f'IF(A{r}="","",COUNTIFS({ns},A{r}{insec(r)},{kind},{counted})'
                f"+COUNTIFS({ew},A{r}{insec(r)},{kind},{counted})+COUNTIFS({ns},A{r}{insec(r)},{kind},4)+COUNTIFS({ew},A{r}{insec(r)},{kind},4))",
                styles.OUTPUT.but(number_format=styles.HIDE_ZERO), name="PairBoards")
    book.column(ws, "C", rows,
                lambda r: f'IF(OR(N(D{r})=0,{layout.fields}=1),"",'
                f'IF(COUNTIFS({ns},A{r}{insec(r)},{kind},{counted})+COUNTIFS({ns},A{r}{insec(r)},{kind},4)'
                f'>=COUNTIFS({ew},A{r}{insec(r)},{kind},{counted})+COUNTIFS({ew},A{r}{insec(r)},{kind},4),'
                f'"{t("ns_field")}","{t("ew_field")}"))',
                styles.OUTPUT, name="PairField")
    def scaled(r: int) -> str:  # to the Setup's boards, if any: the boards it sat out at its average
        return f'IF({layout.scale_to}="",1,{layout.scale_to}/D{r})'

    book.column(ws, "E", rows,
                lambda r: f'IF(OR(N(D{r})=0,NOT({layout.mp})),"",({sumif(ns, r, layout.col("I"))}'
                f'+{sumif(ew, r, layout.col("J"))})*{scaled(r)}-N(J{r}))',
                styles.OUTPUT.but(number_format=styles.POINTS), name="PairMP")
    top = layout.col("T")
    book.column(ws, "F", rows,
                lambda r: f'IF(E{r}="","",({sumif(ns, r, top)}+{sumif(ew, r, top)})*{scaled(r)})',
                styles.OUTPUT, name="PairTop")
    # 100 * MP first, then / top: the same rounding in every engine, so ties stay ties.
    book.column(ws, "G", rows,
                lambda r: f'IF(E{r}="","",IF(F{r}=0,50,100*E{r}/F{r}))',
                styles.OUTPUT.but(number_format=styles.PERCENT), name="PairPercent")
    book.column(ws, "H", rows,
                lambda r: f'IF(OR(N(D{r})=0,{layout.mp}),"",({sumif(ns, r, layout.col("K"))}'
                f'+{sumif(ew, r, layout.col("L"))})*{scaled(r)}-N(J{r}))',
                styles.OUTPUT.but(number_format=styles.IMPS), name="PairIMPs")
    numbers = f"$A${rows[0]}:$A${rows[-1]}"

    def twice_listed(r: int) -> str:  # a number listed twice (in its section); a section not the book's
        if layout.sections:
            listed = f"$Q$6:$Q${5 + len(layout.sections)}"
            return f'OR(COUNTIFS({numbers},A{r},$W${rows[0]}:$W${rows[-1]},W{r})>1,ISNA(MATCH(W{r},{listed},0)))'
        return f"COUNTIF({numbers},A{r})>1"

    book.column(ws, "I", rows,
                lambda r: f'IF(A{r}="","",IF(NOT({f.whole_in(f"A{r}", 1, MAX_PAIR)}),'
                f'INDEX(tblFlags,{flag_code("flag_pair") - 1}),'
                f'IF({twice_listed(r)},INDEX(tblFlags,{flag_code("flag_twice") - 1}),"")))',
                styles.FLAG, name="PairCheck")

    # Hidden: the pair's real results (for the session rule), its ranking value, order and place.
    book.column(ws, "K", rows,
                lambda r: f'IF(A{r}="","",{sumif(ns, r, layout.col("AJ"))}+{sumif(ew, r, layout.col("AK"))})',
                styles.HIDDEN)
    book.column(ws, "L", rows,
                lambda r: f'IF(A{r}="","",{sumif(ns, r, layout.col("AL"))}+{sumif(ew, r, layout.col("AM"))})',
                styles.HIDDEN)
    book.column(ws, "M", rows, lambda r: f'IF(N(L{r})>0,100*K{r}/L{r},"")', styles.HIDDEN,
                name="PairRealPercent")
    # Ranked on values rounded to 9 decimals: sums of fractions reach the same value by
    # different roads in different programs, and a tie must stay a tie.
    book.column(ws, "N", rows,
                lambda r: f'IF(N(D{r})=0,"",ROUND(IF({layout.mp},G{r},H{r}),9))', styles.HIDDEN)
    fields = f"$C${rows[0]}:$C${rows[-1]}"
    values = f"$N${rows[0]}:$N${rows[-1]}"

    def better(r: int) -> str:
        return f"SUMPRODUCT(({fields}=C{r})*ISNUMBER({values})*({values}>N{r}))"

    # The ranking order: NS before EW, best first, ties in the list's order. The ranges
    # start at the heading row (text, never equal to a number) so row 1 has one too.
    book.column(ws, "O", rows,
                lambda r: f'IF(N{r}="","",IF(C{r}="{t("ew_field")}",COUNTIF({fields},"{t("ns_field")}"),0)'
                f"+{better(r)}+1+SUMPRODUCT(($C${head}:C{r - 1}=C{r})*($N${head}:N{r - 1}=N{r})))",
                styles.HIDDEN)
    def shared(r: int) -> str:
        return f"SUMPRODUCT(({fields}=C{r})*({values}=N{r}))"

    book.column(ws, "P", rows,
                lambda r: f'IF(N{r}="","",(1+{better(r)})&IF({shared(r)}>1,"-"&({better(r)}+{shared(r)}),""))',
                styles.HIDDEN)
    if layout.sections:  # the place in the pair's section and field (Y), beside the overall one (P)
        ours = f"$W${rows[0]}:$W${rows[-1]}"

        def better_here(r: int) -> str:
            return f"SUMPRODUCT(({fields}=C{r})*({ours}=W{r})*ISNUMBER({values})*({values}>N{r}))"

        def shared_here(r: int) -> str:
            return f"SUMPRODUCT(({fields}=C{r})*({ours}=W{r})*({values}=N{r}))"

        book.put(ws, f"Y{head}", t("section_place"), styles.HEAD)
        ws.column_dimensions["Y"].width = 9
        book.column(ws, "Y", rows,
                    lambda r: f'IF(N{r}="","",(1+{better_here(r)})&IF({shared_here(r)}>1,"-"&({better_here(r)}'
                    f'+{shared_here(r)}),""))', styles.OUTPUT, name="PairSectionPlace")
        book.define("PairPlace", ws, f"P{rows[0]}:P{rows[-1]}")
    _handicapped(book, ws, layout, rows)
    book.hide_columns(ws, ("KLMNOPQRTUVX" + ("Z" if layout.unequal else "")) if layout.sections else "KLMNOPQRTUV")
    book.page(ws, area=f"A1:{'Y' if layout.sections else 'S'}{rows[-1]}", title_rows=f"{head - 1}:{head}")
    return ws


def _handicapped(book: Book, ws: Worksheet, layout: _Layout, rows: range) -> None:
    """Setup's hidden helpers of the handicapped ranking (matchpoints only, once any pair
    has a handicap): T the percentage plus the handicap, U its order, V its place, in each
    field as the scratch ranking's N, O and P."""
    t = book.t
    head = layout.pair_head
    handicaps = f"$S${rows[0]}:$S${rows[-1]}"
    book.column(ws, "T", rows,
                lambda r: f'IF(OR(N{r}="",NOT({layout.mp}),COUNT({handicaps})=0),"",ROUND(G{r}+N(S{r}),9))',
                styles.HIDDEN)
    fields, values = f"$C${rows[0]}:$C${rows[-1]}", f"$T${rows[0]}:$T${rows[-1]}"

    def better(r: int) -> str:
        return f"SUMPRODUCT(({fields}=C{r})*ISNUMBER({values})*({values}>T{r}))"

    def shared(r: int) -> str:
        return f"SUMPRODUCT(({fields}=C{r})*({values}=T{r}))"

    book.column(ws, "U", rows,
                lambda r: f'IF(T{r}="","",IF(C{r}="{t("ew_field")}",COUNTIF({fields},"{t("ns_field")}"),0)'
                f"+{better(r)}+1+SUMPRODUCT(($C${head}:C{r - 1}=C{r})*($T${head}:T{r - 1}=T{r})))",
                styles.HIDDEN)
    book.column(ws, "V", rows,
                lambda r: f'IF(T{r}="","",(1+{better(r)})&IF({shared(r)}>1,"-"&({better(r)}+{shared(r)}),""))',
                styles.HIDDEN)


def _results(book: Book, layout: _Layout, movement: Movement | None) -> Worksheet:
    t = book.t
    ws = book.sheet(t("results"), (6, 5.5, 5.5, 8.5, 4.5, 6.5, 7, 7, 7, 7, 7, 7, 10.5, 2))
    rows, first, last = layout.rows, layout.rows[0], layout.rows[-1]
    fk = layout.key  # the column of a row's field: its board, or (sections) its hidden key
    book.event_heading(ws, 1, book.title, "A", "M", "K:M")
    book.merge(ws, "A2:C2", t("results"), styles.SUBTITLE)
    book.merge(ws, "D2:M2", t("results_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[2].height = 36  # three lines of the note, in every language
    head = styles.HEAD
    for column, key in zip("ABCDEF", ("board", "ns", "ew", "contract", "declarer", "tricks"),
                           strict=True):
        book.merge(ws, f"{column}3:{column}4", t(key), head)
    for columns, key in (("GH", "score"), ("IJ", "matchpoints"), ("KL", "imps")):
        book.merge(ws, f"{columns[0]}3:{columns[1]}3", t(key), head)
        book.put(ws, f"{columns[0]}4", t("ns"), head)
        book.put(ws, f"{columns[1]}4", t("ew"), head)
    book.merge(ws, "M3:M4", t("check"), head)

    pair = book.rule_whole(1, MAX_PAIR, "err_pair")
    book.column(ws, "A", rows, None, styles.INPUT, name="Board",
                rule=book.rule_whole(1, layout.boards, "err_board"))
    book.column(ws, "B", rows, None, styles.INPUT, name="NS", rule=pair)
    book.column(ws, "C", rows, None, styles.INPUT, name="EW", rule=pair)
    # Left: a weighted score (60% 4SN= 40% 4SN-1) is longer than a contract, and it runs on
    # into its row's declarer and tricks, which it leaves blank.
    book.column(ws, "D", rows, None, styles.INPUT.but(horizontal="left"), name="Contract",
                rule=book.rule_entry(weighted=True))
    book.column(ws, "E", rows, None, styles.INPUT, name="Declarer", rule=book.rule_declarer())
    book.column(ws, "F", rows, None, styles.INPUT, name="Tricks", rule=book.rule_tricks())

    boards, ns, ew = (f"$A${first}:$A${last}", f"$B${first}:$B${last}",
                      f"$C${first}:$C${last}")
    sheet = layout.weighted
    pair_numbers = layout.pcol("A")

    sections = f"$AP${first}:$AP${last}"
    pair_keys = layout.pcol("X")  # sections: a pair is section|number

    def pair_of(cell: str, r: int) -> str:  # the pair's position in the pair list (#N/A: none)
        if layout.sections:
            return f'MATCH(AP{r}&"|"&{cell},{pair_keys},0)'
        return f"MATCH({cell},{pair_numbers},0)"

    def pair_bad(r: int) -> str:
        if layout.sections:
            return f.pair_bad(f"B{r}", f"C{r}", lambda cell: f'ISNA(MATCH(AP{r}&"|"&{cell},{pair_keys},0))')
        return f.pair_bad(f"B{r}", f"C{r}", lambda cell: f"ISNA(MATCH({cell},{pair_numbers},0))")

    in_section = (lambda r: f",{sections},AP{r}") if layout.sections else (lambda r: "")

    def twice(r: int) -> str:  # on the row's board (in its section)
        return f.pair_twice(f"B{r}", f"C{r}", lambda cell: f"COUNTIFS({boards},A{r},{ns},{cell}{in_section(r)})"
                            f"+COUNTIFS({boards},A{r},{ew},{cell}{in_section(r)})")

    def status(r: int) -> str:
        blank = f.entry_incomplete(f"O{r}", f"P{r}", f"D{r}", f"E{r}", f"F{r}", (f"A{r}",))
        # A weighted score (AN=1) names each result's declarer itself: no declarer, no tricks.
        entry = [(f"AND(AN{r}<>1,{condition})", flag)
                 for condition, flag in f.entry_checks(f"O{r}", f"P{r}", f"Q{r}", f"D{r}", f"E{r}", f"F{r}")]
        return f.status(f'OR(IF(AN{r}=1,OR(A{r}="",D{r}=""),{blank}),AND(B{r}="",C{r}=""))', [
            (f"NOT({f.whole_in(f'A{r}', 1, layout.limit)})", "flag_board"),
            (f"COUNTIF($A${first}:A{r},A{r})>{layout.slots}", "flag_board"),
            (pair_bad(r), "flag_pair"),
            *([(f'AND(ISNUMBER(A{r}),AQ{r}="")', "flag_pair")] if layout.sections else []),
            # IF, not AND: AND computes every argument, IF counts the board's weighted rows only on one.
            (f"IF(AN{r}=1,IF(AO{r}>{weighted.SLOTS},TRUE,OR(COUNTIFS($A${first}:A{r},A{r},$AN${first}:AN{r},1)"
             f">{weighted.PER_BOARD},{sheet.of_slot(weighted.GOOD, f'AO{r}')}<>1)),FALSE)", "flag_weighted"),
            (f'AND(AN{r}=1,E{r}<>"")', "flag_declarer"),
            (f'AND(AN{r}=1,F{r}<>"")', "flag_tricks"),
            *entry,
            (twice(r), "flag_twice"),
        ])

    hidden = styles.HIDDEN
    if layout.sections:
        # The row's section (shown after Check and the movement's round and table), and its
        # field: the board across the field, the board in its section within sections.
        listed = f"{layout.setup}!$Q$6:$Q${5 + len(layout.sections)}"
        ws.column_dimensions["AP"].width = 7
        book.merge(ws, "AP3:AP4", t("section"), head)
        book.column(ws, "AP", rows, None, styles.INPUT, name="Section",
                    rule=Rule("list", '"' + ",".join(layout.sections) + '"', message=", ".join(layout.sections)))
        book.column(ws, "AQ", rows,
                    lambda r: f'IF(NOT(ISNUMBER(A{r})),"",IFERROR(IF({layout.within}=1,'
                    f'(MATCH(AP{r},{listed},0)-1)*{layout.boards},0)+A{r},""))', hidden)
    # A split score's table result is its contract (AF: its row in tblSplits, 0 if none).
    # Every split score holds a "/" (tests/test_pairs_split_guard.py): only such a cell is looked
    # up, not every contract among the 762 split scores.
    book.column(ws, "AF", rows,
                lambda r: f'IF(ISNUMBER(FIND("/",D{r})),{f.split_index(f"D{r}")},IF(D{r}="","",0))', hidden)
    book.column(ws, "O", rows,
                lambda r: f'IF(N(AF{r})>0,INDEX(tblSplitContract,AF{r}),{f.contract_index(f"D{r}")})', hidden)
    book.column(ws, "P", rows, lambda r: f.row_code_index(f"D{r}"), hidden)
    book.column(ws, "Q", rows, lambda r: f.seat_index(f"E{r}"), hidden)
    book.column(ws, "R", rows, status, hidden)
    # A weighted score: AN 1 when the row is meant as one, AO its number (its slot on the
    # weighted scores' sheet, which reads it).
    book.column(ws, "AN", rows, lambda r: f"IF({f.looks_weighted(f'D{r}')},1,0)", hidden)
    book.column(ws, "AO", rows, lambda r: f'IF(AN{r}=1,COUNTIF($AN${first}:AN{r},1),"")', hidden)
    # The row's kind: 1 played, 2 adjusted, 3 not played, 4 a weighted score.
    book.column(ws, "S", rows, lambda r: f'IF(AND(R{r}=1,AN{r}=1),4,{f.entry_kind(f"R{r}", f"P{r}")})', hidden)
    score = styles.OUTPUT.but(number_format=styles.PLUS_ONLY)
    book.column(ws, "G", rows,
                lambda r: f'IF(S{r}=1,{f.ns_score(f"O{r}", f"Q{r}", f"F{r}", f"A{r}")},"")',
                score, name="ScoreNS")
    book.column(ws, "H", rows, lambda r: f'IF(G{r}="","",-G{r})', score, name="ScoreEW")
    # The board's top, for a played or adjusted row under matchpoints.
    book.column(ws, "T", rows,
                lambda r: f'IF(AND({layout.mp},OR(S{r}=1,S{r}=2,S{r}=4)),{layout.board_of(f"{fk}{r}", "D")},"")',
                hidden, name="BoardTop")
    # A played row's key on its board: board * 10000 + k for its k-th played result.
    book.column(ws, "U", rows,
                lambda r: f'IF(S{r}=1,{fk}{r}*10000+COUNTIFS(${fk}${first}:{fk}{r},{fk}{r},$S${first}:S{r},1),"")',
                hidden)

    # AU: the row's board's results, played and weighted (a row scored has a good board: "" on
    # any other, where nothing reads it). Read from one cell, not looked up in each formula that
    # needs it: LibreOffice's time on a full book grows with its formulas' text (issue 19).
    book.column(ws, "AU", rows, lambda r: f'IF(S{r}="","",{layout.board_of(f"{fk}{r}", "B")}'
                f'+{layout.board_of(f"{fk}{r}", "G")})', styles.HIDDEN)

    def n(r: int) -> str:  # the row's board's results: played and weighted
        return f"AU{r}"

    def weighted_on(r: int) -> str:  # TRUE when the row's board has a weighted score
        return f'{layout.board_of(f"{fk}{r}", "G")}>0'

    # Raw matchpoints on the 2/1/0 scale against the board's results (MP scoring): a played
    # row against the played ones and each weighted score's results, weighted; a weighted
    # score, each of its results the same way, weighted.
    book.column(ws, "V", rows,
                lambda r: f'IF(NOT({layout.mp}),"",IF(S{r}=1,{layout.played_mp(f"G{r}", f"{fk}{r}")}'
                f'-1+IF({weighted_on(r)},{sheet.mp(f"G{r}", f"{fk}{r}")},0),'
                f'IF(S{r}=4,{sheet.of_slot(weighted.RAW, f"AO{r}")},"")))',
                hidden)
    def expected(r: int) -> str:
        return layout.expected_of(f"{fk}{r}")

    book.column(ws, "W", rows,
                lambda r: f'IF(V{r}="","",{layout.factor}*IF({layout.ties}=1,V{r}+{expected(r)}-{n(r)},'
                f'IF({layout.neuberg}=1,{f.neuberg(f"V{r}", expected(r), n(r))},V{r})))', hidden)
    book.column(ws, "X", rows, lambda r: f'IF(W{r}="","",T{r}-W{r})', hidden)
    # The percentage each side is given: by an adjusted score, or by a split score to one
    # side (the other keeps the table result); "" for a side scored on its result.
    for column, side, code in (("AG", "RowNS", 1), ("AH", "RowEW", 2)):
        book.column(ws, column, rows,
                    lambda r, s=side, c=code: f'IF(S{r}=2,INDEX(tbl{s},P{r}),IF(AND(S{r}=1,N(AF{r})>0),'
                    f'IF(INDEX(tblSplitSide,AF{r})={c},INDEX(tblSplitPercent,AF{r}),""),""))', hidden)
    # Each named pair's percentage on its real results, for the session rule (Law 12C2(c)).
    real = layout.pcol("M")
    for column, pair_column, given in (("Y", "B", "AG"), ("Z", "C", "AH")):
        book.column(ws, column, rows,
                    lambda r, p=pair_column, g=given: f'IF(OR({g}{r}="",{p}{r}=""),"",'
                    f'IFERROR(INDEX({real},{pair_of(f"{p}{r}", r)}),""))', hidden)

    def adjusted(given: str, own: str) -> str:
        return (f'IF(OR({layout.rule}=0,{own}="",{given}=50),{given},'
                f'IF({given}=60,MAX(60,{own}),MIN(40,{own})))')

    for column, given, own in (("AA", "AG", "Y"), ("AB", "AH", "Z")):
        book.column(ws, column, rows,
                    lambda r, g=given, o=own: f'IF({g}{r}="","",{adjusted(f"{g}{r}", f"{o}{r}")})', hidden)
    # The real matchpoints and top of each side (not a side given a percentage): the pair's
    # percentage on its real results, for the session rule.
    for column, given, points in (("AJ", "AG", "W"), ("AK", "AH", "X")):
        book.column(ws, column, rows, lambda r, g=given, m=points: f'IF({g}{r}="",{m}{r},"")', hidden)
    for column, given in (("AL", "AG"), ("AM", "AH")):
        book.column(ws, column, rows, lambda r, g=given: f'IF(AND(OR(S{r}=1,S{r}=4),{g}{r}=""),T{r},"")', hidden)
    def rounded(value: str) -> str:  # to the Setup's decimals, if any (as some programs round)
        return f'IF({layout.decimals}="",{value},ROUND({value},{layout.decimals}))'

    book.column(ws, "I", rows,
                lambda r: f'IF(NOT({layout.mp}),"",IF(AA{r}<>"",{rounded(f"T{r}*AA{r}/100")},'
                f'IF(OR(S{r}=1,S{r}=4),{rounded(f"W{r}")},"")))',
                styles.OUTPUT, name="MPNS")
    book.column(ws, "J", rows,
                lambda r: f'IF(NOT({layout.mp}),"",IF(AB{r}<>"",{rounded(f"T{r}*AB{r}/100")},'
                f'IF(OR(S{r}=1,S{r}=4),{rounded(f"X{r}")},"")))',
                styles.OUTPUT, name="MPEW")

    # IMPs: Butler against the board's datum, or cross-IMPs against every real result;
    # adjusted +3 / 0 / -3.
    def averaged(total: str, r: int) -> str:
        return f"IF({layout.averaged}=1,IF({n(r)}>1,({total})/({n(r)}-1),0),{total})"

    # AT: a played row's cross-IMPs summed, once (averaged, they are read twice), "" where unused.
    book.column(ws, "AT", rows,
                lambda r: f'IF(OR({layout.mp},S{r}<>1,{layout.scoring}=3),"",'
                f'{layout.cross_played(f"G{r}", f"{fk}{r}")}'
                f'+IF({weighted_on(r)},{sheet.cross(f"G{r}", f"{fk}{r}")},0))', styles.HIDDEN)

    def cross(r: int) -> str:
        return averaged(f"AT{r}", r)

    imps = styles.OUTPUT
    # AI: North-South's IMPs on the table result (or the weighted score's results, weighted);
    # a side given a percentage gets its IMPs.
    def slot_imps(r: int) -> str:  # a weighted row's IMPs (cross-IMPs summed), from its slot
        return sheet.of_slot(weighted.IMPS, f"AO{r}")

    book.column(ws, "AI", rows,
                lambda r: f'IF(OR({layout.mp},S{r}=""),"",IF(S{r}=1,IF({layout.scoring}=3,'
                f'{layout.butler(f"G{r}", f"{fk}{r}")},{cross(r)}),IF(S{r}<>4,"",IF({layout.scoring}=3,'
                f'{slot_imps(r)},{averaged(slot_imps(r), r)}))))', hidden)
    def given_imps(percent: str, r: int) -> str:
        """A side given a percentage: +3, 0 or -3 IMPs; or, in cross-IMPs with the Setup's
        IMPs a comparison, that many for each comparison (times the comparisons when summed)."""
        return (f'IF(AND({layout.per_comparison}<>"",{layout.scoring}=2),{layout.per_comparison}*({percent}-50)/10'
                f'*IF({layout.averaged}=1,1,{n(r)}),({percent}-50)*3/10)')

    book.column(ws, "K", rows,
                lambda r: f'IF({layout.mp},"",IF(AG{r}<>"",{given_imps(f"AG{r}", r)},'
                f'IF(OR(S{r}=1,S{r}=4),AI{r},"")))',
                imps, name="IMPsNS")
    book.column(ws, "L", rows,
                lambda r: f'IF({layout.mp},"",IF(AH{r}<>"",{given_imps(f"AH{r}", r)},'
                f'IF(OR(S{r}=1,S{r}=4),-AI{r},"")))',
                imps, name="IMPsEW")
    book.column(ws, "M", rows, lambda r: f.flag(f"R{r}"), styles.FLAG, name="Check")
    # Travellers find the k-th row of board b by its key b * 10000 + k.
    book.column(ws, "AC", rows,
                lambda r: f'IF(ISNUMBER(A{r}),A{r}*10000+COUNTIF($A${first}:A{r},A{r}),"")',
                hidden)
    book.hide_columns(ws, ["N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "AA", "AB", "AC",
                           "AF", "AG", "AH", "AI", "AJ", "AK", "AL", "AM", "AN", "AO",
                           *(["AQ"] if layout.sections else []), "AT", "AU"])
    ws.freeze_panes = f"A{first}"
    right = "M"
    if movement is not None:
        _prefill(book, ws, layout, movement)
        right = "AE"
    if layout.sections:
        right = "AP"
    book.page(ws, area=f"A1:{right}{last}", title_rows="1:4")
    return ws


def _prefill(book: Book, ws: Worksheet, layout: _Layout, movement: Movement) -> None:
    """The movement's rows in traveller order, with their round and table (shown after
    Check: the hidden helpers between them neither show nor print), left editable."""
    t = book.t
    rows = layout.rows
    for column, key, name in (("AD", "round", "RoundNo"), ("AE", "table", "TableNo")):
        ws.column_dimensions[column].width = 6.5
        book.merge(ws, f"{column}3:{column}4", t(key), styles.HEAD)
        book.column(ws, column, rows, None, styles.INPUT, name=name,
                    rule=book.rule_whole(1, 99))
    movements = layout.movements or (movement,)
    rows_of = [(section, *row) for section, own in zip(layout.sections or ("",), movements, strict=False)
               for row in own.results()]
    for r, (section, round_no, table, board, ns, ew) in zip(rows, rows_of, strict=False):
        for column, value in zip(("AD", "AE", "A", "B", "C"), (round_no, table, board, ns, ew), strict=True):
            ws[f"{column}{r}"].value = value
        if section:
            ws[f"AP{r}"].value = section


def _boards(book: Book, layout: _Layout) -> Worksheet:
    """The hidden per-board sheet: a row per board with its played results (n), its
    rows (played, adjusted, not played), its top and Butler datum, and its played NS
    scores laid out in a row, twice: as text-blank cells for counting, and as numbers
    (0 in empty slots) for the cross-IMP arithmetic."""
    ws = book.workbook.create_sheet(book.t("board_sheet"))
    ws.sheet_state = "hidden"
    rows = layout.board_rows
    kind, boards = layout.col("S"), layout.col(layout.key)
    for column, text in zip("ABCDEG", ("board", "played", "rows", "top", "datum", "weighted"), strict=True):
        ws[f"{column}1"] = text
    for slot in range(1, layout.slots + 1):
        ws.cell(1, layout.grid + slot - 1, f"#{slot}")
        ws.cell(1, layout.grid2 + slot - 1, slot)
    keys = layout.col("U")
    count = layout.boards
    for row in rows:
        board = row - BOARD_FIRST + 1  # the field: the board, or (sections) the board in a section
        ws[f"A{row}"] = board
        ws[f"B{row}"] = f"=COUNTIFS({boards},{board},{kind},1)"
        ws[f"C{row}"] = f'=COUNTIFS({boards},{board},{kind},">0")'
        ws[f"G{row}"] = f"=COUNTIFS({boards},{board},{kind},4)"  # weighted scores: results too
        expected = layout.expected
        if layout.sections:
            # The results a field is expected to have: Setup's, or the most any board has, in
            # the whole field (across) or in the field's section (within).
            block = (board - 1) // count * count + BOARD_FIRST
            ws[f"F{row}"] = (f"=IF(ISNUMBER({layout.setup}!$B$11),{layout.setup}!$B$11,IF({layout.within}=1,"
                             f"MAX(C{block}:C{block + count - 1}),MAX(C{BOARD_FIRST}:C{rows[-1]})))")
            expected = f"F{row}"
        ws[f"D{row}"] = (f"=2*{layout.factor}*MAX(0,IF(OR({layout.neuberg}=1,{layout.ties}=1),{expected},"
                         f"B{row}+G{row})-1)")
        text = (f"{get_column_letter(layout.grid)}{row}:"
                f"{get_column_letter(layout.grid + layout.slots - 1)}{row}")
        ws[f"E{row}"] = (f'=IF(B{row}=0,"",ROUND(IF(B{row}>2,(SUM({text})-MAX({text})-MIN({text}))'
                         f"/10/(B{row}-2),SUM({text})/10/B{row}),0)*10)")
        for slot in range(1, layout.slots + 1):
            cell = ws.cell(row, layout.grid + slot - 1)
            cell.value = (f'=IF({slot}>B{row},"",IFERROR(INDEX({layout.col("G")},'
                          f'MATCH({board * 10000 + slot},{keys},0)),""))')
            ws.cell(row, layout.grid2 + slot - 1).value = f"=N({cell.coordinate})"
    book.define("BoardSlots", ws, "F1")
    ws["F1"] = layout.slots
    return ws


def _ranking(book: Book, layout: _Layout) -> Worksheet:
    t = book.t
    ws = book.sheet(t("ranking"), (7, 6, 29, 7, 8, 8, 8, 8, 8, 7, 8, 4))
    book.event_heading(ws, 1, book.title, "A", "J", "H:J")
    book.merge(ws, "A2:C2", t("ranking"), styles.SUBTITLE)
    book.merge(ws, "D2:J2", f'IF({layout.mp},"{t("ranking_note")}","{t("ranking_note_imps")}")',
               styles.NOTE.but(wrap=True), formula=True)
    ws.row_dimensions[2].height = 24
    headings = {"A": t("place"), "B": t("pair"), "C": t("name"),
                "D": f'IF({layout.fields}=2,"{t("field")}","")',
                "E": f'IF({layout.mp},"{t("mp")}","")', "F": f'IF({layout.mp},"{t("top")}","")',
                "G": f'IF({layout.mp},"{t("percent")}","")', "H": f'IF({layout.mp},"","{t("imps")}")',
                "I": f'IF({layout.mp},"","{t("per_board")}")', "J": t("played"),
                # Shown when a pair has a procedural penalty (already out of its total).
                "K": f'IF(COUNTIF({layout.pcol("J")},">0")+COUNTIF({layout.pcol("J")},"<0")>0,"{t("penalty")}","")'}
    for column, text in headings.items():
        formula = text.startswith("IF(")
        book.merge(ws, f"{column}3:{column}4", text, styles.HEAD, formula=formula)
    rows = range(RANK_FIRST, RANK_FIRST + layout.pairs)

    # Hidden: the pair's position in the list.
    book.column(ws, "L", rows,
                lambda r: f"IFERROR(MATCH({r - RANK_FIRST + 1},{layout.pcol('O')},0),\"\")",
                styles.HIDDEN)
    book.hide_columns(ws, "L")

    def pick(column: str, text: bool = False):
        source = layout.pcol(column)
        as_text = '&""' if text else ""  # a blank name is "", not 0
        return lambda r: f'IF(L{r}="","",INDEX({source},L{r}){as_text})'

    book.column(ws, "A", rows, pick("P"), styles.OUTPUT.but(bold=True), name="RankPlace")
    book.column(ws, "B", rows, pick("A"), styles.OUTPUT, name="RankPair")
    book.column(ws, "C", rows, pick("B", text=True), styles.OUTPUT_TEXT, name="RankName")
    book.column(ws, "D", rows, pick("C", text=True), styles.OUTPUT, name="RankField")
    book.column(ws, "E", rows, pick("E"), styles.OUTPUT.but(number_format=styles.POINTS), name="RankMP")
    book.column(ws, "F", rows, pick("F"), styles.OUTPUT, name="RankTop")
    book.column(ws, "G", rows, pick("G"), styles.OUTPUT.but(number_format=styles.PERCENT,
                                                            bold=True), name="RankPercent")
    book.column(ws, "H", rows, pick("H"), styles.OUTPUT.but(number_format=styles.IMPS, bold=True),
                name="RankIMPs")
    book.column(ws, "I", rows, lambda r: f'IF(OR(L{r}="",H{r}=""),"",H{r}/IF({layout.scale_to}="",J{r},'
                f'{layout.scale_to}))',
                styles.OUTPUT.but(number_format=styles.IMPS), name="RankIMPsPerBoard")
    book.column(ws, "J", rows, pick("D"), styles.OUTPUT, name="RankBoards")
    penalty = layout.pcol("J")
    book.column(ws, "K", rows, lambda r: f'IF(L{r}="","",IF(N(INDEX({penalty},L{r}))=0,"",INDEX({penalty},L{r})))',
                styles.OUTPUT.but(number_format=styles.POINTS), name="RankPenalty")
    right = "S"
    if layout.sections:
        # Who is who: the pair's section, and its place there (the section tops), beside the
        # overall ranking; the handicapped ranking moves three columns right.
        ws.column_dimensions["M"].width = 2
        for column, key, source, name in (("N", "section", "W", "RankSection"),
                                          ("O", "section_place", "Y", "RankSectionPlace")):
            ws.column_dimensions[column].width = 9
            book.merge(ws, f"{column}3:{column}4", t(key), styles.HEAD)
            book.column(ws, column, rows, pick(source, text=True), styles.OUTPUT.but(bold=column == "N"), name=name)
    _handicap_ranking(book, ws, layout, rows, shift=3 if layout.sections else 0)
    if layout.sections:
        right = "X"
    book.page(ws, area=f"A1:{right}{rows[-1]}", title_rows="1:4", one_page=True)
    return ws


def _handicap_ranking(book: Book, ws: Worksheet, layout: _Layout, rows: range, shift: int = 0) -> None:
    """The handicapped ranking beside the scratch one (columns N-S, T hidden; ``shift``
    columns further right in a sectioned book, with the pair's section after them): each
    pair's percentage plus its handicap, best first in each field, shown under matchpoint
    scoring once any pair has a handicap (docs/rules.md §17)."""
    t = book.t

    def at(column: str) -> str:  # the sheet's column, shifted (the pair list's are not)
        return get_column_letter(column_index_from_string(column) + shift)

    shown = f'AND({layout.mp},COUNT({layout.pcol("S")})>0)'
    for column, width in zip("MNOPQRST", (2, 7, 6, 29, 7, 9, 9, 4), strict=True):
        ws.column_dimensions[at(column)].width = width
    book.merge(ws, f"{at('N')}2:{at('S')}2", f'IF({shown},"{t("handicap_ranking")}","")', styles.SUBTITLE,
               formula=True)
    headings = {"N": f'"{t("place")}"', "O": f'"{t("pair")}"', "P": f'"{t("name")}"',
                "Q": f'IF({layout.fields}=2,"{t("field")}","")', "R": f'"{t("handicap")}"',
                "S": f'"{t("handicap_percent")}"'}
    for column, text in headings.items():
        book.merge(ws, f"{at(column)}3:{at(column)}4", f'IF({shown},{text},"")', styles.HEAD, formula=True)
    row_of = at("T")  # hidden: the pair's row in the pair list
    book.column(ws, row_of, rows,
                lambda r: f"IFERROR(MATCH({r - RANK_FIRST + 1},{layout.pcol('U')},0),\"\")", styles.HIDDEN)
    book.hide_columns(ws, row_of)

    def pick(column: str, text: bool = False):
        source = layout.pcol(column)
        as_text = '&""' if text else ""
        return lambda r: f'IF({row_of}{r}="","",INDEX({source},{row_of}{r}){as_text})'

    book.column(ws, at("N"), rows, pick("V"), styles.OUTPUT.but(bold=True), name="HandicapPlace")
    book.column(ws, at("O"), rows, pick("A"), styles.OUTPUT, name="HandicapPair")
    book.column(ws, at("P"), rows, pick("B", text=True), styles.OUTPUT_TEXT, name="HandicapName")
    book.column(ws, at("Q"), rows, pick("C", text=True), styles.OUTPUT, name="HandicapField")
    handicap = layout.pcol("S")
    book.column(ws, at("R"), rows, lambda r: f'IF({row_of}{r}="","",N(INDEX({handicap},{row_of}{r})))',
                styles.OUTPUT.but(number_format=styles.POINTS), name="HandicapGiven")
    book.column(ws, at("S"), rows, pick("T"), styles.OUTPUT.but(number_format=styles.PERCENT, bold=True),
                name="HandicapPercent")
    if layout.sections:  # after the hidden column: the pair's section
        section = at("U")
        ws.column_dimensions[section].width = 8
        book.merge(ws, f"{section}3:{section}4", f'IF({shown},"{t("section")}","")', styles.HEAD, formula=True)
        book.column(ws, section, rows, pick("W", text=True), styles.OUTPUT, name="HandicapSection")


def _travellers(book: Book, layout: _Layout) -> Worksheet:
    """One block per board, one page each: the board's hand diagram, double-dummy table and
    par from the Hands sheet (blank without a deal), then the board's rows of the results
    table, found by their key (board * 10000 + k) in hidden column A. Matchpoints or IMPs,
    as the event is scored, and each result's difference from par: North-South's score less
    the par score, in points under matchpoints, in IMPs under IMP scoring."""
    t = book.t
    ws = book.sheet(t("travellers"), (2, 5, 7, 7, 10, 7.5, 7, 8, 8, 7.5, 7.5, 7, 11))
    keys = layout.col("AC")
    height = TRAVELLER_ROWS + layout.tables + 1
    breaks = []
    head = styles.HEAD
    for board in range(1, layout.boards + 1):
        top = 1 + (board - 1) * height
        rows = range(top + TRAVELLER_ROWS, top + TRAVELLER_ROWS + layout.tables)
        book.event_heading(ws, top, book.title, "B", "M", "K:M")
        big = styles.Style(size=13, bold=True)
        book.merge(ws, f"B{top + 1}:D{top + 1}", f"{t('board')} {board}", big)
        book.merge(ws, f"E{top + 1}:F{top + 1}",
                   f"{t('dealer')}: {board_dealer(board)}", styles.LABEL)
        book.merge(ws, f"G{top + 1}:I{top + 1}",
                   f"{t('vulnerable')}: {t.vulnerability(board_vul(board))}", styles.LABEL)
        book.merge(ws, f"J{top + 1}:M{top + 1}",
                   f'IF(OR(NOT({layout.mp}),{layout.board_of(board, "C")}=0),"",'
                   f'"{t("top")} "&{layout.board_of(board, "D")})',
                   styles.LABEL.but(horizontal="right"), formula=True)
        ws.row_dimensions[top + 1].height = 20
        hands.diagram(book, ws, layout.hands, board, top + 2, "BCDEFGHIJKL")
        heading = rows[0] - 2
        first_key = "section" if layout.sections else "row"
        if layout.sections:  # the section's word, not a row number: as wide as it needs
            ws.column_dimensions["B"].width = 8
        for column, key in zip("BCDEFG", (first_key, "ns", "ew", "contract", "declarer", "tricks"),
                               strict=True):
            book.merge(ws, f"{column}{heading}:{column}{heading + 1}", t(key), head)
        book.merge(ws, f"H{heading}:I{heading}", t("score"), head)
        book.merge(ws, f"J{heading}:K{heading}",
                   f'IF({layout.mp},"{t("matchpoints")}","{t("imps")}")', head, formula=True)
        for column, key in zip("HIJK", ("ns", "ew", "ns", "ew"), strict=True):
            book.put(ws, f"{column}{heading + 1}", t(key), head)
        book.merge(ws, f"L{heading}:L{heading + 1}", f'IF(ISNUMBER({layout.hands.cell("par", board)}),'
                   f'"{layout.hands.t("vs_par")} ("&IF({layout.mp},"{t("ns")}","{t("imps")}")&")","")',
                   head, formula=True)
        book.merge(ws, f"M{heading}:M{heading + 1}", t("check"), head)
        book.column(ws, "A", rows,
                    lambda r, b=board, first=rows[0]:
                    f'IFERROR(MATCH({b * 10000 + r - first + 1},{keys},0),"")',
                    styles.HIDDEN)
        if layout.sections:  # a pair is its section and number: the row's section instead of its number
            book.column(ws, "B", rows, _copy(layout.col("AP"), True), styles.OUTPUT)
        else:
            book.column(ws, "B", rows, lambda r, first=rows[0]: r - first + 1, styles.FIXED)
        for column, source, text in (("C", "B", False), ("D", "C", False), ("E", "D", True),
                                     ("F", "E", True), ("G", "F", False)):
            weighted_word = t("weighted_short") if source == "D" else None
            book.column(ws, column, rows, _copy(layout.col(source), text, weighted_word), styles.OUTPUT)
        plus = styles.OUTPUT.but(number_format=styles.PLUS_ONLY)
        for column, source, style in (("H", "G", plus), ("I", "H", plus), ("M", "M", styles.FLAG)):
            cells = layout.col(source)
            book.column(ws, column, rows,
                        lambda r, c=cells: f'IF($A{r}="","",INDEX({c},$A{r}))', style)
        for column, mp, imp in (("J", "I", "K"), ("K", "J", "L")):
            points, imps = layout.col(mp), layout.col(imp)
            book.column(ws, column, rows,
                        lambda r, a=points, b=imps:
                        f'IF($A{r}="","",IF({layout.mp},INDEX({a},$A{r}),INDEX({b},$A{r})))',
                        styles.OUTPUT)
        book.column(ws, "L", rows, lambda r, b=board: layout.hands.par_difference(f"H{r}", b, f"NOT({layout.mp})"),
                    styles.OUTPUT.but(number_format=styles.SIGNED))
        # Under the table, the board's weighted scores in full (too long for a contract's cell).
        # A sectioned book scored within sections keeps each section's board apart: each listed.
        fields = [board + index * layout.boards for index in range(max(1, len(layout.sections)))]
        book.merge(ws, f"B{rows[-1] + 1}:M{rows[-1] + 1}",
                   "&".join(layout.weighted.listed(board, keys, f'{t("weighted_scores")}:', field) for field in fields),
                   styles.NOTE.but(size=9), formula=True)
        breaks.append(rows[-1] + 1)
    book.hide_columns(ws, "A")
    last = layout.boards * height
    book.page(ws, area=f"A1:M{last}", breaks=breaks[:-1])
    return ws


def _copy(cells: str, text: bool, weighted: str | None = None):
    """A traveller cell copying an input of the results row whose index is in column A; the
    contract's, with ``weighted``, shows that word for a weighted score (listed in full below)."""
    if weighted is not None:
        return (lambda r: f'IF($A{r}="","",IF(ISNUMBER(FIND("%",INDEX({cells},$A{r}))),"{weighted}",'
                f'INDEX({cells},$A{r})&""))')
    if text:
        return lambda r: f'IF($A{r}="","",INDEX({cells},$A{r})&"")'
    # INDEX of a blank input is 0: show a blank.
    return lambda r: f'IF($A{r}="","",IF(INDEX({cells},$A{r})="","",INDEX({cells},$A{r})))'
