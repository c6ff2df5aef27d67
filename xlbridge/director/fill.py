"""Fill an event into a template through its defined names, as a director would type it.

Only inputs are written (board and pair numbers, contracts, declarers, tricks,
setup cells); the template's own formulas score them when the workbook is opened.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from openpyxl import Workbook

from .. import workbooks
from ..engine.errors import OptionError
from .model import PairsEvent, Play, TeamEvent, TeamMatch


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _set(book: Workbook, name: str, value: object) -> None:
    """Write a single-cell name when the template has it."""
    if name in book.defined_names:
        workbooks.write_named(book, name, [value])


def _columns(plays: list[Play]) -> tuple[list[str], list[str | None], list[int | None]]:
    return ([p.contract for p in plays], [p.declarer or None for p in plays],
            [p.tricks for p in plays])


# pairs_event's keywords and the Setup cells that hold them (director.check.OPTIONS reads them back).
_OPTION_CELLS = {"scoring": "Scoring", "crossimps": "CrossIMPsMode", "neuberg": "UseNeuberg",
                 "expected": "ExpectedResults", "session_rule": "SessionRule", "fields": "Fields"}


def _setup_options(options: Mapping[str, object]) -> list[tuple[str, object]]:
    """The event's scoring options as Setup cells hold them: ``Butler``, ``Yes``/``No``, 2.

    >>> _setup_options({"scoring": "Butler", "neuberg": False, "fields": 2})
    [('Scoring', 'Butler'), ('UseNeuberg', 'No'), ('Fields', 2)]
    """
    cells = []
    for keyword, value in options.items():
        if keyword not in _OPTION_CELLS:
            raise OptionError(f"option {keyword!r}: must be one of {', '.join(_OPTION_CELLS)}")
        if isinstance(value, bool):
            value = "Yes" if value else "No"
        elif keyword == "crossimps":
            value = str(value).capitalize()
        elif not isinstance(value, int):
            value = str(value)
        cells.append((_OPTION_CELLS[keyword], value))
    return cells


def pairs_workbook(event: PairsEvent, *, lang: str = "en", paper: str = "A4",
                   fit: bool = False) -> Workbook:
    """The pairs template holding ``event``: its pair list, setup (with its scoring
    options) and every result.

    With ``fit`` the template has just the tables and boards the event needs
    (smaller and faster); otherwise the template's full size.
    """
    size = {"tables": event.tables, "boards": event.boards} if fit and event.tables else {}
    book = workbooks.build(
        "pairs", lang=lang, paper=paper, event=event.name, date=_date(event.date),
        pairs=[(pair.number, pair.names) for pair in event.pairs], scale=event.scale, **size,
    )
    if event.tables:
        _set(book, "TableCount", event.tables)
    if event.boards:
        _set(book, "BoardCount", event.boards)
    for name, value in _setup_options(event.options):
        _set(book, name, value)
    results = event.results
    contracts, declarers, tricks = _columns([r.play for r in results])
    workbooks.write_named(book, "Board", [r.board for r in results])
    workbooks.write_named(book, "NS", [r.ns for r in results])
    workbooks.write_named(book, "EW", [r.ew for r in results])
    workbooks.write_named(book, "Contract", contracts)
    workbooks.write_named(book, "Declarer", declarers)
    workbooks.write_named(book, "Tricks", tricks)
    return book


def teams_workbook(match: TeamMatch, *, lang: str = "en", paper: str = "A4",
                   fit: bool = False) -> Workbook:
    """The team-match template holding ``match``: both teams and every board.

    With ``fit`` the template has just the match's boards; otherwise its full size.
    """
    size = {"boards": len(match.boards)} if fit and match.boards else {}
    book = workbooks.build("teams", lang=lang, paper=paper, event=match.name,
                           date=_date(match.date), home=match.home, away=match.away, **size)
    boards = sorted(match.boards, key=lambda b: b.board)
    workbooks.write_named(book, "Board", [b.board for b in boards])
    for room, plays in (("Open", [b.open for b in boards]), ("Closed", [b.closed for b in boards])):
        contracts, declarers, tricks = _columns(plays)
        workbooks.write_named(book, f"{room}Contract", contracts)
        workbooks.write_named(book, f"{room}Declarer", declarers)
        workbooks.write_named(book, f"{room}Tricks", tricks)
    return book


def team_event_workbook(event: TeamEvent, *, lang: str = "en", paper: str = "A4") -> Workbook:
    """teams-event.xlsx holding ``event``: its teams, and every round played so far in its
    Results rows (each match's boards in its rows, in the order the event lists them); the
    rounds after are left to draw."""
    book = workbooks.build("teams-event", lang=lang, paper=paper, event=event.name, date=_date(event.date),
                           teams=len(event.teams), rounds=event.rounds, boards=event.match_boards,
                           swiss=event.swiss, names=[event.teams[number] for number in sorted(event.teams)])
    _set(book, "ByeVP", event.bye_vp)
    rounds = workbooks.read_named(book, "MatchRound")
    columns = {name: workbooks.read_named(book, name) for name in
               ("MatchHome", "MatchAway", "Board", "OpenContract", "OpenDeclarer", "OpenTricks",
                "ClosedContract", "ClosedDeclarer", "ClosedTricks")}
    free = {number: [i for i, r in enumerate(rounds) if r == number] for number in set(rounds)}
    for board in event.boards:
        row = free[board.round].pop(0)
        values = {"MatchHome": board.home, "MatchAway": board.away, "Board": board.board}
        for room, play in (("Open", board.open), ("Closed", board.closed)):
            contracts, declarers, tricks = _columns([play])
            values |= {f"{room}Contract": contracts[0], f"{room}Declarer": declarers[0], f"{room}Tricks": tricks[0]}
        for name, value in values.items():
            columns[name][row] = value
    for name, values in columns.items():
        workbooks.write_named(book, name, values)
    if "RoundBye" in book.defined_names:
        workbooks.write_named(book, "RoundBye", [event.byes.get(r) for r in range(1, event.rounds + 1)])
    return book
