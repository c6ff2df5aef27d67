"""``xlbridge workbooks``: write the template workbooks a director fills in."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from openpyxl import Workbook

from .. import files
from ..director.safe_open import UnreadableWorkbook
from ..engine import Movement, XlbridgeError, movement
from ..kinds import INDIVIDUAL, PAIRS, SWISS_PAIRS, TEAM_EVENT, TEAMS
from ..kinds.players import read_players
from ..workbooks import LANGUAGES, PAPERS, TEMPLATES, build, file_name, write_set
from ..workbooks import register as carried
from ..workbooks.individual import movement_of as individual_movement
from ..workbooks.pairs import section_names
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
    session.add_argument("--movement", type=str.lower, metavar="{mitchell,howell}",
                         help="the movement; or one a section, separated by commas (howell,mitchell)")
    session.add_argument("--sections", type=int,
                         help="sections A, B ... in one book (2-26), each with the movement and the same boards; "
                              "Setup chooses matchpoints across the field or within sections")
    session.add_argument("--tables", type=str,
                         help="tables (Mitchell 3-30, Howell 2-10); or one a section, separated by commas (8,7: "
                              "section A of 8 tables, B of 7)")
    session.add_argument("--boards", type=str,
                         help="boards in play, a multiple of the board sets; or one a section (24,21). One value "
                              "a section's movement cannot play: that section plays its own sets at the same "
                              "boards a round as the first section that can")
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


def _counts(flag: str, text: str | None) -> tuple[int, ...]:
    """A whole number, or one a section separated by commas (``8,7``), else one line why not.

    >>> _counts("--tables", "8, 7"), _counts("--tables", None)
    ((8, 7), ())
    >>> _counts("--tables", "8;7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge...CommandError: --tables 8;7: give a whole number, or one a section separated by commas (8,7)
    """
    if text is None:
        return ()
    parts = [part.strip() for part in str(text).split(",")]
    if not all(part.isdigit() and int(part) > 0 for part in parts):
        raise CommandError(f"{flag} {text}: give a whole number, or one a section separated by commas (8,7)")
    return tuple(int(part) for part in parts)


def _lists(args: argparse.Namespace) -> tuple[str, ...]:
    """``--tables``, ``--boards`` and ``--movement`` read: each a value, or (sections of pairs.xlsx)
    a tuple of one a section. Returns the flags given a list."""
    args.tables_each = _counts("--tables", args.tables)
    args.boards_each = _counts("--boards", args.boards)
    args.movement_each = tuple(part.strip() for part in args.movement.split(",")) if args.movement else ()
    for kind in args.movement_each:
        if kind not in ("mitchell", "howell"):
            raise CommandError(f"--movement {args.movement}: each must be mitchell or howell")
    listed = []
    for flag, name in (("--tables", "tables"), ("--boards", "boards"), ("--movement", "movement")):
        values = getattr(args, f"{name}_each")
        if len(values) > 1:
            listed.append(flag)
        setattr(args, name, values[0] if len(values) == 1 else values or None)
    return tuple(listed)


def run(args: argparse.Namespace) -> int:
    """Write the templates and print the path of each file written."""
    listed = _lists(args)
    if listed and (set(args.names) - {PAIRS.name} or args.teams or args.rounds or args.swiss
                   or any(text.strip().isdigit() for text in args.players)):
        raise CommandError(f"{listed[0]}: a list (one a section) is for {file_name(PAIRS.name)}'s sections only")
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
    count = max(len(args.tables_each), len(args.boards_each), len(args.movement_each))
    if count > 1:
        return _sized_sections(args, count)
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


def _sized_sections(args: argparse.Namespace, count: int) -> int:
    """pairs.xlsx of ``count`` sections from the lists of ``--tables``, ``--boards`` and
    ``--movement`` (one a section, or one for all): each section its own movement, or, blank,
    its own tables."""
    for flag, values in (("--tables", args.tables_each), ("--boards", args.boards_each),
                         ("--movement", args.movement_each)):
        if len(values) not in (0, 1, count):
            raise CommandError(f"{flag} {','.join(map(str, values))}: {len(values)} values for {count} sections "
                               "(give one for every section, or one a section)")
    if args.sections is not None and args.sections != count:
        raise CommandError(f"--sections {args.sections}: the lists give {count} sections")
    if not 2 <= count <= 26:
        raise CommandError(f"{count} sections: must be 2-26")
    if set(args.names) - {PAIRS.name}:
        raise CommandError(f"--movement writes {file_name(PAIRS.name)} only: give no other template")
    names = section_names(count)

    def each(values: tuple, default: object = None) -> tuple:
        return values if len(values) == count else (values[0] if values else default,) * count

    target = Path(args.out) / file_name(PAIRS.name)
    if not args.movement_each:  # a blank book: each section's tables, the same boards
        if args.variant or args.arrow_switch or args.pairs:
            raise CommandError("--variant, --arrow-switch and --pairs need --movement")
        if len(args.boards_each) > 1:
            raise CommandError(f"--boards {','.join(map(str, args.boards_each))}: a blank book has one count of "
                               "boards (a list needs --movement)")
        tables, boards = each(args.tables_each, 15), args.boards or 36
        try:
            book = PAIRS.build(lang=args.lang, paper=args.paper, tables=tables, boards=boards)
        except XlbridgeError as error:
            raise CommandError(str(error)) from None
        files.save(_registered(book, args), target, force=args.force)
        print(f"{target}: {count} sections of {' + '.join(map(str, tables))} tables, {boards} boards")
        return 0
    if not args.tables_each or not args.boards_each:
        raise CommandError("a session needs --movement, --tables and --boards "
                           "(e.g. --movement mitchell --tables 8,7 --boards 24)")
    if args.pairs:
        raise CommandError("--pairs: not with sections of their own sizes (each section seats two pairs a table)")
    kinds, tables, boards = each(args.movement_each), each(args.tables_each), each(args.boards_each)

    def options(kind: str, size: int) -> dict[str, object]:
        # Only where a section's movement has them: an even-table Mitchell's variant, a Mitchell's arrow-switch.
        return dict(variant=args.variant if kind == "mitchell" and size % 2 == 0 else None,
                    arrow_switch=args.arrow_switch if kind == "mitchell" else False)

    chosen: list[Movement | None] = []
    errors: list[XlbridgeError | None] = []
    for kind, size, total in zip(kinds, tables, boards, strict=True):
        try:
            chosen.append(movement(kind, size, total, **options(kind, size)))
            errors.append(None)
        except XlbridgeError as error:
            chosen.append(None)
            errors.append(error)
    # One --boards for every section: one whose movement cannot play it plays its own sets at
    # the boards a round of the first section that can (7 Mitchell tables beside 8 at 24 boards: 21).
    pace = next((m.per_round for m in chosen if m is not None), None) if len(args.boards_each) == 1 else None
    for index, (section, kind, size, error) in enumerate(zip(names, kinds, tables, errors, strict=True)):
        if error is None:
            continue
        fit = _at_pace(kind, size, pace, **options(kind, size)) if pace else None
        if fit is None:
            raise CommandError(f"section {section}: {error}")
        chosen[index] = fit
    if args.variant and not any(m.variant for m in chosen if m is not None):
        raise CommandError(f"--variant {args.variant}: only an even-table Mitchell has one (skip or relay)")
    try:
        book = PAIRS.build(lang=args.lang, paper=args.paper, movement=tuple(m for m in chosen if m is not None))
    except XlbridgeError as error:
        raise CommandError(str(error)) from None
    files.save(_registered(book, args), target, force=args.force)
    print(f"{target}: " + "; ".join(f"{section}: {m}" for section, m in zip(names, chosen, strict=True)))
    return 0


def _at_pace(kind: str, tables: int, per_round: int, **options: object) -> Movement | None:
    """The movement ``kind`` for ``tables`` tables playing ``per_round`` boards a round (its own
    board sets), or None when it cannot (as many boards as a workbook holds at most).

    >>> str(_at_pace("mitchell", 7, 3))
    'Mitchell, 7 tables, 14 pairs: 7 rounds of 3 boards'
    """
    for total in range(per_round, 100, per_round):
        try:
            fit = movement(kind, tables, total, **options)
        except XlbridgeError:
            continue
        if fit.per_round == per_round:
            return fit
    return None


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
