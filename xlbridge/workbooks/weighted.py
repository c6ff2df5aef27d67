"""pairs.xlsx's weighted scores (Law 12C1(c), docs/rules.md §7): a hidden sheet that reads
each weighted score once (``60% 4SN= 40% 4SN-1``) and lays its results out by board.

A results row holds only two helpers: 1 when its contract cell is meant as a weighted
score, and its number among such rows (its *slot*). Everything else is on this sheet:

- **Slots**, a column each (at most :data:`SLOTS`): the row, its text, board, words, each
  result's weight, word (``4SN=``) and North-South score, whether it is good,
  whether the row is a weighted result (its kind 4), its key on its board (board * 100 + k
  for the board's k-th), its raw matchpoints (2/1/0) and its IMPs (cross-IMPs summed, or
  Butler) against the board's other results.
- **The grid**, a column a board: for the board's k-th weighted score (at most
  :data:`PER_BOARD`) and each of its results, its weight and score (0 where none), so a
  played row compares itself with them in one SUMPRODUCT over a few cells.
- **The pieces**, below the grid: each result word read in pieces (where its result starts,
  its contract's and declarer's index, the tricks over or under, the tricks made), which
  its North-South score reads.

Slots are laid out across, a column each, on purpose: LibreOffice calculates a column of
like formulas as one group, and such a group has read a cell of another, not yet computed,
as 0 (the first weighted row lost its result); a row of formulas across is computed cell
by cell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from openpyxl.utils import get_column_letter, quote_sheetname

from ..engine.weighted import MOST_PARTS
from . import formulas as f
from .book import Book

SLOTS = 40  # weighted scores a session's workbook takes: they are rare (one a board is a lot)
PER_BOARD = 4  # weighted scores a board takes

# The slots' rows.
SLOT, ROW, TEXT, BOARD, WORDS = 1, 2, 3, 4, 5
WEIGHT = 6  # 6-9: each result's weight
RESULT = WEIGHT + MOST_PARTS  # 10-13: the result, a word (4SN=)
READ = RESULT + MOST_PARTS  # 14-17: its North-South score, "" when the word is not a result
SCORE = READ + MOST_PARTS  # 18-21: the same, 0 for none
GOOD = SCORE + MOST_PARTS  # 1: a good weighted score
COUNTED = GOOD + 1  # 1: its results row is a weighted result (kind 4)
KEY = COUNTED + 1  # board * 100 + k for the board's k-th counted weighted score
OWN = KEY + 1  # k
RAW = OWN + 1  # raw matchpoints (2/1/0) against the board's other results
IMPS = RAW + 1  # IMPs: cross-IMPs summed, or Butler
GRID = IMPS + 2  # the grid's first row: weights, then scores, a row for each (k, result)
# Below the grid, each result's word read in pieces, a row each (the rows of one result, then
# the next): where its result starts, its contract's and declarer's index, the tricks over or
# under and the tricks made. READ reads them: one formula of it all, its pieces written out
# each time used, made the sheet's text 1.1 MB and cost LibreOffice a third of a second on a
# full book with no weighted score (issue 19).
PIECES = GRID + 2 * PER_BOARD * MOST_PARTS
AT, CONTRACT, SEAT, OFFSET, TRICKS = range(5)


@dataclass(frozen=True)
class Weighted:
    """Where a pairs book's weighted scores are, for the results rows' formulas.

    ``looks`` and ``slot`` are the results rows' two helper columns; ``kind`` the rows' kind
    column (4: a weighted result); ``contract`` and ``board`` the input columns (ranges).
    """

    sheet: str  # the sheet's name, quoted
    boards: int

    def _across(self, row: int, last: int = SLOTS) -> str:
        return f"{self.sheet}!$B${row}:${get_column_letter(last + 1)}${row}"

    def of_slot(self, row: int, slot: str) -> str:
        """A slot's value on ``row`` (``GOOD``, ``RAW``, ``IMPS``) for the slot number in ``slot``."""
        return f"INDEX({self._across(row)},{slot})"

    def _grid(self, first: int) -> str:
        return (f"{self.sheet}!$B${first}:${get_column_letter(self.boards + 1)}"
                f"${first + PER_BOARD * MOST_PARTS - 1}")

    def weights(self, board: str) -> str:
        """The board's weighted scores' weights, a column (0 where none)."""
        return f"INDEX({self._grid(GRID)},0,{board})"

    def scores(self, board: str) -> str:
        """Their North-South scores, in the same order."""
        return f"INDEX({self._grid(GRID + PER_BOARD * MOST_PARTS)},0,{board})"

    def ks(self) -> str:
        """Which of the board's weighted scores each grid row is (1 ... PER_BOARD)."""
        first = GRID
        return f"{self.sheet}!$A${first}:$A${first + PER_BOARD * MOST_PARTS - 1}"

    def listed(self, board: int, numbers: str, label: str, field: int | None = None) -> str:
        """A line naming the board's weighted scores in full, each after its traveller row
        number (``numbers``: the results' key column, board * 10000 + that number), after
        ``label``; ``""`` when it has none. ``field``: the sheet's column of the board's
        results in a sectioned book (the board in a section, when scored within sections)."""
        keys = self._across(KEY)
        pieces = []
        for k in range(1, PER_BOARD + 1):
            slot = f"MATCH({(field or board) * 100 + k},{keys},0)"
            row = f"INDEX({self._across(ROW)},{slot})"
            pieces.append(f'IFERROR("  #"&(INDEX({numbers},{row})-{board * 10000})&": "'
                          f'&INDEX({self._across(TEXT)},{slot}),"")')
        joined = "&".join(pieces)
        return f'IF({joined}="","","{label}"&{joined})'

    def mp(self, score: str, board: str, own: str = "0") -> str:
        """Raw matchpoints (2/1/0) of ``score`` against the board's weighted scores but the
        ``own`` k-th, each result weighted."""
        weights, scores = self.weights(board), self.scores(board)
        return (f"SUMPRODUCT(({self.ks()}<>{own})*{weights}/100"
                f"*(2*({scores}<{score})+({scores}={score})))")

    def cross(self, score: str, board: str, own: str = "0") -> str:
        """IMPs of ``score`` against them, each weighted."""
        weights, scores = self.weights(board), self.scores(board)
        return (f"SUMPRODUCT(({self.ks()}<>{own})*{weights}/100*SIGN({score}-{scores})"
                f"*(MATCH(ABS({score}-{scores}),tblImpLow,1)-1))")


