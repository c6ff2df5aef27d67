"""pairs.xlsx's Setup options in the book's language (issue 18): the scoring method, how
cross-IMPs are taken, Neuberg and the session rule show Finnish words in a Finnish book and
Russian in a Russian one; a book filled in with them checks clean and scores as the English
book does, and any language's word is read in any book (recalculated in LibreOffice by
test_option_words_lo.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_workbooks_fill import FLAG, Scenario, pairs_scenario
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError, Scoring
from xlbridge.event import score_pairs
from xlbridge.kinds.pairs import setup_options
from xlbridge.workbooks import pairs
from xlbridge.workbooks.i18n import LANGUAGES, Labels
from xlbridge.workbooks.lookup import FLAGS
from xlbridge.workbooks.options import Option

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
# Each Setup option that is a word, by its defined name.
WORDS: dict[str, Option] = {"Scoring": pairs.SCORING, "CrossIMPsMode": pairs.CROSS_IMPS,
                            "UseNeuberg": pairs.YES_NO, "SessionRule": pairs.YES_NO}
# Scenarios that move every option off its default (the words the formulas must tell apart).
SETUPS = {
    "raw": {"neuberg": False, "session_rule": False},
    "cross-total": {"scoring": "Cross-IMPs", "crossimps": "total", "neuberg": False},
    "butler": {"scoring": "Butler", "fields": 2, "session_rule": True},
}


def localized(scenario: Scenario, lang: str, *, words: str | None = None) -> Scenario:
    """The scenario typed into a ``lang`` book with the option words of ``words`` (default:
    the book's own), every option written (the defaults too), the flags as that book shows them."""
    words = words or lang
    scenario.options = {**scenario.options, "lang": lang}
    scenario.label = f"{scenario.label}-{lang}-{words}"
    defaults = {"Scoring": "MP", "CrossIMPsMode": "Average", "UseNeuberg": "Yes", "SessionRule": "Yes"}
    for name, option in WORDS.items():
        [value] = scenario.inputs.get(name, [defaults[name]])
        scenario.inputs[name] = [option.word(option.parse(value), words)]
    en, theirs = Labels("en"), Labels(lang)
    flags = {en(key): theirs(key) for key in FLAGS}
    assert set(flags) == set(FLAG.values())
    for name in ("Check", "PairCheck"):
        scenario.expected[name] = [flags.get(flag, flag) for flag in scenario.expected[name]]
    return scenario


def small(seed: int, setup: str, **more) -> Scenario:
    return pairs_scenario(seed, tables=6, boards=10, adjusted=0.08, **SETUPS[setup], **more)


def _check(tmp_path: Path, capsys, scenario: Scenario) -> tuple[int, set[str], Path]:
    """``xlbridge check`` on the filled scenario: its exit status, the cells it names, the file."""
    path = W.save(scenario.build(), tmp_path / f"{scenario.label}.xlsx")
    status = main(["check", str(path)])
    out = capsys.readouterr().out
    return status, set(re.findall(r"!([A-Z]+\d+): ", out)), path


def _scored(path: Path):
    checked = kinds.check(kinds.read(path))
    assert checked.clean, checked.problems
    return checked.event.options, score_pairs(checked.event).scored


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_setup_shows_the_books_words(lang):
    book = W.build("pairs", lang=lang)
    assert W.read_named(book, "Scoring") == [pairs.SCORING.word(Scoring.MP, lang)]
    assert W.read_named(book, "CrossIMPsMode") == [pairs.CROSS_IMPS.word("average", lang)]
    assert W.read_named(book, "UseNeuberg") == W.read_named(book, "SessionRule") == [pairs.YES_NO.word(True, lang)]
    assert W.read_named(book, "tblScorings") == list(pairs.SCORING.words(lang))
    assert W.read_named(book, "tblYesNo") == list(pairs.YES_NO.words(lang))
    # Positions are the formulas' codes: the engine's order of methods, then the switches.
    assert pairs.SCORING.values == tuple(Scoring) and pairs.SCORING.words("en") == pairs.SCORINGS
    assert pairs.YES_NO.values == (True, False) and pairs.CROSS_IMPS.values == ("average", "total")


def test_the_words_are_a_directors():
    assert pairs.SCORING.words("fi") == ("MP-pisteet", "ristiin-IMP", "Butler-IMP")
    assert pairs.SCORING.words("ru") == ("матчпойнты", "кросс-IMP", "Батлер")
    assert pairs.CROSS_IMPS.words("fi") == ("keskiarvo", "summa")
    assert pairs.CROSS_IMPS.words("ru") == ("среднее", "сумма")
    assert pairs.YES_NO.words("fi") == ("kyllä", "ei") and pairs.YES_NO.words("ru") == ("да", "нет")


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("setup", SETUPS)
def test_a_book_in_its_own_words_checks_clean_and_scores_as_the_english_one(tmp_path, capsys, lang, setup):
    english = _check(tmp_path, capsys, small(51, setup))
    theirs = _check(tmp_path, capsys, localized(small(51, setup), lang))
    assert english[:2] == theirs[:2] == (0, set())
    options, scored = _scored(english[2])
    their_options, their_scored = _scored(theirs[2])
    assert options == their_options and len(options) >= 2  # the options moved off their defaults were read
    assert scored.scoring == their_scored.scoring and scored.pairs == their_scored.pairs
    assert len(scored.pairs) == 12


@pytest.mark.parametrize(("lang", "words"), [("fi", "en"), ("ru", "fi"), ("en", "ru")])
def test_any_languages_words_read_in_any_book(tmp_path, capsys, lang, words):
    english = _check(tmp_path, capsys, small(52, "cross-total"))
    theirs = _check(tmp_path, capsys, localized(small(52, "cross-total"), lang, words=words))
    assert theirs[:2] == (0, set())
    assert _scored(theirs[2])[1].pairs == _scored(english[2])[1].pairs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_word_no_sheet_reads_is_named_at_its_cell(tmp_path, capsys, lang):
    """The sheet would score each as its default: check names the cell (an engine alias
    such as ``N`` or ``matchpoints`` too, which the formulas do not read)."""
    scenario = small(53, "raw")
    scenario.options = {"lang": lang}
    scenario.inputs.update(Scoring=["Butler-IMPs"], CrossIMPsMode=["avg"], UseNeuberg=["N"], SessionRule=["joo"])
    status, cells, _path = _check(tmp_path, capsys, scenario)
    assert (status, cells) == (1, {"B8", "B9", "B10", "B12"})


@pytest.mark.parametrize(("option", "value", "message"), [
    (pairs.SCORING, "IMPs", 'scoring "IMPs": choose MP, Cross-IMPs or Butler, or a word of the sheet\'s dropdown'),
    (pairs.CROSS_IMPS, True, "cross-IMPs True: choose Average or Total, or a word of the sheet's dropdown"),
])
def test_an_unknown_word_is_one_line(option, value, message):
    with pytest.raises(BridgeInputError) as error:
        option.parse(value)
    assert str(error.value) == message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_filled_book_writes_its_own_words_and_reads_them_back(tmp_path, lang):
    event = kinds.check(kinds.read(W.save(small(54, "cross-total").build(), tmp_path / "source.xlsx"))).event
    book = kinds.PAIRS.fill(event, lang=lang)
    assert W.read_named(book, "Scoring") == [pairs.SCORING.word(Scoring.CROSS_IMPS, lang)]
    assert W.read_named(book, "CrossIMPsMode") == [pairs.CROSS_IMPS.word("total", lang)]
    assert W.read_named(book, "UseNeuberg") == [pairs.YES_NO.word(False, lang)]
    again = kinds.check(kinds.read(W.save(book, tmp_path / f"{lang}.xlsx"))).event
    assert again.options == event.options


def test_setup_options_refuse_a_value_they_cannot_write():
    with pytest.raises(BridgeInputError):
        setup_options({"scoring": "Vanderbilt"}, "fi")
