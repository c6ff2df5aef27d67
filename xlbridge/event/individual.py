"""An individual as a value, and the engine's scoring of it (docs/rules.md §12).

:class:`IndividualEvent` is what a director scores: the players and every result with its
round, table, board and four players. :func:`score_individual` scores it with
:func:`xlbridge.engine.individual_scoring.individual_event`, the one place an individual is
scored; :class:`IndividualReport` carries the event beside the engine's figures for the
views (:mod:`xlbridge.formats`).

    >>> event = IndividualEvent("Club", "", (), (
    ...     IndividualResult(1, 1, 1, (1, 2, 3, 4), Play("4S", "N", 10)),
    ...     IndividualResult(1, 2, 1, (5, 6, 7, 8), Play("4S", "N", 9))))
    >>> [(p.player, p.place) for p in score_individual(event).ranking()][:2]
    [(1, '1-4'), (3, '1-4')]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.handrecord import HandRecord
from ..engine.individual_scoring import IndividualEvent as ScoredIndividual
from ..engine.individual_scoring import PlayerTotal, individual_event
from .model import PairResult, Play


@dataclass(frozen=True, slots=True)
class Player:
    """A player entered in an individual."""

    number: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class IndividualResult:
    """One row of an individual: where it was played (round and table, None when not
    known), the board, the four players (North, East, South, West; None: a player from
    outside the event) and the result."""

    round: int | None
    table: int | None
    board: int
    seats: tuple[int | None, int | None, int | None, int | None]
    play: Play

    @property
    def entry(self) -> tuple[object, ...]:
        """The row as :func:`~xlbridge.engine.individual_scoring.individual_event` takes it,
        the play as :class:`~xlbridge.event.PairResult` gives it to the engine (parsed once)."""
        _board, _ns, _ew, *played = PairResult(self.board, None, None, self.play).entry
        return (self.board, *self.seats, *played)


@dataclass(frozen=True)
class IndividualEvent:
    """An individual: the players, every result, how it is scored (``options``:
    individual_event's ``neuberg`` and ``expected``) and the boards' deals (``hands``)."""

    name: str
    date: str
    players: tuple[Player, ...]
    results: tuple[IndividualResult, ...]
    scale: int = 2
    options: Mapping[str, object] = field(default_factory=dict)
    hands: Mapping[int, HandRecord] = field(default_factory=dict)
    """The boards' deals by board number (with double dummy and par when known), from the
    book's Hands sheet or an imported file; a board without one shows no hand."""

    def name_of(self, number: int) -> str:
        """The player's name, "" when the list has none."""
        return next((p.name for p in self.players if p.number == number), "")


@dataclass(frozen=True)
class IndividualReport:
    """An individual beside the engine's scoring of it."""

    event: IndividualEvent
    scored: ScoredIndividual

    def ranking(self) -> list[PlayerTotal]:
        """Every player best first (ties by number)."""
        return self.scored.ranking()

    @property
    def empty(self) -> bool:
        """True before the first result."""
        return not self.event.results

    @property
    def boards(self) -> int:
        """How many boards have a result."""
        return len({result.board for result in self.event.results})


def score_individual(event: IndividualEvent) -> IndividualReport:
    """Score the event with the engine, the one place an individual is scored."""
    scored = individual_event([result.entry for result in event.results], mpscale=event.scale, **event.options)
    return IndividualReport(event, scored)


__all__ = ["IndividualEvent", "IndividualReport", "IndividualResult", "Player", "score_individual"]
