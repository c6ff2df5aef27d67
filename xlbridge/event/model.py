"""The events a director scores, as plain immutable values.

The sample generator produces them, the workbook reader reads them back from a
filled template, the importers read them from other programs' files, and
:mod:`.scored` scores them with the engine. A contract stays as the text a
director types (``4SX``, ``PASS``), written back to a workbook as it is; its
engine value is :attr:`Play.played`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine import PASSED_OUT, BridgeInputError, Played, Seat, is_not_played, parse_adjusted, parse_contract


@dataclass(frozen=True, slots=True)
class Play:
    """One table's result on a board: contract, declarer and tricks taken.

    A passed-out board has ``contract == "PASS"``, no declarer and no tricks; a pairs
    row may instead hold ``NP`` (not played) or an adjusted score (``A60/40``).
    """

    contract: str
    declarer: str = ""
    tricks: int | None = None

    @property
    def passed_out(self) -> bool:
        """True for a board all four players passed (in any of the engine's spellings).

        >>> Play("Passed out").passed_out, Play("AP").passed_out, Play("NP").passed_out
        (True, True, False)
        """
        if self.scored_otherwise:
            return False
        try:
            return parse_contract(self.contract).passed_out
        except BridgeInputError:
            return False

    @property
    def played(self) -> Played:
        """The result as the engine scores it (a passed-out board: PASS).

        >>> str(Play("4SX", "N", 9).played), str(Play("PASS").played)
        ('4SXN-1', 'PASS')
        """
        if self.passed_out:
            return Played(PASSED_OUT)
        return Played(parse_contract(self.contract).with_declarer(Seat.parse(self.declarer)), self.tricks or 0)

    @property
    def scored_otherwise(self) -> bool:
        """True for a row that is not a played result: ``NP`` or an adjusted score."""
        return is_not_played(self.contract) or _adjusted(self.contract)


def _adjusted(text: str) -> bool:
    try:
        return parse_adjusted(text) is not None
    except BridgeInputError:
        return False


@dataclass(frozen=True, slots=True)
class PairResult:
    """One row of a pairs event's results: a board played by two pairs (one of them
    may be None: a pair from outside the event)."""

    board: int
    ns: int | None
    ew: int | None
    play: Play

    @property
    def row(self) -> tuple[object, ...]:
        """The row as :func:`xlbridge.engine.pairs_event` reads it."""
        play = self.play
        return (self.board, self.ns, self.ew, play.contract, play.declarer or None, play.tricks)


@dataclass(frozen=True, slots=True)
class Pair:
    """A partnership entered in a pairs event."""

    number: int
    names: str


@dataclass(frozen=True, slots=True)
class PairsEvent:
    """A pairs event: the pairs, every result in long form, and how it is scored
    (``options``: :func:`xlbridge.engine.pairs_event`'s keywords besides ``mpscale``)."""

    name: str
    date: str
    pairs: tuple[Pair, ...]
    results: tuple[PairResult, ...]
    scale: int = 2
    tables: int | None = None
    boards: int | None = None
    options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a team match: the result in each room (NS's view in each)."""

    board: int
    open: Play
    closed: Play


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A team match between the home team (NS in the open room) and the away team."""

    name: str
    date: str
    home: str
    away: str
    boards: tuple[TeamBoard, ...]


@dataclass(frozen=True, slots=True)
class EventBoard:
    """One board of one match of a team event: round, teams (home NS in the open room),
    board number and each room's result."""

    round: int
    home: int
    away: int
    board: int
    open: Play
    closed: Play


@dataclass(frozen=True)
class TeamEvent:
    """A team event as its workbook holds it: the teams by number, its size, the bye's
    VPs, each round's bye team, and every board played."""

    name: str
    date: str
    swiss: bool
    teams: Mapping[int, str]
    rounds: int
    match_boards: int
    bye_vp: float
    byes: Mapping[int, int]
    boards: tuple[EventBoard, ...]
