"""``xlbridge workbooks``: write the template workbooks a director fills in."""

from __future__ import annotations

import argparse

from ..cli import CommandError
from ..workbooks import LANGUAGES, PAPERS, TEMPLATES, WorkbookExistsError, write_set


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
    parser.set_defaults(run=run)


def _paper(text: str) -> str:
    return next((p for p in PAPERS if p.lower() == text.strip().lower()), text)


def run(args: argparse.Namespace) -> int:
    """Write the templates and print the path of each file written."""
    unknown = [n for n in args.names if n not in TEMPLATES]
    if unknown:
        raise CommandError(
            f"unknown template {', '.join(unknown)}: choose from {', '.join(TEMPLATES)}"
        )
    names = tuple(dict.fromkeys(args.names)) or None
    try:
        written = write_set(args.out, lang=args.lang, paper=args.paper, force=args.force,
                            names=names)
    except WorkbookExistsError as error:
        raise CommandError(str(error)) from None
    except OSError as error:
        raise CommandError(f"cannot write into {args.out}: {error.strerror or error}") from None
    for path in written:
        print(path)
    return 0
