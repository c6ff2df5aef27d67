"""``xlbridge hands``: write a PBN deal file's deals into an event workbook's Hands sheet,
with each deal's double-dummy tricks and par.

DDS solves every complete deal when it is installed (``pip install 'xlbridge[dds]'``), and
its tricks and par are written over the file's own: the solver is trusted over what a
program wrote. Without it, the file's ``[DoubleDummyTricks]`` / ``[OptimumResultTable]``,
``[OptimumScore]`` and ``[ParContract]`` are kept where it has them, and one line says how
to get DDS.

What is replaced: a board is written when the workbook has it. A board whose row already
holds a different deal is replaced only with ``--force`` (without it nothing at all is
written, and the first such cell is named); a board whose row holds the same deal is
written again, its tricks and par refreshed (kept where neither DDS nor the file has them).
Boards the file does not have are left as they are. The workbook is replaced atomically,
its lock held from the read to the write (:mod:`xlbridge.files`).

Exit status: 0 every deal written; 1 written, but some deals of the file were refused (each
named in one line); 2 nothing written (the file or the workbook cannot be used).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from .. import files, solver
from ..director.cells import describe_numbers
from ..director.safe_open import load
from ..engine import BridgeInputError
from ..engine.handrecord import HandRecord
from ..engine.hands import Deal
from ..formats import handrecords
from ..formats.results import MAX_BYTES
from ..kinds import KINDS
from ..workbooks import hands as sheet
from . import EXIT_OK, EXIT_PROBLEMS, CommandError, StateError, listed
from .check import read


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``hands`` subcommand."""
    takes = listed([f"{kind.name}.xlsx" for kind in KINDS if "HandBoard" in kind.setup], "or")
    parser = subparsers.add_parser(
        "hands",
        help="write a PBN deal file's deals, double dummy and par into an event workbook",
        description="Read a PBN deal file (from xlbridge deal, a dealing machine's program or another "
        f"club program) and write each board's deal into the Hands sheet of a {takes}, where the travellers "
        "show it. With DDS installed (pip install 'xlbridge[dds]') "
        "every complete deal's double-dummy tricks and par are computed and written over the file's own; "
        "without it the file's are kept. A board the workbook already holds a different deal for is "
        "replaced only with --force; a deal the file cannot give is listed and the others are written. "
        "Exit status: 0 all written, 1 some deals refused, 2 nothing written.",
    )
    parser.add_argument("file", metavar="EVENT.xlsx", type=Path, help=f"an event workbook: a {takes}")
    parser.add_argument("deals", metavar="DEALS.pbn", type=Path, help="a PBN file of deals")
    parser.add_argument("--force", action="store_true", help="replace deals already on the Hands sheet")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Read the deals, solve them, write them; the workbook's lock held throughout."""
    found = handrecords.read(_text(args.deals))
    if not found.records and not found.refused:
        raise CommandError(f"{args.deals}: no deals in it (a PBN deal file has a [Board] and a [Deal] tag a board)")
    for reason in found.refused:
        print(f"{args.deals}: {reason}", file=sys.stderr)
    if not found.records:
        raise CommandError(f"{args.deals}: none of its {len(found.refused)} deals can be read; nothing written")
    with files.locked(args.file):
        _write(args, found.records)
    return EXIT_PROBLEMS if found.refused else EXIT_OK


def _write(args: argparse.Namespace, records: tuple[HandRecord, ...]) -> None:
    book = read(args.file)
    if "HandBoard" not in book.cells:
        if "HandBoard" in book.kind.setup:
            raise CommandError(f"{args.file}: has no Hands sheet (it was written before xlbridge had one); "
                               f"write a new {book.kind.name}.xlsx with xlbridge workbooks and copy the results in")
        takes = listed([f"{kind.name}.xlsx" for kind in KINDS if "HandBoard" in kind.setup], "or")
        raise CommandError(f"{args.file}: is a {book.title}; hands writes deals into a {takes}")
    workbook = load(args.file, read_only=False)
    now = sheet.written(workbook)
    outside = [record.board for record in records if record.board not in now]
    if outside:
        print(f"{args.deals}: board{'s' if len(outside) > 1 else ''} {describe_numbers(outside)} "
              f"{'are' if len(outside) > 1 else 'is'} not in the event (it has boards {describe_numbers(list(now))}); "
              "left out")
    records = tuple(record for record in records if record.board in now)
    if not records:
        raise CommandError(f"{args.file}: none of the boards of {args.deals} is in the event; nothing written")
    same = {record.board for record in records if _same_deal(now[record.board][0], record.deal)}
    held = [record.board for record in records if record.board not in same and not _blank(now[record.board][0])]
    if held and not args.force:
        first = sheet.written_cell(workbook, held[0])
        raise StateError(f"{args.file}: {first} already holds another deal for board {held[0]} "
                         f"({len(held)} board{'s' if len(held) > 1 else ''} in all: {describe_numbers(held)}); "
                         "replace them with --force")
    how = _solve(records)
    records = how[0]
    written = sheet.write(workbook, records, keep=same)
    workbook.calculation.fullCalcOnLoad = True
    files.save(workbook, args.file, force=True)
    print(f"{args.file}: {len(written)} deal{'s' if len(written) != 1 else ''} written "
          f"(board{'s' if len(written) != 1 else ''} {describe_numbers(written)}); {how[1]}")


def _solve(records: tuple[HandRecord, ...]) -> tuple[tuple[HandRecord, ...], str]:
    """Each complete deal's tricks and par from DDS when it is installed (the file's kept
    otherwise, the install line said once); and what was done, in words."""
    complete = [record for record in records if record.deal.complete]
    if not solver.available():
        print(solver.INSTALL, file=sys.stderr)
        kept = sum(record.tricks is not None or record.par is not None for record in records)
        return records, f"double dummy and par from the file for {kept}" if kept else "no double dummy"
    try:
        solved = solver.solve([(record.board, record.deal) for record in complete])
    except BridgeInputError as error:
        raise CommandError(f"double dummy: {error}") from None
    by_board = {record.board: found for record, found in zip(complete, solved, strict=True)}
    out = tuple(HandRecord(record.board, record.deal, *by_board[record.board]) if record.board in by_board
                else record for record in records)
    partial = len(records) - len(complete)
    return out, (f"double dummy and par from DDS for {len(complete)}"
                 + (f"; {partial} not known card for card" if partial else ""))


def _same_deal(cell: object, deal: Deal) -> bool:
    """Whether a Hands cell already holds ``deal`` (in any of PBN's ways to write it)."""
    if not isinstance(cell, str) or not cell.strip():
        return False
    try:
        return Deal.parse(" ".join(cell.split())) == deal
    except BridgeInputError:
        return False


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _text(path: Path) -> str:
    """A deal file's text: only a regular file within the size bound; UTF-8, else Latin-1
    (as older dealing programs write)."""
    try:
        found = os.stat(path)
        if stat.S_ISDIR(found.st_mode):
            raise CommandError(f"cannot read {path}: Is a directory")
        if not stat.S_ISREG(found.st_mode):
            raise CommandError(f"cannot read {path}: not a regular file")
        if found.st_size > MAX_BYTES:
            raise CommandError(f"{path}: {found.st_size} bytes: deal files over {MAX_BYTES} bytes are refused")
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise CommandError(f"{path}: deal files over {MAX_BYTES} bytes are refused")
    if b"\0" in data[:4096]:
        raise CommandError(f"{path}: is not a text file; give a PBN file of deals")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
