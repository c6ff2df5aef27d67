"""The templates in a real spreadsheet engine: headless LibreOffice recalculates them
after random results were written into their named inputs, and every named output
must equal what the engine computes; then LibreOffice prints them to PDF.

Everything is batched into two soffice runs (recalculate, print) per test session.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from tests.test_workbooks_fill import (
    TRICKY_NAMES,
    Scenario,
    pairs_scenario,
    teams_scenario,
    traveller_scenario,
)
from xlbridge import workbooks as W
from xlbridge.workbooks.i18n import date_text

pytestmark = lo.needs_soffice

SCENARIOS = [
    traveller_scenario(1),
    traveller_scenario(2, scale=1, mess=True),
    traveller_scenario(3, board=""),  # results typed before the board number
    pairs_scenario(11),
    pairs_scenario(12, tables=7, boards=27, scale=1, mess=True),
    pairs_scenario(13, full=True),  # the whole 30 tables x 36 boards
    # Real sessions (issue 9): adjusted scores, NP, NT written N, pairs from outside the
    # event, Neuberg, the session rule, two fields, cross-IMPs and Butler.
    traveller_scenario(4, mess=True, adjusted=True),
    traveller_scenario(8, scale=1, adjusted=True),
    pairs_scenario(31, adjusted=0.08),
    pairs_scenario(32, tables=7, boards=27, scale=1, mess=True, adjusted=0.1),
    pairs_scenario(33, adjusted=0.08, scoring="Cross-IMPs"),
    pairs_scenario(34, adjusted=0.08, scoring="Cross-IMPs", crossimps="total", neuberg=False),
    pairs_scenario(35, adjusted=0.08, scoring="Butler", fields=2),
    pairs_scenario(36, adjusted=0.1, fields=2, session_rule=False, expected=12),
    pairs_scenario(37, adjusted=0.06, neuberg=False, missing=0.15),
    # Split scores (one side given a percentage, the other its table result) and every
    # spelling of an adjusted score (issue 18).
    traveller_scenario(9, mess=True, adjusted=True, split=True),
    # ... and procedural penalties in the pair list (Law 90), in matchpoints or IMPs.
    pairs_scenario(38, adjusted=0.08, split=0.08, penalties={3: 4, 33: 1.5}),
    pairs_scenario(39, adjusted=0.08, split=0.08, scoring="Butler", mess=True, penalties={5: 3}),
    pairs_scenario(40, adjusted=0.08, split=0.08, scoring="Cross-IMPs", fields=2, penalties={2: 0.5, 32: -1}),
    # ... and weighted scores (Law 12C1(c)): with bad ones, in IMPs, two fields, no Neuberg.
    pairs_scenario(41, adjusted=0.06, split=0.05, weighted=0.12, mess=True),
    pairs_scenario(42, adjusted=0.06, weighted=0.1, scoring="Cross-IMPs"),
    pairs_scenario(43, adjusted=0.06, weighted=0.1, scoring="Butler", fields=2),
    pairs_scenario(44, weighted=0.1, neuberg=False, scale=1, missing=0.2),
    # ... and the conventions other programs score by, as Setup choices (import reproduces their files).
    pairs_scenario(45, adjusted=0.06, weighted=0.05, missing=0.15, missing_as_ties=True, round_mp="0.1"),
    pairs_scenario(46, adjusted=0.1, split=0.05, scoring="Cross-IMPs", crossimps="total",
                   adjusted_per_comparison=1.5, scale_to_boards=26, penalties={4: 2}),
    pairs_scenario(47, adjusted=0.08, scoring="Cross-IMPs", adjusted_per_comparison=1.5, scale=1, missing=0.2),
    pairs_scenario(48, adjusted=0.06, scoring="Butler", scale_to_boards=24, fields=2, missing=0.2),
    pairs_scenario(49, adjusted=0.06, scale_to_boards=25, round_mp="0.01", neuberg=False, penalties={3: 1.5}),
    # Boards numbered past 99, as a championship's later sessions number theirs (67-105).
    pairs_scenario(50, tables=4, boards=105, missing=0.6, adjusted=0.05),
    teams_scenario(21),
    teams_scenario(22, boards=16, mess=True),
    teams_scenario(23, boards=5),
    teams_scenario(24, empty=True),
]


# Filled after a round trip through the file, not straight after generation.
REOPENED = {"traveller-1", "pairs-11", "teams-21"}


@pytest.fixture(scope="module")
def calculated(tmp_path_factory) -> dict[str, lo.Values]:
    """Every scenario (and every blank template, in both languages) recalculated."""
    folder = tmp_path_factory.mktemp("filled")
    paths = []
    for scenario in SCENARIOS:
        target = folder / f"{scenario.label}.xlsx"
        if scenario.label in REOPENED:  # as a script fills a shipped template
            W.save(W.build(scenario.template), target)
            book = openpyxl.load_workbook(target)
            for name, values in scenario.inputs.items():
                W.write_named(book, name, values)
            paths.append(W.save(book, target, force=True))
        else:
            paths.append(W.save(scenario.build(), target))
    for name in W.TEMPLATES:
        for lang in W.LANGUAGES:
            paths.append(W.save(W.build(name, lang=lang), folder / f"blank-{name}-{lang}.xlsx"))
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("calculated"))
    return {out.stem: lo.Values(out) for out in outputs}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.label)
def test_every_named_output_equals_the_engine(calculated, scenario: Scenario):
    book = calculated[scenario.label]
    for name, expected in scenario.expected.items():
        assert len(book.read(name)) >= len(expected), name
        wrong = book.mismatches(name, expected)
        assert not wrong, f"{name}: (row, sheet, engine) {wrong[:5]}"


def test_no_formula_shows_an_error_value(calculated):
    errors = [(label, *error) for label, book in calculated.items() for error in book.errors()]
    assert not errors, errors[:10]


@pytest.mark.parametrize("name", W.TEMPLATES)
@pytest.mark.parametrize("lang", W.LANGUAGES)
def test_a_blank_template_shows_blank_results(calculated, name, lang):
    book = calculated[f"blank-{name}-{lang}"]
    outputs = {"traveller": ("ScoreNS", "MPNS", "Check", "Top", "Dealer"),
               "pairs": ("ScoreNS", "MPNS", "IMPsNS", "Check", "RankPlace", "PairPercent", "PairIMPs",
                         "RankIMPs", "PairField", "HandicapPlace", "HandicapPercent"),
               "individual": ("ScoreNS", "MPNS", "MPEW", "BoardTop", "Check", "PlayerMP", "PlayerPercent",
                              "PlayerPlace"),
               "teams": ("OpenScore", "BoardIMPs", "Check", "TotalIMPs", "VPHome"),
               "teams-event": ("OpenScore", "BoardIMPs", "Check", "TeamVP", "TeamPlace", "DrawHomeIMPs",
                               "DrawVPHome", "DrawVPAway", "StandTeam", "StandVP"),
               "swiss-pairs": ("TableScore", "BoardDatum", "IMPsNS", "IMPsEW", "Check", "PairVP", "PairPlace",
                               "DrawHomeIMPs", "DrawVPHome", "DrawVPAway", "StandTeam", "StandVP"),
               "rubber": ("AboveNS", "BelowNS", "AboveEW", "BelowEW", "Check"),
               "chicago": ("ScoreNS", "IMPsNS", "Check"),
               "pivot": ("PlayerNet", "PlayerPlace", "RoundCheck"),
               "players": ("PlayerCheck",),
               "season": ("SessionPoints", "SeasonSessions", "SeasonAttendance", "SeasonAverage", "SeasonPoints",
                          "SeasonPlace", "SeasonTotal", "SeasonHandicap")}[name]
    for output in outputs:
        assert set(book.read(output)) == {None}, output
    if name == "teams":  # boards are pre-numbered, so dealer and vulnerability show
        sheet = next(iter(book.sheets.values()))
        assert [sheet.get((r, 2)) for r in range(11, 15)] == ["N", "E", "S", "W"]


def test_names_typed_as_formulas_stay_text(calculated):
    pairs = calculated["pairs-11"]
    assert set(TRICKY_NAMES) <= set(pairs.read("PairName"))
    assert set(TRICKY_NAMES) <= set(pairs.read("RankName"))
    teams = calculated["teams-21"]
    assert teams.read("HomeTeam") == [TRICKY_NAMES[0]]
    assert teams.read("AwayTeam") == ["+358 Bridge Club"]


def test_finnish_flags_and_labels_compute(tmp_path):
    scenario = traveller_scenario(2, mess=True)
    book = W.build("traveller", lang="fi")
    for name, values in scenario.inputs.items():
        W.write_named(book, name, values)
    [out] = lo.recalc([W.save(book, tmp_path / "fi.xlsx")], tmp_path / "out")
    flags = lo.Values(out).read("Check")
    assert flags[3:8] == ["sopimus?", "pelinviejä?", "tikit?", "pari?", "kahdesti?"]


# --- printing ----------------------------------------------------------------------------

MARGIN = 36.0  # points: the half inch each side the templates leave
PAPER = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}
EVENT = "Tuesday Pairs & Teams"
PRINTED = [
    ("traveller", "en", "A4"),
    ("pairs", "en", "A4"),
    ("teams", "en", "A4"),
    ("traveller", "en", "Letter"),
    ("pairs", "en", "Letter"),
    ("teams", "en", "Letter"),
    ("pairs", "fi", "A4"),
]


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[tuple[str, str, str], list[lo.Page]]:
    """Each printed case, filled with results, as LibreOffice prints it."""
    folder = tmp_path_factory.mktemp("to_print")
    fills = {"traveller": traveller_scenario(5), "pairs": pairs_scenario(6),
             "teams": teams_scenario(7)}
    paths = []
    for name, lang, paper in PRINTED:
        book = W.build(name, lang=lang, paper=paper, event=EVENT,
                       date=datetime.date(2025, 3, 14))
        for input_name, values in fills[name].inputs.items():
            W.write_named(book, input_name, values)
        paths.append(W.save(book, folder / f"{name}-{lang}-{paper}.xlsx"))
    pdfs = lo.to_pdf(paths, tmp_path_factory.mktemp("pdf"))
    for pdf in pdfs:
        assert lo.pdf_pages(pdf) >= 1
    return {case: lo.pdf_words(pdf) for case, pdf in zip(PRINTED, pdfs, strict=True)}


def hands_page(page: lo.Page) -> bool:
    """A page of the Hands sheet (its headings repeat on each, in English or Finnish)."""
    return "Par contract" in page.text or "Par-sitoumus" in page.text


def boards_page(page: lo.Page) -> bool:
    """A page of a teams book's Boards sheet (each board under its hand, in English)."""
    return "Dealer:" in page.text


