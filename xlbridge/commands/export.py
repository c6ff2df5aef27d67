"""``xlbridge export``: a filled workbook's results in a format other programs and
websites read: a PBN 2.1 results file, USEBIO 1.2 XML, or a self-contained web page."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..cli import EXIT_OK, EXIT_PROBLEMS, CommandError
from ..formats import FORMATS
from ..workbooks import files
from ..workbooks.files import WorkbookExistsError
from .check import read, without_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="write a filled pairs event or team match as PBN, USEBIO or a results web page",
        description="Score a filled pairs event or team match with the engine (as report does) and "
        "write it in one format: --pbn a PBN 2.1 results file (a ScoreTable per board and the "
        "TotalScoreTable), --usebio USEBIO 1.2 XML (for results sites and national bodies), or --html "
        "one self-contained web page (the ranking(s) with a link to every board's traveller, readable "
        "on a phone and printable; a team event's standings and rounds). An existing file is replaced "
        "only with --force. "
        "Exit status: 0 written, 1 the workbook has problems or no results, 2 it cannot be read "
        "or OUT cannot be written.",
    )
    parser.add_argument("file", metavar="FILE.xlsx", help="a filled xlbridge workbook")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--pbn", metavar="OUT", type=Path, help="the PBN file to write")
    where.add_argument("--usebio", metavar="OUT", type=Path, help="the USEBIO XML file to write")
    where.add_argument("--html", metavar="OUT", type=Path, help="the web page to write")
    parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the file; exit 1 (writing nothing) if the workbook has problems or no results."""
    name = next(name for name in FORMATS if getattr(args, name, None) is not None)
    target: Path = getattr(args, name)
    if target.exists() and not args.force:
        raise CommandError(f"{target} already exists; use --force to replace it")
    book = read(args.file)
    if book.kind.report is None or book.kind.name == "traveller":
        raise CommandError(f"{args.file}: is a {book.title}; export covers pairs events, team matches "
                           "and (as a web page) team events")
    if book.kind.name == "teams-event" and name != "html":
        raise CommandError(f"{args.file}: a team event is exported as a web page (--html); --{name} "
                           "covers pairs events and team matches")
    checked = without_problems(book, args.file)
    if checked is None:
        return EXIT_PROBLEMS
    report = book.kind.hook("report")(checked.event)
    if report.empty:
        print(f"{args.file}: no results yet; nothing to export", file=sys.stderr)
        return EXIT_PROBLEMS
    text = FORMATS[name].dumps(report.scored)
    try:
        files.write_text(text, target, force=args.force)
    except WorkbookExistsError:  # it appeared while we scored
        raise CommandError(f"{target} already exists; use --force to replace it") from None
    except OSError as error:
        raise CommandError(f"cannot write {target}: {error.strerror or error}") from None
    print(f"Wrote {target}")
    return EXIT_OK
