"""Every template in every language: no label missing, the same placeholders, the same
defined names, and no English left on a Finnish or Russian sheet."""

from __future__ import annotations

import re
import string

import pytest

from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.workbooks.i18n import LANGUAGES, catalog

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_label_is_in_every_language(lang):
    english, other = catalog("en"), catalog(lang)
    assert set(other) == set(english)
    for namespace, labels in english.items():
        assert set(other[namespace]) == set(labels), (namespace, set(labels) ^ set(other[namespace]))
        for key, text in labels.items():
            assert placeholders(other[namespace][key]) == placeholders(text), (namespace, key)
            if text:
                assert other[namespace][key], (namespace, key)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("name", W.TEMPLATES)
def test_the_defined_names_are_the_same_in_every_language(name, lang):
    english, other = W.build(name), W.build(name, lang=lang)
    assert {n: d.attr_text.split("!")[1] for n, d in other.defined_names.items()} == {
        n: d.attr_text.split("!")[1] for n, d in english.defined_names.items()}


# Words that stay as they are in every language: seats and sides, contracts, scales,
# abbreviations (the options a director picks are in the book's language, workbooks/options.py).
KEPT = {"NS", "EW", "N", "E", "S", "W", "MP", "IMPs", "IMP", "VP", "VPs", "HCP", "PASS", "NP", "no",
        "Neuberg", "Mitchell", "Howell", "ACBL", "Lookup", "xlbridge", "check", "A60", "A50", "A40", "X", "XX"}


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_words_are_left_on_the_sheets(lang):
    english_words = set()
    for labels in catalog("en").values():
        for text in labels.values():
            english_words |= set(re.findall(r"[A-Za-z][a-z]{2,}", text))
    english_words -= KEPT
    other_words = set()
    for labels in catalog(lang).values():
        for text in labels.values():
            other_words |= set(re.findall(r"[A-Za-z][a-z]{2,}", text))
    books = [W.build(name, lang=lang) for name in W.TEMPLATES]
    books.append(W.build("pairs", lang=lang, movement=E.movement("howell", 4, 14)))
    for book in books:
        for sheet in book.worksheets:
            if sheet.sheet_state != "visible":  # the hidden helper sheets are not shown
                continue
            for row in sheet.iter_rows():
                for cell in row:
                    if isinstance(cell.value, str) and not cell.value.startswith("="):
                        words = set(re.findall(r"[A-Za-z][a-z]{2,}", cell.value))
                        leftover = (words & english_words) - other_words
                        assert not leftover, (sheet.title, cell.coordinate, cell.value)