@pytest.mark.parametrize("case", PRINTED, ids="-".join)
def test_pages_are_the_paper_size_with_header_and_footer(printed, case):
    pages = printed[case]
    footer = "Sivu {} / {}" if case[1] == "fi" else "Page {} of {}"
    for page in pages:
        if hands_page(page):  # the Hands sheet, 20 tricks a board wide, prints landscape
            width, height = PAPER[case[2]][::-1]
        else:
            width, height = PAPER[case[2]]
        assert (page.width, page.height) == pytest.approx((width, height), abs=1)
        assert EVENT in page.text  # the header: the event's name
        assert date_text(datetime.date(2025, 3, 14), case[1]) in page.text  # its date, as the sheets write it
        assert footer.format(page.number, len(pages)) in page.text


@pytest.mark.parametrize("case", PRINTED, ids="-".join)
def test_nothing_is_cut_off_at_the_edges(printed, case):
    for page in printed[case]:
        assert page.words, f"page {page.number} is empty"
        left = min(w.x_min for w in page.words)
        right = max(w.x_max for w in page.words)
        assert left >= MARGIN - 2, (page.number, left)
        assert right <= page.width - MARGIN + 2, (page.number, right, page.width)


@pytest.mark.parametrize("paper", PAPER)
def test_a_traveller_and_a_match_print_on_one_and_two_pages(printed, paper):
    traveller = printed[("traveller", "en", paper)]
    assert len(traveller) == 1
    assert "Check" in traveller[0].text and "30" in traveller[0].text.split()
    teams = [page for page in printed[("teams", "en", paper)] if not hands_page(page) and not boards_page(page)]
    assert len(teams) == 2
    boards = [page for page in printed[("teams", "en", paper)] if boards_page(page)]
    per_page = 3 if paper == "A4" else 2  # whole boards to a page, each under its (blank) hand
    assert len(boards) == -(-64 // per_page)
    assert [len(re.findall(r"\bBoard \d+\b", page.text)) for page in boards[:-1]] == [per_page] * (len(boards) - 1)
    for page in teams:  # the column headings repeat
        assert "Open room" in page.text and "Closed room" in page.text
    assert "64" in teams[1].text.split()


@pytest.mark.parametrize(("lang", "paper"), [("en", "A4"), ("en", "Letter"), ("fi", "A4")])
def test_pairs_prints_setup_results_ranking_then_one_traveller_a_page(printed, lang, paper):
    pages = printed[("pairs", lang, paper)]
    fi = lang == "fi"
    markers = [  # (sheet, a text only its pages have)
        ("setup", "Parinumerot ovat" if fi else "Pair numbers are unique"),
        ("results", "Rivi jakoa ja pöytää" if fi else "One row per board and table"),
        ("ranking", "% = MP-pisteet" if fi else "% = matchpoints /"),
        ("hands", "Par-sitoumus" if fi else "Par contract"),
        ("travellers", "Jako " if fi else "Board "),
    ]
    sheets = []
    for page in pages:
        found = [sheet for sheet, marker in markers if marker in page.text]
        assert found, f"page {page.number}: no sheet recognised"
        sheets.append(found[0])
    order = [s for i, s in enumerate(sheets) if i == 0 or sheets[i - 1] != s]
    assert order == ["setup", "results", "ranking", "travellers", "hands"]
    assert sheets.count("setup") <= 2
    assert sheets.count("ranking") == 1
    travellers = [p for p, s in zip(pages, sheets, strict=True) if s == "travellers"]
    assert len(travellers) == 36
    heading = re.compile(r"\b(?:Jako|Board) (\d+)\b")
    for board, page in enumerate(travellers, start=1):
        assert [int(b) for b in heading.findall(page.text)] == [board]
    # The results' headings repeat on every page, the rightmost column included.
    for page, sheet in zip(pages, sheets, strict=True):
        if sheet == "results":
            assert ("Tarkista" if fi else "Check") in page.text


def test_pages_render_to_png(tmp_path):
    [pdf] = lo.to_pdf([W.save(W.build("traveller"), tmp_path / "t.xlsx")], tmp_path / "pdf")
    [png] = lo.to_png(pdf, tmp_path / "png", dpi=30)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_recalc_judges_by_output_file(tmp_path):
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a workbook")
    with pytest.raises(lo.LibreOfficeError):
        lo.recalc([broken], tmp_path / "out", timeout=120)
    assert not Path(tmp_path / "out" / "broken.xlsx").exists()
