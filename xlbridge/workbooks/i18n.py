"""Labels in every language the templates speak: English (default), Finnish and Russian.

Each language is one module of :mod:`xlbridge.workbooks.catalog` (``en.py``, ``fi.py``,
``ru.py``): every template's labels and the ``common`` ones (``LABELS``), its date as a
number format and as text (``DATE_FORMAT``, ``DATE_TEXT``), and its counted words'
forms (``plural``). Adding a language is adding its module and its code to
:data:`LANGUAGES` (a test asserts that every label is in every language); defined names
never change with the language, only what a director reads.
"""

from __future__ import annotations

import datetime
import functools
import importlib
from collections.abc import Mapping
from types import ModuleType

from ..engine import OptionError

LANGUAGES = ("en", "fi", "ru")

Catalog = Mapping[str, Mapping[str, str]]


@functools.cache
def _module(lang: str) -> ModuleType:
    return importlib.import_module(f"{__package__}.catalog.{language(lang)}")


def catalog(lang: str) -> Catalog:
    """Every label of one language, by template (``common``: shared by several):
    the ``LABELS`` of :mod:`xlbridge.workbooks.catalog` ``.<lang>``."""
    return _module(lang).LABELS


def date_format(lang: str) -> str:
    """A date as the sheets of ``lang`` show it, as a number format.

    >>> date_format("fi")
    'd.m.yyyy'
    """
    return _module(lang).DATE_FORMAT


def date_text(date: datetime.date, lang: str) -> str:
    """A date as the sheets of ``lang`` show it.

    >>> date_text(datetime.date(2025, 3, 14), "en"), date_text(datetime.date(2025, 3, 14), "fi")
    ('2025-03-14', '14.3.2025')
    """
    return _module(lang).DATE_TEXT.format(date)


def plural(count: int, lang: str) -> str:
    """Which form of a counted word ``lang`` uses: ``1`` (one), ``2`` (a few, Russian's
    2-4) or ``5`` (many); English and Finnish have one and many.

    >>> [plural(n, "ru") for n in (1, 3, 5, 21, 12)], [plural(n, "en") for n in (1, 3, 21)]
    (['1', '2', '5', '1', '5'], ['1', '5', '5'])
    """
    return _module(lang).plural(count)


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
