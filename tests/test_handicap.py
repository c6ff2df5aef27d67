"""Handicaps (docs/rules.md §17, issue 21 part 3): the EBU's NGS method and the club
method worked by hand, a pair's handicap from its players', the handicapped ranking in the
engine and the report, and the pair list's ``PairHandicap`` read by ``check``."""

from __future__ import annotations

import dataclasses
import shutil

import pytest
from openpyxl import load_workbook

from xlbridge import kinds
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError
from xlbridge.engine.handicap import (
    HandicapRule,
    club_handicap,
    club_handicaps,
    handicapped,
    ngs_handicap,
    pair_handicap,
)
from xlbridge.event import sample, score_pairs

# --- the EBU's NGS method (EBUScore's "Handicaps" page) -----------------------------------

@pytest.mark.parametrize(("grade", "card", "expected"), [
    (67.0, "Ace of Spades", -6), (61.0, "Ace of Clubs", -6), (60.0, "King", -5), (58.0, "Queen", -4),
    (56.0, "Jack", -3), (54.0, "Ten", -2), (52.0, "Nine", -1), (50.0, "Eight", 0), (48.0, "Seven", 1),
    (46.0, "Six", 2), (44.0, "Five", 3), (42.0, "Four", 4), (40.0, "Three", 5), (35.0, "Two", 6)])
def test_each_ngs_card_band_has_its_handicap(grade, card, expected):
    # The bands are 2 points wide with Eight 49-51 (EBU); EBUScore gives Ace -6, King -5 ...
    # Eight 0 ... under 39% +6.
    assert ngs_handicap(grade) == expected, card


def test_ebuscore_example_two_sixty_percent_players():
    # "Two 60% players (each with a handicap of -5) in partnership will be given an overall
    # adjustment of -10% (the sum ...)" at 100%, and "-5% (the average ...)" at 50%.
    each = ngs_handicap(60.0)
    assert each == -5
    assert pair_handicap(each, each, "sum") == -10.0
    assert pair_handicap(each, each, "average") == -5.0


def test_a_club_using_ngs_handicaps_sums_them():
    # Chichester's NGS handicap competition (sum of the two): two Aces take 12% off; an NGS
    # Two and an NGS Three add 11%.
    assert pair_handicap(ngs_handicap(62.0), ngs_handicap(63.5)) == -12.0
    assert pair_handicap(ngs_handicap(37.0), ngs_handicap(39.5)) == 11.0


@pytest.mark.parametrize("grade", [-1, 101, "55", None, True])
def test_a_grade_that_is_not_a_percentage_is_named(grade):
    with pytest.raises(BridgeInputError, match="NGS grade"):
        ngs_handicap(grade)


# --- the club method: 50 less the average of the last N, times a factor, capped ----------

def test_the_club_method_by_hand():
    # Queenstown's example: an average of 48% gives +2.
    assert club_handicap([48.0]) == 2.0
    # Perth's: 55.2% gives -5.2, 48.1% gives +1.9, the pair (-5.2 + 1.9) / 2 = -1.65.
    assert (club_handicap([55.2]), club_handicap([48.1])) == (-5.2, 1.9)
    assert pair_handicap(club_handicap([55.2]), club_handicap([48.1]), "average") == -1.65
    # The last N only: 30, then ten sessions of 55: the 30 has dropped out at N = 10.
    assert club_handicap([30.0] + [55.0] * 10) == -5.0
    assert club_handicap([30.0] + [55.0] * 9) == pytest.approx(50 - (30 + 9 * 55) / 10)
    # A factor halves it; the cap holds it.
    assert club_handicap([40.0, 44.0], HandicapRule(factor=0.5)) == 4.0
    assert club_handicap([20.0], HandicapRule(cap=8)) == 8.0 and club_handicap([90.0], HandicapRule(cap=8)) == -8.0


