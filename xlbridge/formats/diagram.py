"""A board's hand diagram, built once from its :class:`~xlbridge.engine.handrecord.HandRecord`
and rendered by the web page (:mod:`.html`) and the printouts (:mod:`.printout`): the
compass layout every bridge player reads (North at the top, West on the left, East on the
right, South at the bottom), the board's number, dealer and vulnerability, each hand's
suits with their symbols (hearts and diamonds red), each hand's high-card points, and,
when known, the double-dummy table (declarers N, S, E, W × NT ♠ ♥ ♦ ♣) and the par.

A text that a view may colour is :data:`Runs`: pieces of text, each red or not, so that
the views colour exactly the same symbols.

    >>> from xlbridge.engine.hands import Deal
    >>> from xlbridge.engine.handrecord import HandRecord
    >>> shown = diagram(HandRecord(5, Deal.parse("N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 -")))
    >>> shown.heading, shown.dealer_text, shown.vulnerability_text
    ('Board 5', 'Dealer North', 'Vul N-S')
    >>> [line.text for line in shown.hand(Seat.N).lines], shown.hand(Seat.N).hcp
    (['♠ AKQ2', '♥ 1098', '♦ 7653', '♣ A2'], 13)
    >>> shown.hand(Seat.N).lines[1].red, shown.tricks is None, shown.par is None
    (True, True, True)

A hand that is not known has no lines (the views leave its place blank); a board with no
record has no diagram at all (:func:`diagram` of None is None).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Seat, Strain, Vulnerability
from ..engine.doubledummy import STRAINS, Par, ParContract
from ..engine.handrecord import HandRecord
from ..engine.hands import RED, SUITS, SYMBOLS, Hand

Run = tuple[str, bool]
"""A piece of text and whether it is red (a heart or diamond symbol)."""
Runs = tuple[Run, ...]

SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
COMPASS = (Seat.N, Seat.W, Seat.E, Seat.S)
"""The hands in the order a diagram is read: North, then West and East, then South."""
DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
"""The double-dummy table's rows, North-South's first, as hand records print them."""
VOID = "—"
"""What a void suit shows."""
_VULNERABILITY = {Vulnerability.NONE: "None", Vulnerability.NS: "N-S", Vulnerability.EW: "E-W",
                  Vulnerability.ALL: "All"}
_STRAIN_SUIT = {Strain.S: "S", Strain.H: "H", Strain.D: "D", Strain.C: "C"}


def plain(runs: Runs) -> str:
    """The text of some runs, without their colours.

    >>> plain(contract_runs(ParContract(4, Strain.H, True, "EW", -2)))
    'EW 4♥X-2'
    """
    return "".join(text for text, _red in runs)


def strain_run(strain: Strain) -> Run:
    """A strain as a diagram writes it: ``NT`` or the suit's symbol, red for ♥ and ♦.

    >>> strain_run(Strain.NT), strain_run(Strain.D)
    (('NT', False), ('♦', True))
    """
    if strain is Strain.NT:
        return ("NT", False)
    suit = _STRAIN_SUIT[strain]
    return (SYMBOLS[suit], suit in RED)


def contract_runs(contract: ParContract) -> Runs:
    """A par contract with its strain's symbol: ``NS 4♠=``, ``EW 5♦X-2``, ``N 3NT+1``."""
    made = "=" if contract.result == 0 else f"{contract.result:+d}"
    return ((f"{contract.declarers} {contract.level}", False), strain_run(contract.strain),
            (f"{'X' * contract.doubled}{made}", False))


def ranks_text(ranks: str) -> str:
    """A suit's ranks as a hand record prints them: the ten as ``10``, a void as a dash.

    >>> ranks_text("AKT2"), ranks_text(""), ranks_text("Qxx")
    ('AK102', '—', 'Qxx')
    """
    return ranks.replace("T", "10") if ranks else VOID


