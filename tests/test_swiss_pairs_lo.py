"""swiss-pairs.xlsx recalculated by LibreOffice equals the engine: each table's datum and IMPs
on the field, each match's VPs on the Draw sheet, every pair's VPs and place and the standings'
order, for events run round by round through ``xlbridge draw`` under Butler and cross-IMPs
(with a bye, an unfinished last round, and short matches where VPs tie), and a 40-pair, 9-round
event of 8-board matches in cross-IMPs; a pair at two tables flagged; and the book prints:
Setup, Draw and Standings each on their pages, nothing cut."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from tests.test_swiss_pairs import engine_score, play
from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.cli import main

pytestmark = lo.needs_soffice

CASES = {  # name: pairs, rounds, boards, scoring, the last round's share left blank
    "butler9": (9, 4, 3, "butler", 0.0),
    "cross8": (8, 3, 2, "cross-imps", 0.0),
    "butler-begun": (10, 3, 4, "butler", 0.3),
    "short": (6, 3, 1, "butler", 0.0),  # one-board matches: VP ties, tie-breaks
}


def _through_draw(folder: Path, name: str, pairs: int, rounds: int, boards: int, scoring: str, skip: float) -> Path:
    assert main(["workbooks", "swiss-pairs", "--pairs", str(pairs), "--rounds", str(rounds), "--boards", str(boards),
                 "--scoring", scoring, "--out", str(folder / name)]) == 0
    path = (folder / name / "swiss-pairs.xlsx").rename(folder / name / f"{name}.xlsx")
    for number in range(1, rounds + 1):
        book = openpyxl.load_workbook(path)
        play(book, {number}, seed=17 * number + pairs, skip=skip if number == rounds else 0.0)
        W.save(book, path, force=True)
        if number < rounds:
            assert main(["draw", str(path)]) == 0
    return path


def _full(folder: Path, pairs: int, rounds: int, boards: int, scoring: str) -> Path:
    """Every round drawn at once (by the engine, from shuffled standings: no rematches) and played."""
    rng = random.Random(pairs)
    book = W.build("swiss-pairs", pairs=pairs, rounds=rounds, boards=boards, method=scoring)
    ns, ew = W.read_named(book, "MatchNS"), W.read_named(book, "MatchEW")
    played: list = []
    for number in range(1, rounds + 1):
        draw = E.swiss_draw(rng.sample(range(1, pairs + 1), pairs), played, round=number)
        played += draw
        first = (number - 1) * (pairs // 2) * boards
        for index, (a, b) in enumerate(draw):
            for k in range(boards):
                ns[first + index * boards + k], ew[first + index * boards + k] = a, b
    W.write_named(book, "MatchNS", ns)
    W.write_named(book, "MatchEW", ew)
    play(book, set(range(1, rounds + 1)), seed=pairs)
    return W.save(book, folder / "big.xlsx")


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("swiss-pairs")
    paths = [_through_draw(folder, name, *case) for name, case in CASES.items()]
    paths.append(_full(folder, 40, 9, 8, "cross-imps"))  # the largest a club runs: 2880 rows
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("swiss-pairs-calc"))
    return {name: (openpyxl.load_workbook(path), lo.Values(out), out)
            for name, path, out in zip([*CASES, "big"], paths, outputs, strict=True)}


@pytest.mark.parametrize("name", [*CASES, "big"])
def test_libreoffice_scores_the_event_as_the_engine(recalculated, name):
    book, values, _out = recalculated[name]
    assert not values.errors()
    scored = engine_score(book)
    # Each table's datum (Butler) and North-South's IMPs, row by row.
    keys = list(zip(*(W.read_named(book, n) for n in ("MatchRound", "MatchNS", "Board")), strict=True))
    by_row = {(b.round, b.ns, b.board): b for b in scored.boards}
    shown = list(zip(values.read("BoardDatum"), values.read("IMPsNS"), values.read("IMPsEW"), strict=True))
    for key, (datum, imps_ns, imps_ew) in zip(keys, shown, strict=True):
        board = by_row.get(key)
        if board is None:
            assert (imps_ns, imps_ew) == (None, None), key
            continue
        assert datum == board.datum, key  # None under cross-IMPs: blank
        assert imps_ns == pytest.approx(float(board.imps), abs=1e-9), key
        assert imps_ew == pytest.approx(-float(board.imps), abs=1e-9), key
    # Each match's VPs on the Draw sheet.
    matches = {(m.round, m.home, m.away): m for m in scored.matches}
    drawn = zip(*(values.read(n) for n in ("DrawRound", "DrawHome", "DrawAway", "DrawVPHome", "DrawVPAway")),
                strict=True)
    seen = 0
    for round_no, ns, ew, vp_ns, vp_ew in drawn:
        match = matches.get((round_no, ns, ew))
        if match is None or ew is None:
            continue
        seen += 1
        assert (vp_ns, vp_ew) == (match.vp_home, match.vp_away), (round_no, ns, ew)
    assert seen == len(matches)
    # Every pair's VPs and place, and the standings' order.
    expected = scored.standings()
    by_pair = {s.team: s for s in expected}
    for pair, vp, place in zip(values.read("PairNumber"), values.read("PairVP"), values.read("PairPlace"),
                               strict=True):
        assert vp == pytest.approx(by_pair[pair].vp, abs=1e-9), pair
        assert str(place) == by_pair[pair].place, pair
    assert values.read("StandTeam") == [s.team for s in expected]
    if name == "short":
        assert any(a.vp == b.vp for a, b in itertools.pairwise(expected))  # ties to break


def test_the_book_prints_its_sheets_whole(recalculated, tmp_path):
    _book, _values, out = recalculated["butler9"]
    [pdf] = lo.to_pdf([out], tmp_path / "pdf")
    pages = lo.pdf_words(pdf)
    texts = [" ".join(word.text for word in page.words) for page in pages]
    standings = [i for i, text in enumerate(texts) if "Ties on VPs" in text]
    assert len(standings) == 1  # the standings on one page
    assert "IMP quotient" in texts[standings[0]]
    assert any("Round 1, table 1" in text for text in texts)  # the scorecards


def test_the_sheet_flags_a_pair_at_two_tables_and_a_bye_pair_playing(tmp_path):
    book = W.build("swiss-pairs", pairs=9, rounds=3, boards=2)  # round 1: 1 v 2, 3 v 4, 5 v 6, 7 v 8, 9's bye
    play(book, {1}, seed=9)
    ns, ew = W.named_cells(book, "MatchNS"), W.named_cells(book, "MatchEW")
    ew[2].value = ew[3].value = 2  # table 2 typed as 3 v 2: pair 2 also at table 1
    ns[4].value = ns[5].value = 9  # table 3 typed as 9 v 6: pair 9 has round 1's bye
    [out] = lo.recalc([W.save(book, tmp_path / "clash.xlsx")], tmp_path / "calc")
    values = lo.Values(out)
    assert not values.errors()
    flags, imps = values.read("Check"), values.read("IMPsNS")
    assert flags[:8] == ["pair?"] * 6 + [None] * 2  # both tables of pair 2 and the bye pair's; 7 v 8 is good
    assert imps[:6] == [None] * 6 and None not in imps[6:8]  # flagged rows are out of the field
    assert imps[6:8] == [0, 0]  # 7 v 8 alone on the field: level with its own datum
