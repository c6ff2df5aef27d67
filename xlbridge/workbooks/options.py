"""Option words: the choices a director picks in a cell (the Chicago cycle, a fit ...),
shown in the book's language, read back as stable values.

An :class:`Option` lists its choices in order, each a catalog key (its word in every
language) and the value it stands for; a template declares its options in ``OPTIONS``
(chicago.py: the cycle and the fits; pairs.py: the Setup's scoring options). A book shows
the words of its own language (the dropdown ``tbl<Stem>``); its formulas and ``xlbridge check`` accept any language's
word for a choice, so a Finnish book typed with the English word, or an English book
with the Finnish one, still reads the same. Two tables on the hidden Lookup sheet do
the mapping for the formulas: ``tbl<Stem>Words`` every accepted spelling and
``tbl<Stem>Pos`` the position of its choice. :meth:`Option.index` is the formula,
:meth:`Option.parse` the reader; both ignore case and surrounding spaces.

    >>> from xlbridge.workbooks.chicago import CYCLE, FIT
    >>> CYCLE.words("fi"), CYCLE.words("ru")
    (('tavallinen', 'kilpailu'), ('обычные', 'спортивные'))
    >>> CYCLE.parse(" Kilpailu "), CYCLE.parse("duplicate")
    ('duplicate', 'duplicate')
    >>> str(FIT.parse("yläväri 9")), str(FIT.parse("нет фита"))
    ('M9', 'none')
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from dataclasses import dataclass

from ..engine import BridgeInputError
from ..engine.errors import describe
from .book import Book, Rule
from .i18n import LANGUAGES, Labels


def spelled(value: object) -> str:
    """A cell's text as the sheets compare it: spaces trimmed and collapsed (as TRIM
    does), case not significant.

    >>> spelled("  Major   8 ")
    'major 8'
    """
    return " ".join(str(value).split()).casefold()


@dataclass(frozen=True, slots=True)
class Option:
    """A choice a cell holds: ``choices`` in dropdown order, each (catalog key, value);
    its words are in the catalog's ``namespace``, ``stem`` names its lookup tables and
    ``what`` is how a message names it."""

    stem: str
    namespace: str
    what: str
    choices: tuple[tuple[str, Hashable], ...]

    @property
    def values(self) -> tuple[Hashable, ...]:
        """The values, in dropdown order."""
        return tuple(value for _key, value in self.choices)

    def words(self, lang: str) -> tuple[str, ...]:
        """The words a book in ``lang`` shows, in dropdown order."""
        labels = Labels(lang, self.namespace)
        return tuple(labels(key) for key, _value in self.choices)

    def word(self, value: Hashable, lang: str) -> str:
        """The word for ``value`` in ``lang``.

        >>> from xlbridge.workbooks.chicago import CYCLE
        >>> CYCLE.word("duplicate", "ru")
        'спортивные'
        """
        return self.words(lang)[self.values.index(value)]

    def spellings(self) -> tuple[tuple[str, int], ...]:
        """Every word any language shows, each once, with its choice's position (1 ...).

        >>> from xlbridge.workbooks.chicago import CYCLE
        >>> CYCLE.spellings()[:3]
        (('standard', 1), ('duplicate', 2), ('tavallinen', 1))
        """
        return _spellings(self)

    def parse(self, value: object) -> Hashable:
        """The value a cell's word stands for, in any language; a :class:`BridgeInputError`
        names the choices otherwise."""
        if isinstance(value, str):
            key = spelled(value)
            for word, position in self.spellings():
                if spelled(word) == key:
                    return self.values[position - 1]
        english = self.words("en")
        raise BridgeInputError(f"{self.what} {describe(value)}: choose {', '.join(english[:-1])} or "
                               f"{english[-1]}, or a word of the sheet's dropdown")

    def add(self, book: Book) -> None:
        """Write the option's tables into ``book``'s Lookup sheet: its dropdown in the
        book's language (``tbl<Stem>``) and every spelling with its position."""
        book.lookup.add(f"{self.what}: the dropdown", [[word] for word in self.words(book.lang)],
                        {f"tbl{self.stem}": (0, 0)})
        book.lookup.add(f"{self.what}: every language's word, its position",
                        [[word, position] for word, position in self.spellings()],
                        {f"tbl{self.stem}Words": (0, 0), f"tbl{self.stem}Pos": (1, 1)})

    def rule(self, book: Book, message: str) -> Rule:
        """The cell's dropdown (after :meth:`add`)."""
        return Rule("list", book.refs[f"tbl{self.stem}"], message=message)

    def index(self, cell: str) -> str:
        """A formula: the position (1 ...) of the choice in ``cell``, typed in any
        language, 0 when it is none, "" when the cell is empty.

        MATCH reads ``*`` and ``?`` as wildcards, so the word found is compared again.

        >>> Option("Cycles", "chicago", "cycle", ()).index("C5")[:50]
        'IF(C5="","",IFERROR(IF(INDEX(tblCyclesWords,MATCH('
        """
        words, found = f"tbl{self.stem}Words", f"MATCH(TRIM({cell}),tbl{self.stem}Words,0)"
        return (f'IF({cell}="","",IFERROR(IF(INDEX({words},{found})=TRIM({cell}),'
                f"INDEX(tbl{self.stem}Pos,{found}),0),0))")


@functools.cache
def _spellings(option: Option) -> tuple[tuple[str, int], ...]:
    found: dict[str, tuple[str, int]] = {}
    for lang in LANGUAGES:
        for position, word in enumerate(option.words(lang), start=1):
            key = spelled(word)
            if key in found and found[key][1] != position:  # a catalog error: the sheet could not tell them
                raise ValueError(f"{option.what}: {word!r} ({lang}) is also the word for choice {found[key][1]}")
            found.setdefault(key, (word, position))
    return tuple(found.values())

