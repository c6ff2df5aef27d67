"""``xlbridge workbooks``: write the template workbooks a director fills in."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from openpyxl import Workbook

from .. import files
from ..director.safe_open import UnreadableWorkbook
from ..engine import XlbridgeError, movement
from ..kinds import INDIVIDUAL, PAIRS, SWISS_PAIRS, TEAM_EVENT, TEAMS
from ..kinds.players import read_players
from ..workbooks import LANGUAGES, PAPERS, TEMPLATES, build, file_name, write_set
from ..workbooks import register as carried
from ..workbooks.individual import movement_of as individual_movement
from . import CommandError


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``workbooks`` subcommand."""
    parser = subparsers.add_parser(
        "workbooks",
        help="write the template workbooks (traveller, pairs event, team match ...)",
        description="Write the template workbooks into a folder. They score themselves "
        "with native formulas in Excel, LibreOffice or Google Sheets. An existing file is "
        "never replaced without --force: it may hold a director's results.",
    )
    parser.add_argument(
        "names", nargs="*", metavar="NAME",
        help=f"templates to write (default: all): {', '.join(TEMPLATES)}",
    )
    parser.add_argument("--out", default=".", help="folder to write into (default: here)")
    parser.add_argument("--lang", default="en", type=str.lower, choices=LANGUAGES,
                        help="language of the labels (default: en)")
    parser.add_argument("--paper", default="A4", type=_paper, choices=tuple(PAPERS),
                        help="paper size for printing (default: A4)")
    parser.add_argument("--force", action="store_true",
                        help="replace existing files (their contents are lost)")
    session = parser.add_argument_group(
        f"a session from its movement ({PAIRS.name} only)",
        f"Write {file_name(PAIRS.name)} for a movement: every results row prefilled (round, table, board, "
        "NS, EW), the movement, table cards, guide cards, paper travellers and score cards.")
    session.add_argument("--movement", type=str.lower, choices=("mitchell", "howell"),
                         help="the movement")
    session.add_argument("--sections", type=int,
                         help="sections A, B ... in one book (2-26), each with the movement and the same boards; "
                              "Setup chooses matchpoints across the field or within sections")
    session.add_argument("--tables", type=int, help="tables (Mitchell 3-30, Howell 2-10)")
    session.add_argument("--boards", type=int, help="boards in play, a multiple of the board sets")
    session.add_argument("--pairs", type=int,
                         help="pairs, when one fewer than two a table (a sit-out)")
    session.add_argument("--variant", type=str.lower, choices=("skip", "relay"),
                         help="an even-table Mitchell: skip (the default) or relay with a bye stand")
    session.add_argument("--arrow-switch", nargs="?", const=True, default=False, choices=["spread"],
                         metavar="spread",
                         help="a Mitchell with arrow-switch rounds, for one winner: the last rounds, or with "
                              "'spread' about one round in eight where that compares everybody")
    event = parser.add_argument_group(
        f"a team event ({TEAM_EVENT.name} only)",
        f"Write {file_name(TEAM_EVENT.name)} for a round robin (every round prefilled) or, with --swiss, a Swiss "
        "whose rounds after the first `xlbridge draw` writes. --boards is the boards a match.")
    event.add_argument("--teams", type=int, help="teams (3-40)")
    event.add_argument("--rounds", type=int,
                       help="rounds of a Swiss (a round robin has as many as its teams need)")
    event.add_argument("--swiss", action="store_true", help="a Swiss instead of a round robin")
    swiss = parser.add_argument_group(
        f"a Swiss pairs event ({SWISS_PAIRS.name} only)",
        f"Write {file_name(SWISS_PAIRS.name)} for --pairs pairs (4-60), --rounds rounds and --boards boards a "
        "match (1-16): round 1 drawn by pair number, each next round written by `xlbridge draw`.")
    swiss.add_argument("--scoring", type=str.lower, choices=("butler", "cross-imps"),
                       help="how a board is scored on the field (default: butler)")
    one = parser.add_argument_group(
        f"an individual ({INDIVIDUAL.name} only)",
        f"Write {file_name(INDIVIDUAL.name)} for --players players (5, 7, 8, 11-13, 15-17, 19, 20, 23, 24, 29, 37 or "
        "41): each partners every other once; every results row prefilled, the movement, table cards and guide "
        "cards. --boards is the boards in play, a multiple of the rounds (default two a round); --rounds plays "
        "only the first rounds.")
    one.add_argument("--players", action="append", default=[], metavar="N|PLAYERS.xlsx",
                     help="players in the individual (a number); or the club's player register (players.xlsx), "
                          "copied into each book written: player numbers typed for a pair (12 34) show their "
                          "names, check names a number the register lacks, and export carries membership numbers")
    parser.set_defaults(run=run)