def test_the_club_method_updates_after_each_session():
    rule = HandicapRule(last=3)
    history = [(1, 60.0), (2, 45.0), (1, 50.0), (1, 40.0), (2, 55.0), (1, 42.0)]
    after = [club_handicaps(history[:n], rule) for n in range(1, len(history) + 1)]
    # Player 1: 60 (-10), 60 and 50 (-5), the three 60, 50, 40 (0), then 50, 40, 42: 44 (+6).
    assert [a.get(1) for a in after] == [-10.0, -10.0, -5.0, 0.0, 0.0, 6.0]
    assert after[-1][2] == 0.0  # (45 + 55) / 2


@pytest.mark.parametrize(("rule", "words"), [(dict(last=0), "handicap sessions"), (dict(factor=-1), "factor"),
                                             (dict(cap=60), "cap")])
def test_bad_club_parameters_are_named(rule, words):
    with pytest.raises(BridgeInputError, match=words):
        HandicapRule(**rule)


# --- the handicapped ranking --------------------------------------------------------------

def test_ties_share_places_and_a_pair_without_a_handicap_has_none():
    lines = [(1, 60.0, None), (2, 48.0, None), (3, 50.0, None), (4, 70.0, None)]
    ranking = handicapped(lines, {1: -10.0, 2: 2.0, 4: -12.5})
    assert [(h.pair, h.place, h.percent) for h in ranking] == [
        (4, "1", 57.5), (1, "2-4", 50.0), (2, "2-4", 50.0), (3, "2-4", 50.0)]


def _handicapped_event(**options):
    event = sample.pairs_event(tables=5, boards_per_round=3)
    given = {3: 5.0, 10: 2.5, 7: -3.0}
    pairs = tuple(dataclasses.replace(p, handicap=given.get(p.number)) for p in event.pairs)
    return dataclasses.replace(event, pairs=pairs, options={**event.options, **options})


def test_the_report_carries_the_engine_handicapped_ranking():
    event = _handicapped_event()
    report = score_pairs(event)
    scratch = {t.pair: t.percent for t in report.scored.pairs.values()}
    assert len(report.handicapped) == len(scratch)
    for line in report.handicapped:
        assert line.scratch == scratch[line.pair]
        assert line.percent == pytest.approx(scratch[line.pair] + {3: 5.0, 10: 2.5, 7: -3.0}.get(line.pair, 0))
    percents = [h.percent for h in report.handicapped]
    assert percents == sorted(percents, reverse=True)
    # No handicap, or IMP scoring: no handicapped ranking.
    assert score_pairs(sample.pairs_event(tables=5, boards_per_round=3)).handicapped == ()
    assert score_pairs(_handicapped_event(scoring="Butler")).handicapped == ()
    # Two fields: each ranked within itself.
    two = score_pairs(_handicapped_event(fields=2)).handicap_rankings()
    assert [title for title, _ in two] == ["North-South", "East-West"]
    assert all(lines[0].place == "1" for _, lines in two)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club")
    assert main(["demo", "--out", str(folder)]) == 0
    return folder / "sample-pairs.xlsx"


@pytest.fixture
def book(demo, tmp_path):
    copy = tmp_path / "sample-pairs.xlsx"
    shutil.copy(demo, copy)
    return copy


def _set_handicap(path, pair: int, value: object, number_format: str = "General") -> None:
    workbook = load_workbook(path)
    sheet = workbook["Setup"]
    row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == pair and sheet.cell(r, 2).value)
    cell = sheet.cell(row, 19)  # column S, PairHandicap
    cell.value, cell.number_format = value, number_format
    workbook.save(path)


def test_check_reads_pair_handicap_and_report_prints_both_rankings(book, capsys):
    pair = kinds.check(kinds.read(book)).event.pairs[0].number
    _set_handicap(book, pair, 4.5)
    checked = kinds.check(kinds.read(book))
    assert checked.clean and checked.event.pairs[0].handicap == 4.5
    report = kinds.PAIRS.score(checked.event)
    line = next(h for h in report.handicapped if h.pair == pair)
    assert line.percent == pytest.approx(report.scored.pairs[pair].percent + 4.5)
    capsys.readouterr()
    assert main(["report", str(book)]) == 0
    out = capsys.readouterr().out
    assert "Handicapped" in out and f"{line.percent:.2f}" in out


