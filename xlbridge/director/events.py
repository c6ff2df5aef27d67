"""Read a filled template back: which template it is (its row of
:data:`~xlbridge.workbooks.kinds.KINDS`), and the cells of its inputs.

Only inputs are read (contract, declarer, tricks, board and pair numbers, the
setup cells); formula outputs are never trusted, since a workbook written by
openpyxl or edited without recalculation carries no or stale cached values.
:mod:`.check` turns these cells into engine values and :mod:`.report` scores them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..workbooks.kinds import Kind
from ..workbooks.kinds import detect as detect_kind
from .names import NamedCells, NamedRangeError, defined_names
from .safe_open import UnreadableWorkbook, load

# Setup cells the templates may define; each is optional.
SETUP_NAMES = (
    "EventName", "EventDate", "MPScale", "TableCount", "BoardCount", "PairNumber", "PairName",
    "HomeTeam", "AwayTeam", "Scoring", "CrossIMPsMode", "UseNeuberg", "ExpectedResults",
    "SessionRule", "Fields", "BoardSlots", "RoundNo", "TableNo", "MoveRound", "MoveTable", "MoveNS",
    "MoveEW", "MoveBoards", "TeamCount", "RoundCount", "MatchBoards", "ByeVP", "EventFormat", "TeamNumber",
    "TeamName", "RoundBye",
)

class NotOurWorkbook(UnreadableWorkbook):
    """A readable workbook that is not one of the xlbridge templates."""


@dataclass(frozen=True)
class FilledBook:
    """A filled template: its kind (a row of :data:`~xlbridge.workbooks.kinds.KINDS`) and
    its named cells."""

    path: Path
    kind: Kind
    cells: NamedCells

    @property
    def title(self) -> str:
        """What the template is, in words: ``pairs event``."""
        return self.kind.title


def read(path: str | os.PathLike[str]) -> FilledBook:
    """Open ``path`` safely and read the inputs of the template it is.

    Raises :class:`UnreadableWorkbook` (one line) when the file cannot be read
    or is not an xlbridge template.
    """
    workbook = load(path)
    try:
        names = defined_names(workbook)
        kind = detect_kind(names)
        if kind is None:
            raise NotOurWorkbook(
                f"{path}: is a workbook, but not an xlbridge template (none of the defined names "
                "Board, Contract, Declarer, Tricks ...); start from one written by "
                "`xlbridge workbooks` or `xlbridge demo`"
            )
        try:
            cells = NamedCells(workbook, (*kind.inputs, *SETUP_NAMES))
        except NamedRangeError as error:
            raise NotOurWorkbook(f"{path}: {error}") from None
        except UnreadableWorkbook:
            raise
        except Exception as error:  # a damaged sheet part surfaces only when streamed
            raise UnreadableWorkbook(f"{path}: is corrupted (a sheet cannot be read: {error})") from None
    finally:
        workbook.close()
    return FilledBook(Path(path), kind, cells)
