"""How a scored event (:mod:`xlbridge.event`: a pairs event or traveller, a team match, a
team event) is shown or exchanged, one module each. Nothing here scores: the figures are
the engine's, carried by the report.

- :mod:`.text`: what ``xlbridge report`` prints;
- :mod:`.csv`: ``xlbridge report --csv``;
- :mod:`.printout`: the notice-board printout, ``xlbridge report --pdf``;
- the exchange formats, each a registered :class:`~.format.Format` (:data:`FORMATS`):
  :mod:`.pbn` (PBN 2.1), :mod:`.usebio` (USEBIO 1.2 XML), which ``xlbridge import`` also
  reads, :mod:`.html` (the results web page) and :mod:`.federation` (a session's results a
  row a player, with membership numbers and points, for a federation or the club's secretary).

The readers share :mod:`.results`. Adding a format is adding its module, which declares
its ``FORMAT``, and its entry in :data:`FORMATS`.
"""

from __future__ import annotations

from pathlib import Path

from . import csv, federation, html, pbn, printout, text, usebio
from .format import Format

FORMATS: dict[str, Format] = {found.name: found for found in (pbn.FORMAT, usebio.FORMAT, html.FORMAT,
                                                               federation.FORMAT)}
"""Every exchange format by the name ``xlbridge export`` knows it by (``--pbn`` ...), in that order."""

READERS: dict[str, Format] = {name: found for name, found in FORMATS.items() if found.reads}
"""The formats ``xlbridge import`` reads, by name."""


def detect(path: Path, head: bytes) -> Format:
    """The reader for a file: by its extension, else by its first bytes.

    >>> detect(Path("a.PBN"), b"").name, detect(Path("results.txt"), b'  <?xml version="1.0"?>').name
    ('pbn', 'usebio')
    """
    by_name = [found for found in READERS.values() if found.named(path)]
    if by_name:
        return by_name[0]
    return next(found for found in READERS.values() if found.sniff is not None and found.sniff(head))


__all__ = ["FORMATS", "READERS", "Format", "csv", "detect", "federation", "html", "pbn", "printout", "text", "usebio"]
