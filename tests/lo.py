"""Headless LibreOffice for the tests: recalculate workbooks and render them to PDF/PNG.

The project's own small helper (it must not depend on anything outside the repo).

    from tests import lo

    pytestmark = lo.needs_soffice             # skip the module, with a reason, without soffice
    @lo.requires_soffice                      # ... or a single test
    [book] = lo.recalc([path], tmp_path / "calc")  # every formula recomputed, values cached
    lo.Values(book).read("ScoreNS")               # what LibreOffice computed, by defined name
    [pdf] = lo.to_pdf([path], tmp_path / "pdf")   # follows the workbook's page setup
    lo.pdf_pages(pdf), lo.to_png(pdf, tmp_path / "png")

How it runs soffice, and why:

- a private profile per process, in a temp dir (never the user's own profile), with
  ``OOXMLRecalcMode`` = 0 ("always recalculate on load"): the default trusts the cached
  values in the file, and openpyxl writes none, so some cells would come back empty;
- one soffice per profile at a time (a second one would hand its job to the first):
  a lock serialises the calls of this process's threads and of anyone sharing the profile;
- every call has a timeout, and the whole process group is killed when it expires;
- success is judged by the output files (soffice exits 0 even when it could not load a
  file); a failed run is retried once with a fresh profile.

Give many files to one call where possible: each soffice start costs about 1-3 s.
Recalculated files are for checking only: LibreOffice rewrites styles and formulas,
so its output must never be shipped.
"""

from __future__ import annotations

import atexit
import fcntl
import math
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

# Generous: the first start with a new profile also builds the profile.
DEFAULT_TIMEOUT = 240.0

XLSX_FILTER = "xlsx:Calc MS Excel 2007 XML"
PDF_FILTER = "pdf:calc_pdf_Export"

_ERROR = re.compile(r"^(#(NULL!|DIV/0!|VALUE!|REF!|NAME\?|NUM!|N/A|SPILL!|CALC!)|Err:\d+)$")


class LibreOfficeError(RuntimeError):
    """soffice could not produce the expected output files."""


def soffice_path() -> str | None:
    """The soffice binary (``$SOFFICE`` or ``soffice`` on PATH), or None when absent."""
    return shutil.which(os.environ.get("SOFFICE", "soffice"))


def soffice_available() -> bool:
    """Whether headless LibreOffice can be run here."""
    return soffice_path() is not None


# Mark a test or module as needing LibreOffice; it is skipped, with the reason, without it.
needs_soffice = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(
        not soffice_available(),
        reason="LibreOffice (soffice) is not installed: "
        "apt-get install --no-install-recommends libreoffice-calc-nogui",
    ),
]


def requires_soffice(test):
    """Decorator form of :data:`needs_soffice` for a single test."""
    for mark in needs_soffice:
        test = mark(test)
    return test


def is_error(value: object) -> bool:
    """True for a spreadsheet error value as openpyxl reads it back (``'#N/A'``, ``'Err:502'``)."""
    return isinstance(value, str) and bool(_ERROR.match(value))


# --- the private profile -------------------------------------------------------------

_lock = threading.Lock()
_profile: Path | None = None


def _profile_dir() -> Path:
    """This process's profile directory (created on first use, removed at exit)."""
    global _profile
    if _profile is None:
        _profile = Path(tempfile.mkdtemp(prefix=f"xlbridge-lo-{os.getpid()}-"))
        atexit.register(shutil.rmtree, _profile, True)
    return _profile


def _version(soffice: str) -> str:
    try:
        out = subprocess.run(
            [soffice, "--version"], capture_output=True, text=True, timeout=60, check=False
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
    match = re.search(r"LibreOffice (\d+\.\d+)", out)
    return match[1] if match else ""


def _prepare_profile(profile: Path, soffice: str) -> None:
    xcu = profile / "user" / "registrymodifications.xcu"
    if xcu.exists() and '"OOXMLRecalcMode" oor:op="fuse"><value>0<' in xcu.read_text("utf-8"):
        return
    shutil.rmtree(profile / "user", ignore_errors=True)
    xcu.parent.mkdir(parents=True, exist_ok=True)
    # Recording this version stops 7.x re-running its ~1 s graphics self-test on every start.
    version = _version(soffice)
    setup = (
        '<item oor:path="/org.openoffice.Setup/Product"><prop oor:name="ooSetupLastVersion" '
        f'oor:op="fuse"><value>{version}</value></prop></item>'
        if version
        else ""
    )
    load = "/org.openoffice.Office.Calc/Formula/Load"
    xcu.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        f'<item oor:path="{load}"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">'
        "<value>0</value></prop></item>\n"
        f'<item oor:path="{load}"><prop oor:name="ODFRecalcMode" oor:op="fuse">'
        "<value>0</value></prop></item>\n"
        f"{setup}\n</oor:items>\n",
        "utf-8",
    )


