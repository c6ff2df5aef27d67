"""rubber.xlsx and chicago.xlsx in a real spreadsheet engine: LibreOffice recalculates
random legal (and some impossible) fills, and every named output must equal the engine;
then it prints them, blank and filled, in A4 and Letter.

Two soffice runs in all (recalculate, print).
"""

from __future__ import annotations

import datetime

import pytest

from tests import lo
from tests.test_workbooks_fill import Scenario
from tests.test_workbooks_home import chicago_expected, chicago_scenario, rubber_expected, rubber_scenario
from xlbridge import workbooks as W
from xlbridge.workbooks.i18n import Labels, date_text

pytestmark = lo.needs_soffice

SCENARIOS = [
    rubber_scenario(1),
    rubber_scenario(2, mess=True),
    rubber_scenario(3, finish=False),
    rubber_scenario(31, finish=False),  # unfinished: 300 for a game, 100 for a part score
    rubber_scenario(4),
    rubber_scenario(5, mess=True),
    rubber_scenario(6, long=True),
    chicago_scenario(11),
    chicago_scenario(12, variant="duplicate", mess=True),
    chicago_scenario(13, deals=10),
    chicago_scenario(14, variant="duplicate"),
]
HOME = ("rubber", "chicago")


def seed_examples() -> list[Scenario]:
    """docs/rules.md §9's rubber and section 4's compensation example."""
    rows = [("1NT", "E", 8, None), ("2C", "N", 9, None), ("2S", "W", 9, None), ("6S", "W", 12, None)]
    rubber = Scenario("rubber", "rubber-seed", {n: [r[c] for r in rows] for c, n in enumerate(
        ("Contract", "Declarer", "Tricks", "Honours"))}, rubber_expected(rows))
    assert rubber.expected["TotalNS"] == [60] and rubber.expected["TotalEW"] == [1790]
    deals = [("4S", "N", 12, 28, "major 10")]
    chicago = Scenario("chicago", "chicago-seed", {n: [r[c] for r in deals] for c, n in enumerate(
        ("Contract", "Declarer", "Tricks", "HCP", "Fit"))}, chicago_expected(deals, "standard"))
    assert chicago.expected["IMPsNS"] == [-4] and chicago.expected["ScoreNS"] == [480]
    return [rubber, chicago]


SCENARIOS += seed_examples()


@pytest.fixture(scope="module")
def calculated(tmp_path_factory) -> dict[str, lo.Values]:
    folder = tmp_path_factory.mktemp("home")
    paths = [W.save(s.build(), folder / f"{s.label}.xlsx") for s in SCENARIOS]
    for name in HOME:
        for lang in W.LANGUAGES:
            paths.append(W.save(W.build(name, lang=lang), folder / f"blank-{name}-{lang}.xlsx"))
    fi = rubber_scenario(2, mess=True)
    book = W.build("rubber", lang="fi")
    for name, values in fi.inputs.items():
        W.write_named(book, name, values)
    paths.append(W.save(book, folder / "rubber-fi.xlsx"))
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("home-calculated"))
    return {out.stem: lo.Values(out) for out in outputs}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.label)
def test_every_named_output_equals_the_engine(calculated, scenario):
    book = calculated[scenario.label]
    for name, expected in scenario.expected.items():
        assert len(book.read(name)) >= len(expected), name
        wrong = book.mismatches(name, expected)
        assert not wrong, f"{name}: (row, sheet, engine) {wrong[:5]}"


def test_no_formula_shows_an_error_value(calculated):
    errors = [(label, *error) for label, book in calculated.items() for error in book.errors()]
    assert not errors, errors[:10]


@pytest.mark.parametrize("name", HOME)
@pytest.mark.parametrize("lang", W.LANGUAGES)
def test_a_blank_sheet_shows_blank_results(calculated, name, lang):
    book = calculated[f"blank-{name}-{lang}"]
    outputs = {"rubber": ("AboveNS", "BelowEW", "DealVul", "Check", "TotalNS", "BonusEW",
                          "GamesNS"),
               "chicago": ("ScoreNS", "RunningNS", "IMPsNS", "Check", "TotalNS", "TotalIMPsNS")}
    for output in outputs[name]:
        assert set(book.read(output)) == {None}, output
    sheet = next(iter(book.sheets.values()))
    if name == "chicago":  # dealer and vulnerability are preprinted
        assert [sheet.get((r, 2)) for r in range(8, 13)] == ["N", "E", "S", "W", "N"]
        shown = Labels(lang).vulnerability  # in the sheet's language: Kaikki, Все ...
        assert [sheet.get((r, 3)) for r in range(8, 12)] == [shown(v) for v in ("None", "EW", "NS", "All")]
    else:  # a blank pad: nothing above or below the line
        assert not [v for (r, c), v in sheet.items() if c in (2, 3) and 7 <= r <= 38]


