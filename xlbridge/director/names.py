"""Find a template's cells by their workbook-level defined names (docs/workbooks.md).

The defined names are the templates' public contract: a filled workbook is read
through them, never through a fixed layout, so a director may move columns,
insert rows above the table or rename sheets and xlbridge still finds the data.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from openpyxl.utils.cell import get_column_letter, range_boundaries
from openpyxl.workbook.workbook import Workbook

from ..engine.deals import is_blank
from ..engine.errors import XlbridgeError

MAX_CELLS = 400_000
"""Most cells one workbook's named ranges may span: a 30x36 pairs book has about 10,000."""


class NamedRangeError(XlbridgeError):
    """A defined name that exists but cannot be used (not a plain range, or too large)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell's value and where it is, for messages such as ``Results!D17``."""

    sheet: str
    row: int
    column: int
    value: object
    formula: bool = False
    percent: bool = False  # shown as a percentage: Excel made a typed 25% the number 0.25

    @property
    def address(self) -> str:
        """``Sheet!A1``, quoting the sheet name as Excel does when it needs quotes.

        >>> Cell("Results", 17, 4, "8S").address, Cell("Team match", 5, 2, None).address
        ('Results!D17', "'Team match'!B5")
        """
        sheet = self.sheet
        if not sheet.replace("_", "").isalnum():
            sheet = "'" + sheet.replace("'", "''") + "'"
        return f"{sheet}!{get_column_letter(self.column)}{self.row}"

    @property
    def blank(self) -> bool:
        """True for an empty cell or one holding only spaces."""
        return is_blank(self.value)


@dataclass(frozen=True, slots=True)
class _Area:
    sheet: str
    min_col: int
    min_row: int
    max_col: int
    max_row: int

    @property
    def size(self) -> int:
        return (self.max_col - self.min_col + 1) * (self.max_row - self.min_row + 1)


def _area(workbook: Workbook, name: str) -> _Area | None:
    defined = workbook.defined_names.get(name)
    if defined is None:
        return None
    try:
        destinations = list(defined.destinations)
    except Exception:  # a formula, not a range: openpyxl cannot resolve it
        destinations = []
    if len(destinations) != 1:
        raise NamedRangeError(f"defined name {name} is not a plain cell range ({defined.attr_text})")
    sheet, reference = destinations[0]
    if sheet not in workbook.sheetnames:
        raise NamedRangeError(f"defined name {name} points to a missing sheet {sheet!r}")
    try:
        min_col, min_row, max_col, max_row = range_boundaries(reference.replace("$", ""))
    except (TypeError, ValueError):
        raise NamedRangeError(f"defined name {name} is not a plain cell range ({defined.attr_text})") from None
    if None in (min_col, min_row, max_col, max_row):
        raise NamedRangeError(f"defined name {name} spans whole rows or columns ({defined.attr_text})")
    return _Area(sheet, min_col, min_row, max_col, max_row)


class NamedCells:
    """The cells behind a set of defined names, read in one pass per sheet.

    Works on read-only workbooks (openpyxl streams each sheet once); names
    absent from the workbook read as missing, not as an error.
    """

    def __init__(self, workbook: Workbook, names: Iterable[str]) -> None:
        areas = {name: area for name in names if (area := _area(workbook, name)) is not None}
        total = sum(area.size for area in areas.values())
        if total > MAX_CELLS:
            raise NamedRangeError(
                f"the named ranges span {total:,} cells, more than a scoring workbook has "
                f"(limit {MAX_CELLS:,})"
            )
        by_sheet: dict[str, list[str]] = defaultdict(list)
        for name, area in areas.items():
            by_sheet[area.sheet].append(name)
        self._cells: dict[str, list[Cell]] = {}
        for sheet, sheet_names in by_sheet.items():
            values = _read_box(workbook, sheet, [areas[n] for n in sheet_names])
            for name in sheet_names:
                area = areas[name]
                self._cells[name] = [
                    Cell(sheet, row, col, *values.get((row, col), (None, False, False)))
                    for col in range(area.min_col, area.max_col + 1)
                    for row in range(area.min_row, area.max_row + 1)
                ]

    def __contains__(self, name: str) -> bool:
        return name in self._cells

    def column(self, name: str) -> list[Cell]:
        """Every cell of a named range, top to bottom (empty when the name is missing)."""
        return self._cells.get(name, [])

    def cell(self, name: str) -> Cell | None:
        """The first cell of a named range (a single-cell name), or None."""
        cells = self._cells.get(name)
        return cells[0] if cells else None

    def value(self, name: str, default: object = None) -> object:
        """The value of a single-cell name, or ``default`` when missing or blank."""
        cell = self.cell(name)
        return default if cell is None or cell.blank else cell.value


def _read_box(
    workbook: Workbook, sheet: str, areas: list[_Area]
) -> dict[tuple[int, int], tuple[object, bool, bool]]:
    """Read the bounding box of ``areas`` on one sheet in one streaming pass.

    Each value comes with whether the cell holds a formula (text typed as ``=`` and a
    formula both read as a string starting with ``=``) and whether it shows as a percentage.
    """
    min_row = min(a.min_row for a in areas)
    max_row = max(a.max_row for a in areas)
    min_col = min(a.min_col for a in areas)
    max_col = max(a.max_col for a in areas)
    worksheet = workbook[sheet]
    values: dict[tuple[int, int], tuple[object, bool, bool]] = {}
    for row_number, row in enumerate(
        worksheet.iter_rows(min_row=min_row, max_row=max_row, min_col=min_col, max_col=max_col),
        start=min_row,
    ):
        for col_number, cell in enumerate(row, start=min_col):
            if cell.value is not None:
                values[(row_number, col_number)] = (cell.value, cell.data_type == "f",
                                                     "%" in (cell.number_format or ""))
    return values


def defined_names(workbook: Workbook) -> set[str]:
    """The workbook-level defined names of a workbook."""
    return set(workbook.defined_names.keys())
