"""A scored event: the event (:mod:`.model`) beside the engine's scoring of it, as plain
data that :mod:`xlbridge.formats` shows (terminal text, CSV, web page, PBN, USEBIO, the
printout). Nothing here renders text or computes a figure: every number comes from
:mod:`xlbridge.engine` (:func:`~xlbridge.engine.pairs_event`,
:func:`~xlbridge.engine.team_match`, :func:`~xlbridge.engine.team_event`) applied to
the inputs, so a report is right even for a workbook that was never recalculated.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..engine import (
    BridgeInputError,
    EventMatch,
    MatchScore,
    Pairing,
    PairTotal,
    SectionsEvent,
    Side,
    TeamEventScore,
    TeamStanding,
    imps,
    pairs_event,
    sections_event,
    swiss_draw,
    team_event,
    team_match,
)
from ..engine import PairsEvent as ScoredEvent
from ..engine.handicap import Handicapped, handicapped
from ..engine.handrecord import HandRecord
from .model import EventBoard, PairsEvent, Play, TeamEvent, TeamMatch

# --- pairs -------------------------------------------------------------------------

Key = tuple[str, int]
"""A pair of a pairs event: its section (``""`` in an event of one section) and its number."""


@dataclass(frozen=True, slots=True)
class SectionTotal(PairTotal):
    """A pair's line in a sectioned event: the engine's :class:`~xlbridge.engine.PairTotal`
    (``pair`` its number in its section, ``place`` its place overall) with its section and
    its place there (``section_place``). Code that reads a ``PairTotal`` reads it unchanged;
    :meth:`PairsReport.label` shows ``A 3``."""

    section: str = ""
    section_place: str = ""


@dataclass(frozen=True)
class PairsReport:
    """A pairs event and the engine's scoring of it (:func:`~xlbridge.engine.pairs_event`,
    or :func:`~xlbridge.engine.sections_event` for an event of two or more sections).

    In a sectioned event ``sectioned`` is the engine's scoring, and ``scored`` the same
    figures in :class:`~xlbridge.engine.PairsEvent`'s shape (scoring, scale, fields, a row's
    points in row order) with its ``pairs`` keyed ``(section, number)`` and each a
    :class:`SectionTotal`; :attr:`pairs`, :meth:`name`, :meth:`label`, :meth:`rankings` and
    :meth:`section_rankings` read either kind alike.

    >>> from xlbridge.event.model import Pair, PairResult, Play
    >>> results = (PairResult(1, 1, 2, Play("4S", "N", 10), "A"), PairResult(1, 1, 2, Play("4S", "N", 9), "B"))
    >>> event = PairsEvent("Club", "", (Pair(1, "Ann & Bo", section="A"),), results)
    >>> report = score_pairs(event)
    >>> [(report.label(t), t.place, t.percent, report.name_of(t)) for _, totals in report.rankings() for t in totals]
    [('A 1', '1-2', 100.0, 'Ann & Bo'), ('B 2', '1-2', 100.0, ''), ('A 2', '3-4', 0.0, ''), ('B 1', '3-4', 0.0, '')]
    >>> [(title, [report.label(t) for t in totals]) for title, totals in report.section_rankings()]
    [('Section A', ['A 1', 'A 2']), ('Section B', ['B 2', 'B 1'])]
    >>> report.comparison
    'across the field'
    """

    event: PairsEvent
    scored: ScoredEvent
    handicapped: tuple[Handicapped[Side], ...] = ()
    """The handicapped ranking (percentage plus handicap, each field best first), when the
    event is scored by matchpoints and any pair has a handicap; empty otherwise. In a
    sectioned event every section is ranked together and a line's ``pair`` is its
    ``(section, number)``."""
    sectioned: SectionsEvent | None = None
    """The engine's scoring of a sectioned event (``event.sections`` not empty); None for one section."""

    @property
    def boards(self) -> int:
        """How many boards have results."""
        return len({result.board for result in self.event.results})

    @property
    def sections(self) -> tuple[str, ...]:
        """The sections' names (``("A", "B")``); empty for an event of one section."""
        return self.sectioned.sections if self.sectioned is not None else ()

    @property
    def comparison(self) -> str:
        """How a board's results are compared, in words: ``across the field`` or ``within
        sections`` for a sectioned event; ``""`` for one section."""
        if self.sectioned is None:
            return ""
        return "across the field" if self.sectioned.across else "within sections"

    @property
    def names(self) -> dict:
        """Each pair's names: by number (one section), or by ``(section, number)``."""
        if self.sectioned is None:
            return {pair.number: pair.names for pair in self.event.pairs}
        return {(pair.section, pair.number): pair.names for pair in self.event.pairs}

    @property
    def pairs(self) -> dict[Key, PairTotal]:
        """Every pair's line by ``(section, number)``, the section ``""`` in an event of one."""
        if self.sectioned is None:
            return {("", number): total for number, total in self.scored.pairs.items()}
        return dict(self.scored.pairs)  # type: ignore[arg-type]  # keyed (section, number) already

    def name(self, section: str, number: int) -> str:
        """A pair's names (``""`` when it has none)."""
        names = self.names
        return (names.get(number) if self.sectioned is None else names.get((section, number))) or ""

    def name_of(self, total: PairTotal) -> str:
        """The names of the pair a line of :meth:`rankings` is for."""
        return self.name(section_of(total), total.pair)

    def key(self, total: PairTotal) -> int | Key:
        """The pair a line is for, as the event's registers key it (:attr:`PairsEvent.roster`):
        its number, or ``(section, number)`` in a sectioned event."""
        return _key(total) if self.sectioned is not None else total.pair

    def label(self, total: PairTotal) -> str:
        """A pair as the views show it: ``3``, or ``A 3`` in a sectioned event."""
        return pair_label(section_of(total), total.pair)

    @property
    def imps(self) -> bool:
        """True for an IMP-scored event (cross-IMPs or Butler)."""
        return self.scored.scoring.imps

    def versus_par(self, index: int) -> int | None:
        """Result ``index``'s difference from its board's par (``event.hands``), North-South's
        side: IMPs in an IMP-scored event, points in a matchpoint one; None without a par or
        a score (an adjusted one)."""
        result = self.event.results[index]
        record, score = self.event.hands.get(result.board), self.scored.rows[index].score
        if record is None or record.par is None or score is None:
            return None
        return imps(score - record.par.score) if self.imps else score - record.par.score

    @property
    def empty(self) -> bool:
        """True before the first result."""
        return not self.event.results

    @property
    def is_traveller(self) -> bool:
        """True for one board's traveller: results with no pair list."""
        return not self.event.pairs

    def rankings(self) -> list[tuple[str, list[PairTotal]]]:
        """One ranking, or one per direction: (title, pairs best first); the title is
        ``""`` for a one-field event, else ``North-South`` / ``East-West``. In a sectioned
        event: every section together, by overall place (:class:`SectionTotal` lines)."""
        if self.sectioned is None:
            return [("" if field is None else _FIELD_TITLES[field], self.scored.ranking(field))
                    for field in self.scored.field_list]
        return [("" if field is None else _FIELD_TITLES[field],
                 [self.scored.pairs[line.key] for line in self.sectioned.ranking(field)])  # type: ignore[index]
                for field in self.sectioned.field_list]

    def section_rankings(self) -> list[tuple[str, list[PairTotal]]]:
        """Each section's ranking, a field at a time: (``Section A`` or ``Section A
        North-South``, its pairs best first), each line's ``place`` its place in the section
        (the section tops). Empty for an event of one section."""
        if self.sectioned is None:
            return []
        return [(f"Section {section}" + ("" if field is None else f" {_FIELD_TITLES[field]}"),
                 [dataclasses.replace(self.scored.pairs[line.key], place=line.section_place)  # type: ignore[index]
                  for line in self.sectioned.ranking(field, section)])
                for section in self.sectioned.sections for field in self.sectioned.field_list]

    def top(self, section: str = "") -> float | None:
        """The matchpoint top most boards have (of one section, in a sectioned event): None
        in IMP scoring or before a result."""
        tops = Counter(row.top for row, result in zip(self.scored.rows, self.event.results, strict=True)
                       if row is not None and row.top is not None and (not section or result.section == section))
        return max(tops, key=lambda top: (tops[top], top)) if tops else None

    def handicap_rankings(self) -> list[tuple[str, list[Handicapped[Side]]]]:
        """The handicapped ranking as :meth:`rankings` gives the scratch one: (title, pairs
        best first) a field; empty when the event has none."""
        if not self.handicapped:
            return []
        return [("" if field is None else _FIELD_TITLES[field], [h for h in self.handicapped if h.field is field])
                for field in self.scored.field_list]


