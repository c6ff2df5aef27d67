"""The club's player register carried in an event's book (``xlbridge workbooks NAME
--players players.xlsx``): a read-only *Player register* sheet, a copy of the register's
players, and in a pairs book a column beside the pair list that shows each pair's names
when its players are typed as their numbers (``12 34``, ``12-34``, ``12 & 34``), which the
book's ranking (a Swiss pairs book's draw and standings) then shows.

The director types numbers (or names) where the book lists pairs; the names appear by
formula, ``check`` names each number the register lacks at its cell, and ``report`` and
``export`` print the registered names and, in USEBIO and the federation CSV, the
membership numbers.

Names (docs/workbooks.md): ``RegisterNumber`` ``RegisterName`` ``RegisterMembership``
``RegisterClub`` ``RegisterHandicap`` (the register's rows), ``RegisterClubName``*
``RegisterClubNumber``* (the club and its identifier at the federation), and in a pairs
book ``PairPlayers`` (the names a pair's numbers stand for), in an individual's
``PlayerRegistered`` (the name a player's number stands for).

    >>> from openpyxl import Workbook
    >>> from xlbridge.engine.players import Club, Player, Register
    >>> book = Workbook()
    >>> add(book, Register.of([Player(12, "Ann Smith", "EBU 1"), Player(31, "Bob")]), Club("Oak", "987"))
    >>> sheet = book["Player register"]
    >>> [cell.value for cell in sheet[FIRST]][:3], str(book.defined_names["RegisterClubNumber"].attr_text)
    ([12, 'Ann Smith', 'EBU 1'], "'Player register'!$B$3")
"""

from __future__ import annotations

import re
from collections.abc import Callable

from openpyxl import Workbook
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.workbook.defined_name import DefinedName

from ..engine.players import NO_CLUB, Club, Register
from . import players as players_template
from . import styles
from .i18n import Labels
from .names import named_cells, set_value

NAMES = ("RegisterNumber", "RegisterName", "RegisterMembership", "RegisterClub", "RegisterHandicap")
"""The register's columns in an event's book, in order."""
CLUB = ("RegisterClubName", "RegisterClubNumber")
"""The club's name and its identifier at the federation, one cell each."""
FIRST = 5
"""The first player's row."""
WIDTHS = (9, 30, 16, 22, 11)


