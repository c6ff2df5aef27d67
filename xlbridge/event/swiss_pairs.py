"""A Swiss pairs event as a value (:class:`SwissPairsEvent`: its pairs, every table's result
by round) and the engine's scoring of it (:class:`SwissPairsReport`), with the next round's
draw (:func:`next_swiss_round`, the team event's own :func:`~xlbridge.event.next_round`).

Each match is a team event's match to every view: North-South are its home side, East-West
its away side; the standings, the rounds and the draw are shown and drawn as a Swiss team
event's are, with a pair in place of a team.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from ..engine import Pairing, SwissPairsScore, swiss_pairs_event
from ..engine.handrecord import HandRecord
from .model import Play
from .scored import TeamEventReport, next_round


@dataclass(frozen=True, slots=True)
class SwissBoard:
    """One table's result in a Swiss pairs round: round, the pairs (NS, EW), board, result."""

    round: int
    ns: int
    ew: int
    board: int
    play: Play


@dataclass(frozen=True)
class SwissPairsEvent:
    """A Swiss pairs event as its workbook holds it: the pairs by number, its size, how a
    board is scored on the field (``butler`` or ``cross-imps``), the bye's VPs, each round's
    bye pair, and every table's result."""

    name: str
    date: str
    pairs: Mapping[int, str]
    rounds: int
    match_boards: int
    method: str
    bye_vp: float
    byes: Mapping[int, int]
    boards: tuple[SwissBoard, ...]
    hands: Mapping[int, HandRecord] = field(default_factory=dict)
    swiss: ClassVar[bool] = True

    @property
    def teams(self) -> Mapping[int, str]:
        """The pairs by number: the entrants, as the team event's views and draw read them."""
        return self.pairs


@dataclass(frozen=True)
class SwissPairsReport(TeamEventReport):
    """A Swiss pairs event and the engine's scoring of it
    (:func:`~xlbridge.engine.swiss_pairs_event`): every table's IMPs on the field
    (``field``), and the matches, byes and standings as a team event's (``score``)."""

    event: SwissPairsEvent  # type: ignore[assignment]
    field: SwissPairsScore | None = None
    entrant: ClassVar[str] = "Pair"
    sides: ClassVar[tuple[str, str]] = ("NS", "EW")
    heading: ClassVar[str] = "Swiss pairs"

    def name(self, team: int) -> str:
        """The pair's name, or ``Pair 3`` when it has none."""
        return self.event.pairs.get(team) or f"Pair {team}"


def score_swiss_pairs(event: SwissPairsEvent) -> SwissPairsReport:
    """Score the event with :func:`~xlbridge.engine.swiss_pairs_event`, with the book's method
    and bye VPs."""
    rows = ((b.round, b.ns, b.ew, b.board, b.play.played) for b in event.boards)
    scored = swiss_pairs_event(rows, event.byes, method=event.method, bye_vp=event.bye_vp)
    return SwissPairsReport(event, scored.event, scored)  # type: ignore[arg-type]


def next_swiss_round(report: SwissPairsReport) -> tuple[int, list[Pairing]]:
    """The next round and its draw from the standings so far: the team event's
    :func:`~xlbridge.event.next_round` (the engine's ``swiss_draw``), NS the first of each pair."""
    return next_round(report)