@pytest.mark.parametrize(("value", "number_format", "words"), [
    (0.05, "0%", "typed as a percentage: type the percentage points"),
    (75, "General", "handicap 75: must be a number from -50 to 50"),
    ("lots", "General", 'handicap "lots"')])
def test_a_bad_handicap_is_named_at_its_cell(book, value, number_format, words):
    pair = kinds.check(kinds.read(book)).event.pairs[0].number
    _set_handicap(book, pair, value, number_format)
    messages = [str(p) for p in kinds.check(kinds.read(book)).problems]
    assert any(words in m for m in messages), messages


def test_the_web_page_shows_the_handicapped_ranking_beside_the_scratch_one(book, tmp_path):
    pairs = [p.number for p in kinds.check(kinds.read(book)).event.pairs[:2]]
    _set_handicap(book, pairs[0], -2.5)
    _set_handicap(book, pairs[1], 7)
    report = kinds.PAIRS.score(kinds.check(kinds.read(book)).event)
    assert main(["export", str(book), "--html", str(tmp_path / "page.html")]) == 0
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    scratch, handicapped = page.index("<h2>Ranking</h2>"), page.index("<h2>Handicapped</h2>")
    assert scratch < handicapped < page.index("<h2>Travellers</h2>")
    block = page[handicapped:page.index("<h2>Travellers</h2>")]
    for line in report.handicapped:  # every pair, its handicap and its sum as the engine has them
        assert f"{line.percent:.2f}" in block and f"{line.handicap:.2f}" in block
    assert "-2.50" in block and "7.00" in block


# --- the season's handicaps and season handicaps ------------------------------------------

def _season_with_sessions(tmp_path, count: int = 4):
    from xlbridge import files
    from xlbridge.kinds import PAIRS

    paths = []
    for seed in range(count):
        event = dataclasses.replace(sample.pairs_event(seed=200 + seed, tables=(5, 7)[seed % 2]),
                                    date=f"2025-03-{10 + seed:02d}", name="Club night")
        path = tmp_path / f"night-{seed}.xlsx"
        files.save(PAIRS.fill(event, fit=True), path)
        paths.append(path)
    season = tmp_path / "season.xlsx"
    assert main(["workbooks", "season", "--out", str(tmp_path)]) == 0
    assert main(["season", "add", str(season), *map(str, paths)]) == 0
    return season, paths


def test_the_season_computes_each_player_handicap_by_the_club_method(tmp_path):
    season, _ = _season_with_sessions(tmp_path)
    report = kinds.SEASON.score(kinds.check(kinds.read(season)).event)
    assert report.handicaps
    for number, value in report.handicaps.items():
        scores = [line.score for line in report.season.lines if line.number == number]
        assert value == club_handicap(scores), number  # the last 10, factor 1, cap 10: Setup's defaults
        assert value == pytest.approx(max(-10, min(10, 50 - sum(scores[-10:]) / len(scores[-10:]))), abs=0.0051)


def test_season_handicaps_fills_the_event_and_refuses_to_replace_without_force(tmp_path, capsys):
    season, paths = _season_with_sessions(tmp_path)
    event = paths[0]
    report = kinds.SEASON.score(kinds.check(kinds.read(season)).event)
    numbers = {name: number for number, name in report.season.players}
    capsys.readouterr()
    assert main(["season", "handicaps", str(season), str(event)]) == 0
    checked = kinds.check(kinds.read(event))
    assert checked.clean
    for pair in checked.event.pairs:
        first, second = (numbers[name] for name in pair.names.split(" – "))
        mean = (report.handicaps[first] + report.handicaps[second]) / 2
        assert pair.handicap == pair_handicap(report.handicaps[first], report.handicaps[second], "average"), pair
        assert abs(pair.handicap - mean) <= 0.0051 and abs(round(pair.handicap * 100) - pair.handicap * 100) < 1e-6
    handicapped = kinds.PAIRS.score(checked.event).handicapped
    assert len(handicapped) == len(checked.event.pairs)
    # Summed instead: different values, refused without --force, and the file left as it was.
    before = event.read_bytes()
    capsys.readouterr()
    assert main(["season", "handicaps", str(season), str(event), "--combine", "sum"]) == 2
    assert "has a handicap already" in capsys.readouterr().err and event.read_bytes() == before
    assert main(["season", "handicaps", str(season), str(event), "--combine", "sum", "--force"]) == 0
    summed = kinds.check(kinds.read(event)).event.pairs[0]
    first, second = (numbers[name] for name in summed.names.split(" – "))
    assert summed.handicap == pytest.approx(report.handicaps[first] + report.handicaps[second], abs=1e-9)


