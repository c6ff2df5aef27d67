"""chicago.xlsx and pairs.xlsx in Finnish and Russian, filled in with the book's own words
for the cycle and the fits, and for the pairs Setup's options (and with another language's
words), recalculated in LibreOffice: every named output equals the engine's, as the English
books' do (test_workbooks_home_lo.py, test_workbooks_lo.py).

One soffice run.
"""

from __future__ import annotations

import pytest

from tests import lo
from tests.test_option_words import localized
from tests.test_option_words_pairs import WORDS, small
from tests.test_option_words_pairs import localized as localized_pairs
from tests.test_workbooks_home import chicago_scenario
from xlbridge import workbooks as W
from xlbridge.workbooks import chicago, pairs
from xlbridge.workbooks.chicago import CYCLE, FIT

pytestmark = lo.needs_soffice

CHICAGO = [
    *(localized(chicago_scenario(seed, variant=variant), lang) for lang in ("fi", "ru")
      for seed, variant in ((30, "standard"), (31, "duplicate"))),
    localized(chicago_scenario(32, variant="duplicate", mess=True), "fi"),
    localized(chicago_scenario(33, variant="duplicate", mess=True), "ru"),
    localized(chicago_scenario(34, variant="duplicate"), "fi", words="en"),  # the English code in a Finnish book
    localized(chicago_scenario(35, variant="duplicate"), "ru", words="fi"),
    localized(chicago_scenario(36, variant="duplicate"), "en", words="ru"),
]
# Every pairs option off its default somewhere: no Neuberg nor session rule, cross-IMPs summed,
# Butler in two fields; one in another language's words.
PAIRS = [
    localized_pairs(small(61, "raw"), "fi"),
    localized_pairs(small(62, "cross-total"), "ru"),
    localized_pairs(small(63, "butler"), "fi"),
    localized_pairs(small(64, "cross-total"), "fi", words="ru"),
]
SCENARIOS = CHICAGO + PAIRS


@pytest.fixture(scope="module")
def calculated(tmp_path_factory) -> dict[str, lo.Values]:
    folder = tmp_path_factory.mktemp("words")
    paths = [W.save(s.build(), folder / f"{s.label}.xlsx") for s in SCENARIOS]
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("words-calculated"))
    return {out.stem: lo.Values(out) for out in outputs}


def test_the_scenarios_use_the_words_they_say():
    fi, ru = CHICAGO[1], CHICAGO[3]
    assert fi.inputs["ChicagoCycle"] == ["kilpailu"] and ru.inputs["ChicagoCycle"] == ["спортивные"]
    assert set(fi.inputs["Fit"]) - {None} <= set(FIT.words("fi"))
    assert CHICAGO[-3].inputs["ChicagoCycle"] == ["duplicate"]
    assert CHICAGO[-1].inputs["ChicagoCycle"] == [CYCLE.word("duplicate", "ru")]
    assert PAIRS[0].inputs["UseNeuberg"] == ["ei"] and PAIRS[1].inputs["CrossIMPsMode"] == ["сумма"]
    assert PAIRS[2].inputs["Scoring"] == ["Butler-IMP"] and PAIRS[3].inputs["Scoring"] == ["кросс-IMP"]


def _equals_the_engine(book: lo.Values, scenario) -> None:
    for name, expected in scenario.expected.items():
        wrong = book.mismatches(name, expected)
        assert not wrong, f"{name}: (row, sheet, engine) {wrong[:5]}"


@pytest.mark.parametrize("scenario", PAIRS, ids=lambda s: s.label)
def test_every_pairs_output_equals_the_engine(calculated, scenario):
    book = calculated[scenario.label]
    _equals_the_engine(book, scenario)
    # The options were read: the hidden Setup codes (column R) are the words' choices.
    word = {name: option.parse(scenario.inputs[name][0]) for name, option in WORDS.items()}
    codes = {8: pairs.SCORING.values.index(word["Scoring"]) + 1, 9: int(word["CrossIMPsMode"] == "average"),
             10: int(word["UseNeuberg"]), 12: int(word["SessionRule"])}
    setup = next(iter(book.sheets.values()))
    assert {row: setup.get((row, 18)) for row in codes} == codes


@pytest.mark.parametrize("scenario", CHICAGO, ids=lambda s: s.label)
def test_every_named_output_equals_the_engine(calculated, scenario):
    book = calculated[scenario.label]
    _equals_the_engine(book, scenario)
    # The cycle was read: deal 2 is East-West's vulnerable deal in the standard cycle,
    # North-South's in the duplicate one.
    sheet = next(iter(book.sheets.values()))
    variant = CYCLE.parse(scenario.inputs["ChicagoCycle"][0])
    assert sheet.get((chicago.FIRST + 1, 3)) == ("NS" if variant == "duplicate" else "EW")


def test_no_formula_shows_an_error_value(calculated):
    errors = [(label, *error) for label, book in calculated.items() for error in book.errors()]
    assert not errors, errors[:10]
