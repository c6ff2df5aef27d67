"""``xlbridge draw``: write a Swiss team or pairs event's next round into its workbook."""

from __future__ import annotations

import argparse
from pathlib import Path

from openpyxl import Workbook

from .. import files
from ..director.safe_open import load
from ..engine import BridgeInputError, Pairing
from ..event import SwissPairsEvent, TeamEvent
from ..kinds import KINDS
from ..workbooks import named_cells
from . import EXIT_OK, EXIT_PROBLEMS, CommandError, StateError
from .check import read, without_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``draw`` subcommand."""
    parser = subparsers.add_parser(
        "draw",
        help="write a Swiss team or pairs event's next round into its workbook",
        description="Read a Swiss teams-event.xlsx or a swiss-pairs.xlsx, rank the teams or pairs on the results "
        "so far (as report does), draw the next round (those close in the standings meet, no rematch while "
        "one can be avoided, the bye to a low-placed team or pair without one) and write it into the "
        "round's Results rows and its bye. The workbook is replaced atomically. A round that is "
        "already drawn is drawn again only with --force; a round not finished is drawn from only "
        "with --force.",
    )
    parser.add_argument("file", metavar="EVENT.xlsx", type=Path, help="a Swiss teams-event.xlsx or swiss-pairs.xlsx")
    parser.add_argument("--force", action="store_true",
                        help="draw even when the last round is unfinished or the next is already drawn")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Draw and write the next round; exit 1 (writing nothing) on problems in the workbook.

    The workbook's lock is held from the read to the write (:func:`xlbridge.files.locked`):
    a second ``draw`` on the same book waits, then reads the round this one wrote."""
    with files.locked(args.file):
        return _draw(args)


def _draw(args: argparse.Namespace) -> int:
    book = read(args.file)
    if not book.kind.draws:
        drawn = " or ".join(f"{kind.name}.xlsx" for kind in KINDS if kind.draws)
        raise CommandError(f"{args.file}: is a {book.title}; draw works on a {drawn}")
    checked = without_problems(book, args.file)
    if checked is None:
        return EXIT_PROBLEMS
    event = checked.event
    assert isinstance(event, TeamEvent | SwissPairsEvent)
    if not event.swiss:
        raise StateError(f"{args.file}: a round robin has every round drawn already")
    report = book.kind.score(event)
    try:
        number, draw = book.kind.next_round(report)
    except BridgeInputError as error:
        raise StateError(f"{args.file}: {error}") from None
    unfinished = [match for match in checked.unfinished if match.round == number - 1]
    if unfinished and not args.force:
        raise StateError(f"{args.file}: round {number - 1} is not finished ({unfinished[0]}); "
                         "type its results first, or draw anyway with --force")
    workbook = load(args.file, read_only=False)
    _write_round(workbook, args.file, number, draw, event.match_boards, book.kind.draw_names, force=args.force)
    workbook.calculation.fullCalcOnLoad = True
    files.save(workbook, args.file, force=True)
    print(f"{args.file}: round {number} drawn")
    for home, away in draw:
        if away is None:
            print(f"  bye: {home} {report.name(home)}")
        else:
            print(f"  {home} {report.name(home)} v {away} {report.name(away)}")
    return EXIT_OK


def _write_round(workbook: Workbook, file: Path, number: int, draw: list[Pairing], boards: int,
                 names: tuple[str, str, str], *, force: bool) -> None:
    """Put the draw in round ``number``'s rows (``boards`` rows a match, in order; ``names``: the
    round's, the home side's and the away side's columns) and its bye."""
    rounds, homes, aways = (named_cells(workbook, name) for name in names)
    rows = [i for i, cell in enumerate(rounds) if cell.value == number]
    matches = [pairing for pairing in draw if pairing[1] is not None]
    if len(rows) != len(matches) * boards:
        raise CommandError(f"{file}: round {number} has {len(rows)} Results rows; its {len(matches)} matches "
                           f"of {boards} boards need {len(matches) * boards}")
    drawn = next((homes[i] for i in rows if homes[i].value is not None or aways[i].value is not None), None)
    if drawn is not None and not force:
        raise StateError(f"{file}: round {number} is already drawn ({drawn.parent.title}!{drawn.coordinate}); "
                         "draw it again with --force")
    for index, i in enumerate(rows):
        homes[i].value, aways[i].value = matches[index // boards]
    byes = [home for home, away in draw if away is None]
    if "RoundBye" in workbook.defined_names:
        cells = named_cells(workbook, "RoundBye")
        if len(cells) < number:  # the name was edited to fewer cells than the event has rounds
            raise CommandError(f"{file}: RoundBye has {len(cells)} cell{'s' if len(cells) != 1 else ''}; "
                               f"round {number}'s bye needs its own (one a round, as the template has them)")
        cells[number - 1].value = byes[0] if byes else None
