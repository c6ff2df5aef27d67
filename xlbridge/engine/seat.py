"""Seats (N, E, S, W) and sides (NS, EW)."""

from __future__ import annotations

import enum

from .errors import BridgeInputError, describe


class Side(enum.StrEnum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    # Enum's own __hash__ is Python code; hashing as the string keeps the caches fast.
    __hash__ = str.__hash__

    @property
    def other(self) -> Side:
        """The opponents: ``Side.NS.other is Side.EW``."""
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


class Seat(enum.StrEnum):
    """A player's seat at the table, in clockwise order from North."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    __hash__ = str.__hash__

    @property
    def side(self) -> Side:
        """The side this seat plays for: ``Seat.E.side is Side.EW``."""
        return _SIDE_OF[self]

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise: ``Seat.W.next() is Seat.N``."""
        return SEATS[(SEATS.index(self) + steps) % 4]

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: object, what: str = "declarer") -> Seat:
        """Parse a seat written as a letter or a word, in any case.

        >>> Seat.parse("e"), Seat.parse("North")
        (<Seat.E: 'E'>, <Seat.N: 'N'>)
        """
        if isinstance(text, Seat):
            return text
        if isinstance(text, str):
            seat = _SEAT_WORDS.get("".join(text.split()).upper())
            if seat is not None:
                return seat
        raise BridgeInputError(f"{what} {describe(text)}: must be N, E, S or W")


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_SIDE_OF = {Seat.N: Side.NS, Seat.E: Side.EW, Seat.S: Side.NS, Seat.W: Side.EW}

_SEAT_WORDS = {
    "N": Seat.N, "NORTH": Seat.N,
    "E": Seat.E, "EAST": Seat.E,
    "S": Seat.S, "SOUTH": Seat.S,
    "W": Seat.W, "WEST": Seat.W,
}
