"""The events a director scores, as plain immutable values.

The sample generator produces them, the workbook reader reads them back from a
filled template, the importers read them from other programs' files, and
:mod:`.scored` scores them with the engine. A contract stays as the text a
director types (``4SX``, ``PASS``), written back to a workbook as it is; its
engine value (:attr:`Play.outcome`) is parsed once, when the play is made, and goes
down to the engine unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine import (
    PASSED_OUT,
    Adjusted,
    BridgeInputError,
    Played,
    Seat,
    Split,
    Weighted,
    is_not_played,
    parse_adjusted,
    parse_contract,
    parse_split,
    parse_weighted,
    tricks_taken,
)
from ..engine.errors import describe
from ..engine.handrecord import HandRecord
from ..engine.players import Roster


@dataclass(frozen=True, slots=True)
class SplitPlay:
    """A split score parsed: the table result and the side given a percentage instead."""

    split: Split
    played: Played


Outcome = Played | Adjusted | SplitPlay | Weighted | str | None
"""A result as the engine takes it: a :class:`~xlbridge.engine.Played` deal (PASS for a
passed-out board), an :class:`~xlbridge.engine.Adjusted` score, a split score
(:class:`SplitPlay`), a :class:`~xlbridge.engine.Weighted` score, ``NP`` (not played), or
None while the row is incomplete (a contract without its declarer or tricks)."""

NOT_PLAYED = "NP"


def outcome(contract: str, declarer: str = "", tricks: int | None = None) -> Outcome:
    """A result's texts, parsed once into what the engine takes.

    >>> outcome("4SX", "N", 9), outcome("a60/40"), outcome("NP"), outcome("4S")
    (Played(contract=Contract(level=4, strain=<Strain.S: 3>, doubling=<Doubling.DOUBLED: 2>, \
declarer=<Seat.N: 'N'>), tricks=9), Adjusted(ns=60, ew=40), 'NP', None)
    >>> str(outcome("A60/4S", "N", 10).played), outcome("PASS/A60").split.side
    ('4SN=', <Side.EW: 'EW'>)
    >>> str(outcome("70% 3nts= 30% 3nts-1"))
    '70% 3NTS= 30% 3NTS-1'
    """
    weighted = parse_weighted(contract)
    if weighted is not None:
        if declarer or tricks is not None:
            raise BridgeInputError(f"weighted score {describe(contract)}: leave declarer and tricks blank "
                                   "(each of its results names its declarer)")
        return weighted
    split = parse_split(contract)
    if split is not None:
        played = outcome(split.contract, declarer, tricks)
        if not isinstance(played, Played | None):
            raise BridgeInputError(f"split score {describe(contract)}: the table result must be a contract or PASS")
        return None if played is None else SplitPlay(split, played)
    if is_not_played(contract):
        return NOT_PLAYED
    adjusted = parse_adjusted(contract)
    if adjusted is not None:
        return adjusted
    parsed = parse_contract(contract)
    if parsed.passed_out:
        return Played(PASSED_OUT)
    if not declarer or tricks is None:
        return None
    seat = Seat.parse(declarer)
    if parsed.declarer not in (None, seat):
        raise BridgeInputError(f"declarer {describe(declarer)}: contract {describe(contract)} names {parsed.declarer}")
    return Played(parsed.with_declarer(seat), tricks_taken(parsed, tricks))


@dataclass(frozen=True, slots=True)
class Play:
    """One table's result on a board: contract, declarer and tricks taken, as typed, and
    :attr:`outcome`, the same parsed once when the play is made (also by
    :func:`dataclasses.replace`, so it never disagrees with the texts).

    A passed-out board has ``contract == "PASS"``, no declarer and no tricks; a pairs
    row may instead hold ``NP`` (not played) or an adjusted score (``A60/40``). A contract
    the engine cannot read is refused when the play is made (:class:`BridgeInputError`).
    """

    contract: str
    declarer: str = ""
    tricks: int | None = None
    outcome: Outcome = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "outcome", outcome(self.contract, self.declarer, self.tricks))

    @property
    def passed_out(self) -> bool:
        """True for a board all four players passed (in any of the engine's spellings).

        >>> Play("Passed out").passed_out, Play("AP").passed_out, Play("NP").passed_out
        (True, True, False)
        """
        return isinstance(self.outcome, Played) and self.outcome.contract.passed_out

    @property
    def played(self) -> Played:
        """The result as the engine scores it (a passed-out board: PASS).

        >>> str(Play("4SX", "N", 9).played), str(Play("PASS").played), str(Play("PASS/A60").played)
        ('4SXN-1', 'PASS', 'PASS')
        """
        if isinstance(self.outcome, SplitPlay):
            return self.outcome.played
        if not isinstance(self.outcome, Played):
            raise BridgeInputError(f"contract {self.contract!r}: not a played result")
        return self.outcome

    @property
    def scored_otherwise(self) -> bool:
        """True for a row that is not a played result: ``NP`` or an adjusted score."""
        return self.outcome == NOT_PLAYED or isinstance(self.outcome, Adjusted)


@dataclass(frozen=True, slots=True)
class PairResult:
    """One row of a pairs event's results: a board played by two pairs (one of them
    may be None: a pair from outside the event). In a sectioned event ``section`` names the
    section whose table played it, and the pairs are numbered within it."""

    board: int
    ns: int | None
    ew: int | None
    play: Play
    section: str = ""

    @property
    def row(self) -> tuple[object, ...]:
        """The row as a results sheet holds it: board, pairs, and the play's texts."""
        play = self.play
        return (self.board, self.ns, self.ew, play.contract, play.declarer or None, play.tricks)

    @property
    def entry(self) -> tuple[object, ...]:
        """The row as :func:`xlbridge.engine.pairs_event` takes it, with the play's parsed
        outcome in place of its text (taken as it is, not parsed again)."""
        play, outcome = self.play, self.play.outcome
        if isinstance(outcome, Played):
            return (self.board, self.ns, self.ew, outcome.contract, play.declarer or None, play.tricks)
        if isinstance(outcome, SplitPlay):
            split = Split(outcome.split.side, outcome.split.percent, outcome.played.contract)
            return (self.board, self.ns, self.ew, split, play.declarer or None, play.tricks)
        if isinstance(outcome, Adjusted | Weighted):
            return (self.board, self.ns, self.ew, outcome, None, None)
        return (self.board, self.ns, self.ew, play.contract, play.declarer or None, play.tricks)


