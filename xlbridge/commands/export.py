"""``xlbridge export``: a filled workbook's results in a format other programs and
websites read (so far: a self-contained web page)."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path

from ..cli import EXIT_OK, EXIT_PROBLEMS, CommandError
from ..director import events
from ..director.check import check
from ..director.safe_open import UnreadableWorkbook
from ..formats import FORMATS


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="write a filled pairs event or team match as a results web page",
        description="Score a filled pairs event or team match with the engine (as report does) and "
        "write it as one self-contained web page: the ranking(s) with a link to every board's "
        "traveller, readable on a phone and printable. An existing file is replaced only with --force.",
    )
    parser.add_argument("file", metavar="FILE.xlsx", help="a filled xlbridge workbook")
    parser.add_argument("--html", metavar="OUT", type=Path, required=True, help="the web page to write")
    parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the page; exit 1 (writing nothing) if the workbook has problems or no results."""
    target: Path = args.html
    if target.exists() and not args.force:
        raise CommandError(f"{target} already exists; use --force to replace it")
    try:
        book = events.read(args.file)
    except UnreadableWorkbook as error:
        raise CommandError(str(error)) from None
    if book.kind.report is None or book.kind.name == "traveller":
        raise CommandError(f"{args.file}: is a {book.title}; export covers pairs events and team matches")
    checked = check(book)
    if checked.problems:
        for problem in checked.problems:
            print(problem, file=sys.stderr)
        count = len(checked.problems)
        print(f"{args.file}: {count} problem{'s' if count != 1 else ''}; fix them first "
              f"(xlbridge check {args.file})", file=sys.stderr)
        return EXIT_PROBLEMS
    report = book.kind.hook("report")(checked.event)
    if report.empty:
        print(f"{args.file}: no results yet; nothing to export", file=sys.stderr)
        return EXIT_PROBLEMS
    page = FORMATS["html"].dumps(report.scored)
    _write(target, page, force=args.force)
    print(f"Wrote {target}")
    return EXIT_OK


def _write(target: Path, text: str, *, force: bool) -> None:
    """Write atomically: a temp file beside the target, then a rename (a link, without
    ``force``, so that a file appearing meanwhile is never replaced)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    try:
        temp.write_text(text, encoding="utf-8")
        if force:
            os.replace(temp, target)
        else:
            try:
                os.link(temp, target)
            except FileExistsError:
                raise CommandError(f"{target} already exists; use --force to replace it") from None
    except OSError as error:
        raise CommandError(f"cannot write {target}: {error.strerror or error}") from None
    finally:
        temp.unlink(missing_ok=True)
