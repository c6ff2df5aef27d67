"""The hidden, protected ``Lookup`` sheet: the engine's tables, for formulas to look up.

Every table is dumped from the engine when the workbook is generated (scores from
:func:`~xlbridge.engine.duplicate_score`, IMP thresholds from
:data:`~xlbridge.engine.IMP_THRESHOLDS`, VPs from :func:`~xlbridge.engine.vp_table`),
so the engine stays the single source of truth: no table is ever retyped.

Each table gets workbook-level names (``tbl...``) that the templates' formulas use:

==================  ==================================================================
``tblContracts``    the contracts the sheets read: ``PASS``, ``1C`` ... ``7NTXX``, then
                    no-trump written ``N`` (``1N`` ... ``7NXX``)
``tblScores``       declarer's score: a row per contract, columns tricks 0-13 not
                    vulnerable, then tricks 0-13 vulnerable
``tblRowCodes``     what a pairs row may hold instead of a contract: ``NP``, then the
                    adjusted scores ``A60`` ... ``A40/50``, then their other spellings
                    (``A60/60``, ``A6040``, ``AVE+/AVE-`` ...); ``tblRowNS``/``tblRowEW``
                    each side's percentage (blank for ``NP``)
``tblSplits``       the split scores (``A60/4S``, ``4S/A40``); ``tblSplitSide`` the side
                    given a percentage (1 NS, 2 EW), ``tblSplitPercent`` the percentage,
                    ``tblSplitContract`` the table result's row in ``tblContracts``
``tblRowChoices``   the pairs and traveller dropdown: the contracts, ``NP``, the
                    adjusted scores, the ``N`` spellings, then the other spellings and
                    the split scores
``tblSeats``        ``N``, ``E``, ``S``, ``W``; ``tblSeatSign`` 1, -1, 1, -1 (NS view)
``tblDeclVul``      1 where the seat is vulnerable: a row per board of the 16-board
                    cycle, a column per seat
``tblVulText``      the cycle's vulnerability (``None``/``NS``/``EW``/``All``);
                    ``tblDealer`` its dealer
``tblImpLow``       the least difference scoring 0, 1, 2 ... 24 IMPs
``tblVP``           the winner's VPs: a row per IMP margin 0, 1, 2 ..., a column per
                    number of boards 1 ... n (20 past the end of each table)
``tblFlags``        the row flags (``board?``, ``contract?`` ...) in the book's language
==================  ==================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..engine import (
    IMP_THRESHOLDS,
    PASSED_OUT,
    SEATS,
    Contract,
    Doubling,
    Side,
    Split,
    Strain,
    adjusted_codes,
    adjusted_spellings,
    board_dealer,
    board_vul,
    duplicate_score,
    vp_table,
)
from ..engine.adjusted import PERCENTS
from . import styles

if TYPE_CHECKING:
    from .book import Book

SHEET = "Lookup"
CYCLE = 16  # boards in the vulnerability cycle (docs/rules.md §3)

# The flags a row can show, in status-code order: status 2 is the first.
FLAGS = ("flag_board", "flag_pair", "flag_contract", "flag_declarer", "flag_tricks",
         "flag_twice", "flag_adjusted", "flag_team", "flag_weighted")
NOT_PLAYED = "NP"  # row code 1 in tblRowCodes


def flag_code(key: str) -> int:
    """The status code of a flag: 0 is a blank row, 1 a good one, 2... the flags.

    >>> flag_code("flag_contract")
    4
    """
    return FLAGS.index(key) + 2


def contracts() -> list[Contract]:
    """Every contract a director can choose, in dropdown order: PASS first.

    >>> [str(c) for c in contracts()][:4], len(contracts())
    (['PASS', '1C', '1CX', '1CXX'], 106)
    """
    return [PASSED_OUT] + [
        Contract(level, strain, doubling)
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    ]


def spellings() -> list[tuple[str, Contract]]:
    """Every contract text the sheets read, in ``tblContracts`` order: the canonical
    forms (:func:`contracts`), then no-trump written ``N`` as some programs write it.

    >>> [text for text, _ in spellings()][105:108], len(spellings())
    (['7NTXX', '1N', '1NX'], 127)
    """
    canonical = [(str(c), c) for c in contracts()]
    short = [(f"{c.level}N{c.doubling}", c) for _, c in canonical if not c.passed_out and c.strain is Strain.NT]
    return canonical + short


def row_codes() -> list[str]:
    """What a pairs row may hold instead of a contract, in ``tblRowCodes`` order.

    >>> row_codes()[:3]
    ['NP', 'A60', 'A50']
    """
    return [NOT_PLAYED, *(str(a) for a in adjusted_codes())]


class Lookup:
    """Writes tables into the lookup sheet on demand, side by side, once each."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.sheet: Worksheet | None = None
        self._column = 1
        self._done: set[str] = set()
        self._vp_boards = 0

    def need(self, table: str, **params: int) -> None:
        """Make sure ``table`` (a key of :data:`TABLES`) is in the workbook."""
        if table == "vp":
            boards = params.get("boards", 64)
            if boards <= self._vp_boards:
                return
            if self._vp_boards:
                raise ValueError("the VP table is already written for fewer boards")
            self._vp_boards = boards
        elif table in self._done:
            return
        for dependency in _DEPENDS.get(table, ()):
            self.need(dependency)
        self._done.add(table)
        TABLES[table](self, **params)

    def add(self, title: str, rows: list[list[object]],
            names: dict[str, tuple[int, int]]) -> None:
        """Write a table (``rows``, from the engine) under ``title`` at the next free
        column and define its names: ``names`` maps a name (``tbl...``) to the (first,
        last) column offsets it spans. A template with a table of its own (e.g. the
        compensation table) calls this once, without touching this module.
        """
        if self.sheet is None:
            self.sheet = self.book.workbook.create_sheet(SHEET)
            self.sheet.sheet_state = "hidden"
        sheet = self.sheet
        left = self._column
        cell = sheet.cell(1, left, title)
        styles.HIDDEN.but(bold=True).apply(cell)
        for r, row in enumerate(rows, start=2):
            for c, value in enumerate(row):
                sheet.cell(r, left + c, value)
        last_row = len(rows) + 1
        for name, (first, last) in names.items():
            ref = (f"${get_column_letter(left + first)}$2:"
                   f"${get_column_letter(left + last)}${last_row}")
            self.book.define(name, sheet, ref)
        width = max(len(row) for row in rows)
        self._column = left + width + 1



