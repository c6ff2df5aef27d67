"""The season (season.xlsx): its sessions' rows read into
:class:`~xlbridge.engine.season.SeasonLine` values, one problem a cell, the rule from
Setup, and the ladder the engine ranks (``xlbridge report``)."""

from __future__ import annotations

import datetime

from ..director.cells import Problems, in_use, rows_of
from ..director.names import Cell
from ..engine import BridgeInputError
from ..engine.errors import describe
from ..engine.handicap import HandicapRule
from ..engine.numeric import real_number, whole_number
from ..engine.players import player_number
from ..engine.season import PLACES, SeasonLine, SeasonRule
from ..event.season import Season, SeasonReport, score_season
from ..workbooks import season as season_template
from .base import Checked, FilledBook, Kind


class SeasonKind(Kind):
    """A club's season: every player's sessions and the ladder."""

    template = season_template
    title = "season"
    plural = "seasons"
    report = SeasonReport

    def check(self, book: FilledBook) -> Checked:
        return check_season(book)

    def score(self, event: Season) -> SeasonReport:  # type: ignore[override]
        return score_season(event)

    def summary(self, checked: Checked) -> str:
        season = checked.event
        assert isinstance(season, Season)
        return f"{self.title}, {season.sessions} sessions, {len(season.players)} players, {len(season.lines)} rows"


def cell_text(value: object) -> str:
    """A cell as text: a date as ISO, a whole float without its ``.0``."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())


def _unit(value: object) -> str:
    text = cell_text(value)
    if text in ("", "%"):
        return "%"
    if text.casefold() in ("imp", "imps"):
        return "IMP"
    if text.casefold() in ("vp", "vps"):
        return "VP"
    raise BridgeInputError(f"unit {describe(value)}: must be %, IMP or VP")


def _score(value: object) -> float:
    return round(real_number(value, "score"), 2)


def rule_of(problems: Problems, book: FilledBook) -> SeasonRule:
    """The club's rule from Setup (the defaults where a cell is blank or bad)."""
    cells = book.cells

    def whole(name: str, what: str, low: int, default: int) -> int:
        cell = cells.cell(name)
        if cell is None or cell.blank:
            return default
        found = problems.parse(cell, lambda v: whole_number(v, what, low, 999))
        return default if found is None else found

    best = whole("BestN", "best sessions", 1, season_template.BEST_N)
    minimum = whole("MinSessions", "sessions to qualify", 0, season_template.MIN_SESSIONS)
    ranking = "average"
    cell = cells.cell("SeasonRanking")
    if cell is not None and not cell.blank:
        ranking = str(problems.parse(cell, season_template.RANKING.parse) or "average")
    scale = "table"
    cell = cells.cell("PointsScale")
    if cell is not None and not cell.blank:
        scale = str(problems.parse(cell, season_template.SCALE.parse) or "table")
    read_fields = points_fields(problems, cells.column("PointsFields"))
    fields = read_fields or (1,)
    by_column: dict[int, list[Cell]] = {}
    for point in cells.column("PointsTable"):
        by_column.setdefault(point.column, []).append(point)
    tables: list[tuple[float, ...]] = []
    for index, column in enumerate(by_column.values()):
        if index >= len(fields):
            # A column without its field size: the sheet never uses it, so say so rather than ignore it.
            typed = next((point for point in column if not point.blank), None)
            if typed is not None and read_fields is not None:
                problems.add(typed, f"points {describe(typed.value)} in a column without a field size above it "
                                    "(PointsFields): type the smallest field it is for, or clear it")
            continue
        table = []
        for point in column[:PLACES]:
            value = 0.0 if point.blank else problems.parse(point, lambda v: real_number(v, "points"))
            table.append(value or 0.0)
        while table and table[-1] == 0:
            table.pop()
        tables.append(tuple(table))
    tables += [()] * (len(fields) - len(tables))  # an old book's one column, or a name missing
    return SeasonRule(best, minimum, ranking, tables[0], scale, fields, tuple(tables[1:]))


