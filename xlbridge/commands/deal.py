"""``xlbridge deal``: a session's boards dealt at random, as a PBN deal file that dealing
machines and club programs read (or Duplimate's DUP file), with each board's double-dummy
tricks and par when DDS is installed.

The deals come from the operating system's randomness (:mod:`secrets`); with ``--seed``
the same text gives the same deals, so that a director can show the set was not chosen
(docs/rules.md, "Dealing").
"""

from __future__ import annotations

import argparse
import datetime
import sys
import tempfile
from pathlib import Path

from .. import files, solver
from ..director import office
from ..engine import XlbridgeError
from ..engine.handrecord import HandRecord
from ..engine.hands import deals
from ..formats import dup, handrecords, printout
from . import EXIT_OK, CommandError

MOST = 999
"""The highest board number: a DUP file writes it in three digits, and no session needs more."""

FORMATS = ("pbn", "dup")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``deal`` subcommand."""
    parser = subparsers.add_parser(
        "deal",
        help="deal a session's boards at random into a PBN deal file (or Duplimate's DUP file)",
        description="Deal boards at random, every deal equally likely, from the operating system's "
        "randomness, or reproducibly from --seed, and write them as a standard PBN deal file (or, with "
        "--format dup, the DUP file of Duplimate dealing machines). With DDS installed "
        f"({solver.INSTALL.split(': ', 1)[1]}) the PBN file carries each board's double-dummy tricks "
        "and par. An existing file is replaced only with --force.",
    )
    parser.add_argument("--boards", required=True, metavar="N", help=f"how many boards to deal, 1-{MOST}")
    parser.add_argument("--first", default="1", metavar="N", help="the first board's number (default 1)")
    parser.add_argument("--seed", metavar="TEXT",
                        help="deal from this text, the same deals every time (default: the OS's randomness)")
    parser.add_argument("--out", required=True, type=Path, metavar="DEALS.pbn", help="the deal file to write")
    parser.add_argument("--format", choices=FORMATS, type=str.lower,
                        help="pbn (PBN 2.1 deal file) or dup (Duplimate's DUP); default from --out's extension")
    parser.add_argument("--event", default="", help="the event's name, for the PBN file")
    parser.add_argument("--date", default="", metavar="YYYY-MM-DD", help="the session's date, for the PBN file")
    parser.add_argument("--hands", metavar="DEALS.pdf", type=Path,
                        help="also print the hand records, four boards to a page (through LibreOffice)")
    parser.add_argument("--paper", choices=("A4", "Letter"), default="A4", help="paper of --hands (default A4)")
    parser.add_argument("--force", action="store_true", help="replace the outputs if they exist")
    parser.set_defaults(run=run)


def number(text: str, option: str, low: int, high: int) -> int:
    """A whole number given on the command line, or one line saying what is accepted.

    >>> number("36", "--boards", 1, 999)
    36
    >>> number("0", "--boards", 1, 999)
    Traceback (most recent call last):
    ...
    xlbridge.commands.CommandError: --boards "0": give a whole number 1-999
    """
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise CommandError(f'{option} "{text}": give a whole number {low}-{high}')
    return value


def run(args: argparse.Namespace) -> int:
    """Deal, solve when the solver is here, write the file."""
    count = number(args.boards, "--boards", 1, MOST)
    first = number(args.first, "--first", 1, MOST)
    if first + count - 1 > MOST:
        raise CommandError(f"--first {first} --boards {count}: the last board would be {first + count - 1}; "
                           f"board numbers go up to {MOST}")
    if args.date:
        try:
            datetime.date.fromisoformat(args.date)
        except ValueError:
            raise CommandError(f'--date "{args.date}": write the date as YYYY-MM-DD') from None
    chosen = args.format or ("dup" if args.out.suffix.lower() == ".dup" else "pbn")
    if args.hands is not None and office.soffice() is None:
        raise CommandError(f"cannot write {args.hands}: LibreOffice is not installed; {office.INSTALL_HINT}")
    for target in (args.out, args.hands):  # refused before anything is dealt
        if target is not None:
            files.refuse_existing(target, force=args.force)
    dealt = deals(count, seed=args.seed)
    records = [HandRecord(board, deal) for board, deal in enumerate(dealt, start=first)]
    solved = solver.available() and (chosen == "pbn" or args.hands is not None)  # a DUP file has no tricks
    if solved:
        records = [HandRecord(record.board, record.deal, tricks, par) for record, (tricks, par)
                   in zip(records, solver.solve([(r.board, r.deal) for r in records]), strict=True)]
    if args.hands is not None:  # first: the step that may fail, before the deal file is there
        _print(records, args)
    if chosen == "dup":
        files.write(args.out, lambda temp: temp.write_bytes(dup.dumps(dealt, first)), force=args.force)
    else:
        files.write_text(handrecords.dumps(records, args.event, args.date), args.out, force=args.force)
    source = f"seed {args.seed!r}" if args.seed is not None else "the operating system's randomness"
    what = " (Duplimate DUP)" if chosen == "dup" else ", with double dummy and par" if solved else ""
    print(f"Wrote {args.out}: boards {first}-{first + count - 1} dealt from {source}{what}")
    if args.hands is not None:
        print(f"Wrote {args.hands}: the hand records, four boards to a page")
    if not solver.available() and (chosen == "pbn" or args.hands is not None):
        print(f"No double dummy or par: {solver.INSTALL}", file=sys.stderr)
    return EXIT_OK


def _print(records: list[HandRecord], args: argparse.Namespace) -> None:
    """The hand records as a PDF, through LibreOffice (as ``report --pdf``)."""
    try:
        with tempfile.TemporaryDirectory(prefix="xlbridge-deal-") as temp:
            source = Path(temp) / f"{args.hands.stem or 'hands'}.xlsx"
            printout.hand_records(records, args.event, args.date, args.paper).save(source)
            office.to_pdf(source, args.hands, force=args.force)
    except office.OfficeError as error:
        raise CommandError(f"{args.hands}: {error}") from None
    except XlbridgeError:  # already one line (files.OutputError)
        raise
    except OSError as error:
        raise CommandError(f"cannot write {error.filename or args.hands}: {error.strerror or error}") from None
