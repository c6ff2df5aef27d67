"""The words a director picks in a Finnish or Russian book are in its language (issue 18):
every dropdown of every template, the words prefilled in option cells, and the reading
side: a book filled in with the book's own words checks as the English one does
(recalculated in LibreOffice by test_option_words_lo.py)."""

from __future__ import annotations

import re

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from tests.test_workbooks_home import chicago_scenario
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine import BridgeInputError, Fit
from xlbridge.engine.chicago import VARIANTS
from xlbridge.workbooks import chicago
from xlbridge.workbooks.chicago import CYCLE, FIT
from xlbridge.workbooks.i18n import LANGUAGES, Labels
from xlbridge.workbooks.options import spelled

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
# Every template's option words (a template declares them in OPTIONS).
OPTIONS = [option for name in W.TEMPLATES for option in getattr(W.template(name), "OPTIONS", ())]

# Option cells still showing English words in fi and ru, by defined name: none (the pairs
# Setup's options moved too, tests/test_option_words_pairs.py). Keep it empty.
STILL_ENGLISH: dict[str, set[str]] = {}


def _name_at(book: openpyxl.Workbook, sheet: str, coordinate: str) -> str | None:
    """The defined name whose cells include ``sheet!coordinate``."""
    column, row, _, _ = range_boundaries(coordinate)
    for name, defined in book.defined_names.items():
        for title, ref in defined.destinations:
            low_col, low_row, high_col, high_row = range_boundaries(ref.replace("$", ""))
            if title == sheet and low_col <= column <= high_col and low_row <= row <= high_row:
                return name
    return None


def dropdowns(book: openpyxl.Workbook) -> list[tuple[str, str, list[str]]]:
    """Every list validation of ``book``: (sheet, the first cell of each range it covers,
    the words it offers)."""
    found = []
    for sheet in book.worksheets:
        for validation in sheet.data_validations.dataValidation:
            if validation.type != "list":
                continue
            source = validation.formula1
            if source.startswith('"'):
                words = source.strip('"').split(",")
            else:
                if "!" not in source:  # a defined name: the book's own data (season.xlsx's players), no words
                    continue
                title, ref = source.rsplit("!", 1)
                cells = book[title.strip("'")][ref.replace("$", "")]
                words = [str(row[0].value) for row in cells]
            for ref in str(validation.sqref).split():  # one rule may cover several ranges
                found.append((sheet.title, ref.split(":")[0], words))
    return found


def _books(lang: str) -> dict[str, openpyxl.Workbook]:
    return {name: W.build(name, lang=lang) for name in W.TEMPLATES}


@pytest.fixture(scope="module")
def english() -> dict[str, openpyxl.Workbook]:
    return _books("en")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_dropdown_offers_the_books_own_words(english, lang):
    """A word with small letters offered in the English book and the same in this one is
    English left over (codes such as 4S, PASS, N, NS 100, 2 are written the same everywhere)."""
    left: dict[str, set[str]] = {}
    for name, book in _books(lang).items():
        theirs = {first: words for _sheet, first, words in dropdowns(english[name])}
        for sheet, first, words in dropdowns(book):
            english_words = [w for w in words if w in theirs.get(first, ()) and re.search("[a-z]", w)]
            if english_words:
                left.setdefault(name, set()).add(_name_at(book, sheet, first) or f"{sheet}!{first}")
    assert left == STILL_ENGLISH


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", W.TEMPLATES)
def test_a_prefilled_option_is_a_word_of_its_dropdown(name, lang):
    book = W.build(name, lang=lang)
    for sheet, first, words in dropdowns(book):
        value = book[sheet][first].value
        if isinstance(value, str) and not value.startswith("="):
            assert value in words, (name, sheet, first, value, words)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chicago_cells_show_the_books_words(lang):
    for variant in VARIANTS:
        book = W.build("chicago", lang=lang, cycle=variant)
        assert W.read_named(book, "ChicagoCycle") == [CYCLE.word(variant, lang)]
        assert W.read_named(book, "tblChicagoCycles") == list(CYCLE.words(lang))
    assert W.read_named(book, "tblFits") == [chicago.fit_text(fit, lang) for fit in Fit]


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.stem)
def test_each_option_has_distinct_words_in_every_language(option):
    for lang in LANGUAGES:
        words = option.words(lang)
        assert len({spelled(word) for word in words}) == len(words), (lang, words)  # a dropdown ignores case
        for value, word in zip(option.values, words, strict=True):
            assert option.parse(word) == value
            assert option.parse(f"  {word.upper()} ") == value  # as TRIM and the sheet's case-blind compare
    # Every language's word is in the formulas' table once, with its own choice.
    spellings = option.spellings()
    assert len({spelled(word) for word, _ in spellings}) == len(spellings)
    assert {word for word, _ in spellings} == {word for lang in LANGUAGES for word in option.words(lang)}


