"""Chicago: four-deal rounds with a fixed dealer and vulnerability cycle (RULES section 4)."""

from __future__ import annotations

from .errors import BridgeInputError, describe
from .numeric import whole_number
from .seat import SEATS, Seat
from .vulnerability import Vulnerability

VARIANTS = ("standard", "duplicate")

# Deals 1-4 of each round. "standard" is the Laws of Chicago (seed 000): the
# dealer's side is vulnerable on deals 2 and 3; "duplicate" (seed 004) follows
# duplicate boards 1-4, where it is not.
_CYCLES: dict[str, tuple[Vulnerability, ...]] = {
    "standard": (Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.ALL),
    "duplicate": (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL),
}


def chicago_variant(variant: object) -> str:
    """Parse a Chicago variant name: ``standard`` (default) or ``duplicate``.

    >>> chicago_variant(" Duplicate ")
    'duplicate'
    """
    if variant is None or (isinstance(variant, str) and not variant.strip()):
        return "standard"
    if isinstance(variant, str) and variant.strip().lower() in VARIANTS:
        return variant.strip().lower()
    raise BridgeInputError(f"variant {describe(variant)}: must be standard or duplicate")


def chicago_vul(deal: object, variant: object = "standard") -> Vulnerability:
    """Vulnerability of Chicago deal ``deal`` (1, 2, ...; every 4 deals repeat).

    >>> str(chicago_vul(2)), str(chicago_vul(2, "duplicate")), str(chicago_vul(8))
    ('EW', 'NS', 'All')
    """
    number = whole_number(deal, "deal", 1)
    return _CYCLES[chicago_variant(variant)][(number - 1) % 4]


def chicago_dealer(deal: object) -> Seat:
    """Dealer of Chicago deal ``deal``: N, E, S, W in turn.

    >>> chicago_dealer(7)
    <Seat.S: 'S'>
    """
    return SEATS[(whole_number(deal, "deal", 1) - 1) % 4]