@dataclass(frozen=True, slots=True)
class Pair:
    """A partnership entered in a pairs event, with any procedural penalty taken from its
    total (Law 90: matchpoints or IMPs as the event is scored, or ``25%`` of a top) and any
    handicap (percentage points added for the handicapped ranking, docs/rules.md §17).
    In a sectioned event ``section`` is its section (``A``) and ``number`` its number there."""

    number: int
    names: str
    penalty: float | str | None = None
    handicap: float | None = None
    section: str = ""


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
    hands: Mapping[int, HandRecord] = field(default_factory=dict)
    """The boards' deals by board number (with double dummy and par when known); a board
    without one shows no hand."""
    roster: Roster | None = None
    """The club and each pair's registered players (membership numbers), when a player
    register or the results file gave them; None otherwise."""
    across: bool = True
    """A sectioned event's comparisons: every section's results on a board together (True),
    or each section on its own (:func:`xlbridge.engine.sections.sections_event`)."""

    @property
    def sections(self) -> tuple[str, ...]:
        """The sections' names in order (``("A", "B")``); empty for an event of one section."""
        named = {pair.section for pair in self.pairs} | {result.section for result in self.results}
        return tuple(sorted(named - {""}, key=lambda s: (len(s), s)))


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
    hands: Mapping[int, HandRecord] = field(default_factory=dict)


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
    hands: Mapping[int, HandRecord] = field(default_factory=dict)
