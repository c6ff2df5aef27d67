"""The cards of a deal: a :class:`Hand` per seat and a :class:`Deal` of four, in PBN's
notation (PBN 2.1 §3.4.11), and dealing them at random.

A hand is written suit by suit, spades first, ranks high to low, the suits separated by
dots: ``AKQ2.T98.7653.A2`` (``T`` is the ten; ``10`` is read too). A deal is the first
seat, a colon and the hands clockwise from it: ``N:AKQ2.T98.7653.A2 - - -``. A hand that is
not known is ``-``; a card whose rank is not known is ``x`` (a hand record that shows only
the honours). When three hands are known card for card, the fourth is the cards left.

    >>> deal = Deal.parse("N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 -")
    >>> str(deal)
    'N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 43.5432.JT98.865'
    >>> deal.hand(Seat.N).hcp, deal.hand(Seat.N).shape, deal.complete
    (13, '4-4-3-2', True)

Board numbers give dealer and vulnerability (:func:`~xlbridge.engine.board_dealer`,
:func:`~xlbridge.engine.board_vul`); a deal is only the cards.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from dataclasses import dataclass

from .errors import BridgeInputError, describe
from .seat import SEATS, Seat

SUITS = "SHDC"
"""The suits in PBN's order: spades, hearts, diamonds, clubs."""
RANKS = "AKQJT98765432"
"""The ranks high to low, the ten written ``T``."""
SPOT = "x"
"""A card whose rank a hand record does not show."""
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""The suit symbols; hearts and diamonds are the red suits."""
RED = frozenset("HD")
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
"""Milton Work's high-card points."""
CARDS = tuple(suit + rank for suit in SUITS for rank in RANKS)
"""The 52 cards, ``SA`` to ``C2``."""

_SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def card_name(card: str) -> str:
    """A card as a player reads it: its suit symbol and rank.

    >>> card_name("HT")
    '♥10'
    """
    return SYMBOLS[card[0]] + ("10" if card[1] == "T" else card[1])


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen cards: the ranks held in each suit, spades first, high to low (``x`` a
    card of unknown rank, after the known ones).

    >>> hand = Hand.parse("AKQ2.T98.7653.A2")
    >>> hand.hcp, hand.lengths, hand.shape, str(hand)
    (13, (4, 3, 4, 2), '4-4-3-2', 'AKQ2.T98.7653.A2')
    >>> Hand.parse("AKQ2.T98.765.A2")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: hand "AKQ2.T98.765.A2": has 12 cards; a hand has 13
    """

    suits: tuple[str, str, str, str]

    @classmethod
    def parse(cls, text: object) -> Hand:
        """A hand in PBN's notation: four suits separated by dots, spades first."""
        if not isinstance(text, str):
            raise BridgeInputError(f"hand {describe(text)}: write it as AKQ2.T98.7653.A2, spades first")
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise BridgeInputError(
                f"hand {describe(text)}: has {len(parts)} suit{'s' * (len(parts) != 1)}; "
                "write four separated by dots, spades first (AKQ2.T98.7653.A2)")
        suits = []
        for suit, written in zip(SUITS, parts, strict=True):
            ranks = written.strip().upper().replace("10", "T").replace(SPOT.upper(), SPOT)
            for rank in ranks:
                if rank not in RANKS and rank != SPOT:
                    raise BridgeInputError(
                        f"hand {describe(text)}: {describe(rank)} is not a rank; use AKQJT98765432 or x")
            known = [rank for rank in ranks if rank != SPOT]
            twice = next((rank for rank in known if known.count(rank) > 1), None)
            if twice is not None:
                raise BridgeInputError(f"hand {describe(text)}: {card_name(suit + twice)} is written twice")
            suits.append("".join(sorted(known, key=RANKS.index)) + SPOT * (len(ranks) - len(known)))
        count = sum(map(len, suits))
        if count != 13:
            raise BridgeInputError(f"hand {describe(text)}: has {count} cards; a hand has 13")
        return cls((suits[0], suits[1], suits[2], suits[3]))

    def __str__(self) -> str:
        return ".".join(self.suits)

    def cards(self) -> Iterator[str]:
        """The cards whose rank is known, ``SA`` style."""
        for suit, ranks in zip(SUITS, self.suits, strict=True):
            for rank in ranks:
                if rank != SPOT:
                    yield suit + rank

    @property
    def exact(self) -> bool:
        """Every card's rank is known (no ``x``)."""
        return all(SPOT not in ranks for ranks in self.suits)

    @property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return sum(HCP.get(rank, 0) for ranks in self.suits for rank in ranks)

    @property
    def lengths(self) -> tuple[int, int, int, int]:
        """The number of cards in spades, hearts, diamonds and clubs."""
        spades, hearts, diamonds, clubs = (len(ranks) for ranks in self.suits)
        return spades, hearts, diamonds, clubs

    @property
    def shape(self) -> str:
        """The suit lengths longest first, as players say it: ``5-3-3-2``."""
        return "-".join(str(n) for n in sorted(self.lengths, reverse=True))


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board, North's first; ``None`` for a hand not known.

    >>> Deal.parse("E:- - - -").complete, str(Deal.parse("E:- - - -"))
    (False, 'N:- - - -')
    >>> Deal.parse("N:AKQ2.T98.7653.A2 AKQ.J876.42.K743 - -")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: deal "N:AKQ2.T98.7653...": ♠A is in North's and East's hands
    """

    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]

    @classmethod
    def parse(cls, text: object) -> Deal:
        """A deal in PBN's notation: the first seat, a colon, four hands clockwise."""
        if isinstance(text, Deal):
            return text
        if not isinstance(text, str) or ":" not in text:
            raise BridgeInputError(f"deal {describe(text)}: write it as N: and four hands, e.g. N:AKQ2.T98.7653.A2 …")
        first, _, rest = text.strip().partition(":")
        try:
            seat = Seat.parse(first, "deal's first seat")
        except BridgeInputError:
            raise BridgeInputError(
                f"deal {describe(text)}: {describe(first)} is not a seat; start N:, E:, S: or W:") from None
        written = rest.split()
        if len(written) != 4:
            raise BridgeInputError(f"deal {describe(text)}: has {len(written)} hands; write four, - for one not known")
        hands: list[Hand | None] = [None] * 4
        for step, hand in enumerate(written):
            try:
                hands[SEATS.index(seat.next(step))] = None if hand == "-" else Hand.parse(hand)
            except BridgeInputError as error:
                whose = _SEAT_WORDS[str(seat.next(step))]
                raise BridgeInputError(f"deal {describe(text)}: {whose}'s {error}") from None
        holder: dict[str, int] = {}
        for index, hand in enumerate(hands):
            for card in hand.cards() if hand is not None else ():
                if card in holder:
                    first, second = (_SEAT_WORDS[str(SEATS[i])] for i in (holder[card], index))
                    raise BridgeInputError(
                        f"deal {describe(text)}: {card_name(card)} is in {first}'s and {second}'s hands")
                holder[card] = index
        unknown = [index for index, hand in enumerate(hands) if hand is None]
        if len(unknown) == 1 and all(hand is None or hand.exact for hand in hands):
            left = [card for card in CARDS if card not in holder]
            hands[unknown[0]] = _hand_of(left)
        return cls((hands[0], hands[1], hands[2], hands[3]))

    def __str__(self) -> str:
        return "N:" + " ".join("-" if hand is None else str(hand) for hand in self.hands)

    def hand(self, seat: Seat) -> Hand | None:
        """The hand in ``seat``, or ``None`` when it is not known."""
        return self.hands[SEATS.index(seat)]

    @property
    def complete(self) -> bool:
        """Every card is known: what a double-dummy solver needs."""
        return all(hand is not None and hand.exact for hand in self.hands)

    @property
    def known(self) -> bool:
        """At least one hand is known: there is something to show."""
        return any(hand is not None for hand in self.hands)


UNKNOWN = Deal((None, None, None, None))
"""A deal whose cards are not known."""


def _hand_of(cards: list[str]) -> Hand:
    """Thirteen ``SA``-style cards, in :data:`CARDS` order, as a hand."""
    suits = ["".join(card[1] for card in cards if card[0] == suit) for suit in SUITS]
    return Hand((suits[0], suits[1], suits[2], suits[3]))


def deal(rng: random.Random | None = None) -> Deal:
    """A deal at random: every one of the 52!/(13!)⁴ deals equally likely. The cards come
    from the operating system's randomness (:mod:`secrets`) unless ``rng`` is given, as
    :func:`deals` gives one for a seed.

    >>> all(hand is not None and sum(hand.lengths) == 13 for hand in deal().hands)
    True
    """
    pack = list(range(52))
    (rng or secrets.SystemRandom()).shuffle(pack)  # Fisher-Yates: uniform over the orders
    return Deal(tuple(_hand_of([CARDS[i] for i in sorted(pack[13 * n:13 * n + 13])]) for n in range(4)))  # type: ignore[arg-type]


def deals(count: int, seed: str | None = None) -> list[Deal]:
    """``count`` deals at random; the same ``seed`` gives the same deals on any machine.

    >>> [str(d) for d in deals(2, seed="club night")] == [str(d) for d in deals(2, seed="club night")]
    True
    """
    rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
    return [deal(rng) for _ in range(count)]
