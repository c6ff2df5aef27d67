"""Template workbooks that score themselves with native formulas (docs/workbooks.md).

    >>> from xlbridge import workbooks
    >>> workbooks.TEMPLATES  # doctest: +NORMALIZE_WHITESPACE
    ('traveller', 'pairs', 'individual', 'teams', 'teams-event', 'swiss-pairs', 'rubber', 'chicago', 'pivot', 'players',
     'season')
    >>> book = workbooks.build("traveller", lang="fi")
    >>> book.sheetnames, "ScoreNS" in book.defined_names
    (['Tuloslappu', 'Lookup'], True)

Each template is one module of this package that declares its ``NAME``, its ``POSITION``
in the list, its defined names (``INPUTS``, ``SETUP``, ``SIGNATURE``) and
``build(book, **options)``, which lays its cells out on a :class:`~.book.Book` (its labels
are in the catalog, see :mod:`.i18n`). Adding a template is adding its module: the
package finds it (:data:`TEMPLATES`). :func:`write_named` and :func:`read_named` fill and
read a template through its defined names. What a filled book is, is
:mod:`xlbridge.kinds`' business.
"""

from __future__ import annotations

import datetime
import importlib
import os
import pkgutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from openpyxl import Workbook

from ..engine import OptionError
from ..files import save, write_all
from .book import Book
from .i18n import LANGUAGES, language
from .names import named_cells, read_named, write_named
from .page import PAPERS, paper_name

__all__ = [
    "LANGUAGES", "PAPERS", "TEMPLATES", "Book", "build", "file_name", "named_cells", "read_named",
    "save", "set_writes", "template", "write_named", "write_set",
]


def _templates() -> dict[str, ModuleType]:
    """Every template module of this package (one that declares its ``NAME``), in order."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f".{info.name}", __name__)
        if isinstance(getattr(module, "NAME", None), str) and hasattr(module, "build"):
            found.append(module)
    return {module.NAME: module for module in sorted(found, key=lambda module: module.POSITION)}


_TEMPLATES = _templates()
TEMPLATES: tuple[str, ...] = tuple(_TEMPLATES)
"""The templates' names, in the order ``xlbridge workbooks`` writes them."""


def template(name: str) -> ModuleType:
    """The module of template ``name``; an :class:`OptionError` names the choices."""
    if name not in _TEMPLATES:
        raise OptionError(f"template {name!r}: must be one of {', '.join(TEMPLATES)}")
    return _TEMPLATES[name]


def build(name: str, *, lang: str = "en", paper: str = "A4", event: str | None = None,
          date: datetime.date | None = None, **options: object) -> Workbook:
    """Generate template ``name`` as an openpyxl workbook (not yet saved).

    ``event`` and ``date`` prefill the event's name and date; other ``options`` go to
    the template (e.g. ``tables=``, ``boards=``, ``pairs=`` for pairs).
    """
    module = template(name)
    book = Book(lang=lang, paper=paper, namespace=name, event=event, date=date)
    module.build(book, **options)
    return book.finish()


def file_name(name: str) -> str:
    """The file a template is saved as: ``pairs`` -> ``pairs.xlsx``."""
    return f"{name}.xlsx"


def write_set(out_dir: str | os.PathLike[str], *, lang: str = "en", paper: str = "A4",
              force: bool = False, names: tuple[str, ...] | None = None) -> list[Path]:
    """Write every template (or ``names``) into ``out_dir`` as one set
    (:func:`xlbridge.files.write_all`: a kill leaves the old set or the new one, never a
    mix); return the files written.

    Without ``force`` nothing is written when any target exists
    (:class:`~xlbridge.files.OutputExistsError` names them all).
    """
    return write_all(set_writes(out_dir, lang=lang, paper=paper, names=names), force=force)


def set_writes(out_dir: str | os.PathLike[str], *, lang: str = "en", paper: str = "A4",
               names: tuple[str, ...] | None = None) -> dict[Path, Callable[[Path], object]]:
    """Each template's file in ``out_dir`` with what writes it (a book built when it is
    written, one at a time), for :func:`xlbridge.files.write_all`; bad names and options
    are refused here, before anything is written."""
    lang, paper = language(lang), paper_name(paper)
    chosen = TEMPLATES if names is None else tuple(names)
    for name in chosen:
        template(name)
    return {Path(out_dir) / file_name(name): lambda temp, name=name: build(name, lang=lang, paper=paper).save(temp)
            for name in chosen}
