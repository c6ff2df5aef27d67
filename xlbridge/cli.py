"""The ``xlbridge`` command: one subcommand per job a director or scorer has.

Each subcommand lives in a module of :mod:`xlbridge.commands` that defines
``register(subparsers)``; the parser sets ``run`` to the function that does the
job and returns the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from . import __version__
from .commands import EXIT_INPUT, EXIT_OK
from .engine import XlbridgeError

# Modules of xlbridge.commands, in the order `xlbridge --help` lists them.
COMMANDS = ("demo", "workbooks", "check", "report", "draw", "export", "import_", "deal", "hands", "seasons", "score",
            "addin", "lite", "serve")

def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="xlbridge",
        description="Contract-bridge scoring for spreadsheets.",
    )
    parser.add_argument("--version", action="version", version=f"xlbridge {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f".commands.{name}", __package__).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status (0 ok, 1 problems found, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_OK
    try:
        return args.run(args)
    except XlbridgeError as error:  # every error xlbridge raises on purpose: one line
        print(f"xlbridge: {error}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        # `xlbridge report x.xlsx | head` closed the pipe: not an error worth a traceback.
        # Point stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except OSError as error:  # the system refused a file the commands did not foresee: still one line
        print(f"xlbridge: {error.filename or 'a file'}: {error.strerror or error}", file=sys.stderr)
        return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())
