"""A season as a value (:class:`Season`: its sessions' lines, the rule and the ladder's
players) and the engine's ladder of it (:class:`SeasonReport`), which ``xlbridge report``
prints (:mod:`xlbridge.formats.season`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..engine.handicap import HandicapRule, club_handicaps
from ..engine.season import SeasonLine, SeasonRule, Standing, ladder, ranked


@dataclass(frozen=True)
class Season:
    """A season: its name, each player's line of each session, the club's rule, and the
    ladder's players (number, name) in the sheet's order."""

    name: str
    lines: tuple[SeasonLine, ...]
    rule: SeasonRule
    players: tuple[tuple[int, str], ...]
    handicap: HandicapRule = field(default_factory=HandicapRule)
    """The club handicap method's parameters (Setup's ``HandicapSessions`` ...; rules §17)."""

    @property
    def sessions(self) -> int:
        """Sessions held: distinct session keys."""
        return len({line.session for line in self.lines})


@dataclass(frozen=True)
class SeasonReport:
    """A season beside its ladder, as the engine ranks it."""

    season: Season

    @cached_property
    def standings(self) -> list[Standing]:
        """Each player's standing, best first."""
        players = self.season.players or None
        return ranked(ladder(self.season.lines, self.season.rule, players))

    @property
    def empty(self) -> bool:
        """True before the first session."""
        return not self.season.lines

    @cached_property
    def handicaps(self) -> dict[int, float]:
        """Each player's handicap by the club method after the sessions so far, the latest
        being the lowest rows (:func:`~xlbridge.engine.handicap.club_handicap`); none for a
        player with no session or with IMPs or VPs (a handicap is percentage points)."""
        lines = self.season.lines
        other = {line.number for line in lines if line.unit != "%"}
        found = club_handicaps(((line.number, line.score) for line in lines), self.season.handicap)
        return {number: value for number, value in found.items() if number not in other}

    def lines_of(self, number: int) -> list[SeasonLine]:
        """One player's sessions, in the order they were added."""
        return [line for line in self.season.lines if line.number == number]


def score_season(season: Season) -> SeasonReport:
    """The season's ladder."""
    return SeasonReport(season)
