"""``xlbridge season handicaps SOURCE EVENT.xlsx``: each pair's handicap into a pairs book's
``PairHandicap`` column (docs/rules.md §17), for its handicapped ranking.

The players' handicaps come from the season (season.xlsx: the club method, each player's
handicap after the sessions so far, with Setup's last N sessions, factor and cap) or from
the register (players.xlsx's ``PlayerHandicap``, e.g. EBU NGS handicaps typed there). Each
pair's names (or its two player numbers) are split into its players as ``season add``
splits them; a player found has their handicap, one not found (or without one) counts 0
and is named in a note. A pair's handicap is its players' average (the club method's
rule; ``--combine sum`` adds them, as EBUScore's "100%" option does NGS handicaps).

A handicap the book already holds is never replaced without ``--force``: the book is
then left as it was.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from .. import files
from ..director.safe_open import load
from ..engine import XlbridgeError
from ..engine.handicap import COMBINES, pair_handicap
from ..engine.players import Register, name_key, split_names
from ..event.season import SeasonReport
from ..kinds import PAIRS, PLAYERS, SEASON
from ..kinds.players import read_register
from ..workbooks.names import named_cells
from . import EXIT_OK, EXIT_PROBLEMS, CommandError
from .check import read, without_problems

COLUMN = "PairHandicap"
"""The pairs book's input column the handicaps go to."""


def add_parser(actions: argparse._SubParsersAction) -> None:
    """Add ``season handicaps`` to the season command's actions."""
    parser = actions.add_parser(
        "handicaps", help="fill a pairs workbook's handicaps from the season or the player register",
        description="Write each pair's handicap into EVENT.xlsx's PairHandicap column (rules §17): from a "
        "season (season.xlsx: each player's handicap by the club method, 50 less the average of their last "
        "sessions, with the factor and cap on its Setup) or from a player register (players.xlsx: "
        "PlayerHandicap). A pair's handicap is its players' average, or their sum with --combine sum. A player "
        "not found counts 0 and is named. Exit status: 0 written, 1 a workbook has problems, 2 a file cannot be "
        "read or the event has handicaps already (without --force).")
    parser.add_argument("source", metavar="SEASON.xlsx|PLAYERS.xlsx", type=Path,
                        help="the season, or the player register, the players' handicaps come from")
    parser.add_argument("event", metavar="EVENT.xlsx", type=Path, help="the pairs workbook to fill")
    parser.add_argument("--combine", choices=COMBINES, default="average",
                        help="a pair's handicap from its players': their average (default) or their sum")
    parser.add_argument("--force", action="store_true", help="replace handicaps the event already has")


def run(args: argparse.Namespace) -> int:
    """Fill the event's handicaps, holding its lock from its read to its write."""
    lookup = player_handicaps(args.source)
    if lookup is None:
        return EXIT_PROBLEMS
    with files.locked(args.event):
        return fill(args.event, lookup, args.source, args.combine, args.force)


Lookup = Callable[[str], tuple[bool, float | None]]
"""A player's cell text (a name or a number) to (found, handicap or None)."""


def player_handicaps(source: Path) -> Lookup | None:
    """The players' handicaps (:data:`Lookup`): from the season's club method or the
    register's column; None when the source has problems (``check``'s list printed)."""
    book = read(source)
    if book.kind is SEASON:
        checked = without_problems(book, source)
        if checked is None:
            return None
        report: SeasonReport = SEASON.score(checked.event)  # type: ignore[arg-type,assignment]
        numbers = {name_key(name): number for number, name in reversed(report.season.players)}
        known = {number for number, _ in report.season.players}
        handicaps = report.handicaps

        def from_season(text: str) -> tuple[bool, float | None]:
            number = int(text) if text.isdigit() else numbers.get(name_key(text))
            return number in known, handicaps.get(number) if number is not None else None

        return from_season
    if book.kind is PLAYERS:
        try:
            register: Register = read_register(source)
        except XlbridgeError as error:
            raise CommandError(str(error)) from None

        def from_register(text: str) -> tuple[bool, float | None]:
            player = register.find(text)
            return player is not None, None if player is None else player.handicap

        return from_register
    raise CommandError(f"{source}: is a {book.title}; handicaps come from a season (season.xlsx) or a player "
                       "register (players.xlsx)")


def fill(event: Path, lookup: Lookup, source: Path, combine: str, force: bool) -> int:
    """Each listed pair's handicap into the book's ``PairHandicap``; nothing written when a
    handicap there would change without ``force``."""
    book = read(event)
    if book.kind is not PAIRS:
        raise CommandError(f"{event}: is a {book.title}; handicaps go into a pairs workbook (pairs.xlsx)")
    workbook = load(event, read_only=False)
    try:
        cells = named_cells(workbook, COLUMN)
    except KeyError:
        raise CommandError(f"{event}: has no {COLUMN} column (a pairs.xlsx from before handicaps); "
                           "write a new one with xlbridge workbooks pairs") from None
    numbers, names = named_cells(workbook, "PairNumber"), named_cells(workbook, "PairName")
    missing: dict[str, list[str]] = {"not in": [], "without a handicap in": []}
    changes = []
    for number, name, cell in zip(numbers, names, cells, strict=False):
        if number.value in (None, ""):
            continue
        players = [p for p in split_names(str(name.value or "")) if p]
        found = [lookup(" ".join(p.split())) for p in players]
        for player, (known, value) in zip(players, found, strict=True):
            if value is None:
                missing["without a handicap in" if known else "not in"].append(player)
        values = [value for _, value in found] + [None, None]  # a player without one counts 0
        handicap = pair_handicap(values[0], values[1], combine) if any(v is not None for v in values) else None
        old = cell.value
        if old not in (None, "") and old != handicap and not force:
            raise CommandError(f"{event}: pair {number.value} has a handicap already ({old}); --force replaces "
                               "the event's handicaps; nothing was written")
        changes.append((cell, handicap))
    for cell, handicap in changes:
        cell.value = handicap
    workbook.calculation.fullCalcOnLoad = True
    files.save(workbook, event, force=True)
    for why, players in missing.items():
        if players:
            shown = ", ".join(players[:8]) + (f" and {len(players) - 8} more" if len(players) > 8 else "")
            print(f"{event}: {len(players)} players {why} {source.name} count 0: {shown}")
    given = sum(value is not None for _, value in changes)
    print(f"{event}: {given} of {len(changes)} pairs have a handicap (from {source.name}, players' {combine})")
    return EXIT_OK
