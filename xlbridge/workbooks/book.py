"""The machinery every template is built on: a :class:`Book` wraps an openpyxl workbook
with the language, the paper, styles, validations, defined names, the lookup sheet,
protection and print set-up, so that a template module only lays out its cells.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from openpyxl.cell.cell import Cell
from openpyxl.styles import Font
from openpyxl.utils import column_index_from_string, get_column_letter, quote_sheetname
from openpyxl.utils.cell import absolute_coordinate, range_boundaries
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.merge import MergedCellRange
from openpyxl.worksheet.worksheet import Worksheet

from . import styles
from .i18n import Labels, date_format, date_text
from .lookup import Lookup
from .names import name_problem, set_value
from .page import paper_name, set_up
from .shared import Workbook

# Lengths a director may type, generous but bounded; import accepts the same from another
# program's file (formats/results.py), so an imported book holds only what its cells allow.
EVENT_LENGTH = 120
"""The longest event name."""
NAME_LENGTH = 120
"""The longest name of a pair (both players), a team, a player or a side's players."""
# Board numbers, bounded the same way on both sides.
PAIRS_BOARDS = 999
"""The highest board number of a pairs book: a championship's later sessions number their
boards on (67-105)."""
INDIVIDUAL_BOARDS = 99
"""The most boards, and the highest board number, of an individual's book."""


@dataclass(frozen=True)
class Rule:
    """A data-validation rule with its (localised) error message."""

    type: str
    formula1: str
    formula2: str | None = None
    operator: str | None = None
    message: str = ""
    style: str = "stop"  # "warning": Excel asks, and a director may keep what they typed


