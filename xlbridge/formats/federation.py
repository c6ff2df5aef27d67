"""A session's results as a federation or a club's secretary takes them
(``xlbridge export EVENT.xlsx --federation OUT.csv``): one row a player, with the
membership number, the partner, the percentage (or IMPs), the place and the points.

The players and their membership numbers come from the event's roster (the register its
book carries, or ``--players players.xlsx``; a USEBIO file's ``NATIONAL_ID_NUMBER``), else
from the pair's names with the number blank. Points are the season's: with ``--season
SEASON.xlsx`` each place earns what the season's scale gives it (the club's table by
place, or the ACBL's club scale by place and field size, docs/rules.md §15), a shared place
the average of the places it spans; without a season the column is blank, since a points
figure the club did not choose would be sent on as if it had.

    >>> from xlbridge.event import sample, score_pairs
    >>> lines = dumps(score_pairs(sample.pairs_event())).splitlines()
    >>> lines[0]
    'Date,Event,Club,Club number,Player,Membership,Partner,Partner membership,Direction,Percent,Place,Field,Points'
    >>> lines[1]
    '2024-11-26,Tuesday Pairs,,,S. Heikkinen,,V. Korhonen,,,61.11,1,18,'
"""

from __future__ import annotations

import csv
import io

from ..engine.players import Player, Roster, split_names
from ..engine.season import SeasonLine, line_points
from ..event import PairsReport
from .csv import safe
from .format import Format

HEADINGS = ("Date", "Event", "Club", "Club number", "Player", "Membership", "Partner", "Partner membership",
            "Direction", "Percent", "Place", "Field", "Points")
"""The columns; ``Percent`` reads ``IMPs`` in an IMP-scored event."""

_DIRECTIONS = {"North-South": "NS", "East-West": "EW"}


def players_of(roster: Roster, pair: int | tuple[str, int], names: str) -> tuple[Player, ...]:
    """A pair's players: the roster's (membership numbers and all), else its names split
    (``Ann & Bob``), numbered 0 with no membership number; a part with no letter or digit
    is no player.

    >>> [p.name for p in players_of(Roster(), 3, "Ann Smith & Bob Jones")]
    ['Ann Smith', 'Bob Jones']
    """
    if roster.pairs.get(pair):
        return tuple(roster.pairs[pair])
    return tuple(Player(0, part) for part in split_names(names) if any(ch.isalnum() for ch in part))


def rows(report: PairsReport) -> list[tuple[str, ...]]:
    """The CSV's rows after the headings: each ranking's pairs best first, a row a player."""
    event = report.event
    roster = event.roster or Roster()
    found: list[tuple[str, ...]] = []
    for title, totals in report.rankings():
        direction = _DIRECTIONS.get(title, "")
        for total in totals:
            value = total.imps if report.imps else total.percent
            if value is None:
                continue
            place, _, to = total.place.partition("-")
            first = int(place.rstrip("="))
            last = int(to) if to else first
            points = ""
            if roster.rule is not None:
                line = SeasonLine("", 0, "", value, first, last, direction=direction, field=len(totals))
                points = f"{line_points(line, roster.rule):.2f}"
            shown = f"{first}=" if last > first else str(first)
            people = players_of(roster, report.key(total), report.name_of(total) or f"Pair {report.label(total)}")
            for index, player in enumerate(people):
                partner = people[1 - index] if len(people) == 2 else Player(0, "")
                found.append((event.date, event.name, roster.club.name, roster.club.number, player.name,
                              player.membership, partner.name, partner.membership, direction, f"{value:.2f}",
                              shown, str(len(totals)), points))
    return found


def dumps(report: PairsReport) -> str:
    """The CSV text: the headings, then a row a player, each cell made safe to open in a
    spreadsheet as ``report --csv`` makes it (a name typed ``=...`` stays text).

    >>> import dataclasses
    >>> from xlbridge.event import Pair, sample, score_pairs
    >>> event = sample.pairs_event()
    >>> event = dataclasses.replace(event, pairs=(Pair(event.pairs[0].number, "=cmd() & Bo"), *event.pairs[1:]))
    >>> "'=cmd()" in dumps(score_pairs(event))
    True
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(tuple("IMPs" if report.imps and h == "Percent" else h for h in HEADINGS))
    writer.writerows([safe(cell) for cell in row] for row in rows(report))
    return out.getvalue()


FORMAT = Format("federation", "a federation results CSV",
                "a row a player: membership number, partner, percentage or IMPs, place and the season's points "
                "(with --players and --season)", (".csv",), (PairsReport,), dumps)
