"""``xlbridge export``: a filled workbook's results in a format other programs and
websites read (:data:`xlbridge.formats.FORMATS`: a PBN 2.1 results file, USEBIO 1.2 XML,
a self-contained web page)."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from .. import files
from ..engine import XlbridgeError
from ..engine.players import Roster
from ..engine.season import SeasonRule
from ..event import PairsEvent
from ..formats import FORMATS
from ..kinds import KINDS, SEASON
from ..kinds.players import read_players, registered
from . import EXIT_OK, EXIT_PROBLEMS, CommandError, listed
from .check import read, without_problems


def _exported(name: str | None = None) -> list[str]:
    """The kinds export writes (in format ``name``), in words: ``pairs events`` ..."""
    return [kind.plural for kind in KINDS if kind.exports and (name is None or name in kind.exports)]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``export`` subcommand, with one option a format."""
    parser = subparsers.add_parser(
        "export",
        help=f"write a filled {', '.join(k.title for k in KINDS if k.exports)} as "
        f"{' or '.join(f.title for f in FORMATS.values())}",
        description="Score a filled workbook with the engine (as report does) and write it in one format: "
        + "; ".join(f"--{f.name} {f.title} ({f.detail}), for {listed(_exported(f.name))}" for f in FORMATS.values())
        + ". An existing file is replaced only with --force. "
        "Exit status: 0 written, 1 the workbook has problems or no results, 2 it cannot be read "
        "or OUT cannot be written.",
    )
    parser.add_argument("file", metavar="FILE.xlsx", help="a filled xlbridge workbook")
    where = parser.add_mutually_exclusive_group(required=True)
    for found in FORMATS.values():
        where.add_argument(f"--{found.name}", metavar="OUT", type=Path, help=f"write {found.title}")
    parser.add_argument("--players", metavar="PLAYERS.xlsx", type=Path,
                        help="a pairs event's players from the club's register (a book written with --players "
                             "carries it): their names, and membership numbers in USEBIO and --federation")
    parser.add_argument("--season", metavar="SEASON.xlsx", type=Path,
                        help="the club's season: --federation gives each place the points its scale gives")
    parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the file; exit 1 (writing nothing) if the workbook has problems or no results."""
    chosen = next(found for found in FORMATS.values() if getattr(args, found.name, None) is not None)
    target = files.refuse_existing(getattr(args, chosen.name), force=args.force)
    book = read(args.file)
    kind = book.kind
    if not kind.exports:
        raise CommandError(f"{args.file}: is a {book.title}; export covers {listed(_exported())}")
    if chosen.name not in kind.exports:
        ways = " or ".join(f"{FORMATS[name].title} (--{name})" for name in kind.exports)
        raise CommandError(f"{args.file}: a {book.title} is exported as {ways}; --{chosen.name} covers "
                           f"{listed(_exported(chosen.name))}")
    checked = without_problems(book, args.file)
    if checked is None:
        return EXIT_PROBLEMS
    scored = kind.score(_with_players(checked.event, args))
    if scored.empty:
        print(f"{args.file}: no results yet; nothing to export", file=sys.stderr)
        return EXIT_PROBLEMS
    files.write_text(chosen.dumps(scored), target, force=args.force)
    print(f"Wrote {target}")
    return EXIT_OK


def _with_players(event: object, args: argparse.Namespace) -> object:
    """A pairs event with its players from ``--players`` and the points rule of ``--season``;
    one line when either cannot be read or the event is not a pairs event."""
    if args.players is None and args.season is None:
        return event
    if not isinstance(event, PairsEvent):
        raise CommandError(f"{args.file}: --players and --season are for a pairs event's results")
    try:
        if args.players is not None:
            event = registered(event, *read_players(args.players))
        if args.season is not None:
            rule = _season_rule(args.season)
            roster = event.roster or Roster()
            event = dataclasses.replace(event, roster=dataclasses.replace(roster, rule=rule))
    except XlbridgeError as error:
        raise CommandError(str(error)) from None
    return event


def _season_rule(path: Path) -> SeasonRule:
    """The rule on a season book's Setup (checked as ``check`` checks it)."""
    book = read(path)
    if book.kind is not SEASON:
        raise CommandError(f"{path}: is a {book.title}, not a season (xlbridge workbooks season)")
    checked = without_problems(book, path)
    if checked is None:
        raise CommandError(f"{path}: has problems (above); its points scale cannot be used")
    return checked.event.rule  # type: ignore[union-attr]