def _piece(part: int, piece: int) -> int:
    """The row of a result's piece (``AT`` ... ``TRICKS``) below the grid."""
    return PIECES + 5 * part + piece


def _pieces(at: Callable[[int], str], row: int, part: int) -> dict[int, str]:
    """The pieces of the result word on ``row`` (``4SXN-1``), as :func:`.formulas.played_score`
    reads them, each in its own row; blank when there is no word."""
    played = at(row)
    start = at(_piece(part, AT))
    result = f"MID({played},{start},3)"
    pieces = {
        AT: f'MIN(IFERROR(FIND("=",{played}),99),IFERROR(FIND("+",{played}),99),IFERROR(FIND("-",{played}),99))',
        CONTRACT: f.contract_index(f"LEFT({played},{start}-2)"),
        SEAT: f.seat_index(f"MID({played},{start}-1,1)"),
        # The sign apart: LibreOffice's VALUE does not read "+2".
        OFFSET: f'IF({result}="=",0,IF(LEFT({result},1)="+",1,-1)*VALUE(MID({result},2,2)))',
        TRICKS: f"(VALUE(LEFT({played},1))+6+{at(_piece(part, OFFSET))})",
    }
    # "!" for an error: a cell shows none; the score is then "", as an error in it made it.
    return {_piece(part, piece): f'=IF({played}="","",IFERROR({formula},"!"))' for piece, formula in pieces.items()}


def _played_score(at: Callable[[int], str], row: int, part: int) -> str:
    """North-South's score of the result word on ``row`` from its pieces: the formula of
    :func:`.formulas.played_score`, each piece read from its cell."""
    played = at(row)
    start, offset, tricks = (at(_piece(part, piece)) for piece in (AT, OFFSET, TRICKS))
    contract, seat = at(_piece(part, CONTRACT)), at(_piece(part, SEAT))
    written = f'LEFT({played},{start}-1)&IF({offset}=0,"=",IF({offset}>0,"+","")&{offset})'
    score = f.ns_score(contract, seat, tricks, at(BOARD))
    column = at(0)[:-1]
    pieces = f"{column}{_piece(part, AT)}:{column}{_piece(part, TRICKS)}"
    return (f'IF({played}="PASS",0,IF(COUNTIF({pieces},"!")>0,"",IF(AND({written}={played},{contract}>1,'
            f'{seat}>0,{tricks}>=0,{tricks}<=13),{score},"")))')


def locate(book: Book, boards: int) -> Weighted:
    """Where the sheet is (or will be) in ``book``, a book of ``boards`` boards."""
    return Weighted(quote_sheetname(book.t("weighted_sheet")), boards)


