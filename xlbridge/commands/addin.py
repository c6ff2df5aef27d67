"""``xlbridge addin``: set up the classic xlwings add-in (Windows) for the Excel functions.

The add-in reads its settings from the user config file, one ``"KEY","value"``
line each (xlwings/utils.py ``read_user_config``); ``UDF MODULES`` (with a
space) names the module whose functions "Import Functions" brings into Excel.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .. import files
from . import CommandError

UDF_MODULES = "xlbridge.udfs"

STEPS = """\
Still to do by hand, once:
  1. Install the xlwings add-in, if not yet done:   xlwings addin install
  2. In Excel: File > Options > Trust Center > Trust Center Settings > Macro Settings:
     tick "Trust access to the VBA project object model".
  3. Open (or create) the club workbook and save it as .xlsm. In the VBA editor
     (Alt+F11), Tools > References: tick "xlwings".
  4. On the xlwings ribbon tab, click "Import Functions".
Then type =BRIDGESCORE("4S", 10, FALSE) in any cell: it shows 420.
The functions need Windows; on a Mac or Excel on the web use xlwings Lite (xlbridge lite)."""


def default_config() -> Path:
    """Where the add-in looks for the user config: xlwings' own ``USER_CONFIG_FILE``."""
    import xlwings  # only here: importing xlwings is slow and no other command needs it

    return Path(xlwings.USER_CONFIG_FILE)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``addin`` subcommand."""
    parser = subparsers.add_parser(
        "addin",
        help="set up the classic xlwings add-in (Windows) to provide the Excel functions",
        description=(
            f'Write the xlwings add-in\'s user config: "UDF MODULES" = {UDF_MODULES} and the'
            " Python interpreter that runs them, then print the steps left to do in Excel."
        ),
    )
    parser.add_argument(
        "--config", type=Path, metavar="PATH",
        help="config file to write (default: xlwings' user config, ~/.xlwings/xlwings.conf)",
    )
    parser.add_argument(
        "--interpreter", metavar="PATH", default=sys.executable,
        help="Python the add-in starts (default: this one)",
    )
    parser.add_argument(
        "--force", action="store_true",
        help="update an existing config: set these keys, keep its other settings",
    )
    parser.set_defaults(run=run)


def interpreter_key(platform: str = sys.platform) -> str:
    """The add-in's interpreter setting for this platform, as ``xlwings config create`` writes it.

    >>> interpreter_key("win32"), interpreter_key("darwin")
    ('INTERPRETER_WIN', 'INTERPRETER_MAC')
    """
    return "INTERPRETER_MAC" if platform.startswith("darwin") else "INTERPRETER_WIN"


def config_text(settings: dict[str, str], existing: str = "") -> str:
    """The config file: ``existing`` lines for other keys kept, then ``settings``.

    >>> old = '"LICENSE_KEY","abc"\\n"UDF MODULES","x"\\n'
    >>> print(config_text({"UDF MODULES": "xlbridge.udfs"}, old), end="")
    "LICENSE_KEY","abc"
    "UDF MODULES","xlbridge.udfs"
    """
    ours = {key.upper() for key in settings}
    kept = [
        line for line in existing.splitlines()
        if line.strip() and line.split(",")[0].strip().strip('"').upper() not in ours
    ]
    for key, value in settings.items():
        if '"' in value or "\n" in value:
            raise CommandError(f'{key} {value!r}: the config format cannot hold quotes or newlines')
        kept.append(f'"{key}","{value}"')
    return "".join(line + "\n" for line in kept)


# The add-in's VBA reads the file in the system code page, as xlwings writes it;
# surrogateescape carries any other bytes of an existing file through unchanged.
_ENCODING = {"encoding": "locale", "errors": "surrogateescape"}


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` through the one writer (:func:`xlbridge.files.write`: a temp file
    beside ``path``, then a rename), keeping the mode the config had, if any."""
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644

    def fill(temp: Path) -> None:
        temp.write_text(text, **_ENCODING)
        os.chmod(temp, mode)

    files.write(path, fill, force=True)


def run(args: argparse.Namespace) -> int:
    """Write the config (refusing to touch an existing one without --force); print the rest."""
    path: Path = args.config or default_config()
    settings = {interpreter_key(): args.interpreter, "UDF MODULES": UDF_MODULES}
    existing = ""
    with files.locked(path):  # read, merged and written back: one writer at a time
        if path.exists():
            if not args.force:
                raise CommandError(
                    f"{path} exists; rerun with --force to set UDF MODULES and the interpreter"
                    " in it (its other settings are kept)"
                )
            existing = path.read_text(**_ENCODING)
        write_atomically(path, config_text(settings, existing))
    print(f"wrote {path}:")
    for key, value in settings.items():
        print(f'  "{key}","{value}"')
    if not sys.platform.startswith("win"):
        print("note: the classic add-in's functions run only on Windows.")
    print(STEPS)
    return 0
