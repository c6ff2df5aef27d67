"""``xlbridge season add SEASON.xlsx EVENT...``: each session's results into the club's
season (season.xlsx), one row a player, the ladder then computing itself.

A session comes from a pairs workbook (checked and scored as ``report`` scores it) or a
results file another program wrote (PBN or USEBIO, read as ``import`` reads it, with the
convention its published figures show). Each pair's names are split into its two players
(``Ann Smith & Bob Jones``, ``Smith - Jones``, ``Smith/Jones``); with ``--players`` each is
found in the register by name, or by number when the event typed numbers, and one not
there is refused. Without a register a player is the same player as the season's player of
that name, or a new one numbered after the last.

Every session is checked before anything is written; a session the season already holds
(the same key: date, event and a fingerprint of its results) is refused, and the file
is then left as it was.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import hashlib
from pathlib import Path

from openpyxl import Workbook

from .. import files
from ..director.names import NamedCells, defined_names
from ..director.safe_open import load
from ..engine import XlbridgeError
from ..engine.players import Register, name_key, split_names
from ..engine.season import SeasonLine
from ..event import PairsReport, SwissPairsReport, score_pairs
from ..event.individual import IndividualReport
from ..event.model import NOT_PLAYED
from ..formats.results import ImportedTeams
from ..kinds import INDIVIDUAL, PAIRS, SEASON, SWISS_PAIRS, FilledBook
from ..kinds.players import carried_register, read_register
from ..workbooks import named_cells
from ..workbooks.names import set_value
from . import EXIT_OK, EXIT_PROBLEMS, CommandError, conventions, handicaps
from .check import read, without_problems
from .import_ import load as load_results

UNIT_WORDS = {"%": "percentages", "IMP": "IMPs", "VP": "VPs"}
"""The season's units, in the words a refusal uses."""

SESSION_KINDS = (PAIRS, INDIVIDUAL, SWISS_PAIRS)
"""The kinds of workbook a session is read from."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``season`` subcommand."""
    parser = subparsers.add_parser(
        SEASON.name, help="add sessions to the club's season (season.xlsx)",
        description="Keep the club's season in season.xlsx (xlbridge workbooks season): each session added "
        "with one command, the ladder computing itself by the rule on its Setup sheet.")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    add = actions.add_parser(
        "add", help="append sessions: a pairs workbook, a PBN or a USEBIO results file each",
        description="Append each session to the season, one row a player: date, event, partner, direction, "
        "percentage or IMPs, place, field size, boards. Nothing is written unless every session can be added; "
        "a session the season already holds is refused. Exit status: 0 added, 1 a workbook has problems, "
        "2 a file cannot be read, a session is already in the season or a player is not in the register.")
    add.add_argument("book", metavar="SEASON.xlsx", type=Path, help="the season workbook")
    add.add_argument("events", metavar="EVENT", type=Path, nargs="+",
                     help="a pairs workbook (.xlsx), or a PBN (.pbn) or USEBIO (.xml) results file")
    add.add_argument("--players", metavar="PLAYERS.xlsx", type=Path,
                     help="the player register: names and numbers from it")
    handicaps.add_parser(actions)
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Add the sessions, holding the season's lock from its read to its write."""
    if getattr(args, "action", None) == "handicaps":
        return handicaps.run(args)
    if getattr(args, "action", None) != "add":
        args.parser.print_help()
        return EXIT_OK
    players = None
    if args.players is not None:
        try:
            players = read_register(args.players)
        except XlbridgeError as error:
            raise CommandError(str(error)) from None
    with files.locked(args.book):
        return add(args.book, args.events, players)


@dataclasses.dataclass(frozen=True)
class Session:
    """One session read from a file: its key and each pair's players with its figures."""

    source: Path
    key: str
    date: str
    event: str
    pairs: tuple[tuple[tuple[str, str], dict[str, object]], ...]
    register: Register | None = None
    """The register the session's workbook carries (``xlbridge workbooks --players``), if any."""


