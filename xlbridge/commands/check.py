"""``xlbridge check``: is a filled workbook complete and sane? Never modifies the file."""

from __future__ import annotations

import argparse
import os
import sys

from .. import kinds
from ..director.safe_open import UnreadableWorkbook
from ..engine import XlbridgeError
from ..kinds import Checked, FilledBook, check
from ..kinds.players import read_register, unregistered_cells
from . import EXIT_OK, EXIT_PROBLEMS, CommandError


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="check a filled workbook: every input, pairs, boards (exit 1 on problems)",
        description="Find the template by its defined names, check every filled input "
        "and the event as a whole, and print each problem with its cell. "
        "Exit status: 0 clean, 1 problems found, 2 the file cannot be read. "
        "The file is only read, never written.",
    )
    parser.add_argument("file", metavar="FILE.xlsx", help="a filled xlbridge workbook")
    parser.add_argument("--players", metavar="PLAYERS.xlsx",
                        help="the player register: name each pair's player (or player number) not in it")
    parser.set_defaults(run=run)


def read(file: str | os.PathLike[str]) -> FilledBook:
    """The filled workbook at ``file``; a :class:`CommandError` saying why it cannot be read."""
    try:
        return kinds.read(file)
    except UnreadableWorkbook as error:
        raise CommandError(str(error)) from None


def without_problems(book: FilledBook, file: str | os.PathLike[str]) -> Checked | None:
    """``book`` checked, for a command that scores it; ``None`` once its problems are
    printed to stderr, with a pointer to ``xlbridge check``."""
    checked = check(book)
    if not checked.problems:
        return checked
    for problem in checked.problems:
        print(problem, file=sys.stderr)
    count = len(checked.problems)
    print(f"{file}: {count} problem{'s' if count != 1 else ''}; fix them first "
          f"(xlbridge check {file})", file=sys.stderr)
    return None


def run(args: argparse.Namespace) -> int:
    """Print each problem as ``Sheet!A1: message`` and a summary line."""
    checked = check(read(args.file))
    for problem in checked.problems:
        print(problem)
    for note in checked.notes:  # normal in a real session: said, not counted as problems
        print(note)
    count = len(checked.problems)
    if args.players and checked.event is not None:
        try:
            missing, guests = unregistered_cells(checked.book, read_register(args.players))
        except XlbridgeError as error:
            raise CommandError(str(error)) from None
        for problem in missing:  # the register's own problems are check PLAYERS.xlsx's
            print(problem)
        for note in guests:
            print(note)
        count += len(missing)
    what = checked.book.kind.summary(checked) if checked.event is not None else checked.book.title
    if count:
        print(f"{args.file}: {what}: {count} problem{'s' if count != 1 else ''}")
        return EXIT_PROBLEMS
    print(f"{args.file}: {what}: no problems")
    return EXIT_OK

