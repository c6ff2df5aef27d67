"""Contracts: level, strain, doubling and (optionally) declarer (docs/rules.md §1)."""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass

from .errors import BridgeInputError, describe
from .seat import Seat


class Strain(enum.IntEnum):
    """Clubs to no-trump, in bidding order."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    # Enum's own __hash__ is Python code; hashing as the int keeps the caches fast.
    __hash__ = int.__hash__

    def __str__(self) -> str:
        return self.name

    @property
    def is_major(self) -> bool:
        """Hearts and spades."""
        return self in (Strain.H, Strain.S)

    @property
    def is_minor(self) -> bool:
        """Clubs and diamonds."""
        return self in (Strain.C, Strain.D)


class Doubling(enum.IntEnum):
    """The factor a double multiplies the trick score by."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    __hash__ = int.__hash__

    def __str__(self) -> str:
        return _DOUBLING_TEXT[self]


_DOUBLING_TEXT = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract, or a passed-out deal (``level == 0``).

    ``str()`` and :func:`parse_contract` round-trip:

    >>> c = parse_contract("4♠x N")
    >>> c, str(c)
    (Contract(level=4, strain=<Strain.S: 3>, doubling=<Doubling.DOUBLED: 2>, declarer=<Seat.N: 'N'>), '4SXN')
    >>> parse_contract(str(c)) == c
    True
    """

    level: int
    strain: Strain = Strain.NT
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or not 0 <= self.level <= 7:
            raise BridgeInputError(f"contract level {describe(self.level)}: must be 1-7")

    @property
    def passed_out(self) -> bool:
        """True for a deal all four players passed."""
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: level + 6."""
        return self.level + 6

    def with_declarer(self, declarer: Seat | None) -> Contract:
        """The same contract played by ``declarer``."""
        if self.passed_out:
            return self
        return Contract(self.level, self.strain, self.doubling, declarer)

    def __str__(self) -> str:
        if self.passed_out:
            return "PASS"
        declarer = self.declarer.value if self.declarer else ""
        return f"{self.level}{self.strain}{self.doubling}{declarer}"


PASSED_OUT = Contract(0)

_PASS_WORDS = {"PASS", "P", "AP", "PO", "PASSEDOUT", "PASSOUT", "ALLPASS", "PASSED"}
SUIT_SYMBOLS = str.maketrans({
    "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S",
    "*": "X",
})
# level, strain, then declarer and doubling in either order ("4SXN" as typed by
# directors, "4SNX" as written by endplay and PBN tools).
_CONTRACT = re.compile(
    r"(?P<level>\d)(?P<strain>NT|N|SA|S|H|D|C)"
    r"(?:(?P<dbl>XX|X|R)(?P<seat>NORTH|EAST|SOUTH|WEST|N|E|S|W)?"
    r"|(?P<seat2>NORTH|EAST|SOUTH|WEST|N|E|S|W)(?P<dbl2>XX|X|R)?)?"
)
_MAX_TEXT = 40


def parse_contract(text: object) -> Contract:
    """Parse a contract as a director types it.

    Accepts ``4S``, ``4s``, ``4♠``, ``3NT``, ``3N``, ``4SX``, ``4S*``, ``4SXX``,
    ``4S**``, a declarer appended (``4SXN``), spaces anywhere, and ``PASS``,
    ``P``, ``AP``, ``PO`` or ``Passed out`` for a passed-out deal.

    >>> str(parse_contract("3nt")), str(parse_contract("2h**")), str(parse_contract("Passed out"))
    ('3NT', '2HXX', 'PASS')
    """
    if isinstance(text, Contract):
        return text
    if not isinstance(text, str):
        raise BridgeInputError(f"contract {describe(text)}: must be text such as 4S, 3NTX or PASS")
    return _parse_contract_text(text)


def is_passed_out(text: object) -> bool:
    """Whether ``text`` is a passed-out deal in any of the spellings :func:`parse_contract`
    reads (``PASS``, ``P``, ``AP``, ``Passed out`` ...), without parsing a contract.

    >>> is_passed_out("Passed out"), is_passed_out(" p "), is_passed_out("4S"), is_passed_out(None)
    (True, True, False, False)
    """
    if isinstance(text, Contract):
        return text.passed_out
    return isinstance(text, str) and "".join(text.split()).upper() in _PASS_WORDS


@functools.lru_cache(maxsize=4096)
def _parse_contract_text(text: str) -> Contract:
    if len(text) > _MAX_TEXT:
        raise BridgeInputError(f"contract {describe(text)}: too long; write e.g. 4SX")
    key = "".join(text.split()).upper().translate(SUIT_SYMBOLS)
    if not key:
        raise BridgeInputError("contract is blank: write e.g. 4S, 3NTX or PASS")
    if key in _PASS_WORDS:
        return PASSED_OUT
    match = _CONTRACT.fullmatch(key)
    if match is None:
        raise BridgeInputError(f"contract {describe(text)}: {_diagnose(key)}")
    level = int(match["level"])
    if not 1 <= level <= 7:
        raise BridgeInputError(f"contract {describe(text)}: level must be 1-7")
    strain = Strain.NT if match["strain"] in ("N", "NT", "SA") else Strain[match["strain"]]
    doubling_text = match["dbl"] or match["dbl2"] or ""
    doubling = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED}.get(doubling_text, Doubling.REDOUBLED)
    seat_text = match["seat"] or match["seat2"]
    return Contract(level, strain, doubling, Seat.parse(seat_text) if seat_text else None)


def _diagnose(key: str) -> str:
    """Say what is wrong with a contract text that did not match.

    >>> _diagnose("42"), _diagnose("4"), _diagnose("S4")
    ('level must be 1-7, then the strain C, D, H, S or NT', 'strain must be C, D, H, S or NT', \
'must start with a level 1-7, e.g. 4S, 3NTX or PASS')
    """
    level = re.match(r"\d+", key)
    if level is None:
        return "must start with a level 1-7, e.g. 4S, 3NTX or PASS"
    if len(level[0]) > 1:  # "42" is as likely 4 of a mistyped strain as a level of 42
        return "level must be 1-7, then the strain C, D, H, S or NT"
    if level[0] != key[: len(level[0])] or not 1 <= int(level[0]) <= 7:
        return "level must be 1-7"
    rest = key[len(level[0]):]
    if not re.match(r"NT|N|S|H|D|C", rest):
        return "strain must be C, D, H, S or NT"
    if "XXX" in rest or "RX" in rest or "XR" in rest:
        return "at most redoubled (XX)"
    return "write level, strain, then X or XX, e.g. 4S, 3NTX, 2HXX"