class Book:
    """A workbook being generated, in one language and for one paper size.

    ``namespace`` is the template whose labels it uses (see :mod:`.i18n`); ``title_key``
    names its title. ``event`` and ``date`` prefill the event's name and date.
    """

    def __init__(
        self,
        *,
        lang: str = "en",
        paper: str = "A4",
        namespace: str = "common",
        title_key: str = "title",
        event: str | None = None,
        date: datetime.date | None = None,
    ) -> None:
        self.workbook = Workbook()
        self.workbook.remove(self.workbook.active)
        self.t = Labels(lang, namespace)
        self.lang = self.t.lang
        self.paper = paper_name(paper)
        self.title = self.t(title_key)
        self.event = event
        self.date = date
        self.refs: dict[str, str] = {}
        self.lookup = Lookup(self)
        self.vp_margins = 0  # set by the VP table: its last margin
        self._validations: dict[tuple[str, Rule], DataValidation] = {}
        # Empty cells use the default font too (row heights, what a director types).
        self.workbook._fonts[0] = Font(name=styles.FONT, sz=styles.SIZE, family=2)
        self.workbook.calculation.fullCalcOnLoad = True

    # --- sheets, names and cells ---------------------------------------------------

    def sheet(self, title: str, widths: Sequence[float] = ()) -> Worksheet:
        """A new visible sheet with column widths (in characters) from column A."""
        sheet = self.workbook.create_sheet(title[:31])
        for index, width in enumerate(widths, start=1):
            sheet.column_dimensions[get_column_letter(index)].width = width
        sheet.sheet_view.showGridLines = False
        return sheet

    def ref(self, sheet: Worksheet, ref: str) -> str:
        """``'Sheet'!$A$1:$B$2``: an absolute, sheet-qualified reference."""
        return f"{quote_sheetname(sheet.title)}!{absolute_coordinate(ref)}"

    def define(self, name: str, sheet: Worksheet, ref: str) -> str:
        """Define a workbook-level name for ``ref`` on ``sheet``; return its reference."""
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)
        if name in self.refs:
            raise ValueError(f"{name} is defined twice")
        target = self.ref(sheet, ref)
        self.workbook.defined_names[name] = DefinedName(name, attr_text=target)
        self.refs[name] = target
        return target

    def put(self, sheet: Worksheet, coordinate: str, value: object = None,
            style: styles.Style = styles.PLAIN) -> Cell:
        """Write a value (text stays text) or a formula (a string starting with ``=``
        passed through :meth:`formula`) and style the cell."""
        cell = sheet[coordinate]
        set_value(cell, value)
        style.apply(cell)
        return cell

    def formula(self, sheet: Worksheet, coordinate: str, formula: str,
                style: styles.Style = styles.OUTPUT) -> Cell:
        """Write a formula (without the leading ``=``) and style the cell."""
        cell = sheet[coordinate]
        cell.value = "=" + formula
        style.apply(cell)
        return cell

    def merge(self, sheet: Worksheet, ref: str, value: object = None,
              style: styles.Style = styles.PLAIN, formula: bool = False) -> Cell:
        """Merge ``ref`` and put a value (or a formula) in it, styling every cell."""
        min_col, min_row, max_col, max_row = range_boundaries(ref)
        for row in sheet.iter_rows(min_row, max_row, min_col, max_col):
            for cell in row:
                style.apply(cell)
        if max_col > min_col or max_row > min_row:
            # openpyxl's merge_cells re-checks every earlier merge and re-derives borders
            # (seconds for a book of travellers); the cells are already styled here.
            sheet.merged_cells.ranges.add(MergedCellRange(sheet, ref))
        first = sheet.cell(min_row, min_col)
        if formula:
            first.value = "=" + str(value)
        else:
            set_value(first, value)
        return first

    def column(self, sheet: Worksheet, column: str, rows: range,
               content: Callable[[int], object] | None, style: styles.Style,
               *, name: str | None = None, rule: Rule | None = None) -> str:
        """Fill ``column`` over ``rows``: ``content(row)`` gives each cell's formula
        (a string, written with a leading ``=``) or value; ``None`` leaves inputs blank.

        Names the range when ``name`` is given and validates it with ``rule``.
        Returns the range, e.g. ``D7:D36``.
        """
        index = column_index_from_string(column)
        for row in rows:
            cell = sheet.cell(row, index)
            if content is not None:
                value = content(row)
                if isinstance(value, str):
                    cell.value = "=" + value
                else:
                    cell.value = value
            style.apply(cell)
        ref = f"{column}{rows[0]}:{column}{rows[-1]}"
        if name:
            self.define(name, sheet, ref)
        if rule:
            self.validate(sheet, ref, rule)
        return ref

    def hide_columns(self, sheet: Worksheet, columns: Iterable[str]) -> None:
        """Hide helper columns: not shown, never printed."""
        for column in columns:
            sheet.column_dimensions[column].hidden = True

    # --- validation -------------------------------------------------------------------

    def validate(self, sheet: Worksheet, ref: str, rule: Rule) -> None:
        """Add ``ref`` to the sheet's validation for ``rule`` (one per rule and sheet)."""
        key = (sheet.title, rule)
        validation = self._validations.get(key)
        if validation is None:
            validation = DataValidation(
                type=rule.type, formula1=rule.formula1, formula2=rule.formula2,
                operator=rule.operator, allow_blank=True, showErrorMessage=True,
                errorStyle=rule.style, errorTitle=self.t("err_title"), error=rule.message,
            )
            sheet.add_data_validation(validation)
            self._validations[key] = validation
        validation.add(ref)

    def rule_contract(self) -> Rule:
        """A dropdown of the contracts (from the engine), PASS first."""
        self.lookup.need("contracts")
        return Rule("list", self.refs["tblContracts"], message=self.t("err_contract"))

    def rule_entry(self, *, weighted: bool = False) -> Rule:
        """A pairs row's dropdown: the contracts, ``NP`` and the adjusted scores; with
        ``weighted``, also a weighted score typed in (``60% 4SN= 40% 4SN-1``), which no list
        holds: Excel then warns instead of refusing, and the row's check reads it."""
        self.lookup.need("row_codes")
        if weighted:
            return Rule("list", self.refs["tblRowChoices"], message=self.t("err_entry_weighted"), style="warning")
        return Rule("list", self.refs["tblRowChoices"], message=self.t("err_entry"))

    def rule_declarer(self) -> Rule:
        """N, E, S or W."""
        return Rule("list", '"N,E,S,W"', message=self.t("err_declarer"))

    def rule_tricks(self) -> Rule:
        """Tricks taken: a whole number 0-13."""
        return Rule("whole", "0", "13", "between", self.t("err_tricks"))

    def rule_whole(self, low: int, high: int, key: str = "err_count") -> Rule:
        """A whole number ``low``-``high``, with the message ``key``."""
        return Rule("whole", str(low), str(high), "between",
                    self.t(key, low=low, high=high))

    def rule_scale(self) -> Rule:
        """Matchpoint scale: 2 (2/1/0) or 1 (1/0.5/0)."""
        return Rule("list", '"2,1"', message=self.t("err_scale"))

    def rule_text(self, length: int) -> Rule:
        """Text of at most ``length`` characters."""
        return Rule("textLength", "0", str(length), "between",
                    self.t("err_text", high=length))

    def rule_date(self) -> Rule:
        """A date from 1 January 2000 on."""
        first = (datetime.date(2000, 1, 1) - datetime.date(1899, 12, 30)).days
        return Rule("date", str(first), operator="greaterThanOrEqual",
                    message=self.t("err_date"))

    # --- common blocks ------------------------------------------------------------------

    def event_inputs(self, sheet: Worksheet, name_ref: str, date_ref: str) -> None:
        """The event's name and date inputs (``EventName``, ``EventDate``), prefilled
        from the ``event`` and ``date`` options."""
        self.merge(sheet, name_ref, self.event, styles.INPUT_TEXT.but(bold=True))
        self.define("EventName", sheet, name_ref.split(":")[0])
        self.validate(sheet, name_ref.split(":")[0], self.rule_text(EVENT_LENGTH))
        self.merge(sheet, date_ref, self.date,
                   styles.INPUT.but(number_format=date_format(self.lang)))
        self.define("EventDate", sheet, date_ref.split(":")[0])
        self.validate(sheet, date_ref.split(":")[0], self.rule_date())

    def player_inputs(self, sheet: Worksheet, labels: str, inputs: str,
                      sides: Sequence[tuple[int, str, str, str | None]]) -> None:
        """Each side's players on a score sheet: per (row, label key, defined name, value)
        a label over the columns ``labels`` (``A:B``) and a text input over ``inputs``
        (``C:J``), prefilled with ``value``."""
        first, last = labels.split(":")
        start, end = inputs.split(":")
        for row, key, name, value in sides:
            self.merge(sheet, f"{first}{row}:{last}{row}", self.t(key), styles.LABEL)
            self.merge(sheet, f"{start}{row}:{end}{row}", value, styles.INPUT_TEXT.but(bold=True))
            self.define(name, sheet, f"{start}{row}")
            self.validate(sheet, f"{start}{row}", self.rule_text(NAME_LENGTH))

    def event_heading(self, sheet: Worksheet, row: int, title: str, first: str, last: str,
                      date_columns: str) -> None:
        """A heading row for printed pages: the event's name (or the template's title)
        on the left, its date on the right; ``date_columns`` is e.g. ``"I:K"``."""
        date_first, date_last = date_columns.split(":")
        before = get_column_letter(range_boundaries(f"{date_first}1")[0] - 1)
        self.merge(sheet, f"{first}{row}:{before}{row}",
                   f'IF(EventName="","{title}",EventName)', styles.TITLE, formula=True)
        self.merge(sheet, f"{date_first}{row}:{date_last}{row}",
                   'IF(EventDate="","",EventDate)',
                   styles.LABEL.but(horizontal="right", number_format=date_format(self.lang)),
                   formula=True)
        sheet.row_dimensions[row].height = 21

    # --- print set-up and protection --------------------------------------------------

    def page(self, sheet: Worksheet, *, area: str, title_rows: str | None = None,
             landscape: bool = False, one_page: bool = False,
             breaks: Iterable[int] = (), header: str | None = None) -> None:
        """Print set-up: paper, area, repeated title rows, fit to the page width (and
        height with ``one_page``), manual page breaks after ``breaks`` rows, a header
        with the event (or ``header``) and the date, a footer with page x of y."""
        left = self.event or header or self.title
        right = date_text(self.date, self.lang) if self.date else None  # None: the day it is printed
        set_up(sheet, self.paper, landscape=landscape, one_page=one_page, area=area, title_rows=title_rows,
               breaks=breaks, header=(left, right), footer=self.t("page"))

    def protect(self, sheet: Worksheet) -> None:
        """Protect the sheet without a password: formulas locked, inputs unlocked.

        Directors may still resize rows and columns, and sort the input columns.
        """
        protection = sheet.protection
        protection.sheet = True
        protection.formatColumns = False
        protection.formatRows = False
        protection.sort = False

    def finish(self) -> Workbook:
        """Protect every sheet, put the lookup sheet last, select the first sheet."""
        book = self.workbook
        if self.lookup.sheet is not None:
            book.move_sheet(self.lookup.sheet, len(book.sheetnames) - 1
                            - book.sheetnames.index(self.lookup.sheet.title))
        for sheet in book.worksheets:
            self.protect(sheet)
        book.active = 0
        return book
