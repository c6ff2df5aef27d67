"""The auction: calls in turn from the dealer, checked against the rules (docs/rules.md §11).

A bid must be higher than the last bid (higher level, or the same level and a
higher strain); a double only of the opponents' last bid, not already
doubled; a redouble only of the opponents' double of one's own side's bid.
Three passes in a row after any other call end the auction; four passes at
the start pass the deal out. Declarer is the player of the contracting side
who first bid the final strain.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .contract import PASSED_OUT, SUIT_SYMBOLS, Contract, Doubling, Strain
from .errors import BridgeInputError, describe
from .seat import Seat, Side
from .vulnerability import board_dealer


class CallKind(enum.Enum):
    """What a call is: a bid, a pass, a double or a redouble."""

    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


_CALL_TEXT = {CallKind.PASS: "P", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}
_CALL_WORDS = {
    "P": CallKind.PASS, "PASS": CallKind.PASS, "NB": CallKind.PASS, "NOBID": CallKind.PASS,
    "X": CallKind.DOUBLE, "DBL": CallKind.DOUBLE, "DOUBLE": CallKind.DOUBLE,
    "XX": CallKind.REDOUBLE, "RDBL": CallKind.REDOUBLE, "REDOUBLE": CallKind.REDOUBLE,
    "R": CallKind.REDOUBLE,
}
_BID = re.compile(r"(\d)(NT|N|SA|S|H|D|C)")
_CALL_ACCEPTED = "must be a bid 1C-7NT, P (pass), X (double) or XX (redouble)"


@dataclass(frozen=True, slots=True)
class Call:
    """One call: a bid (``level`` 1-7 and ``strain``), a pass, a double or a redouble.

    ``str()`` writes ``1S``, ``3NT``, ``P``, ``X``, ``XX``; :meth:`parse` reads them.

    >>> Call.parse("1nt"), str(Call.parse("Dbl")), Call.parse("3♥") > Call.parse("3D")
    (Call(kind=<CallKind.BID: 'bid'>, level=1, strain=<Strain.NT: 4>), 'X', True)
    """

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if isinstance(self.level, bool) or self.level not in range(1, 8):
                raise BridgeInputError(f"bid level {describe(self.level)}: must be 1-7")
            if not isinstance(self.strain, Strain):
                raise BridgeInputError(f"bid strain {describe(self.strain)}: must be a Strain")
        elif self.level != 0 or self.strain is not None:
            raise BridgeInputError(f"{self.kind.value} has no level or strain")

    @property
    def is_bid(self) -> bool:
        """True for a bid (not pass, double or redouble)."""
        return self.kind is CallKind.BID

    @property
    def order(self) -> int:
        """Bids in bidding order, 1C = 0 to 7NT = 34 (-1 for the other calls)."""
        if self.strain is None:
            return -1
        return (self.level - 1) * len(Strain) + self.strain

    def __lt__(self, other: Call) -> bool:
        """Bids compare by rank: ``Call.parse("2C") > Call.parse("1NT")``."""
        if not (self.is_bid and isinstance(other, Call) and other.is_bid):
            return NotImplemented
        return self.order < other.order

    def __gt__(self, other: Call) -> bool:
        if not (self.is_bid and isinstance(other, Call) and other.is_bid):
            return NotImplemented
        return self.order > other.order

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.strain}"
        return _CALL_TEXT[self.kind]

    @classmethod
    def parse(cls, text: object) -> Call:
        """Parse a call: ``1C`` ... ``7NT`` (``N`` and suit symbols too), ``P``/``Pass``,
        ``X``/``Dbl``, ``XX``/``Rdbl``, in any case and spacing."""
        if isinstance(text, Call):
            return text
        if not isinstance(text, str):
            raise BridgeInputError(f"call {describe(text)}: {_CALL_ACCEPTED}")
        return _parse_call(text)


@functools.lru_cache(maxsize=256)
def _parse_call(text: str) -> Call:
    key = "".join(text.split()).upper().translate(SUIT_SYMBOLS)
    kind = _CALL_WORDS.get(key)
    if kind is not None:
        return Call(kind)
    match = _BID.fullmatch(key)
    if match is None:
        raise BridgeInputError(f"call {describe(text)}: {_CALL_ACCEPTED}")
    level = int(match[1])
    if not 1 <= level <= 7:
        raise BridgeInputError(f"call {describe(text)}: level must be 1-7")
    strain = Strain.NT if match[2] in ("N", "NT", "SA") else Strain[match[2]]
    return Call(CallKind.BID, level, strain)


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)

# "All pass" / "AP" as the last call: the passes that end the auction.
_ALL_PASS = "AP"
_SEPARATORS = re.compile(r"[\s,;\-–—]+")
_ALL_PASS_WORDS = re.compile(r"(?i)\ball\s*pass(?:es)?\b")
_SPACED_BID = re.compile(r"(?i)\b([1-7])\s+(NT|N|SA|S|H|D|C)\b")


def _tokens(calls: object) -> list[str | Call]:
    """Split the calls into single call texts (or Call values)."""
    if isinstance(calls, str):
        if len(calls) > 2000:
            raise BridgeInputError("calls: too long for an auction")
        text = _SPACED_BID.sub(r"\1\2", _ALL_PASS_WORDS.sub(_ALL_PASS, calls))
        return [token for token in _SEPARATORS.split(text) if token]
    if isinstance(calls, Sequence):
        tokens: list[str | Call] = []
        for call in calls:
            if isinstance(call, Call | str):
                tokens.append(call)
            else:
                raise BridgeInputError(f"call {len(tokens) + 1} {describe(call)}: {_CALL_ACCEPTED}")
        return tokens
    raise BridgeInputError(f"calls {describe(calls)}: give the calls as text or a sequence")


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """A legal auction, complete or not.

    ``contract`` is the final contract with declarer (or :data:`PASSED_OUT`)
    when ``complete``; while the auction goes on it is the contract so far
    (None before the first bid) and ``next_seat`` is the player to call.
    """

    dealer: Seat
    calls: tuple[Call, ...]
    complete: bool
    contract: Contract | None
    next_seat: Seat | None

    @property
    def passed_out(self) -> bool:
        """True when all four players passed at the start."""
        return self.complete and self.contract is PASSED_OUT

    @property
    def declarer(self) -> Seat | None:
        """Declarer of the (current) contract."""
        return self.contract.declarer if self.contract is not None else None


def auction(calls: object, dealer: object) -> AuctionResult:
    """Check an auction and find its contract.

    ``calls`` is a sequence of calls (text or :class:`Call`) or one text
    separated by spaces, commas or dashes; a last ``AP`` or ``All pass``
    stands for the passes that end it. ``dealer`` is N, E, S or W (or a board
    number). The first illegal call is an input error naming its position and
    text; so is a call after the auction has ended.

    >>> result = auction("1S 2H 2S P P P", "N")
    >>> str(result.contract), result.complete
    ('2SN', True)
    >>> result = auction("P - 1H - X - XX - AP", "W")
    >>> str(result.contract), len(result.calls)
    ('1HXXN', 7)
    >>> auction("1S 1H", "N")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: call 2 "1H": insufficient bid after 1S
    """
    first = _dealer(dealer)
    seat = first
    made: list[Call] = []
    last_bid: Call | None = None
    last_bidder: Seat | None = None
    doubling = Doubling.UNDOUBLED
    passes = 0
    first_to_bid: dict[tuple[Side, Strain], Seat] = {}
    complete = False
    tokens = _tokens(calls)
    for index, token in enumerate(tokens):
        position = len(made) + 1
        shown = describe(str(token))
        if complete:
            raise BridgeInputError(
                f"call {position} {shown}: the auction ended with call {position - 1}"
            )
        if isinstance(token, str) and "".join(token.split()).upper() == _ALL_PASS:
            if index != len(tokens) - 1:
                raise BridgeInputError(f"call {position} {shown}: all pass must be the last call")
            needed = (4 if last_bid is None else 3) - passes
            made.extend([PASS] * needed)
            seat = seat.next(needed)
            complete = True
            break
        try:
            call = Call.parse(token)
        except BridgeInputError as error:
            detail = str(error).removeprefix("call ")
            raise BridgeInputError(f"call {position} {detail}") from None
        problem = None
        if call.kind is CallKind.PASS:
            passes += 1
        elif call.kind is CallKind.BID:
            if last_bid is not None and not call > last_bid:
                problem = f"insufficient bid after {last_bid}"
            else:
                last_bid, last_bidder, doubling, passes = call, seat, Doubling.UNDOUBLED, 0
                assert call.strain is not None
                first_to_bid.setdefault((seat.side, call.strain), seat)
        elif last_bid is None or last_bidder is None:
            problem = f"no bid to {call.kind.value}"
        elif call.kind is CallKind.DOUBLE:
            if last_bidder.side is seat.side:
                whose = "your own" if last_bidder is seat else "partner's"
                problem = f"cannot double {whose} bid {last_bid}"
            elif doubling is not Doubling.UNDOUBLED:
                problem = f"{last_bid} is already {'doubled' if doubling == 2 else 'redoubled'}"
            else:
                doubling, passes = Doubling.DOUBLED, 0
        else:
            if doubling is Doubling.UNDOUBLED:
                problem = f"no double to redouble ({last_bid} is not doubled)"
            elif doubling is Doubling.REDOUBLED:
                problem = f"{last_bid} is already redoubled"
            elif last_bidder.side is not seat.side:
                problem = f"cannot redouble partner's double of {last_bid}"
            else:
                doubling, passes = Doubling.REDOUBLED, 0
        if problem is not None:
            raise BridgeInputError(f"call {position} {shown}: {problem}")
        made.append(call)
        seat = seat.next()
        complete = passes == (4 if last_bid is None else 3)
    contract: Contract | None = None
    if last_bid is not None and last_bidder is not None and last_bid.strain is not None:
        declarer = first_to_bid[(last_bidder.side, last_bid.strain)]
        contract = Contract(last_bid.level, last_bid.strain, doubling, declarer)
    elif complete:
        contract = PASSED_OUT
    return AuctionResult(first, tuple(made), complete, contract, None if complete else seat)


def _dealer(dealer: object) -> Seat:
    if isinstance(dealer, int | float) and not isinstance(dealer, bool):
        return board_dealer(dealer)
    return Seat.parse(dealer, "dealer")


def auction_contract(calls: object, dealer: object) -> Contract:
    """The final contract (with declarer, doubled or redoubled) of a complete auction,
    or :data:`PASSED_OUT`; an illegal or unfinished auction is an input error.

    >>> str(auction_contract("1C 1H 1S 2H X XX 3C P P P", "E"))
    '3CE'
    >>> str(auction_contract(["P", "P", "P", "P"], "S"))
    'PASS'
    """
    result = auction(calls, dealer)
    if result.complete:
        assert result.contract is not None
        return result.contract
    if not result.calls:
        raise BridgeInputError("calls are blank: give the auction, e.g. 1S P 4S AP")
    if result.contract is None:
        raise BridgeInputError(
            f"auction unfinished after call {len(result.calls)}: "
            "four passes pass the deal out"
        )
    raise BridgeInputError(
        f"auction unfinished after call {len(result.calls)}: "
        f"{result.contract.level}{result.contract.strain} needs three passes in a row"
    )