def _paper(text: str) -> str:
    return next((p for p in PAPERS if p.lower() == text.strip().lower()), text)


def run(args: argparse.Namespace) -> int:
    """Write the templates and print the path of each file written."""
    counts = [text for text in args.players if text.strip().isdigit()]
    registers = [text for text in args.players if not text.strip().isdigit()]
    if len(counts) > 1 or len(registers) > 1:
        raise CommandError("--players: give one count of players and one register (e.g. --players 12 "
                           "--players players.xlsx)")
    args.players = int(counts[0]) if counts else None
    args.register = None
    if registers:
        try:
            args.register = read_players(registers[0])
        except (XlbridgeError, UnreadableWorkbook) as error:
            raise CommandError(str(error)) from None
        if not len(args.register[0]):
            raise CommandError(f"{registers[0]}: the register has no players yet")
    if INDIVIDUAL.name in args.names and (args.players or args.boards or args.rounds):
        return _individual(args)
    if args.players:
        raise CommandError(f"--players is for {INDIVIDUAL.name} (e.g. xlbridge workbooks {INDIVIDUAL.name} "
                           "--players 12 --boards 22)")
    if SWISS_PAIRS.name in args.names and (args.pairs or args.rounds or args.boards or args.scoring):
        return _swiss_pairs(args)
    if args.scoring:
        raise CommandError(f"--scoring is for {SWISS_PAIRS.name} (e.g. xlbridge workbooks {SWISS_PAIRS.name} "
                           "--pairs 12 --rounds 5 --boards 4 --scoring cross-imps)")
    if TEAM_EVENT.name in args.names and (args.teams or args.rounds or args.swiss or args.boards):
        return _team_event(args)
    if args.teams or args.rounds or args.swiss:
        raise CommandError(f"--teams, --rounds and --swiss are for {TEAM_EVENT.name} (e.g. xlbridge workbooks "
                           f"{TEAM_EVENT.name} --teams 8 --boards 6)")
    if args.movement or args.tables or args.boards or args.variant or args.arrow_switch or args.pairs or args.sections:
        return _session(args)
    unknown = [n for n in args.names if n not in TEMPLATES]
    if unknown:
        raise CommandError(
            f"unknown template {', '.join(unknown)}: choose from {', '.join(TEMPLATES)}"
        )
    names = tuple(dict.fromkeys(args.names)) or None
    if args.register is not None:
        return _with_register(args, names or _entrants())
    written = write_set(args.out, lang=args.lang, paper=args.paper, force=args.force, names=names)
    for path in written:
        print(path)
    return 0


def _session(args: argparse.Namespace) -> int:
    """pairs.xlsx laid out from a movement."""
    sections = {} if args.sections is None else {"sections": args.sections}
    if args.sections is not None and not 2 <= args.sections <= 26:
        raise CommandError(f"--sections {args.sections}: must be 2-26 (one section: leave --sections out)")
    if set(args.names) - {PAIRS.name}:
        raise CommandError(f"--movement writes {file_name(PAIRS.name)} only: give no other template")
    target = Path(args.out) / file_name(PAIRS.name)
    if sections and not args.movement:  # a blank sectioned book, --tables each section (default 15)
        if args.variant or args.arrow_switch or args.pairs:
            raise CommandError("--variant, --arrow-switch and --pairs need --movement")
        tables, boards = args.tables or 15, args.boards or 36
        try:
            book = PAIRS.build(lang=args.lang, paper=args.paper, tables=tables, boards=boards, **sections)
        except XlbridgeError as error:
            raise CommandError(str(error)) from None
        files.save(_registered(book, args), target, force=args.force)
        print(f"{target}: {args.sections} sections of {tables} tables, {boards} boards")
        return 0
    if not args.movement or not args.tables or not args.boards:
        raise CommandError("a session needs --movement, --tables and --boards "
                           "(e.g. --movement mitchell --tables 8 --boards 24)")
    try:
        chosen = movement(args.movement, args.tables, args.boards, variant=args.variant,
                          arrow_switch=args.arrow_switch, pairs=args.pairs)
        book = PAIRS.build(lang=args.lang, paper=args.paper, movement=chosen, **sections)
    except XlbridgeError as error:
        raise CommandError(str(error)) from None
    files.save(_registered(book, args), target, force=args.force)
    print(f"{target}: {chosen}" + (f", {args.sections} sections" if sections else ""))
    return 0