# --- conversions ------------------------------------------------------------------------


def _outputs(paths: Sequence[Path], outdir: Path, ext: str) -> list[Path]:
    outputs = []
    for path in paths:
        if not path.is_file():
            raise FileNotFoundError(path)
        if path.parent.resolve() == outdir.resolve():
            raise ValueError(f"{path}: the output folder must differ from the input's")
        out = outdir / f"{path.stem}.{ext}"
        if out in outputs:
            raise ValueError(f"two inputs would both be written to {out}")
        outputs.append(out)
    return outputs


def _run(soffice: str, profile: Path, args: list[str], timeout: float) -> str:
    """Run soffice in its own process group; kill the whole group on timeout."""
    command = [
        soffice, "--headless", "--invisible", "--nologo", "--norestore", "--nolockcheck",
        "--nodefault", f"-env:UserInstallation={profile.as_uri()}", *args,
    ]
    env = {**os.environ, "HOME": str(profile)}  # keeps soffice's other state out of $HOME
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True, env=env,
    ) as process:
        try:
            out, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return f"soffice timed out after {timeout:g} s"
        return out


def convert(
    paths: Iterable[str | os.PathLike[str]],
    outdir: str | os.PathLike[str],
    filter_name: str,
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> list[Path]:
    """Convert every file in one soffice run; return the outputs, in the inputs' order.

    ``filter_name`` is soffice's ``--convert-to`` argument, e.g. :data:`XLSX_FILTER`.
    Raises :class:`LibreOfficeError` unless every output was freshly written.
    """
    soffice = soffice_path()
    if soffice is None:
        raise LibreOfficeError("soffice not found")
    inputs = [Path(p).resolve() for p in paths]
    if not inputs:
        return []
    out = Path(outdir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    ext = filter_name.split(":", 1)[0]
    outputs = _outputs(inputs, out, ext)
    with _lock:
        profile = _profile_dir()
        with open(profile / ".lock", "w") as lock_file:
            fcntl.flock(lock_file, fcntl.LOCK_EX)
            said = ""
            for _attempt in range(2):
                _prepare_profile(profile, soffice)
                for output in outputs:
                    output.unlink(missing_ok=True)
                said = _run(
                    soffice, profile,
                    ["--convert-to", filter_name, "--outdir", str(out), *map(str, inputs)],
                    timeout,
                )
                if all(o.is_file() and o.stat().st_size > 0 for o in outputs):
                    return outputs
                if "timed out" in said or "could not be loaded" in said:
                    break  # neither gets better with a fresh profile
                shutil.rmtree(profile / "user", ignore_errors=True)
    missing = [o.name for o in outputs if not o.is_file()]
    raise LibreOfficeError(f"soffice did not write {', '.join(missing)}: {said.strip()[-500:]}")


def recalc(
    paths: Iterable[str | os.PathLike[str]],
    outdir: str | os.PathLike[str],
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> list[Path]:
    """Recalculate workbooks in LibreOffice; return ``outdir/<stem>.xlsx`` for each.

    Read the results with ``openpyxl.load_workbook(path, data_only=True)``.
    """
    return convert(paths, outdir, XLSX_FILTER, timeout=timeout)


def to_pdf(
    paths: Iterable[str | os.PathLike[str]],
    outdir: str | os.PathLike[str],
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> list[Path]:
    """Print workbooks to PDF (every visible sheet, following its page setup)."""
    return convert(paths, outdir, PDF_FILTER, timeout=timeout)


# --- reading recalculated workbooks -------------------------------------------------------


class Values:
    """Every computed value of a recalculated workbook, read once (fast, read-only).

    ``read(name)`` gives a defined name's values row by row, like
    ``xlbridge.workbooks.read_named``; ``errors()`` lists every cell holding an error
    value; ``sheets[title][(row, column)]`` is any cell's value.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        import openpyxl
        from openpyxl.utils.cell import range_boundaries

        book = openpyxl.load_workbook(path, data_only=True, read_only=True)
        try:
            self.sheets: dict[str, dict[tuple[int, int], object]] = {}
            for sheet in book.worksheets:
                cells: dict[tuple[int, int], object] = {}
                for r, row in enumerate(sheet.iter_rows(values_only=True), start=1):
                    for c, value in enumerate(row, start=1):
                        if value is not None:
                            cells[r, c] = value
                self.sheets[sheet.title] = cells
            self.names: dict[str, list[tuple[str, tuple[int, int, int, int]]]] = {
                name: [(title, range_boundaries(ref.replace("$", "")))
                       for title, ref in defined.destinations]
                for name, defined in book.defined_names.items()
            }
        finally:
            book.close()

    def read(self, name: str) -> list[object]:
        """The values of a defined name, top to bottom, left to right (None when blank)."""
        values = []
        for title, (min_col, min_row, max_col, max_row) in self.names[name]:
            cells = self.sheets[title]
            for row in range(min_row, max_row + 1):
                values.extend(cells.get((row, col)) for col in range(min_col, max_col + 1))
        return values

    def mismatches(self, name: str, expected: Sequence[object]) -> list[tuple[int, object, object]]:
        """(index, sheet's value, expected) where a name's values differ from ``expected``.

        Cells past the expected ones (rows no result reached) must be blank; numbers
        compare within LibreOffice's 15 significant digits.
        """
        actual = self.read(name)
        padded = [*expected, *[None] * (len(actual) - len(expected))]
        return [(i, a, e) for i, (a, e) in enumerate(zip(actual, padded, strict=True)) if not _same(a, e)]

    def errors(self) -> list[tuple[str, int, int, object]]:
        """(sheet, row, column, value) of every cell showing an error value."""
        return [(title, r, c, v) for title, cells in self.sheets.items()
                for (r, c), v in cells.items() if is_error(v)]


def _same(actual: object, expected: object) -> bool:
    if isinstance(expected, float | int) and isinstance(actual, float | int):
        return math.isclose(actual, expected, rel_tol=1e-12, abs_tol=1e-9)
    return actual == expected


# --- reading PDFs (poppler-utils) ------------------------------------------------------


def _poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        raise LibreOfficeError(f"{tool} not found: apt-get install poppler-utils")
    return found


def pdf_pages(pdf: str | os.PathLike[str]) -> int:
    """The number of pages of a PDF."""
    info = subprocess.run(
        [_poppler("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    match = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    if match is None:
        raise LibreOfficeError(f"pdfinfo found no page count in {pdf}")
    return int(match[1])


@dataclass(frozen=True)
class Word:
    """A word printed on a PDF page, with its box in points from the top left."""

    page: int
    text: str
    x_min: float
    y_min: float
    x_max: float
    y_max: float


@dataclass(frozen=True)
class Page:
    """One PDF page: its size in points and its words."""

    number: int
    width: float
    height: float
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        """The page's words joined by spaces."""
        return " ".join(w.text for w in self.words)


_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.DOTALL)
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


def pdf_words(pdf: str | os.PathLike[str]) -> list[Page]:
    """Every page's size and words with their positions (``pdftotext -bbox``)."""
    import html

    out = subprocess.run(
        [_poppler("pdftotext"), "-bbox", str(pdf), "-"],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    pages = []
    for number, match in enumerate(_PAGE.finditer(out), start=1):
        words = tuple(
            Word(number, html.unescape(w[5]), *(float(w[i]) for i in range(1, 5)))
            for w in _WORD.finditer(match[3])
        )
        pages.append(Page(number, float(match[1]), float(match[2]), words))
    return pages


def to_png(
    pdf: str | os.PathLike[str], outdir: str | os.PathLike[str], *, dpi: int = 60
) -> list[Path]:
    """Render each page of a PDF to ``outdir/<stem>-<n>.png``; return them in page order."""
    pdf = Path(pdf)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob(f"{pdf.stem}-*.png"):
        old.unlink()
    subprocess.run(
        [_poppler("pdftoppm"), "-r", str(dpi), "-png", str(pdf), str(out / pdf.stem)],
        check=True, timeout=300,
    )
    pattern = re.compile(rf"{re.escape(pdf.stem)}-(\d+)\.png$")
    pages = [(int(m[1]), p) for p in out.iterdir() if (m := pattern.match(p.name))]
    return [p for _, p in sorted(pages)]
