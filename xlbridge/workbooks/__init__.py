"""Template workbooks that score themselves with native formulas (docs/workbooks.md).

    >>> from xlbridge import workbooks
    >>> workbooks.TEMPLATES
    ('traveller', 'pairs', 'teams', 'teams-event', 'rubber', 'chicago', 'pivot')
    >>> book = workbooks.build("traveller", lang="fi")
    >>> book.sheetnames, "ScoreNS" in book.defined_names
    (['Tuloslappu', 'Lookup'], True)

Each template is one module of this package defining ``build(book, **options)`` (its
labels are in the catalog, see :mod:`.i18n`), which lays its cells out on a
:class:`~.book.Book`; adding a template is adding its module and its row to
:data:`.kinds.KINDS` (:data:`TEMPLATES` are their names). :func:`write_named` and
:func:`read_named` fill and read a template through its defined names.
"""

from __future__ import annotations

import datetime
import importlib
import os
from pathlib import Path

from openpyxl import Workbook

from ..engine import OptionError
from .book import Book
from .files import WorkbookExistsError, save
from .i18n import LANGUAGES, language
from .kinds import TEMPLATES
from .names import named_cells, read_named, write_named
from .page import PAPERS, paper_name

__all__ = [
    "LANGUAGES", "PAPERS", "TEMPLATES", "Book", "WorkbookExistsError", "build", "file_name",
    "named_cells", "read_named", "save", "write_named", "write_set",
]



def template(name: str):
    """The module of template ``name``."""
    if name not in TEMPLATES:
        raise OptionError(f"template {name!r}: must be one of {', '.join(TEMPLATES)}")
    return importlib.import_module(f".{name.replace('-', '_')}", __name__)


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
    """Write every template (or ``names``) into ``out_dir``; return the files written.

    Without ``force`` nothing is written when any target exists
    (:class:`WorkbookExistsError` names them all).
    """
    lang, paper = language(lang), paper_name(paper)
    chosen = TEMPLATES if names is None else tuple(names)
    for name in chosen:
        template(name)
    folder = Path(out_dir)
    targets = [folder / file_name(name) for name in chosen]
    existing = [str(t) for t in targets if t.exists()]
    if existing and not force:
        raise WorkbookExistsError(
            f"{', '.join(existing)} already exist{'s' if len(existing) == 1 else ''} "
            "(they may hold results); use --force to replace them"
        )
    return [
        save(build(name, lang=lang, paper=paper), target, force=force)
        for name, target in zip(chosen, targets, strict=True)
    ]
