"""Print a workbook to PDF with headless LibreOffice, when it is installed.

soffice is run with a private profile in a temporary folder (never the user's
own, which a running LibreOffice may hold), in its own process group so a
timeout can end all of it, and success is judged by the PDF it writes, since
soffice exits 0 even when it could not load a file.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from .. import files
from ..engine.errors import XlbridgeError

TIMEOUT = 180.0
"""Seconds soffice may take; the first start with a new profile takes a few."""

INSTALL_HINT = (
    "install LibreOffice (e.g. apt-get install libreoffice-calc-nogui) "
    "or set SOFFICE to its soffice program"
)


class OfficeError(XlbridgeError):
    """LibreOffice is missing or could not print; the message is one line."""


def soffice() -> str | None:
    """The soffice program (``$SOFFICE``, then ``soffice`` or ``libreoffice`` on PATH)."""
    for candidate in (os.environ.get("SOFFICE"), "soffice", "libreoffice"):
        if candidate and (found := shutil.which(candidate)):
            return found
    return None


def to_pdf(workbook: Path, pdf: Path, *, timeout: float = TIMEOUT, force: bool = False) -> Path:
    """Print ``workbook`` (an .xlsx) to ``pdf``, following its page setup; an existing
    ``pdf`` is replaced only with ``force`` (:func:`xlbridge.files.write`)."""
    program = soffice()
    if program is None:
        raise OfficeError(f"LibreOffice is not installed, so no PDF can be written: {INSTALL_HINT}")
    with tempfile.TemporaryDirectory(prefix="xlbridge-soffice-") as temp:
        profile = Path(temp) / "profile"
        out = Path(temp) / "out"
        out.mkdir()
        command = [
            program, "--headless", "--invisible", "--nologo", "--norestore", "--nolockcheck",
            "--nodefault", f"-env:UserInstallation={profile.as_uri()}",
            "--convert-to", "pdf", "--outdir", str(out), str(workbook.resolve()),
        ]
        # HOME too: soffice keeps other state there, and must not touch the user's.
        env = {**os.environ, "HOME": temp}
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, start_new_session=True, env=env) as process:
            try:
                said, _ = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.communicate()
                raise OfficeError(f"LibreOffice did not finish printing within {timeout:g} s") from None
        written = out / f"{workbook.stem}.pdf"
        if not written.is_file() or written.stat().st_size == 0:
            last = said.strip().splitlines()[-1:] or ["no message"]
            raise OfficeError(f"LibreOffice could not print the report: {last[0][:120]}")
        return files.write(pdf, lambda temp: shutil.copyfile(written, temp), force=force)