def build(book: Book, found: Weighted, *, contract: str, board: str, slot: str, kind: str,
          played: Callable[[str, str], str], cross_played: Callable[[str, str], str],
          butler: Callable[[str, str], str], mp: str, scoring: str) -> None:
    """The hidden sheet. ``contract``, ``board``, ``slot`` and ``kind`` are the results'
    columns (ranges); ``played(score, board)`` is the raw matchpoints of a score against the
    board's played results, ``cross_played`` its cross-IMPs (summed) and ``butler`` its
    Butler IMPs; ``mp`` is TRUE under matchpoints and ``scoring`` the method's code (3 Butler)."""
    ws = book.workbook.create_sheet(book.t("weighted_sheet"))
    ws.sheet_state = "hidden"
    boards = found.boards
    labels = {SLOT: "slot", ROW: "row", TEXT: "text", BOARD: "board", WORDS: "words", GOOD: "good",
              COUNTED: "counted", KEY: "key", OWN: "k", RAW: "raw MP", IMPS: "IMPs"}
    for part in range(MOST_PARTS):
        labels |= {WEIGHT + part: f"weight {part + 1}", RESULT + part: f"result {part + 1}",
                   READ + part: f"read {part + 1}", SCORE + part: f"score {part + 1}"}
    for row, label in labels.items():
        ws.cell(row, 1, label)
    for number in range(1, SLOTS + 1):
        c = get_column_letter(number + 1)

        def at(row: int, c: str = c) -> str:
            return f"{c}{row}"

        cells = {
            SLOT: number,
            ROW: f"=IFERROR(MATCH({number},{slot},0),0)",
            TEXT: f'=IF({at(ROW)}=0,"",INDEX({contract},{at(ROW)}))',
            BOARD: f'=IF({at(ROW)}=0,"",INDEX({board},{at(ROW)}))',
            WORDS: f"={f.words(at(TEXT))}",
        }
        for part in range(MOST_PARTS):
            cells[WEIGHT + part] = f"={f.percent_word(f.word(at(TEXT), 2 * part + 1))}"
            cells[RESULT + part] = f"={f.word(at(TEXT), 2 * part + 2)}"
            cells[READ + part] = (f'=IF({at(RESULT + part)}="","",'
                                  f'IFERROR({_played_score(at, RESULT + part, part)},""))')
            cells |= _pieces(at, RESULT + part, part)
            cells[SCORE + part] = f"=N({at(READ + part)})"
        count = at(WORDS)
        parts = [f"OR({count}<{2 * p + 2},AND({at(WEIGHT + p)}>=1,{at(WEIGHT + p)}<=99,"
                 f"{at(WEIGHT + p)}=INT({at(WEIGHT + p)}),ISNUMBER({at(READ + p)})))" for p in range(MOST_PARTS)]
        weights = f"SUM({at(WEIGHT)}:{at(WEIGHT + MOST_PARTS - 1)})"
        cells[GOOD] = (f"=IF({at(ROW)}=0,0,IF(AND(MOD({count},2)=0,{count}>=4,{count}<={2 * MOST_PARTS},"
                       f"LEN(TRIM({at(TEXT)}))<={f.WORD},{weights}=100,{','.join(parts)}),1,0))")
        cells[COUNTED] = f"=IF({at(ROW)}=0,0,IF(INDEX({kind},{at(ROW)})=4,1,0))"
        cells[KEY] = (f'=IF({at(COUNTED)}=1,{at(BOARD)}*100+COUNTIFS($B${BOARD}:{at(BOARD)},{at(BOARD)},'
                      f'$B${COUNTED}:{at(COUNTED)},1),"")')
        cells[OWN] = f'=IF({at(KEY)}="","",{at(KEY)}-100*{at(BOARD)})'

        def each(value: Callable[[str], str], at: Callable[[int], str] = at) -> str:
            """The weighted sum over the slot's results of value(score)."""
            return "+".join(f"{at(WEIGHT + p)}/100*({value(at(SCORE + p))})" for p in range(MOST_PARTS))

        b, own = at(BOARD), at(OWN)
        cells[RAW] = (f'=IF(OR({at(COUNTED)}<>1,NOT({mp})),"",'
                      f'{each(lambda s, b=b, own=own: f"{played(s, b)}+{found.mp(s, b, own)}")})')
        cells[IMPS] = (f'=IF(OR({at(COUNTED)}<>1,{mp}),"",IF({scoring}=3,{each(lambda s, b=b: butler(s, b))},'
                       f'{each(lambda s, b=b, own=own: f"{cross_played(s, b)}+{found.cross(s, b, own)}")}))')
        for row, value in cells.items():
            ws.cell(row, number + 1, value)
    # The grid: a column a board; for the board's k-th weighted score, each result's weight
    # (rows from GRID) and score (the block below), found by its key.
    keys = f"$B${KEY}:${get_column_letter(SLOTS + 1)}${KEY}"
    for board_number in range(1, boards + 1):
        c = get_column_letter(board_number + 1)
        for k in range(1, PER_BOARD + 1):
            at_key = f"MATCH({board_number * 100 + k},{keys},0)"
            for part in range(MOST_PARTS):
                offset = (k - 1) * MOST_PARTS + part
                for first, source in ((GRID, WEIGHT + part), (GRID + PER_BOARD * MOST_PARTS, SCORE + part)):
                    values = f"$B${source}:${get_column_letter(SLOTS + 1)}${source}"
                    ws[f"{c}{first + offset}"] = f"=IFERROR(INDEX({values},{at_key}),0)"
    for k in range(1, PER_BOARD + 1):
        for part in range(MOST_PARTS):
            ws.cell(GRID + (k - 1) * MOST_PARTS + part, 1, k)