def _individual(args: argparse.Namespace) -> int:
    """individual.xlsx for a number of players and boards (every round, or the first --rounds)."""
    if set(args.names) - {INDIVIDUAL.name} or args.movement or args.tables or args.pairs or args.teams or args.swiss:
        raise CommandError(f"--players writes {file_name(INDIVIDUAL.name)} alone: give no other template, "
                           "movement, pairs or team option")
    if not args.players:
        raise CommandError(f"an individual needs --players (e.g. xlbridge workbooks {INDIVIDUAL.name} --players 12 "
                           "--boards 22)")
    chosen = individual_movement(args.players, args.boards, args.rounds)
    book = INDIVIDUAL.build(lang=args.lang, paper=args.paper, players=args.players, boards=args.boards,
                            rounds=args.rounds)
    target = Path(args.out) / file_name(INDIVIDUAL.name)
    files.save(_registered(book, args), target, force=args.force)
    print(f"{target}: {chosen}")
    return 0


def _team_event(args: argparse.Namespace) -> int:
    """teams-event.xlsx for a number of teams, rounds and boards."""
    if set(args.names) - {TEAM_EVENT.name} or args.movement or args.tables or args.pairs:
        raise CommandError(f"--teams writes {file_name(TEAM_EVENT.name)} only: give no other template or "
                           "movement option")
    if not args.teams:
        raise CommandError("a team event needs --teams (e.g. --teams 8 --boards 6, or --teams 12 --rounds 6 "
                           "--boards 8 --swiss)")
    options: dict[str, object] = dict(teams=args.teams, rounds=args.rounds, swiss=args.swiss)
    if args.boards:
        options["boards"] = args.boards
    book = TEAM_EVENT.build(lang=args.lang, paper=args.paper, **options)
    target = Path(args.out) / file_name(TEAM_EVENT.name)
    files.save(_registered(book, args), target, force=args.force)
    kind = f"Swiss, {args.rounds} rounds" if args.swiss else "round robin"
    print(f"{target}: {args.teams} teams, {kind}, {options.get('boards', 8)} boards a match")
    return 0


def _swiss_pairs(args: argparse.Namespace) -> int:
    """swiss-pairs.xlsx for a number of pairs, rounds and boards a match."""
    if set(args.names) - {SWISS_PAIRS.name} or args.movement or args.tables or args.teams or args.swiss:
        raise CommandError(f"--pairs, --rounds and --boards write {file_name(SWISS_PAIRS.name)} alone here: give "
                           "no other template, movement or team option")
    if not args.pairs or not args.rounds:
        raise CommandError("a Swiss pairs event needs --pairs and --rounds (e.g. --pairs 12 --rounds 5 --boards 4)")
    options: dict[str, object] = dict(pairs=args.pairs, rounds=args.rounds, method=args.scoring or "butler")
    if args.boards:
        options["boards"] = args.boards
    book = SWISS_PAIRS.build(lang=args.lang, paper=args.paper, **options)
    target = Path(args.out) / file_name(SWISS_PAIRS.name)
    files.save(_registered(book, args), target, force=args.force)
    print(f"{target}: {args.pairs} pairs, {args.rounds} rounds, {options.get('boards', 4)} boards a match, "
          f"{options['method']}")
    return 0


def _entrants() -> tuple[str, ...]:
    """The templates a register is copied into when none is named: the books that list an
    event's entrants (not the register itself, the season, which numbers its own players,
    or the traveller and the home games)."""
    return tuple(kind.name for kind in (PAIRS, INDIVIDUAL, TEAMS, TEAM_EVENT, SWISS_PAIRS))


def _registered(book: Workbook, args: argparse.Namespace) -> Workbook:
    """``book`` with the club's register copied in, when ``--players`` named one."""
    if args.register is not None:
        carried.add(book, *args.register, lang=args.lang)
    return book


def _with_register(args: argparse.Namespace, names: tuple[str, ...]) -> int:
    """The named templates, each with the register copied in, written as one set."""
    unknown = [n for n in names if n not in TEMPLATES]
    if unknown:
        raise CommandError(f"unknown template {', '.join(unknown)}: choose from {', '.join(TEMPLATES)}")

    def writer(name: str) -> Callable[[Path], object]:
        return lambda temp: _registered(build(name, lang=args.lang, paper=args.paper), args).save(temp)

    written = files.write_all({Path(args.out) / file_name(name): writer(name) for name in names}, force=args.force)
    for path in written:
        print(f"{path}: with the register's {len(args.register[0])} players")
    return 0