@dataclass(frozen=True, slots=True)
class SuitLine:
    """One line of a hand: the suit's symbol (red for ♥ and ♦) and its cards."""

    suit: str
    symbol: str
    red: bool
    cards: str

    @property
    def text(self) -> str:
        """The line as plain text: ``♠ AKQ2``."""
        return f"{self.symbol} {self.cards}"


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat's hand as a diagram shows it: four lines, spades first, and its high-card
    points; no lines and no points when the hand is not known."""

    seat: Seat
    lines: tuple[SuitLine, ...]
    hcp: int | None

    @property
    def known(self) -> bool:
        """Whether the hand is shown (an unknown hand is a blank)."""
        return bool(self.lines)


def hand_view(seat: Seat, hand: Hand | None) -> HandView:
    """A seat's hand as lines and points (a blank when ``hand`` is None)."""
    if hand is None:
        return HandView(seat, (), None)
    lines = tuple(SuitLine(suit, SYMBOLS[suit], suit in RED, ranks_text(ranks))
                  for suit, ranks in zip(SUITS, hand.suits, strict=True))
    return HandView(seat, lines, hand.hcp)


@dataclass(frozen=True, slots=True)
class Diagram:
    """A board's hand diagram: its number, dealer, vulnerability, the four hands (North,
    East, South, West), and when known the double-dummy table (``tricks``: a row of five
    strains for each of :data:`DECLARERS`) and the par."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    hands: tuple[HandView, HandView, HandView, HandView]
    tricks: tuple[tuple[int, ...], ...] | None = None
    par: Par | None = None

    def hand(self, seat: Seat) -> HandView:
        """The hand in ``seat``."""
        return next(view for view in self.hands if view.seat is seat)

    @property
    def heading(self) -> str:
        """``Board 5``."""
        return f"Board {self.board}"

    @property
    def dealer_text(self) -> str:
        """``Dealer North``."""
        return f"Dealer {SEAT_WORDS[self.dealer]}"

    @property
    def vulnerability_text(self) -> str:
        """``Vul None``, ``Vul N-S``, ``Vul E-W`` or ``Vul All``."""
        return f"Vul {_VULNERABILITY[self.vulnerability]}"

    @property
    def strain_headings(self) -> tuple[Run, ...]:
        """The double-dummy table's column headings: NT ♠ ♥ ♦ ♣."""
        return tuple(strain_run(strain) for strain in STRAINS)

    @property
    def par_score(self) -> str:
        """The par score, North-South's view: ``NS +420``, ``NS -100``, ``0``."""
        if self.par is None:
            return ""
        return f"NS {self.par.score:+d}" if self.par.score else "0"

    @property
    def par_runs(self) -> Runs:
        """The par line: ``Par NS +420: NS 4♠=; NS 4♥=`` (``Pass`` when no side bids)."""
        if self.par is None:
            return ()
        runs: list[Run] = [(f"Par {self.par_score}: ", False)]
        for index, contract in enumerate(self.par.contracts):
            runs += [("; ", False)] * (index > 0) + list(contract_runs(contract))
        if not self.par.contracts:
            runs.append(("Pass", False))
        return tuple(runs)


def diagram(record: HandRecord | None, *, blank: bool = False) -> Diagram | None:
    """A board's diagram from its hand record; None for a board with no deal (or a deal
    with no hand known), which the views then leave out, unless ``blank`` asks for its
    number, dealer and vulnerability around four blank hands (a printed set of hand
    records keeps a board's place).

    >>> from xlbridge.engine.hands import UNKNOWN
    >>> diagram(HandRecord(2, UNKNOWN)) is None, diagram(HandRecord(2, UNKNOWN), blank=True).dealer_text
    (True, 'Dealer East')
    """
    if record is None or not (record.deal.known or blank):
        return None
    hands = tuple(hand_view(seat, record.deal.hand(seat)) for seat in (Seat.N, Seat.E, Seat.S, Seat.W))
    tricks = None
    if record.tricks is not None:
        tricks = tuple(tuple(record.tricks.of(seat, strain) for strain in STRAINS) for seat in DECLARERS)
    return Diagram(record.board, record.dealer, record.vulnerability, hands, tricks, record.par)  # type: ignore[arg-type]


def records_in_order(records: Sequence[HandRecord]) -> list[HandRecord]:
    """Hand records by board number (a board given twice: its last record).

    >>> from xlbridge.engine.hands import UNKNOWN
    >>> [r.board for r in records_in_order([HandRecord(3, UNKNOWN), HandRecord(1, UNKNOWN)])]
    [1, 3]
    """
    return sorted({record.board: record for record in records}.values(), key=lambda record: record.board)
