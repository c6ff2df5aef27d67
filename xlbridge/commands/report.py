"""``xlbridge report``: results of a filled workbook, computed by the engine from its inputs."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from .. import files, formats
from ..director import office
from ..engine import XlbridgeError
from ..kinds import KINDS
from . import EXIT_OK, EXIT_PROBLEMS, CommandError, listed
from .check import read, without_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``report`` subcommand."""
    parser = subparsers.add_parser(
        "report",
        help="print the ranking or match result of a filled workbook; write CSV and PDF",
        description=f"Score a filled {_covered()} with the engine "
        "from its inputs (cached formula values are not trusted), print the ranking or the "
        "match result, and optionally write CSV and a PDF for the notice board "
        "(the PDF needs LibreOffice).",
    )
    parser.add_argument("file", metavar="FILE.xlsx", help="a filled xlbridge workbook")
    parser.add_argument("--csv", metavar="OUT", type=Path, help="write the results as CSV")
    parser.add_argument("--pdf", metavar="OUT", type=Path,
                        help="write a printable PDF (through LibreOffice)")
    parser.add_argument("--paper", choices=("A4", "Letter"), default="A4",
                        help="paper size of the PDF (default A4)")
    parser.add_argument("--force", action="store_true", help="replace the CSV or PDF if it exists")
    parser.set_defaults(run=run)


def _covered() -> str:
    """The kinds report scores, in words: ``traveller, pairs event, team match or team event``."""
    return listed([kind.title for kind in KINDS if kind.reports], "or")


def run(args: argparse.Namespace) -> int:
    """Print the results; exit 1 (writing nothing) if the workbook has problems."""
    if args.pdf and office.soffice() is None:
        raise CommandError(f"cannot write {args.pdf}: LibreOffice is not installed; "
                           f"{office.INSTALL_HINT}")
    for target in (args.csv, args.pdf):  # refused before anything is scored or printed
        if target is not None:
            files.refuse_existing(target, force=args.force)
    book = read(args.file)
    if not book.kind.reports:
        covered = listed([kind.plural for kind in KINDS if kind.reports])
        raise CommandError(f"{args.file}: is a {book.title}; report covers {covered} "
                           "(use `xlbridge check` for the others)")
    checked = without_problems(book, args.file)
    if checked is None:
        return EXIT_PROBLEMS
    scored = book.kind.score(checked.event)
    if scored.empty:
        print(f"{args.file}: no results yet; type them in the workbook, then report again",
              file=sys.stderr)
        return EXIT_PROBLEMS
    print(formats.text.dumps(scored))
    if args.csv:
        files.write_text(formats.csv.dumps(scored), args.csv, force=args.force, newline="")
        print(f"\nWrote {args.csv}")
    if args.pdf:
        try:
            with tempfile.TemporaryDirectory(prefix="xlbridge-report-") as temp:
                source = Path(temp) / f"{args.pdf.stem or 'report'}.xlsx"
                formats.printout.workbook(scored, args.paper).save(source)
                office.to_pdf(source, args.pdf, force=args.force)
        except office.OfficeError as error:
            raise CommandError(f"{args.pdf}: {error}") from None
        except XlbridgeError:  # already one line (files.OutputError)
            raise
        except OSError as error:
            raise CommandError(f"cannot write {error.filename or args.pdf}: {error.strerror or error}") from None
        print(f"Wrote {args.pdf}")
    return EXIT_OK