_FIELD_TITLES = {Side.NS: "North-South", Side.EW: "East-West"}


def section_of(total: PairTotal) -> str:
    """A line's section: ``""`` for a pair of an event of one section."""
    return total.section if isinstance(total, SectionTotal) else ""


def pair_label(section: str, number: int | None) -> str:
    """A pair as the views write it: ``3``, or ``A 3`` with its section; ``""`` for no pair.

    >>> pair_label("", 3), pair_label("B", 12), pair_label("A", None)
    ('3', 'B 12', '')
    """
    if number is None:
        return ""
    return f"{section} {number}" if section else str(number)


def _key(total: PairTotal) -> Key:
    return section_of(total), total.pair


def score_pairs(event: PairsEvent) -> PairsReport:
    """Score the event with :func:`~xlbridge.engine.pairs_event` (one section) or
    :func:`~xlbridge.engine.sections_event` (``event.sections`` not empty), the one place
    it is scored."""
    if event.sections:
        return _score_sections(event)
    penalties = {pair.number: pair.penalty for pair in event.pairs if pair.penalty is not None}
    scored = pairs_event([result.entry for result in event.results], mpscale=event.scale,
                         penalties=penalties or None, **event.options)
    return PairsReport(event, scored, _handicapped(event, scored))


def _score_sections(event: PairsEvent) -> PairsReport:
    penalties = {(pair.section, pair.number): pair.penalty for pair in event.pairs if pair.penalty is not None}
    if any(not result.section for result in event.results) or any(not pair.section for pair in event.pairs):
        raise BridgeInputError(f"sections {', '.join(event.sections)}: every pair and result needs its section")
    sectioned = sections_event([(result.section, *result.entry) for result in event.results], across=event.across,
                               mpscale=event.scale, penalties=penalties or None, **event.options)
    lines = {key: SectionTotal(**{f.name: getattr(line.total, f.name) for f in dataclasses.fields(PairTotal)},
                               section=line.section, section_place=line.section_place)
             for key, line in sectioned.pairs.items()}
    # The most results a board has (in a section, within sections): pairs_event's "expected".
    most = Counter((result.board, "" if event.across else result.section) for result in event.results)
    scored = ScoredEvent(sectioned.scoring, sectioned.mpscale, sectioned.fields, max(most.values(), default=0),
                         sectioned.rows, lines)  # type: ignore[arg-type]  # keyed (section, number)
    return PairsReport(event, scored, _handicapped(event, scored), sectioned)


