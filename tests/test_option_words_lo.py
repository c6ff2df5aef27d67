"""chicago.xlsx in Finnish and Russian, filled in with the book's own words for the cycle
and the fits (and with another language's words), recalculated in LibreOffice: every
named output equals the engine's, as the English book's do (test_workbooks_home_lo.py).

One soffice run.
"""

from __future__ import annotations

import pytest

from tests import lo
from tests.test_option_words import localized
from tests.test_workbooks_home import chicago_scenario
from xlbridge import workbooks as W
from xlbridge.workbooks import chicago
from xlbridge.workbooks.chicago import CYCLE, FIT

pytestmark = lo.needs_soffice

SCENARIOS = [
    *(localized(chicago_scenario(seed, variant=variant), lang) for lang in ("fi", "ru")
      for seed, variant in ((30, "standard"), (31, "duplicate"))),
    localized(chicago_scenario(32, variant="duplicate", mess=True), "fi"),
    localized(chicago_scenario(33, variant="duplicate", mess=True), "ru"),
    localized(chicago_scenario(34, variant="duplicate"), "fi", words="en"),  # the English code in a Finnish book
    localized(chicago_scenario(35, variant="duplicate"), "ru", words="fi"),
    localized(chicago_scenario(36, variant="duplicate"), "en", words="ru"),
]


@pytest.fixture(scope="module")
def calculated(tmp_path_factory) -> dict[str, lo.Values]:
    folder = tmp_path_factory.mktemp("words")
    paths = [W.save(s.build(), folder / f"{s.label}.xlsx") for s in SCENARIOS]
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("words-calculated"))
    return {out.stem: lo.Values(out) for out in outputs}


def test_the_scenarios_use_the_words_they_say():
    fi, ru = SCENARIOS[1], SCENARIOS[3]
    assert fi.inputs["ChicagoCycle"] == ["kilpailu"] and ru.inputs["ChicagoCycle"] == ["спортивные"]
    assert set(fi.inputs["Fit"]) - {None} <= set(FIT.words("fi"))
    assert SCENARIOS[-3].inputs["ChicagoCycle"] == ["duplicate"]
    assert SCENARIOS[-1].inputs["ChicagoCycle"] == [CYCLE.word("duplicate", "ru")]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.label)
def test_every_named_output_equals_the_engine(calculated, scenario):
    book = calculated[scenario.label]
    for name, expected in scenario.expected.items():
        wrong = book.mismatches(name, expected)
        assert not wrong, f"{name}: (row, sheet, engine) {wrong[:5]}"
    # The cycle was read: deal 2 is East-West's vulnerable deal in the standard cycle,
    # North-South's in the duplicate one.
    sheet = next(iter(book.sheets.values()))
    variant = CYCLE.parse(scenario.inputs["ChicagoCycle"][0])
    assert sheet.get((chicago.FIRST + 1, 3)) == ("NS" if variant == "duplicate" else "EW")


def test_no_formula_shows_an_error_value(calculated):
    errors = [(label, *error) for label, book in calculated.items() for error in book.errors()]
    assert not errors, errors[:10]