def test_season_handicaps_from_the_register(tmp_path, capsys):
    from xlbridge import workbooks as W

    _, paths = _season_with_sessions(tmp_path, 1)
    event = paths[0]
    pair = kinds.check(kinds.read(event)).event.pairs[0]
    first, second = pair.names.split(" – ")
    book = W.build("players")
    W.write_named(book, "PlayerNumber", [1, 2])
    W.write_named(book, "PlayerName", [first, second])
    W.write_named(book, "PlayerHandicap", [-6, 5])  # e.g. an NGS Ace and an NGS Three
    W.save(book, tmp_path / "players.xlsx")
    capsys.readouterr()
    assert main(["season", "handicaps", str(tmp_path / "players.xlsx"), str(event), "--combine", "sum"]) == 0
    out = capsys.readouterr().out
    pairs = {p.number: p for p in kinds.check(kinds.read(event)).event.pairs}
    assert pairs[pair.number].handicap == -1.0
    others = [p for p in pairs.values() if p.number != pair.number]
    assert all(p.handicap is None for p in others)  # nobody else is in the register
    assert f"{2 * len(others)} players not in players.xlsx count 0" in out


@pytest.mark.parametrize(("source", "words"), [("event", "handicaps come from a season"),
                                               ("season", "handicaps go into a pairs workbook")])
def test_season_handicaps_names_a_wrong_file(tmp_path, capsys, source, words):
    season, paths = _season_with_sessions(tmp_path, 1)
    files = {"event": (paths[0], paths[0]), "season": (season, season)}[source]
    capsys.readouterr()
    assert main(["season", "handicaps", str(files[0]), str(files[1])]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_printout_carries_the_handicapped_ranking():
    from xlbridge.formats.printout import pairs_printout

    report = score_pairs(_handicapped_event())
    sheet = pairs_printout(report).worksheets[0]
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    head = next(i for i, row in enumerate(cells) if row[0] == "Handicapped")
    body = [row for row in cells[head + 2:] if row[1] is not None][:len(report.handicapped)]
    assert [(row[0], row[1]) for row in body] == [(h.place, h.pair) for h in report.handicapped]
    assert [row[-1] for row in body] == [round(h.percent, 2) for h in report.handicapped]


def test_the_season_report_shows_each_player_handicap(tmp_path, capsys):
    season, _ = _season_with_sessions(tmp_path, 2)
    report = kinds.SEASON.score(kinds.check(kinds.read(season)).event)
    capsys.readouterr()
    assert main(["report", str(season)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split()[-1] == "Hcp"
    shown = {int(line.split()[1]): line.split()[-1] for line in lines[4:4 + len(report.standings)]}
    assert shown == {number: f"{value:.2f}" for number, value in report.handicaps.items()}


def test_check_notes_that_imp_scoring_has_no_handicapped_ranking(tmp_path):
    from xlbridge import files
    from xlbridge.kinds import PAIRS

    path = files.save(PAIRS.fill(_handicapped_event(scoring="Butler"), fit=True), tmp_path / "imps.xlsx")
    checked = kinds.check(kinds.read(path))
    assert checked.clean and any("IMP scoring has no handicapped ranking" in note for note in checked.notes)
    plain = files.save(PAIRS.fill(_handicapped_event(), fit=True), tmp_path / "mp.xlsx")
    assert not any("handicap" in note for note in kinds.check(kinds.read(plain)).notes)