def add(target: Path, events: list[Path], players: Register | None) -> int:
    """Read the season and every session, then write them all, or nothing."""
    # Opened once, for reading and for writing: a season's 12,000 rows take seconds to read.
    workbook = load(target, read_only=False)
    if not SEASON.signature <= defined_names(workbook):
        raise CommandError(f"{target}: is a {read(target).title}, not a season (xlbridge workbooks season)")
    book = FilledBook(target, SEASON, NamedCells(workbook, (*SEASON.inputs, *SEASON.setup)))
    checked = without_problems(book, target)
    if checked is None:
        return EXIT_PROBLEMS
    season = checked.event
    keys = {line.session for line in season.lines}  # type: ignore[union-attr]
    sessions = []
    for path in events:
        session = read_session(path)
        if session.key in keys:
            raise CommandError(f"{path}: this session is already in {target} ({session.key}); nothing was added")
        keys.add(session.key)
        sessions.append(session)
    # One ladder averages one kind of score: percentages and IMPs are not added together.
    units = {line.unit for line in season.lines}  # type: ignore[union-attr]
    for session in sessions:
        unit = str(session.pairs[0][1]["unit"])
        if units and unit not in units:
            raise CommandError(f"{session.source}: is scored in {UNIT_WORDS[unit]}, the season in "
                               f"{UNIT_WORDS[min(units)]}: keep each in a season of its own; nothing was added")
        units.add(unit)
    known = {name_key(name): number for number, name in season.players}  # type: ignore[union-attr]
    ladder = list(season.players)  # type: ignore[union-attr]
    rows: list[SeasonLine] = []
    for session in sessions:
        for (first, second), figures in session.pairs:
            # A name with no letter or digit ("+", Ruter's unknown substitute) is no player to rank.
            people = [identify(p, players, known, ladder, session.source, session.register) for p in (first, second)
                      if any(ch.isalnum() for ch in p)]
            for index, (number, name) in enumerate(people):
                partner = people[1 - index][1] if len(people) == 2 else ""
                rows.append(SeasonLine(session.key, number, name, partner=partner, date=session.date,
                                       event=session.event, **figures))  # type: ignore[arg-type]
    for session in sessions:
        numbers = [line.number for line in rows if line.session == session.key]
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        if twice:
            raise CommandError(f"{session.source}: player {twice[0]} plays twice in this session; nothing was added")
    write_rows(workbook, target, len(season.lines), rows, ladder, len(season.players))  # type: ignore[union-attr]
    workbook.calculation.fullCalcOnLoad = True
    files.save(workbook, target, force=True)
    for session in sessions:
        print(f"{target}: added {session.key}, {len(session.pairs)} pairs ({session.source})")
    return EXIT_OK


def identify(text: str, players: Register | None, known: dict[str, int],
             ladder: list[tuple[int, str]], source: Path, carried: Register | None = None) -> tuple[int, str]:
    """A player's number and name: from the register when there is one, else the season's
    player of that name, else a new number after the last. Without ``--players``, the
    register the session's workbook carries numbers a player the season does not know yet
    (its number when the season has not used it), and a guest it lacks is numbered after
    every number it and the season hold."""
    if players is None and carried is not None:
        found = carried.find(text)
        key = name_key(found.name if found is not None else text)
        taken = {number for number, _ in ladder}
        if key not in known:
            number = found.number if found is not None and found.number not in taken else \
                max([*taken, *(p.number for p in carried.players)], default=0) + 1
            ladder.append((number, found.name if found is not None else " ".join(text.split())))
            known[key] = number
        return known[key], next(name for n, name in ladder if n == known[key])
    if players is not None:
        found = players.find(text)
        if found is None:
            what = f"player number {text}" if text.strip().isdigit() else f"player {text!r}"
            raise CommandError(f"{source}: {what} is not in the register; add them to it, or correct the event")
        if found.number not in {number for number, _ in ladder}:
            ladder.append((found.number, found.name))
            known[name_key(found.name)] = found.number
        return found.number, found.name
    key = name_key(text)
    if key not in known:
        number = max((n for n, _ in ladder), default=0) + 1
        ladder.append((number, " ".join(text.split())))
        known[key] = number
    number = known[key]
    return number, next(name for n, name in ladder if n == number)


def session_of(source: Path, report: PairsReport) -> Session:
    """A scored pairs event as a season's session."""
    imps = report.imps
    lines = []
    for title, totals in report.rankings():
        direction = {"North-South": "NS", "East-West": "EW"}.get(title, "")
        for total in totals:
            value = total.imps if imps else total.percent
            if value is not None:
                names = report.name_of(total) or f"Pair {report.label(total)}"
                figures = _figures(value, "IMP" if imps else "%", total.place, direction, len(totals), total.boards)
                lines.append((names, split_names(names), value, figures))
    return _session(source, report.event.date, report.event.name, lines)


def read_session(path: Path) -> Session:
    """A pairs, individual or Swiss pairs workbook, or a PBN or USEBIO results file, as a
    session; one line when it cannot be."""
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        book = read(path)
        if book.kind not in SESSION_KINDS:
            raise CommandError(f"{path}: is a {book.title}; season add takes a "
                               f"{', '.join(kind.title for kind in SESSION_KINDS)} (a workbook), a PBN or USEBIO file")
        checked = without_problems(book, path)
        if checked is None:
            raise CommandError(f"{path}: has problems (above); nothing was added")
        report = book.kind.score(checked.event)  # type: ignore[arg-type]
        if book.kind is INDIVIDUAL:
            return individual_session(path, report)  # type: ignore[arg-type]
        if book.kind is SWISS_PAIRS:
            return swiss_session(path, report)  # type: ignore[arg-type]
        session = session_of(path, report)  # type: ignore[arg-type]
        found = carried_register(book)
        return session if found is None else dataclasses.replace(session, register=found[0])
    imported = load_results(path)
    if isinstance(imported, ImportedTeams):
        raise CommandError(f"{path}: is a team event; season add takes pairs sessions")
    chosen = conventions.found(imported)
    event = dataclasses.replace(imported.event, options={**imported.event.options, **chosen.setup})
    return session_of(path, score_pairs(event))


