"""The paperwork of a movement, in a pairs workbook: the movement itself, and the cards
the players and the director print (table cards, guide cards, paper travellers,
personal score cards).

Every card is laid out from :func:`xlbridge.engine.movement`'s rows when the
workbook is written (values, not formulas: a card is what was printed), one card a
page or two a page for short ones, so that a page cuts or folds into cards. The
Movement sheet's columns are defined names (``MoveRound``, ``MoveTable``, ``MoveNS``,
``MoveEW``, ``MoveBoards``; ``MoveSection`` first when sections run movements of their own)
that ``xlbridge check`` compares the results with; below
them, the set-up: the relay (or bye) stands of :meth:`Movement.stands` and the sets that
start on each table and stand.

Nothing prints cut off, in any language: every text wraps in its cell, a column is at
least as wide as its longest word and a row as high as its wrapped lines, both measured
by :func:`text_width` (generous: tests/test_cards_print.py checks the printed PDF).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import Movement, board_dealer, board_vul
from . import styles
from .book import Book
from .i18n import Labels, plural

ROW_HEIGHT = 17.0  # points: room to write on a printed card
# Points of rows that fit half a portrait page inside its margins (0.75 inch top and
# bottom, see page.py), less a little for LibreOffice's and Excel's rounding.
HALF_PAGE = {"A4": (842.0 - 108.0) / 2 - 10, "Letter": (792.0 - 108.0) / 2 - 10}
SPACER = 12.75  # the blank row between two cards (the default height)
LINE = 1.25  # a line of wrapped text, in points per point of font size


@dataclass(frozen=True)
class Card:
    """One printed card: a title line, column headings and rows of values."""

    title: str
    subtitle: str
    header: Sequence[str]
    rows: Sequence[Sequence[object]]


def boards_text(boards: Sequence[int]) -> str:
    """``4-6`` for a run of boards, ``7`` for one.

    >>> boards_text((4, 5, 6)), boards_text((7,))
    ('4-6', '7')
    """
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"


def text_width(text: str, size: float = styles.SIZE, bold: bool = False) -> float:
    """How wide ``text`` prints, in column-width units (one unit: a digit of the default
    font), generously: capitals and wide Cyrillic letters count more than a digit, so
    what fits here fits on paper (a test checks the printed PDF).

    >>> text_width("4-6"), text_width("4-6", bold=True) > text_width("4-6")
    (2.65, True)
    """
    units = 0.0
    for c in text:
        if c.isdigit():
            units += 1.0
        elif c in " .,:;'!|ijlI":
            units += 0.5
        elif c in "frt()-":
            units += 0.65
        elif c in "mwMWжшщыюмфЖШЩЫЮМФ":
            units += 1.45
        else:
            units += 1.25 if c.isupper() else 0.95
    return round(units * size / styles.SIZE * (1.1 if bold else 1.0), 2)


def lines(text: object, width: float, size: float = styles.SIZE, bold: bool = False) -> int:
    """How many lines ``text`` wraps to in a column ``width`` units wide (a word longer
    than the column counts as the lines it would need, so that callers widen instead).

    >>> lines("relay stand A, then table 3", 13), lines("7", 8)
    (2, 1)
    """
    room = width - 1.0  # the cell's padding either side
    count, used = 1, 0.0
    for word in str(text).split():
        need = text_width(word, size, bold)
        if used and used + text_width(" ", size, bold) + need <= room:
            used += text_width(" " + word, size, bold)
            continue
        if used:
            count += 1
        extra = int(need // room) if need > room else 0
        count += extra
        used = need - extra * room
    return count


def height(count: int, size: float = styles.SIZE) -> float:
    """A row's height in points for ``count`` lines of text, at least :data:`ROW_HEIGHT`.

    >>> height(1), height(2)
    (17.0, 29.5)
    """
    return max(ROW_HEIGHT, round(count * LINE * size + 4.5, 2))


def stand_name(movement: Movement, t: Labels, name: str, numbered: bool = False) -> str:
    """A stand in the field's words: a relay Mitchell's one *bye stand* (the ACBL's
    word), a Howell's *relay stand A*, *B*, ... (the engine's :meth:`Movement.stands`), or,
    ``numbered`` (a book of sections A, B ..., where *relay stand A* could be read as section
    A's), *relay stand 1*, *2*, ...

    >>> from xlbridge.engine import movement
    >>> t = Labels("en", "pairs")
    >>> stand_name(movement("mitchell", 4, 8, variant="relay"), t, "A"), stand_name(movement("howell", 4, 7), t, "B")
    ('bye stand', 'relay stand B')
    >>> stand_name(movement("howell", 4, 7), t, "B", numbered=True)
    'relay stand 2'
    """
    if movement.kind == "mitchell" and len(movement.stands()) == 1:
        return t("stand_bye")
    return t("stand_relay", stand=ord(name) - ord("A") + 1 if numbered else name)


def describe(movement: Movement, t: Labels) -> str:
    """The movement in words, in the book's language (in English as ``str(movement)``).

    >>> from xlbridge.engine import movement
    >>> describe(movement("mitchell", 8, 24), Labels("fi", "pairs"))
    'Mitchell, 8 pöytää (ohitus), 16 paria: 7 kierrosta, 3 jakoa kierroksessa'
    """
    count = movement.per_round
    word = t(f"boards_{plural(count, t.lang)}")
    arrow = ""
    if movement.arrow_switch:
        rounds = ", ".join(map(str, movement.arrow_switch))
        arrow = t("arrow_1" if len(movement.arrow_switch) == 1 else "arrow_n", rounds=rounds)
    return t("movement_text", kind=t(f"kind_{movement.kind}"), tables=movement.tables,
             variant=t(f"variant_{movement.variant}") if movement.variant else "", pairs=movement.pairs,
             rounds=movement.rounds, per_round=count, boards_word=word, arrow=arrow)


def build(book: Book, movement: Movement | Sequence[Movement], sections: Sequence[str] = ()) -> None:
    """Add the movement sheet and the four card sheets to a pairs workbook.

    With ``sections`` (``("A", "B")``) each card is printed once a section, its title naming
    it ("Section A, Table 3"). ``movement`` one movement, which every section runs (the
    Movement sheet is the one every section follows), or one a section, each section's cards
    from its own (the Movement sheet then lists each section's rows, ``MoveSection`` naming
    the section, and each section's set-up)."""
    t = book.t
    movements = (movement,) * max(1, len(sections)) if isinstance(movement, Movement) else tuple(movement)
    if len(movements) != max(1, len(sections)):
        raise ValueError(f"{len(movements)} movements for {len(sections)} sections")
    words = [_Words(book, m, numbered=bool(sections)) for m in movements]
    if len(set(movements)) > 1:
        _movement_sheet(book, movements, words, tuple(sections))
    else:
        _movement_sheet(book, movements[:1], words[:1])

    def each(make) -> list[Card]:  # every section's cards, from its own movement, titled with it
        if not sections:
            return make(0)
        return [dataclasses.replace(card, title=t("section_card", section=section, card=card.title))
                for index, section in enumerate(sections) for card in make(index)]

    _cards(book, t("table_cards"), each(lambda i: _table_cards(book, movements[i], words[i])),
           (7, 8, 9, 11, 19, 11, 11))
    _cards(book, t("guide_cards"), each(lambda i: _guide_cards(book, movements[i])), (8, 8, 9, 9, 10))
    _cards(book, t("paper_travellers"), each(lambda i: _travellers(book, movements[i])),
           (7, 6, 6, 6, 10, 6, 7, 9, 9, 7, 7))
    _cards(book, t("score_cards"), each(lambda i: _score_cards(book, movements[i])),
           (7, 7, 7, 7, 6, 8, 10, 6, 7, 9, 9))


class _Words:
    """What the cards say of a movement, in the book's language: where boards and pairs go
    next, the stands for resting boards, the shared sets."""

    def __init__(self, book: Book, movement: Movement, numbered: bool = False) -> None:
        self.t = book.t
        self.movement = movement
        self.numbered = numbered  # a sectioned book's stands: relay stand 1, 2 ... (stand_name)
        self.shared = movement.shared()
        self.stands = {(s.after, s.before): s for s in movement.stands()}

    def pair_next(self, round: int, pair: int | None) -> str:
        """Where a pair goes after ``round``, in words: ``table 4 EW``, ``sits out``, ``-``."""
        if pair is None:
            return ""
        row = self.movement.pair_next(round, pair)
        if row is None:
            return "-"
        return self.t("sits_out") if row.sits_out else self.t("to_seat", table=row.table, direction=row.direction(pair))

    def boards_next(self, round: int, table: int) -> str:
        """Where boards go after ``round``: ``table 3``, ``table 1, table 4`` (shared next),
        ``relay stand A, then table 2`` (resting on a stand meanwhile), ``-``. A set goes to
        the table it is at next round even where nobody plays it (a sit-out's table)."""
        here = self.movement.at(round, table)
        if here is None or round >= self.movement.rounds:
            return "-"
        later = sorted((r.round, r.table) for r in self.movement.rows if r.round > round and r.boards == here.boards)
        if not later:
            return "-"  # not played again
        next_round = later[0][0]
        tables = [t for r, t in later if r == next_round]
        if next_round == round + 1:
            return ", ".join(self.t("to_table", table=t) for t in tables)
        # the engine's stand between this set's table now (the lower, when shared) and its next
        now = min(r.table for r in self.movement.rows if r.round == round and r.boards == here.boards)
        stand = self.stands.get((now, tables[0]))
        if stand is None:  # not a stand the engine knows: say only where the set goes
            return ", ".join(self.t("to_table", table=t) for t in tables)
        name = stand_name(self.movement, self.t, stand.name, self.numbered)
        if next_round == round + 2:
            return self.t("then_table", stand=name, table=tables[0])
        return self.t("then_round", stand=name, round=next_round, table=tables[0])

    def boards(self, round: int, table: int, boards: tuple[int, ...]) -> str:
        """The boards at a table, and the tables that share them this round."""
        text = boards_text(boards)
        others = [t for t in self.shared.get((round, boards), ()) if t != table]
        if others:
            text += " " + self.t("share_with", tables=", ".join(map(str, others)))
        return text

    def setup(self) -> list[tuple[str, str, str]]:
        """(place, boards at the start, where) for every table and stand."""
        movement, t = self.movement, self.t
        rows = [(t("place_table", table=row.table), boards_text(row.boards), "")
                for row in movement.rows if row.round == 1]
        for stand in movement.stands():
            where = (t("between", first=min(stand.after, stand.before), second=max(stand.after, stand.before))
                     if stand.after != stand.before else t("beside", table=stand.after))
            first = ", ".join(map(boards_text, stand.first_round))
            rows.append((stand_name(movement, t, stand.name, self.numbered), first, where))
        return rows


def _movement_sheet(book: Book, movements: Sequence[Movement], words: Sequence[_Words],
                    sections: tuple[str, ...] = ()) -> Worksheet:
    """The Movement sheet: one movement's rows, or (``sections``: one movement a section) each
    section's rows in turn, a first column naming the section (``MoveSection``)."""
    t = book.t
    head = (("section",) if sections else ()) + ("round", "table", "ns", "ew", "boards", "boards_next", "ns_next",
                                                 "ew_next")
    columns = "ABCDEFGHI"[:len(head)]
    last_column = columns[-1]
    values = []
    for index, (movement, said) in enumerate(zip(movements, words, strict=True)):
        for row in movement.rows:
            values.append(((sections[index],) if sections else ()) + (
                row.round, row.table, row.ns, row.ew, boards_text(row.boards),
                said.boards_next(row.round, row.table),
                said.pair_next(row.round, row.ns), said.pair_next(row.round, row.ew)))
    widths = _widen(((8,) if sections else ()) + (7, 6, 6, 6, 8, 24, 13, 13), [t(key) for key in head], values)
    ws = book.sheet(t("movement"), widths)
    total = sum(widths)
    book.event_heading(ws, 1, book.title, "A", last_column, f"{columns[-2]}:{last_column}")
    subtitle = ("; ".join(f"{section}: {describe(m, t)}" for section, m in zip(sections, movements, strict=True))
                if sections else describe(movements[0], t))
    book.merge(ws, f"A2:{last_column}2", subtitle, styles.SUBTITLE.but(wrap=True))
    ws.row_dimensions[2].height = height(lines(subtitle, total, 12, True), 12)
    book.merge(ws, f"A3:{last_column}3", t("movement_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[3].height = height(lines(t("movement_note"), total, 8), 8)
    for column, key in zip(columns, head, strict=True):
        book.put(ws, f"{column}4", t(key), styles.HEAD)
    ws.row_dimensions[4].height = _row_height([t(key) for key in head], widths, bold=True)
    first = 5
    rows = range(first, first + len(values))
    text = styles.OUTPUT_TEXT.but(wrap=True)
    shown = len(head) - 3  # the numbers (and the section), then the words where boards and pairs go
    for r, line in zip(rows, values, strict=True):
        for index, (column, value) in enumerate(zip(columns, line, strict=True)):
            book.put(ws, f"{column}{r}", value, styles.OUTPUT if index < shown else text)
        ws.row_dimensions[r].height = _row_height(line, widths)
    names = (("MoveSection",) if sections else ()) + ("MoveRound", "MoveTable", "MoveNS", "MoveEW", "MoveBoards")
    for column, name in zip(columns, names, strict=False):
        book.define(name, ws, f"{column}{rows[0]}:{column}{rows[-1]}")
    last = rows[-1]
    breaks = []
    for index, said in enumerate(words):
        title = t("section_card", section=sections[index], card=t("setup_title")) if sections else None
        if sections:  # each section's set-up on a page of its own, its title with its table
            breaks.append(last + 1)
        last = _setup_note(book, ws, said, last + 2, widths, title)
    book.page(ws, area=f"A1:{last_column}{last}", title_rows="4:4", breaks=breaks)
    return ws


def _setup_note(book: Book, ws: Worksheet, words: _Words, top: int, widths: Sequence[float],
                title: str | None = None) -> int:
    """The set-up below the movement: how many stands, which sets start on each table
    and stand, where each stand stands (``title``: a section's, on a sheet with a section
    column first). Returns its last row."""
    t = book.t
    count = len(words.stands)
    wide = len(widths) > 8  # a section column first: every span one column wider
    last = "I" if wide else "H"
    book.merge(ws, f"A{top}:{last}{top}", title or t("setup_title"), styles.SUBTITLE)
    ws.row_dimensions[top].height = height(1, styles.SUBTITLE.size)
    book.merge(ws, f"A{top + 1}:{last}{top + 1}", t("setup_stands", count=count), styles.PLAIN.but(wrap=True))
    ws.row_dimensions[top + 1].height = height(lines(t("setup_stands", count=count), sum(widths)))
    spans = ("A{r}:D{r}", "E{r}:F{r}", "G{r}:I{r}") if wide else ("A{r}:C{r}", "D{r}:E{r}", "F{r}:H{r}")
    cut = (0, 4, 6, 9) if wide else (0, 3, 5, 8)
    span_widths = tuple(sum(widths[cut[i]:cut[i + 1]]) for i in range(3))
    head = (t("setup_place"), t("setup_boards"), t("setup_where"))
    for span, text in zip(spans, head, strict=True):
        book.merge(ws, span.format(r=top + 2), text, styles.HEAD)
    ws.row_dimensions[top + 2].height = _row_height(head, span_widths, bold=True)
    r = top + 2
    for r, line in enumerate(words.setup(), start=top + 3):
        for span, value in zip(spans, line, strict=True):
            book.merge(ws, span.format(r=r), value, styles.OUTPUT_TEXT.but(wrap=True))
        ws.row_dimensions[r].height = _row_height(line, span_widths)
    return r


def _widen(widths: Sequence[float], header: Sequence[object], rows: Sequence[Sequence[object]]) -> tuple[float, ...]:
    """The widths, each widened to its column's longest word (a heading's in bold): text
    wraps between words, never inside one.

    >>> _widen((4, 8), ["Round", "NS"], [[1, "no opponents"]])
    (7.0, 9.5)
    """
    def need(value: object, bold: bool) -> float:
        return max((text_width(word, bold=bold) for word in str(value).split()), default=0.0) + 1.0

    widened = []
    for index, width in enumerate(widths):
        most = max([need(header[index], True)] + [need(row[index], False) for row in rows if index < len(row)])
        widened.append(width if most <= width else math.ceil(most * 2) / 2)
    return tuple(widened)


def _row_height(values: Sequence[object], widths: Sequence[float], size: float = styles.SIZE,
                bold: bool = False) -> float:
    """The height a row of cells needs for its longest wrapped text."""
    return height(max(lines(v, w, size, bold) for v, w in zip(values, widths, strict=False)), size)


def _table_cards(book: Book, movement: Movement, words: _Words) -> list[Card]:
    t = book.t
    header = [t("round"), t("ns"), t("ew"), t("boards"), t("boards_next"), t("ns_next"), t("ew_next")]
    cards = []
    for table in range(1, movement.tables + 1):
        rows = []
        for row in (r for r in movement.rows if r.table == table):
            ns: object = row.ns
            ew: object = row.ew
            if row.sits_out:  # the pair that is here sits out, in its own column
                ns = t("pair_sits_out", direction=t("ns"), pair=row.ns) if row.ns else t("no_opponents")
                ew = t("pair_sits_out", direction=t("ew"), pair=row.ew) if row.ew else t("no_opponents")
            rows.append([row.round, ns, ew, words.boards(row.round, table, row.boards),
                         words.boards_next(row.round, table),
                         words.pair_next(row.round, row.ns), words.pair_next(row.round, row.ew)])
        cards.append(Card(t("table_card", table=table), describe(movement, t), header, rows))
    return cards


def _guide_cards(book: Book, movement: Movement) -> list[Card]:
    t = book.t
    header = [t("round"), t("table"), t("sit"), t("against"), t("boards")]
    cards = []
    for pair in movement.pair_numbers:
        rows = []
        for row in movement.of_pair(pair):
            if row.sits_out:
                rows.append([row.round, "", t("sits_out"), "", ""])
            else:
                rows.append([row.round, row.table, row.direction(pair), row.opponent(pair), boards_text(row.boards)])
        cards.append(Card(t("pair_card", pair=pair), describe(movement, t), header, rows))
    return cards


def _travellers(book: Book, movement: Movement) -> list[Card]:
    t = book.t
    header = [t("round"), t("table"), t("ns"), t("ew"), t("contract"), t("declarer"), t("tricks"),
              f"{t('score')} {t('ns')}", f"{t('score')} {t('ew')}", f"{t('mp')} {t('ns')}", f"{t('mp')} {t('ew')}"]
    by_board: dict[int, list] = {}
    for round_no, table, board, ns, ew in movement.results():
        by_board.setdefault(board, []).append([round_no, table, ns, ew, "", "", "", "", "", "", ""])
    return [Card(f"{t('board')} {board}", f"{t('dealer')}: {board_dealer(board)}    "
                 f"{t('vulnerable')}: {t.vulnerability(board_vul(board))}", header, rows)
            for board, rows in sorted(by_board.items())]


def _score_cards(book: Book, movement: Movement) -> list[Card]:
    t = book.t
    header = [t("round"), t("board"), t("dealer"), t("vul"), t("sit"), t("against"), t("contract"),
              t("declarer"), t("result"), t("plus"), t("minus")]
    cards = []
    for pair in movement.pair_numbers:
        rows = []
        for row in movement.of_pair(pair):
            if row.sits_out:
                rows.append([row.round, "", "", "", t("sits_out"), "", "", "", "", "", ""])
                continue
            for board in row.boards:
                rows.append([row.round, board, str(board_dealer(board)), t.vulnerability(board_vul(board)),
                             row.direction(pair), row.opponent(pair), "", "", "", "", ""])
        cards.append(Card(t("score_card", pair=pair), describe(movement, t), header, rows))
    return cards


def _cards(book: Book, title: str, cards: list[Card], widths: Sequence[float]) -> Worksheet:
    """A sheet of cards, one a page, or two a page when two fit (for cutting in half).

    Every text wraps in its cell, and each row is as high as its longest text needs."""
    widths = _widen(widths, cards[0].header, [row for card in cards for row in card.rows])
    ws = book.sheet(title, widths)
    last_column = chr(ord("A") + len(widths) - 1)
    total = sum(widths)
    count = 4 + max(len(card.rows) for card in cards)  # title, subtitle, a blank, headings
    heights = [[24.0, height(lines(card.subtitle, total, styles.NOTE.size), styles.NOTE.size), 8.0,
                _row_height(card.header, widths, bold=True)]
               + [_row_height(values, widths) for values in card.rows] for card in cards]
    for points in heights:  # a shorter card's rows to the next card: blank, as high as a spacer
        points.extend([SPACER] * (count + 1 - len(points)))
    per_page = 2 if max(map(sum, heights)) <= HALF_PAGE[book.paper] else 1
    breaks = []
    head = styles.HEAD
    cell = styles.OUTPUT.but(fill=styles.WHITE, wrap=True)  # printed on paper: white, to write on
    for index, card in enumerate(cards):
        top = 1 + index * (count + 1)
        split = chr(ord("A") + max(3, len(widths) - 3))  # the title's columns, then the event's
        book.merge(ws, f"A{top}:{chr(ord(split) - 1)}{top}", card.title, styles.SUBTITLE.but(size=14))
        event = book.merge(ws, f"{split}{top}:{last_column}{top}", 'IF(EventName="","",EventName)',
                           styles.LABEL.but(horizontal="right"), formula=True)
        # The event's name is typed later, of any length: it shrinks to its cell rather than lose letters.
        event.alignment = Alignment(horizontal="right", vertical="center", shrink_to_fit=True)
        book.merge(ws, f"A{top + 1}:{last_column}{top + 1}", card.subtitle, styles.NOTE.but(wrap=True))
        for column, text in zip(range(len(widths)), card.header, strict=True):
            book.put(ws, f"{chr(ord('A') + column)}{top + 3}", text, head)
        for offset, values in enumerate(card.rows, start=top + 4):
            for column, value in enumerate(values, start=1):
                # Numbers and the movement's own words: no text here can read as a formula.
                cell.apply(ws.cell(offset, column, value))
        for offset, points in enumerate(heights[index], start=top):
            ws.row_dimensions[offset].height = points
        if (index + 1) % per_page == 0 and index + 1 < len(cards):
            breaks.append(top + count)
    last = len(cards) * (count + 1)
    book.page(ws, area=f"A1:{last_column}{last}", breaks=breaks)
    return ws
