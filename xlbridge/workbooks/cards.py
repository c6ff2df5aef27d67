"""The paperwork of a movement, in a pairs workbook: the movement itself, and the cards
the players and the director print (table cards, guide cards, paper travellers,
personal score cards).

Every card is laid out from :func:`xlbridge.engine.movement`'s rows when the
workbook is written (values, not formulas: a card is what was printed), one card a
page or two a page for short ones, so that a page cuts or folds into cards. The
Movement sheet's columns are defined names (``MoveRound``, ``MoveTable``, ``MoveNS``,
``MoveEW``, ``MoveBoards``) that ``xlbridge check`` compares the results with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl.worksheet.worksheet import Worksheet

from ..engine import Movement, board_dealer, board_vul
from . import styles
from .book import Book
from .i18n import Labels, plural

ROW_HEIGHT = 17.0  # points: room to write on a printed card
HALF_PAGE = 330.0  # points of rows that fit half a portrait page, header and footer aside


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


def build(book: Book, movement: Movement) -> None:
    """Add the movement sheet and the four card sheets to a pairs workbook."""
    t = book.t
    _movement_sheet(book, movement)
    _cards(book, t("table_cards"), _table_cards(book, movement), (8, 9, 9, 10, 13, 13, 13))
    _cards(book, t("guide_cards"), _guide_cards(book, movement), (8, 8, 8, 10, 10))
    _cards(book, t("paper_travellers"), _travellers(book, movement),
           (7, 6, 6, 6, 10, 6, 7, 9, 9, 7, 7))
    _cards(book, t("score_cards"), _score_cards(book, movement), (7, 7, 7, 7, 6, 8, 10, 6, 7, 9, 9))


def _movement_sheet(book: Book, movement: Movement) -> Worksheet:
    t = book.t
    ws = book.sheet(t("movement"), (8, 7, 7, 7, 9, 14, 14, 14))
    book.event_heading(ws, 1, book.title, "A", "H", "G:H")
    book.merge(ws, "A2:H2", describe(movement, t), styles.SUBTITLE)
    book.merge(ws, "A3:H3", t("movement_note"), styles.NOTE)
    head = ("round", "table", "ns", "ew", "boards", "boards_next", "ns_next", "ew_next")
    for column, key in zip("ABCDEFGH", head, strict=True):
        book.put(ws, f"{column}4", t(key), styles.HEAD)
    first = 5
    rows = range(first, first + len(movement.rows))
    values = []
    for row in movement.rows:
        values.append((row.round, row.table, row.ns, row.ew, boards_text(row.boards),
                       _boards_next(book, movement, row.round, row.table),
                       _pair_next(book, movement, row.round, row.ns), _pair_next(book, movement, row.round, row.ew)))
    for r, line in zip(rows, values, strict=True):
        for index, (column, value) in enumerate(zip("ABCDEFGH", line, strict=True)):
            book.put(ws, f"{column}{r}", value, styles.OUTPUT if index < 5 else styles.OUTPUT_TEXT)
    for column, name in zip("ABCDE", ("MoveRound", "MoveTable", "MoveNS", "MoveEW", "MoveBoards"), strict=True):
        book.define(name, ws, f"{column}{rows[0]}:{column}{rows[-1]}")
    book.page(ws, area=f"A1:H{rows[-1]}", title_rows="4:4")
    return ws


def _pair_next(book: Book, movement: Movement, round: int, pair: int | None) -> str:
    """Where a pair goes after ``round``, in words: ``table 4 EW``, ``sits out``, ``-``."""
    if pair is None:
        return ""
    row = movement.pair_next(round, pair)
    if row is None:
        return "-"
    return book.t("sits_out") if row.sits_out else book.t("to_seat", table=row.table, direction=row.direction(pair))


def _boards_next(book: Book, movement: Movement, round: int, table: int) -> str:
    """Where boards go after ``round``: ``table 3``, ``table 1, table 4`` (shared), ``relay,
    round 5 table 2`` (resting on a relay stand until then), ``-``."""
    found = movement.boards_next(round, table)
    if found is None:
        return "-"
    later, tables = found
    if later == round + 1:
        return ", ".join(book.t("to_table", table=t) for t in tables)
    return book.t("to_relay", round=later, table=tables[0])


def _table_cards(book: Book, movement: Movement) -> list[Card]:
    t = book.t
    header = [t("round"), t("ns"), t("ew"), t("boards"), t("boards_next"), t("ns_next"), t("ew_next")]
    cards = []
    for table in range(1, movement.tables + 1):
        rows = []
        for row in (r for r in movement.rows if r.table == table):
            rows.append([row.round, row.ns or t("sits_out"), row.ew or t("sits_out"), boards_text(row.boards),
                         _boards_next(book, movement, row.round, table),
                         _pair_next(book, movement, row.round, row.ns), _pair_next(book, movement, row.round, row.ew)])
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
    """A sheet of cards, one a page, or two a page when two fit (for cutting in half)."""
    ws = book.sheet(title, widths)
    last_column = chr(ord("A") + len(widths) - 1)
    height = 4 + max(len(card.rows) for card in cards)  # title, subtitle, a blank, headings
    per_page = 2 if height * ROW_HEIGHT <= HALF_PAGE else 1
    breaks = []
    head = styles.HEAD
    cell = styles.OUTPUT.but(fill=styles.WHITE)  # printed on paper: white, to write on
    for index, card in enumerate(cards):
        top = 1 + index * (height + 1)
        split = chr(ord("A") + max(3, len(widths) - 3))  # the title's columns, then the event's
        book.merge(ws, f"A{top}:{chr(ord(split) - 1)}{top}", card.title, styles.SUBTITLE.but(size=14))
        book.merge(ws, f"{split}{top}:{last_column}{top}", 'IF(EventName="","",EventName)',
                   styles.LABEL.but(horizontal="right"), formula=True)
        book.merge(ws, f"A{top + 1}:{last_column}{top + 1}", card.subtitle, styles.NOTE)
        for column, text in zip(range(len(widths)), card.header, strict=True):
            book.put(ws, f"{chr(ord('A') + column)}{top + 3}", text, head)
        for offset, values in enumerate(card.rows, start=top + 4):
            ws.row_dimensions[offset].height = ROW_HEIGHT
            for column, value in enumerate(values, start=1):
                # Numbers and the movement's own words: no text here can read as a formula.
                cell.apply(ws.cell(offset, column, value))
        if (index + 1) % per_page == 0 and index + 1 < len(cards):
            breaks.append(top + height)
    last = len(cards) * (height + 1)
    book.page(ws, area=f"A1:{last_column}{last}", breaks=breaks)
    return ws