def points_fields(problems: Problems, cells: list[Cell]) -> tuple[int, ...] | None:
    """The smallest field size of each column of the points table (``PointsFields``), left to
    right to the last one typed: whole, increasing, none blank before a typed one, each bad
    one named at its cell (then None). None typed (or an old book without the name): one
    column, (1,)."""
    typed = [cell for cell in cells if not cell.blank]
    used = cells[:cells.index(typed[-1]) + 1] if typed else []
    fields: list[int] = []
    for cell in used:
        if cell.blank:
            problems.add(cell, "the field size is blank, but a column to its right has one: "
                               "type a whole number or clear the columns after it")
            return None
        size = problems.parse(cell, lambda v: whole_number(v, "points field", 1, 9999))
        if size is None:
            return None
        if fields and size <= fields[-1]:
            problems.add(cell, f"points field {size}: must be above {fields[-1]}, the column to its left "
                               "(the smallest field sizes increase left to right)")
            return None
        fields.append(size)
    return tuple(fields) or (1,)


def check_season(book: FilledBook) -> Checked:
    """Check every session row and the ladder's players; read the season."""
    problems = Problems()
    lines: list[SeasonLine] = []
    seen: dict[tuple[str, int], Cell] = {}
    for row in rows_of(problems, book.cells, season_template.SESSION_COLUMNS):
        if not in_use(row):
            continue
        key, date, event, number, player, partner, direction, score, unit, place, place_to, field, boards = row
        if key.blank:
            problems.add(key, "the session's key is blank: every row of a session has the same key")
        found = problems.parse(number, player_number) if not number.blank else None
        if number.blank:
            problems.add(number, "the player's number is blank")
        if player.blank:
            problems.add(player, "the player's name is blank")
        value = problems.parse(score, _score) if not score.blank else None
        if score.blank:
            problems.add(score, "the score is blank: a percentage or IMPs")
        what = problems.parse(unit, _unit)
        counts = [None if c.blank else problems.parse(c, lambda v, w=w: whole_number(v, w, 1, 9999))
                  for c, w in ((place, "place"), (place_to, "place to"), (field, "field"), (boards, "boards"))]
        if cell_text(direction.value) not in ("", "NS", "EW"):
            problems.add(direction, f"direction {describe(direction.value)}: must be NS, EW or blank")
        if found is not None and not key.blank:
            if (cell_text(key.value), found) in seen:
                problems.add(number, f"player {found} is twice in session {cell_text(key.value)!r} "
                                     f"(also {seen[(cell_text(key.value), found)].address})")
            seen[(cell_text(key.value), found)] = number
        if None in (found, value, what) or key.blank or player.blank:
            continue
        assert found is not None and value is not None and what is not None
        lines.append(SeasonLine(cell_text(key.value), found, cell_text(player.value), value, counts[0],
                                counts[1], cell_text(date.value), cell_text(event.value), cell_text(partner.value),
                                cell_text(direction.value), what, counts[2] or 0, counts[3] or 0))
    players: list[tuple[int, str]] = []
    listed: set[int] = set()
    for number, name in rows_of(problems, book.cells, ("SeasonNumber", "SeasonPlayer")):
        if number.blank and name.blank:
            continue
        found = problems.parse(number, player_number)
        if found is not None:
            if found in listed:
                problems.add(number, f"player {found} is on the ladder twice")
            listed.add(found)
            players.append((found, cell_text(name.value)))
    missing = sorted({line.number for line in lines} - listed)
    if missing and not problems.sorted():
        problems.add(book.cells.column("SeasonNumber")[0],
                     f"players {', '.join(map(str, missing[:10]))} have sessions but are not on the ladder")
    rule = rule_of(problems, book)
    name = cell_text(book.cells.value("EventName"))
    return Checked(book, problems.sorted(), Season(name, tuple(lines), rule, tuple(players),
                                                   handicap_rule_of(problems, book)))


def handicap_rule_of(problems: Problems, book: FilledBook) -> HandicapRule:
    """The club handicap method's parameters from Setup (rules §17): each blank cell its
    default, a bad one named at its cell."""
    values: dict[str, float] = {}
    for name, key, read in (("HandicapSessions", "last", lambda v: whole_number(v, "handicap sessions", 1, 999)),
                            ("HandicapFactor", "factor", lambda v: _between(v, "handicap factor", 10)),
                            ("HandicapCap", "cap", lambda v: _between(v, "handicap cap", 50))):
        cell = book.cells.cell(name)
        if cell is not None and not cell.blank:
            found = problems.parse(cell, read)
            if found is not None:
                values[key] = found
    return HandicapRule(**values)  # type: ignore[arg-type]


def _between(value: object, what: str, most: float) -> float:
    number = real_number(value, what)
    if not 0 <= number <= most:
        raise BridgeInputError(f"{what} {describe(value)}: must be a number from 0 to {most:g}")
    return number