def test_the_russian_and_finnish_words_are_not_english():
    for option in OPTIONS:
        for lang in OTHERS:
            assert not set(option.words(lang)) & set(option.words("en")), (option.stem, lang)


@pytest.mark.parametrize("value", ["", "  ", "Vanderbilt", 2, "standard*", "стандарт", None])
def test_an_unknown_cycle_is_named_in_one_line(value):
    with pytest.raises(BridgeInputError) as error:
        CYCLE.parse(value)
    message = str(error.value)
    assert "\n" not in message and "standard or duplicate" in message


def localized(scenario, lang: str, *, words: str | None = None):
    """The scenario typed into a ``lang`` book with the words of ``words`` (default: the
    book's own): the cycle and fits translated, the flags as that book shows them."""
    words = words or lang
    scenario.options = {"lang": lang}
    scenario.label = f"{scenario.label}-{lang}-{words}"
    inputs = scenario.inputs
    inputs["ChicagoCycle"] = [CYCLE.word(CYCLE.parse(v), words) for v in inputs["ChicagoCycle"]]
    fits = []
    for fit in inputs["Fit"]:
        try:
            fits.append(FIT.word(FIT.parse(fit), words))
        except BridgeInputError:  # a wrong fit stays wrong in every language
            fits.append(fit)
    inputs["Fit"] = fits
    en, theirs = Labels("en", "chicago"), Labels(lang, "chicago")
    flags = {en(key): theirs(key) for key in chicago.FLAGS}
    scenario.expected["Check"] = [flags.get(flag, flag) for flag in scenario.expected["Check"]]
    return scenario


def _check(tmp_path, capsys, scenario) -> tuple[int, set[tuple[int, str]]]:
    """``xlbridge check`` on the filled scenario: its exit status and the cells it names."""
    path = W.save(scenario.build(), tmp_path / f"{scenario.label}.xlsx")
    status = main(["check", str(path)])
    out = capsys.readouterr().out
    return status, set(re.findall(r"!([A-Z]+\d+): ", out))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_book_in_its_own_words_checks_clean(tmp_path, capsys, lang, variant):
    scenario = localized(chicago_scenario(21, variant=variant), lang)
    assert scenario.inputs["ChicagoCycle"] == [CYCLE.word(variant, lang)]
    assert set(scenario.inputs["Fit"]) - {None} <= set(FIT.words(lang))
    assert _check(tmp_path, capsys, scenario) == (0, set())


@pytest.mark.parametrize("lang", OTHERS)
def test_a_messy_book_in_its_own_words_names_the_cells_the_english_one_does(tmp_path, capsys, lang):
    english = _check(tmp_path, capsys, chicago_scenario(22, variant="duplicate", mess=True))
    theirs = _check(tmp_path, capsys, localized(chicago_scenario(22, variant="duplicate", mess=True), lang))
    assert english[0] == theirs[0] == 1
    assert english[1] == theirs[1] and len(english[1]) == 6


@pytest.mark.parametrize(("lang", "words"), [("fi", "en"), ("ru", "fi"), ("en", "ru")])
def test_any_languages_words_read_in_any_book(tmp_path, capsys, lang, words):
    """The English code typed into a Finnish book (as the docs spell it), and so on."""
    scenario = localized(chicago_scenario(23, variant="duplicate"), lang, words=words)
    assert _check(tmp_path, capsys, scenario) == (0, set())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_word_is_named_at_its_cell(tmp_path, capsys, lang):
    scenario = chicago_scenario(24, deals=4)
    scenario.options = {"lang": lang}
    scenario.inputs["ChicagoCycle"] = ["Vanderbilt"]
    scenario.inputs["Fit"] = ["yläväri 8x", None, None, None]
    scenario.inputs["HCP"] = [25, None, None, None]
    assert _check(tmp_path, capsys, scenario) == (1, {"C5", "H8"})