def add(workbook: Workbook, players: Register, club: Club = NO_CLUB, lang: str = "en") -> None:
    """Add the register to ``workbook`` (a book ``xlbridge workbooks`` built): the sheet,
    its names, and in a pairs book the ``PairPlayers`` column. The sheet is protected as
    every sheet is: the register is changed in players.xlsx and copied again."""
    t = Labels(lang, players_template.NAME)
    sheet = workbook.create_sheet(t("title")[:31])
    sheet.sheet_view.showGridLines = False
    for index, width in enumerate(WIDTHS, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    styles.TITLE.apply(sheet.cell(1, 1, t("title")))
    for row, (key, value) in enumerate((("club", club.name), ("membership", club.number)), start=2):
        styles.LABEL.apply(sheet.cell(row, 1, t(key)))
        cell = sheet.cell(row, 2)
        set_value(cell, value or None)
        styles.OUTPUT.apply(cell)
    for column, key in enumerate(("number", "name", "membership", "home_club", "handicap"), start=1):
        styles.HEAD.apply(sheet.cell(FIRST - 1, column, t(key)))
    for row, player in enumerate(players.players, start=FIRST):
        for column, value in enumerate((player.number, player.name, player.membership or None,
                                        player.club or None, player.handicap), start=1):
            set_value(sheet.cell(row, column), value)  # a name is text, even "=..."
    last = FIRST + max(len(players), 1) - 1
    title = quote_sheetname(sheet.title)
    for column, name in enumerate(NAMES, start=1):
        letter = get_column_letter(column)
        workbook.defined_names[name] = DefinedName(name, attr_text=f"{title}!${letter}${FIRST}:${letter}${last}")
    for row, name in enumerate(CLUB, start=2):
        workbook.defined_names[name] = DefinedName(name, attr_text=f"{title}!$B${row}")
    sheet.freeze_panes = f"A{FIRST}"
    sheet.protection.sheet = True
    if "PairName" in workbook.defined_names:
        _shown(workbook, "PairName", "PairPlayers", t("sheet"), _pair_formula)
    elif "PlayerName" in workbook.defined_names:  # an individual's player list
        _shown(workbook, "PlayerName", "PlayerRegistered", t("name"), _player_formula)


def _registered(number: str) -> str:
    """The register's name for a player number (a formula's text), ``12?`` when it has none."""
    return f'IFERROR(INDEX(RegisterName,MATCH(VALUE({number}),RegisterNumber,0)),{number}&"?")'


def _pair_formula(typed_cell: str) -> str:
    """A pair's two player numbers (``12 34``, ``12-34``, ``12 & 34``, ``12/34``) as their
    registered names; blank for a pair typed by name."""
    typed = f"TRIM(SUBSTITUTE(SUBSTITUTE(SUBSTITUTE({typed_cell},\"-\",\" \"),\"&\",\" \"),\"/\",\" \"))"
    first = f"LEFT({typed},FIND(\" \",{typed})-1)"
    second = f"TRIM(MID({typed},FIND(\" \",{typed})+1,40))"
    return f'IF(ISERROR(VALUE({first})+VALUE({second})),"",{_registered(first)}&" - "&{_registered(second)})'


def _player_formula(typed_cell: str) -> str:
    """An individual's player typed as a number (a number cell or text) as the registered
    name; blank for a player typed by name."""
    typed = f'TRIM({typed_cell}&"")'
    return f'IF(ISERROR(VALUE({typed})),"",{_registered(typed)})'


def _shown(workbook: Workbook, source: str, output: str, heading: str, formula: Callable[[str], str]) -> None:
    """``output`` (``PairPlayers``, an individual's ``PlayerRegistered``): beside the list
    named ``source``, the names its player numbers stand for, a number the register lacks
    shown with ``?``; blank for names typed. Placed in the first column right of everything
    on the list's rows, so the template's own columns stay as they are; then every formula
    that shows a name from the list shows the registered one first."""
    cells = named_cells(workbook, source)
    sheet = cells[0].parent
    rows = [cell.row for cell in cells]
    head = rows[0] - 1
    used = max((cell.column for row in sheet.iter_rows(min_row=head, max_row=rows[-1])
                for cell in row if cell.value is not None), default=cells[0].column)
    letter = get_column_letter(used + 1)
    sheet.column_dimensions[letter].width = 36
    styles.HEAD.apply(sheet[f"{letter}{head}"])
    sheet[f"{letter}{head}"].value = heading
    name = get_column_letter(cells[0].column)
    for row in rows:
        cell = sheet[f"{letter}{row}"]
        cell.value = "=" + formula(f"{name}{row}")
        styles.OUTPUT.apply(cell)
    title = quote_sheetname(sheet.title)
    workbook.defined_names[output] = DefinedName(
        output, attr_text=f"{title}!${letter}${rows[0]}:${letter}${rows[-1]}")
    _names_shown(workbook, source, output)


def _names_shown(workbook: Workbook, source: str, output: str) -> None:
    """Every formula that shows a name from the list (``INDEX(<PairName>,n)``: the ranking,
    the Swiss draw and standings) shows the registered name where ``output`` has one, so
    that what the book prints reads as ``report`` does. The template's formulas are changed
    here, in the books that carry a register only."""
    ref = str(workbook.defined_names[source].attr_text)
    found = re.compile(r"INDEX\((?:" + re.escape(ref) + "|" + source + r"),(\$?[A-Z]{1,3}\$?[0-9]+)\)")
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                value = cell.value
                if isinstance(value, str) and value.startswith("=") and found.search(value):
                    cell.value = found.sub(lambda m: f'IF(INDEX({output},{m[1]})="",{m[0]},'
                                                     f'INDEX({output},{m[1]}))', value)
