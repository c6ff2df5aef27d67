"""Output formats of a scored event (a :class:`~xlbridge.director.report.PairsReport` or
:class:`~xlbridge.director.report.TeamsReport`): one module each, with the same small
interface, ``dumps(report) -> str`` and ``dump(report, fp)``.

So far: :mod:`.html`, the results web page (``xlbridge export --html``).
"""

from __future__ import annotations

from . import html

FORMATS = {"html": html}
"""Each format's module, by the name ``xlbridge export`` knows it by."""

__all__ = ["FORMATS", "html"]
