"""Labels in every language the templates speak: English (default), Finnish and Russian.

The labels are a catalog keyed by language, then template, then label: one module a
language in :mod:`xlbridge.workbooks.catalog` (``en.py``, ``fi.py``, ``ru.py``), each
with every template's labels and the ``common`` ones. Adding a language is adding its
module (a test asserts that every label is in every language); defined names never
change with the language, only what a director reads.
"""

from __future__ import annotations

import datetime
import functools
import importlib
from collections.abc import Mapping

from ..engine import OptionError

LANGUAGES = ("en", "fi", "ru")

Catalog = Mapping[str, Mapping[str, str]]


@functools.cache
def catalog(lang: str) -> Catalog:
    """Every label of one language, by template (``common``: shared by several):
    the ``LABELS`` of :mod:`xlbridge.workbooks.catalog` ``.<lang>``."""
    return importlib.import_module(f"{__package__}.catalog.{language(lang)}").LABELS


# One form of a date per language, everywhere: the sheets' number format, and the same
# form as text in page headers.
DATE_FORMATS = {"en": "yyyy-mm-dd", "fi": "d.m.yyyy", "ru": "dd.mm.yyyy"}
_DATE_TEXTS = {"en": "{0.year:04d}-{0.month:02d}-{0.day:02d}", "fi": "{0.day}.{0.month}.{0.year}",
               "ru": "{0.day:02d}.{0.month:02d}.{0.year}"}


def date_text(date: datetime.date, lang: str) -> str:
    """A date as the sheets of ``lang`` show it.

    >>> date_text(datetime.date(2025, 3, 14), "en"), date_text(datetime.date(2025, 3, 14), "fi")
    ('2025-03-14', '14.3.2025')
    """
    return _DATE_TEXTS[language(lang)].format(date)


def plural(count: int, lang: str) -> str:
    """Which form of a counted word ``lang`` uses: ``1`` (one), ``2`` (a few, Russian's
    2-4) or ``5`` (many); English and Finnish have one and many.

    >>> [plural(n, "ru") for n in (1, 3, 5, 21, 12)], [plural(n, "en") for n in (1, 3, 21)]
    (['1', '2', '5', '1', '5'], ['1', '5', '5'])
    """
    if language(lang) != "ru":
        return "1" if count == 1 else "5"
    if count % 10 == 1 and count % 100 != 11:
        return "1"
    return "2" if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14) else "5"


def language(lang: object) -> str:
    """Parse a language code: ``en`` or ``fi``.

    >>> language("FI")
    'fi'
    """
    code = str(lang).strip().lower()
    if code not in LANGUAGES:
        raise OptionError(f"language {lang!r}: must be one of {', '.join(LANGUAGES)}")
    return code


class Labels:
    """The texts of one language for one template (its own labels, then the common ones).

    >>> Labels("fi", "traveller")("title")
    'Tuloslappu'
    >>> Labels("en")("err_board", low=1, high=36)
    'Type a board number, a whole number 1-36.'
    """

    def __init__(self, lang: str, namespace: str = "common") -> None:
        self.lang = language(lang)
        labels = catalog(self.lang)
        self._tables = (labels.get(namespace, {}), labels["common"])

    def has(self, key: str) -> bool:
        """Whether ``key`` is a label here, with a text in this language."""
        return any(table.get(key) for table in self._tables)

    def vulnerability(self, vul: object) -> str:
        """A vulnerability (``None``, ``NS``, ``EW``, ``All``) as this language shows it.

        >>> Labels("fi").vulnerability("All"), Labels("ru").vulnerability("None")
        ('Kaikki', 'Никто')
        """
        return self(f"vul_{vul}")

    def __call__(self, key: str, **values: object) -> str:
        """The label for ``key``, with ``{placeholders}`` filled from ``values``."""
        for table in self._tables:
            if key in table:
                text = table[key]
                return text.format(**values) if values else text
        raise KeyError(f"no label {key!r}")