def individual_session(source: Path, report: IndividualReport) -> Session:
    """A scored individual as a session: each player alone, with no partner."""
    ranking = [total for total in report.ranking() if total.boards]
    lines = []
    for total in ranking:
        # A player's name is never split: "Anna-Liisa Virtanen" is one player.
        name = report.event.name_of(total.player) or f"Player {total.player}"
        figures = _figures(total.percent, "%", total.place, "", len(ranking), total.boards)
        lines.append((name, (name, ""), total.percent, figures))
    return _session(source, report.event.date, report.event.name, lines)


def swiss_session(source: Path, report: SwissPairsReport) -> Session:
    """A scored Swiss pairs event as a session: each pair's VPs (the season's unit ``VP``)
    and its place in the standings."""
    standings = [line for line in report.standings() if line.matches]
    lines = []
    for line in standings:
        names = report.event.teams.get(line.team, "") or f"Pair {line.team}"
        boards = sum(1 for board in report.event.boards
                     if line.team in (board.ns, board.ew) and board.play.outcome != NOT_PLAYED)
        figures = _figures(line.vp, "VP", line.place, "", len(standings), boards)
        lines.append((names, split_names(names), line.vp, figures))
    return _session(source, report.event.date, report.event.name, lines)


def _figures(value: float, unit: str, place: str, direction: str, field: int, boards: int) -> dict[str, object]:
    """A line's figures as the season sheet takes them: ``2-3`` as place 2, to 3."""
    first, _, to = place.partition("-")
    start = int(first.rstrip("="))
    return dict(score=round(value, 2), unit=unit, place=start, place_to=int(to) if to else start,
                direction=direction, field=field, boards=boards)


def _session(source: Path, date: str, name: str,
             lines: list[tuple[str, tuple[str, str], float, dict[str, object]]]) -> Session:
    """The session of these lines (each side's names as the event writes them, its players,
    its score and its figures), keyed by its date, name and a fingerprint of its results."""
    if not lines:
        raise CommandError(f"{source}: no one has a result; nothing to add")
    # The fingerprint of seasons already kept: a session added before is still known.
    fingerprint = sorted(f"{figures['direction']}|{names}|{value:.2f}" for names, _, value, figures in lines)
    digest = hashlib.sha256("\n".join(fingerprint).encode()).hexdigest()[:8]
    key = " ".join(part for part in (date, name, digest) if part)
    return Session(source, key, date, name, tuple((people, figures) for _, people, _, figures in lines))


def write_rows(workbook: Workbook, target: Path, used: int, rows: list[SeasonLine],
               ladder: list[tuple[int, str]], listed: int) -> None:
    """The new rows after the season's last, the new players after the ladder's last."""
    columns = {name: named_cells(workbook, name) for name in (
        "SessionKey", "SessionDate", "SessionEvent", "SessionNumber", "SessionPlayer", "SessionPartner",
        "SessionDirection", "SessionScore", "SessionUnit", "SessionPlace", "SessionPlaceTo", "SessionField",
        "SessionBoards", "SeasonNumber", "SeasonPlayer")}
    free = next((i for i in range(len(columns["SessionKey"]) - 1, -1, -1)
                 if any(columns[n][i].value not in (None, "") for n in ("SessionKey", "SessionNumber"))), -1) + 1
    free = max(free, used)
    room = len(columns["SessionKey"]) - free
    if len(rows) > room:
        raise CommandError(f"{target}: the Sessions sheet has room for {room} more rows; these sessions need "
                           f"{len(rows)} (start a new season book with more rows); nothing was added")
    new_players = ladder[listed:]
    if listed + len(new_players) > len(columns["SeasonNumber"]):
        raise CommandError(f"{target}: the Ladder has room for {len(columns['SeasonNumber'])} players; "
                           f"these sessions bring it to {listed + len(new_players)}; nothing was added")
    free_player = next((i for i in range(len(columns["SeasonNumber"]) - 1, -1, -1)
                        if columns["SeasonNumber"][i].value not in (None, "")), -1) + 1
    for offset, (number, name) in enumerate(new_players):
        set_value(columns["SeasonNumber"][free_player + offset], number)
        set_value(columns["SeasonPlayer"][free_player + offset], name)
    for offset, line in enumerate(rows):
        i = free + offset
        values = (line.session, _date(line.date), line.event, line.number, line.player, line.partner,
                  line.direction or None, line.score, line.unit, line.place, line.place_to, line.field or None,
                  line.boards or None)
        for name, value in zip(columns, values, strict=False):
            set_value(columns[name][i], value)


def _date(text: str) -> object:
    """An ISO date as a date the sheet formats; other text as it is."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return text or None

