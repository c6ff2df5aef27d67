"""One table's result of one board, as a phone sent it and the journal keeps it.

The row it belongs to is the one the movement gives: round, table and board (pairs.xlsx
built from a movement and individual.xlsx both carry ``RoundNo``, ``TableNo`` and
``Board`` on every results row). The result is kept in the workbook's own notation, so
writing it back is copying cells:

>>> Entry(round=1, table=3, board=5, contract="4SX", declarer="N", tricks=9)
Entry(round=1, table=3, board=5, contract='4SX', declarer='N', tricks=9, lead='')
>>> Entry(round=1, table=3, board=6, contract="PASS", declarer="", tricks=None).cells()
('PASS', None, None)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """A board's result at a table: ``contract`` as the books take it (``4SX``, ``3N``,
    ``PASS``), ``declarer`` one of ``N E S W`` (blank when passed out), ``tricks`` the
    tricks taken, 0-13 (None when passed out), ``lead`` the opening lead (``SA``) or blank.
    """

    round: int
    table: int
    board: int
    contract: str
    declarer: str
    tricks: int | None
    lead: str = ""

    @property
    def key(self) -> tuple[int, int, int]:
        """The results row it fills: (round, table, board)."""
        return (self.round, self.table, self.board)

    def cells(self) -> tuple[str, str | None, int | None]:
        """What goes in the row's ``Contract``, ``Declarer`` and ``Tricks`` cells.

        >>> Entry(2, 1, 7, "3N", "S", 10).cells()
        ('3N', 'S', 10)
        """
        return (self.contract, self.declarer or None, self.tricks)
