"""``xlbridge import``: a results file written by another program (PBN or USEBIO) into a
pairs workbook, which then scores the event itself; ``--compare`` sets the file's
published figures beside the workbook's."""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

from .. import files, formats
from ..engine import BridgeInputError, OptionError
from ..event import PairsReport
from ..formats.results import MAX_BYTES, Imported, ResultsFileError
from ..kinds import PAIRS
from . import EXIT_OK, EXIT_PROBLEMS, CommandError
from .check import read, without_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``import`` subcommand."""
    parser = subparsers.add_parser(
        "import",
        help="read a PBN or USEBIO results file into a pairs workbook (--compare: check its figures)",
        description="Read a results file another scoring program wrote (PBN with a ScoreTable per "
        "board, or USEBIO XML) into a new pairs workbook: the pairs and their names, every traveller "
        "line, adjusted scores and the scoring method. The workbook then scores the event itself. "
        "With --compare, print each pair's published percentage (or IMPs) beside the workbook's and "
        "every difference; without it, a file's published figures are compared all the same and any "
        "difference is said in one line. Exit status: 0 written (and every published figure agrees), "
        "1 written but the workbook's figures differ from the file's, 2 the file cannot be read or OUT exists "
        f"(nothing written). Files over {MAX_BYTES // 1_000_000} MB are refused.",
    )
    parser.add_argument("file", metavar="FILE.pbn|FILE.xml", type=Path, help="a PBN or USEBIO results file")
    parser.add_argument("--out", metavar="EVENT.xlsx", type=Path, help="the pairs workbook to write")
    parser.add_argument("--force", action="store_true", help="replace EVENT.xlsx if it exists")
    parser.add_argument("--compare", action="store_true",
                        help="print the file's figures beside the workbook's; exit 1 if any differ")
    for level, what in (("event", "EVENT"), ("session", "SESSION"), ("section", "SECTION")):
        parser.add_argument(f"--{level}", metavar="NAME|N",
                            help=f"USEBIO: the {what} to import, by its name or id or its number from 1"
                            + (" (without it, every section as one field)" if level == "section" else
                               " (needed when the file holds several)"))
    parser.add_argument("--list", action="store_true",
                        help="USEBIO: list the file's events, sessions and sections and write nothing")
    parser.set_defaults(run=run)


CHOICES = ("event", "session", "section")
"""The options that choose a part of a USEBIO file."""


def load(path: Path, **choice: str | None) -> Imported:
    """The results file at ``path``, read; a :class:`CommandError` (one line naming the file,
    board and line) when it cannot be. ``choice`` (``event``, ``session``, ``section``)
    picks a part of a USEBIO file."""
    reader, data = _read(path)
    chosen = {name: value for name, value in choice.items() if value is not None}
    if chosen and reader is not formats.usebio.FORMAT:
        raise CommandError(f"--{next(iter(chosen))}: chooses a part of a USEBIO file; {path} is {reader.title}")
    try:
        return reader.loads(data, **chosen)
    except ResultsFileError as error:
        raise CommandError(f"{path}: {error}") from None


def _read(path: Path) -> tuple[formats.Format, bytes]:
    """A results file's reader and bytes: only a regular file, within the size bound."""
    try:
        found = os.stat(path)
        if stat.S_ISDIR(found.st_mode):
            raise CommandError(f"cannot read {path}: Is a directory")
        if not stat.S_ISREG(found.st_mode):  # a FIFO would wait forever, /dev/zero never end
            raise CommandError(f"cannot read {path}: not a regular file")
        if found.st_size > MAX_BYTES:
            raise CommandError(f"{path}: {found.st_size} bytes: files over {MAX_BYTES} bytes (5 MB) are refused")
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)  # the bound holds even if the file grew since stat
        if len(data) > MAX_BYTES:
            raise CommandError(f"{path}: files over {MAX_BYTES} bytes (5 MB) are refused")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    return formats.detect(path, data[:64]), data


def run(args: argparse.Namespace) -> int:
    """Read, fill, save; with ``--compare`` read the saved workbook back, score it with the
    engine and compare."""
    if args.list:
        reader, data = _read(args.file)
        if reader is not formats.usebio.FORMAT:
            raise CommandError(f"--list: lists the events, sessions and sections of a USEBIO file; {args.file} is "
                               f"{reader.title}, one event")
        try:
            print("\n".join(formats.usebio.contents(data)))
        except ResultsFileError as error:
            raise CommandError(f"{args.file}: {error}") from None
        return EXIT_OK
    if args.out is None:
        raise CommandError("import needs --out EVENT.xlsx (or --list)")
    target = files.refuse_existing(args.out, force=args.force)
    imported = load(args.file, **{name: getattr(args, name) for name in CHOICES})
    event = imported.event
    try:
        book = PAIRS.fill(event, fit=True)
    except (OptionError, BridgeInputError) as error:  # the workbook's own limits (tables, boards)
        raise CommandError(f"{args.file}: {error}") from None
    files.save(book, target, force=args.force)
    print(f"Wrote {target}: {len(event.pairs)} pairs, {event.boards} boards, {len(event.results)} results, "
          f"{imported.scoring}")
    for note in imported.notes:
        print(f"Note: {note}")
    if not args.compare and not imported.published:
        return EXIT_OK
    # A file's published figures are always compared: an import that scores otherwise
    # must never pass in silence. --compare shows every pair; without it, one line.
    filled = read(target)
    checked = without_problems(filled, target)
    if checked is None:
        return EXIT_PROBLEMS
    scored = filled.kind.score(checked.event)
    lines, differences = compare(imported, scored)
    if args.compare:
        print("\n".join(lines))
    elif differences:
        print(f"{lines[-1]}: the workbook does not score as the file; see them with --compare")
    return EXIT_PROBLEMS if differences else EXIT_OK


def compare(imported: Imported, scored: PairsReport) -> tuple[list[str], int]:
    """One line per pair: the file's figure, the workbook's, and whether they differ (within
    the file's printed rounding); then a summary. Returns the lines and the differences."""
    imps = scored.imps
    what = "IMPs" if imps else "%"
    lines = [f"{'Pair':>4}  {'file ' + what:>10}  {'workbook ' + what:>14}"]
    differences = 0
    for pair in sorted(set(imported.published) | set(scored.scored.pairs)):
        published = imported.published.get(pair)
        total = scored.scored.pairs.get(pair)
        ours = None if total is None else (total.imps if imps else total.percent)
        mark = ""
        if published is None or ours is None:
            mark = "  (not in the file)" if published is None else "  DIFFERENT: not scored by the workbook"
            differences += published is not None
        elif abs(published.number - ours) > published.tolerance + 1e-9:
            mark = f"  DIFFERENT by {ours - published.number:+.2f}"
            differences += 1
        shown = "-" if ours is None else f"{ours:.2f}"
        lines.append(f"{pair:>4}  {published.value if published else '-':>10}  {shown:>14}{mark}")
    compared = len(imported.published)
    lines.append(f"{differences} difference{'s' if differences != 1 else ''} "
                 f"({compared} published figure{'s' if compared != 1 else ''} compared)")
    return lines, differences
