"""formats.usebio: the USEBIO 1.2 document of a pairs event or team match, checked with an
XML walk of our own (not the exporter's code), and read back (the round trip)."""

from __future__ import annotations

import dataclasses
import io
import xml.etree.ElementTree as ET

import pytest

from tests.varied import varied_event
from xlbridge.event import sample
from xlbridge.event import scored as report
from xlbridge.formats import usebio
from xlbridge.formats.results import ResultsFileError


def text_of(element: ET.Element, name: str) -> str | None:
    found = element.find(name)
    return None if found is None else (found.text or "")


@pytest.mark.parametrize(("options", "event_type", "method", "points"), [
    ({}, "MP_PAIRS", "MATCH_POINTS", "MATCH_POINTS"),
    ({"scoring": "Cross-IMPs"}, "CROSS_IMPS", "CROSS_IMPS", "CROSS_IMP_POINTS"),
    ({"scoring": "Butler", "fields": 2}, "BUTLER_PAIRS", "BUTLER_IMPS", "BUTLER_POINTS"),
])
def test_the_document_has_the_usebio_structure_and_the_engines_figures(options, event_type, method, points):
    event = varied_event(**options)
    scored = report.score_pairs(event)
    text = usebio.dumps(scored)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">')
    root = ET.fromstring(text)
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    assert [child.tag for child in root] == ["CLUB", "EVENT"]
    element = root.find("EVENT")
    assert element.get("EVENT_TYPE") == event_type
    assert text_of(element, "BOARD_SCORING_METHOD") == method
    assert text_of(element, "DATE") == "26/11/2024" and text_of(element, "EVENT_DESCRIPTION") == "Tuesday Pairs"
    two = options.get("fields") == 2
    assert text_of(element, "WINNER_TYPE") == ("2" if two else "1")

    pairs = element.find("PARTICIPANTS").findall("PAIR")
    assert len(pairs) == len(scored.scored.pairs)
    for pair in pairs:
        number = int(text_of(pair, "PAIR_NUMBER"))
        total = scored.scored.pairs[number]
        place = text_of(pair, "PLACE")
        assert place == (total.place.split("-")[0] + "=" if "-" in total.place else total.place)
        assert (text_of(pair, "DIRECTION") == str(total.field)) if two else pair.find("DIRECTION") is None
        names = [text_of(player, "PLAYER_NAME") for player in pair.findall("PLAYER")]
        assert " – ".join(names) == scored.names[number]
        if scored.imps:
            assert float(text_of(pair, "TOTAL_SCORE")) == pytest.approx(total.imps, abs=0.0051)
            assert pair.find("PERCENTAGE") is None
        else:
            assert float(text_of(pair, "PERCENTAGE")) == pytest.approx(total.percent, abs=0.0051)
            assert float(text_of(pair, "TOTAL_SCORE")) == pytest.approx(total.mp, abs=0.0051)

    lines = [(int(text_of(board, "BOARD_NUMBER")), line) for board in element.findall("BOARD")
             for line in board.findall("TRAVELLER_LINE")]
    assert len(lines) == len(event.results)
    expected = sorted(zip(event.results, scored.scored.rows, strict=True), key=lambda pair: pair[0].board)
    for (board, line), (result, row) in zip(lines, expected, strict=True):
        assert board == result.board
        assert text_of(line, "NS_PAIR_NUMBER") == (None if result.ns is None else str(result.ns))
        assert text_of(line, "EW_PAIR_NUMBER") == str(result.ew)
        play = result.play
        if play.contract == "A60/40":
            assert text_of(line, "SCORE") == "A6040" and line.find("CONTRACT") is None
        elif play.contract == "NP":
            assert text_of(line, "SCORE") == "NP" and line.find(f"NS_{points}") is None
            continue
        elif play.passed_out:
            assert text_of(line, "CONTRACT") == "PASS" and text_of(line, "SCORE") == "0"
        else:
            assert text_of(line, "PLAYED_BY") == play.declarer and text_of(line, "TRICKS") == str(play.tricks)
            assert int(text_of(line, "SCORE")) == row.score
        assert float(text_of(line, f"NS_{points}")) == pytest.approx(row.ns, abs=0.0051)
        assert float(text_of(line, f"EW_{points}")) == pytest.approx(row.ew, abs=0.0051)