def _handicapped(event: PairsEvent, scored: ScoredEvent) -> tuple[Handicapped[Side], ...]:
    """The engine's handicapped ranking of a matchpoint event whose pairs have handicaps
    (IMP scoring has none: a handicap is percentage points). In a sectioned event a line's
    ``pair`` is its ``(section, number)``, every section ranked together."""
    handicaps = {(pair.section, pair.number) if event.sections else pair.number: pair.handicap
                 for pair in event.pairs if pair.handicap is not None}
    if not handicaps or scored.scoring.imps:
        return ()
    lines = [(_key(total) if event.sections else total.pair, total.percent, total.field)
             for field in scored.field_list
             for total in scored.ranking(field) if total.percent is not None]
    return tuple(handicapped(lines, handicaps))


# --- teams -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One board of a team match: each room's result and NS score, and the home team's IMPs."""

    board: int
    open: Play
    closed: Play
    open_score: int
    closed_score: int
    imps: int


def _against_par(hands: Mapping[int, HandRecord], board: int, score: int | None) -> int | None:
    """North-South's ``score`` on ``board`` less the board's par score, in IMPs; None without
    a par (or a score)."""
    record = hands.get(board)
    if record is None or record.par is None or score is None:
        return None
    return imps(score - record.par.score)


@dataclass(frozen=True)
class TeamsReport:
    """A team match and the engine's scoring of it (:func:`~xlbridge.engine.team_match`)."""

    match: TeamMatch
    score: MatchScore

    @property
    def boards(self) -> tuple[ScoredBoard, ...]:
        """Every board in board order, with the results that scored it."""
        plays = {board.board: board for board in self.match.boards}
        return tuple(ScoredBoard(b.board, plays[b.board].open, plays[b.board].closed, b.open_score,
                                 b.closed_score, b.imps) for b in self.score.boards)

    def versus_par(self, board: int, score: int) -> int | None:
        """A room's North-South ``score`` on ``board`` less the board's par (``match.hands``),
        in IMPs, North-South's side; None without a par."""
        return _against_par(self.match.hands, board, score)

    @property
    def empty(self) -> bool:
        """True before the first board."""
        return not self.match.boards

    @property
    def imps_home(self) -> int:
        """IMPs won by the home team (the sum of its positive board IMPs)."""
        return self.score.imps_home

    @property
    def imps_away(self) -> int:
        """IMPs won by the away team."""
        return self.score.imps_away

    @property
    def margin(self) -> int:
        """The home team's net IMPs (``TotalIMPs`` in the template)."""
        return self.score.margin

    @property
    def verdict(self) -> str:
        """Who won, in words: ``Espoo Aces win by 2 IMPs`` or ``Drawn match``."""
        if self.margin == 0:
            return "Drawn match"
        winner = self.match.home if self.margin > 0 else self.match.away
        return f"{winner} win by {abs(self.margin)} IMP{'s' if abs(self.margin) != 1 else ''}"

    @property
    def vp_home(self) -> float:
        """The home team's victory points (WBF 20-VP scale for the boards played)."""
        return self.score.vps[0]

    @property
    def vp_away(self) -> float:
        """The away team's victory points."""
        return self.score.vps[1]


