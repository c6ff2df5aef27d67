"""What an exchange format is: a small registered object (tablib's format registry is the
model). Each format's module declares one as ``FORMAT``; :data:`xlbridge.formats.FORMATS`
lists them, and ``xlbridge export`` and ``xlbridge import`` are built from that list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .results import Imported


@dataclass(frozen=True)
class Format:
    """One format: its option name (``--pbn``), what it is in words (``title``, and a
    ``detail`` for ``--help``), the file extensions it is known by, the reports it writes
    (``writes``: their classes) and how (``dumps(report) -> str``) and, for a format
    ``xlbridge import`` reads,
    ``loads(data: bytes) -> Imported`` and ``sniff(head)``: whether a file's first bytes
    look like it."""

    name: str
    title: str
    detail: str
    extensions: tuple[str, ...]
    writes: tuple[type, ...]
    dumps: Callable[..., str]
    loads: Callable[[bytes], Imported] | None = None
    sniff: Callable[[bytes], bool] | None = None

    @property
    def reads(self) -> bool:
        """Whether ``xlbridge import`` reads this format."""
        return self.loads is not None

    def named(self, path: Path) -> bool:
        """Whether ``path``'s extension is this format's.

        >>> Format("pbn", "a PBN file", "", (".pbn",), (), str).named(Path("club.PBN"))
        True
        """
        return path.suffix.lower() in self.extensions
