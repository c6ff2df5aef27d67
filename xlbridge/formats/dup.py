"""Duplimate's DUP file: the deals a Duplimate dealing machine deals, written as its maker
documents the format publicly: Jannersten Förlag's "Convert" note for Duplimate clubs
(http://www.duplimate.com/DuplimateClub/convert.pdf; a copy is at
http://www.docstoc.com/docs/86815766/Convert-Convert-We-will). Other machines (Dealer4,
PlayBridgeDealer) and dealing programs (BigDeal) read it too.

Each board is 156 bytes, the boards one after another from the lowest number, none
numbered in the file:

- bytes 1-78, the *BRI* part: North's, East's and South's 13 cards as two-digit numbers,
  ``01`` the ♠A, ``13`` the ♠2, ``14`` the ♥A ... ``52`` the ♣2 (West has the cards left);
- bytes 79-146, the *DGE* part: the four hands N, E, S, W, each 17 bytes: a suit's
  symbol in the PC's code page 437 (``06`` ♠, ``03`` ♥, ``04`` ♦, ``05`` ♣) before its
  ranks, high to low (``T`` the ten);
- bytes 147-156, for the machine: ``Y`` (random hands) ``N`` (not counting backwards), the
  lowest board (3 bytes), the copies of each board (2 bytes) and the highest board (3 bytes),
  each left-aligned and padded with spaces: ``YN1  1 32 `` for a set of 32.

    >>> from ..engine.hands import Deal
    >>> deal = Deal.parse("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
    >>> data = dumps([deal], first=1)
    >>> len(data), data[:26], data[78:95], data[146:]
    (156, b'04060708171821222425273742', b'\\x06J987\\x03JT7643\\x04A4\\x05Q', b'YN1  1 1  ')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import BridgeInputError
from ..engine.hands import CARDS, SUITS, Deal

SIZE = 156
"""Bytes a board takes."""
_SYMBOL = {"S": b"\x06", "H": b"\x03", "D": b"\x04", "C": b"\x05"}  # ♠ ♥ ♦ ♣ in code page 437
_HIGHEST = 999  # the board numbers have three bytes


def dumps(deals: Sequence[Deal], first: int = 1, copies: int = 1) -> bytes:
    """The DUP file of ``deals``, boards ``first``, ``first + 1`` ...; each deal must be
    known card for card (a machine deals every card)."""
    last = first + len(deals) - 1
    if not deals or first < 1 or last > _HIGHEST:
        raise BridgeInputError(f"a DUP file holds boards 1-{_HIGHEST}; boards {first}-{last} do not fit")
    if not 1 <= copies <= 99:
        raise BridgeInputError(f"copies {copies}: a DUP file holds 1-99 copies of each board")
    trailer = b"YN" + f"{first:<3}{copies:<2}{last:<3}".encode("ascii")
    out = bytearray()
    for board, deal in enumerate(deals, start=first):
        if not deal.complete:
            raise BridgeInputError(f"board {board}: not known card for card; a dealing machine needs all 52")
        hands = [hand for hand in deal.hands if hand is not None]
        bri = b"".join(f"{CARDS.index(card) + 1:02d}".encode("ascii") for hand in hands[:3] for card in hand.cards())
        dge = b"".join(_SYMBOL[suit] + ranks.encode("ascii") for hand in hands
                       for suit, ranks in zip(SUITS, hand.suits, strict=True))
        out += bri + dge + trailer
    return bytes(out)
