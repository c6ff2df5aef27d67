"""The events a director scores, as plain immutable values.

The sample generator produces them, the workbook reader reads them back from a
filled template, and the report scores them with the engine. Contracts stay as
the text a director types (``4SX``, ``PASS``); the engine parses them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Play:
    """One table's result on a board: contract, declarer and tricks taken.

    A passed-out board has ``contract == "PASS"``, no declarer and no tricks.
    """

    contract: str
    declarer: str = ""
    tricks: int | None = None

    @property
    def passed_out(self) -> bool:
        """True for a board all four players passed."""
        return self.contract.strip().upper() in ("PASS", "P", "AP")


@dataclass(frozen=True, slots=True)
class PairResult:
    """One row of a pairs event's results: a board played by two pairs."""

    board: int
    ns: int
    ew: int
    play: Play


@dataclass(frozen=True, slots=True)
class Pair:
    """A partnership entered in a pairs event."""

    number: int
    names: str


@dataclass(frozen=True, slots=True)
class PairsEvent:
    """A pairs event: the pairs, and every result in long form."""

    name: str
    date: str
    pairs: tuple[Pair, ...]
    results: tuple[PairResult, ...]
    scale: int = 2
    tables: int | None = None
    boards: int | None = None


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
