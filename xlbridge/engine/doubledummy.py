"""What a double-dummy solver finds for a deal, as values: the tricks each declarer takes
in each strain (:class:`Tricks`) and the par (:class:`Par`). The engine does not solve a
deal; ``xlbridge.solver`` asks DDS and gives these back, and a workbook stores them, so
that printing and formulas never need the solver.

The strains are in the order hand records print them, notrump first: NT, ♠, ♥, ♦, ♣;
the declarers N, E, S, W.

    >>> tricks = Tricks.parse_hex("9a89a" "9a89a" "43434" "43434")
    >>> tricks.of(Seat.N, Strain.NT), tricks.of(Seat.E, Strain.S), tricks.hex()
    (9, 3, '9a89a9a89a4343443434')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .contract import Strain
from .errors import BridgeInputError, describe
from .seat import SEATS, Seat, Side

HEX_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
"""The declarers' order in ``[DoubleDummyTricks]``: North-South, then East-West. Every
program here that writes the tag does so (BridgeComposer, Bridge Solver Online, Dealmaster
Pro, Bridgewebs): its digits equal their own ``[OptimumResultTable]`` and DDS in this
order, never in N, E, S, W (``tests/test_real_double_dummy.py``)."""

_PAR = re.compile(r"(NS|EW|N|E|S|W)\s*([1-7])(NT|N|S|H|D|C)(X?)\s*(=|[+-]\d{1,2})")
STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
"""The strains in the order of a hand record's table, notrump first."""


@dataclass(frozen=True, slots=True)
class Tricks:
    """Double-dummy tricks: ``rows[declarer][strain]``, declarers N, E, S, W and strains
    in :data:`STRAINS` order."""

    rows: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != 4 or any(len(row) != 5 for row in self.rows):
            raise BridgeInputError("double-dummy tricks: need 4 declarers × 5 strains")
        if any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13 for row in self.rows for n in row):
            raise BridgeInputError("double-dummy tricks: each must be a whole number 0-13")

    def of(self, declarer: Seat, strain: Strain) -> int:
        """The tricks ``declarer`` takes in ``strain``."""
        return self.rows[SEATS.index(declarer)][STRAINS.index(strain)]

    def hex(self) -> str:
        """Twenty hexadecimal digits, declarer by declarer in :data:`HEX_SEATS` order
        (N, S, E, W), NT first: the value of the ``[DoubleDummyTricks]`` tag as
        BridgeComposer and Bridge Solver Online write it."""
        return "".join(f"{n:x}" for seat in HEX_SEATS for n in self.rows[SEATS.index(seat)])

    @classmethod
    def parse_hex(cls, text: object) -> Tricks:
        """Twenty hexadecimal digits, as :meth:`hex` writes them (N, S, E, W)."""
        if not isinstance(text, str) or len(text.strip()) != 20:
            raise BridgeInputError(f"double-dummy tricks {describe(text)}: need 20 hexadecimal digits")
        try:
            values = [int(ch, 16) for ch in text.strip()]
        except ValueError:
            raise BridgeInputError(f"double-dummy tricks {describe(text)}: need 20 hexadecimal digits") from None
        given = {seat: tuple(values[5 * d:5 * d + 5]) for d, seat in enumerate(HEX_SEATS)}
        return cls(tuple(given[seat] for seat in SEATS))


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: its level, strain, whether doubled, who may declare it (``N``,
    ``NS``, ...) and the tricks over (+) or under (-) the contract it makes.

    >>> str(ParContract(4, Strain.S, True, "EW", -3)), ParContract(3, Strain.NT, False, "NS", 0).pbn()
    ('EW 4SX-3', 'NS 3N=')
    """

    level: int
    strain: Strain
    doubled: bool
    declarers: str
    result: int

    @classmethod
    def parse(cls, text: object) -> ParContract:
        """One contract as the ``[ParContract]`` tag writes it (``NS 4SX-3``, ``E 6N=``).

        >>> ParContract.parse("NS 4SX-3") == ParContract(4, Strain.S, True, "NS", -3)
        True
        """
        match = _PAR.fullmatch(text.strip().upper()) if isinstance(text, str) else None
        if match is None:
            raise BridgeInputError(f"par contract {describe(text)}: write it as NS 4SX-3 or E 6N=")
        declarers, level, strain, doubled, made = match.groups()
        strain = "NT" if strain in ("N", "NT") else strain
        return cls(int(level), Strain[strain], bool(doubled), declarers, 0 if made == "=" else int(made))

    def _text(self, notrump: str) -> str:
        strain = notrump if self.strain is Strain.NT else str(self.strain)
        made = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.declarers} {self.level}{strain}{'X' * self.doubled}{made}"

    def __str__(self) -> str:
        return self._text("NT")

    def pbn(self) -> str:
        """As the ``[ParContract]`` tag writes it: notrump ``N``."""
        return self._text("N")


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a board: North-South's score and the contracts that reach it.

    >>> par = Par(-420, (ParContract(4, Strain.S, False, "EW", 0),))
    >>> str(par), par.optimum_score()
    ('EW 4S= -420', 'NS -420')
    """

    score: int
    contracts: tuple[ParContract, ...]

    def __str__(self) -> str:
        if not self.contracts:  # a file may give the score alone
            return f"{self.score:+d}" if self.score else "pass 0"
        return "; ".join(map(str, self.contracts)) + f" {self.score:+d}"

    def optimum_score(self) -> str:
        """The ``[OptimumScore]`` tag's value: North-South's score."""
        return f"{Side.NS} {self.score}"

    def contract_text(self) -> str:
        """The contracts as the ``[ParContract]`` tag writes them; ``Pass`` when none."""
        return "; ".join(contract.pbn() for contract in self.contracts) or "Pass"