def score_teams(match: TeamMatch) -> TeamsReport:
    """Score the match with :func:`~xlbridge.engine.team_match`: the home team sits NS in
    the open room and EW in the closed room."""
    return TeamsReport(match, team_match((b.board, b.open.played, b.closed.played) for b in match.boards))


# --- a team event ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of one match of a team event, scored: the round and teams, each room's
    result and North-South's score, and the home team's IMPs (a :class:`ScoredBoard` with
    its match)."""

    round: int
    home: int
    away: int
    board: int
    open: Play
    closed: Play
    open_score: int
    closed_score: int
    imps: int


@dataclass(frozen=True)
class TeamEventReport:
    """A team event and the engine's scoring of it (:func:`~xlbridge.engine.team_event`):
    every match, the byes of the rounds begun, the standings."""

    event: TeamEvent
    score: TeamEventScore
    entrant: ClassVar[str] = "Team"
    """What the views call one side (a Swiss pairs report: ``Pair``)."""
    sides: ClassVar[tuple[str, str]] = ("Home", "Away")
    """What the views call a match's two sides."""
    heading: ClassVar[str] = "Team event"
    """What the views call the event when it has no name."""

    @property
    def matches(self) -> tuple[EventMatch, ...]:
        """Every match with a board played, by round."""
        return self.score.matches

    @property
    def rounds_begun(self) -> list[int]:
        """The rounds with a board played, in order."""
        return self.score.rounds_begun

    @property
    def boards(self) -> tuple[MatchBoard, ...]:
        """Every board of every match, scored by the engine, by board number, then round and
        teams (a board a round plays in every match of the round). Empty for an event whose
        tables are not matches of two rooms (a Swiss pairs event's)."""
        played = [b for b in self.event.boards if isinstance(b, EventBoard)]
        scored = team_match((b.board, b.open.played, b.closed.played) for b in played).boards if played else ()
        # team_match orders its boards by number (stable): the rows' own order in a board
        ordered = sorted(played, key=lambda b: b.board)
        return tuple(sorted((MatchBoard(b.round, b.home, b.away, b.board, b.open, b.closed, s.open_score,
                                        s.closed_score, s.imps) for b, s in zip(ordered, scored, strict=True)),
                            key=lambda m: (m.board, m.round, m.home, m.away)))

    def versus_par(self, board: int, score: int) -> int | None:
        """A room's North-South ``score`` on ``board`` less the board's par (``event.hands``),
        in IMPs, North-South's side; None without a par."""
        return _against_par(self.event.hands, board, score)

    @property
    def empty(self) -> bool:
        """True before the first board."""
        return not self.score.matches

    def standings(self, through: int | None = None) -> list[TeamStanding]:
        """The standings after round ``through`` (by default: everything played)."""
        return self.score.standings(through)

    def played(self) -> list[Pairing]:
        """Every match so far as (home, away), byes as (team, None): a Swiss draw's history."""
        return self.score.played()

    def name(self, team: int) -> str:
        """The team's name, or ``Team 3`` when it has none."""
        return self.event.teams.get(team) or f"Team {team}"


def score_event(event: TeamEvent) -> TeamEventReport:
    """Score the event with :func:`~xlbridge.engine.team_event`, with the book's bye VPs."""
    boards = ((b.round, b.home, b.away, b.board, b.open.played, b.closed.played) for b in event.boards)
    return TeamEventReport(event, team_event(boards, event.byes, bye_vp=event.bye_vp))


def next_round(report: TeamEventReport) -> tuple[int, list[Pairing]]:
    """The Swiss's next round and its draw, from the standings so far.

    Raises :class:`BridgeInputError` when every round is already played or begun.
    """
    begun = report.rounds_begun
    number = (max(begun) if begun else 0) + 1
    if number > report.event.rounds:
        raise BridgeInputError(f"all {report.event.rounds} rounds have results; there is no round to draw")
    standings = [s.team for s in report.standings()]
    teams = sorted(report.event.teams) or list(range(1, len(standings) + 1))
    order = standings + [t for t in teams if t not in standings]
    return number, swiss_draw(order, report.played(), round=number)
