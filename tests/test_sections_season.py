"""A sectioned pairs event in the club's season and the federation's file: each line is its
pair's (section and number), never another section's pair of the same number."""

from __future__ import annotations

import csv
import dataclasses
import io
from pathlib import Path

from tests.test_sections_report import two_sections
from xlbridge.commands.seasons import session_of
from xlbridge.engine.players import Club, Player, Roster
from xlbridge.event import score_pairs
from xlbridge.formats import federation, usebio


def _registered(event):
    """Each pair's two players, membership numbers naming the section and the pair."""
    return Roster(Club("Sections BC", "77"), {
        (pair.section, pair.number): (Player(1, f"{pair.section}{pair.number} N", f"M-{pair.section}{pair.number}-1"),
                                      Player(2, f"{pair.section}{pair.number} S", f"M-{pair.section}{pair.number}-2"))
        for pair in event.pairs})


def test_season_session_names_each_pair_of_its_section() -> None:
    report = score_pairs(two_sections())
    session = session_of(Path("two.xlsx"), report)
    overall = [total for _title, totals in report.rankings() for total in totals]
    assert len(session.pairs) == len(overall) == 20
    # A 1 and B 1 are two pairs with two names: each session line is its own pair's, at its overall place.
    expected = [(report.name_of(total).split(" – ")[0], int(total.place.split("-")[0])) for total in overall]
    assert [(players[0], figures["place"]) for players, figures in session.pairs] == expected
    assert {players[0][0] for players, _ in session.pairs} == {"A", "B"}


def test_federation_rows_carry_each_sections_players() -> None:
    event = two_sections()
    report = score_pairs(dataclasses.replace(event, roster=_registered(event)))
    rows = list(csv.reader(io.StringIO(federation.dumps(report))))[1:]
    assert len(rows) == 40  # 20 pairs, a row a player
    for total in (t for _title, totals in report.rankings() for t in totals):
        section, number = report.key(total)
        mine = [row for row in rows if row[5] == f"M-{section}{number}-1"]
        assert len(mine) == 1 and mine[0][7] == f"M-{section}{number}-2" and mine[0][10].rstrip("=") == \
            total.place.split("-")[0]


def test_usebio_round_trip_keeps_each_sections_players() -> None:
    event = two_sections()
    report = score_pairs(dataclasses.replace(event, roster=_registered(event)))
    back = usebio.loads(usebio.dumps(report)).event
    assert back.sections == ("A", "B")
    assert {key: tuple(p.membership for p in players) for key, players in back.roster.pairs.items()} == \
        {(p.section, p.number): (f"M-{p.section}{p.number}-1", f"M-{p.section}{p.number}-2") for p in event.pairs}
