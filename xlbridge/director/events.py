"""Read a filled template back: which template it is, and the cells of its inputs.

Only inputs are read (contract, declarer, tricks, board and pair numbers, the
setup cells); formula outputs are never trusted, since a workbook written by
openpyxl or edited without recalculation carries no or stale cached values.
:mod:`.check` turns these cells into engine values and :mod:`.report` scores them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .names import NamedCells, NamedRangeError, defined_names
from .safe_open import UnreadableWorkbook, load

# The defined names that identify each template (docs/workbooks.md), most specific first.
SIGNATURES: tuple[tuple[str, frozenset[str]], ...] = (
    ("teams", frozenset({"Board", "OpenContract", "OpenDeclarer", "OpenTricks",
                         "ClosedContract", "ClosedDeclarer", "ClosedTricks"})),
    ("pairs", frozenset({"Board", "NS", "EW", "Contract", "Declarer", "Tricks", "RankPair"})),
    ("traveller", frozenset({"Board", "NS", "EW", "Contract", "Declarer", "Tricks"})),
    ("chicago", frozenset({"Contract", "Declarer", "Tricks", "HCP", "Fit"})),
    ("rubber", frozenset({"Contract", "Declarer", "Tricks", "Honours"})),
    ("pivot", frozenset({"Player", "PlayerNet"})),
)

TITLES = {
    "teams": "team match", "pairs": "pairs event", "traveller": "traveller",
    "chicago": "Chicago score sheet", "rubber": "rubber score sheet", "pivot": "pivot sheet",
}

# Setup cells the templates may define; each is optional.
SETUP_NAMES = (
    "EventName", "EventDate", "MPScale", "TableCount", "BoardCount", "PairNumber", "PairName",
    "HomeTeam", "AwayTeam", "Scoring", "CrossIMPsMode", "UseNeuberg", "ExpectedResults",
    "SessionRule", "Fields", "BoardSlots", "RoundNo", "TableNo", "MoveRound", "MoveTable", "MoveNS",
    "MoveEW", "MoveBoards",
)

# The inputs read for each kind; a director types these, formulas compute the rest.
INPUT_NAMES = {
    "pairs": ("Board", "NS", "EW", "Contract", "Declarer", "Tricks"),
    "traveller": ("Board", "NS", "EW", "Contract", "Declarer", "Tricks"),
    "teams": ("Board", "OpenContract", "OpenDeclarer", "OpenTricks",
              "ClosedContract", "ClosedDeclarer", "ClosedTricks"),
    "chicago": ("Contract", "Declarer", "Tricks", "HCP", "Fit", "ChicagoCycle"),
    "rubber": ("Contract", "Declarer", "Tricks", "Honours"),
    "pivot": ("PlayerCount", "RoundNS", "RoundEW"),
}


class NotOurWorkbook(UnreadableWorkbook):
    """A readable workbook that is not one of the xlbridge templates."""


@dataclass(frozen=True)
class FilledBook:
    """A filled template: its kind (``pairs``, ``teams`` ...) and its named cells."""

    path: Path
    kind: str
    cells: NamedCells

    @property
    def title(self) -> str:
        """What the template is, in words: ``pairs event``."""
        return TITLES[self.kind]


def detect(names: set[str]) -> str | None:
    """The template a set of defined names belongs to, or None.

    >>> detect({"Board", "NS", "EW", "Contract", "Declarer", "Tricks", "RankPair", "MPNS"})
    'pairs'
    >>> detect({"Print_Area"}) is None
    True
    """
    for kind, needed in SIGNATURES:
        if needed <= names:
            return kind
    return None


def read(path: str | os.PathLike[str]) -> FilledBook:
    """Open ``path`` safely and read the inputs of the template it is.

    Raises :class:`UnreadableWorkbook` (one line) when the file cannot be read
    or is not an xlbridge template.
    """
    workbook = load(path)
    try:
        names = defined_names(workbook)
        kind = detect(names)
        if kind is None:
            raise NotOurWorkbook(
                f"{path}: is a workbook, but not an xlbridge template (none of the defined names "
                "Board, Contract, Declarer, Tricks ...); start from one written by "
                "`xlbridge workbooks` or `xlbridge demo`"
            )
        try:
            cells = NamedCells(workbook, (*INPUT_NAMES[kind], *SETUP_NAMES))
        except NamedRangeError as error:
            raise NotOurWorkbook(f"{path}: {error}") from None
        except UnreadableWorkbook:
            raise
        except Exception as error:  # a damaged sheet part surfaces only when streamed
            raise UnreadableWorkbook(f"{path}: is corrupted (a sheet cannot be read: {error})") from None
    finally:
        workbook.close()
    return FilledBook(Path(path), kind, cells)
