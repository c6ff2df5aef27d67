"""Output formats of a scored event (a :class:`~xlbridge.director.report.PairsReport`,
:class:`~xlbridge.director.report.TeamsReport` or, for text and CSV,
:class:`~xlbridge.director.teams_event.TeamEventReport`): one module each, with the same
small interface, ``dumps(report) -> str`` and ``dump(report, fp)``.

- :mod:`.text`: what ``xlbridge report`` prints;
- :mod:`.csv`: ``xlbridge report --csv``;
- :mod:`.html`: the results web page (``xlbridge export --html``);
- :mod:`.pbn`: a PBN 2.1 results file (``--pbn``), which ``xlbridge import`` also reads;
- :mod:`.usebio`: USEBIO 1.2 XML (``--usebio``), which ``xlbridge import`` also reads.

The readers (``loads(text) -> Imported``) share :mod:`.results`.
"""

from __future__ import annotations

from . import csv, html, pbn, text, usebio

FORMATS = {"html": html, "pbn": pbn, "usebio": usebio}
"""Each format's module, by the name ``xlbridge export`` knows it by (``--html`` ...)."""

READERS = {"pbn": pbn, "usebio": usebio}
"""The formats ``xlbridge import`` reads, by name."""

__all__ = ["FORMATS", "READERS", "csv", "html", "pbn", "text", "usebio"]