def test_the_pad_writes_each_side_above_and_below_the_line(calculated):
    """Seed 000's rubber is the check by eye; here every slot of the pad against the ledger."""
    from xlbridge import engine as E
    from xlbridge.workbooks import rubber

    for scenario in SCENARIOS:
        if scenario.template != "rubber":
            continue
        sheet = next(iter(calculated[scenario.label].sheets.values()))
        ns_above = [v for v in scenario.expected["AboveNS"] if v]
        ew_above = [v for v in scenario.expected["AboveEW"] if v]
        line = rubber.FIRST + rubber.ABOVE_SLOTS - 1
        for column, entries in ((2, ns_above), (3, ew_above)):
            shown = [sheet.get((line - k, column)) for k in range(rubber.ABOVE_SLOTS)]
            want = entries[:rubber.ABOVE_SLOTS - 1] + (
                [sum(entries[rubber.ABOVE_SLOTS - 1:])] if len(entries) >= rubber.ABOVE_SLOTS else [])
            assert [v for v in shown if v is not None] == want, (scenario.label, column)
        # Below the line: each game's trick scores, game by game.
        rows = [(c, d, t, h) for c, d, t, h in zip(*(scenario.inputs[n] for n in (
            "Contract", "Declarer", "Tricks", "Honours")), strict=True)]
        flagged = {i for i, f in enumerate(scenario.expected["Check"]) if f}
        ledger = E.rubber_ledger(*[[None if i in flagged else r[c] for i, r in enumerate(rows)]
                                   for c in range(4)])
        games: dict[int, tuple[list, list]] = {}
        game = 1
        for entry in ledger.lines:
            ns, ew = games.setdefault(game, ([], []))
            if entry.ns_below:
                ns.append(entry.ns_below)
            if entry.ew_below:
                ew.append(entry.ew_below)
            if entry.game is not None:
                game += 1
        for g in range(1, rubber.GAMES + 1):
            start = line + 1 + (g - 1) * rubber.GAME_SLOTS
            for column, side in ((2, 0), (3, 1)):
                shown = [sheet.get((start + j, column)) for j in range(rubber.GAME_SLOTS)]
                assert [v for v in shown if v is not None] == games.get(g, ([], []))[side], (
                    scenario.label, g, column)


def test_finnish_flags_compute(calculated):
    flags = [f for f in calculated["rubber-fi"].read("Check") if f]
    assert set(flags) == {"sopimus?", "pelinviejä?", "tikit?", "honöörit?", "robberi ohi"}


# --- printing ----------------------------------------------------------------------------

MARGIN = 36.0
PAPER = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}
EVENT = "Sunday at the Smiths & Co"
PRINTED = [(name, lang, paper, filled) for name in HOME
           for lang, paper, filled in (("en", "A4", True), ("en", "Letter", True),
                                       ("fi", "A4", True), ("en", "A4", False))]


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[tuple, list[lo.Page]]:
    folder = tmp_path_factory.mktemp("home-print")
    fills = {"rubber": rubber_scenario(4), "chicago": chicago_scenario(11)}
    paths = []
    for name, lang, paper, filled in PRINTED:
        book = W.build(name, lang=lang, paper=paper, event=EVENT, date=datetime.date(2025, 3, 14))
        if filled:
            for input_name, values in fills[name].inputs.items():
                W.write_named(book, input_name, values)
        paths.append(W.save(book, folder / f"{name}-{lang}-{paper}-{'filled' if filled else 'blank'}.xlsx"))
    pdfs = lo.to_pdf(paths, tmp_path_factory.mktemp("home-pdf"))
    return {case: lo.pdf_words(pdf) for case, pdf in zip(PRINTED, pdfs, strict=True)}


@pytest.mark.parametrize("case", PRINTED, ids=lambda c: "-".join(map(str, c)))
def test_one_page_of_the_paper_size_nothing_cut_off(printed, case):
    pages = printed[case]
    assert len(pages) == 1
    [page] = pages
    width, height = PAPER[case[2]]
    assert (page.width, page.height) == pytest.approx((width, height), abs=1)
    assert EVENT in page.text and date_text(datetime.date(2025, 3, 14), case[1]) in page.text
    assert ("Sivu 1 / 1" if case[1] == "fi" else "Page 1 of 1") in page.text
    assert min(w.x_min for w in page.words) >= MARGIN - 2
    assert max(w.x_max for w in page.words) <= page.width - MARGIN + 2
    fi = case[1] == "fi"
    if case[0] == "rubber":
        assert ("Me" if fi else "We") in page.text.split()
        assert ("Peli 3" if fi else "Game 3") in page.text
    else:
        assert "32" in page.text.split() and ("Tarkista" if fi else "Check") in page.text
