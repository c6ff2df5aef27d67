"""A board's hand record: its number, its deal and, when known, the double-dummy tricks
and the par, as a club's hand-record sheet prints them.

    >>> from .hands import Deal
    >>> record = HandRecord(1, Deal.parse("N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 -"))
    >>> record.dealer, record.vulnerability, record.tricks is None
    (<Seat.N: 'N'>, <Vulnerability.NONE: 'None'>, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .doubledummy import Par, Tricks
from .hands import Deal
from .seat import Seat
from .vulnerability import Vulnerability, board_dealer, board_vul


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One board's deal, with its double-dummy tricks and par when they are known."""

    board: int
    deal: Deal
    tricks: Tricks | None = None
    par: Par | None = None

    @property
    def dealer(self) -> Seat:
        """The board's dealer, from its number."""
        return board_dealer(self.board)

    @property
    def vulnerability(self) -> Vulnerability:
        """The board's vulnerability, from its number."""
        return board_vul(self.board)