@pytest.mark.parametrize("options", [{}, {"scoring": "Cross-IMPs"}, {"scoring": "Butler", "fields": 2}])
def test_the_round_trip_gives_the_same_figures(options):
    scored = report.score_pairs(varied_event(**options))
    imported = usebio.loads(usebio.dumps(scored))
    again = report.score_pairs(imported.event)
    assert again.scored.pairs == scored.scored.pairs

    def rows(scoring: report.PairsReport) -> dict[tuple[object, ...], object]:
        return {(r.board, r.ns, r.ew): row for r, row in zip(scoring.event.results, scoring.scored.rows, strict=True)}

    assert rows(again) == rows(scored)
    assert {p.number: p.names for p in imported.event.pairs} == scored.names
    assert imported.event.name == "Tuesday Pairs" and imported.event.date == "2024-11-26"


def test_a_team_match_has_both_teams_and_both_rooms():
    match = report.score_teams(sample.team_match())
    root = ET.fromstring(usebio.dumps(match))
    element = root.find("EVENT")
    assert element.get("EVENT_TYPE") == "TEAMS"
    teams = {text_of(team, "TEAM_NAME"): team for team in element.find("PARTICIPANTS").findall("TEAM")}
    assert set(teams) == {"Kallio Bridge Club", "Espoo Aces"}
    assert int(text_of(teams["Kallio Bridge Club"], "IMPS")) == match.imps_home
    assert float(text_of(teams["Espoo Aces"], "TOTAL_SCORE")) == pytest.approx(match.vp_away, abs=0.0051)
    boards = element.findall("BOARD")
    assert len(boards) == 24
    for board, scored in zip(boards, match.boards, strict=True):
        rooms = board.findall("TRAVELLER_LINE")
        assert [text_of(room, "ROOM") for room in rooms] == ["OPEN", "CLOSED"]
        assert [int(text_of(room, "SCORE")) for room in rooms] == [scored.open_score, scored.closed_score]
        assert int(text_of(board, "IMPS")) == scored.imps
    assert usebio.loads(usebio.dumps(match)).event == match.match  # read back whole (tests/test_import_teams.py)


def test_text_is_escaped_and_read_back():
    event = sample.pairs_event()
    pairs = list(event.pairs)
    pairs[0] = dataclasses.replace(pairs[0], names="<b>Ann</b> & Co – Bo \"B\" Dahl")
    event = dataclasses.replace(event, pairs=tuple(pairs), name="Pairs <night> & more")
    text = usebio.dumps(report.score_pairs(event))
    assert "<b>" not in text and "&lt;b&gt;Ann&lt;/b&gt; &amp; Co" in text
    imported = usebio.loads(text)
    assert imported.event.pairs[0].names == pairs[0].names and imported.event.name == "Pairs <night> & more"


def test_entities_and_bad_xml_are_refused():
    bomb = ('<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
            "<USEBIO><EVENT>&b;</EVENT></USEBIO>")
    with pytest.raises(ResultsFileError, match="entities"):
        usebio.loads(bomb)
    with pytest.raises(ResultsFileError, match="line 3: not well-formed"):
        usebio.loads("<USEBIO>\n<EVENT>\n</USEBIO>")
    with pytest.raises(ResultsFileError, match="USEBIO file is <USEBIO>"):
        usebio.loads("<html/>")


def test_deep_nesting_is_no_crash():
    depth = 100_000
    text = "<USEBIO><EVENT>" + "<X>" * depth + "</X>" * depth + "</EVENT></USEBIO>"
    with pytest.raises(ResultsFileError, match="no traveller lines"):
        usebio.loads(text)


def test_dump_writes_what_dumps_returns():
    scored = report.score_pairs(sample.pairs_event())
    handle = io.StringIO()
    usebio.dump(scored, handle)
    assert handle.getvalue() == usebio.dumps(scored)
