"""Cell styles of the templates: explicit fonts, input cells white and unlocked, computed
cells grey and locked, so a director sees at once where to type.

Arial is on every Windows and Mac, in Google Sheets, and metric-compatible with
Liberation Sans on Linux, so columns sized here print the same everywhere.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace

from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side

FONT = "Arial"
SIZE = 10

# Number formats. The ``0;;0`` trick prints a signed score in the traditional two
# columns: NS's column shows it when positive, EW's column (= minus it) when EW gained.
PLUS_ONLY = "0;;0"
SIGNED = "+0;-0;0"
WHOLE = "0"
HIDE_ZERO = "0;-0;"
GENERAL = "General"
PERCENT = "0.00"
IMPS = "0.00"  # IMP totals: averaged cross-IMPs are fractions
POINTS = "0.00"  # matchpoint totals: Neuberg-factored boards make fractions
VP = "0.00"
TEXT = "@"

_THIN = Side(style="thin", color="808080")
_HAIR = Side(style="hair", color="A0A0A0")
_MEDIUM = Side(style="medium", color="404040")
GRID = Border(left=_THIN, right=_THIN, top=_HAIR, bottom=_HAIR)
BOX = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
UNDERLINE = Border(bottom=_MEDIUM)
NONE = Border()

WHITE = PatternFill("solid", fgColor="FFFFFF")
GREY = PatternFill("solid", fgColor="EDEDED")
HEADER = PatternFill("solid", fgColor="D9E1F2")
NO_FILL = PatternFill(fill_type=None)


# Per workbook, the style indices of each Style already applied there: a cell of the
# same Style then gets a copy of them, with none of openpyxl's per-attribute hashing.
_APPLIED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Style:
    """Everything a cell's look depends on; :meth:`apply` sets it all at once."""

    size: float = SIZE
    bold: bool = False
    italic: bool = False
    color: str = "000000"
    fill: PatternFill = NO_FILL
    border: Border = NONE
    horizontal: str | None = None
    vertical: str = "center"
    wrap: bool = False
    number_format: str = GENERAL
    locked: bool = True

    def __hash__(self) -> int:
        # openpyxl's fills and borders hash slowly, and every cell looks its Style up.
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f) for f in self.__dataclass_fields__))
            object.__setattr__(self, "_hash", cached)
        return cached

    def apply(self, cell) -> None:
        """Give ``cell`` this style."""
        known = _APPLIED.setdefault(cell.parent.parent, {})
        array = known.get(self)
        if array is not None:
            cell._style = array.__copy__()
            return
        cell.font = Font(name=FONT, size=self.size, bold=self.bold, italic=self.italic,
                         color=self.color)
        cell.fill = self.fill
        cell.border = self.border
        cell.alignment = Alignment(horizontal=self.horizontal, vertical=self.vertical,
                                   wrap_text=self.wrap)
        cell.number_format = self.number_format
        cell.protection = Protection(locked=self.locked)
        known[self] = cell._style.__copy__()

    def but(self, **changes: object) -> Style:
        """A copy with some attributes changed."""
        return replace(self, **changes)


PLAIN = Style()
TITLE = Style(size=15, bold=True)
SUBTITLE = Style(size=12, bold=True)
LABEL = Style(bold=True)
NOTE = Style(size=8, italic=True, color="404040")
HEAD = Style(bold=True, fill=HEADER, border=BOX, horizontal="center", wrap=True)
FIXED = Style(fill=GREY, border=GRID, horizontal="center")  # pre-printed numbers
INPUT = Style(fill=WHITE, border=GRID, horizontal="center", locked=False)
INPUT_TEXT = Style(fill=WHITE, border=GRID, horizontal="left", number_format=TEXT,
                   locked=False)
OUTPUT = Style(fill=GREY, border=GRID, horizontal="center")
OUTPUT_TEXT = Style(fill=GREY, border=GRID, horizontal="left")
FLAG = Style(fill=GREY, border=GRID, horizontal="center", bold=True, color="C00000")
TOTAL = Style(fill=GREY, border=BOX, horizontal="center", bold=True, size=12)
HIDDEN = Style(size=8, color="808080")  # helper columns, hidden and never printed