def _contracts(lookup: Lookup) -> None:
    lookup.add("Contracts", [[text] for text, _ in spellings()], {"tblContracts": (0, 0)})


def split_codes() -> list[tuple[str, Split, int]]:
    """Every split score a pairs row may hold, with its table result's row in ``tblContracts``.

    >>> [(text, row) for text, _, row in split_codes()][:3]
    [('A60/PASS', 1), ('PASS/A60', 1), ('A50/PASS', 1)]
    """
    return [(str(split), split, row) for row, (text, _) in enumerate(spellings(), start=1)
            for percent in PERCENTS for split in (Split(Side.NS, percent, text), Split(Side.EW, percent, text))]


def _row_codes(lookup: Lookup) -> None:
    codes = [[NOT_PLAYED, None, None]] + [[text, a.ns, a.ew] for text, a in adjusted_spellings()]
    lookup.add("Row codes: not played, adjusted (NS %, EW %)", codes,
               {"tblRowCodes": (0, 0), "tblRowNS": (1, 1), "tblRowEW": (2, 2)})
    splits = split_codes()
    lookup.add("Split scores: side given a percentage (1 NS, 2 EW), percentage, contract row",
               [[text, 1 if split.side is Side.NS else 2, split.percent, row] for text, split, row in splits],
               {"tblSplits": (0, 0), "tblSplitSide": (1, 1), "tblSplitPercent": (2, 2), "tblSplitContract": (3, 3)})
    texts = [text for text, _ in spellings()]
    others = [text for text, _ in adjusted_spellings()][len(adjusted_codes()):]
    choices = (texts[:len(contracts())] + row_codes() + texts[len(contracts()):] + others
               + [text for text, _, _ in splits])
    lookup.add("Pairs and traveller dropdown", [[text] for text in choices], {"tblRowChoices": (0, 0)})


def _scores(lookup: Lookup) -> None:
    rows = [
        [duplicate_score(c, tricks, vul) for vul in (False, True) for tricks in range(14)]
        for _, c in spellings()
    ]
    lookup.add("Scores (declarer): tricks 0-13 not vul, 0-13 vul", rows,
                  {"tblScores": (0, 27)})


def _seats(lookup: Lookup) -> None:
    rows = [[str(seat), 1 if seat.side is Side.NS else -1] for seat in SEATS]
    lookup.add("Seats", rows, {"tblSeats": (0, 0), "tblSeatSign": (1, 1)})


def _cycle(lookup: Lookup) -> None:
    rows = []
    for board in range(1, CYCLE + 1):
        vul = board_vul(board)
        rows.append([lookup.book.t.vulnerability(vul), str(board_dealer(board)),
                     *(int(vul.is_vulnerable(seat)) for seat in SEATS)])
    lookup.add("Board cycle: vul, dealer, declarer vulnerable N E S W", rows,
                  {"tblVulText": (0, 0), "tblDealer": (1, 1), "tblDeclVul": (2, 5)})


def _imps(lookup: Lookup) -> None:
    rows = [[low] for low in (0, *IMP_THRESHOLDS)]
    lookup.add("IMPs: least difference for 0, 1, 2 ...", rows, {"tblImpLow": (0, 0)})


def _vp(lookup: Lookup, boards: int = 64) -> None:
    tables = [vp_table(n) for n in range(1, boards + 1)]
    margins = max(len(t) for t in tables)
    rows = [[t[m] if m < len(t) else 20.0 for t in tables] for m in range(margins)]
    lookup.add(f"VPs (winner): margin 0-{margins - 1} by boards 1-{boards}", rows,
                  {"tblVP": (0, boards - 1)})
    lookup.book.vp_margins = margins - 1


def _flags(lookup: Lookup) -> None:
    rows = [[lookup.book.t(key)] for key in FLAGS]
    lookup.add("Flags", rows, {"tblFlags": (0, 0)})


TABLES: dict[str, Callable[..., None]] = {
    "contracts": _contracts,
    "scores": _scores,
    "seats": _seats,
    "cycle": _cycle,
    "imps": _imps,
    "vp": _vp,
    "flags": _flags,
    "row_codes": _row_codes,
}
_DEPENDS = {"scores": ("contracts",), "row_codes": ("contracts",)}
